/*
 * cli_bench_write.c: "topper bench-write", the cost of one durable
 * write on its own (cli_bench.h has the frame).
 *
 * topper bench-write [--config F] [--iterations N]
 *	Measure (e), a bare durable write: N times BEGIN IMMEDIATE, UPDATE
 *	of a 4 KB blob, INSERT of a row, COMMIT, through db.h (WAL,
 *	synchronous=FULL, the busy handler) on a scratch database next to
 *	the configured one ("DB-bench-write", removed afterwards).  Prints
 *	"n=N rps=R p50_ms=X p99_ms=Y" on standard output.
 * A helper of a benchmark, not a test.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sodium.h>

#include "cli.h"
#include "cli_bench.h"
#include "db.h"

enum {
	WRITE_ITERATIONS = 5000,
	WRITE_WARMUP = 100,		/* writes made before timing */
	WRITE_BLOB = 4096
};

static const char SQL_W_BLOB_TABLE[] =
    "CREATE TABLE bench_blob (id INTEGER PRIMARY KEY, data BLOB NOT NULL) "
    "STRICT";
static const char SQL_W_LOG_TABLE[] =
    "CREATE TABLE bench_log (id INTEGER PRIMARY KEY, n INTEGER NOT NULL, "
    "at INTEGER NOT NULL) STRICT";
static const char SQL_W_BLOB_ADD[] =
    "INSERT INTO bench_blob (id, data) VALUES (1, zeroblob(?1))";
static const char SQL_W_UPDATE[] =
    "UPDATE bench_blob SET data = ?1 WHERE id = 1";
static const char SQL_W_INSERT[] =
    "INSERT INTO bench_log (n, at) VALUES (?1, ?2)";

/* One timed write: BEGIN IMMEDIATE, UPDATE, INSERT, COMMIT. */
static int
write_once(struct db *db, unsigned char *blob, long k)
{
	struct db_stmt	*st;
	int		 i;

	for (i = 0; i < 8; i++)
		blob[i] = (unsigned char)((unsigned long)k >> (8 * i));
	if (db_begin_immediate(db) != DB_OK ||
	    (st = db_stmt(db, SQL_W_UPDATE)) == NULL)
		return -1;
	db_bind_blob(st, 1, blob, WRITE_BLOB, DB_STATIC);
	if (db_step_done(db, st) != DB_OK ||
	    (st = db_stmt(db, SQL_W_INSERT)) == NULL)
		return -1;
	db_bind_int64(st, 1, k);
	db_bind_int64(st, 2, db_now());
	if (db_step_done(db, st) != DB_OK || db_commit(db) != DB_OK)
		return -1;
	return 0;
}

static int
cmp_double(const void *a, const void *b)
{
	double	 x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The nearest-rank percentile p (0..1] of sorted v[0..n). */
static double
percentile(const double *v, long n, double p)
{
	long	 k = (long)ceil(p * (double)n) - 1;

	return v[k < 0 ? 0 : k >= n ? n - 1 : k];
}

int
cli_bench_write(int argc, char **argv)
{
	struct bench_ctx	 c;
	struct stat	 sb;
	struct db	*db = NULL;
	const char	*ddl[] = { SQL_W_BLOB_TABLE, SQL_W_LOG_TABLE };
	unsigned char	*blob = NULL;
	struct db_stmt	*st;
	double		*lat = NULL, t0, t1, total;
	char		*path = NULL, *side = NULL;
	long		 iters = WRITE_ITERATIONS, k;
	int		 rc, made = 0;
	size_t		 i, len;

	if ((rc = bench_ctx_open(&c, "bench-write", &argc, argv)) != 0)
		goto out;
	rc = 2;
	if (argc == 3 && strcmp(argv[1], "--iterations") == 0)
		iters = bench_count_arg(argv[2], 100000000);
	else if (argc != 1)
		iters = -1;
	if (iters < 1) {
		cli_usage("bench-write");
		goto out;
	}
	rc = 1;
	len = strlen(c.cf.db) + 32;
	if ((path = malloc(len)) == NULL || (side = malloc(len)) == NULL ||
	    (blob = malloc(WRITE_BLOB)) == NULL ||
	    (lat = calloc((size_t)iters, sizeof(*lat))) == NULL)
		goto out;
	snprintf(path, len, "%s-bench-write", c.cf.db);
	if (stat(path, &sb) == 0) {
		fprintf(stderr, "topper bench-write: %s exists; remove it "
		    "first\n", path);
		goto out;
	}
	if ((db = db_open(path, DB_CREATE)) == NULL)
		goto out;
	made = 1;
	for (i = 0; i < sizeof(ddl) / sizeof(ddl[0]); i++)
		if ((st = db_stmt(db, ddl[i])) == NULL ||
		    db_step_done(db, st) != DB_OK)
			goto out;
	if ((st = db_stmt(db, SQL_W_BLOB_ADD)) == NULL)
		goto out;
	db_bind_int(st, 1, WRITE_BLOB);
	if (db_step_done(db, st) != DB_OK)
		goto out;
	randombytes_buf(blob, WRITE_BLOB);
	for (k = 0; k < WRITE_WARMUP; k++)
		if (write_once(db, blob, k) == -1)
			goto out;
	total = bench_now_s();
	for (k = 0; k < iters; k++) {
		t0 = bench_now_s();
		if (write_once(db, blob, WRITE_WARMUP + k) == -1)
			goto out;
		t1 = bench_now_s();
		lat[k] = t1 - t0;
	}
	total = bench_now_s() - total;
	qsort(lat, (size_t)iters, sizeof(*lat), cmp_double);
	printf("n=%ld rps=%.1f p50_ms=%.3f p99_ms=%.3f\n", iters,
	    (double)iters / total, percentile(lat, iters, 0.50) * 1e3,
	    percentile(lat, iters, 0.99) * 1e3);
	rc = 0;
out:
	if (db != NULL)
		db_rollback_if_open(db);
	db_close(db);
	if (made) {
		(void)unlink(path);
		snprintf(side, len, "%s-wal", path);
		(void)unlink(side);
		snprintf(side, len, "%s-shm", path);
		(void)unlink(side);
	}
	free(path);
	free(side);
	free(blob);
	free(lat);
	bench_ctx_close(&c);
	return rc;
}
