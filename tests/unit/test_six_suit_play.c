/*
 * test_six_suit_play.c: Six Suit free time and the veto step, refusals
 * (the state stays byte-identical), options, the orbit cap, a wipe-out,
 * recycling, views, move text, the deal order, the view JSON and the
 * bot's choices.  Seeded set-ups, timeouts and whole matches (the bot
 * against random play, random team matches) are in
 * test_six_suit_seeded.c.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "bot.h"
#include "codec.h"
#include "move.h"
#include "test_six_suit.h"

static uint32_t
to_act(const struct six_state *s)
{
	struct game_status	 gs;

	R->status(s, &gs);
	return gs.to_act;
}

static int
nlegal(const struct six_state *s, int seat)
{
	return R->legal(s, seat, NULL, 0);
}

static void
test_free_time_two_players(void **state)
{
	struct six_state	 s;

	(void)state;
	new_game(&s, 2, NULL, 1);
	assert_true(six_free_time(&s));
	set_tops(&s, 1, "1Rc 1Yh 1Gt 1Bs 1Rb 2Yc");
	set_tops(&s, 0, "4Rh 1Bt QGs 2Yb 3Kc 4Gh");
	set_hand(&s, 0, "1Bc 4Rc");
	play(&s, 0, "predict QKb", NULL);
	refused(&s, 0, "play 1Bc on 2Yc", "only on your own piles");
	/* A double match in free time still earns the extra turn. */
	play(&s, 0, "play 4Rc on 4Rh", NULL);
	assert_int_equal(s.turn, 0);
	assert_false(s.natural);
}

static void
veto_position(struct six_state *s, const char *options)
{
	new_game(s, 3, options, 2);
	set_tops(s, 0, "4Rh 1Bt QGs 2Yb 3Kc 4Gh");
	set_tops(s, 1, "1Rc 1Yh 1Gt 1Bs 1Rb 2Yc");
	set_tops(s, 2, "2Gc 3Bs 4Rt QYh 3Bh 2Rt");
	set_hand(s, 0, "1Bc 2Gs");
	play(s, 0, "predict QKb", NULL);
}

static void
test_veto(void **state)
{
	struct six_state	 s, a, t;
	struct game_move	 mv;
	int			 n, before;

	(void)state;
	veto_position(&s, NULL);
	before = nlegal(&s, 0);
	play(&s, 0, "play 1Bc on 2Yc @1", NULL);
	assert_int_equal(s.phase, SIX_PHASE_VETO);
	assert_int_equal(to_act(&s), 1u << 1);
	assert_int_equal(nlegal(&s, 1), 2);
	assert_int_equal(nlegal(&s, 0), 0);
	refused(&s, 0, "accept", "Seat 1 must first accept or reject");
	refused(&s, 1, "discard 1Rc", "\"accept\" or \"reject\"");
	/* The deadline passes: reject. */
	assert_int_equal(R->timeout_move(&s, 1, &mv), GAME_OK);
	assert_int_equal(mv.verb, SIX_REJECT);
	assert_int_equal(R->timeout_move(&s, 0, &mv), GAME_REFUSED);

	/* Accepted: the card lands; a six suit in free time eliminates nobody. */
	a = s;
	play(&a, 1, "accept", NULL);
	assert_int_equal(a.top[1][5], card("1Bc"));
	assert_true(six_is_six_suit(a.top[1]));
	assert_true(a.alive & 2u);
	assert_int_equal(a.turn, 1);

	/* Rejected: the card stays; no second proposal to seat 1 this turn. */
	play(&s, 1, "reject", NULL);
	assert_int_equal(s.phase, SIX_PHASE_PLAY);
	assert_int_equal(s.turn, 0);
	assert_int_equal(s.nhand[0], a.nhand[0] + 1);
	refused(&s, 0, "play 1Bc on 2Yc", "Seat 1 already refused");
	n = nlegal(&s, 0);
	assert_true(n < before);
	t = s;
	play(&t, 0, "play 2Gs on 2Gc @2", NULL);
	assert_int_equal(t.phase, SIX_PHASE_VETO);
	assert_int_equal(to_act(&t), 1u << 2);
	/* A new turn forgets the refusals. */
	play(&s, 0, "discard 2Gs", NULL);
	assert_int_equal(s.vetoed, 0);

	/* veto=0: no free-time plays on others at all. */
	veto_position(&s, "veto=0");
	refused(&s, 0, "play 1Bc on 2Yc", "only on your own piles");
	assert_false(s.veto);
}

