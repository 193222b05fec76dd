/*
 * test_worker_think.c: strong bot seats in the worker (worker_think.h,
 * store_bot_level.h).  The strong bot's account makes its seats
 * strong, the lobby's bot account easy; a strong seat moves through the worker inline (--once) and through
 * the thinking thread, where the poll that posts the job returns at
 * once and a later poll applies the move through the usual path.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "arena.h"
#include "db.h"
#include "migrate.h"
#include "store_bot_level.h"
#include "store_game.h"
#include "store_lobby.h"
#include "store_user.h"
#include "test_tmpdb.h"
#include "worker.h"
#include "worker_think.h"

struct fx {
	struct tmpdb	 t;
	struct db	*db;
	struct worker	 w;
	struct arena	 a;
	int64_t		 bot, easy, human, game;
};

static double
mono(void)
{
	struct timespec	 ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Rummy 500, seat 0 the human, seat 1 the strong bot. */
static int
setup(void **state)
{
	struct store_game_new	 n;
	struct fx		*f;
	uint8_t			 seed[32];
	char			 why[GAME_WHY_MAX];

	if ((f = calloc(1, sizeof(*f))) == NULL || tmpdb_make(&f->t,
	    "think") != 0)
		return -1;
	if ((f->db = db_open(f->t.path, DB_CREATE)) == NULL ||
	    migrate_apply(f->db) < 0)
		return -1;
	if (db_begin_immediate(f->db) != DB_OK ||
	    store_bot_strong(f->db, &f->bot) != DB_OK ||
	    store_bot_strong(f->db, &f->easy) != DB_OK ||
	    store_lobby_bot(f->db, &f->easy) != DB_OK ||
	    db_commit(f->db) != DB_OK)
		return -1;
	if (store_user_create(f->db, "alice", "a@example.org", "not-a-common-pw",
	    NULL, 0, CONFIG_PWHASH_MIN, &f->human) != STORE_USER_OK)
		return -1;
	memset(seed, 3, sizeof(seed));
	memset(&n, 0, sizeof(n));
	n.rules = game_find("rummy-500");
	n.nseats = 2;
	n.dealer = 0;		/* seat 1 plays first */
	n.seed = seed;
	n.users[0] = f->human;
	n.users[1] = f->bot;
	if (db_begin_immediate(f->db) != DB_OK ||
	    store_game_create(f->db, &n, &f->game, why) != DB_OK ||
	    db_commit(f->db) != DB_OK)
		return -1;
	worker_init(&f->w, f->db);
	arena_init(&f->a, 0);
	*state = f;
	return 0;
}

static int
teardown(void **state)
{
	struct fx	*f = *state;

	worker_free(&f->w);
	arena_free(&f->a);
	db_close(f->db);
	tmpdb_remove(&f->t);
	free(f);
	return 0;
}

static void
exec(struct fx *f, const char *sql)
{
	assert_int_equal(sqlite3_exec(db_handle(f->db), sql, NULL, NULL,
	    NULL), SQLITE_OK);
}

static int
ply(struct fx *f)
{
	struct store_game	 g;

	arena_reset(&f->a);
	assert_int_equal(store_game_load(f->db, &f->a, f->game, &g), DB_OK);
	return g.ply;
}

static void
test_level_is_the_account(void **state)
{
	struct fx	*f = *state;
	uint8_t		 lv[GAME_SEATS_MAX];

	assert_int_not_equal(f->easy, f->bot);
	assert_int_equal(store_bot_levels(f->db, f->game, 2, lv), DB_OK);
	assert_int_equal(lv[0], BOT_LEVEL_EASY);
	assert_int_equal(lv[1], BOT_LEVEL_STRONG);
	assert_string_equal(bot_level_name(lv[1]), "strong");
	/* The lobby's bot account plays easy. */
	exec(f, "UPDATE seats SET user = (SELECT id FROM users WHERE "
	    "name = 'bot') WHERE seat = 1");
	assert_int_equal(store_bot_levels(f->db, f->game, 2, lv), DB_OK);
	assert_int_equal(lv[1], BOT_LEVEL_EASY);
}

/* Without a thread (topper worker --once): the poll thinks inline. */
static void
test_strong_seat_moves_inline(void **state)
{
	struct fx	*f = *state;
	int		 p0 = ply(f);

	assert_int_equal(worker_bots(&f->w, db_now()), 1);
	assert_true(ply(f) > p0);
	assert_int_equal(f->w.failed, 0);
}

/* With the thread: posting returns at once, a later poll applies. */
static void
test_strong_seat_moves_on_its_thread(void **state)
{
	struct fx		*f = *state;
	struct worker_think	*t = calloc(1, sizeof(*t));
	double			 t0;
	int			 p0 = ply(f), polls = 0, n = 0;

	assert_non_null(t);
	assert_int_equal(worker_think_start(t), 0);
	f->w.think = t;
	t0 = mono();
	assert_int_equal(worker_bots(&f->w, db_now()), 0);
	/* Far less than a strong move's budget: nothing waited for it. */
	assert_true(mono() - t0 < 0.5 * WORKER_THINK_MS / 1000.0 + 0.2);
	assert_int_equal(ply(f), p0);
	assert_true(worker_think_has(t, f->game, 1));
	while (n == 0 && polls++ < 200) {
		usleep(50000);
		n = worker_bots(&f->w, db_now());
	}
	assert_int_equal(n, 1);
	assert_int_equal(ply(f), p0 + 1);
	assert_int_equal(f->w.moved, 1);
	/* The same seat plays on (meld or discard): its next move is posted. */
	assert_true(!worker_think_has(t, f->game, 1) || t->ply == p0 + 1);
	worker_think_stop(t);
	free(t);
	f->w.think = NULL;
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_level_is_the_account, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_strong_seat_moves_inline,
		    setup, teardown),
		cmocka_unit_test_setup_teardown(
		    test_strong_seat_moves_on_its_thread, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
