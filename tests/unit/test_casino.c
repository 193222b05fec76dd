/*
 * test_casino.c: the Casino Macedonia rules through the engine
 * contract.
 *
 * The capture examples C-4..C-6 of RULES.md 4g are positions built
 * card by card, played through parse() and apply() (the scoring
 * examples C-1..C-3 are in test_casino_score.c).  Then the
 * plan check, the drop ban, refusals (the input state must stay byte
 * for byte the same), the move text, the legal-move count past
 * GAME_LEGAL_MAX, timeouts and the last taker's sweep.  The table
 * options (q_mode, jokers, single takes, the Squares deck, rounds) are
 * in test_casino_options.c; seeded play, deals, views and the bot in
 * test_casino_play.c.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "card.h"
#include "casino.h"
#include "deck.h"
#include "game.h"
#include "test_casino.h"

/* How many listed moves start with prefix. */
static int
count_listed(const struct cm_state *s, int seat, const char *prefix)
{
	static struct game_move	 mv[GAME_LEGAL_MAX];
	char			 buf[GAME_MOVE_TEXT_MAX];
	int			 n, i, k = 0;

	n = R->legal(s, seat, mv, GAME_LEGAL_MAX);
	for (i = 0; i < n && i < GAME_LEGAL_MAX; i++) {
		R->format(&mv[i], buf, sizeof(buf));
		if (strncmp(buf, prefix, strlen(prefix)) == 0)
			k++;
	}
	return k;
}

static const char *const c4_piles[] = {
	"S 1Rc", "S 2Rh", "B1 2Yc 1Kc", "S 4Gt", NULL
};

static void
test_c4_capture(void **state)
{
	static struct cm_state	 s;
	const char		*hands[] = { "3Rt 3Kc 3Yh", "4Bs 1Bt" };
	const char		*qh[] = { "QKt QRc", "4Bs" };
	const char		*qp[] = { "T1 QBc QBh", NULL };

	(void)state;
	/* (a) 3Rt takes the red 1 + 2 and nothing else. */
	position(&s, 2, NULL, hands, c4_piles, 0);
	assert_true(listed(&s, 0, "take 3Rt | 1Rc 2Rh"));
	assert_int_equal(count_listed(&s, 0, "take 3Rt"), 1);
	refused(&s, 0, "take 3Rt | 1Kc", "do not split");
	refused(&s, 0, "take 3Rt | 1Rc 2Rh | 1Kc", "do not split");
	ok(&s, 0, "take 3Rt | 1Rc 2Rh");
	assert_int_equal(s.ncaptured[0], 3);
	assert_int_equal(s.npiles, 2);
	assert_int_equal(s.last_taker, 0);
	/* (b) the black 3 takes both groups; P4 stays. */
	position(&s, 2, NULL, hands, c4_piles, 0);
	assert_true(listed(&s, 0, "take 3Kc | 1Rc 2Rh | 1Kc"));
	ok(&s, 0, "take 3Kc | 2Yc | 1Rc 2Rh");
	assert_int_equal(s.ncaptured[0], 5);
	assert_int_equal(s.npiles, 1);
	assert_int_equal(s.pile_of[card("4Gt")], 0);
	/* (c) 3Yh onto 1Rc mixes both color and suit. */
	position(&s, 2, NULL, hands, c4_piles, 0);
	refused(&s, 0, "build 3Yh on 1Rc", "mix");
	refused(&s, 0, "take 3Yh on 1Rc | 4Gt", "mix");
	/* (d) a blue ? stack: the black ? takes it, the red one cannot. */
	position(&s, 2, NULL, qh, qp, 0);
	refused(&s, 0, "take QRc | QBc", "? takes only");
	assert_false(listed(&s, 0, "take QRc | QBc"));
	assert_true(listed(&s, 0, "take QKt | QBc"));
	ok(&s, 0, "take QKt | QBh");
	assert_int_equal(s.ncaptured[0], 3);
}

