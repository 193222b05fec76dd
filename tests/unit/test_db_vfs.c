/*
 * test_db_vfs.c: the "topper-wal" VFS (db_vfs.h).  Its files directly:
 * a WAL file's contiguous writes stay in memory until a sync, a read, a
 * truncate, a write elsewhere or the close, and the size it reports
 * counts them; other files are written at once.  Then through SQLite:
 * a connection on it in WAL mode with synchronous=FULL, a page cache so
 * small that transactions spill frames before their commit, and a
 * second connection on the plain unix VFS that must see every commit at
 * once, the database whole after a checkpoint and a reopen.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sqlite3.h>

#include "db_vfs.h"
#include "test_tmpdb.h"

static void
tmp_make(struct tmpdb *t)
{
	assert_int_equal(tmpdb_make(t, "vfs"), 0);
}

/* The size of path on disk, as the kernel has it. */
static long long
disk_size(const char *path)
{
	struct stat	 st;

	assert_int_equal(stat(path, &st), 0);
	return (long long)st.st_size;
}

/* Open path on the VFS itself, as SQLite would, with flags. */
static sqlite3_file *
vfs_file(sqlite3_vfs *vfs, const char *path, int flags)
{
	sqlite3_file	*f;
	int		 out;

	assert_non_null(f = calloc(1, (size_t)vfs->szOsFile));
	assert_int_equal(vfs->xOpen(vfs, path, f, flags | SQLITE_OPEN_CREATE |
	    SQLITE_OPEN_READWRITE, &out), SQLITE_OK);
	assert_non_null(f->pMethods);
	return f;
}

static void
vfs_file_close(sqlite3_file *f)
{
	assert_int_equal(f->pMethods->xClose(f), SQLITE_OK);
	free(f);
}

static void
test_registered(void **state)
{
	const char	*name;

	(void)state;
	assert_non_null(name = db_vfs_name());
	assert_string_equal(name, "topper-wal");
	/* Registered once, and not as the default. */
	assert_ptr_equal(db_vfs_name(), name);
	assert_non_null(sqlite3_vfs_find(name));
	assert_string_not_equal(sqlite3_vfs_find(NULL)->zName, name);
}

static void
test_wal_gathered(void **state)
{
	struct tmpdb	 t;
	sqlite3_vfs	*vfs;
	sqlite3_file	*f;
	sqlite3_int64	 size;
	char		 a[100], b[300], got[400];
	char		 wal[160];

	(void)state;
	tmp_make(&t);
	snprintf(wal, sizeof(wal), "%s-wal", t.path);
	assert_non_null(vfs = sqlite3_vfs_find(db_vfs_name()));
	/* A WAL takes its mode from its database, which must exist. */
	vfs_file_close(vfs_file(vfs, t.path, SQLITE_OPEN_MAIN_DB));
	memset(a, 'a', sizeof(a));
	memset(b, 'b', sizeof(b));
	f = vfs_file(vfs, wal, SQLITE_OPEN_WAL);
	assert_int_equal(f->pMethods->xWrite(f, a, sizeof(a), 0), SQLITE_OK);
	assert_int_equal(f->pMethods->xWrite(f, b, sizeof(b), sizeof(a)),
	    SQLITE_OK);
	/* Nothing in the file yet, but its size counts the two writes. */
	assert_int_equal(disk_size(wal), 0);
	assert_int_equal(f->pMethods->xFileSize(f, &size), SQLITE_OK);
	assert_int_equal(size, 400);
	/* The sync writes them. */
	assert_int_equal(f->pMethods->xSync(f, SQLITE_SYNC_NORMAL),
	    SQLITE_OK);
	assert_int_equal(disk_size(wal), 400);

	/* A read sees what was gathered (it is written first). */
	assert_int_equal(f->pMethods->xWrite(f, b, 50, 400), SQLITE_OK);
	assert_int_equal(disk_size(wal), 400);
	assert_int_equal(f->pMethods->xRead(f, got, 450 - 100, 100),
	    SQLITE_OK);
	assert_memory_equal(got, b, 300);
	assert_memory_equal(got + 300, b, 50);
	assert_int_equal(disk_size(wal), 450);

	/* A write that does not follow on writes what came before. */
	assert_int_equal(f->pMethods->xWrite(f, a, 10, 450), SQLITE_OK);
	assert_int_equal(f->pMethods->xWrite(f, a, 10, 0), SQLITE_OK);
	assert_int_equal(disk_size(wal), 460);
	/* So does a truncate, which then cuts. */
	assert_int_equal(f->pMethods->xTruncate(f, 200), SQLITE_OK);
	assert_int_equal(disk_size(wal), 200);

	/* More than the buffer holds goes out as it fills. */
	{
		static char	 big[DB_VFS_GATHER_MAX];
		int		 i;

		memset(big, 'c', sizeof(big));
		for (i = 0; i < 4; i++)
			assert_int_equal(f->pMethods->xWrite(f, big, 4096,
			    200 + (sqlite3_int64)i * 4096), SQLITE_OK);
		assert_int_equal(disk_size(wal), 200);
		assert_int_equal(f->pMethods->xWrite(f, big,
		    DB_VFS_GATHER_MAX, 200 + 4 * 4096), SQLITE_OK);
		/* The gathered four, then the big one straight. */
		assert_int_equal(disk_size(wal),
		    200 + 4 * 4096 + DB_VFS_GATHER_MAX);
	}

	/* The close writes what is left. */
	assert_int_equal(f->pMethods->xWrite(f, a, 20,
	    200 + 4 * 4096 + DB_VFS_GATHER_MAX), SQLITE_OK);
	vfs_file_close(f);
	assert_int_equal(disk_size(wal), 220 + 4 * 4096 + DB_VFS_GATHER_MAX);
	unlink(wal);
	tmpdb_remove(&t);
}

