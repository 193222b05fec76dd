/*
 * db.h: the SQLite connection, its pragmas, transactions and the
 * prepared-statement cache (STYLE.md 3.5).
 *
 * A process opens the database once and keeps it: WAL, synchronous=
 * FULL, foreign keys on, and a busy handler that retries in ~100 us
 * steps for up to 2 s (never busy_timeout, whose millisecond sleeps
 * stretch the tail).  Writers of this program also queue in the kernel
 * before BEGIN IMMEDIATE (a lock on one byte of the database file, far
 * from SQLite's), so the next writer goes the moment the last one
 * commits instead of at its next poll; and the WAL is checkpointed
 * after COMMIT has left that queue (PASSIVE, every DB_CHECKPOINT_FRAMES
 * pages), not inside COMMIT where it would hold up the next writer.
 * GET requests read through a second, read-only
 * connection (db_query_only).  Statements are prepared once per connection:
 * db_stmt(db, SQL_X) finds SQL_X by the address of its text, so SQL_X
 * must be a static const string.  This is the only file that calls
 * sqlite3_prepare*.  Errors are logged to stderr with SQLite's message
 * and returned as small codes; nothing here exits.
 */
#ifndef TOPPER_DB_H
#define TOPPER_DB_H

#include <stddef.h>
#include <stdint.h>

#include <sqlite3.h>

struct db;

enum db_rc {
	DB_OK = 0,
	DB_NOTFOUND,		/* no such row */
	DB_BUSY,		/* still locked after the busy handler gave up */
	DB_CONSTRAINT,		/* a UNIQUE, PRIMARY KEY, CHECK or FOREIGN KEY refused it */
	DB_REFUSED,		/* a store_* layer refused on the merits; why[] says why */
	DB_ERROR,		/* anything else; logged */
	DB_RC__MAX
};

enum {
	DB_CREATE = 0x01,	/* db_open: create the file if missing */
	DB_BUSY_STEP_US = 100,	/* busy handler: sleep per retry */
	DB_BUSY_MAX_MS = 2000,	/* busy handler: give up after this */
	DB_CHECKPOINT_FRAMES = 8000	/* WAL pages (32 MB) that call a checkpoint */
};

/*
 * Open path with the pragmas above.  flags: DB_CREATE or 0 (the file
 * must exist, so a wrong path in topper.conf fails loudly).  Returns
 * NULL after logging why.  Close with db_close().
 */
struct db	*db_open(const char *path, int flags);

/* Finalize every cached statement and close; db may be NULL. */
void		 db_close(struct db *db);

/*
 * The raw handle of the current connection (the read-only one in
 * query-only mode), for sqlite3_changes, last_insert_rowid and the like.
 */
sqlite3		*db_handle(struct db *db);

/*
 * The statement for sql, prepared on first use with
 * SQLITE_PREPARE_PERSISTENT and returned reset with its bindings
 * cleared.  sql must outlive the connection (a static const string):
 * its address is the cache key.  Returns NULL after logging on a
 * prepare error.  Reset it when done so it holds no read lock.
 */
sqlite3_stmt	*db_stmt(struct db *db, const char *sql);

/* Log sqlite3_errmsg for st (may be NULL), reset st, map the error. */
enum db_rc	 db_fail(struct db *db, sqlite3_stmt *st);

/* Map an SQLite result code to a db_rc (SQLITE_DONE/OK -> DB_OK). */
enum db_rc	 db_rc_of(int sqlite_rc);

/* Run one statement that returns no rows (st already bound); resets it. */
enum db_rc	 db_step_done(struct db *db, sqlite3_stmt *st);

/*
 * Run one INSERT ... RETURNING id (st already bound) and set *id to the
 * new row's id (written the same on both stores, where SQLite alone has
 * last_insert_rowid); resets it.  *id is left alone on an error.
 */
enum db_rc	 db_step_id(struct db *db, sqlite3_stmt *st, int64_t *id);

/*
 * Transactions.  db_begin_immediate takes the write lock now (waiting
 * in the writers' queue, then through the busy handler; DB_BUSY if it
 * cannot within DB_BUSY_MAX_MS).  db_commit and db_rollback_if_open
 * leave the queue, and db_commit then checkpoints when the WAL is due.
 * db_rollback_if_open is a no-op outside a transaction, so every exit
 * path may call it.
 */
enum db_rc	 db_begin_immediate(struct db *db);
enum db_rc	 db_commit(struct db *db);

/*
 * One read transaction for a whole GET on the read-only connection:
 * every query of the page sees one snapshot and the WAL read locks are
 * taken once, not per statement.  db_begin_read() does nothing unless
 * the read-only connection is current and idle; db_end_read() ends it
 * (on whichever connection is current).
 */
enum db_rc	 db_begin_read(struct db *db);
void		 db_end_read(struct db *db);
void		 db_rollback_if_open(struct db *db);
int		 db_in_txn(struct db *db);

/*
 * Group commit, for the process that takes the writes (DESIGN.md
 * "Speed"): between db_batch_begin() and db_batch_end() the
 * transactions above are savepoints of one transaction, begun by the
 * first db_begin_immediate() and committed (one fsync) by
 * db_batch_end(); db_in_txn() tells whether the caller's own savepoint
 * is open.  Nothing written in the batch may be reported saved before
 * db_batch_end() returns DB_OK; any other answer means none of it was.
 * *committed says whether there was anything to commit.
 */
void		 db_batch_begin(struct db *db);
enum db_rc	 db_batch_end(struct db *db, int *committed);

/*
 * The checkpoint db_commit() runs when the WAL is due one: after a
 * batch the writer runs it itself, once the batch's replies are out,
 * so that they do not wait for it.
 */
void		 db_checkpoint_if_due(struct db *db);

/*
 * Query-only mode, for GET requests: while on, db_stmt() prepares and
 * runs statements on a second connection opened SQLITE_OPEN_READONLY
 * (opened at the first call), so SQLite itself refuses any write with
 * SQLITE_READONLY.  This is PRAGMA query_only without its cost: that
 * pragma expires every prepared statement each time it changes.  Not
 * inside a transaction (DB_ERROR); db_begin_immediate() fails while on.
 * Off switches back to the writer.
 */
enum db_rc	 db_query_only(struct db *db, int on);

/*
 * Run a script of several statements (migrations only; nothing bound).
 * Returns DB_OK or the error, logged with the script's name.
 */
enum db_rc	 db_exec_script(struct db *db, const char *name,
		    const char *sql);

/* PRAGMA user_version: read it, or set it (inside a migration). */
enum db_rc	 db_user_version(struct db *db, int *out);
enum db_rc	 db_set_user_version(struct db *db, int v);

/*
 * The settings table (key -> text value).  db_setting_get copies the
 * value NUL-terminated into out; DB_NOTFOUND when absent, DB_ERROR when
 * it does not fit.  db_setting_add inserts only when the key is absent
 * (DB_OK either way; *added says whether it did).
 */
enum db_rc	 db_setting_get(struct db *db, const char *key, char *out,
		    size_t outsz);
enum db_rc	 db_setting_add(struct db *db, const char *key,
		    const char *value, int *added);

/* Statistics for tests: statements prepared so far (both connections). */
int		 db_nprepared(const struct db *db);

/* Seconds since the epoch (UTC), the one clock the store layers use. */
int64_t		 db_now(void);

#endif /* TOPPER_DB_H */
