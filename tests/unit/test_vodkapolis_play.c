/*
 * test_vodkapolis_play.c: Vodkapolis 500 takes and their obligation
 * (V-6), undo, keeping a card, timeouts, views, move text, options,
 * seeded deals, the view JSON and random play with every self-check.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "card.h"
#include "codec.h"
#include "game.h"
#include "rng.h"
#include "vodkapolis.h"

static const struct game_rules *const R = &vp_rules;

static card_t
card(const char *tok)
{
	card_t	 c = card_parse(CARD_TT, tok, NULL);

	assert_int_not_equal(c, CARD_NONE);
	return c;
}

static int
card_list(const char *text, card_t *out)
{
	const char	*p = text, *end;
	int		 n = 0;

	while (p != NULL && *p != '\0') {
		while (*p == ' ')
			p++;
		if (*p == '\0')
			break;
		out[n] = card_parse(CARD_TT, p, &end);
		assert_int_not_equal(out[n], CARD_NONE);
		n++;
		p = end;
	}
	return n;
}

static void
check_audit(const struct vp_state *s)
{
	char	 why[GAME_WHY_MAX] = "";

	if (R->audit(s, why) != 0)
		fail_msg("audit: %s", why);
}

/*
 * A position of nseats: hands (sorted here), melds "O>T cards", the
 * chain oldest first, the stock top first; the other cards at the
 * bottom of the stock.
 */
static void
build(struct vp_state *s, int nseats, int turn, const char *const *hands,
    const char *const *melds, const char *chain, const char *stock)
{
	struct game_setup	 su = { nseats, NULL, NULL, 0 };
	card_t			 c[VP_DECK], t;
	uint8_t			 used[VP_DECK];
	char			 why[GAME_WHY_MAX] = "";
	struct vp_meld		*m;
	int			 i, j, k, n;

	if (R->setup(s, &su, why) != GAME_OK)
		fail_msg("setup: %s", why);
	memset(used, 0, sizeof(used));
	for (i = 0; i < nseats; i++) {
		n = card_list(hands[i], c);
		for (j = 1; j < n; j++)
			for (k = j; k > 0 && c[k - 1] > c[k]; k--) {
				t = c[k];
				c[k] = c[k - 1];
				c[k - 1] = t;
			}
		for (j = 0; j < n; j++) {
			assert_int_equal(used[c[j]]++, 0);
			s->hands[i][j] = c[j];
		}
		s->nhand[i] = (uint8_t)n;
	}
	for (i = 0; melds != NULL && melds[i] != NULL; i++) {
		m = &s->melds[s->nmelds++];
		m->originator = (uint8_t)(melds[i][0] - '0');
		m->target = (uint8_t)(melds[i][2] - '0');
		m->ncards = (uint8_t)card_list(melds[i] + 3, m->cards);
		for (j = 0; j < m->ncards; j++)
			assert_int_equal(used[m->cards[j]]++, 0);
	}
	n = card_list(chain, c);
	for (j = 0; j < n; j++) {
		assert_int_equal(used[c[j]]++, 0);
		s->chain[s->nchain++] = c[j];
	}
	n = card_list(stock, c);
	for (j = 0; j < n; j++)
		assert_int_equal(used[c[j]]++, 0);
	for (i = 0; i < VP_DECK; i++)
		if (!used[i])
			s->stock[s->nstock++] = (card_t)i;
	for (j = n - 1; j >= 0; j--)
		s->stock[s->nstock++] = c[j];
	s->phase = VP_PHASE_DRAW;
	s->turn = (uint8_t)turn;
	check_audit(s);
}

static void
parse(const char *text, struct game_move *mv)
{
	char	 why[GAME_WHY_MAX] = "";

	if (R->parse(text, mv, why) != GAME_OK)
		fail_msg("parse \"%s\": %s", text, why);
}

static void
play(struct vp_state *s, int seat, const char *text, struct game_events *ev)
{
	struct game_events	 local;
	struct game_move	 mv;
	struct vp_state		 next;
	char			 why[GAME_WHY_MAX] = "";

	parse(text, &mv);
	if (R->apply(s, &next, seat, &mv, ev != NULL ? ev : &local, why) !=
	    GAME_OK)
		fail_msg("seat %d \"%s\" refused: %s", seat, text, why);
	*s = next;
	check_audit(s);
}

