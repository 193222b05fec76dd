/*
 * test_tmpdb.h: a scratch directory holding one SQLite database, for the
 * unit tests that open one.  Header only: each test is its own program.
 */
#ifndef TOPPER_TEST_TMPDB_H
#define TOPPER_TEST_TMPDB_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct tmpdb {
	char	 dir[64];
	char	 path[128];	/* dir/t.db, not created here */
};

/*
 * Make a fresh directory "topper-test-TAG.XXXXXX" under $TMPDIR (when
 * short enough) or /tmp.  0, or -1 when mkdtemp failed.
 */
static inline int
tmpdb_make(struct tmpdb *t, const char *tag)
{
	const char	*tmp = getenv("TMPDIR");

	snprintf(t->dir, sizeof(t->dir), "%s/topper-test-%s.XXXXXX",
	    tmp != NULL && *tmp != '\0' && strlen(tmp) < 32 ? tmp : "/tmp",
	    tag);
	if (mkdtemp(t->dir) == NULL)
		return -1;
	snprintf(t->path, sizeof(t->path), "%s/t.db", t->dir);
	return 0;
}

/* Remove the database, its -wal and -shm files, and the directory. */
static inline void
tmpdb_remove(const struct tmpdb *t)
{
	char	 p[160];

	snprintf(p, sizeof(p), "%s-wal", t->path);
	unlink(p);
	snprintf(p, sizeof(p), "%s-shm", t->path);
	unlink(p);
	unlink(t->path);
	rmdir(t->dir);
}

#endif /* TOPPER_TEST_TMPDB_H */
