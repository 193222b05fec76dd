/*
 * test_store_invite.c: invitations (store_invite.h).  A held seat
 * stays open and the game 'open' with no clock; accepting seats the
 * invitee, and the last accept of a full table starts the game (its
 * clocks, its due bots); a decline frees the seat for anyone; an
 * answer after the time or a second answer is refused and changes
 * nothing; the worker's sweep expires what ran out, once; nobody else
 * joins a held seat, and the invitee cannot take another; an aborted
 * table seats nobody.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "db.h"
#include "gin_vodka.h"
#include "migrate.h"
#include "store_game.h"
#include "store_invite.h"
#include "store_lobby.h"
#include "store_user.h"
#include "vodkapolis.h"
#include "test_tmpdb.h"

struct fx {
	struct tmpdb	 tmp;
	struct db	*db;
	struct arena	 a;
	int64_t		 alice, bob, carol, robot;
};

static int
setup_fx(void **state)
{
	struct fx	*f;

	if ((f = calloc(1, sizeof(*f))) == NULL)
		return -1;
	if (tmpdb_make(&f->tmp, "si") != 0)
		return -1;
	if ((f->db = db_open(f->tmp.path, DB_CREATE)) == NULL ||
	    migrate_apply(f->db) < 1)
		return -1;
	arena_init(&f->a, 0);
	if (store_user_create(f->db, "alice", "a@example.org", "pass-word",
	    NULL, 0, CONFIG_PWHASH_MIN, &f->alice) != STORE_USER_OK ||
	    store_user_create(f->db, "bob", "b@example.org", "pass-word",
	    NULL, 0, CONFIG_PWHASH_MIN, &f->bob) != STORE_USER_OK ||
	    store_user_create(f->db, "carol", "c@example.org", "pass-word",
	    NULL, 0, CONFIG_PWHASH_MIN, &f->carol) != STORE_USER_OK ||
	    store_user_create(f->db, "robot", "r@example.org", NULL, NULL, 1,
	    CONFIG_PWHASH_MIN, &f->robot) != STORE_USER_OK)
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

/* One integer from sql (bound to id), -1 for NULL. */
static int64_t
q(struct fx *f, const char *sql, int64_t id)
{
	sqlite3_stmt	*st;
	int64_t		 v = -2;

	assert_int_equal(sqlite3_prepare_v2(db_handle(f->db), sql, -1, &st,
	    NULL), SQLITE_OK);
	sqlite3_bind_int64(st, 1, id);
	if (sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_type(st, 0) == SQLITE_NULL ? -1 :
		    sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return v;
}

static int
is_open(struct fx *f, int64_t id)
{
	return q(f, "SELECT status = 'open' FROM games WHERE id = ?1", id) ==
	    1;
}

static int64_t
clocks(struct fx *f, int64_t id)
{
	return q(f, "SELECT count(*) FROM seats WHERE game = ?1 AND "
	    "deadline IS NOT NULL", id);
}

/*
 * A new game of rules, users[s] in seat s (0: open), and an invitation
 * of invitee[s] (0: none) to each open seat that names one, from alice,
 * expiring at 1000.  Their ids in inv[s].
 */
static int64_t
game(struct fx *f, const struct game_rules *rules, int nseats,
    const int64_t *users, const int64_t *invitee, int64_t *inv)
{
	struct store_game_new	 n;
	char			 why[GAME_WHY_MAX];
	int64_t			 id = 0;
	int			 s;

	memset(&n, 0, sizeof(n));
	n.rules = rules;
	n.nseats = nseats;
	n.dealer = -1;
	for (s = 0; s < nseats; s++)
		n.users[s] = users[s];
	assert_int_equal(db_begin_immediate(f->db), DB_OK);
	if (store_game_create(f->db, &n, &id, why) != DB_OK)
		fail_msg("store_game_create: %s", why);
	for (s = 0; s < nseats; s++) {
		if (invitee[s] == 0)
			continue;
		assert_int_equal(store_invite_add(f->db, id, s, invitee[s],
		    f->alice, 10, 1000), DB_OK);
		inv[s] = sqlite3_last_insert_rowid(db_handle(f->db));
	}
	assert_int_equal(db_commit(f->db), DB_OK);
	return id;
}

/* Answer in a transaction of its own; the store's result. */
static enum db_rc
answer(struct fx *f, int64_t inv, int accept, int64_t now, int *started,
    char why[GAME_WHY_MAX])
{
	enum db_rc	 rc;

	assert_int_equal(db_begin_immediate(f->db), DB_OK);
	rc = store_invite_answer(f->db, inv, accept, now, started, why);
	if (rc == DB_OK)
		assert_int_equal(db_commit(f->db), DB_OK);
	else
		db_rollback_if_open(f->db);
	return rc;
}

static void
test_accept_starts(void **state)
{
	struct fx		*f = *state;
	int64_t			 users[2] = { f->alice, 0 };
	int64_t			 invitee[2] = { 0, f->bob }, inv[2], id;
	struct store_invite	 v;
	char			 why[GAME_WHY_MAX];
	int			 started;

	id = game(f, &gv_rules, 2, users, invitee, inv);
	/* Held: open, no clock, the seat empty. */
	assert_true(is_open(f, id));
	assert_int_equal(clocks(f, id), 0);
	assert_int_equal(q(f, "SELECT user FROM seats WHERE game = ?1 AND "
	    "seat = 1", id), -1);
	assert_int_equal(store_invite_waiting(f->db, id, f->bob, &v), DB_OK);
	assert_int_equal(v.seat, 1);
	assert_string_equal(v.name, "bob");
	assert_string_equal(v.from_name, "alice");
	assert_int_equal(v.state, STORE_INVITE_WAITING);
	assert_int_equal(store_invite_waiting(f->db, id, f->carol, &v),
	    DB_NOTFOUND);

	assert_int_equal(answer(f, inv[1], 1, 100, &started, why), DB_OK);
	assert_true(started);
	assert_false(is_open(f, id));
	assert_int_equal(q(f, "SELECT user FROM seats WHERE game = ?1 AND "
	    "seat = 1", id), f->bob);
	/* The seat to act (alice's or bob's) has its clock now. */
	assert_int_equal(clocks(f, id), 1);
	assert_int_equal(store_invite_get(f->db, inv[1], &v), DB_OK);
	assert_int_equal(v.state, STORE_INVITE_ACCEPTED);
	assert_int_equal(v.answered, 100);

	/* A second answer is refused and changes nothing. */
	assert_int_equal(answer(f, inv[1], 0, 101, &started, why),
	    DB_REFUSED);
	assert_string_equal(why, "This invitation was accepted already.");
	assert_int_equal(store_invite_get(f->db, inv[1], &v), DB_OK);
	assert_int_equal(v.state, STORE_INVITE_ACCEPTED);
	assert_int_equal(answer(f, 9999, 1, 101, &started, why), DB_NOTFOUND);
}

/* A table aborted while an invitation waits: accepting it seats nobody. */
static void
test_accept_after_abort(void **state)
{
	struct fx		*f = *state;
	int64_t			 users[2] = { f->alice, 0 };
	int64_t			 invitee[2] = { 0, f->bob }, inv[2], id;
	char			 why[GAME_WHY_MAX];
	int			 started;

	id = game(f, &gv_rules, 2, users, invitee, inv);
	assert_int_equal(sqlite3_exec(db_handle(f->db), "UPDATE games SET "
	    "status = 'over', ended = 'abort', ended_ply = 0", NULL, NULL,
	    NULL), SQLITE_OK);
	assert_int_equal(answer(f, inv[1], 1, 100, &started, why),
	    DB_REFUSED);
	assert_string_equal(why, "That seat is no longer open, or the game "
	    "has ended.");
	assert_false(started);
	assert_int_equal(q(f, "SELECT user FROM seats WHERE game = ?1 AND "
	    "seat = 1", id), -1);
	assert_int_equal(q(f, "SELECT status = 'over' FROM games WHERE "
	    "id = ?1", id), 1);
}

static void
test_decline_frees(void **state)
{
	struct fx		*f = *state;
	int64_t			 users[2] = { 0, f->alice };
	int64_t			 invitee[2] = { f->bob, 0 }, inv[2], id;
	struct store_invite	*list;
	char			 why[GAME_WHY_MAX];
	int			 started, n;

	id = game(f, &gv_rules, 2, users, invitee, inv);
	/* Held: carol cannot take it. */
	assert_int_equal(db_begin_immediate(f->db), DB_OK);
	assert_int_equal(store_lobby_join(f->db, id, -1, f->carol, why),
	    DB_REFUSED);
	db_rollback_if_open(f->db);
	assert_int_equal(store_invite_of_user(f->db, &f->a, f->bob, &list,
	    &n), DB_OK);
	assert_int_equal(n, 1);
	assert_int_equal(list[0].game, id);

	assert_int_equal(answer(f, inv[0], 0, 100, &started, why), DB_OK);
	assert_false(started);
	assert_true(is_open(f, id));
	assert_int_equal(clocks(f, id), 0);
	assert_int_equal(q(f, "SELECT user FROM seats WHERE game = ?1 AND "
	    "seat = 0", id), -1);
	assert_int_equal(store_invite_of_user(f->db, &f->a, f->bob, &list,
	    &n), DB_OK);
	assert_int_equal(n, 0);
	assert_int_equal(store_invite_of_game(f->db, &f->a, id, &list, &n),
	    DB_OK);
	assert_int_equal(n, 1);
	assert_int_equal(list[0].state, STORE_INVITE_DECLINED);

	/* Free now: carol takes it, and the full table starts. */
	assert_int_equal(db_begin_immediate(f->db), DB_OK);
	assert_int_equal(store_lobby_join(f->db, id, -1, f->carol, why),
	    DB_OK);
	assert_int_equal(db_commit(f->db), DB_OK);
	assert_false(is_open(f, id));
	assert_int_equal(clocks(f, id), 1);
}

static void
test_expire(void **state)
{
	struct fx		*f = *state;
	int64_t			 users[2] = { f->alice, 0 };
	int64_t			 invitee[2] = { 0, f->bob }, inv[2], id;
	struct store_invite	*list;
	char			 why[GAME_WHY_MAX];
	int			 started, n;

	id = game(f, &gv_rules, 2, users, invitee, inv);
	/* At its expiry it is refused, even before the sweep. */
	assert_int_equal(answer(f, inv[1], 1, 1000, &started, why),
	    DB_REFUSED);
	assert_string_equal(why, "This invitation has expired.");
	assert_int_equal(q(f, "SELECT user FROM seats WHERE game = ?1 AND "
	    "seat = 1", id), -1);

	/* The sweep: nothing before its time, then it, once. */
	assert_int_equal(db_begin_immediate(f->db), DB_OK);
	assert_int_equal(store_invite_expire(f->db, &f->a, 999, 10, &list,
	    &n), DB_OK);
	assert_int_equal(n, 0);
	assert_int_equal(store_invite_expire(f->db, &f->a, 1000, 10, &list,
	    &n), DB_OK);
	assert_int_equal(n, 1);
	assert_int_equal(list[0].id, inv[1]);
	assert_int_equal(list[0].state, STORE_INVITE_EXPIRED);
	assert_string_equal(list[0].from_name, "alice");
	assert_int_equal(store_invite_expire(f->db, &f->a, 5000, 10, &list,
	    &n), DB_OK);
	assert_int_equal(n, 0);
	assert_int_equal(db_commit(f->db), DB_OK);
	assert_true(is_open(f, id));
	assert_int_equal(clocks(f, id), 0);
	assert_int_equal(answer(f, inv[1], 1, 1001, &started, why),
	    DB_REFUSED);
	assert_string_equal(why, "This invitation has expired.");
}

static void
test_last_accept(void **state)
{
	struct fx	*f = *state;
	int64_t		 users[4] = { f->alice, 0, f->robot, 0 };
	int64_t		 invitee[4] = { 0, f->bob, 0, f->carol }, inv[4], id;
	char		 why[GAME_WHY_MAX];
	int		 started;

	id = game(f, &vp_rules, 4, users, invitee, inv);
	/* The invitee cannot take a seat besides the held one. */
	assert_int_equal(db_begin_immediate(f->db), DB_OK);
	assert_int_equal(store_lobby_join(f->db, id, 3, f->bob, why),
	    DB_REFUSED);
	db_rollback_if_open(f->db);

	assert_int_equal(answer(f, inv[1], 1, 100, &started, why), DB_OK);
	assert_false(started);
	assert_true(is_open(f, id));
	assert_int_equal(clocks(f, id), 0);
	/* The worker leaves bots alone while the table waits (worker.c). */
	q(f, "UPDATE seats SET bot_due = NULL WHERE game = ?1", id);

	assert_int_equal(answer(f, inv[3], 1, 200, &started, why), DB_OK);
	assert_true(started);
	assert_false(is_open(f, id));
	/* Whoever acts first now has a clock, or, the bot, is due. */
	assert_int_equal(q(f, "SELECT count(*) FROM seats s JOIN games g ON "
	    "g.id = s.game WHERE s.game = ?1 AND (g.to_act >> s.seat) & 1 AND "
	    "(s.deadline IS NOT NULL OR s.bot_due = 200)", id) >= 1, 1);
	assert_int_equal(q(f, "SELECT count(*) FROM seats s JOIN games g ON "
	    "g.id = s.game WHERE s.game = ?1 AND NOT (g.to_act >> s.seat) & 1 "
	    "AND (s.deadline IS NOT NULL OR s.bot_due IS NOT NULL)", id), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_accept_starts, setup_fx,
		    teardown_fx),
		cmocka_unit_test_setup_teardown(test_accept_after_abort,
		    setup_fx, teardown_fx),
		cmocka_unit_test_setup_teardown(test_decline_frees, setup_fx,
		    teardown_fx),
		cmocka_unit_test_setup_teardown(test_expire, setup_fx,
		    teardown_fx),
		cmocka_unit_test_setup_teardown(test_last_accept, setup_fx,
		    teardown_fx),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
