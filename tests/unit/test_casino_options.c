/*
 * test_casino_options.c: the Casino Macedonia table options.
 *
 * The option strings and seat counts setup() refuses, and what the
 * good ones set (rounds, q_mode, jokers, single takes, the Squares
 * deck).  Then play under them in positions built card by card: the
 * three ways of counting a ? (five, wild, separate) and the jokers
 * (a declared number, the sweep, the spare, set aside at the deal).
 * The other rules are in test_casino.c.
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

static void
test_options(void **state)
{
	static struct cm_state	 s;
	struct game_setup	 su = { 2, NULL, NULL, 0 };
	char			 why[GAME_WHY_MAX];
	const char		*badopts[] = { "q_mode=seven", "jokers=yes",
				    "rounds=0", "rounds=11", "deck=west",
				    "colour=red", "single_takes=1", NULL };
	int			 i;

	(void)state;
	for (i = 0; badopts[i] != NULL; i++) {
		su.options = badopts[i];
		assert_int_equal(R->setup(&s, &su, why), GAME_BAD_OPTIONS);
	}
	su.options = NULL;
	su.nseats = 7;
	assert_int_equal(R->setup(&s, &su, why), GAME_BAD_OPTIONS);
	su.nseats = 1;
	assert_int_equal(R->setup(&s, &su, why), GAME_BAD_OPTIONS);
	su.nseats = 3;
	su.options = "rounds=2 q_mode=five jokers=on single_takes=on";
	assert_int_equal(R->setup(&s, &su, why), GAME_OK);
	assert_int_equal(s.nhands, 6);
	assert_int_equal(s.q_mode, CM_Q_FIVE);
	assert_true(s.jokers);
	assert_true(s.single);
	assert_int_equal(s.ndeck, 127);
	/* The Squares deck has no ? and no jokers: both are ignored. */
	su.options = "deck=squares jokers=on q_mode=wild";
	assert_int_equal(R->setup(&s, &su, why), GAME_OK);
	assert_false(s.jokers);
	assert_int_equal(s.q_mode, CM_Q_SEPARATE);
	assert_int_equal(s.ndeck, 64);
}

static void
test_q_modes(void **state)
{
	static struct cm_state	 s;
	struct cm_result	 r;
	const char		*h5[] = { "QRt 1Yh", "4Bs" };
	const char		*p5[] = { "S 2Rc", "S 3Rh", NULL };
	const char		*hw[] = { "QRc 1Yh", "4Bs" };
	const char		*pw[] = { "S 3Rh", NULL };
	const char		*hs[] = { "QYh 2Yc", "4Bs" };
	const char		*ps[] = { "S QRh", "S 2Rc", NULL };

	(void)state;
	/* five: ? is an ordinary 5 and QBs is the 15-point card. */
	position(&s, 2, "q_mode=five", h5, p5, 0);
	ok(&s, 0, "take QRt | 2Rc 3Rh");
	assert_int_equal(s.ncaptured[0], 3);
	empty_state(&s, 2, "q_mode=five");
	give(&s, 0, "QBs 4Bs");
	cm_score(&s, &r);
	assert_int_equal(r.tally[0].blue_square, 1);
	assert_int_equal(r.tally[0].points, 15 + 25);
	/* wild: a ? declares its number. */
	position(&s, 2, "q_mode=wild", hw, pw, 0);
	refused(&s, 0, "take QRc | 3Rh", "Say which number");
	refused(&s, 0, "take QRc=5 | 3Rh", "Say which number");
	refused(&s, 0, "take 1Yh=1 | 3Rh", "does not declare");
	assert_true(listed(&s, 0, "take QRc=3 | 3Rh"));
	assert_true(listed(&s, 0, "drop QRc=4"));
	ok(&s, 0, "drop QRc=2");
	assert_int_equal(s.piles[1].value, 2);
	assert_int_equal(s.decl[card("QRc")], 2);
	/* separate: only a ? takes a ?. */
	position(&s, 2, NULL, hs, ps, 0);
	refused(&s, 0, "take 2Yc | QRh", NULL);
	refused(&s, 0, "drop QYh=2", "does not declare");
	ok(&s, 0, "take QYh | QRh");
	assert_int_equal(s.ncaptured[0], 2);
}

static void
test_jokers(void **state)
{
	static struct cm_state	 s, s2;
	struct game_setup	 su = { 2, "jokers=on", NULL, 1 };
	card_t			 deck[CM_IDS];
	char			 why[GAME_WHY_MAX];
	const char		*hj[] = { "JK1 1Rc", "4Bs" };
	const char		*pj[] = { "S 3Gt", NULL };
	const char		*hw[] = { "JK2 1Gc", "4Bs" };
	const char		*pw[] = { "S 1Rc", "B1 2Yh 1Yt", NULL };
	const char		*he[] = { "JK2 1Gc", "4Bs" };
	int			 i, n;

	(void)state;
	/* separate: a joker is black, blob and a declared 1-4. */
	position(&s, 2, "jokers=on", hj, pj, 0);
	refused(&s, 0, "take JK1 | 3Gt", "Say which number");
	ok(&s, 0, "take JK1=3 | 3Gt");
	assert_int_equal(s.ncaptured[0], 2);
	/* wild: a joker sweeps every pile. */
	position(&s, 2, "jokers=on q_mode=wild", hw, pw, 0);
	refused(&s, 0, "drop JK2", "sweeps");
	assert_true(listed(&s, 0, "take JK2"));
	ok(&s, 0, "take JK2");
	assert_int_equal(s.ncaptured[0], 4);
	assert_int_equal(s.npiles, 0);
	/* ... and with nothing to sweep it is set aside as a spare. */
	position(&s, 2, "jokers=on q_mode=wild", he, NULL, 0);
	refused(&s, 0, "take JK2", "spare");
	ok(&s, 0, "drop JK2");
	assert_int_equal(s.naside, 1);
	assert_int_equal(s.aside_spare[0], 1);
	/* A joker among the face-up cards is set aside; 3 cards burn. */
	assert_int_equal(R->setup(&s, &su, why), GAME_OK);
	n = deck_fill(DECK_TT_JOKERS, 1, deck);
	assert_int_equal(n, 127);
	deck[0] = CARD_TT_JK1;
	for (i = 1; i < n - 1; i++)
		deck[i] = (card_t)(i - 1);
	deck[n - 1] = CARD_TT_JK2;
	assert_int_equal(R->deal(&s, &s2, deck, n, why), GAME_OK);
	assert_int_equal(s2.naside, 1);
	assert_int_equal(s2.aside[0], CARD_TT_JK1);
	assert_int_equal(s2.npiles, 3);
	assert_int_equal(s2.nburned, 3);
	assert_int_equal(s2.burned[0], deck[126]);
	assert_int_equal(s2.nstock, 127 - 3 - 4 - 10);
	assert_int_equal(s2.turn, 0);
	assert_int_equal(R->audit(&s2, why), 0);
	/* A wrong deck is refused. */
	assert_int_equal(R->deal(&s, &s2, deck, n - 1, why), GAME_REFUSED);
	deck[1] = deck[2];
	assert_int_equal(R->deal(&s, &s2, deck, n, why), GAME_REFUSED);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_options),
		cmocka_unit_test(test_q_modes),
		cmocka_unit_test(test_jokers),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
