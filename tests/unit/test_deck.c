/* test_deck.c: the decks of RULES.md 1 and their id order. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include "card.h"
#include "deck.h"

static void
test_sizes(void **state)
{
	card_t	 d[DECK_CARDS_MAX];

	(void)state;
	assert_int_equal(deck_fill(DECK_TT_FULL, 1, d), 125);
	assert_int_equal(deck_fill(DECK_TT_JOKERS, 1, d), 127);
	assert_int_equal(deck_fill(DECK_SQUARES, 1, d), 64);
	assert_int_equal(deck_fill(DECK_WEST, 1, d), 27);
	assert_int_equal(deck_fill(DECK_STD, 1, d), 52);
	assert_int_equal(deck_fill(DECK_STD_JOKERS, 2, d), 108);
	assert_int_equal(deck_fill(DECK_STD_JOKERS, 4, d), 216);
}

/* Squares = every id whose base-5 digits are all <= 3: not ids < 64. */
static void
test_squares_not_a_prefix(void **state)
{
	card_t	 d[64];
	int	 i, n;

	(void)state;
	n = deck_fill(DECK_SQUARES, 1, d);
	assert_int_equal(d[0], 0);
	assert_int_equal(d[n - 1], 93);		/* 4Bs */
	for (i = 0; i < n; i++) {
		assert_true(card_tt_number(d[i]) <= 3);
		assert_true(card_tt_color(d[i]) <= 3);
		assert_true(card_tt_suit(d[i]) <= 3);
		if (i > 0)
			assert_true(d[i - 1] < d[i]);
	}
	assert_false(deck_has(DECK_SQUARES, card_parse(CARD_TT, "1Kc", NULL)));
	assert_false(deck_has(DECK_SQUARES, card_parse(CARD_TT, "1Rb", NULL)));
	assert_false(deck_has(DECK_SQUARES, card_parse(CARD_TT, "QRc", NULL)));
	assert_true(deck_has(DECK_SQUARES, card_parse(CARD_TT, "4Bs", NULL)));
}

/* Copies of a standard card sit side by side in id order. */
static void
test_standard_copies(void **state)
{
	card_t	 d[DECK_CARDS_MAX];
	int	 n;

	(void)state;
	n = deck_fill(DECK_STD_JOKERS, 2, d);
	assert_int_equal(d[0], 0);
	assert_int_equal(d[1], 0);
	assert_int_equal(d[2], 1);
	assert_int_equal(d[n - 1], CARD_STD_JK);
	assert_int_equal(d[n - 4], CARD_STD_JK);
	assert_int_equal(d[n - 5], 51);
	assert_int_equal(deck_card_kind(DECK_STD), CARD_STD);
	assert_int_equal(deck_card_kind(DECK_SQUARES), CARD_TT);
}

/* A deck given for a hand must be exactly one pack. */
static void
test_check(void **state)
{
	card_t	 d[DECK_CARDS_MAX];
	char	 why[256];
	int	 n;

	(void)state;
	n = deck_fill(DECK_SQUARES, 1, d);
	assert_int_equal(deck_check(DECK_SQUARES, d, n, why, sizeof(why)), 0);
	assert_int_equal(deck_check(DECK_SQUARES, d, n - 1, why, sizeof(why)),
	    -1);
	assert_non_null(strstr(why, "64 cards, not 63"));
	d[5] = d[4];
	assert_int_equal(deck_check(DECK_SQUARES, d, n, why, sizeof(why)), -1);
	assert_non_null(strstr(why, "card 6"));
	assert_non_null(strstr(why, "repeated"));
	d[5] = card_parse(CARD_TT, "QKb", NULL);
	assert_int_equal(deck_check(DECK_SQUARES, d, n, why, sizeof(why)), -1);
	assert_non_null(strstr(why, "(QKb) is not in it"));
	n = deck_fill(DECK_STD_JOKERS, 1, d);
	assert_int_equal(deck_check(DECK_STD_JOKERS, d, n, why, sizeof(why)),
	    0);
	d[0] = CARD_STD_JK;	/* a third joker */
	assert_int_equal(deck_check(DECK_STD_JOKERS, d, n, why, sizeof(why)),
	    -1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sizes),
		cmocka_unit_test(test_squares_not_a_prefix),
		cmocka_unit_test(test_standard_copies),
		cmocka_unit_test(test_check),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
