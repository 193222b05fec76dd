/*
 * test_store_rating.c: a rated game's result is applied once, to the
 * rating rows of its seats' accounts, and never for an unrated table,
 * an open seat or one account alone; the board and a player's history
 * read them back.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <json-c/json.h>

#include "arena.h"
#include "config.h"
#include "db.h"
#include "migrate.h"
#include "store_game.h"
#include "store_rating.h"
#include "store_user.h"
#include "test_tmpdb.h"

struct fx {
	struct tmpdb	 tmp;
	struct db	*db;
	struct arena	 a;
	int64_t		 alice, bob;
};

static int
setup_fx(void **state)
{
	struct fx	*f = calloc(1, sizeof(*f));

	if (f == NULL || tmpdb_make(&f->tmp, "sr") != 0)
		return -1;
	if ((f->db = db_open(f->tmp.path, DB_CREATE)) == NULL ||
	    migrate_apply(f->db) < 1)
		return -1;
	arena_init(&f->a, 0);
	if (store_user_create(f->db, "alice", "a@example.org", "not-a-common-pw",
	    NULL, 0, CONFIG_PWHASH_MIN, &f->alice) != STORE_USER_OK ||
	    store_user_create(f->db, "bob", "b@example.org", "not-a-common-pw",
	    NULL, 0, CONFIG_PWHASH_MIN, &f->bob) != STORE_USER_OK)
		return -1;
	*state = f;
	return 0;
}

static int
teardown_fx(void **state)
{
	struct fx	*f = *state;

	db_close(f->db);
	arena_free(&f->a);
	tmpdb_remove(&f->tmp);
	free(f);
	return 0;
}

/* A Gin Vodka game row of users u0, u1 (0: open), loaded into g. */
static void
game(struct fx *f, int64_t u0, int64_t u1, int rated, struct store_game *g)
{
	static const uint8_t	 seed[32];
	struct store_game_new	 n;
	char			 why[GAME_WHY_MAX];
	int64_t			 id;

	memset(&n, 0, sizeof(n));
	n.rules = game_find("gin-vodka");
	assert_non_null(n.rules);
	n.nseats = 2;
	n.dealer = -1;
	n.seed = seed;
	n.users[0] = u0;
	n.users[1] = u1;
	assert_int_equal(db_begin_immediate(f->db), DB_OK);
	assert_int_equal(store_game_create(f->db, &n, &id, why), DB_OK);
	if (rated)
		assert_int_equal(store_rating_set_rated(f->db, id), DB_OK);
	assert_int_equal(store_game_load(f->db, &f->a, id, g), DB_OK);
	assert_int_equal(db_commit(f->db), DB_OK);
	g->finished = 1000;
}

/* Seat 0 won. */
static void
over(struct game_status *gs)
{
	memset(gs, 0, sizeof(*gs));
	gs->nseats = 2;
	gs->over = 1;
	gs->winners = 1;
	gs->scores[0] = 30;
}

static int
count(struct fx *f, const char *sql)
{
	sqlite3_stmt	*st;
	int		 n;

	assert_int_equal(sqlite3_prepare_v2(db_handle(f->db), sql, -1, &st,
	    NULL), SQLITE_OK);
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	n = sqlite3_column_int(st, 0);
	sqlite3_finalize(st);
	return n;
}

static void
test_once(void **state)
{
	struct fx		*f = *state;
	struct store_game	 g;
	struct game_status	 gs;
	struct json_object	*board, *mine;

	game(f, f->alice, f->bob, 1, &g);
	over(&gs);
	assert_int_equal(db_begin_immediate(f->db), DB_OK);
	assert_int_equal(store_rating_game_over(f->db, &g, &gs), DB_OK);
	/* A second call (a replay, a bug) changes nothing. */
	assert_int_equal(store_rating_game_over(f->db, &g, &gs), DB_OK);
	assert_int_equal(db_commit(f->db), DB_OK);
	assert_int_equal(count(f, "SELECT count(*) FROM rating_history"), 2);
	assert_int_equal(count(f, "SELECT sum(games) FROM ratings"), 2);
	assert_int_equal(count(f, "SELECT round(rating * 100) FROM ratings "
	    "WHERE user = 1"), 166231);

	assert_int_equal(store_rating_board(f->db, "gin-vodka", 1, &board),
	    DB_OK);
	assert_int_equal(json_object_array_length(board), 2);
	assert_string_equal(json_object_get_string(json_object_object_get(
	    json_object_array_get_idx(board, 0), "name")), "alice");
	assert_string_equal(json_object_get_string(json_object_object_get(
	    json_object_array_get_idx(board, 0), "rating")), "1662.31");
	json_object_put(board);
	assert_int_equal(store_rating_board(f->db, "gin-vodka", 2, &board),
	    DB_OK);
	assert_int_equal(json_object_array_length(board), 0);
	json_object_put(board);

	assert_int_equal(store_rating_of_user(f->db, f->bob, &mine), DB_OK);
	assert_int_equal(json_object_array_length(mine), 1);
	assert_int_equal(json_object_array_length(json_object_object_get(
	    json_object_array_get_idx(mine, 0), "history")), 1);
	json_object_put(mine);
}

static void
test_not_rated(void **state)
{
	struct fx		*f = *state;
	struct store_game	 g;
	struct game_status	 gs;

	over(&gs);
	game(f, f->alice, f->bob, 0, &g);		/* unrated */
	assert_int_equal(store_rating_game_over(f->db, &g, &gs), DB_OK);
	game(f, f->alice, 0, 1, &g);			/* an open seat */
	assert_int_equal(store_rating_game_over(f->db, &g, &gs), DB_OK);
	game(f, f->alice, f->alice, 1, &g);		/* alone */
	assert_int_equal(store_rating_game_over(f->db, &g, &gs), DB_OK);
	assert_int_equal(count(f, "SELECT count(*) FROM ratings"), 0);
	assert_int_equal(count(f, "SELECT count(*) FROM rating_history"), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_once, setup_fx,
		    teardown_fx),
		cmocka_unit_test_setup_teardown(test_not_rated, setup_fx,
		    teardown_fx),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
