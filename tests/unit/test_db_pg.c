/*
 * test_db_pg.c: the store interface (db.h) on PostgreSQL: values both
 * ways, errors, transactions, the group commit's savepoints, the
 * writers' lock, query-only mode and the migrations.
 *
 * It needs a server: PG_SUPER_URI, a superuser's URI, which tests/run.sh
 * exports after starting one (tests/e2e/lib/pg.sh).  Each test makes a
 * database of its own and drops it.  Without PG_SUPER_URI it fails,
 * saying so, rather than pass having tested nothing.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "db.h"
#include "migrate.h"

struct pgdb {
	char		 name[64];
	char		 uri[512];
	struct db	*admin;
};

static const char *
super_uri(void)
{
	const char	*u = getenv("PG_SUPER_URI");

	if (u == NULL || *u == '\0')
		fail_msg("PG_SUPER_URI is not set: run through tests/run.sh, "
		    "which starts a PostgreSQL server (tests/e2e/lib/pg.sh)");
	return u;
}

/* A new empty database; its URI is the superuser's with its name. */
static void
pgdb_make(struct pgdb *p)
{
	static int	 n;
	const char	*u = super_uri(), *q;
	char		 sql[128];

	snprintf(p->name, sizeof(p->name), "unit_%ld_%d", (long)getpid(),
	    ++n);
	assert_non_null(p->admin = db_open(u, 0));
	snprintf(sql, sizeof(sql), "CREATE DATABASE %s", p->name);
	assert_int_equal(db_exec_script(p->admin, "create", sql), DB_OK);
	/* postgresql:///postgres?host=... -> postgresql:///NAME?host=... */
	assert_non_null(q = strchr(u + strlen("postgresql://"), '?'));
	snprintf(p->uri, sizeof(p->uri), "postgresql:///%s%s", p->name, q);
}

static void
pgdb_drop(struct pgdb *p)
{
	char	 sql[128];

	snprintf(sql, sizeof(sql), "DROP DATABASE IF EXISTS %s", p->name);
	assert_int_equal(db_exec_script(p->admin, "drop", sql), DB_OK);
	db_close(p->admin);
}

static struct db *
fresh(struct pgdb *p)
{
	struct db	*db;

	pgdb_make(p);
	assert_non_null(db = db_open(p->uri, 0));
	assert_true(db_is_pg(db));
	assert_int_equal(migrate_apply(db), migrate_count());
	return db;
}

static const char SQL_COUNT_KEYS[] =
    "SELECT count(*) FROM settings WHERE key LIKE ?1";

static int64_t
count_keys(struct db *db, const char *like)
{
	struct db_stmt	*st;
	int64_t		 n;

	assert_non_null(st = db_stmt(db, SQL_COUNT_KEYS));
	db_bind_text(st, 1, like, -1, DB_STATIC);
	assert_int_equal(db_step(st), DB_ROW);
	n = db_column_int64(st, 0);
	db_reset(st);
	return n;
}

static const char SQL_ADD_KEY[] =
    "INSERT INTO settings (key, value) VALUES (?1, 'v')";

static enum db_rc
add_key(struct db *db, const char *key)
{
	struct db_stmt	*st;

	assert_non_null(st = db_stmt(db, SQL_ADD_KEY));
	db_bind_text(st, 1, key, -1, DB_TRANSIENT);
	return db_step_done(db, st);
}

static void
test_migrations(void **state)
{
	struct pgdb	 p;
	struct db	*db;
	int		 v;

	(void)state;
	pgdb_make(&p);
	assert_non_null(db = db_open(p.uri, 0));
	assert_int_equal(db_user_version(db, &v), DB_OK);
	assert_int_equal(v, 0);
	assert_int_equal(migrate_check(db), -1);
	assert_int_equal(migrate_apply(db), migrate_count());
	assert_int_equal(migrate_check(db), 0);
	assert_int_equal(migrate_apply(db), 0);
	assert_int_equal(db_user_version(db, &v), DB_OK);
	assert_int_equal(v, migrate_count());
	/* A newer database than the program is refused. */
	assert_int_equal(db_set_user_version(db, migrate_count() + 1), DB_OK);
	assert_int_equal(migrate_apply(db), -1);
	db_close(db);
	/* A database that does not exist is a clear failure, not a crash. */
	assert_null(db_open("postgresql:///no_such_db?host=/nonexistent", 0));
	pgdb_drop(&p);
}

static const char SQL_V_TABLE[] =
    "CREATE TABLE v (i bigint, d double precision, t text, b bytea)";
