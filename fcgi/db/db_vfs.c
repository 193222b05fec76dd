/*
 * db_vfs.c: the "topper-wal" VFS (db_vfs.h): unix, with the writes to a
 * WAL file gathered until the next sync.
 */
#include "db_vfs.h"

#include <string.h>

#include <sqlite3.h>

/* One open file: ours in front, the unix one right behind it. */
struct vfile {
	sqlite3_file	 base;		/* pMethods: vfile_methods */
	sqlite3_file	*real;		/* the unix VFS's file behind */
	char		*buf;		/* gathered bytes; NULL: not a WAL */
	sqlite3_int64	 off;		/* where buf[0] goes in the file */
	int		 len;		/* bytes in buf */
};

/* struct vfile's size, so that the unix file behind it is aligned. */
#define VFILE_SIZE	((sizeof(struct vfile) + 15) & ~(size_t)15)

#define UNIX(f)		(((struct vfile *)(f))->real)
#define UNIX_IO(f)	(UNIX(f)->pMethods)
#define UNIX_VFS(v)	((sqlite3_vfs *)(v)->pAppData)

/* Write what is gathered, in one call. */
static int
flush(struct vfile *f)
{
	int	 rc;

	if (f->len == 0)
		return SQLITE_OK;
	rc = f->real->pMethods->xWrite(f->real, f->buf, f->len, f->off);
	f->len = 0;
	return rc;
}

static int
vfile_close(sqlite3_file *sf)
{
	struct vfile	*f = (struct vfile *)sf;
	int		 rc, rc2;

	rc = flush(f);
	rc2 = UNIX_IO(sf)->xClose(f->real);
	sqlite3_free(f->buf);
	f->buf = NULL;
	return rc != SQLITE_OK ? rc : rc2;
}

static int
vfile_read(sqlite3_file *sf, void *p, int n, sqlite3_int64 off)
{
	int	 rc;

	if ((rc = flush((struct vfile *)sf)) != SQLITE_OK)
		return rc;
	return UNIX_IO(sf)->xRead(UNIX(sf), p, n, off);
}

static int
vfile_write(sqlite3_file *sf, const void *p, int n, sqlite3_int64 off)
{
	struct vfile	*f = (struct vfile *)sf;
	int		 rc;

	if (f->buf == NULL)
		return UNIX_IO(sf)->xWrite(f->real, p, n, off);
	if (f->len > 0 && off == f->off + f->len &&
	    n <= DB_VFS_GATHER_MAX - f->len) {
		memcpy(f->buf + f->len, p, (size_t)n);
		f->len += n;
		return SQLITE_OK;
	}
	if ((rc = flush(f)) != SQLITE_OK)
		return rc;
	if (n > DB_VFS_GATHER_MAX / 2)
		return UNIX_IO(sf)->xWrite(f->real, p, n, off);
	memcpy(f->buf, p, (size_t)n);
	f->off = off;
	f->len = n;
	return SQLITE_OK;
}

static int
vfile_truncate(sqlite3_file *sf, sqlite3_int64 size)
{
	int	 rc;

	if ((rc = flush((struct vfile *)sf)) != SQLITE_OK)
		return rc;
	return UNIX_IO(sf)->xTruncate(UNIX(sf), size);
}

static int
vfile_sync(sqlite3_file *sf, int flags)
{
	int	 rc;

	if ((rc = flush((struct vfile *)sf)) != SQLITE_OK)
		return rc;
	return UNIX_IO(sf)->xSync(UNIX(sf), flags);
}

static int
vfile_size(sqlite3_file *sf, sqlite3_int64 *size)
{
	struct vfile	*f = (struct vfile *)sf;
	int		 rc;

	if ((rc = UNIX_IO(sf)->xFileSize(f->real, size)) != SQLITE_OK)
		return rc;
	if (f->len > 0 && f->off + f->len > *size)
		*size = f->off + f->len;
	return SQLITE_OK;
}

/* The rest goes straight to the unix file. */
static int
vfile_lock(sqlite3_file *sf, int lock)
{
	return UNIX_IO(sf)->xLock(UNIX(sf), lock);
}

static int
vfile_unlock(sqlite3_file *sf, int lock)
{
	return UNIX_IO(sf)->xUnlock(UNIX(sf), lock);
}

static int
vfile_reserved(sqlite3_file *sf, int *out)
{
	return UNIX_IO(sf)->xCheckReservedLock(UNIX(sf), out);
}

static int
vfile_control(sqlite3_file *sf, int op, void *arg)
{
	return UNIX_IO(sf)->xFileControl(UNIX(sf), op, arg);
}

static int
vfile_sector(sqlite3_file *sf)
{
	return UNIX_IO(sf)->xSectorSize(UNIX(sf));
}

static int
vfile_caps(sqlite3_file *sf)
{
	return UNIX_IO(sf)->xDeviceCharacteristics(UNIX(sf));
}

static int
vfile_shm_map(sqlite3_file *sf, int region, int size, int extend,
    void volatile **p)
{
	return UNIX_IO(sf)->xShmMap(UNIX(sf), region, size, extend, p);
}

static int
vfile_shm_lock(sqlite3_file *sf, int off, int n, int flags)
{
	return UNIX_IO(sf)->xShmLock(UNIX(sf), off, n, flags);
}

static void
vfile_shm_barrier(sqlite3_file *sf)
{
	UNIX_IO(sf)->xShmBarrier(UNIX(sf));
}

static int
vfile_shm_unmap(sqlite3_file *sf, int delete)
{
	return UNIX_IO(sf)->xShmUnmap(UNIX(sf), delete);
}

