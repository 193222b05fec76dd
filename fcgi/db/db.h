/*
 * db.h: the store's connection, its transactions, its statements and
 * the prepared-statement cache (STYLE.md 3.5), on either of two stores:
 * SQLite (a file; the embedded default) or PostgreSQL (db_pg.h), chosen
 * by db_open's argument.  Every store_* layer above speaks only this
 * interface, so its SQL is written once, in the words both accept
 * (tests/cli/pg_statements.sh proves they do), with ?N parameters.
 *
 * The statement calls mirror SQLite's own (db_bind_*, db_step,
 * db_column_*, db_reset) and, on SQLite, pass straight through to it.
 * On PostgreSQL a statement runs at its first db_step and the rows are
 * read from its result; db_column_text then gives the text form of any
 * value and db_column_blob the bytes of a bytea.
 *
 * On SQLite:
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
struct db_stmt;

/* What db_step returns besides an error (SQLite's own numbers). */
enum {
	DB_ROW = 100,		/* a row is ready for db_column_* */
	DB_DONE = 101		/* no more rows; the statement has run */
};

/* How long a bound text or blob lives (SQLite's two lifetimes). */
#define DB_STATIC	SQLITE_STATIC		/* until the statement is reset */
#define DB_TRANSIENT	SQLITE_TRANSIENT	/* copied at once */

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
 * Open the store: a PostgreSQL connection when path is a URI starting
 * "postgresql://" or "postgres://" (db_pg.h; flags are ignored: the
 * database must exist), else the SQLite file path with the pragmas
 * above.  flags: DB_CREATE or 0 (the file must exist, so a wrong path
 * in topper.conf fails loudly).  Returns NULL after logging why.
 * Close with db_close().
 */
struct db	*db_open(const char *path, int flags);

/* Finalize every cached statement and close; db may be NULL. */
void		 db_close(struct db *db);

/* Whether path names a PostgreSQL database (else an SQLite file). */
int		 db_path_is_pg(const char *path);

/* Whether db is a PostgreSQL store (else SQLite). */
int		 db_is_pg(const struct db *db);

/*
 * The raw SQLite handle of the current connection (the read-only one in
 * query-only mode), for tests that look inside; NULL on PostgreSQL.
 */
sqlite3		*db_handle(struct db *db);

/*
 * The statement for sql, prepared on first use with
 * SQLITE_PREPARE_PERSISTENT and returned reset with its bindings
 * cleared.  sql must outlive the connection (a static const string):
 * its address is the cache key.  Returns NULL after logging on a
 * prepare error.  Reset it when done so it holds no read lock.
 */
struct db_stmt	*db_stmt(struct db *db, const char *sql);

/*
 * Bind parameter i (from 1) of st.  A text's n is its length in bytes
 * or -1 up to its NUL; life is DB_STATIC or DB_TRANSIENT.  Returns 0
 * (SQLite's OK) or an error code.
 */
int		 db_bind_int(struct db_stmt *st, int i, int v);
int		 db_bind_int64(struct db_stmt *st, int i, int64_t v);
int		 db_bind_double(struct db_stmt *st, int i, double v);
int		 db_bind_text(struct db_stmt *st, int i, const char *s, int n,
		    void (*life)(void *));
int		 db_bind_blob(struct db_stmt *st, int i, const void *p, int n,
		    void (*life)(void *));
int		 db_bind_null(struct db_stmt *st, int i);

/*
 * Run st, or move to its next row: DB_ROW, DB_DONE, or an error code
 * (SQLite's numbers on both stores; db_rc_of maps it, db_fail logs it).
 */
int		 db_step(struct db_stmt *st);

/* Back to before its first step, keeping the bindings; frees the rows. */
void		 db_reset(struct db_stmt *st);

/*
 * Column i (from 0) of the current row.  A NULL reads as 0 or NULL;
 * db_column_is_null tells it from a stored 0.  The text and the blob
 * live until the next step or reset; db_column_bytes is the length of
 * the one read last (text without its NUL).
 */
int		 db_column_int(struct db_stmt *st, int i);
int64_t		 db_column_int64(struct db_stmt *st, int i);
double		 db_column_double(struct db_stmt *st, int i);
const unsigned char *db_column_text(struct db_stmt *st, int i);
const void	*db_column_blob(struct db_stmt *st, int i);
int		 db_column_bytes(struct db_stmt *st, int i);
int		 db_column_is_null(struct db_stmt *st, int i);

/* Rows changed by the last INSERT, UPDATE or DELETE run on db. */
int64_t		 db_changes(struct db *db);

/* The db_rc of the last error on db's current connection. */
enum db_rc	 db_last_rc(struct db *db);

/* Log the store's message for st (may be NULL), reset st, map the error. */
enum db_rc	 db_fail(struct db *db, struct db_stmt *st);

/* Map a db_step code to a db_rc (DB_DONE, DB_ROW, 0 -> DB_OK). */
enum db_rc	 db_rc_of(int step_rc);

/* Run one statement that returns no rows (st already bound); resets it. */
enum db_rc	 db_step_done(struct db *db, struct db_stmt *st);

/*
 * Run one INSERT ... RETURNING id (st already bound) and set *id to the
 * new row's id (written the same on both stores, where SQLite alone has
 * last_insert_rowid); resets it.  *id is left alone on an error.
 */
enum db_rc	 db_step_id(struct db *db, struct db_stmt *st, int64_t *id);

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