static const char SQL_V_ADD[] =
    "INSERT INTO v (i, d, t, b) VALUES (?1, ?2, ?3, ?4)";
static const char SQL_V_GET[] =
    "SELECT i, d, t, b, '?1' FROM v ORDER BY i";

/* Every kind of value goes in and comes back the same; NULL is NULL. */
static void
test_values(void **state)
{
	static const unsigned char blob[] = { 0, 1, 0xff, '\\', 'x', 0 };
	const char	*text = "it's \"quoted\", ?1 and 3R\xe2\x99\xa5";
	struct pgdb	 p;
	struct db	*db;
	struct db_stmt	*st;

	(void)state;
	db = fresh(&p);
	assert_int_equal(db_exec_script(db, "v", SQL_V_TABLE), DB_OK);
	assert_non_null(st = db_stmt(db, SQL_V_ADD));
	db_bind_int64(st, 1, INT64_MAX);
	db_bind_double(st, 2, 0.1);
	db_bind_text(st, 3, text, -1, DB_STATIC);
	db_bind_blob(st, 4, blob, sizeof(blob), DB_STATIC);
	assert_int_equal(db_step_done(db, st), DB_OK);
	assert_int_equal(db_changes(db), 1);
	/* Handed back cleared: unbound parameters are NULL. */
	assert_non_null(st = db_stmt(db, SQL_V_ADD));
	db_bind_int(st, 1, -7);
	assert_int_equal(db_step_done(db, st), DB_OK);

	assert_non_null(st = db_stmt(db, SQL_V_GET));
	assert_int_equal(db_step(st), DB_ROW);
	assert_int_equal(db_column_int64(st, 0), -7);
	assert_true(db_column_is_null(st, 1));
	assert_null(db_column_text(st, 2));
	assert_null(db_column_blob(st, 3));
	assert_int_equal(db_column_bytes(st, 3), 0);
	assert_string_equal(db_column_text(st, 4), "?1");
	assert_int_equal(db_step(st), DB_ROW);
	assert_true(db_column_int64(st, 0) == INT64_MAX);
	assert_false(db_column_is_null(st, 1));
	assert_true(db_column_double(st, 1) == 0.1);
	assert_string_equal(db_column_text(st, 2), text);
	assert_int_equal(db_column_bytes(st, 2), (int)strlen(text));
	assert_int_equal(db_column_bytes(st, 3), (int)sizeof(blob));
	assert_memory_equal(db_column_blob(st, 3), blob, sizeof(blob));
	assert_int_equal(db_step(st), DB_DONE);
	db_reset(st);
	db_close(db);
	pgdb_drop(&p);
}

/* A unique key refused is DB_CONSTRAINT, and the connection goes on. */
static void
test_constraint(void **state)
{
	struct pgdb	 p;
	struct db	*db;

	(void)state;
	db = fresh(&p);
	assert_int_equal(add_key(db, "k1"), DB_OK);
	assert_int_equal(add_key(db, "k1"), DB_CONSTRAINT);
	assert_int_equal(db_last_rc(db), DB_CONSTRAINT);
	assert_int_equal(add_key(db, "k2"), DB_OK);
	assert_int_equal(count_keys(db, "k%"), 2);
	db_close(db);
	pgdb_drop(&p);
}

static void
test_transactions(void **state)
{
	struct pgdb	 p;
	struct db	*db;

	(void)state;
	db = fresh(&p);
	assert_int_equal(db_begin_immediate(db), DB_OK);
	assert_true(db_in_txn(db));
	assert_int_equal(add_key(db, "r1"), DB_OK);
	assert_int_equal(db_begin_immediate(db), DB_ERROR);	/* nested */
	db_rollback_if_open(db);
	assert_false(db_in_txn(db));
	assert_int_equal(count_keys(db, "r%"), 0);
	assert_int_equal(db_begin_immediate(db), DB_OK);
	assert_int_equal(add_key(db, "c1"), DB_OK);
	assert_int_equal(db_commit(db), DB_OK);
	assert_int_equal(count_keys(db, "c%"), 1);
	/* An error inside a transaction, then a rollback: usable again. */
	assert_int_equal(db_begin_immediate(db), DB_OK);
	assert_int_equal(add_key(db, "c1"), DB_CONSTRAINT);
	db_rollback_if_open(db);
	assert_int_equal(add_key(db, "c2"), DB_OK);
	db_close(db);
	pgdb_drop(&p);
}

