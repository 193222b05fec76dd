/*
 * db_txn.c: transactions on either store (db.h): SQLite's writers'
 * queue, BEGIN IMMEDIATE or PostgreSQL's writers' lock, read snapshots
 * for GET requests, and the group commit's savepoints.
 */
#include "db_conn.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char SQL_BEGIN[] = "BEGIN IMMEDIATE";
static const char SQL_BEGIN_READ[] = "BEGIN";
static const char SQL_COMMIT[] = "COMMIT";
static const char SQL_ROLLBACK[] = "ROLLBACK";
static const char SQL_SAVEPOINT[] = "SAVEPOINT request";
static const char SQL_RELEASE[] = "RELEASE request";
static const char SQL_ROLLBACK_TO[] = "ROLLBACK TO request";

/*
 * The writers' queue.  Two processes that both want to write meet in
 * BEGIN IMMEDIATE, and SQLite's lock cannot be waited on: the loser
 * polls through the busy handler, so the lock sits idle for part of
 * every step after its holder commits.  Before BEGIN IMMEDIATE every
 * writer of this program therefore takes an open-file-description lock
 * on one byte of the database file far from SQLite's own lock bytes,
 * waiting in the kernel, which hands it over the moment it is released.
 * SQLite's lock is still taken inside it, so a writer that does not
 * queue (the sqlite3 shell) is handled by the busy handler as before.
 * The wait is bounded like the busy handler's (DB_BUSY_MAX_MS) by a
 * timer that interrupts it.
 */
enum { QUEUE_BYTE_OFFSET = 0x40000000 + 0x10000 };	/* PENDING_BYTE + 64K */

static int	 queue_timer_ready;	/* SIGALRM's handler is set */

static void
on_queue_timer(int sig)
{
	(void)sig;
}

/* SIGALRM's handler, set once, at the first wait of the process. */
static void
queue_timer_init(void)
{
	struct sigaction	 sa;

	if (queue_timer_ready)
		return;
	/* A no-op, without SA_RESTART: it only ends a wait. */
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_queue_timer;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGALRM, &sa, NULL);
	queue_timer_ready = 1;
}

int
db_queue_take(struct db *db)
{
	struct flock	 fl;
	struct timespec	 t0;
	timer_t		 tid;
	struct sigevent	 sev;
	struct itimerspec its;
	int		 rc;

	if (db->queue_fd == -1 || db->queued)
		return 0;
	memset(&fl, 0, sizeof(fl));
	fl.l_type = F_WRLCK;
	fl.l_whence = SEEK_SET;
	fl.l_start = QUEUE_BYTE_OFFSET;
	fl.l_len = 1;
	if (fcntl(db->queue_fd, F_OFD_SETLK, &fl) == 0) {
		db->queued = 1;
		return 0;
	}
	if (errno != EAGAIN && errno != EACCES)
		return 0;		/* no queue; SQLite still locks */
	/* Wait in the kernel, interrupted by this thread's timer. */
	queue_timer_init();
	memset(&sev, 0, sizeof(sev));
	sev.sigev_notify = SIGEV_THREAD_ID;
	sev.sigev_signo = SIGALRM;
	sev._sigev_un._tid = gettid();
	if (timer_create(CLOCK_MONOTONIC, &sev, &tid) == -1)
		return 0;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	memset(&its, 0, sizeof(its));
	its.it_value.tv_sec = DB_BUSY_MAX_MS / 1000;
	its.it_value.tv_nsec = (DB_BUSY_MAX_MS % 1000) * 1000000L;
	/* Again every 10 ms after that, in case one signal is missed. */
	its.it_interval.tv_nsec = 10 * 1000000L;
	timer_settime(tid, 0, &its, NULL);
	while ((rc = fcntl(db->queue_fd, F_OFD_SETLKW, &fl)) == -1 &&
	    errno == EINTR &&
	    db_elapsed_us(&t0) < (int64_t)DB_BUSY_MAX_MS * 1000)
		continue;
	timer_delete(tid);
	if (rc == -1)
		return errno == EINTR ? -1 : 0;
	db->queued = 1;
	return 0;
}

void
db_queue_leave(struct db *db)
{
	struct flock	 fl;

	if (!db->queued)
		return;
	memset(&fl, 0, sizeof(fl));
	fl.l_type = F_UNLCK;
	fl.l_whence = SEEK_SET;
	fl.l_start = QUEUE_BYTE_OFFSET;
	fl.l_len = 1;
	(void)fcntl(db->queue_fd, F_OFD_SETLK, &fl);
	db->queued = 0;
}