static void
test_c5_build_and_take(void **state)
{
	static struct cm_state	 s;
	const char		*hands[] = { "1Rc 4Yh", "4Bs" };
	const char		*piles[] = { "S 4Rt", "S 2Rh", "S 3Rs", NULL };
	card_t			 out[CM_IDS];
	int			 i, n = 0;

	(void)state;
	position(&s, 2, NULL, hands, piles, 0);
	assert_true(listed(&s, 0, "take 1Rc on 4Rt | 2Rh 3Rs"));
	ok(&s, 0, "take 1Rc on 4Rt | 3Rs 2Rh");
	for (i = 0; i < CM_IDS; i++)
		if (s.won[i] == 0)
			out[n++] = (card_t)i;
	assert_int_equal(n, 4);
	assert_int_equal(out[0], card("1Rc"));
	assert_int_equal(s.npiles, 0);
	/* Option 12: no build-and-take, and no build past 4. */
	position(&s, 2, "single_takes=on", hands, piles, 0);
	refused(&s, 0, "take 1Rc on 4Rt | 2Rh 3Rs", "Single-card");
	refused(&s, 0, "build 1Rc on 4Rt", "at most 4");
	assert_int_equal(count_listed(&s, 0, "take 1Rc on"), 0);
}

static void
test_c6_blob_build(void **state)
{
	static struct cm_state	 s;
	const char		*hands[] = { "2Yb 2Rb", "4Bs" };
	const char		*piles[] = { "S 4Rb", "B1 3Rt 3Rh", NULL };

	(void)state;
	position(&s, 2, NULL, hands, piles, 0);
	assert_int_equal(s.piles[1].value, 6);
	refused(&s, 0, "take 2Yb on 4Rb | 3Rt", "do not split");
	assert_int_equal(count_listed(&s, 0, "take 2Yb on 4Rb"), 0);
	ok(&s, 0, "take 2Rb on 4Rb | 3Rh");
	assert_int_equal(s.ncaptured[0], 4);
	assert_int_equal(s.npiles, 0);
}

/* Source-text examples 3c3 and 3c5. */
static void
test_source_examples(void **state)
{
	static struct cm_state	 s;
	const char		*h3[] = { "4Rc", "4Bs" };
	const char		*p3[] = { "S 4Rt", "S 2Yc", "S 2Gc", "S 2Gh",
				    NULL };
	const char		*h5[] = { "1Kc", "4Bs" };
	const char		*p5[] = { "S 1Rh", "S 1Gt", "S 1Yb", "S 2Gc",
				    "B1 1Bs 1Bh", NULL };

	(void)state;
	/* A red circle 4 takes a red 4 and two circle 2s. */
	position(&s, 2, NULL, h3, p3, 0);
	assert_true(listed(&s, 0, "take 4Rc | 4Rt | 2Yc 2Gc"));
	refused(&s, 0, "take 4Rc | 2Gc 2Gh", "do not split");
	ok(&s, 0, "take 4Rc | 4Rt | 2Yc 2Gc");
	assert_int_equal(s.ncaptured[0], 4);
	/* A black 1 takes every isolated 1, whatever its color. */
	position(&s, 2, NULL, h5, p5, 0);
	assert_true(listed(&s, 0, "take 1Kc | 1Rh | 1Gt | 1Yb"));
	ok(&s, 0, "take 1Kc 1Rh 1Gt 1Yb");
	assert_int_equal(s.ncaptured[0], 4);
	assert_int_equal(s.npiles, 2);
}

