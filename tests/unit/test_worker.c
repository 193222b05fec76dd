/*
 * test_worker.c: the worker's jobs on a real database.  Bots play Gin
 * Vodka games to the end and the snapshot equals a replay of the log;
 * a seat due in the future waits; a seat another worker claimed waits
 * for its lease, and a move frees the claims; a stale or finished
 * bot_due is cleared; a passed deadline plays the rules' default move unless the
 * user is on vacation.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arena.h"
#include "db.h"
#include "migrate.h"
#include "record.h"
#include "store_game.h"
#include "store_user.h"
#include "worker.h"

struct fx {
	char		 path[256];
	struct db	*db;
	struct worker	 w;
	struct arena	 a;
	int64_t		 bot1, bot2, human;
};

static int
setup(void **state)
{
	struct fx	*f;
	const char	*dir;
	int		 fd;

	if ((f = calloc(1, sizeof(*f))) == NULL)
		return -1;
	if ((dir = getenv("TMPDIR")) == NULL)
		dir = "/tmp";
	snprintf(f->path, sizeof(f->path), "%s/test_worker.XXXXXX", dir);
	if ((fd = mkstemp(f->path)) == -1)
		return -1;
	close(fd);
	if ((f->db = db_open(f->path, DB_CREATE)) == NULL ||
	    migrate_apply(f->db) < 0)
		return -1;
	if (store_user_create(f->db, "bot1", "b1@example.org", NULL, NULL, 1,
	    CONFIG_PWHASH_MIN, &f->bot1) != STORE_USER_OK ||
	    store_user_create(f->db, "bot2", "b2@example.org", NULL, NULL, 1,
	    CONFIG_PWHASH_MIN, &f->bot2) != STORE_USER_OK ||
	    store_user_create(f->db, "alice", "a@example.org", "pass-word-1",
	    NULL, 0, CONFIG_PWHASH_MIN, &f->human) != STORE_USER_OK ||
	    sqlite3_exec(db_handle(f->db), "UPDATE users SET "
	    "email_verified = 1", NULL, NULL, NULL) != SQLITE_OK)
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
	char		 p[300];

	worker_free(&f->w);
	arena_free(&f->a);
	db_close(f->db);
	unlink(f->path);
	snprintf(p, sizeof(p), "%s-wal", f->path);
	unlink(p);
	snprintf(p, sizeof(p), "%s-shm", f->path);
	unlink(p);
	free(f);
	return 0;
}

/* A seeded Gin Vodka game between u0 and u1; returns its id. */
static int64_t
new_game(struct fx *f, int64_t u0, int64_t u1, const char *options)
{
	struct store_game_new	 n;
	uint8_t			 seed[32];
	char			 why[GAME_WHY_MAX];
	int64_t			 id = 0;
	int			 i;

	for (i = 0; i < 32; i++)
		seed[i] = (uint8_t)(i * 7 + 1);
	memset(&n, 0, sizeof(n));
	n.rules = game_find("gin-vodka");
	assert_non_null(n.rules);
	n.options = options;
	n.nseats = 2;
	n.dealer = 1;
	n.seed = seed;
	n.users[0] = u0;
	n.users[1] = u1;
	assert_int_equal(db_begin_immediate(f->db), DB_OK);
	assert_int_equal(store_game_create(f->db, &n, &id, why), DB_OK);
	assert_int_equal(db_commit(f->db), DB_OK);
	return id;
}

static void
load(struct fx *f, int64_t id, struct store_game *g)
{
	arena_reset(&f->a);
	assert_int_equal(store_game_load(f->db, &f->a, id, g), DB_OK);
}

/* One integer from sql with ?1 = id (a test-only query). */
static int64_t
query(struct fx *f, const char *sql, int64_t id)
{
	sqlite3_stmt	*st;
	int64_t		 v;

	assert_int_equal(sqlite3_prepare_v2(db_handle(f->db), sql, -1, &st,
	    NULL), SQLITE_OK);
	sqlite3_bind_int64(st, 1, id);
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	v = sqlite3_column_type(st, 0) == SQLITE_NULL ? -1 :
	    sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return v;
}

static void
exec(struct fx *f, const char *sql)
{
	assert_int_equal(sqlite3_exec(db_handle(f->db), sql, NULL, NULL,
	    NULL), SQLITE_OK);
}