/*
 * BEGIN for a writer: IMMEDIATE on SQLite; on PostgreSQL a BEGIN that
 * takes the writers' lock (db_pg.h), after ending a read transaction
 * the same connection may hold (SQLite reads on a connection apart).
 */
static enum db_rc
begin_write(struct db *db)
{
	int	 rc;

	if (db->pg == NULL)
		return db_step_done(db, db_stmt(db, SQL_BEGIN));
	if (db->pg_read)
		db_end_read(db);
	if (pg_in_txn(db->pg)) {
		fprintf(stderr, "topper: db %s: a transaction inside a "
		    "transaction\n", db->path);
		return DB_ERROR;
	}
	if ((rc = pg_begin_write(db->pg)) != 0) {
		db_log(db, "BEGIN");
		return db_rc_of(rc);
	}
	return DB_OK;
}

/*
 * Group commit.  One fsync makes every write before it durable, so the
 * writer process lets the requests that are waiting when it is free
 * share one transaction: each request's db_begin_immediate() opens a
 * savepoint in it, its db_commit() releases the savepoint and its
 * db_rollback_if_open() undoes just that request.  db_batch_end()
 * commits them all; the server sends no reply before that, so a 303
 * still means the move is on disk.  An error that makes SQLite roll the
 * whole transaction back (an I/O error, a full disk) loses the earlier
 * requests of the batch too: batch_lost, and db_batch_end() says so.
 */
static enum db_rc
batch_savepoint(struct db *db)
{
	enum db_rc	 rc;

	if (db->sp_open) {		/* as SQLite: no nested BEGIN */
		fprintf(stderr, "topper: db %s: a transaction inside a "
		    "transaction\n", db->path);
		return DB_ERROR;
	}
	if (!db->batch_open) {
		if (db_queue_take(db) == -1) {
			fprintf(stderr, "topper: db %s: still locked after "
			    "%d ms\n", db->path, DB_BUSY_MAX_MS);
			return DB_BUSY;
		}
		if ((rc = begin_write(db)) != DB_OK) {
			db_queue_leave(db);
			return rc;
		}
		db->batch_open = 1;
	} else if (db->batch_lost || db_rw_autocommit(db)) {
		db->batch_lost = 1;
		fprintf(stderr, "topper: db %s: the batch's transaction was "
		    "rolled back\n", db->path);
		return DB_ERROR;
	}
	if ((rc = db_step_done(db, db_stmt(db, SQL_SAVEPOINT))) != DB_OK)
		return rc;
	db->sp_open = 1;
	return DB_OK;
}

void
db_batch_begin(struct db *db)
{
	db->batch = 1;
	db->batch_open = db->batch_lost = db->sp_open = 0;
}

enum db_rc
db_batch_end(struct db *db, int *committed)
{
	struct db_conn	*cur = db->cur;
	enum db_rc	 rc = DB_OK;

	*committed = 0;
	if (!db->batch)
		return DB_OK;
	db->cur = &db->rw;
	db_rollback_if_open(db);	/* a request left its own open */
	if (db->batch_open) {
		if (db->batch_lost || db_rw_autocommit(db))
			rc = DB_ERROR;
		else if ((rc = db_step_done(db, db_stmt(db, SQL_COMMIT))) !=
		    DB_OK && !db_rw_autocommit(db))
			(void)db_step_done(db, db_stmt(db, SQL_ROLLBACK));
		db_queue_leave(db);
		*committed = rc == DB_OK;
	}
	db->batch = db->batch_open = db->batch_lost = db->sp_open = 0;
	db->cur = cur;
	return rc;
}

enum db_rc
db_begin_immediate(struct db *db)
{
	enum db_rc	 rc;

	/* SQLite would open it on the read-only connection; refuse here. */
	if (db->cur == &db->ro || db->pg_ro) {
		fprintf(stderr, "topper: db %s: a write transaction in "
		    "query-only mode\n", db->path);
		return DB_ERROR;
	}
	if (db->batch)
		return batch_savepoint(db);
	if (db_in_txn(db))		/* SQLite refuses; say so below */
		return begin_write(db);
	if (db_queue_take(db) == -1) {
		fprintf(stderr, "topper: db %s: still locked after %d ms\n",
		    db->path, DB_BUSY_MAX_MS);
		return DB_BUSY;
	}
	if ((rc = begin_write(db)) != DB_OK)
		db_queue_leave(db);
	return rc;
}