static void
test_other_files_direct(void **state)
{
	struct tmpdb	 t;
	sqlite3_vfs	*vfs;
	sqlite3_file	*f;
	char		 a[100];

	(void)state;
	tmp_make(&t);
	assert_non_null(vfs = sqlite3_vfs_find(db_vfs_name()));
	memset(a, 'a', sizeof(a));
	f = vfs_file(vfs, t.path, SQLITE_OPEN_MAIN_DB);
	assert_int_equal(f->pMethods->xWrite(f, a, sizeof(a), 0), SQLITE_OK);
	assert_int_equal(disk_size(t.path), 100);
	vfs_file_close(f);
	tmpdb_remove(&t);
}

static int
count_cb(void *arg, int n, char **vals, char **names)
{
	(void)names;
	if (n > 0 && vals[0] != NULL)
		snprintf(arg, 64, "%s", vals[0]);
	return 0;
}

static void
query(sqlite3 *h, const char *sql, char out[64])
{
	out[0] = '\0';
	assert_int_equal(sqlite3_exec(h, sql, count_cb, out, NULL), SQLITE_OK);
}

static void
test_sqlite_on_it(void **state)
{
	struct tmpdb	 t;
	sqlite3		*w, *r;
	char		 got[64], want[64];
	int		 i, j;

	(void)state;
	tmp_make(&t);
	assert_int_equal(sqlite3_open_v2(t.path, &w, SQLITE_OPEN_READWRITE |
	    SQLITE_OPEN_CREATE, db_vfs_name()), SQLITE_OK);
	assert_int_equal(sqlite3_exec(w, "PRAGMA journal_mode = WAL; "
	    "PRAGMA synchronous = FULL; PRAGMA cache_size = 10; "
	    "PRAGMA wal_autocheckpoint = 0; "
	    "CREATE TABLE t (k INTEGER PRIMARY KEY, v BLOB)", NULL, NULL,
	    NULL), SQLITE_OK);
	assert_int_equal(sqlite3_open_v2(t.path, &r, SQLITE_OPEN_READONLY,
	    NULL), SQLITE_OK);
	for (i = 0; i < 40; i++) {
		/* 30 rows of 3 KB a transaction: more than 10 pages of cache,
		 * so SQLite writes frames before the commit and reads some
		 * of them back. */
		assert_int_equal(sqlite3_exec(w, "BEGIN IMMEDIATE", NULL, NULL,
		    NULL), SQLITE_OK);
		for (j = 0; j < 30; j++)
			assert_int_equal(sqlite3_exec(w, "INSERT INTO t (v) "
			    "VALUES (randomblob(3000))", NULL, NULL, NULL),
			    SQLITE_OK);
		assert_int_equal(sqlite3_exec(w, "UPDATE t SET v = "
		    "randomblob(100) WHERE k % 7 = 0", NULL, NULL, NULL),
		    SQLITE_OK);
		assert_int_equal(sqlite3_exec(w, "COMMIT", NULL, NULL, NULL),
		    SQLITE_OK);
		/* The other connection sees the commit at once. */
		snprintf(want, sizeof(want), "%d", 30 * (i + 1));
		query(r, "SELECT count(*) FROM t", got);
		assert_string_equal(got, want);
		query(r, "SELECT sum(length(v)) FROM t", got);
		query(w, "SELECT sum(length(v)) FROM t", want);
		assert_string_equal(got, want);
	}
	/* A rolled-back transaction leaves nothing for either. */
	assert_int_equal(sqlite3_exec(w, "BEGIN IMMEDIATE; INSERT INTO t (v) "
	    "SELECT randomblob(3000) FROM t; ROLLBACK", NULL, NULL, NULL),
	    SQLITE_OK);
	query(r, "SELECT count(*) FROM t", got);
	assert_string_equal(got, "1200");
	query(w, "PRAGMA integrity_check", got);
	assert_string_equal(got, "ok");
	query(w, "PRAGMA wal_checkpoint(TRUNCATE)", got);
	assert_string_equal(got, "0");
	assert_int_equal(sqlite3_close(r), SQLITE_OK);
	assert_int_equal(sqlite3_close(w), SQLITE_OK);

	/* Reopened on the unix VFS: whole. */
	assert_int_equal(sqlite3_open_v2(t.path, &r, SQLITE_OPEN_READONLY,
	    NULL), SQLITE_OK);
	query(r, "PRAGMA integrity_check", got);
	assert_string_equal(got, "ok");
	query(r, "SELECT count(*) FROM t", got);
	assert_string_equal(got, "1200");
	assert_int_equal(sqlite3_close(r), SQLITE_OK);
	tmpdb_remove(&t);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_registered),
		cmocka_unit_test(test_wal_gathered),
		cmocka_unit_test(test_other_files_direct),
		cmocka_unit_test(test_sqlite_on_it),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