static void
test_bots_play_to_the_end(void **state)
{
	struct fx		*f = *state;
	struct store_game	 g;
	struct record		 rec;
	struct record_result	 res;
	unsigned char		 st[GAME_STATE_MAX], scratch[GAME_STATE_MAX];
	int64_t			 a, b;
	int			 polls = 0, n;

	a = new_game(f, f->bot1, f->bot2, "target=1");
	b = new_game(f, f->bot2, f->bot1, "target=20");
	/* One move per due seat per poll: both games move together. */
	assert_int_equal(worker_bots(&f->w, db_now()), 2);
	load(f, a, &g);
	assert_int_equal(g.ply, 1);
	load(f, b, &g);
	assert_int_equal(g.ply, 1);
	while ((n = worker_bots(&f->w, db_now())) > 0 && polls < 5000)
		polls++;
	assert_int_equal(n, 0);
	assert_int_equal(f->w.failed, 0);
	assert_int_equal(query(f, "SELECT count(*) FROM seats WHERE "
	    "bot_due IS NOT NULL", 0), 0);
	load(f, a, &g);
	assert_true(g.over);
	load(f, b, &g);
	assert_true(g.over);
	assert_true(g.ply > 2);
	assert_int_equal(f->w.moved, query(f, "SELECT count(*) FROM moves",
	    0));
	/* The log is the truth: replaying it gives the stored bytes. */
	assert_int_equal(store_game_record(f->db, &f->a, &g, &rec), DB_OK);
	assert_int_equal(record_replay(&rec, -1, st, scratch, NULL, NULL,
	    &res), 0);
	assert_int_equal(res.ply, g.ply);
	assert_memory_equal(st, g.state, g.rules->state_size);
}

static void
test_bot_due_later_waits(void **state)
{
	struct fx		*f = *state;
	struct store_game	 g;
	int64_t			 id, now = db_now();

	id = new_game(f, f->bot1, f->bot2, "target=1");
	exec(f, "UPDATE seats SET bot_due = strftime('%s') + 100 WHERE "
	    "bot_due IS NOT NULL");
	assert_int_equal(worker_bots(&f->w, now), 0);
	load(f, id, &g);
	assert_int_equal(g.ply, 0);
	assert_int_equal(worker_bots(&f->w, now + 200), 1);
	load(f, id, &g);
	assert_int_equal(g.ply, 1);
}

static void
test_claimed_seat_waits_for_its_lease(void **state)
{
	struct fx		*f = *state;
	struct store_game	 g;
	int64_t			 id, now = db_now();

	id = new_game(f, f->bot1, f->bot2, "target=1");
	/* Another worker holds the due seat until now + 10. */
	exec(f, "UPDATE seats SET bot_claimed = strftime('%s') + 10 WHERE "
	    "bot_due IS NOT NULL");
	assert_int_equal(worker_bots(&f->w, now), 0);
	assert_int_equal(worker_bots(&f->w, now + 9), 0);
	load(f, id, &g);
	assert_int_equal(g.ply, 0);
	/* It died: the lease lapses and this worker plays the seat. */
	assert_int_equal(worker_bots(&f->w, now + 10), 1);
	load(f, id, &g);
	assert_int_equal(g.ply, 1);
	/* The move ended every claim, its own too: the next is free. */
	assert_int_equal(query(f, "SELECT count(*) FROM seats WHERE "
	    "bot_claimed IS NOT NULL", 0), 0);
	assert_int_equal(worker_bots(&f->w, now + 10), 1);
	load(f, id, &g);
	assert_int_equal(g.ply, 2);
}

static void
test_bot_due_cleared_when_not_to_act(void **state)
{
	struct fx		*f = *state;
	struct store_game	 g;
	int64_t			 id;
	int			 bot;

	/* alice and a bot; mark the bot due although it may not act. */
	id = new_game(f, f->human, f->bot1, "target=1");
	load(f, id, &g);
	bot = 1;
	if (g.to_act & (1u << bot)) {
		/* The bot acts first: let it, so alice is to act. */
		assert_int_equal(worker_bots(&f->w, db_now()), 1);
		load(f, id, &g);
		while (g.to_act & (1u << bot)) {
			assert_int_equal(worker_bots(&f->w, db_now()), 1);
			load(f, id, &g);
		}
	}
	assert_true(g.to_act & 1u);
	exec(f, "UPDATE seats SET bot_due = 1 WHERE seat = 1");
	assert_int_equal(worker_bots(&f->w, db_now()), 0);
	assert_int_equal(query(f, "SELECT bot_due FROM seats WHERE game = ?1 "
	    "AND seat = 1", id), -1);
	load(f, id, &g);
	assert_true(g.to_act & 1u);	/* nothing was played for alice */
}