enum db_rc
db_begin_read(struct db *db)
{
	int	 rc;

	if (db->pg != NULL) {
		if (!db->pg_ro || pg_in_txn(db->pg))
			return DB_OK;
		if ((rc = pg_exec(db->pg, "BEGIN ISOLATION LEVEL REPEATABLE "
		    "READ, READ ONLY")) != 0) {
			db_log(db, "BEGIN READ ONLY");
			return db_rc_of(rc);
		}
		db->pg_read = 1;
		return DB_OK;
	}
	if (db->cur != &db->ro || db_in_txn(db))
		return DB_OK;
	return db_step_done(db, db_stmt(db, SQL_BEGIN_READ));
}

void
db_end_read(struct db *db)
{
	if (db->pg != NULL) {
		if (db->pg_read && pg_in_txn(db->pg) &&
		    pg_exec(db->pg, "COMMIT") != 0)
			db_log(db, "COMMIT");
		db->pg_read = 0;
		return;
	}
	if (db->ro.h != NULL && !sqlite3_get_autocommit(db->ro.h)) {
		struct db_conn	*cur = db->cur;

		db->cur = &db->ro;
		(void)db_step_done(db, db_stmt(db, SQL_COMMIT));
		db->cur = cur;
	}
}

enum db_rc
db_commit(struct db *db)
{
	enum db_rc	 rc;

	if (db->batch && db->cur == &db->rw) {
		if (!db->sp_open) {	/* as SQLite: no transaction is active */
			fprintf(stderr, "topper: db %s: a commit without a "
			    "transaction\n", db->path);
			return DB_ERROR;
		}
		db->sp_open = 0;
		if ((rc = db_step_done(db, db_stmt(db, SQL_RELEASE))) != DB_OK)
			db->batch_lost = 1;
		return rc;
	}
	rc = db_step_done(db, db_stmt(db, SQL_COMMIT));
	if (db->cur == &db->rw && !db_in_txn(db)) {
		db_queue_leave(db);
		db_checkpoint_if_due(db);
	}
	return rc;
}

int
db_in_txn(struct db *db)
{
	if (db->batch && db->cur == &db->rw)
		return db->sp_open;
	if (db->pg != NULL)
		return pg_in_txn(db->pg);
	return !sqlite3_get_autocommit(db->cur->h);
}

void
db_rollback_if_open(struct db *db)
{
	if (db->batch && db->cur == &db->rw) {
		if (db->sp_open) {
			db->sp_open = 0;
			/* Undone, and then no longer on the savepoint stack. */
			if (db_step_done(db, db_stmt(db, SQL_ROLLBACK_TO)) !=
			    DB_OK || db_step_done(db, db_stmt(db,
			    SQL_RELEASE)) != DB_OK)
				db->batch_lost = 1;
		}
		return;
	}
	if (db_in_txn(db))
		(void)db_step_done(db, db_stmt(db, SQL_ROLLBACK));
	if (db->cur == &db->rw && !db_in_txn(db))
		db_queue_leave(db);
}

enum db_rc
db_query_only(struct db *db, int on)
{
	if (db->pg != NULL) {
		if (!on && db->pg_read)
			db_end_read(db);
		/* A request's savepoint, not the group commit's transaction. */
		if (on && !db->pg_ro && db_in_txn(db)) {
			fprintf(stderr, "topper: db %s: query_only inside a "
			    "transaction\n", db->path);
			return DB_ERROR;
		}
		db->pg_ro = on;
		return DB_OK;
	}
	if (!on) {
		db->cur = &db->rw;
		return DB_OK;
	}
	if (db->cur == &db->ro)
		return DB_OK;
	if (db_in_txn(db)) {
		fprintf(stderr, "topper: db %s: query_only inside a "
		    "transaction\n", db->path);
		return DB_ERROR;
	}
	if (db->ro.h == NULL && db_conn_open(db, &db->ro,
	    SQLITE_OPEN_READONLY) == -1) {
		db_conn_close(db, &db->ro);
		db->cur = &db->rw;
		return DB_ERROR;
	}
	db->cur = &db->ro;
	return DB_OK;
}
