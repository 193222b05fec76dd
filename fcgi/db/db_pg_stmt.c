/*
 * db_pg_stmt.c: the statements of the PostgreSQL store (db_pg.h):
 * prepared from the program's ?N text, their parameters bound, run and
 * stepped, their columns read.  Moved out of db_pg.c, which keeps the
 * connection, scripts, transactions, errors and the schema version, so
 * that both stay short; what they share is in db_pg_impl.h.
 *
 * Values travel as text both ways, which every type the schema uses
 * has (bigint, double precision, text, citext), except the bytes of a
 * bytea: a blob parameter is sent in binary, and a bytea column comes
 * back in the server's hex form and is decoded on demand into a buffer
 * the statement keeps.  Text is simpler than the binary formats here
 * because a result column's type is not always the column's: sum() of
 * a bigint is a numeric, which strtoll reads as it is.
 */
#include "db_pg.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libpq-fe.h>
#include <sqlite3.h>

#include "db_pg_impl.h"
#include "esc.h"

enum {
	PG_PARAMS_MAX = 32,		/* ?N of one statement */
	PG_BYTEA_OID = 17
};

struct pg_param {
	char		*val;		/* NULL: SQL NULL */
	int		 len;
	int		 cap;
	int		 binary;
};

struct pg_stmt {
	struct pg	*pg;
	char		 name[24];
	char		*sql;		/* the program's text, for messages */
	int		 nparams;
	int		 writes;	/* not a SELECT: may change rows */
	struct pg_param	 params[PG_PARAMS_MAX];
	PGresult	*res;
	int		 row;		/* current row; -1 before the first */
	int		 nrows;
	unsigned char	*blob;		/* a bytea decoded */
	size_t		 blobcap;
	int		 blobcol;	/* its column, or -1 */
	int		 bloblen;
	int		 lastcol;	/* column read last, for bytes */
};

/*
 * The program's text with ?N written $N, outside quoted text and
 * quoted names; *nparams gets the highest N.  NULL when out of memory
 * or when a bare "?" (no number) is met, which the program never
 * writes.
 */
static char *
dollar_text(const char *sql, int *nparams)
{
	char		*out, *o;
	const char	*p;
	char		 quote = 0;
	long		 n;

	*nparams = 0;
	if ((out = malloc(strlen(sql) + 1)) == NULL)
		return NULL;
	for (p = sql, o = out; *p != '\0'; p++) {
		if (quote != 0) {
			if (*p == quote)
				quote = 0;
		} else if (*p == '\'' || *p == '"') {
			quote = *p;
		} else if (*p == '?') {
			if (p[1] < '0' || p[1] > '9') {
				free(out);
				return NULL;
			}
			n = strtol(p + 1, NULL, 10);
			if (n > *nparams)
				*nparams = (int)n;
			*o++ = '$';
			continue;
		}
		*o++ = *p;
	}
	*o = '\0';
	return out;
}

struct pg_stmt *
pg_prepare(struct pg *pg, const char *sql)
{
	struct pg_stmt	*st;
	PGresult	*r;
	char		*text;

	if ((st = calloc(1, sizeof(*st))) == NULL ||
	    (st->sql = strdup(sql)) == NULL ||
	    (text = dollar_text(sql, &st->nparams)) == NULL) {
		snprintf(pg->errmsg, sizeof(pg->errmsg), "cannot prepare "
		    "(out of memory, or a ? without its number)");
		pg->errcode = SQLITE_ERROR;
		if (st != NULL)
			free(st->sql);
		free(st);
		return NULL;
	}
	if (st->nparams > PG_PARAMS_MAX) {
		snprintf(pg->errmsg, sizeof(pg->errmsg), "more than %d "
		    "parameters", PG_PARAMS_MAX);
		pg->errcode = SQLITE_ERROR;
		free(text);
		pg_stmt_free(st);
		return NULL;
	}
	st->pg = pg;
	st->row = -1;
	st->blobcol = -1;
	sql += strspn(sql, " \t\n(");
	st->writes = strncasecmp(sql, "SELECT", 6) != 0;
	snprintf(st->name, sizeof(st->name), "t%d", ++pg->nstmts);
	r = PQprepare(pg->conn, st->name, text, 0, NULL);
	free(text);
	if (PQresultStatus(r) != PGRES_COMMAND_OK) {
		pg_fail(pg, r);
		PQclear(r);
		pg_stmt_free(st);
		return NULL;
	}
	PQclear(r);
	return st;
}

