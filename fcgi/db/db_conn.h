/*
 * db_conn.h: the insides of a store connection (db.h), shared by the
 * three files that implement it and by no one else: db.c (opening,
 * the statement cache, the schema version and settings), db_txn.c
 * (transactions, the writers' queue and the group commit) and
 * db_stmt.c (the statement calls of either store).
 */
#ifndef TOPPER_DB_CONN_H
#define TOPPER_DB_CONN_H

#include <time.h>

#include <sqlite3.h>

#include "db.h"
#include "db_pg.h"

/* A prepared statement of either store: exactly one is set. */
struct db_stmt {
	sqlite3_stmt	*lite;
	struct pg_stmt	*pg;
	struct db	*db;		/* its connection (PostgreSQL's mode) */
};

struct db_slot {
	const char	*sql;		/* key: address of static text */
	struct db_stmt	*st;
};

struct db_conn {
	sqlite3		*h;
	struct db_slot	*slots;		/* nslots: a power of two */
	size_t		 nslots;
	size_t		 nused;
};

struct db {
	struct pg	*pg;		/* PostgreSQL (db_pg.h), or NULL */
	int		 pg_ro;		/* its query-only mode */
	int		 pg_read;	/* db_begin_read's transaction is open */
	struct db_conn	 rw;		/* the one that writes */
	int		 queue_fd;	/* writers' queue (below), or -1 */
	int		 queued;	/* we hold the queue */
	int		 wal_frames;	/* WAL size after the last commit */
	struct db_conn	 ro;		/* read-only; opened on first use */
	struct db_conn	*cur;		/* &rw, or &ro when query-only */
	char		*path;		/* for messages */
	int		 nprepared;
	struct timespec	 busy_start;	/* first retry of this wait */
	int		 batch;		/* group commit: db_batch_begin() */
	int		 batch_open;	/* its BEGIN IMMEDIATE has run */
	int		 batch_lost;	/* SQLite rolled it back on an error */
	int		 sp_open;	/* a request's savepoint in it */
};

/* Log what failed on db, with the store's own message. */
void	db_log(struct db *db, const char *what);

/* Microseconds since a CLOCK_MONOTONIC time. */
int64_t	db_elapsed_us(const struct timespec *since);

/* Whether the writing connection is outside any transaction. */
int	db_rw_autocommit(struct db *db);

/*
 * Open one SQLite connection of db (SQLITE_OPEN_* flags) with the busy
 * handler and the pragmas (0 or -1 after logging), or close it.
 */
int	db_conn_open(struct db *db, struct db_conn *c, int oflags);
void	db_conn_close(struct db *db, struct db_conn *c);

/*
 * The writers' queue (db_txn.c): take it before BEGIN IMMEDIATE (0, or
 * -1 when still held by another after DB_BUSY_MAX_MS), leave it after
 * COMMIT or ROLLBACK.  db.c calls nothing of db_txn.c: the files link
 * one way.
 */
int	db_queue_take(struct db *db);
void	db_queue_leave(struct db *db);

#endif /* TOPPER_DB_CONN_H */
