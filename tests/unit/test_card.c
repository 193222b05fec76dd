/* test_card.c: card ids, attributes and text (RULES.md 0.1, 0.2). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include "card.h"

static void
test_tt_ids(void **state)
{
	(void)state;
	/* id = 25n + 5c + s */
	assert_int_equal(card_parse(CARD_TT, "1Rc", NULL), 0);
	assert_int_equal(card_parse(CARD_TT, "3Rh", NULL), 25 * 2 + 0 + 1);
	assert_int_equal(card_parse(CARD_TT, "4Bs", NULL), 25 * 3 + 5 * 3 + 3);
	assert_int_equal(card_parse(CARD_TT, "QKb", NULL), 124);
	assert_int_equal(card_parse(CARD_TT, "JK1", NULL), CARD_TT_JK1);
	assert_int_equal(card_parse(CARD_TT, "jk2", NULL), CARD_TT_JK2);
}

static void
test_tt_case_by_position(void **state)
{
	(void)state;
	/* "b" second is blue, third is blob; case is ignored. */
	assert_int_equal(card_parse(CARD_TT, "3bb", NULL),
	    card_tt_make(2, CARD_BLUE, CARD_BLOB));
	assert_int_equal(card_parse(CARD_TT, "qkB", NULL), 124);
	assert_int_equal(card_parse(CARD_TT, "2yT", NULL),
	    card_parse(CARD_TT, "2Yt", NULL));
}

static void
test_tt_bad_text(void **state)
{
	static const char *const bad[] = { "", "5Rc", "1Xc", "1Rx", "1R",
	    "?Rc", "1Rcc", "JK", "JK3", "TS", "*Bh", NULL };
	const char	*end = "unchanged";
	int		 i;

	(void)state;
	for (i = 0; bad[i] != NULL; i++) {
		assert_int_equal(card_parse(CARD_TT, bad[i], &end), CARD_NONE);
		assert_string_equal(end, "unchanged");
	}
}

static void
test_round_trip_all(void **state)
{
	char	 t[CARD_TEXT_MAX];
	int	 id;

	(void)state;
	for (id = 0; id <= CARD_TT_JK2; id++) {
		card_format(CARD_TT, (card_t)id, t);
		assert_int_equal(card_parse(CARD_TT, t, NULL), id);
	}
	for (id = 0; id <= CARD_STD_JK; id++) {
		card_format(CARD_STD, (card_t)id, t);
		assert_int_equal(card_parse(CARD_STD, t, NULL), id);
	}
	assert_int_equal(card_format(CARD_TT, CARD_NONE, t), 2);
}

static void
test_std_ids(void **state)
{
	const char	*end;

	(void)state;
	/* id = 13 * suit + rank, suits S H D C, ranks A..K */
	assert_int_equal(card_parse(CARD_STD, "AS", NULL), 0);
	assert_int_equal(card_parse(CARD_STD, "TH", NULL), 13 + 9);
	assert_int_equal(card_parse(CARD_STD, "kc", NULL), 51);
	assert_int_equal(card_parse(CARD_STD, "JK", &end), CARD_STD_JK);
	assert_string_equal(end, "");
	assert_int_equal(card_parse(CARD_STD, "1S", NULL), CARD_NONE);
	assert_int_equal(card_parse(CARD_STD, "10H", NULL), CARD_NONE);
}

static void
test_token_ends(void **state)
{
	const char	*end;

	(void)state;
	assert_int_equal(card_parse(CARD_TT, "QRc=3", &end),
	    card_tt_make(CARD_NQ, CARD_RED, CARD_CIRCLE));
	assert_string_equal(end, "=3");
	assert_int_not_equal(card_parse(CARD_TT, "1Rc 2Rc", &end), CARD_NONE);
	assert_string_equal(end, " 2Rc");
}

static void
test_special_and_matches(void **state)
{
	(void)state;
	assert_int_equal(card_tt_special(card_parse(CARD_TT, "1Rc", NULL)), 0);
	assert_int_equal(card_tt_special(card_parse(CARD_TT, "3Rb", NULL)), 1);
	assert_int_equal(card_tt_special(card_parse(CARD_TT, "QKb", NULL)), 3);
	assert_int_equal(card_tt_matches(card_parse(CARD_TT, "1Bh", NULL),
	    card_parse(CARD_TT, "3Bh", NULL)), 2);
	assert_int_equal(card_tt_matches(card_parse(CARD_TT, "1Bh", NULL),
	    card_parse(CARD_TT, "1Bh", NULL)), 3);
}

/* The small-array helpers every game's hands use. */
static void
test_card_arrays(void **state)
{
	card_t	 a[6] = { 40, 7, 93, 0, CARD_NONE, CARD_NONE };
	int	 n = 4;

	(void)state;
	card_sort(a, n);
	assert_int_equal(a[0], 0);
	assert_int_equal(a[3], 93);
	assert_int_equal(card_find(a, n, 40), 2);
	assert_int_equal(card_find(a, n, 41), -1);
	card_insert_sorted(a, n++, 8);
	assert_int_equal(a[2], 8);
	assert_int_equal(a[4], 93);
	card_insert_sorted(a, n++, 124);
	assert_int_equal(a[5], 124);
	assert_int_equal(card_remove(a, n, 8), 0);
	n--;
	assert_int_equal(a[2], 40);
	assert_int_equal(a[5], CARD_NONE);
	assert_int_equal(card_remove(a, n, 8), -1);
	assert_int_equal(a[4], 124);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tt_ids),
		cmocka_unit_test(test_tt_case_by_position),
		cmocka_unit_test(test_tt_bad_text),
		cmocka_unit_test(test_round_trip_all),
		cmocka_unit_test(test_std_ids),
		cmocka_unit_test(test_token_ends),
		cmocka_unit_test(test_special_and_matches),
		cmocka_unit_test(test_card_arrays),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
