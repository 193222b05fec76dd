/*
 * test_twelve_step_bot.c: the 12-Step bot's choices in set positions:
 * it lays its contract as soon as it can, then lays off; it asks
 * "May I?" for a card that pairs with one it holds, and passes on one
 * that does not help.
 */
#include "test_twelve_step.h"

static struct tsr_state	 S, V;

static void
choose(const struct tsr_state *s, int seat, uint8_t k, char *out, size_t n)
{
	struct game_move	 mv;
	uint8_t			 noise[32];

	memset(noise, k, sizeof(noise));
	R->view(s, seat, &V);
	assert_int_equal(tsr_bot_choose(&V, seat, noise, &mv), GAME_OK);
	R->format(&mv, out, n);
}

static void
test_layoff_first(void **unused)
{
	static const char *const hands[] = {
		"3S 3D 3C 5H 6H 7H 8H 4H 4C 9S 4D 6S 7D",
		NULL
	};
	char	 text[GAME_MOVE_TEXT_MAX];

	(void)unused;
	position(&S, 2, NULL, 1, hands, "KC", "5C");
	S.contract[0] = 2;		/* a set of 3 and a run of 4 */
	choose(&S, 0, 0, text, sizeof(text));
	assert_string_equal(text, "draw");
	play(&S, 0, "draw");
	choose(&S, 0, 0, text, sizeof(text));
	assert_int_equal(strncmp(text, "contract ", 9), 0);
	play(&S, 0, text);
	choose(&S, 0, 0, text, sizeof(text));
	/* The run takes 4H..8H in some way: the card left over goes on it. */
	assert_int_equal(strncmp(text, "layoff ", 7), 0);
}

static void
test_mayi(void **unused)
{
	static const char *const pairs[] = {
		"3S 3D 9C KD QH 5C TC 8D TD JD 4S 7H AS",
		NULL,
		"8C 8H 3C 4C 6D 7D TS JC QC KC AH 5D 9H"
	};
	char	 text[GAME_MOVE_TEXT_MAX];

	(void)unused;
	/* Seat 0 plays first (dealer 2) and discards 9C... */
	position(&S, 3, NULL, 2, pairs, "KH", "7C 6H");
	play(&S, 0, "draw");
	play(&S, 0, "discard 9C");
	/* ...which pairs with seat 2's 9H: it asks. */
	choose(&S, 2, 0, text, sizeof(text));
	assert_string_equal(text, "mayi");
	play(&S, 2, "mayi");
	play(&S, 1, "draw");
	play(&S, 1, "discard 6H");
	/* Seat 0 holds no six: no buy. */
	choose(&S, 0, 0, text, sizeof(text));
	assert_string_equal(text, "pass");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_layoff_first),
		cmocka_unit_test(test_mayi),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
