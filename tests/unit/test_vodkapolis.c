/*
 * test_vodkapolis.c: the Vodkapolis 500 rules through the engine
 * contract.
 *
 * Positions are built directly (every one of the 125 cards placed, the
 * audit passing) and played with apply(): the worked examples V-1..V-6
 * of RULES.md 2f, the obligations of a take, undo, rule 4b, refusals
 * (the input state must stay byte-for-byte the same), options and the
 * two end modes.  Seeded deals, views, timeouts and text are in
 * test_vodkapolis_play.c.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "card.h"
#include "deck.h"
#include "game.h"
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
 * A position: hands per seat, melds as "O>T cards" (originator O laid
 * it in front of T), the chain oldest first, the stock top first.  The
 * cards not named go to the bottom of the stock, or with to_chain to
 * the oldest end of the chain (so the stock holds only what is named).
 */
struct pos {
	int		 nseats;
	int		 turn;
	const char	*hands[VP_SEATS_MAX];
	const char	*melds[8];
	const char	*chain;
	const char	*stock;
	int		 to_chain;
};

static void
build(struct vp_state *s, const struct pos *p, const char *options)
{
	struct game_setup	 su = { p->nseats, options, NULL, 0 };
	card_t			 c[VP_DECK], t, rest[VP_DECK];
	uint8_t			 used[VP_DECK];
	char			 why[GAME_WHY_MAX] = "";
	struct vp_meld		*m;
	int			 i, j, k, n, nrest = 0;

	if (R->setup(s, &su, why) != GAME_OK)
		fail_msg("setup: %s", why);
	memset(used, 0, sizeof(used));
	for (i = 0; i < p->nseats; i++) {
		n = card_list(p->hands[i], c);
		for (j = 0; j < n; j++) {
			for (k = j; k > 0 && c[k - 1] > c[k]; k--) {
				t = c[k];
				c[k] = c[k - 1];
				c[k - 1] = t;
			}
		}
		for (j = 0; j < n; j++) {
			assert_int_equal(used[c[j]]++, 0);
			s->hands[i][j] = c[j];
		}
		s->nhand[i] = (uint8_t)n;
		if (n == 0)
			s->active &= (uint8_t)~(1u << i);
	}
	for (i = 0; i < 8 && p->melds[i] != NULL; i++) {
		m = &s->melds[s->nmelds++];
		m->originator = (uint8_t)(p->melds[i][0] - '0');
		m->target = (uint8_t)(p->melds[i][2] - '0');
		m->ncards = (uint8_t)card_list(p->melds[i] + 3, m->cards);
		for (j = 0; j < m->ncards; j++)
			assert_int_equal(used[m->cards[j]]++, 0);
	}
	n = card_list(p->stock, c);
	for (j = 0; j < n; j++)
		assert_int_equal(used[c[j]]++, 0);
	k = card_list(p->chain, c + n);
	for (j = 0; j < k; j++)
		assert_int_equal(used[c[n + j]]++, 0);
	for (i = 0; i < VP_DECK; i++)
		if (!used[i])
			rest[nrest++] = (card_t)i;
	if (p->to_chain) {
		for (i = 0; i < nrest; i++)
			s->chain[s->nchain++] = rest[i];
	} else
		for (i = 0; i < nrest; i++)
			s->stock[s->nstock++] = rest[i];
	for (j = n - 1; j >= 0; j--)
		s->stock[s->nstock++] = c[j];
	for (j = 0; j < k; j++)
		s->chain[s->nchain++] = c[n + j];
	s->phase = VP_PHASE_DRAW;
	s->turn = (uint8_t)p->turn;
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

/* Is text among the legal moves of seat? */
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

/* V-1: A goes out; B and C pay for their hands and the melds before them. */
static void
test_v1_normal_out(void **state)
{
	struct pos		 p = { 3, 0, { "4Yt", "2Rc 4Ks", "QKb 3Gb" },
	    { "1>0 1Rs 2Rs 3Rs", "2>1 1Bh 2Bh 3Bh", "1>2 1Yb 2Yb QYb" },
	    NULL, "4Rs", 0 };
	struct vp_state		 s;
	struct game_events	 ev;

	(void)state;
	build(&s, &p, NULL);
	play(&s, 0, "draw", NULL);
	play(&s, 0, "add 4Rs on 1Rs", NULL);
	play(&s, 0, "discard 4Yt", &ev);
	assert_int_equal(ev.n, 1);
	assert_string_equal(ev.ev[0].kind, "out");
	assert_int_equal(ev.ev[0].delta[0], 0);
	assert_int_equal(ev.ev[0].delta[1], 30);
	assert_int_equal(ev.ev[0].delta[2], 65);
	assert_int_equal(s.scores[0], 0);
	assert_int_equal(s.scores[1], 30);
	assert_int_equal(s.scores[2], 65);
	/* The melds in front of A (4 x 5) are not counted: A went out. */
	assert_int_equal(s.last.front[0], 20);
	assert_int_equal(s.last.out, 0);
	/* Decks mode: hand 2 waits for its cards; the dealer moved left. */
	assert_int_equal(s.phase, VP_PHASE_DEAL);
	assert_int_equal(s.hand, 2);
	assert_int_equal(s.dealer, 1);
	assert_int_equal(s.nmelds, 0);
}

/* V-2: the stock runs out; nobody scores 0. */
static void
test_v2_stock_exhausted(void **state)
{
	struct pos		 p = { 3, 1, { "1Rc", "3Gt 3Yt", "1Kb" },
	    { "1>0 2Rh 3Rh 4Rh QRh", "0>2 4Gc 4Gh 4Gb" }, NULL, "2Bs", 1 };
	struct vp_state		 s;
	struct game_events	 ev;

	(void)state;
	build(&s, &p, NULL);
	assert_int_equal(s.nstock, 1);
	play(&s, 1, "draw", NULL);
	assert_int_equal(s.nstock, 0);
	play(&s, 1, "discard 2Bs", &ev);
	assert_int_equal(ev.n, 1);
	assert_string_equal(ev.ev[0].kind, "exhausted");
	assert_int_equal(ev.ev[0].delta[0], 30);
	assert_int_equal(ev.ev[0].delta[1], 10);
	assert_int_equal(ev.ev[0].delta[2], 35);
}

/* Emptying the stock and going out in the same turn is going out. */
static void
test_last_stock_card_going_out(void **state)
{
	struct pos		 p = { 2, 0, { "4Yt", "2Rc" },
	    { "1>0 1Rs 2Rs 3Rs" }, NULL, "4Rs", 1 };
	struct vp_state		 s;
	struct game_events	 ev;

	(void)state;
	build(&s, &p, NULL);
	play(&s, 0, "draw", NULL);
	play(&s, 0, "add 4Rs on 1Rs", NULL);
	play(&s, 0, "discard 4Yt", &ev);
	assert_string_equal(ev.ev[0].kind, "out");
	assert_int_equal(ev.ev[0].delta[0], 0);
	assert_int_equal(ev.ev[0].delta[1], 5);
}

/* V-3: melds of one line, extended to 5 and then closed. */
static void
test_v3_meld_legality(void **state)
{
	struct pos		 p = { 2, 0, { "1Bh 2Bh 4Bh QBh 3Bh 2Rh 3Gh 1Rc",
	    "1Yc" }, { NULL }, NULL, "QYc", 0 };
	struct vp_state		 s;
	struct game_move	 mv;
	char			 why[GAME_WHY_MAX];

	(void)state;
	assert_true(vp_is_meld(card("1Bh"), card("2Bh"), card("4Bh")));
	assert_true(vp_is_meld(card("3Rc"), card("3Rh"), card("3Rb")));
	assert_true(vp_is_meld(card("2Gt"), card("2Yt"), card("2Kt")));
	assert_false(vp_is_meld(card("1Bh"), card("2Rh"), card("3Gh")));
	assert_false(vp_is_meld(card("1Bh"), card("1Bh"), card("3Bh")));
	build(&s, &p, NULL);
	play(&s, 0, "draw", NULL);
	refused(&s, 0, "undo", "never undone");
	refused(&s, 0, "meld 1Bh 2Rh 3Gh @1", "not a meld");
	assert_int_equal(R->parse("meld 1Bh 2Bh 4Bh QBh @1", &mv, why),
	    GAME_BAD_TEXT);
	play(&s, 0, "meld 1Bh 2Bh 4Bh @1", NULL);
	refused(&s, 0, "add 2Rh on 2Bh", "not on that meld's line");
	play(&s, 0, "add QBh on 2Bh", NULL);
	assert_int_equal(s.melds[0].ncards, 4);
	play(&s, 0, "add 3Bh on 1Bh", NULL);
	assert_int_equal(s.melds[0].ncards, 5);
	refused(&s, 0, "add 1Rc on 1Bh", "complete");
	assert_false(is_legal(&s, 0, "add 1Rc on 1Bh"));
}

/* V-4: rule 4b, round-robin over the opponents; extensions are free. */
static void
test_v4_round_robin(void **state)
{
	struct pos	 p = { 4, 0, {
	    "1Rc 1Rh 1Rt 2Rc 2Rh 2Rt 3Rc 3Rh 3Rt 4Yb 4Gb 1Gs",
	    "1Yc", "1Gc", "1Bc" }, { "0>1 2Yh 3Yh 4Yh", "2>1 2Gs 3Gs 4Gs" },
	    NULL, "QYh", 0 };
	struct vp_state	 s;

	(void)state;
	build(&s, &p, NULL);
	assert_int_equal(vp_count(&s, 0, 1), 1);
	play(&s, 0, "draw", NULL);
	refused(&s, 0, "meld 1Rc 1Rh 1Rt @1", "rule 4b");
	assert_false(is_legal(&s, 0, "meld 1Rc 1Rh 1Rt @1"));
	assert_true(is_legal(&s, 0, "meld 1Rc 1Rh 1Rt @2"));
	assert_true(is_legal(&s, 0, "meld 1Rc 1Rh 1Rt @3"));
	refused(&s, 0, "meld 1Rc 1Rh 1Rt @0", "opponent");
	/* Extending the meld before B is always legal, anybody's meld too. */
	assert_true(is_legal(&s, 0, "add QYh on 2Yh"));
	play(&s, 0, "add 1Gs on 2Gs", NULL);
	play(&s, 0, "meld 1Rc 1Rh 1Rt @2", NULL);
	refused(&s, 0, "meld 2Rc 2Rh 2Rt @2", "rule 4b");
	refused(&s, 0, "meld 2Rc 2Rh 2Rt @1", "rule 4b");
	play(&s, 0, "meld 2Rc 2Rh 2Rt @3", NULL);
	/* 1, 1, 1: any target. */
	assert_true(is_legal(&s, 0, "meld 3Rc 3Rh 3Rt @1"));
	assert_true(is_legal(&s, 0, "meld 3Rc 3Rh 3Rt @2"));
	assert_true(is_legal(&s, 0, "meld 3Rc 3Rh 3Rt @3"));
	play(&s, 0, "meld 3Rc 3Rh 3Rt @1", NULL);
	assert_int_equal(vp_count(&s, 0, 1), 2);
}

/* Rule 4b with an eliminated opponent: only active opponents count. */
static void
test_round_robin_eliminated(void **state)
{
	struct pos	 p = { 3, 0, { "1Rc 1Rh 1Rt 2Rc 2Rh 2Rt 4Yb", "",
	    "1Gc" }, { NULL }, NULL, "QYh", 0 };
	struct vp_state	 s;

	(void)state;
	build(&s, &p, "end_mode=last_standing");
	assert_int_equal(s.active, 5);
	s.scores[1] = 510;
	play(&s, 0, "draw", NULL);
	refused(&s, 0, "meld 1Rc 1Rh 1Rt @1", "opponent");
	play(&s, 0, "meld 1Rc 1Rh 1Rt @2", NULL);
	play(&s, 0, "meld 2Rc 2Rh 2Rt @2", NULL);
	play(&s, 0, "discard QYh", NULL);
	assert_int_equal(s.turn, 2);
}

/* V-5: A reaches 500; first_to_500 ends the game, last_standing goes on. */
static void
test_v5_game_end(void **state)
{
	struct pos		 p = { 3, 2, { "1Rc 1Rh 1Rt 1Rs 1Yc 1Yh",
	    "2Rc 2Rh 2Rt 2Rs", "4Yt" }, { "0>2 1Gs 2Gs 3Gs" }, NULL, "4Gs",
	    0 };
	struct vp_state		 s, t;
	struct game_events	 ev;
	card_t			 deck[VP_DECK];
	char			 why[GAME_WHY_MAX];
	int			 i;

	(void)state;
	build(&s, &p, NULL);
	s.scores[0] = 470;
	s.scores[1] = 455;
	s.scores[2] = 300;
	play(&s, 2, "draw", NULL);
	play(&s, 2, "add 4Gs on 1Gs", NULL);
	t = s;
	play(&s, 2, "discard 4Yt", &ev);
	assert_int_equal(ev.ev[0].delta[0], 30);
	assert_int_equal(ev.ev[0].delta[1], 20);
	assert_int_equal(ev.ev[0].delta[2], 0);
	assert_true(s.over);
	assert_int_equal(s.phase, VP_PHASE_OVER);
	assert_int_equal(s.winners, 1u << 2);
	assert_int_equal(s.scores[0], 500);
	assert_int_equal(s.scores[1], 475);
	refused(&s, 0, "draw", "over");

	/* last_standing: A leaves, B and C play on. */
	s = t;
	s.end_mode = VP_LAST_STANDING;
	play(&s, 2, "discard 4Yt", &ev);
	assert_false(s.over);
	assert_int_equal(s.active, 6);
	assert_int_equal(s.last.eliminated, 1);
	assert_int_equal(s.phase, VP_PHASE_DEAL);
	/* The dealer was seat 0; the deal skips A: B, then C. */
	assert_int_equal(s.dealer, 1);
	deck_fill(DECK_TT_FULL, 1, deck);
	assert_int_equal(R->deal(&s, &t, deck, VP_DECK, why), GAME_OK);
	check_audit(&t);
	assert_int_equal(t.nhand[0], 0);
	assert_int_equal(t.nhand[1], 11);
	assert_int_equal(t.nhand[2], 11);
	assert_int_equal(t.nstock, VP_DECK - 22 - 1);
	assert_int_equal(t.turn, 2);
	/* deck[0] went to C (dealer B's left), deck[1] to B. */
	assert_int_equal(t.hands[2][0], 0);
	assert_int_equal(t.hands[1][0], 1);
	assert_int_equal(t.chain[0], 22);
	assert_int_equal(t.stock[t.nstock - 1], 23);
	for (i = 0; i < 3; i++)
		assert_int_equal(t.scores[i], s.scores[i]);
}

/* last_standing: the last one left wins; all crossing at once: lowest wins. */
static void
test_last_standing_ends(void **state)
{
	struct pos		 p = { 3, 2, { "", "2Rc 2Rh", "4Yt" },
	    { "0>2 1Gs 2Gs 3Gs" }, NULL, "4Gs", 0 };
	struct vp_state		 s;
	struct game_events	 ev;

	(void)state;
	build(&s, &p, "end_mode=last_standing");
	assert_int_equal(s.active, 6);
	s.scores[0] = 520;
	s.scores[1] = 495;
	play(&s, 2, "draw", NULL);
	play(&s, 2, "add 4Gs on 1Gs", NULL);
	play(&s, 2, "discard 4Yt", &ev);
	assert_true(s.over);
	assert_int_equal(s.winners, 1u << 2);
	assert_int_equal(s.scores[1], 505);
	assert_non_null(strstr(ev.ev[0].text, "Seat 2 wins"));

	/* Both remaining players cross 500 when the stock runs out. */
	p.to_chain = 1;
	p.turn = 1;
	build(&s, &p, "end_mode=last_standing");
	s.scores[0] = 520;
	s.scores[1] = 495;
	s.scores[2] = 490;
	play(&s, 1, "draw", NULL);
	play(&s, 1, "discard 4Gs", &ev);
	assert_string_equal(ev.ev[0].kind, "exhausted");
	assert_int_equal(s.scores[1], 505);
	assert_int_equal(s.scores[2], 490 + 5 + 15);
	assert_true(s.over);
	assert_int_equal(s.winners, 1u << 1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_v1_normal_out),
		cmocka_unit_test(test_v2_stock_exhausted),
		cmocka_unit_test(test_last_stock_card_going_out),
		cmocka_unit_test(test_v3_meld_legality),
		cmocka_unit_test(test_v4_round_robin),
		cmocka_unit_test(test_round_robin_eliminated),
		cmocka_unit_test(test_v5_game_end),
		cmocka_unit_test(test_last_standing_ends),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