/* One request of a group commit: its own savepoint. */
static enum db_rc
batch_request(struct db *db, const char *key, int commit)
{
	enum db_rc	 rc;

	if ((rc = db_begin_immediate(db)) != DB_OK)
		return rc;
	if ((rc = add_key(db, key)) != DB_OK)
		return rc;
	if (commit)
		return db_commit(db);
	db_rollback_if_open(db);
	return DB_OK;
}

static void
test_batch(void **state)
{
	struct pgdb	 p;
	struct db	*db, *other;
	int		 committed;

	(void)state;
	db = fresh(&p);
	assert_non_null(other = db_open(p.uri, 0));
	db_batch_begin(db);
	assert_int_equal(batch_request(db, "b1", 1), DB_OK);
	assert_int_equal(batch_request(db, "b2", 0), DB_OK);
	/* A refused request is undone alone. */
	assert_int_equal(db_begin_immediate(db), DB_OK);
	assert_int_equal(add_key(db, "b1"), DB_CONSTRAINT);
	db_rollback_if_open(db);
	assert_int_equal(batch_request(db, "b3", 1), DB_OK);
	assert_int_equal(count_keys(db, "b%"), 2);	/* the writer's view */
	assert_int_equal(count_keys(other, "b%"), 0);	/* nothing yet */
	assert_int_equal(db_batch_end(db, &committed), DB_OK);
	assert_true(committed);
	assert_int_equal(count_keys(other, "b%"), 2);
	assert_int_equal(count_keys(other, "b1"), 1);
	assert_int_equal(count_keys(other, "b3"), 1);
	db_close(other);
	db_close(db);
	pgdb_drop(&p);
}

struct writer {
	const char	*uri;
	int		 lone;		/* a lone statement, no BEGIN */
	int		 began;		/* its BEGIN (or statement) returned */
};

static void *
second_writer(void *arg)
{
	struct writer	*w = arg;
	struct db	*db;

	if ((db = db_open(w->uri, 0)) == NULL)
		return NULL;
	if (w->lone) {
		if (add_key(db, "w2") == DB_OK)
			__atomic_store_n(&w->began, 1, __ATOMIC_SEQ_CST);
	} else if (db_begin_immediate(db) == DB_OK) {
		__atomic_store_n(&w->began, 1, __ATOMIC_SEQ_CST);
		(void)add_key(db, "w2");
		(void)db_commit(db);
	}
	db_close(db);
	return NULL;
}

static const char SQL_WAITING[] =
    "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND "
    "NOT granted";

/*
 * Writers from two connections take turns, as on SQLite: a transaction,
 * and also a lone statement outside any (SQLite's autocommit write
 * takes its lock too), waits for the writer before it.
 */
static void
writers_take_turns(int lone)
{
	struct pgdb	 p;
	struct db	*db, *look;
	struct writer	 w = { NULL, lone, 0 };
	struct db_stmt	*st;
	pthread_t	 t;
	int		 i, waiting = 0;

	db = fresh(&p);
	assert_non_null(look = db_open(p.uri, 0));
	w.uri = p.uri;
	assert_int_equal(db_begin_immediate(db), DB_OK);
	assert_int_equal(add_key(db, "w1"), DB_OK);
	assert_int_equal(pthread_create(&t, NULL, second_writer, &w), 0);
	/* Until the second writer is seen waiting for the lock (<= 10 s). */
	for (i = 0; i < 1000 && !waiting; i++) {
		assert_non_null(st = db_stmt(look, SQL_WAITING));
		assert_int_equal(db_step(st), DB_ROW);
		waiting = db_column_int(st, 0) == 1;
		db_reset(st);
		if (!waiting)
			usleep(10000);
	}
	assert_true(waiting);
	assert_int_equal(__atomic_load_n(&w.began, __ATOMIC_SEQ_CST), 0);
	assert_int_equal(db_commit(db), DB_OK);
	assert_int_equal(pthread_join(t, NULL), 0);
	assert_int_equal(w.began, 1);
	assert_int_equal(count_keys(look, "w%"), 2);
	db_close(look);
	db_close(db);
	pgdb_drop(&p);
}

static void
test_writers_take_turns(void **state)
{
	(void)state;
	writers_take_turns(0);
}

static void
test_lone_write_takes_its_turn(void **state)
{
	(void)state;
	writers_take_turns(1);
}

static const char SQL_IDLE_SETTING[] =
    "SELECT current_setting('idle_in_transaction_session_timeout')";