static void
refused(const struct vp_state *s, int seat, const char *text,
    const char *want)
{
	struct game_events	 ev;
	struct game_move	 mv;
	struct vp_state		 copy, next;
	char			 why[GAME_WHY_MAX] = "";

	parse(text, &mv);
	memcpy(&copy, s, sizeof(copy));
	assert_int_equal(R->apply(s, &next, seat, &mv, &ev, why),
	    GAME_REFUSED);
	assert_memory_equal(s, &copy, sizeof(copy));
	if (strstr(why, want) == NULL)
		fail_msg("\"%s\": reason \"%s\" lacks \"%s\"", text, why, want);
}

static int
is_legal(const struct vp_state *s, int seat, const char *text)
{
	struct game_move	 moves[GAME_LEGAL_MAX];
	char			 buf[GAME_MOVE_TEXT_MAX];
	int			 i, n;

	n = R->legal(s, seat, moves, GAME_LEGAL_MAX);
	assert_true(n <= GAME_LEGAL_MAX);
	for (i = 0; i < n; i++) {
		R->format(&moves[i], buf, sizeof(buf));
		if (strcmp(buf, text) == 0)
			return 1;
	}
	return 0;
}

static void
timeout_text(const struct vp_state *s, int seat, char *buf, size_t sz)
{
	struct game_move	 mv;

	assert_int_equal(R->timeout_move(s, seat, &mv), GAME_OK);
	R->format(&mv, buf, sz);
}

/* V-6: a take is legal only if the taken card can be melded this turn. */
static void
test_v6_take_legality(void **state)
{
	const char *const	 h1[] = { "1Rc 2Yh", "1Yc", "1Gc" };
	const char *const	 h2[] = { "4Gc 4Gh", "1Yc", "1Gc" };
	const char *const	 h3[] = { "4Gc 4Gh 1Rc", "1Yc", "1Gc" };
	struct vp_state		 s;
	struct game_events	 ev;
	char			 buf[GAME_MOVE_TEXT_MAX];

	(void)state;
	build(&s, 3, 0, h1, NULL, "2Bs 4Gt", NULL);
	refused(&s, 0, "take 4Gt", "only if you can meld it");
	refused(&s, 0, "take 2Bs", "only if you can meld it");
	assert_false(is_legal(&s, 0, "take 4Gt"));
	assert_true(is_legal(&s, 0, "draw"));
	build(&s, 3, 0, h2, NULL, "2Bs 4Gt", NULL);
	refused(&s, 0, "take 4Gt", "keep a card");
	assert_false(is_legal(&s, 0, "take 4Gt"));
	build(&s, 3, 0, h3, NULL, "2Bs 4Gt", NULL);
	assert_true(is_legal(&s, 0, "take 4Gt"));
	/* Taking 2Bs brings 4Gt along, but 2Bs itself cannot be melded. */
	assert_false(is_legal(&s, 0, "take 2Bs"));
	play(&s, 0, "take 4Gt", NULL);
	assert_int_equal(s.nchain, 1);
	assert_true(vp_obliged(&s));
	refused(&s, 0, "discard 1Rc", "before you discard");
	refused(&s, 0, "undo", "never undone");
	/* The timeout lays the meld before the first seat to the left. */
	timeout_text(&s, 0, buf, sizeof(buf));
	assert_string_equal(buf, "meld 4Gc 4Gh 4Gt @1");
	play(&s, 0, buf, NULL);
	assert_false(vp_obliged(&s));
	timeout_text(&s, 0, buf, sizeof(buf));
	assert_string_equal(buf, "discard 1Rc");
	play(&s, 0, buf, &ev);
	assert_string_equal(ev.ev[0].kind, "out");
	assert_int_equal(ev.ev[0].delta[1], 5 + 15);
}

