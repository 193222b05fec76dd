/*
 * db_stmt.c: the statement calls of db.h on either store.  A statement
 * holds SQLite's handle or PostgreSQL's (db_pg.h), never both, and each
 * call is one test and the store's own call.
 */
#include "db_conn.h"

int
db_bind_int(struct db_stmt *st, int i, int v)
{
	return st->lite != NULL ? sqlite3_bind_int(st->lite, i, v) :
	    pg_bind_int64(st->pg, i, v);
}

int
db_bind_int64(struct db_stmt *st, int i, int64_t v)
{
	return st->lite != NULL ? sqlite3_bind_int64(st->lite, i, v) :
	    pg_bind_int64(st->pg, i, v);
}

int
db_bind_double(struct db_stmt *st, int i, double v)
{
	return st->lite != NULL ? sqlite3_bind_double(st->lite, i, v) :
	    pg_bind_double(st->pg, i, v);
}

int
db_bind_text(struct db_stmt *st, int i, const char *s, int n,
    void (*life)(void *))
{
	return st->lite != NULL ? sqlite3_bind_text(st->lite, i, s, n, life) :
	    pg_bind_text(st->pg, i, s, n);
}

int
db_bind_blob(struct db_stmt *st, int i, const void *p, int n,
    void (*life)(void *))
{
	return st->lite != NULL ? sqlite3_bind_blob(st->lite, i, p, n, life) :
	    pg_bind_blob(st->pg, i, p, n);
}

int
db_bind_null(struct db_stmt *st, int i)
{
	return st->lite != NULL ? sqlite3_bind_null(st->lite, i) :
	    pg_bind_null(st->pg, i);
}

int
db_step(struct db_stmt *st)
{
	if (st->lite != NULL)
		return sqlite3_step(st->lite);
	/* Outside query-only mode a lone statement may write: in turn. */
	return pg_step(st->pg, !st->db->pg_ro);
}

void
db_reset(struct db_stmt *st)
{
	if (st->lite != NULL)
		sqlite3_reset(st->lite);
	else
		pg_reset(st->pg);
}

int
db_column_int(struct db_stmt *st, int i)
{
	return st->lite != NULL ? sqlite3_column_int(st->lite, i) :
	    (int)pg_column_int64(st->pg, i);
}

int64_t
db_column_int64(struct db_stmt *st, int i)
{
	return st->lite != NULL ? sqlite3_column_int64(st->lite, i) :
	    pg_column_int64(st->pg, i);
}

double
db_column_double(struct db_stmt *st, int i)
{
	return st->lite != NULL ? sqlite3_column_double(st->lite, i) :
	    pg_column_double(st->pg, i);
}

const unsigned char *
db_column_text(struct db_stmt *st, int i)
{
	return st->lite != NULL ? sqlite3_column_text(st->lite, i) :
	    pg_column_text(st->pg, i);
}

const void *
db_column_blob(struct db_stmt *st, int i)
{
	return st->lite != NULL ? sqlite3_column_blob(st->lite, i) :
	    pg_column_blob(st->pg, i);
}

int
db_column_bytes(struct db_stmt *st, int i)
{
	return st->lite != NULL ? sqlite3_column_bytes(st->lite, i) :
	    pg_column_bytes(st->pg, i);
}

int
db_column_is_null(struct db_stmt *st, int i)
{
	return st->lite != NULL ?
	    sqlite3_column_type(st->lite, i) == SQLITE_NULL :
	    pg_column_is_null(st->pg, i);
}