static void
idle_setting(struct db *db, char *out, size_t n)
{
	struct db_stmt	*st;

	assert_non_null(st = db_stmt(db, SQL_IDLE_SETTING));
	assert_int_equal(db_step(st), DB_ROW);
	snprintf(out, n, "%s", (const char *)db_column_text(st, 0));
	db_reset(st);
}

/*
 * A writer whose host vanished inside its transaction: the server ends
 * the idle session (a minute by default; here the URI's 300 ms) and the
 * next writer gets the lock instead of waiting for ever.
 */
static void
test_vanished_writer_lets_go(void **state)
{
	struct pgdb	 p;
	struct db	*db, *gone, *next;
	char		 uri[600], v[32];

	(void)state;
	db = fresh(&p);
	idle_setting(db, v, sizeof(v));
	assert_string_equal(v, "1min");
	snprintf(uri, sizeof(uri), "%s&options=-c%%20"
	    "idle_in_transaction_session_timeout%%3D300", p.uri);
	assert_non_null(gone = db_open(uri, 0));
	idle_setting(gone, v, sizeof(v));
	assert_string_equal(v, "300ms");
	assert_int_equal(db_begin_immediate(gone), DB_OK);
	assert_int_equal(add_key(gone, "lost"), DB_OK);
	/* gone says nothing more; the next writer waits, then writes. */
	assert_non_null(next = db_open(p.uri, 0));
	assert_int_equal(db_begin_immediate(next), DB_OK);
	assert_int_equal(add_key(next, "next"), DB_OK);
	assert_int_equal(db_commit(next), DB_OK);
	assert_int_equal(count_keys(db, "lost"), 0);
	assert_int_equal(count_keys(db, "next"), 1);
	/* The ended session's commit fails: nothing it wrote is kept. */
	assert_int_not_equal(db_commit(gone), DB_OK);
	db_rollback_if_open(gone);
	db_close(gone);
	db_close(next);
	db_close(db);
	pgdb_drop(&p);
}

/*
 * In a group commit the request's savepoint ends before the batch's
 * transaction: query-only mode is then allowed again, and the next
 * read runs in a read-only snapshot.
 */
static void
test_query_only_after_batch(void **state)
{
	struct pgdb	 p;
	struct db	*db;
	int		 committed;

	(void)state;
	db = fresh(&p);
	db_batch_begin(db);
	assert_int_equal(db_query_only(db, 0), DB_OK);
	assert_int_equal(batch_request(db, "a1", 1), DB_OK);
	assert_int_equal(db_query_only(db, 1), DB_OK);
	assert_int_equal(db_batch_end(db, &committed), DB_OK);
	assert_true(committed);
	assert_int_equal(db_begin_read(db), DB_OK);
	assert_int_equal(add_key(db, "a2"), DB_ERROR);	/* read only */
	db_end_read(db);
	assert_int_equal(db_query_only(db, 0), DB_OK);
	assert_int_equal(count_keys(db, "a%"), 1);
	db_close(db);
	pgdb_drop(&p);
}

/* Query-only mode: one snapshot per read, and no write transaction. */
static void
test_query_only(void **state)
{
	struct pgdb	 p;
	struct db	*db, *other;

	(void)state;
	db = fresh(&p);
	assert_non_null(other = db_open(p.uri, 0));
	assert_int_equal(db_query_only(db, 1), DB_OK);
	assert_int_equal(db_begin_read(db), DB_OK);
	assert_int_equal(count_keys(db, "q%"), 0);
	assert_int_equal(add_key(other, "q1"), DB_OK);
	assert_int_equal(count_keys(db, "q%"), 0);	/* same snapshot */
	assert_int_equal(db_begin_immediate(db), DB_ERROR);
	assert_int_equal(add_key(db, "q2"), DB_ERROR);	/* read only */
	db_end_read(db);
	assert_int_equal(db_query_only(db, 0), DB_OK);
	assert_int_equal(count_keys(db, "q%"), 1);
	assert_int_equal(add_key(db, "q3"), DB_OK);
	db_close(other);
	db_close(db);
	pgdb_drop(&p);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_migrations),
		cmocka_unit_test(test_values),
		cmocka_unit_test(test_constraint),
		cmocka_unit_test(test_transactions),
		cmocka_unit_test(test_batch),
		cmocka_unit_test(test_writers_take_turns),
		cmocka_unit_test(test_lone_write_takes_its_turn),
		cmocka_unit_test(test_vanished_writer_lets_go),
		cmocka_unit_test(test_query_only_after_batch),
		cmocka_unit_test(test_query_only),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