/* Every action after a take must keep the obligation possible; undo. */
static void
test_obligation_and_undo(void **state)
{
	const char *const	 h[] = { "1Rc 1Rh 2Yc 2Yh", "1Yc", "1Gc" };
	const char *const	 m[] = { "1>2 3Bs 4Bs QBs", NULL };
	struct vp_state		 s, before;
	char			 buf[GAME_MOVE_TEXT_MAX];

	(void)state;
	build(&s, 3, 0, h, m, "2Bs 1Rs 2Yt", NULL);
	play(&s, 0, "take 1Rs", NULL);
	assert_int_equal(s.nhand[0], 6);
	assert_int_equal(s.nchain, 1);
	assert_int_equal(s.taken, card("1Rs"));
	before = s;
	/* The yellow 2s would leave 1Rs with too few cards to meld. */
	refused(&s, 0, "meld 2Yc 2Yh 2Yt @1", "no longer meld 1Rs");
	assert_false(is_legal(&s, 0, "meld 2Yc 2Yh 2Yt @1"));
	assert_false(is_legal(&s, 0, "discard 2Yc"));
	assert_true(is_legal(&s, 0, "meld 1Rc 1Rh 1Rs @1"));
	play(&s, 0, "meld 1Rh 1Rs 1Rc @1", NULL);
	assert_false(vp_obliged(&s));
	/* Melds are stored sorted: the first card names the meld. */
	assert_int_equal(s.melds[1].cards[0], card("1Rc"));
	/* Three cards left: melding them all would leave none to discard. */
	refused(&s, 0, "meld 2Yc 2Yh 2Yt @2", "keep a card");
	assert_true(is_legal(&s, 0, "discard 2Yt"));
	play(&s, 0, "undo", NULL);
	assert_memory_equal(&s, &before, sizeof(s));
	assert_true(vp_obliged(&s));
	refused(&s, 0, "undo", "never undone");
	refused(&s, 0, "draw", "already drawn");
	timeout_text(&s, 0, buf, sizeof(buf));
	assert_string_equal(buf, "meld 1Rc 1Rh 1Rs @1");
}

/* Keep a card; extend to 5; the timeout prefers the oldest extension. */
static void
test_keep_a_card_and_extensions(void **state)
{
	const char *const	 h[] = { "1Bs QRc", "1Yc", "1Gc" };
	const char *const	 m[] = { "1>2 3Bs 4Bs QBs", "2>0 1Rt 1Rs 1Rb",
	    "2>1 1Rc 2Rc 3Rc", NULL };
	struct vp_state		 s;
	struct game_events	 ev;
	char			 buf[GAME_MOVE_TEXT_MAX];

	(void)state;
	build(&s, 3, 0, h, m, "1Rh", "2Bs");
	play(&s, 0, "take 1Rh", NULL);
	/* 1Rh fits only the 1R* meld; the *Rc meld is not its line. */
	timeout_text(&s, 0, buf, sizeof(buf));
	assert_string_equal(buf, "add 1Rh on 1Rt");
	assert_false(is_legal(&s, 0, "add 1Rh on 1Rc"));
	play(&s, 0, buf, NULL);
	play(&s, 0, "add 1Bs on 3Bs", NULL);
	refused(&s, 0, "add QRc on 1Rc", "keep a card");
	refused(&s, 0, "meld 1Yc 2Yc 3Yc @1", "do not hold");
	refused(&s, 1, "discard 1Yc", "not your turn");
	timeout_text(&s, 0, buf, sizeof(buf));
	assert_string_equal(buf, "discard QRc");
	play(&s, 0, buf, &ev);
	assert_string_equal(ev.ev[0].kind, "out");

	/* Seat 1 draws 2Bs; the timeout discards the card drawn. */
	build(&s, 3, 1, h, m, "1Rh", "2Bs");
	timeout_text(&s, 1, buf, sizeof(buf));
	assert_string_equal(buf, "draw");
	play(&s, 1, buf, NULL);
	assert_int_equal(s.drawn, card("2Bs"));
	timeout_text(&s, 1, buf, sizeof(buf));
	assert_string_equal(buf, "discard 2Bs");
	play(&s, 1, "add 2Bs on 3Bs", NULL);
	assert_int_equal(s.melds[0].ncards, 4);
	refused(&s, 1, "add 1Yc on 3Bs", "not on that meld's line");
	timeout_text(&s, 1, buf, sizeof(buf));
	assert_string_equal(buf, "discard 1Yc");
	assert_int_equal(R->timeout_move(&s, 0, &(struct game_move){ 0 }),
	    GAME_REFUSED);
}