/*
 * A drawn card shown to all, and a play refused under veto, stay
 * public while the seat holds them: every view and the JSON keep them,
 * turns later, until the card leaves the hand face up.
 */
static void
test_known_cards(void **state)
{
	struct six_state	 s, v;
	struct json_object	*o, *players, *known;
	char			 why[GAME_WHY_MAX] = "", text[32];
	char			 tok[CARD_TEXT_MAX];
	card_t			 shown = card("3Bh");

	(void)state;
	new_game(&s, 2, NULL, 1);
	stock_top(&s, "3Bh");
	play(&s, 0, "predict 3Bc", NULL);
	assert_true(s.shown);
	assert_true(six_known_has(s.known[0], shown));
	/* Discard the other card: the shown one stays in hand, known. */
	card_format(CARD_TT, s.hands[0][0] == shown ? s.hands[0][1] :
	    s.hands[0][0], tok);
	snprintf(text, sizeof(text), "discard %s", tok);
	play(&s, 0, text, NULL);
	predict_discard(&s, 1, NULL);
	assert_int_equal(s.turn, 0);
	R->view(&s, 1, &v);
	if (R->audit_view(&s, &v, 1, why) != 0)
		fail_msg("view: %s", why);
	assert_true(six_known_has(v.known[0], shown));
	assert_int_equal(v.hands[0][0], CARD_NONE);
	o = codec_view_json(R, &v);
	assert_true(json_object_object_get_ex(o, "players", &players));
	known = json_object_object_get(json_object_array_get_idx(players, 0),
	    "known");
	assert_int_equal(json_object_array_length(known), 1);
	assert_string_equal(json_object_get_string(json_object_array_get_idx(
	    known, 0)), "3Bh");
	json_object_put(o);
	/* A view that hides it is caught. */
	memset(v.known, 0, sizeof(v.known));
	assert_int_equal(R->audit_view(&s, &v, 1, why), -1);
	/* Played or discarded, it is no longer known. */
	play(&s, 0, "predict QKb", NULL);
	play(&s, 0, "discard 3Bh", NULL);
	assert_false(six_known_has(s.known[0], shown));

	/* Refused under veto: the card stays in hand, known to all. */
	veto_position(&s, NULL);
	play(&s, 0, "play 1Bc on 2Yc @1", NULL);
	assert_true(six_known_has(s.known[0], card("1Bc")));
	play(&s, 1, "reject", NULL);
	play(&s, 0, "discard 2Gs", NULL);
	assert_true(six_known_has(s.known[0], card("1Bc")));
	R->view(&s, 2, &v);
	assert_true(six_known_has(v.known[0], card("1Bc")));
}

static void
test_free_time_length(void **state)
{
	struct six_state	 s;
	int			 i;

	(void)state;
	new_game(&s, 3, NULL, 2);
	for (i = 0; i < 6; i++) {
		assert_true(six_free_time(&s));
		predict_discard(&s, s.turn, NULL);
	}
	assert_int_equal(s.nat, 7);
	assert_false(six_free_time(&s));
}

