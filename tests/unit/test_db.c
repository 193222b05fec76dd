/*
 * test_db.c: configuration, the connection and its statement cache,
 * migrations, the busy handler and the user rules.
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
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "config.h"
#include "db.h"
#include "migrate.h"
#include "store_user.h"
#include "test_tmpdb.h"

static void
tmp_make(struct tmpdb *t)
{
	assert_int_equal(tmpdb_make(t, "db"), 0);
}

/* A migrated database in a fresh directory. */
static struct db *
fresh_db(struct tmpdb *t)
{
	struct db	*db;

	tmp_make(t);
	assert_non_null(db = db_open(t->path, DB_CREATE));
	assert_int_equal(migrate_apply(db), migrate_count());
	return db;
}

/* First column of the first row of sql, as text, via sqlite3_exec. */
static int
first_cb(void *arg, int n, char **vals, char **names)
{
	char	*out = arg;

	(void)names;
	if (out[0] == '\0' && n > 0)
		snprintf(out, 256, "%s", vals[0] != NULL ? vals[0] : "NULL");
	return 0;
}

static void
query1(struct db *db, const char *sql, char out[256])
{
	out[0] = '\0';
	assert_int_equal(sqlite3_exec(db_handle(db), sql, first_cb, out, NULL),
	    SQLITE_OK);
}