/* Views hide the other hands, the stock and a card drawn from it. */
static void
test_views(void **state)
{
	const char *const	 h[] = { "1Bs QRh", "1Yc 2Yc", "1Gc" };
	struct vp_state		 s, v;
	struct game_move	 moves[GAME_LEGAL_MAX];
	struct json_object	*o;
	const char		*js;
	char			 why[GAME_WHY_MAX];
	int			 viewer, i;

	(void)state;
	build(&s, 3, 0, h, NULL, "1Rh", "2Bs");
	play(&s, 0, "draw", NULL);
	for (viewer = GAME_VIEW_ALL; viewer < 3; viewer++) {
		R->view(&s, viewer, &v);
		if (R->audit_view(&s, &v, viewer, why) != 0)
			fail_msg("viewer %d: %s", viewer, why);
		for (i = 0; i < VP_DECK; i++)
			assert_int_equal(v.stock[i], CARD_NONE);
		assert_int_equal(v.nstock, s.nstock);
		assert_int_equal(v.drawn, viewer == 0 ? card("2Bs") :
		    CARD_NONE);
		assert_int_equal(v.hands[1][0], viewer == 1 ? card("1Yc") :
		    CARD_NONE);
		assert_int_equal(v.hands[0][0], viewer == 0 ? s.hands[0][0] :
		    CARD_NONE);
		/* Only the seat to act, in its own view, has moves. */
		assert_int_equal(R->legal(&v, 0, moves, GAME_LEGAL_MAX) > 0,
		    viewer == 0);
		o = codec_view_json(R, &v);
		assert_non_null(o);
		js = json_object_to_json_string(o);
		assert_non_null(strstr(js, "\"chain\": [ \"1Rh\" ]"));
		assert_true((strstr(js, "2Bs") != NULL) == (viewer == 0));
		json_object_put(o);
	}
	/* A doctored view that shows a hidden card fails the check. */
	R->view(&s, 1, &v);
	v.hands[0][0] = s.hands[0][0];
	assert_int_equal(R->audit_view(&s, &v, 1, why), -1);
	/* A view cannot be played on. */
	R->view(&s, 0, &v);
	parse("discard 1Bs", &moves[0]);
	assert_int_equal(R->apply(&v, &s, 0, &moves[0], NULL, why),
	    GAME_REFUSED);
}

/* Move text round-trips; bad text is refused with a sentence. */
static void
test_text(void **state)
{
	static const char *const good[] = { "draw", "take 3Rh", "undo",
	    "meld 1Rh 2Rh 3Rh @2", "add 4Rh on 1Rh", "discard 4Bc",
	    "meld QKb QKs QKt @5", NULL };
	static const char *const bad[] = { "meld 1Rh 2Rh 3Rh", "take",
	    "draw 3Rh", "add 4Rh", "discard 4Bc @1", "take JK1",
	    "discard 4Bc 4Bh", "meld 1Rh 2Rh @1", "knock 1Rh", "undo 3",
	    "take 3Rh on 4Rh", "discard QRc=3", NULL };
	struct game_move	 mv;
	char			 buf[GAME_MOVE_TEXT_MAX], why[GAME_WHY_MAX];
	int			 i;

	(void)state;
	for (i = 0; good[i] != NULL; i++) {
		parse(good[i], &mv);
		R->format(&mv, buf, sizeof(buf));
		assert_string_equal(buf, good[i]);
	}
	parse("ADD 4rh ON 1rh", &mv);
	R->format(&mv, buf, sizeof(buf));
	assert_string_equal(buf, "add 4Rh on 1Rh");
	for (i = 0; bad[i] != NULL; i++) {
		why[0] = '\0';
		if (R->parse(bad[i], &mv, why) != GAME_BAD_TEXT)
			fail_msg("\"%s\" parsed", bad[i]);
		assert_true(strlen(why) > 10);
	}
}

