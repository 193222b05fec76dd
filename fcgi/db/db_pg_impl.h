/*
 * db_pg_impl.h: the PostgreSQL connection as the two files of db_pg.h
 * share it, private to them (db_pg.c connects, runs scripts and
 * transactions and keeps the last error; db_pg_stmt.c prepares, binds,
 * steps and reads statements); everyone else uses db_pg.h, where
 * struct pg stays opaque.
 */
#ifndef TOPPER_DB_PG_IMPL_H
#define TOPPER_DB_PG_IMPL_H

#include <stdint.h>

#include <libpq-fe.h>

#include "db_pg.h"

struct pg {
	PGconn		*conn;
	int		 nstmts;	/* for the statements' names */
	int64_t		 changes;
	int		 errcode;
	char		 errmsg[512];
};

/*
 * Keep the error of r (or of the connection when r is NULL) in
 * pg->errcode and pg->errmsg, and return the code: SQLITE_CONSTRAINT,
 * SQLITE_BUSY or SQLITE_ERROR (db_pg.h).
 */
int	pg_fail(struct pg *pg, const PGresult *r);

#endif /* TOPPER_DB_PG_IMPL_H */