static int
vfile_fetch(sqlite3_file *sf, sqlite3_int64 off, int n, void **p)
{
	return UNIX_IO(sf)->xFetch(UNIX(sf), off, n, p);
}

static int
vfile_unfetch(sqlite3_file *sf, sqlite3_int64 off, void *p)
{
	return UNIX_IO(sf)->xUnfetch(UNIX(sf), off, p);
}

static const sqlite3_io_methods vfile_methods = {
	3,
	vfile_close, vfile_read, vfile_write, vfile_truncate, vfile_sync,
	vfile_size, vfile_lock, vfile_unlock, vfile_reserved, vfile_control,
	vfile_sector, vfile_caps,
	vfile_shm_map, vfile_shm_lock, vfile_shm_barrier, vfile_shm_unmap,
	vfile_fetch, vfile_unfetch
};

static int
vfs_open(sqlite3_vfs *vfs, sqlite3_filename name, sqlite3_file *sf,
    int flags, int *out)
{
	struct vfile	*f = (struct vfile *)sf;
	int		 rc;

	memset(f, 0, sizeof(*f));
	f->real = (sqlite3_file *)((char *)sf + VFILE_SIZE);
	rc = UNIX_VFS(vfs)->xOpen(UNIX_VFS(vfs), name, f->real, flags, out);
	if (rc != SQLITE_OK)
		return rc;
	/* Only unix's own methods have every call we pass on. */
	if (f->real->pMethods == NULL || f->real->pMethods->iVersion < 3) {
		if (f->real->pMethods != NULL)
			f->real->pMethods->xClose(f->real);
		return SQLITE_CANTOPEN;
	}
	if ((flags & SQLITE_OPEN_WAL) &&
	    (f->buf = sqlite3_malloc(DB_VFS_GATHER_MAX)) == NULL) {
		f->real->pMethods->xClose(f->real);
		return SQLITE_NOMEM;
	}
	sf->pMethods = &vfile_methods;
	return SQLITE_OK;
}

static int
vfs_delete(sqlite3_vfs *vfs, const char *name, int sync_dir)
{
	return UNIX_VFS(vfs)->xDelete(UNIX_VFS(vfs), name, sync_dir);
}

static int
vfs_access(sqlite3_vfs *vfs, const char *name, int flags, int *out)
{
	return UNIX_VFS(vfs)->xAccess(UNIX_VFS(vfs), name, flags, out);
}

static int
vfs_full_pathname(sqlite3_vfs *vfs, const char *name, int n, char *out)
{
	return UNIX_VFS(vfs)->xFullPathname(UNIX_VFS(vfs), name, n, out);
}

static void *
vfs_dlopen(sqlite3_vfs *vfs, const char *name)
{
	return UNIX_VFS(vfs)->xDlOpen(UNIX_VFS(vfs), name);
}

static void
vfs_dlerror(sqlite3_vfs *vfs, int n, char *out)
{
	UNIX_VFS(vfs)->xDlError(UNIX_VFS(vfs), n, out);
}

static void
(*vfs_dlsym(sqlite3_vfs *vfs, void *h, const char *sym))(void)
{
	return UNIX_VFS(vfs)->xDlSym(UNIX_VFS(vfs), h, sym);
}

static void
vfs_dlclose(sqlite3_vfs *vfs, void *h)
{
	UNIX_VFS(vfs)->xDlClose(UNIX_VFS(vfs), h);
}

static int
vfs_randomness(sqlite3_vfs *vfs, int n, char *out)
{
	return UNIX_VFS(vfs)->xRandomness(UNIX_VFS(vfs), n, out);
}

static int
vfs_sleep(sqlite3_vfs *vfs, int us)
{
	return UNIX_VFS(vfs)->xSleep(UNIX_VFS(vfs), us);
}

static int
vfs_time(sqlite3_vfs *vfs, double *out)
{
	return UNIX_VFS(vfs)->xCurrentTime(UNIX_VFS(vfs), out);
}

static int
vfs_last_error(sqlite3_vfs *vfs, int n, char *out)
{
	return UNIX_VFS(vfs)->xGetLastError(UNIX_VFS(vfs), n, out);
}

static int
vfs_time64(sqlite3_vfs *vfs, sqlite3_int64 *out)
{
	return UNIX_VFS(vfs)->xCurrentTimeInt64(UNIX_VFS(vfs), out);
}

const char *
db_vfs_name(void)
{
	/* Process state: SQLite keeps a pointer to it once registered. */
	static sqlite3_vfs	 vfs;
	static int		 registered;
	sqlite3_vfs		*base;

	if (registered)
		return vfs.zName;
	if ((base = sqlite3_vfs_find("unix")) == NULL || base->iVersion < 2)
		return NULL;
	vfs.iVersion = 2;
	vfs.szOsFile = (int)VFILE_SIZE + base->szOsFile;
	vfs.mxPathname = base->mxPathname;
	vfs.zName = "topper-wal";
	vfs.pAppData = base;
	vfs.xOpen = vfs_open;
	vfs.xDelete = vfs_delete;
	vfs.xAccess = vfs_access;
	vfs.xFullPathname = vfs_full_pathname;
	vfs.xDlOpen = vfs_dlopen;
	vfs.xDlError = vfs_dlerror;
	vfs.xDlSym = vfs_dlsym;
	vfs.xDlClose = vfs_dlclose;
	vfs.xRandomness = vfs_randomness;
	vfs.xSleep = vfs_sleep;
	vfs.xCurrentTime = vfs_time;
	vfs.xGetLastError = vfs_last_error;
	vfs.xCurrentTimeInt64 = vfs_time64;
	if (sqlite3_vfs_register(&vfs, 0) != SQLITE_OK)
		return NULL;
	registered = 1;
	return vfs.zName;
}