void
pg_stmt_free(struct pg_stmt *st)
{
	int	 i;

	if (st == NULL)
		return;
	pg_reset(st);
	for (i = 0; i < PG_PARAMS_MAX; i++)
		free(st->params[i].val);
	free(st->blob);
	free(st->sql);
	free(st);
}

const char *
pg_stmt_sql(const struct pg_stmt *st)
{
	return st->sql;
}

/* Copy n bytes into parameter i's buffer (n -1: up to the NUL). */
static int
put(struct pg_stmt *st, int i, const void *p, int n, int binary)
{
	struct pg_param	*pa;
	char		*v;

	if (i < 1 || i > st->nparams)
		return SQLITE_RANGE;
	pa = &st->params[i - 1];
	if (n < 0)
		n = (int)strlen(p);
	if (pa->cap < n + 1) {
		if ((v = realloc(pa->val, (size_t)n + 1)) == NULL)
			return SQLITE_NOMEM;
		pa->val = v;
		pa->cap = n + 1;
	}
	if (n > 0)
		memcpy(pa->val, p, (size_t)n);
	pa->val[n] = '\0';
	pa->len = n;
	pa->binary = binary;
	return 0;
}

int
pg_bind_int64(struct pg_stmt *st, int i, int64_t v)
{
	char	 b[24];

	snprintf(b, sizeof(b), "%" PRId64, v);
	return put(st, i, b, -1, 0);
}

int
pg_bind_double(struct pg_stmt *st, int i, double v)
{
	char	 b[40];

	snprintf(b, sizeof(b), "%.17g", v);
	return put(st, i, b, -1, 0);
}

int
pg_bind_text(struct pg_stmt *st, int i, const char *s, int n)
{
	if (s == NULL)
		return pg_bind_null(st, i);
	return put(st, i, s, n, 0);
}

int
pg_bind_blob(struct pg_stmt *st, int i, const void *p, int n)
{
	if (p == NULL && n > 0)
		return pg_bind_null(st, i);
	return put(st, i, p != NULL ? p : "", n, 1);
}

int
pg_bind_null(struct pg_stmt *st, int i)
{
	if (i < 1 || i > st->nparams)
		return SQLITE_RANGE;
	free(st->params[i - 1].val);
	memset(&st->params[i - 1], 0, sizeof(st->params[i - 1]));
	return 0;
}

void
pg_clear_bindings(struct pg_stmt *st)
{
	int	 i;

	for (i = 0; i < st->nparams; i++)
		st->params[i].len = -1;	/* NULL, keeping the buffer */
}

/* Run the statement with its parameters: 0 or an error code. */
static int
run(struct pg_stmt *st)
{
	const char	*vals[PG_PARAMS_MAX];
	int		 lens[PG_PARAMS_MAX], fmts[PG_PARAMS_MAX], i;
	ExecStatusType	 s;

	for (i = 0; i < st->nparams; i++) {
		const struct pg_param *pa = &st->params[i];

		vals[i] = pa->val != NULL && pa->len >= 0 ? pa->val : NULL;
		lens[i] = pa->len > 0 ? pa->len : 0;
		fmts[i] = pa->binary;
	}
	st->res = PQexecPrepared(st->pg->conn, st->name, st->nparams, vals,
	    lens, fmts, 0);
	s = PQresultStatus(st->res);
	if (s != PGRES_TUPLES_OK && s != PGRES_COMMAND_OK) {
		int	 rc = pg_fail(st->pg, st->res);

		PQclear(st->res);
		st->res = NULL;
		return rc;
	}
	st->nrows = PQntuples(st->res);
	st->pg->changes = strtoll(PQcmdTuples(st->res), NULL, 10);
	return 0;
}

