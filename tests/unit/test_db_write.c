/*
 * test_db_write.c: SQLite writers.  The busy handler (a second writer
 * gives up after DB_BUSY_MAX_MS, or takes the lock soon after another
 * connection releases it), a writer outside the writers' queue, group
 * commit (a batch's requests as savepoints of one transaction, and a
 * batch lost to a rollback) and the WAL checkpoints after commits and
 * after batches.  The connection itself is tested in test_db.c.
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

#include "db.h"
#include "test_db.h"
#include "test_tmpdb.h"

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

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_busy_handler),
		cmocka_unit_test(test_queue_outsider),
		cmocka_unit_test(test_checkpoint),
		cmocka_unit_test(test_batch),
		cmocka_unit_test(test_batch_lost),
		cmocka_unit_test(test_batch_checkpoint),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