static void
test_refusals(void **state)
{
	struct six_state	 s, v;
	struct game_move	 mv;
	char			 why[GAME_WHY_MAX];

	(void)state;
	new_game(&s, 3, NULL, 2);
	past_free_time(&s);
	set_tops(&s, 1, "1Rc 1Yh 1Gt 1Bs 1Rb 2Yc");
	set_hand(&s, 0, "3Bt 4Gh");
	refused(&s, 1, "predict 1Rc", "It is not your turn: seat 0");
	refused(&s, 0, "discard 3Bt", "First declare your prediction");
	refused(&s, 0, "accept", "First declare");
	refused(&s, 7, "predict 1Rc", "There is no seat 7");
	play(&s, 0, "predict QKb", NULL);
	refused(&s, 0, "predict 1Rc", "already predicted");
	refused(&s, 0, "play 2Rc on 1Rc", "You do not hold 2Rc");
	refused(&s, 0, "play 3Bt on 1Rc", "share no number, color or suit");
	refused(&s, 0, "play 3Bt on 1Gt @2", "lies on seat 1's pile");
	refused(&s, 0, "play 3Bt on 3Bs", "not the top card");
	refused(&s, 0, "discard 1Rc", "You do not hold 1Rc");
	refused(&s, 0, "pass", "only with no hidden card");
	refused(&s, 0, "accept", "no play waiting");
	/* A play needs its target; a view is no state. */
	move_clear(&mv);
	mv.verb = SIX_PLAY;
	move_add_card(&mv, card("3Bt"), 0);
	assert_int_equal(R->apply(&s, &v, 0, &mv, NULL, why), GAME_REFUSED);
	assert_non_null(strstr(why, "Name the top card"));
	R->view(&s, 0, &v);
	parse_move("discard 3Bt", &mv);
	refused(&v, 0, "discard 3Bt", "not a Six Suit game state");
	play(&s, 0, "play 3Bt on 1Gt @1", NULL);
	assert_int_equal(s.top[1][2], card("3Bt"));
	assert_int_equal(s.depth[1][2], 1);
}

static void
test_options(void **state)
{
	static const char *const bad[] = {
		"teams=3", "teams=1", "teams=5", "deals=0", "deals=25",
		"veto=2", "orbit_cap=2", "orbit_cap=1001", "colour=red",
		"teams=x",
	};
	struct six_state	 s;
	struct game_setup	 su = { 4, NULL, NULL, -1 };
	struct game_status	 gs;
	char			 why[GAME_WHY_MAX];
	size_t			 i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		su.options = bad[i];
		why[0] = '\0';
		if (R->setup(&s, &su, why) != GAME_BAD_OPTIONS)
			fail_msg("options \"%s\" accepted", bad[i]);
		assert_true(why[0] != '\0');
	}
	su.options = NULL;
	su.nseats = 1;
	assert_int_equal(R->setup(&s, &su, why), GAME_BAD_OPTIONS);
	su.nseats = 13;
	assert_int_equal(R->setup(&s, &su, why), GAME_BAD_OPTIONS);
	su.nseats = 4;
	su.dealer = 4;
	assert_int_equal(R->setup(&s, &su, why), GAME_BAD_OPTIONS);
	new_game(&s, 12, "teams=4 deals=2 veto=0 orbit_cap=5", -1);
	assert_int_equal(s.nfactions, 4);
	assert_int_equal(s.ndeals, 2);
	assert_int_equal(s.veto, 0);
	assert_int_equal(s.orbit_cap, 5);
	assert_int_equal(six_team(&s, 9), 1);
	R->status(&s, &gs);
	assert_int_equal(gs.nteams, 4);
	assert_int_equal(s.nstock, SIX_DECK - 12 * 7);
	new_game(&s, 6, NULL, -1);
	assert_int_equal(s.nfactions, 6);
	assert_int_equal(s.ndeals, 6);
	assert_int_equal(s.orbit_cap, SIX_ORBIT_CAP_DEFAULT);
	R->status(&s, &gs);
	assert_int_equal(gs.nteams, 0);
}

