/*
 * db_pg.c: the PostgreSQL store (db_pg.h) on libpq.
 *
 * The connection, scripts (pg_exec), transactions, the last error and
 * the schema version; the statements are in db_pg_stmt.c, and what the
 * two files share in db_pg_impl.h.
 */
#include "db_pg.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libpq-fe.h>
#include <sqlite3.h>

#include "db_pg_impl.h"

int
pg_is_uri(const char *path)
{
	return strncmp(path, "postgresql://", 13) == 0 ||
	    strncmp(path, "postgres://", 11) == 0;
}

char *
pg_uri_for_log(const char *uri)
{
	const char	*rest = strstr(uri, "://") + 3, *at, *end;
	char		*out;
	size_t		 n;

	end = rest + strcspn(rest, "?");
	/* user:password@ goes; what follows it stays. */
	if ((at = memchr(rest, '@', (size_t)(end - rest))) != NULL)
		rest = at + 1;
	n = (size_t)(end - rest);
	if ((out = malloc(n + 16)) == NULL)
		return NULL;
	snprintf(out, n + 16, "postgresql://%.*s", (int)n, rest);
	return out;
}

/* Keep the error of r (or of the connection) and return its code. */
int
pg_fail(struct pg *pg, const PGresult *r)
{
	const char	*state = r != NULL ?
	    PQresultErrorField(r, PG_DIAG_SQLSTATE) : NULL;
	const char	*msg = r != NULL ? PQresultErrorMessage(r) :
	    PQerrorMessage(pg->conn);
	size_t		 n;

	snprintf(pg->errmsg, sizeof(pg->errmsg), "%s", msg);
	n = strlen(pg->errmsg);
	while (n > 0 && (pg->errmsg[n - 1] == '\n' || pg->errmsg[n - 1] == ' '))
		pg->errmsg[--n] = '\0';
	if (state != NULL && strncmp(state, "23", 2) == 0)
		pg->errcode = SQLITE_CONSTRAINT;
	else if (state != NULL && (strcmp(state, "40001") == 0 ||
	    strcmp(state, "40P01") == 0 || strcmp(state, "55P03") == 0))
		pg->errcode = SQLITE_BUSY;
	else
		pg->errcode = SQLITE_ERROR;
	return pg->errcode;
}

/* The server's notices (a table that exists already, ...) are noise. */
static void
quiet(void *arg, const char *message)
{
	(void)arg;
	(void)message;
}

/*
 * A host that vanishes inside a transaction (power lost: no reset
 * reaches the server) would hold the writers' lock until the server
 * noticed, and every writer of the site would wait.  The program never
 * leaves a transaction idle for long (it computes before BEGIN), so the
 * server ends a session idle in one for a minute, and the lock with it.
 * A value the URI sets (options=-c idle_in_transaction_session_timeout=
 * ...) is kept.
 */
static const char SQL_IDLE_TXN[] =
    "SELECT set_config('idle_in_transaction_session_timeout', '60s', false) "
    "WHERE current_setting('idle_in_transaction_session_timeout') = '0'";

struct pg *
pg_open(const char *uri)
{
	struct pg	*pg;

	if ((pg = calloc(1, sizeof(*pg))) == NULL) {
		fprintf(stderr, "topper: db: out of memory\n");
		return NULL;
	}
	pg->conn = PQconnectdb(uri);
	if (pg->conn == NULL || PQstatus(pg->conn) != CONNECTION_OK) {
		fprintf(stderr, "topper: db: cannot connect to PostgreSQL: "
		    "%s", pg->conn != NULL ? PQerrorMessage(pg->conn) :
		    "out of memory\n");
		pg_close(pg);
		return NULL;
	}
	PQsetNoticeProcessor(pg->conn, quiet, NULL);
	/* Times are seconds the program computes; the zone is UTC. */
	if (pg_exec(pg, "SET TIME ZONE 'UTC'") != 0 ||
	    pg_exec(pg, SQL_IDLE_TXN) != 0) {
		fprintf(stderr, "topper: db: %s\n", pg->errmsg);
		pg_close(pg);
		return NULL;
	}
	return pg;
}

void
pg_close(struct pg *pg)
{
	if (pg == NULL)
		return;
	if (pg->conn != NULL)
		PQfinish(pg->conn);
	free(pg);
}

int64_t
pg_changes(const struct pg *pg)
{
	return pg->changes;
}

int
pg_errcode(const struct pg *pg)
{
	return pg->errcode;
}

const char *
pg_errmsg(const struct pg *pg)
{
	return pg->errmsg[0] != '\0' ? pg->errmsg : "no error";
}

int
pg_exec(struct pg *pg, const char *sql)
{
	PGresult	*r = PQexec(pg->conn, sql);
	ExecStatusType	 s = PQresultStatus(r);
	int		 rc = 0;

	if (s != PGRES_COMMAND_OK && s != PGRES_TUPLES_OK)
		rc = pg_fail(pg, r);
	else
		pg->changes = strtoll(PQcmdTuples(r), NULL, 10);
	PQclear(r);
	return rc;
}

int
pg_in_txn(const struct pg *pg)
{
	return PQtransactionStatus(pg->conn) != PQTRANS_IDLE;
}

int
pg_begin_write(struct pg *pg)
{
	char	 sql[96];
	int	 rc;

	if ((rc = pg_exec(pg, "BEGIN")) != 0)
		return rc;
	snprintf(sql, sizeof(sql), "SELECT pg_advisory_xact_lock(%" PRId64
	    ")", PG_WRITE_LOCK);
	if ((rc = pg_exec(pg, sql)) != 0)
		(void)pg_exec(pg, "ROLLBACK");
	return rc;
}

/*
 * The schema version lives in a table of its own (SQLite keeps it in
 * its header as PRAGMA user_version).
 */
int
pg_schema_version(struct pg *pg, int *out)
{
	PGresult	*r;
	int		 rc = 0, exists;

	r = PQexec(pg->conn, "SELECT to_regclass('schema_version') IS NOT NULL");
	if (PQresultStatus(r) != PGRES_TUPLES_OK || PQntuples(r) != 1) {
		rc = pg_fail(pg, r);
		PQclear(r);
		return rc;
	}
	exists = PQgetvalue(r, 0, 0)[0] == 't';
	PQclear(r);
	*out = 0;
	if (!exists)
		return 0;
	r = PQexec(pg->conn, "SELECT coalesce(max(version), 0) FROM "
	    "schema_version");
	if (PQresultStatus(r) != PGRES_TUPLES_OK || PQntuples(r) != 1)
		rc = pg_fail(pg, r);
	else
		*out = atoi(PQgetvalue(r, 0, 0));
	PQclear(r);
	return rc;
}

int
pg_set_schema_version(struct pg *pg, int v)
{
	char	 sql[160];

	snprintf(sql, sizeof(sql), "CREATE TABLE IF NOT EXISTS "
	    "schema_version (version integer NOT NULL); DELETE FROM "
	    "schema_version; INSERT INTO schema_version VALUES (%d)", v);
	return pg_exec(pg, sql);
}