static void
test_plan_check_and_drop_ban(void **state)
{
	static struct cm_state	 s;
	const char		*bad[] = { "1Rh 3Gc", "2Bt 4Bs" };
	const char		*good[] = { "1Rh 3Rs 4Gs", "2Bt 4Bs" };
	const char		*bat[] = { "3Rh 2Rs", "2Bt 4Bs" };
	const char		*p1[] = { "S 2Rc", NULL };
	const char		*p2[] = { "S 2Rc", "S 3Rt", NULL };

	(void)state;
	position(&s, 2, NULL, bad, p1, 0);
	refused(&s, 0, "build 1Rh on 2Rc", "Plan check");
	assert_false(listed(&s, 0, "build 1Rh on 2Rc"));
	position(&s, 2, NULL, good, p1, 0);
	assert_true(listed(&s, 0, "build 1Rh on 2Rc"));
	ok(&s, 0, "build 1Rh on 2Rc");
	assert_int_equal(s.piles[0].kind, CM_BUILD_PILE);
	assert_int_equal(s.piles[0].owner, 0);
	assert_int_equal(s.piles[0].value, 3);
	ok(&s, 1, "drop 2Bt");
	/* The owner may not drop while 3Rs can take the build. */
	refused(&s, 0, "drop 4Gs", "may not drop");
	assert_int_equal(count_listed(&s, 0, "drop"), 0);
	refused(&s, 1, "drop 4Bs", "not your turn");
	ok(&s, 0, "take 3Rs | 1Rh");
	assert_int_equal(s.ncaptured[0], 3);
	/* A build of 5 passes through a build-and-take plan. */
	position(&s, 2, NULL, bat, p2, 0);
	ok(&s, 0, "build 3Rh on 2Rc");
	assert_int_equal(s.piles[0].value, 5);
	position(&s, 2, "single_takes=on", bat, p2, 0);
	refused(&s, 0, "build 3Rh on 2Rc", "at most 4");
	/* Stacks: equal values, capped at 4, captured whole. */
	position(&s, 2, NULL, good, p1, 0);
	refused(&s, 0, "stack 1Rh on 2Rc", "own value");
	refused(&s, 0, "build 4Gs on 3Rs", "not on the table");
	refused(&s, 0, "build 1Yh on 2Rc", "do not hold");
}

static void
test_stack(void **state)
{
	static struct cm_state	 s;
	const char		*hands[] = { "2Rh 2Gc 1Rs", "4Bs" };
	const char		*piles[] = { "S 2Rc", "S 1Rt", NULL };

	(void)state;
	position(&s, 2, NULL, hands, piles, 0);
	ok(&s, 0, "stack 2Rh on 2Rc");
	assert_int_equal(s.piles[0].kind, CM_STACK_PILE);
	assert_int_equal(s.piles[0].value, 2);
	ok(&s, 1, "drop 4Bs");
	refused(&s, 0, "build 1Rs on 2Rc", "stack cannot");
	/* 2Gc matches neither red nor the mixed suits of the stack. */
	refused(&s, 0, "take 2Gc | 2Rc", "do not split");
	/* 1Rs on 1Rt makes a red 2 that takes the stack whole. */
	ok(&s, 0, "take 1Rs on 1Rt | 2Rh");
	assert_int_equal(s.ncaptured[0], 4);
}

static void
test_text(void **state)
{
	struct game_move	 mv;
	char			 why[GAME_WHY_MAX], buf[GAME_MOVE_TEXT_MAX];
	int			 i;

	(void)state;
	assert_int_equal(R->parse("take 3Rt 1Rc 2Rh", &mv, why), GAME_OK);
	R->format(&mv, buf, sizeof(buf));
	assert_string_equal(buf, "take 3Rt | 1Rc 2Rh");
	assert_int_equal(R->parse("TAKE 1rc | 2rh 3rs on 4rt", &mv, why),
	    GAME_OK);
	R->format(&mv, buf, sizeof(buf));
	assert_string_equal(buf, "take 1Rc on 4Rt | 2Rh 3Rs");
	assert_int_equal(R->parse("drop QRc=3", &mv, why), GAME_OK);
	R->format(&mv, buf, sizeof(buf));
	assert_string_equal(buf, "drop QRc=3");
	assert_int_equal(R->parse("build 3Rh on 4Rt", &mv, why), GAME_OK);
	R->format(&mv, buf, sizeof(buf));
	assert_string_equal(buf, "build 3Rh on 4Rt");
	assert_int_equal(R->parse("drop 3Rh 4Rt", &mv, why), GAME_BAD_TEXT);
	assert_int_equal(R->parse("take 3Rh @1", &mv, why), GAME_BAD_TEXT);
	assert_int_equal(R->parse("take", &mv, why), GAME_BAD_TEXT);
	assert_int_equal(R->parse("take 3Rt 1Rc | 2Rh", &mv, why),
	    GAME_BAD_TEXT);
	/* 254 characters whose canonical text would need 256. */
	memset(buf, 0, sizeof(buf));
	strcpy(buf, "take");
	for (i = 0; i < 32; i++)
		strcat(buf, i < 26 ? " 1Rc=2Rh" : " 1Rc=99");
	assert_int_equal(strlen(buf), 254);
	assert_int_equal(R->parse(buf, &mv, why), GAME_BAD_TEXT);
	assert_int_equal(R->parse("trail 3Rh", &mv, why), GAME_BAD_TEXT);
	assert_non_null(strstr(why, "take, build, stack, drop"));
}

