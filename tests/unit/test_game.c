/* test_game.c: the registry and the helpers every game shares. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
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

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_registry),
		cmocka_unit_test(test_seat_masks),
		cmocka_unit_test(test_options),
		cmocka_unit_test(test_check_turn),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