/* orbit_cap=3: a deal with no fall ends after 3 orbits, no bonus. */
static void
test_orbit_cap_and_deals(void **state)
{
	struct six_state	 s, next;
	struct game_events	 ev;
	struct game_status	 gs;
	card_t			 deck[SIX_DECK];
	char			 why[GAME_WHY_MAX];
	int			 i;

	(void)state;
	new_game(&s, 2, "orbit_cap=3 deals=2", 1);
	for (i = 0; i < 6; i++) {
		memset(&ev, 0, sizeof(ev));
		predict_discard(&s, s.turn, &ev);
		assert_int_equal(ev.n, i == 5);
	}
	assert_string_equal(ev.ev[0].kind, "cap");
	assert_int_equal(ev.ev[0].hand, 1);
	R->status(&s, &gs);
	assert_true(gs.needs_deck);
	assert_int_equal(gs.hand, 2);
	assert_int_equal(gs.dealer, 0);
	check_audit(&s);
	deck_fill(DECK_TT_FULL, 1, deck);
	deck[3] = deck[4];
	assert_int_equal(R->deal(&s, &next, deck, SIX_DECK, why), GAME_REFUSED);
	assert_int_equal(R->deal(&s, &next, deck, 64, why), GAME_REFUSED);
	deck_fill(DECK_TT_FULL, 1, deck);
	assert_int_equal(R->deal(&s, &next, deck, SIX_DECK, why), GAME_OK);
	s = next;
	assert_int_equal(s.turn, 1);	/* left of the new dealer */
	for (i = 0; i < 6; i++)
		predict_discard(&s, s.turn, &ev);
	assert_true(s.over);
	assert_int_equal(s.winners, 3u);	/* 0 : 0, a shared win */
	assert_int_equal(R->deal(&s, &next, deck, SIX_DECK, why), GAME_REFUSED);
	refused(&s, 0, "predict 1Rc", "The game is over");
}

/* A ghost eliminates the last living player: the deal ends at once. */
static void
test_wipeout(void **state)
{
	struct six_state	 s;
	struct game_events	 ev;

	(void)state;
	new_game(&s, 2, "deals=1", 1);
	past_free_time(&s);
	set_tops(&s, 0, "2Rc 2Yh 2Gt 2Bs 2Rb 3Yc");
	set_tops(&s, 1, "1Rc 1Yh 1Gt 1Bs 1Rb 2Yc");
	set_hand(&s, 0, "1Bc");
	play(&s, 0, "predict QKb", NULL);
	play(&s, 0, "play 1Bc on 2Yc", &ev);
	assert_int_equal(ev.ev[0].delta[0], 2 + 1);
	assert_int_equal(s.final_left, 4);
	set_hand(&s, 1, "2Bc");
	play(&s, 1, "predict QKb", NULL);
	play(&s, 1, "play 2Bc on 3Yc", &ev);
	assert_int_equal(ev.n, 2);
	assert_string_equal(ev.ev[0].kind, "elimination");
	assert_int_equal(ev.ev[0].delta[1], 1);	/* 2 - 2 + 1, nobody survives */
	assert_string_equal(ev.ev[1].kind, "wipeout");
	assert_int_equal(ev.ev[1].delta[0], 0);
	assert_true(s.over);
	assert_int_equal(score_of(&s, 0), 3);
	assert_int_equal(score_of(&s, 1), 1);
	assert_int_equal(s.winners, 1u);
}

static void
test_recycling(void **state)
{
	struct six_state	 s;
	struct game_move	 mv;
	card_t			 c, low = CARD_NONE;
	int			 i, j;

	(void)state;
	new_game(&s, 2, NULL, 1);
	set_top(&s, 0, 0, card("4Rh"));
	set_hand(&s, 0, "4Rc");
	play(&s, 0, "predict QKb", NULL);
	play(&s, 0, "play 4Rc on 4Rh", NULL);	/* 4Rh is buried */
	while (s.nstock > 0) {
		c = s.stock[s.nstock - 1];
		pull(&s, c);
		s.center[s.ncenter++] = c;
	}
	for (i = 0; i < s.ncenter; i++)
		if (s.center[i] < low)
			low = s.center[i];
	if (card("4Rh") < low)
		low = card("4Rh");
	check_audit(&s);
	force_turn(&s, 1);
	play(&s, 1, "predict QKb", NULL);
	assert_int_equal(s.drawn[0], low);	/* id order, lowest on top */
	assert_int_equal(s.nunder, 0);
	assert_int_equal(s.ncenter, 0);
	assert_int_equal(s.depth[0][0], 0);

	/* Hidden hands hold every other card: nothing to draw, so pass. */
	new_game(&s, 2, NULL, 1);
	set_hand(&s, 0, "");
	while (s.nstock > 0) {
		c = s.stock[s.nstock - 1];
		pull(&s, c);
		j = s.nhand[1]++;
		for (; j > 0 && s.hands[1][j - 1] > c; j--)
			s.hands[1][j] = s.hands[1][j - 1];
		s.hands[1][j] = c;
	}
	check_audit(&s);
	play(&s, 0, "predict QKb", NULL);
	assert_int_equal(s.ndrawn, 0);
	assert_int_equal(nlegal(&s, 0), 1);
	assert_int_equal(R->timeout_move(&s, 0, &mv), GAME_OK);
	assert_int_equal(mv.verb, SIX_PASS);
	play(&s, 0, "pass", NULL);
	assert_int_equal(s.turn, 1);
}

