/*
 * db_vfs.h: the SQLite VFS of the connections that write ("topper-wal").
 *
 * It is the default unix VFS with one change: what SQLite writes to a
 * WAL file is gathered in memory and goes to the kernel in one pwrite
 * when SQLite syncs the file (or reads it, truncates it, closes it, or
 * writes somewhere that does not follow on).  SQLite writes each WAL
 * frame as two calls, its 24-byte header and its page, so a commit of
 * 20 pages was 40 system calls before its fsync; it is now one or two.
 * Every other file, and every other call, goes straight to unix.
 *
 * Why this is safe: a commit becomes visible to other connections when
 * SQLite updates the WAL index in shared memory, and with synchronous=
 * FULL (db.c sets it on every connection that writes) SQLite syncs the
 * WAL before that update, so the frames are in the file by then.  A
 * connection reading its own WAL sees its frames because a read writes
 * the gathered bytes first.  Nothing is durable before the sync in any
 * case, so a crash loses only what unix would have lost.
 */
#ifndef TOPPER_DB_VFS_H
#define TOPPER_DB_VFS_H

enum {
	/*
	 * Bytes gathered before they are written anyway.  Below 128 KB:
	 * the unix VFS writes at most that much a call and takes a write
	 * of exactly 128 KB for a full disk.
	 */
	DB_VFS_GATHER_MAX = 96 * 1024
};

/*
 * Register the VFS with SQLite on the first call (not as the default)
 * and return its name for sqlite3_open_v2(); NULL when SQLite has no
 * unix VFS or registering failed.
 */
const char	*db_vfs_name(void);

#endif /* TOPPER_DB_VFS_H */
