/*
 * test_game_web.c: the registry of the games' web sides (fcgi/games/):
 * every game of the engine has exactly one, in the engine's order, with
 * everything the shared pages call, templates that exist, the shared
 * toolbar's script and a legal-looking undo where a game has one.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "game.h"
#include "game_web.h"

/* templates/partials/NAME.html exists (tests run from the top). */
static int
partial_exists(const char *name)
{
	char	 path[256];

	snprintf(path, sizeof(path), "templates/partials/%s.html", name);
	return access(path, R_OK) == 0;
}

static void
test_one_per_game(void **state)
{
	const struct game_rules *const	*rules = game_all();
	const struct game_web *const	*web = game_web_all();
	int				 i;

	(void)state;
	for (i = 0; rules[i] != NULL; i++) {
		assert_non_null(web[i]);
		assert_ptr_equal(web[i]->rules, rules[i]);
		assert_ptr_equal(game_web_find(rules[i]->slug), web[i]);
	}
	assert_null(web[i]);
	assert_null(game_web_find("no-such-game"));
	assert_null(game_web_find(NULL));
}

static void
test_complete(void **state)
{
	const struct game_web *const	*web = game_web_all();
	int				 i, n;

	(void)state;
	for (i = 0; web[i] != NULL; i++) {
		assert_non_null(web[i]->board);
		assert_non_null(web[i]->play);
		assert_non_null(web[i]->words);
		assert_true(strlen(web[i]->about) > 20);
		assert_true(partial_exists(web[i]->board_tpl));
		assert_true(web[i]->play_tpl == NULL ||
		    partial_exists(web[i]->play_tpl));
		/* A form's own fields come with the function that reads them. */
		assert_true((web[i]->fields == NULL) ==
		    (web[i]->move_text == NULL));
		assert_true(game_web_css(web[i], &n) != NULL && n >= 1);
		assert_true(game_web_js(web[i], &n) != NULL && n >= 1);
	}
}

/*
 * One way to play: every game links the shared bar.js; an undo, where
 * a game has one, is a move its rules read, with words for its button.
 */
static void
test_one_way(void **state)
{
	const struct game_web *const	*web = game_web_all();
	const char *const		*js;
	struct game_move		 mv;
	char				 why[GAME_WHY_MAX];
	int				 i, n, undos = 0;

	(void)state;
	for (i = 0; web[i] != NULL; i++) {
		js = game_web_js(web[i], &n);
		assert_true(n >= 1);
		assert_string_equal(js[n - 1], "/static/js/bar.js");
		assert_true((web[i]->undo == NULL) ==
		    (web[i]->undo_says == NULL));
		if (web[i]->undo == NULL)
			continue;
		undos++;
		assert_int_equal(web[i]->rules->parse(web[i]->undo, &mv, why),
		    GAME_OK);
		assert_true(strlen(web[i]->undo_says) > 4);
	}
	/* Vodkapolis 500's rules allow one (RULES.md). */
	assert_true(undos >= 1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_one_per_game),
		cmocka_unit_test(test_complete),
		cmocka_unit_test(test_one_way),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