static void
count_direct(void *ctx, const struct game_move *mv, const struct cm_play *pl)
{
	(void)mv;
	if (pl->verb == CM_TAKE && pl->target == CM_NOBODY)
		(*(int *)ctx)++;
}

/*
 * Can the ones in mask (bit i: color i / 4, suit i % 4) pair off, each
 * pair sharing a color or a suit?
 */
static int
pairs_off(int mask)
{
	int	 a, b;

	if (mask == 0)
		return 1;
	for (a = 0; !(mask & (1 << a)); a++)
		;
	for (b = a + 1; b < 16; b++)
		if ((mask & (1 << b)) && (a / 4 == b / 4 || a % 4 == b % 4) &&
		    pairs_off(mask & ~(1 << a) & ~(1 << b)))
			return 1;
	return 0;
}

static void
test_legal_overflow(void **state)
{
	static struct cm_state	 s;
	static struct game_move	 mv[GAME_LEGAL_MAX];
	const char		*hands[] = { "2Kb", "4Bs" };
	const char		*piles[15];
	static char		 spec[14][8];
	const char		 colors[] = "RYGB", suits[] = "chts";
	int			 i, n, direct, want;

	(void)state;
	/*
	 * Fourteen single 1s (sixteen list past the step cap, casino.h):
	 * 6689 sets pair off, more than GAME_LEGAL_MAX.
	 */
	for (i = 0; i < 14; i++) {
		snprintf(spec[i], sizeof(spec[i]), "S 1%c%c", colors[i / 4],
		    suits[i % 4]);
		piles[i] = spec[i];
	}
	piles[14] = NULL;
	position(&s, 2, NULL, hands, piles, 0);
	n = R->legal(&s, 0, mv, GAME_LEGAL_MAX);
	assert_true(n > GAME_LEGAL_MAX);
	assert_int_equal(n, cm_generate(&s, 0, NULL, NULL));
	assert_int_equal(R->legal(&s, 0, mv, 10), n);
	assert_int_equal(R->legal(&s, 1, mv, 10), 0);
	/* The direct takes are exactly the sets of ones that pair off. */
	direct = 0;
	cm_generate(&s, 0, count_direct, &direct);
	for (i = 1, want = 0; i < 1 << 14; i++)
		want += pairs_off(i);
	assert_int_equal(direct, want);
	assert_true(want > GAME_LEGAL_MAX);
}

static void
test_timeouts(void **state)
{
	static struct cm_state	 s;
	struct game_move	 mv;
	char			 buf[GAME_MOVE_TEXT_MAX];
	const char		*h1[] = { "2Gs 1Yh", "4Bs" };
	const char		*p1[] = { "S 1Rc", NULL };
	const char		*h2[] = { "3Rs 2Gc", "4Bs" };
	const char		*p2[] = { "B0 2Rc 1Rh", "S 1Gc", NULL };
	const char		*hw[] = { "QRc", "4Bs" };

	(void)state;
	position(&s, 2, NULL, h1, p1, 0);
	assert_int_equal(R->timeout_move(&s, 0, &mv), GAME_OK);
	R->format(&mv, buf, sizeof(buf));
	assert_string_equal(buf, "drop 1Yh");
	assert_int_equal(R->timeout_move(&s, 1, &mv), GAME_REFUSED);
	position(&s, 2, NULL, h2, p2, 0);
	assert_int_equal(R->timeout_move(&s, 0, &mv), GAME_OK);
	R->format(&mv, buf, sizeof(buf));
	assert_string_equal(buf, "take 3Rs | 1Rh");
	position(&s, 2, "q_mode=wild", hw, NULL, 0);
	assert_int_equal(R->timeout_move(&s, 0, &mv), GAME_OK);
	R->format(&mv, buf, sizeof(buf));
	assert_string_equal(buf, "drop QRc=1");
}

