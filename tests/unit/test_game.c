/* test_game.c: the registry and the helpers every game shares. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "game.h"

static void
test_registry(void **state)
{
	const struct game_rules *const	*all;
	int				 i;

	(void)state;
	assert_null(game_find("no-such-game"));
	assert_null(game_find(NULL));
	all = game_all();
	assert_non_null(all[0]);
	for (i = 0; all[i] != NULL; i++) {
		assert_ptr_equal(game_find(all[i]->slug), all[i]);
		assert_true(all[i]->state_size <= GAME_STATE_MAX);
		assert_true(all[i]->view_size <= GAME_STATE_MAX);
		assert_true(all[i]->seats_min >= 1);
		assert_true(all[i]->seats_max <= GAME_SEATS_MAX);
	}
	assert_non_null(game_find("gin-vodka"));
}

static void
test_seat_masks(void **state)
{
	(void)state;
	assert_int_equal(game_seat_count(0), 0);
	assert_int_equal(game_seat_count(0x5), 2);
	assert_int_equal(game_first_seat(0), -1);
	assert_int_equal(game_first_seat(0x4), 2);
}

static void
test_options(void **state)
{
	static const char *const keys[] = { "target", "recycle_cap", NULL };
	char	 why[GAME_WHY_MAX];
	int	 v = -7;

	(void)state;
	assert_int_equal(game_option_int("target=75 recycle_cap=1", "target",
	    1, 1000, &v), 1);
	assert_int_equal(v, 75);
	assert_int_equal(game_option_int("target=75 recycle_cap=1",
	    "recycle_cap", 0, 9, &v), 1);
	assert_int_equal(v, 1);
	assert_int_equal(game_option_int("xtarget=5", "target", 1, 9, &v), 0);
	assert_int_equal(game_option_int(NULL, "target", 1, 9, &v), 0);
	assert_int_equal(game_option_int("target=abc", "target", 1, 9, &v), -1);
	assert_int_equal(game_option_int("target=10", "target", 1, 9, &v), -1);
	assert_int_equal(game_option_int("target=-1", "target", -5, 9, &v), 1);
	assert_int_equal(v, -1);
	assert_int_equal(game_options_known("target=1 recycle_cap=2", keys,
	    why), 0);
	assert_int_equal(game_options_known("", keys, why), 0);
	assert_int_equal(game_options_known("target=1 colour=red", keys, why),
	    -1);
	assert_non_null(strstr(why, "colour"));
	assert_int_equal(game_options_known("target", keys, why), -1);
}

static void
test_check_turn(void **state)
{
	char	 why[GAME_WHY_MAX];

	(void)state;
	assert_int_equal(game_check_turn(1, 3, 1, why), GAME_OK);
	assert_int_equal(game_check_turn(3, 3, 1, why), GAME_REFUSED);
	assert_non_null(strstr(why, "no seat 3"));
	assert_int_equal(game_check_turn(-1, 3, 1, why), GAME_REFUSED);
	assert_int_equal(game_check_turn(0, 3, 2, why), GAME_REFUSED);
	assert_non_null(strstr(why, "seat 2 is to play"));
}

/* Set up rules with nseats and options into st; the rc. */
static enum game_rc
setup_with(const struct game_rules *rules, int nseats, const char *options,
    unsigned char *st)
{
	static const uint8_t	 seed[32] = { 7 };
	struct game_setup	 su;
	char			 why[GAME_WHY_MAX];

	memset(&su, 0, sizeof(su));
	su.nseats = nseats;
	su.options = options;
	su.seed = seed;
	su.dealer = -1;
	memset(st, 0, GAME_STATE_MAX);
	return rules->setup(st, &su, why);
}

/*
 * Every game's option descriptors (what the lobby offers) agree with
 * its setup(): the default written out gives the same state as no
 * options, every word and both ends of a range are accepted, and a
 * value past either end or an unknown word is refused.
 */
static void
test_option_descriptors(void **state)
{
	static unsigned char		 a[GAME_STATE_MAX], b[GAME_STATE_MAX];
	const struct game_rules *const	*all = game_all();
	const struct game_option	*o;
	char				 text[64];
	int				 i, w, n;

	(void)state;
	for (i = 0; all[i] != NULL; i++) {
		/* The most seats, so that teams up to 6 divide them. */
		n = all[i]->seats_max;
		assert_int_equal(setup_with(all[i], n, "", a), GAME_OK);
		assert_non_null(all[i]->options);
		for (o = all[i]->options; o->key != NULL; o++) {
			assert_non_null(o->label);
			assert_non_null(o->help);
			/*
			 * A value a person would not read as it is (a yes
			 * or no as 0 and 1, a word with '_') has its words.
			 */
			if (o->words == NULL && o->lo == 0 && o->hi == 1) {
				assert_non_null(o->says);
				assert_non_null(o->says[0]);
				assert_non_null(o->says[1]);
			}
			for (w = 0; o->words != NULL && o->words[w] != NULL;
			    w++)
				if (strchr(o->words[w], '_') != NULL ||
				    o->says != NULL) {
					assert_non_null(o->says);
					assert_true(strlen(o->says[w]) > 0);
				}
			if (o->words != NULL) {
				snprintf(text, sizeof(text), "%s=%s", o->key,
				    o->words[o->def]);
				assert_int_equal(setup_with(all[i], n, text,
				    b), GAME_OK);
				assert_memory_equal(a, b, all[i]->state_size);
				for (w = 0; o->words[w] != NULL; w++) {
					snprintf(text, sizeof(text), "%s=%s",
					    o->key, o->words[w]);
					assert_int_equal(setup_with(all[i], n,
					    text, b), GAME_OK);
				}
				snprintf(text, sizeof(text), "%s=nonsense",
				    o->key);
				assert_int_not_equal(setup_with(all[i], n, text,
				    b), GAME_OK);
				continue;
			}
			assert_true(o->lo <= o->hi);
			if (o->def >= o->lo) {
				assert_true(o->def <= o->hi);
				snprintf(text, sizeof(text), "%s=%d", o->key,
				    o->def);
				assert_int_equal(setup_with(all[i], n, text,
				    b), GAME_OK);
				assert_memory_equal(a, b, all[i]->state_size);
			}
			snprintf(text, sizeof(text), "%s=%d", o->key, o->lo);
			assert_int_equal(setup_with(all[i], n, text, b),
			    GAME_OK);
			snprintf(text, sizeof(text), "%s=%d", o->key, o->hi);
			assert_int_equal(setup_with(all[i], n, text, b),
			    GAME_OK);
			snprintf(text, sizeof(text), "%s=%d", o->key,
			    o->hi + 1);
			assert_int_not_equal(setup_with(all[i], n, text, b),
			    GAME_OK);
			snprintf(text, sizeof(text), "%s=%d", o->key,
			    o->lo - 1);
			assert_int_not_equal(setup_with(all[i], n, text, b),
			    GAME_OK);
		}
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_registry),
		cmocka_unit_test(test_seat_masks),
		cmocka_unit_test(test_options),
		cmocka_unit_test(test_check_turn),
		cmocka_unit_test(test_option_descriptors),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
