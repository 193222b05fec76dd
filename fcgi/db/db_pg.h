/*
 * db_pg.h: the PostgreSQL store under db.h (libpq), for db.c alone.
 *
 * One connection per process.  A statement is the program's SQLite
 * text with ?N written $N (outside quoted text), prepared on the server
 * once per connection under a name of its own, its parameters sent as
 * text (a blob as binary bytes) and its types inferred by the server
 * from the statement, as tests/cli/pg_statements.sh checks they can be.
 * It runs at its first pg_step; the rows come back in text form and are
 * read from the result one pg_step at a time, as SQLite's are.
 *
 * Error codes are SQLite's numbers, so db.c maps both stores alike:
 * a unique, foreign-key, check or not-null violation is
 * SQLITE_CONSTRAINT; a serialization failure, a deadlock or a lock not
 * available is SQLITE_BUSY; anything else SQLITE_ERROR, with the
 * server's message kept for pg_errmsg.
 *
 * Writers are serialized as SQLite's are: pg_begin_write takes one
 * transaction-scoped advisory lock (PG_WRITE_LOCK), so a read-modify-
 * write of a game by one process never interleaves with another's,
 * whichever FastCGI host or worker runs it.  Reads take no lock.
 */
#ifndef TOPPER_DB_PG_H
#define TOPPER_DB_PG_H

#include <stdint.h>

struct pg;
struct pg_stmt;

/* The key of the writers' advisory lock ("topper" in ASCII). */
#define PG_WRITE_LOCK	INT64_C(0x746f70706572)

/* Whether path names a PostgreSQL database (a postgres[ql]:// URI). */
int		 pg_is_uri(const char *path);

/*
 * The URI as messages may show it: scheme, host and database, without
 * a user's password or the parameters.  Malloced; NULL when out of memory.
 */
char		*pg_uri_for_log(const char *uri);

/* Connect; NULL after logging why.  pg_close(NULL) does nothing. */
struct pg	*pg_open(const char *uri);
void		 pg_close(struct pg *pg);

/* Prepare sql (the program's ?N text); NULL after logging why. */
struct pg_stmt	*pg_prepare(struct pg *pg, const char *sql);
void		 pg_stmt_free(struct pg_stmt *st);
const char	*pg_stmt_sql(const struct pg_stmt *st);

/* Parameters, from 1; every value is copied.  0 or SQLITE_RANGE. */
int		 pg_bind_int64(struct pg_stmt *st, int i, int64_t v);
int		 pg_bind_double(struct pg_stmt *st, int i, double v);
int		 pg_bind_text(struct pg_stmt *st, int i, const char *s, int n);
int		 pg_bind_blob(struct pg_stmt *st, int i, const void *p, int n);
int		 pg_bind_null(struct pg_stmt *st, int i);
void		 pg_clear_bindings(struct pg_stmt *st);

/*
 * DB_ROW, DB_DONE or an error code (above).  With in_turn, a statement
 * that may write (any but a SELECT) run outside any transaction runs
 * in one of its own that takes the writers' lock (pg_begin_write), as
 * an SQLite statement outside a transaction takes SQLite's write lock:
 * a lone UPDATE (a worker's claim, a clock dropped) then never meets a
 * half-done move of another process.
 */
int		 pg_step(struct pg_stmt *st, int in_turn);
void		 pg_reset(struct pg_stmt *st);

int		 pg_column_is_null(struct pg_stmt *st, int i);
int64_t		 pg_column_int64(struct pg_stmt *st, int i);
double		 pg_column_double(struct pg_stmt *st, int i);
const unsigned char *pg_column_text(struct pg_stmt *st, int i);
const void	*pg_column_blob(struct pg_stmt *st, int i);
int		 pg_column_bytes(struct pg_stmt *st, int i);

/* Rows changed by the last statement run on pg. */
int64_t		 pg_changes(const struct pg *pg);

/* The last error's code (as pg_step's) and message. */
int		 pg_errcode(const struct pg *pg);
const char	*pg_errmsg(const struct pg *pg);

/* Run a script of statements with nothing bound: 0 or an error code. */
int		 pg_exec(struct pg *pg, const char *sql);

/* Whether a transaction is open (or failed and not yet ended). */
int		 pg_in_txn(const struct pg *pg);

/* BEGIN and take the writers' lock: 0 or an error code. */
int		 pg_begin_write(struct pg *pg);

/* The schema version (0 before the first migration), or -1. */
int		 pg_schema_version(struct pg *pg, int *out);
int		 pg_set_schema_version(struct pg *pg, int v);

#endif /* TOPPER_DB_PG_H */