/* The stock is empty: its cards go to seat's captures. */
static void
empty_stock(struct cm_state *s, int seat)
{
	int	 i;

	for (i = 0; i < s->nstock; i++) {
		s->won[s->stock[i]] = (uint8_t)seat;
		s->ncaptured[seat]++;
		s->stock[i] = CARD_NONE;
	}
	s->nstock = 0;
}

static void
test_last_taker_sweeps(void **state)
{
	static struct cm_state	 s, t;
	struct game_move	 mv;
	struct game_events	 ev;
	char			 why[GAME_WHY_MAX];
	const char		*hands[] = { "3Rt", "2Gs" };
	const char		*piles[] = { "S 1Rc", "S 2Rh", "S 4Gt", NULL };
	const char		*hj[] = { "3Rt", "2Gs" };
	int			 before;

	(void)state;
	position(&s, 2, NULL, hands, piles, 0);
	empty_stock(&s, 1);
	before = s.ncaptured[1];
	ok(&s, 0, "take 3Rt | 1Rc 2Rh");
	assert_int_equal(R->parse("drop 2Gs", &mv, why), GAME_OK);
	assert_int_equal(R->apply(&s, &t, 1, &mv, &ev, why), GAME_OK);
	assert_int_equal(ev.n, 1);
	assert_string_equal(ev.ev[0].kind, "hand");
	assert_int_equal(t.last.taker, 0);
	assert_int_equal(t.last.swept, 2);
	assert_int_equal(t.last.tally[0].cards, 5);
	assert_int_equal(t.last.tally[1].cards, before);
	assert_int_equal(ev.ev[0].delta[0], t.scores[0]);
	assert_int_equal(ev.ev[0].delta[1], t.scores[1]);
	assert_int_equal(t.scores[1], t.last.tally[1].points);
	/* decks mode: the next hand waits for its deck. */
	assert_int_equal(t.phase, CM_PHASE_DEAL);
	assert_int_equal(t.hand, 2);
	assert_int_equal(t.dealer, 0);
	assert_int_equal(R->audit(&t, why), 0);
	/* A start joker set aside goes to the last taker too. */
	position(&s, 2, "jokers=on", hj, piles, 0);
	empty_stock(&s, 1);
	/* The position burned JK2 JK1 QKb: JK1 starts set aside instead. */
	assert_int_equal(s.burned[1], CARD_TT_JK1);
	s.burned[1] = card("1Yc");
	s.won[card("1Yc")] = CM_NOBODY;
	s.ncaptured[1]--;
	s.aside[0] = CARD_TT_JK1;
	s.naside = 1;
	assert_int_equal(R->audit(&s, why), 0);
	ok(&s, 0, "take 3Rt | 1Rc 2Rh");
	assert_int_equal(R->parse("drop 2Gs", &mv, why), GAME_OK);
	assert_int_equal(R->apply(&s, &t, 1, &mv, &ev, why), GAME_OK);
	assert_int_equal(t.last.swept, 3);
	/* Nobody takes: the table is not scored. */
	position(&s, 2, NULL, hands, piles, 0);
	empty_stock(&s, 1);
	ok(&s, 0, "drop 3Rt");
	assert_int_equal(R->parse("drop 2Gs", &mv, why), GAME_OK);
	assert_int_equal(R->apply(&s, &t, 1, &mv, &ev, why), GAME_OK);
	assert_int_equal(t.last.taker, CM_NOBODY);
	assert_int_equal(t.last.tally[0].cards, 0);
	assert_non_null(strstr(ev.ev[0].text, "nobody took"));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_c4_capture),
		cmocka_unit_test(test_c5_build_and_take),
		cmocka_unit_test(test_c6_blob_build),
		cmocka_unit_test(test_source_examples),
		cmocka_unit_test(test_plan_check_and_drop_ban),
		cmocka_unit_test(test_stack),
		cmocka_unit_test(test_text),
		cmocka_unit_test(test_legal_overflow),
		cmocka_unit_test(test_timeouts),
		cmocka_unit_test(test_last_taker_sweeps),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