static double
now_ms(void)
{
	struct timespec	 ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void
test_migrations(void **state)
{
	struct tmpdb	 t;
	struct db	*db;
	char		 v[256];
	int		 ver;

	(void)state;
	tmp_make(&t);
	assert_null(db_open(t.path, 0));	/* must exist without DB_CREATE */
	assert_non_null(db = db_open(t.path, DB_CREATE));
	assert_int_equal(migrate_check(db), -1);
	assert_true(migrate_count() >= 1);
	assert_int_equal(migrate_apply(db), migrate_count());
	assert_int_equal(db_user_version(db, &ver), DB_OK);
	assert_int_equal(ver, migrate_count());
	assert_int_equal(migrate_check(db), 0);
	assert_int_equal(migrate_apply(db), 0);	/* nothing left to do */

	query1(db, "PRAGMA integrity_check", v);
	assert_string_equal(v, "ok");
	query1(db, "PRAGMA foreign_key_check", v);
	assert_string_equal(v, "");		/* no rows */
	query1(db, "PRAGMA journal_mode", v);
	assert_string_equal(v, "wal");
	query1(db, "PRAGMA synchronous", v);
	assert_string_equal(v, "2");		/* FULL */
	query1(db, "PRAGMA foreign_keys", v);
	assert_string_equal(v, "1");
	/* Every table of ours is STRICT. */
	query1(db, "SELECT count(*) FROM pragma_table_list WHERE schema = "
	    "'main' AND type = 'table' AND name NOT LIKE 'sqlite_%' AND "
	    "strict = 0", v);
	assert_string_equal(v, "0");
	query1(db, "SELECT count(*) FROM pragma_table_list WHERE schema = "
	    "'main' AND type = 'table' AND name NOT LIKE 'sqlite_%'", v);
	assert_true(atoi(v) >= 9);
	/* A newer database than the program is refused. */
	assert_int_equal(db_set_user_version(db, migrate_count() + 1), DB_OK);
	assert_int_equal(migrate_apply(db), -1);
	assert_int_equal(migrate_check(db), -1);
	db_close(db);
	tmpdb_remove(&t);
}

static const char SQL_A[] = "SELECT ?1 + 1";
static const char SQL_B[] = "SELECT ?1 + 1";	/* same text, other address */

static void
test_stmt_cache(void **state)
{
	struct tmpdb	 t;
	struct db	*db;
	struct db_stmt	*a, *b;
	char		 v[256];
	int		 added, n;

	(void)state;
	db = fresh_db(&t);
	n = db_nprepared(db);
	assert_non_null(a = db_stmt(db, SQL_A));
	db_bind_int(a, 1, 41);
	assert_int_equal(db_step(a), DB_ROW);
	assert_int_equal(db_column_int(a, 0), 42);
	/* Handed back reset and cleared: ?1 is NULL again, so NULL + 1. */
	assert_ptr_equal(db_stmt(db, SQL_A), a);
	assert_int_equal(db_step(a), DB_ROW);
	assert_int_equal(db_column_is_null(a, 0), 1);
	db_reset(a);
	assert_non_null(b = db_stmt(db, SQL_B));
	assert_ptr_not_equal(a, b);
	assert_int_equal(db_nprepared(db), n + 2);
	assert_ptr_equal(db_stmt(db, SQL_A), a);
	assert_int_equal(db_nprepared(db), n + 2);

	/* Transactions. */
	db_rollback_if_open(db);		/* no-op outside one */
	assert_int_equal(db_in_txn(db), 0);
	assert_int_equal(db_begin_immediate(db), DB_OK);
	assert_int_equal(db_in_txn(db), 1);
	assert_int_equal(db_setting_add(db, "k", "one", &added), DB_OK);
	assert_int_equal(added, 1);
	db_rollback_if_open(db);
	assert_int_equal(db_setting_get(db, "k", v, sizeof(v)), DB_NOTFOUND);
	assert_int_equal(db_begin_immediate(db), DB_OK);
	assert_int_equal(db_setting_add(db, "k", "one", &added), DB_OK);
	assert_int_equal(db_setting_add(db, "k", "two", &added), DB_OK);
	assert_int_equal(added, 0);		/* kept the first */
	assert_int_equal(db_commit(db), DB_OK);
	assert_int_equal(db_setting_get(db, "k", v, sizeof(v)), DB_OK);
	assert_string_equal(v, "one");
	assert_int_equal(db_setting_get(db, "k", v, 3), DB_ERROR);

	/* query_only refuses writes, and lifts again. */
	assert_int_equal(db_query_only(db, 1), DB_OK);
	assert_int_equal(db_setting_add(db, "q", "x", NULL), DB_ERROR);
	assert_int_equal(sqlite3_extended_errcode(db_handle(db)) & 0xff,
	    SQLITE_READONLY);
	assert_int_equal(db_begin_immediate(db), DB_ERROR);
	assert_int_equal(db_setting_get(db, "k", v, sizeof(v)), DB_OK);
	assert_int_equal(db_query_only(db, 0), DB_OK);
	assert_int_equal(db_setting_add(db, "q", "x", NULL), DB_OK);
	/* Toggling prepares nothing again (PRAGMA query_only would). */
	n = db_nprepared(db);
	assert_int_equal(db_query_only(db, 1), DB_OK);
	assert_int_equal(db_setting_get(db, "q", v, sizeof(v)), DB_OK);
	assert_int_equal(db_query_only(db, 0), DB_OK);
	assert_int_equal(db_setting_get(db, "q", v, sizeof(v)), DB_OK);
	assert_int_equal(db_nprepared(db), n);
	/* Not inside a transaction. */
	assert_int_equal(db_begin_immediate(db), DB_OK);
	assert_int_equal(db_query_only(db, 1), DB_ERROR);
	assert_int_equal(db_commit(db), DB_OK);
	db_close(db);
	tmpdb_remove(&t);
}

struct holder {
	const char	*path;
	int		 hold_ms;
	int		 fd;		/* write end: "locked" */
	double		 released;	/* now_ms() right after COMMIT */
};

static void *
hold_lock(void *arg)
{
	struct holder	*h = arg;
	struct db	*db;
	struct timespec	 ts = { 0, 0 };

	if ((db = db_open(h->path, 0)) == NULL ||
	    db_begin_immediate(db) != DB_OK ||
	    db_setting_add(db, "held", "1", NULL) != DB_OK)
		abort();
	if (write(h->fd, "x", 1) != 1)
		abort();
	ts.tv_nsec = h->hold_ms * 1000000L;
	nanosleep(&ts, NULL);
	if (db_commit(db) != DB_OK)
		abort();
	h->released = now_ms();
	db_close(db);
	return NULL;
}

static void
test_busy_handler(void **state)
{
	struct tmpdb	 t;
	struct db	*a, *b;
	struct holder	 h;
	pthread_t	 th;
	double		 t0, got, waited, late;
	char		 c;
	int		 fds[2];

	(void)state;
	a = fresh_db(&t);
	assert_non_null(b = db_open(t.path, 0));

	/* Held for good: the second writer gives up after about 2 s. */
	assert_int_equal(db_begin_immediate(a), DB_OK);
	t0 = now_ms();
	assert_int_equal(db_begin_immediate(b), DB_BUSY);
	waited = now_ms() - t0;
	print_message("busy: gave up after %.1f ms\n", waited);
	assert_true(waited >= DB_BUSY_MAX_MS - 5);
	assert_true(waited < DB_BUSY_MAX_MS + 1000);
	assert_int_equal(db_in_txn(b), 0);
	db_rollback_if_open(a);

	/* Held for 50 ms by another connection: taken soon after release. */
	assert_int_equal(pipe(fds), 0);
	h.path = t.path;
	h.hold_ms = 50;
	h.fd = fds[1];
	assert_int_equal(pthread_create(&th, NULL, hold_lock, &h), 0);
	assert_int_equal(read(fds[0], &c, 1), 1);
	t0 = now_ms();
	assert_int_equal(db_begin_immediate(b), DB_OK);
	got = now_ms();
	waited = got - t0;
	assert_int_equal(db_commit(b), DB_OK);
	assert_int_equal(pthread_join(th, NULL), 0);
	late = got - h.released;	/* from the holder's COMMIT to our lock */
	print_message("busy: waited %.2f ms for a 50 ms lock, %.3f ms after "
	    "its release\n", waited, late);
	assert_true(waited >= 40);
	/* Millisecond sleeps would overshoot by 1-20 ms; ours by ~0.1. */
	assert_true(late < 20);
	close(fds[0]);
	close(fds[1]);
	db_close(b);
	db_close(a);
	tmpdb_remove(&t);
}

/*
 * A writer outside the queue (the sqlite3 shell, say) still holds
 * SQLite's lock: a queued writer then waits through the busy handler
 * and gives up as before.
 */
static void
test_queue_outsider(void **state)
{
	struct tmpdb	 t;
	struct db	*a;
	sqlite3		*raw;
	double		 t0, waited;

	(void)state;
	a = fresh_db(&t);
	assert_int_equal(sqlite3_open(t.path, &raw), SQLITE_OK);
	assert_int_equal(sqlite3_exec(raw, "BEGIN IMMEDIATE", NULL, NULL,
	    NULL), SQLITE_OK);
	t0 = now_ms();
	assert_int_equal(db_begin_immediate(a), DB_BUSY);
	waited = now_ms() - t0;
	assert_true(waited >= DB_BUSY_MAX_MS - 5);
	assert_int_equal(sqlite3_exec(raw, "COMMIT", NULL, NULL, NULL),
	    SQLITE_OK);
	sqlite3_close(raw);
	/* The queue was left: the next writer goes at once. */
	t0 = now_ms();
	assert_int_equal(db_begin_immediate(a), DB_OK);
	assert_true(now_ms() - t0 < 100);
	assert_int_equal(db_commit(a), DB_OK);
	db_close(a);
	tmpdb_remove(&t);
}

static const char SQL_CK_ADD[] =
    "INSERT INTO settings (key, value) VALUES (?1, printf('%.3000c', 'x'))";

/* The settings rows whose key starts with "b", seen by another connection. */
static void
committed_keys(const char *path, char out[256])
{
	sqlite3		*h;
	sqlite3_stmt	*st;
	size_t		 n = 0;

	out[0] = '\0';
	assert_int_equal(sqlite3_open_v2(path, &h, SQLITE_OPEN_READONLY, NULL),
	    SQLITE_OK);
	assert_int_equal(sqlite3_prepare_v2(h, "SELECT key FROM settings "
	    "WHERE key LIKE 'b%' ORDER BY key", -1, &st, NULL), SQLITE_OK);
	while (sqlite3_step(st) == SQLITE_ROW)
		n += (size_t)snprintf(out + n, 256 - n, "%s%s", n ? " " : "",
		    (const char *)sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
	sqlite3_close(h);
}

/* One request of a batch: its own transaction with one row. */
static enum db_rc
batch_request(struct db *db, const char *key, int keep)
{
	struct db_stmt	*st;
	enum db_rc	 rc;

	if ((rc = db_begin_immediate(db)) != DB_OK)
		return rc;
	assert_true(db_in_txn(db));
	assert_non_null(st = db_stmt(db, SQL_CK_ADD));
	db_bind_text(st, 1, key, -1, DB_TRANSIENT);
	assert_int_equal(db_step_done(db, st), DB_OK);
	if (!keep) {
		db_rollback_if_open(db);
		assert_false(db_in_txn(db));
		return DB_OK;
	}
	rc = db_commit(db);
	assert_false(db_in_txn(db));
	return rc;
}

/*
 * Group commit: the requests of a batch are savepoints of one
 * transaction.  Nothing is visible to another connection before
 * db_batch_end(); then what each request committed is, and what one
 * rolled back is not.  A nested begin is refused as outside a batch.
 */
static void
test_batch(void **state)
{
	struct tmpdb	 t;
	struct db	*db;
	char		 out[256];
	int		 committed;

	(void)state;
	db = fresh_db(&t);
	db_batch_begin(db);
	assert_false(db_in_txn(db));
	assert_int_equal(batch_request(db, "b1", 1), DB_OK);
	assert_int_equal(batch_request(db, "b2", 0), DB_OK);
	assert_int_equal(db_begin_immediate(db), DB_OK);
	assert_int_equal(db_begin_immediate(db), DB_ERROR);	/* nested */
	db_rollback_if_open(db);
	/* A commit of no transaction must not commit the batch's. */
	assert_int_equal(db_commit(db), DB_ERROR);
	assert_int_equal(batch_request(db, "b3", 1), DB_OK);
	/* A read of the writer's own sees the batch so far. */
	query1(db, "SELECT count(*) FROM settings WHERE key LIKE 'b%'", out);
	assert_string_equal(out, "2");
	committed_keys(t.path, out);
	assert_string_equal(out, "");
	assert_int_equal(db_batch_end(db, &committed), DB_OK);
	assert_true(committed);
	committed_keys(t.path, out);
	assert_string_equal(out, "b1 b3");

	/* An empty batch commits nothing and leaves no transaction. */
	db_batch_begin(db);
	assert_int_equal(db_batch_end(db, &committed), DB_OK);
	assert_false(committed);
	assert_int_equal(sqlite3_get_autocommit(db_handle(db)), 1);

	/* Outside a batch, transactions commit one by one again. */
	assert_int_equal(batch_request(db, "b4", 1), DB_OK);
	committed_keys(t.path, out);
	assert_string_equal(out, "b1 b3 b4");
	db_close(db);
	tmpdb_remove(&t);
}

/*
 * When SQLite rolls the whole transaction back (an I/O error or a full
 * disk does; here a ROLLBACK stands in for it), the earlier requests'
 * writes are gone too: no later request may join, and db_batch_end()
 * reports the loss so that none of the batch is answered as saved.
 * The connection works normally afterwards.
 */
static void
test_batch_lost(void **state)
{
	struct tmpdb	 t;
	struct db	*db;
	char		 out[256];
	int		 committed;

	(void)state;
	db = fresh_db(&t);
	db_batch_begin(db);
	assert_int_equal(batch_request(db, "b1", 1), DB_OK);
	assert_int_equal(sqlite3_exec(db_handle(db), "ROLLBACK", NULL, NULL,
	    NULL), SQLITE_OK);
	assert_int_equal(db_begin_immediate(db), DB_ERROR);
	assert_false(db_in_txn(db));
	assert_int_equal(db_batch_end(db, &committed), DB_ERROR);
	assert_false(committed);
	committed_keys(t.path, out);
	assert_string_equal(out, "");
	assert_int_equal(batch_request(db, "b2", 1), DB_OK);
	db_batch_begin(db);
	assert_int_equal(batch_request(db, "b3", 1), DB_OK);
	assert_int_equal(db_batch_end(db, &committed), DB_OK);
	committed_keys(t.path, out);
	assert_string_equal(out, "b2 b3");
	db_close(db);
	tmpdb_remove(&t);
}

/*
 * db_commit checkpoints once the WAL holds DB_CHECKPOINT_FRAMES pages,
 * so the log restarts from its beginning instead of growing with every
 * commit: the -wal file stays near that size (a WAL is reused, not
 * truncated).  Without the checkpoint DB_CHECKPOINT_FRAMES commits of
 * two pages or more would leave it twice that size.
 */
static void
test_checkpoint(void **state)
{
	struct tmpdb	 t;
	struct db	*db;
	struct stat	 sb;
	struct db_stmt	*st;
	char		 key[32], wal[160];
	int		 i;

	(void)state;
	db = fresh_db(&t);
	for (i = 0; i < DB_CHECKPOINT_FRAMES; i++) {
		snprintf(key, sizeof(key), "k%d", i);
		assert_int_equal(db_begin_immediate(db), DB_OK);
		assert_non_null(st = db_stmt(db, SQL_CK_ADD));
		db_bind_text(st, 1, key, -1, DB_TRANSIENT);
		assert_int_equal(db_step_done(db, st), DB_OK);
		assert_int_equal(db_commit(db), DB_OK);
	}
	snprintf(wal, sizeof(wal), "%s-wal", t.path);
	assert_int_equal(stat(wal, &sb), 0);
	print_message("checkpoint: the WAL file is %lld bytes\n",
	    (long long)sb.st_size);
	assert_true(sb.st_size < (DB_CHECKPOINT_FRAMES + 50) * (4096 + 24));
	db_close(db);
	tmpdb_remove(&t);
}

/*
 * The writer's batches commit without checkpointing (their replies go
 * first); db_checkpoint_if_due() afterwards keeps the WAL near
 * DB_CHECKPOINT_FRAMES pages all the same.  Without it, as many
 * batches would leave it twice that size.
 */
static void
test_batch_checkpoint(void **state)
{
	struct tmpdb	 t;
	struct db	*db;
	struct stat	 sb;
	char		 key[32], wal[160];
	int		 i, committed;

	(void)state;
	db = fresh_db(&t);
	for (i = 0; i < DB_CHECKPOINT_FRAMES; i++) {
		snprintf(key, sizeof(key), "b%d", i);
		db_batch_begin(db);
		assert_int_equal(batch_request(db, key, 1), DB_OK);
		assert_int_equal(db_batch_end(db, &committed), DB_OK);
		assert_true(committed);
		db_checkpoint_if_due(db);
	}
	snprintf(wal, sizeof(wal), "%s-wal", t.path);
	assert_int_equal(stat(wal, &sb), 0);
	print_message("batch checkpoint: the WAL file is %lld bytes\n",
	    (long long)sb.st_size);
	assert_true(sb.st_size < (DB_CHECKPOINT_FRAMES + 50) * (4096 + 24));
	db_close(db);
	tmpdb_remove(&t);
}

static void
test_user_rules(void **state)
{
	struct tmpdb	 t;
	struct db	*db;
	struct store_user u;
	int64_t		 id, bot;

	(void)state;
	db = fresh_db(&t);
	assert_int_equal(store_user_check_name("ab"), STORE_USER_BAD_NAME);
	assert_int_equal(store_user_check_name("abc"), STORE_USER_OK);
	assert_int_equal(store_user_check_name("a23456789_123456789-"),
	    STORE_USER_OK);
	assert_int_equal(store_user_check_name("a23456789_123456789-x"),
	    STORE_USER_BAD_NAME);
	assert_int_equal(store_user_check_name("two words"),
	    STORE_USER_BAD_NAME);
	assert_int_equal(store_user_check_name("caf\xc3\xa9"),
	    STORE_USER_BAD_NAME);
	assert_int_equal(store_user_check_name("dot.name"), STORE_USER_BAD_NAME);
	assert_int_equal(store_user_check_email("a@b"), STORE_USER_OK);
	assert_int_equal(store_user_check_email(""), STORE_USER_BAD_EMAIL);
	assert_int_equal(store_user_check_email("nobody"), STORE_USER_BAD_EMAIL);
	assert_int_equal(store_user_check_email("a b@c.d"),
	    STORE_USER_BAD_EMAIL);
	assert_int_equal(store_user_check_email("@c.d"), STORE_USER_BAD_EMAIL);

	assert_int_equal(store_user_create(db, "x", "a@b.c", "pass-word-1", NULL,
	    0, CONFIG_PWHASH_MIN, &id), STORE_USER_BAD_NAME);
	assert_int_equal(store_user_create(db, "Alice", NULL, "pass-word-1",
	    NULL, 0, CONFIG_PWHASH_MIN, &id), STORE_USER_BAD_EMAIL);
	assert_int_equal(store_user_create(db, "Alice", "a@b.c", "short", NULL,
	    0, CONFIG_PWHASH_MIN, &id), STORE_USER_BAD_PASSWORD);
	assert_int_equal(store_user_create(db, "Alice", "a@b.c", NULL, NULL,
	    0, CONFIG_PWHASH_MIN, &id), STORE_USER_BAD_PASSWORD);
	/* The common passwords of pw_common.h, in any case. */
	assert_int_equal(store_user_create(db, "Alice", "a@b.c", "password",
	    NULL, 0, CONFIG_PWHASH_MIN, &id), STORE_USER_COMMON_PASSWORD);
	assert_int_equal(store_user_check_password("QwertyUIOP"),
	    STORE_USER_COMMON_PASSWORD);
	assert_int_equal(store_user_check_password("12345678"),
	    STORE_USER_COMMON_PASSWORD);
	assert_int_equal(store_user_check_password("zzzzzzzz"),
	    STORE_USER_OK);
	assert_int_equal(store_user_check_password("abc12345"),
	    STORE_USER_COMMON_PASSWORD);
	assert_int_equal(store_user_create(db, "Alice", "a@b.c", "1234-5678",
	    NULL, 0, CONFIG_PWHASH_MIN, &id), STORE_USER_OK);
	assert_true(id > 0);
	assert_int_equal(store_user_create(db, "aLICE", "x@y.z", "1234-5678",
	    NULL, 0, CONFIG_PWHASH_MIN, NULL), STORE_USER_NAME_TAKEN);
	assert_string_equal(store_user_why(STORE_USER_NAME_TAKEN),
	    "That name is taken.");
	/* A bot needs no password and cannot log in. */
	assert_int_equal(store_user_create(db, "robot", "r@b.c", NULL, NULL,
	    1, CONFIG_PWHASH_MIN, &bot), STORE_USER_OK);

	assert_int_equal(store_user_by_name(db, "ALICE", &u), STORE_USER_OK);
	assert_string_equal(u.name, "Alice");
	assert_string_equal(u.tz, "UTC");
	assert_int_equal(u.id, id);
	assert_int_equal(u.has_password, 1);
	assert_int_equal(store_user_by_id(db, bot, &u), STORE_USER_OK);
	assert_string_equal(u.name, "robot");
	assert_int_equal(u.is_bot, 1);
	assert_int_equal(u.has_password, 0);
	assert_int_equal(store_user_by_name(db, "nobody", &u),
	    STORE_USER_NOTFOUND);
	assert_int_equal(store_user_by_id(db, 999, &u), STORE_USER_NOTFOUND);

	assert_int_equal(store_user_verify(db, "alice", "1234-5678",
	    CONFIG_PWHASH_MIN, &u), STORE_USER_OK);
	assert_int_equal(u.id, id);
	assert_int_equal(store_user_verify(db, "alice", "12345679",
	    CONFIG_PWHASH_MIN, NULL), STORE_USER_WRONG_PASSWORD);
	assert_int_equal(store_user_verify(db, "robot", "1234-5678",
	    CONFIG_PWHASH_MIN, NULL), STORE_USER_WRONG_PASSWORD);
	assert_int_equal(store_user_verify(db, "nobody", "1234-5678",
	    CONFIG_PWHASH_MIN, NULL), STORE_USER_NOTFOUND);
	db_close(db);
	tmpdb_remove(&t);
}

/* The one hash at production cost (DESIGN.md "Trust"). */
static void
test_password_interactive(void **state)
{
	struct tmpdb	 t;
	struct db	*db;
	struct store_user u;
	char		 v[256];
	double		 t0, ms;

	(void)state;
	db = fresh_db(&t);
	t0 = now_ms();
	assert_int_equal(store_user_create(db, "carol", "c@d.e",
	    "correct horse", "Europe/Paris", 0, CONFIG_PWHASH_INTERACTIVE,
	    NULL), STORE_USER_OK);
	ms = now_ms() - t0;
	print_message("pwhash interactive: hash %.0f ms\n", ms);
	query1(db, "SELECT pwhash FROM users WHERE name = 'carol'", v);
	/* libsodium's INTERACTIVE: 64 MiB, 2 passes, Argon2id. */
	assert_non_null(strstr(v, "$argon2id$v=19$m=65536,t=2,p=1$"));
	t0 = now_ms();
	assert_int_equal(store_user_verify(db, "Carol", "correct horse",
	    CONFIG_PWHASH_INTERACTIVE, &u), STORE_USER_OK);
	print_message("pwhash interactive: verify %.0f ms\n", now_ms() - t0);
	assert_string_equal(u.tz, "Europe/Paris");
	assert_int_equal(store_user_verify(db, "carol", "correct horsE",
	    CONFIG_PWHASH_INTERACTIVE, NULL), STORE_USER_WRONG_PASSWORD);
	db_close(db);
	tmpdb_remove(&t);
}

static void
write_file(const char *path, const char *text)
{
	FILE	*f;

	assert_non_null(f = fopen(path, "w"));
	fputs(text, f);
	fclose(f);
}

static void
test_config(void **state)
{
	struct tmpdb	 t;
	struct config	 cf;
	char		 err[256], path[160];
	char		 a0[] = "cmd", a1[] = "x", a2[] = "--config",
			 a3[] = "f.conf", a4[] = "y", a5[] = "--config=g";
	char		*argv[] = { a0, a1, a2, a3, a4, a5, NULL };
	int		 argc = 6;

	(void)state;
	tmp_make(&t);
	snprintf(path, sizeof(path), "%s/topper.conf", t.dir);
	write_file(path, "# comment\n\n db = /x/t.db \nport=9090\n"
	    "pwhash = min\nlogin_rate = 5/60\nmail.from = Topper "
	    "<t@example.org>\nmail.smtp_url = smtp://127.0.0.1:2525\n"
	    "mail.from = again@example.org\n");
	assert_int_equal(config_load(&cf, path, err, sizeof(err)), 0);
	assert_string_equal(cf.path, path);
	assert_string_equal(cf.db, "/x/t.db");
	assert_string_equal(cf.socket, "var/run/topper.sock");
	assert_string_equal(cf.data_dir, ".");
	assert_string_equal(cf.base_url, "http://127.0.0.1:9090");
	assert_int_equal(cf.port, 9090);
	assert_int_equal(cf.pwhash, CONFIG_PWHASH_MIN);
	assert_int_equal(cf.login_rate_n, 5);
	assert_int_equal(cf.login_rate_secs, 60);
	assert_string_equal(config_get(&cf, "mail.smtp_url"),
	    "smtp://127.0.0.1:2525");
	assert_string_equal(config_get(&cf, "mail.from"), "again@example.org");
	assert_null(config_get(&cf, "mail.other"));
	config_free(&cf);

	write_file(path, "db = a\npwhash = fast\n");
	assert_int_equal(config_load(&cf, path, err, sizeof(err)), -1);
	assert_non_null(strstr(err, ":2: pwhash"));
	write_file(path, "just words\n");
	assert_int_equal(config_load(&cf, path, err, sizeof(err)), -1);
	assert_non_null(strstr(err, ":1: expected"));
	write_file(path, "port = 0\n");
	assert_int_equal(config_load(&cf, path, err, sizeof(err)), -1);
	/* The account limits (issue 18): checked on load, read with defaults. */
	write_file(path, "register_rate = 2/60\ngames_open = 4\n");
	assert_int_equal(config_load(&cf, path, err, sizeof(err)), 0);
	{
		int	 n, secs;

		config_rate(&cf, "register_rate", 5, 3600, &n, &secs);
		assert_int_equal(n * 10000 + secs, 20060);
		config_rate(&cf, "games_rate", 10, 3600, &n, &secs);
		assert_int_equal(n * 10000 + secs, 103600);
		assert_int_equal(config_num(&cf, "games_open", 10), 4);
		assert_int_equal(config_num(&cf, "session_idle", 99), 99);
		assert_int_equal(config_num(NULL, "games_open", 10), 10);
	}
	config_free(&cf);
	write_file(path, "db = a\nregister_rate = 5\n");
	assert_int_equal(config_load(&cf, path, err, sizeof(err)), -1);
	assert_non_null(strstr(err, ":2: the value must be N/SECONDS"));
	write_file(path, "games_open = -1\n");
	assert_int_equal(config_load(&cf, path, err, sizeof(err)), -1);
	unlink(path);
	/* A file named explicitly must exist. */
	assert_int_equal(config_load(&cf, path, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "No such file"));
	rmdir(t.dir);

	/* Defaults when nothing is found (no var/topper.conf in tests). */
	if (access("var/topper.conf", F_OK) != 0 &&
	    access("/etc/topper/topper.conf", F_OK) != 0) {
		unsetenv("TOPPER_CONFIG");
		assert_int_equal(config_load(&cf, NULL, err, sizeof(err)), 0);
		assert_null(cf.path);
		assert_string_equal(cf.db, "var/topper.db");
		assert_int_equal(cf.port, 8080);
		assert_int_equal(cf.pwhash, CONFIG_PWHASH_INTERACTIVE);
		config_free(&cf);
	}

	assert_string_equal(config_arg(&argc, argv), "g");
	assert_int_equal(argc, 3);
	assert_string_equal(argv[0], "cmd");
	assert_string_equal(argv[1], "x");
	assert_string_equal(argv[2], "y");
	assert_null(argv[3]);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_config),
		cmocka_unit_test(test_migrations),
		cmocka_unit_test(test_stmt_cache),
		cmocka_unit_test(test_user_rules),
		cmocka_unit_test(test_password_interactive),
		cmocka_unit_test(test_busy_handler),
		cmocka_unit_test(test_queue_outsider),
		cmocka_unit_test(test_checkpoint),
		cmocka_unit_test(test_batch),
		cmocka_unit_test(test_batch_lost),
		cmocka_unit_test(test_batch_checkpoint),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