static void
test_stuck_bot_backs_off(void **state)
{
	struct fx	*f = *state;
	int64_t		 id, now = db_now();

	/* A game this binary cannot load (its rules are gone). */
	id = new_game(f, f->bot1, f->bot2, "target=1");
	exec(f, "UPDATE games SET rules = 'no-such-game'");
	assert_int_equal(worker_bots(&f->w, now), 0);
	assert_int_equal(f->w.failed, 1);
	assert_int_equal(query(f, "SELECT min(bot_due) FROM seats WHERE "
	    "game = ?1", id), now + WORKER_BACKOFF_S);
	/* Not retried in a tight loop, but after the back-off. */
	assert_int_equal(worker_bots(&f->w, now + 1), 0);
	assert_int_equal(f->w.failed, 1);
	assert_int_equal(worker_bots(&f->w, now + WORKER_BACKOFF_S), 0);
	assert_int_equal(f->w.failed, 2);
}

static void
test_deadline_plays_default_move(void **state)
{
	struct fx		*f = *state;
	struct store_game	 g;
	int64_t			 id, now = db_now();
	int			 ply;

	id = new_game(f, f->human, f->bot1, "target=1");
	load(f, id, &g);
	while (!(g.to_act & 1u)) {
		assert_int_equal(worker_bots(&f->w, now), 1);
		load(f, id, &g);
	}
	ply = g.ply;
	exec(f, "UPDATE seats SET deadline = strftime('%s') - 5 WHERE "
	    "seat = 0");

	/* On vacation: the deadline waits. */
	exec(f, "UPDATE users SET vacation_until = strftime('%s') + 3600 "
	    "WHERE name = 'alice'");
	assert_int_equal(worker_deadlines(&f->w, now), 0);
	load(f, id, &g);
	assert_int_equal(g.ply, ply);

	exec(f, "UPDATE users SET vacation_until = NULL");
	assert_int_equal(worker_deadlines(&f->w, now), 1);
	assert_int_equal(f->w.timeouts, 1);
	load(f, id, &g);
	assert_int_equal(g.ply, ply + 1);
	assert_int_equal(query(f, "SELECT seat FROM moves WHERE game = ?1 "
	    "ORDER BY ply DESC LIMIT 1", id), 0);
	assert_int_equal(query(f, "SELECT deadline FROM seats WHERE "
	    "game = ?1 AND seat = 0", id), -1);
	/* Once cleared, nothing more happens. */
	assert_int_equal(worker_deadlines(&f->w, now), 0);
}

static void
test_deadline_of_a_seat_not_to_act_is_dropped(void **state)
{
	struct fx		*f = *state;
	struct store_game	 g;
	int64_t			 id, now = db_now();
	int			 idle;

	id = new_game(f, f->human, f->bot1, "target=1");
	load(f, id, &g);
	idle = g.to_act & 1u ? 1 : 0;
	exec(f, idle ? "UPDATE seats SET deadline = 1 WHERE seat = 1" :
	    "UPDATE seats SET deadline = 1 WHERE seat = 0");
	assert_int_equal(worker_deadlines(&f->w, now), 0);
	load(f, id, &g);
	assert_int_equal(g.ply, 0);
	/* Only the clock that ran out went (a seat to act has its own). */
	assert_int_equal(query(f, "SELECT count(*) FROM seats WHERE "
	    "deadline <= ?1", now), 0);
}

static void
test_poll_runs_every_job(void **state)
{
	struct fx	*f = *state;

	new_game(f, f->bot1, f->bot2, "target=1");
	assert_int_equal(worker_poll(&f->w), 1);
	assert_int_equal(worker_mail(&f->w, db_now()), 0);
	assert_int_equal(worker_poll(&f->w), 1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_bots_play_to_the_end,
		    setup, teardown),
		cmocka_unit_test_setup_teardown(test_bot_due_later_waits,
		    setup, teardown),
		cmocka_unit_test_setup_teardown(
		    test_claimed_seat_waits_for_its_lease, setup, teardown),
		cmocka_unit_test_setup_teardown(
		    test_bot_due_cleared_when_not_to_act, setup, teardown),
		cmocka_unit_test_setup_teardown(test_stuck_bot_backs_off,
		    setup, teardown),
		cmocka_unit_test_setup_teardown(
		    test_deadline_plays_default_move, setup, teardown),
		cmocka_unit_test_setup_teardown(
		    test_deadline_of_a_seat_not_to_act_is_dropped, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_poll_runs_every_job,
		    setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
