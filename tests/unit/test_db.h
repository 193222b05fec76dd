/*
 * test_db.h: helpers the SQLite store tests test_db.c and
 * test_db_write.c share: a migrated database in a scratch directory,
 * a query's first value as text, and a monotonic clock in
 * milliseconds.  Included after cmocka.h; every function is static
 * inline.
 */
#ifndef TEST_DB_H
#define TEST_DB_H

#include <stdio.h>
#include <time.h>

#include "db.h"
#include "migrate.h"
#include "test_tmpdb.h"

static inline void
tmp_make(struct tmpdb *t)
{
	assert_int_equal(tmpdb_make(t, "db"), 0);
}

/* A migrated database in a fresh directory. */
static inline struct db *
fresh_db(struct tmpdb *t)
{
	struct db	*db;

	tmp_make(t);
	assert_non_null(db = db_open(t->path, DB_CREATE));
	assert_int_equal(migrate_apply(db), migrate_count());
	return db;
}

/* First column of the first row of sql, as text, via sqlite3_exec. */
static inline int
first_cb(void *arg, int n, char **vals, char **names)
{
	char	*out = arg;

	(void)names;
	if (out[0] == '\0' && n > 0)
		snprintf(out, 256, "%s", vals[0] != NULL ? vals[0] : "NULL");
	return 0;
}

static inline void
query1(struct db *db, const char *sql, char out[256])
{
	out[0] = '\0';
	assert_int_equal(sqlite3_exec(db_handle(db), sql, first_cb, out, NULL),
	    SQLITE_OK);
}

static inline double
now_ms(void)
{
	struct timespec	 ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

#endif /* TEST_DB_H */