static void
test_views(void **state)
{
	struct six_state	 s, v, w;
	struct game_move	 a[GAME_LEGAL_MAX / 4], b[GAME_LEGAL_MAX / 4];
	struct json_object	*o, *players, *p;
	char			 why[GAME_WHY_MAX] = "";
	int			 seat, n;

	(void)state;
	new_game(&s, 3, NULL, 2);
	play(&s, 0, "predict 1Rc", NULL);
	for (seat = GAME_VIEW_ALL; seat < 3; seat++) {
		R->view(&s, seat, &v);
		if (R->audit_view(&s, &v, seat, why) != 0)
			fail_msg("view %d: %s", seat, why);
		assert_int_equal(v.viewer, seat == GAME_VIEW_ALL ?
		    GAME_VIEW_SPECTATOR : seat);
		assert_int_equal(v.nhand[1], s.nhand[1]);
		assert_int_equal(v.hands[1][0], seat == 1 ? s.hands[1][0] :
		    CARD_NONE);
		assert_int_equal(v.stock[0], CARD_NONE);
		assert_int_equal(v.rng.counter, 0);
		assert_int_equal(v.top[2][0], s.top[2][0]);
	}
	/* A leaky view is caught. */
	R->view(&s, 1, &v);
	w = v;
	w.hands[0][0] = s.hands[0][0];
	assert_int_equal(R->audit_view(&s, &w, 1, why), -1);
	w = v;
	w.stock[3] = s.stock[3];
	assert_int_equal(R->audit_view(&s, &w, 1, why), -1);
	/* The actor's view lists the same moves as the state. */
	R->view(&s, 0, &v);
	n = R->legal(&s, 0, a, GAME_LEGAL_MAX / 4);
	assert_int_equal(R->legal(&v, 0, b, GAME_LEGAL_MAX / 4), n);
	assert_memory_equal(a, b, (size_t)n * sizeof(a[0]));
	R->view(&s, 1, &v);
	assert_int_equal(R->legal(&v, 0, b, GAME_LEGAL_MAX / 4), 0);
	/* JSON: the viewer's own hand only. */
	R->view(&s, 0, &v);
	o = codec_view_json(R, &v);
	assert_non_null(o);
	assert_true(json_object_object_get_ex(o, "players", &players));
	assert_int_equal(json_object_array_length(players), 3);
	p = json_object_array_get_idx(players, 0);
	assert_true(json_object_object_get_ex(p, "hidden", NULL));
	assert_non_null(json_object_object_get(p, "hidden"));
	p = json_object_array_get_idx(players, 1);
	assert_null(json_object_object_get(p, "hidden"));
	assert_int_equal(json_object_get_int(json_object_object_get(p,
	    "hidden_count")), s.nhand[1]);
	assert_string_equal(json_object_get_string(json_object_object_get(o,
	    "phase")), "play");
	json_object_put(o);
}

