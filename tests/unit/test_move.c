/* test_move.c: the shared move grammar (DESIGN.md "Cards and moves as text"). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include "card.h"
#include "game.h"
#include "move.h"

enum { V_PASS, V_DRAW, V_DISCARD, V_KNOCK, V_BUILD, V_MELD, V_BUY };
static const char *const verbs[] = { "pass", "draw", "discard", "knock",
	"build", "meld", "buy", NULL };
static const struct move_grammar tt = { CARD_TT, verbs };
static const struct move_grammar std = { CARD_STD, verbs };

/* Parse, then format: the canonical text. */
static void
canon(const struct move_grammar *g, const char *in, const char *want)
{
	struct game_move	 mv;
	char			 why[GAME_WHY_MAX], out[GAME_MOVE_TEXT_MAX];

	assert_int_equal(move_parse(g, in, &mv, why), GAME_OK);
	assert_int_equal(move_format(g, &mv, out, sizeof(out)), strlen(want));
	assert_string_equal(out, want);
}

static void
test_canonical_forms(void **state)
{
	(void)state;
	canon(&tt, "pass", "pass");
	canon(&tt, "  DISCARD   4bc ", "discard 4Bc");
	canon(&tt, "knock 2Yc | 1Rc 2Rc 3Rc|1Yh", "knock 2Yc | 1Rc 2Rc 3Rc | 1Yh");
	canon(&tt, "knock 2yc | 1rc 2rc 3rc | 1yh 1yt 1ys",
	    "knock 2Yc | 1Rc 2Rc 3Rc | 1Yh 1Yt 1Ys");
	canon(&tt, "build 3Rh on 4Rt", "build 3Rh on 4Rt");
	canon(&tt, "meld 1Rh 2Rh 3Rh @2", "meld 1Rh 2Rh 3Rh @2");
	canon(&tt, "discard QRc=3", "discard QRc=3");
	canon(&std, "meld JK=8h 7H 9H", "meld JK=8H 7H 9H");
	canon(&std, "buy 2", "buy 2");
}

static void
test_fields(void **state)
{
	struct game_move	 mv;
	char			 why[GAME_WHY_MAX];

	(void)state;
	assert_int_equal(move_parse(&tt, "knock 2Yc | 1Rc 2Rc 3Rc | 1Yh 1Yt 1Ys",
	    &mv, why), GAME_OK);
	assert_int_equal(mv.verb, V_KNOCK);
	assert_int_equal(mv.ncards, 7);
	assert_int_equal(mv.ngroups, 3);
	assert_int_equal(mv.group[0], 0);
	assert_int_equal(mv.group[1], 1);
	assert_int_equal(mv.group[6], 2);
	assert_int_equal(mv.at, -1);
	assert_int_equal(mv.on, CARD_NONE);
	assert_int_equal(mv.num, -1);
	assert_int_equal(move_parse(&tt, "build 3Rh on 4Rt", &mv, why), GAME_OK);
	assert_int_equal(mv.on, card_parse(CARD_TT, "4Rt", NULL));
	assert_int_equal(move_parse(&tt, "meld 1Rh 2Rh 3Rh @2", &mv, why),
	    GAME_OK);
	assert_int_equal(mv.at, 2);
	assert_int_equal(move_parse(&tt, "discard QRc=3", &mv, why), GAME_OK);
	assert_int_equal(mv.asnum[0], 3);
	assert_int_equal(mv.as[0], CARD_NONE);
}

static void
refused(const struct move_grammar *g, const char *in, const char *part)
{
	struct game_move	 mv;
	char			 why[GAME_WHY_MAX];

	assert_int_equal(move_parse(g, in, &mv, why), GAME_BAD_TEXT);
	if (strstr(why, part) == NULL)
		fail_msg("\"%s\": \"%s\" lacks \"%s\"", in, why, part);
}

static void
test_refusals(void **state)
{
	char	 long_text[400];

	(void)state;
	refused(&tt, "", "empty");
	refused(&tt, "   ", "empty");
	refused(&tt, "fold", "the moves are: pass, draw, discard");
	refused(&tt, "discard 5Rc", "not a card");
	refused(&tt, "discard 4Rc4", "not a card");
	refused(&tt, "knock | 1Rc", "empty");
	refused(&tt, "knock 1Rc | | 2Rc", "empty");
	refused(&tt, "knock 1Rc |", "empty");
	refused(&tt, "build 3Rh on", "followed by a card");
	refused(&tt, "build 3Rh on 9Zz", "must name a card");
	refused(&tt, "meld 1Rh @12", "seat");
	refused(&tt, "meld 1Rh @x", "seat");
	refused(&tt, "buy 1 2", "one number");
	refused(&tt, "discard QRc=Z", "wild's value");
	memset(long_text, 'a', sizeof(long_text) - 1);
	long_text[sizeof(long_text) - 1] = '\0';
	refused(&tt, long_text, "one line");
}

static void
test_too_many_cards(void **state)
{
	char	 text[GAME_MOVE_TEXT_MAX];
	int	 i;

	(void)state;
	strcpy(text, "meld");
	for (i = 0; i < GAME_MOVE_CARDS_MAX + 1; i++)
		strcat(text, " 1Rc");
	refused(&tt, text, "Too many cards");
}

/* A short buffer is truncated but NUL-terminated; the length is what it needed. */
static void
test_format_truncates(void **state)
{
	struct game_move	 mv;
	char			 why[GAME_WHY_MAX], out[8];

	(void)state;
	assert_int_equal(move_parse(&tt, "knock 2Yc | 1Rc 2Rc 3Rc", &mv, why),
	    GAME_OK);
	assert_int_equal(move_format(&tt, &mv, out, sizeof(out)), 23);
	assert_string_equal(out, "knock 2");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_canonical_forms),
		cmocka_unit_test(test_fields),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_too_many_cards),
		cmocka_unit_test(test_format_truncates),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