/* Seats, options, seeded deals. */
static void
test_setup(void **state)
{
	struct game_setup	 su = { 6, NULL, NULL, -1 };
	struct vp_state		 s, t;
	struct game_status	 st;
	uint8_t			 seed[32];
	char			 why[GAME_WHY_MAX];
	int			 i;

	(void)state;
	memset(seed, 7, sizeof(seed));
	su.seed = seed;
	assert_int_equal(R->setup(&s, &su, why), GAME_OK);
	check_audit(&s);
	for (i = 0; i < 6; i++)
		assert_int_equal(s.nhand[i], 11);
	assert_int_equal(s.nchain, 1);
	assert_int_equal(s.nstock, 58);
	assert_int_equal(s.end_mode, VP_FIRST_TO_500);
	assert_int_equal(s.turn, (s.dealer + 1) % 6);
	R->status(&s, &st);
	assert_int_equal(st.nseats, 6);
	assert_int_equal(st.to_act, 1u << s.turn);
	assert_int_equal(R->setup(&t, &su, why), GAME_OK);
	assert_memory_equal(&s, &t, sizeof(s));
	su.options = "end_mode=last_standing";
	su.nseats = 2;
	assert_int_equal(R->setup(&s, &su, why), GAME_OK);
	assert_int_equal(s.end_mode, VP_LAST_STANDING);
	assert_int_equal(s.nstock, 125 - 22 - 1);
	su.options = "end_mode=sudden";
	assert_int_equal(R->setup(&s, &su, why), GAME_BAD_OPTIONS);
	assert_non_null(strstr(why, "end_mode"));
	su.options = "target=300";
	assert_int_equal(R->setup(&s, &su, why), GAME_BAD_OPTIONS);
	su.options = NULL;
	su.nseats = 1;
	assert_int_equal(R->setup(&s, &su, why), GAME_BAD_OPTIONS);
	su.nseats = 7;
	assert_int_equal(R->setup(&s, &su, why), GAME_BAD_OPTIONS);
	assert_ptr_equal(game_find("vodkapolis-500"), R);
	assert_true(sizeof(struct vp_state) <= GAME_STATE_MAX);
}

/* Random legal play: every state audits, views hide, games end. */
static void
test_random_play(void **state)
{
	struct game_setup	 su = { 2, NULL, NULL, -1 };
	struct game_move	 moves[GAME_LEGAL_MAX];
	struct game_events	 ev;
	struct vp_state		 s, next, v;
	struct rng		 r;
	uint8_t			 seed[32];
	char			 why[GAME_WHY_MAX];
	int			 g, n, plies, i;

	(void)state;
	memset(seed, 3, sizeof(seed));
	rng_init(&r, seed);
	for (g = 0; g < 30; g++) {
		for (i = 0; i < 32; i++)
			seed[i] = (uint8_t)rng_next(&r);
		su.seed = seed;
		su.nseats = 2 + g % 5;
		su.options = g % 2 ? "end_mode=last_standing" : NULL;
		assert_int_equal(R->setup(&s, &su, why), GAME_OK);
		for (plies = 0; !s.over; plies++) {
			assert_true(plies < 200000);
			R->view(&s, s.turn, &v);
			if (R->audit_view(&s, &v, s.turn, why) != 0)
				fail_msg("audit_view: %s", why);
			n = R->legal(&v, s.turn, moves, GAME_LEGAL_MAX);
			assert_true(n > 0);
			if (n > GAME_LEGAL_MAX)
				n = GAME_LEGAL_MAX;
			i = (int)rng_uniform(&r, (uint32_t)n);
			if (R->apply(&s, &next, s.turn, &moves[i], &ev, why) !=
			    GAME_OK)
				fail_msg("legal move refused: %s", why);
			s = next;
			check_audit(&s);
		}
		assert_true(s.winners != 0);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_v6_take_legality),
		cmocka_unit_test(test_obligation_and_undo),
		cmocka_unit_test(test_keep_a_card_and_extensions),
		cmocka_unit_test(test_views),
		cmocka_unit_test(test_text),
		cmocka_unit_test(test_setup),
		cmocka_unit_test(test_random_play),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