static void
test_text(void **state)
{
	static const char *const good[][2] = {
		{ "predict 2Bc", "predict 2Bc" },
		{ "PREDICT qkb", "predict QKb" },
		{ "play 3Rh on 4Rt", "play 3Rh on 4Rt" },
		{ "play 3rh on 4rt @2", "play 3Rh on 4Rt @2" },
		{ "discard QKb", "discard QKb" },
		{ "pass", "pass" }, { "accept", "accept" }, { "reject", "reject" },
	};
	static const char *const bad[] = {
		"predict", "predict 2Bc 3Bc", "play 3Rh", "play 3Rh 4Rt",
		"discard", "discard 3Rh on 4Rt", "pass 3Rh", "accept @1",
		"play JK1 on 4Rt", "discard 3Rh=2", "knock 3Rh", "play 3Rh on",
		"predict 2Bc | 3Bc", "discard 3Rh 7",
	};
	struct game_move	 mv;
	char			 buf[GAME_MOVE_TEXT_MAX], why[GAME_WHY_MAX];
	size_t			 i;

	(void)state;
	for (i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		parse_move(good[i][0], &mv);
		R->format(&mv, buf, sizeof(buf));
		assert_string_equal(buf, good[i][1]);
	}
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		why[0] = '\0';
		if (R->parse(bad[i], &mv, why) != GAME_BAD_TEXT)
			fail_msg("\"%s\" parsed", bad[i]);
		assert_true(why[0] != '\0');
	}
}

/* Decks mode deals one card at a time from the seat after the dealer. */
static void
test_deal_order(void **state)
{
	struct six_state	 s;

	(void)state;
	new_game(&s, 3, NULL, 2);
	assert_int_equal(s.top[0][0], 0);
	assert_int_equal(s.top[1][0], 1);
	assert_int_equal(s.top[2][0], 2);
	assert_int_equal(s.top[0][1], 3);
	assert_int_equal(s.top[2][5], 17);
	assert_int_equal(s.hands[0][0], 18);
	assert_int_equal(s.hands[2][0], 20);
	assert_int_equal(s.stock[s.nstock - 1], 21);
	assert_int_equal(s.nstock, SIX_DECK - 21);
	assert_int_equal(s.turn, 0);
	assert_int_equal(s.nat, 1);
	assert_true(s.natural);
}

/* The bot takes an elimination and vetoes a harmful free-time play. */
static void
test_bot_choices(void **state)
{
	struct six_state	 s, v;
	struct game_move	 mv;
	uint8_t			 noise[32];
	char			 buf[GAME_MOVE_TEXT_MAX];

	(void)state;
	memset(noise, 3, sizeof(noise));
	new_game(&s, 3, NULL, 2);
	past_free_time(&s);
	set_tops(&s, 0, "4Rh 1Bt QGs 2Yb 3Kc 4Gh");
	set_tops(&s, 1, "1Rc 1Yh 1Gt 1Bs 1Rb 2Yc");
	set_tops(&s, 2, "2Gc 3Bs 4Rt QYh 3Bh 2Rt");
	set_hand(&s, 0, "1Bc 3Rt 4Ys");
	play(&s, 0, "predict QKb", NULL);
	R->view(&s, 0, &v);
	assert_int_equal(six_bot_choose(&v, 0, noise, &mv), GAME_OK);
	R->format(&mv, buf, sizeof(buf));
	assert_string_equal(buf, "play 1Bc on 2Yc @1");
	assert_int_equal(six_bot_choose(&v, 1, noise, &mv), GAME_REFUSED);

	veto_position(&s, NULL);
	play(&s, 0, "play 1Bc on 2Yc @1", NULL);	/* a six suit for seat 1 */
	R->view(&s, 1, &v);
	assert_int_equal(six_bot_choose(&v, 1, noise, &mv), GAME_OK);
	assert_int_equal(mv.verb, SIX_REJECT);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_free_time_two_players),
		cmocka_unit_test(test_veto),
		cmocka_unit_test(test_known_cards),
		cmocka_unit_test(test_free_time_length),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_options),
		cmocka_unit_test(test_orbit_cap_and_deals),
		cmocka_unit_test(test_wipeout),
		cmocka_unit_test(test_recycling),
		cmocka_unit_test(test_views),
		cmocka_unit_test(test_text),
		cmocka_unit_test(test_deal_order),
		cmocka_unit_test(test_bot_choices),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