int
pg_step(struct pg_stmt *st, int in_turn)
{
	int	 rc, own = 0;

	if (st->res == NULL) {
		if (in_turn && st->writes && !pg_in_txn(st->pg)) {
			if ((rc = pg_begin_write(st->pg)) != 0)
				return rc;
			own = 1;
		}
		rc = run(st);
		if (own && rc == 0) {
			int64_t	 changes = st->pg->changes;

			if ((rc = pg_exec(st->pg, "COMMIT")) != 0) {
				pg_reset(st);
				return rc;
			}
			st->pg->changes = changes;	/* the statement's */
		}
		if (own && rc != 0) {
			int	 code = st->pg->errcode;
			char	 msg[sizeof(st->pg->errmsg)];

			/* Keep the statement's error, not the ROLLBACK's. */
			memcpy(msg, st->pg->errmsg, sizeof(msg));
			(void)pg_exec(st->pg, "ROLLBACK");
			st->pg->errcode = code;
			memcpy(st->pg->errmsg, msg, sizeof(msg));
		}
		if (rc != 0)
			return rc;
		st->row = -1;
	}
	st->blobcol = -1;
	if (st->row + 1 < st->nrows) {
		st->row++;
		return SQLITE_ROW;
	}
	st->row = st->nrows;
	return SQLITE_DONE;
}

void
pg_reset(struct pg_stmt *st)
{
	if (st->res != NULL)
		PQclear(st->res);
	st->res = NULL;
	st->row = -1;
	st->nrows = 0;
	st->blobcol = -1;
}

/* Whether (row, i) is a value one may read. */
static int
have(const struct pg_stmt *st, int i)
{
	return st->res != NULL && st->row >= 0 && st->row < st->nrows &&
	    i >= 0 && i < PQnfields(st->res);
}

int
pg_column_is_null(struct pg_stmt *st, int i)
{
	return !have(st, i) || PQgetisnull(st->res, st->row, i);
}

int64_t
pg_column_int64(struct pg_stmt *st, int i)
{
	const char	*v;

	if (pg_column_is_null(st, i))
		return 0;
	v = PQgetvalue(st->res, st->row, i);
	/* A boolean reads as SQLite's 0 or 1. */
	if (v[0] == 't' && v[1] == '\0')
		return 1;
	return strtoll(v, NULL, 10);
}

double
pg_column_double(struct pg_stmt *st, int i)
{
	if (pg_column_is_null(st, i))
		return 0;
	return strtod(PQgetvalue(st->res, st->row, i), NULL);
}

const unsigned char *
pg_column_text(struct pg_stmt *st, int i)
{
	st->lastcol = i;
	if (pg_column_is_null(st, i))
		return NULL;
	return (const unsigned char *)PQgetvalue(st->res, st->row, i);
}

/* Decode column i's "\x..." into st->blob: 0, or -1 if not hex. */
static int
decode_bytea(struct pg_stmt *st, int i)
{
	const char	*v = PQgetvalue(st->res, st->row, i);
	size_t		 len = (size_t)PQgetlength(st->res, st->row, i), n, k;
	unsigned char	*b;

	if (len < 2 || v[0] != '\\' || v[1] != 'x' || len % 2 != 0)
		return -1;
	n = (len - 2) / 2;
	if (st->blobcap < n + 1) {
		if ((b = realloc(st->blob, n + 1)) == NULL)
			return -1;
		st->blob = b;
		st->blobcap = n + 1;
	}
	for (k = 0; k < n; k++) {
		int	 hi = esc_hexval(v[2 + 2 * k]), lo = esc_hexval(v[3 + 2 * k]);

		if (hi < 0 || lo < 0)
			return -1;
		st->blob[k] = (unsigned char)(hi << 4 | lo);
	}
	st->blob[n] = 0;
	st->blobcol = i;
	st->bloblen = (int)n;
	return 0;
}

const void *
pg_column_blob(struct pg_stmt *st, int i)
{
	st->lastcol = i;
	if (pg_column_is_null(st, i))
		return NULL;
	if (PQftype(st->res, i) != PG_BYTEA_OID)
		return PQgetvalue(st->res, st->row, i);
	if (st->blobcol != i && decode_bytea(st, i) == -1)
		return NULL;
	return st->blob;
}

int
pg_column_bytes(struct pg_stmt *st, int i)
{
	if (pg_column_is_null(st, i))
		return 0;
	if (PQftype(st->res, i) == PG_BYTEA_OID) {
		if (st->blobcol != i && decode_bytea(st, i) == -1)
			return 0;
		return st->bloblen;
	}
	return PQgetlength(st->res, st->row, i);
}
