/*
 * lossy.c: the VFS that loses unsynced writes (lossy.h).
 */
#include "lossy.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sqlite3.h>

/* One cached write. */
struct pw {
	struct pw	*next;
	sqlite3_int64	 off;
	int		 len;
	unsigned char	 data[];
};

/* The cache of one path, shared by its handles; lives until exit. */
struct cache {
	char		 path[1024];
	struct pw	*head, **tail;
};

struct lfile {
	sqlite3_file	 base;
	sqlite3_file	*real;		/* right behind, aligned */
	struct cache	*c;		/* NULL: a temporary file, not cached */
};

#define LFILE_SIZE	((sizeof(struct lfile) + 15) & ~(size_t)15)
#define CACHES_MAX	32

static sqlite3_vfs	*real_vfs;
static sqlite3_vfs	 vfs;
static sqlite3_io_methods methods;
static struct cache	 caches[CACHES_MAX];
static int		 ncaches;
static long		 ops, cut_at;
static int		 lying;
static uint64_t		 rnd_state;

static uint64_t
rnd(void)
{
	rnd_state ^= rnd_state << 13;
	rnd_state ^= rnd_state >> 7;
	rnd_state ^= rnd_state << 17;
	return rnd_state;
}

/* Write one cached write to the real file behind path. */
static void
spill(const char *path, const struct pw *w)
{
	sqlite3_file	*f = malloc((size_t)real_vfs->szOsFile);
	int		 out;

	if (f == NULL)
		return;
	memset(f, 0, (size_t)real_vfs->szOsFile);
	if (real_vfs->xOpen(real_vfs, path, f, SQLITE_OPEN_READWRITE |
	    SQLITE_OPEN_MAIN_JOURNAL, &out) == SQLITE_OK) {
		f->pMethods->xWrite(f, w->data, w->len, w->off);
		f->pMethods->xClose(f);
	}
	free(f);
}

/* The power goes: lose the cache, or let some of it through. */
static void
cut(void)
{
	struct pw	*w;
	int		 i;

	if (rnd() & 1)
		for (i = 0; i < ncaches; i++)
			for (w = caches[i].head; w != NULL; w = w->next)
				if (rnd() % 3 == 0)
					spill(caches[i].path, w);
	_exit(LOSSY_EXIT);
}

static void
tick(void)
{
	if (++ops == cut_at)
		cut();
}

static struct cache *
cache_of(const char *path)
{
	int	 i;

	for (i = 0; i < ncaches; i++)
		if (strcmp(caches[i].path, path) == 0)
			return &caches[i];
	if (ncaches == CACHES_MAX || strlen(path) >= sizeof(caches[0].path))
		abort();
	strcpy(caches[ncaches].path, path);
	caches[ncaches].head = NULL;
	caches[ncaches].tail = &caches[ncaches].head;
	return &caches[ncaches++];
}

static void
cache_drop(struct cache *c)
{
	struct pw	*w, *n;

	for (w = c->head; w != NULL; w = n) {
		n = w->next;
		free(w);
	}
	c->head = NULL;
	c->tail = &c->head;
}

#define REAL(f)	(((struct lfile *)(f))->real)
#define RM(f)	(REAL(f)->pMethods)

static int
l_close(sqlite3_file *f)
{
	return RM(f)->xClose(REAL(f));	/* the cache outlives the handle */
}

static sqlite3_int64
cached_size(struct lfile *f)
{
	sqlite3_int64	 sz = 0;
	struct pw	*w;

	if (RM(f)->xFileSize(f->real, &sz) != SQLITE_OK)
		sz = 0;
	if (f->c != NULL)
		for (w = f->c->head; w != NULL; w = w->next)
			if (w->off + w->len > sz)
				sz = w->off + w->len;
	return sz;
}

static int
l_read(sqlite3_file *sf, void *p, int n, sqlite3_int64 off)
{
	struct lfile	*f = (struct lfile *)sf;
	struct pw	*w;
	sqlite3_int64	 a, b, sz;
	int		 rc;

	rc = RM(f)->xRead(f->real, p, n, off);
	if (f->c == NULL || (rc != SQLITE_OK && rc != SQLITE_IOERR_SHORT_READ))
		return rc;
	for (w = f->c->head; w != NULL; w = w->next) {
		a = w->off > off ? w->off : off;
		b = w->off + w->len < off + n ? w->off + w->len : off + n;
		if (a < b)
			memcpy((char *)p + (a - off), w->data + (a - w->off),
			    (size_t)(b - a));
	}
	sz = cached_size(f);
	return off + n <= sz ? SQLITE_OK : SQLITE_IOERR_SHORT_READ;
}

static int
l_write(sqlite3_file *sf, const void *p, int n, sqlite3_int64 off)
{
	struct lfile	*f = (struct lfile *)sf;
	struct pw	*w;

	tick();
	if (f->c == NULL)
		return RM(f)->xWrite(f->real, p, n, off);
	if ((w = malloc(sizeof(*w) + (size_t)n)) == NULL)
		return SQLITE_IOERR_NOMEM;
	w->next = NULL;
	w->off = off;
	w->len = n;
	memcpy(w->data, p, (size_t)n);
	*f->c->tail = w;
	f->c->tail = &w->next;
	return SQLITE_OK;
}

static int
l_truncate(sqlite3_file *sf, sqlite3_int64 size)
{
	struct lfile	*f = (struct lfile *)sf;
	struct pw	**pp, *w;

	tick();
	if (f->c != NULL) {
		for (pp = &f->c->head; (w = *pp) != NULL; ) {
			if (w->off >= size) {
				*pp = w->next;
				free(w);
				continue;
			}
			if (w->off + w->len > size)
				w->len = (int)(size - w->off);
			pp = &w->next;
		}
		f->c->tail = pp;
	}
	return RM(f)->xTruncate(f->real, size);
}

static int
l_sync(sqlite3_file *sf, int flags)
{
	struct lfile	*f = (struct lfile *)sf;
	struct pw	*w;
	int		 rc;

	tick();
	if (lying)
		return SQLITE_OK;
	if (f->c != NULL) {
		for (w = f->c->head; w != NULL; w = w->next)
			if ((rc = RM(f)->xWrite(f->real, w->data, w->len,
			    w->off)) != SQLITE_OK)
				return rc;
		cache_drop(f->c);
	}
	return RM(f)->xSync(f->real, flags);
}

static int
l_size(sqlite3_file *sf, sqlite3_int64 *out)
{
	*out = cached_size((struct lfile *)sf);
	return SQLITE_OK;
}

static int l_lock(sqlite3_file *f, int l) { return RM(f)->xLock(REAL(f), l); }
static int l_unlock(sqlite3_file *f, int l) { return RM(f)->xUnlock(REAL(f), l); }
static int l_reserved(sqlite3_file *f, int *o) { return RM(f)->xCheckReservedLock(REAL(f), o); }
static int l_fcntl(sqlite3_file *f, int op, void *a) { return RM(f)->xFileControl(REAL(f), op, a); }
static int l_sector(sqlite3_file *f) { return RM(f)->xSectorSize(REAL(f)); }
static int l_dev(sqlite3_file *f) { return RM(f)->xDeviceCharacteristics(REAL(f)); }
static int l_shmmap(sqlite3_file *f, int i, int sz, int b, void volatile **p) { return RM(f)->xShmMap(REAL(f), i, sz, b, p); }
static int l_shmlock(sqlite3_file *f, int o, int n, int fl) { return RM(f)->xShmLock(REAL(f), o, n, fl); }
static void l_shmbarrier(sqlite3_file *f) { RM(f)->xShmBarrier(REAL(f)); }
static int l_shmunmap(sqlite3_file *f, int d) { return RM(f)->xShmUnmap(REAL(f), d); }

static int
l_fetch(sqlite3_file *f, sqlite3_int64 off, int n, void **pp)
{
	(void)f, (void)off, (void)n;
	*pp = NULL;			/* read it with xRead, through the cache */
	return SQLITE_OK;
}

static int
l_unfetch(sqlite3_file *f, sqlite3_int64 off, void *p)
{
	(void)f, (void)off, (void)p;
	return SQLITE_OK;
}

static int
l_open(sqlite3_vfs *v, const char *name, sqlite3_file *sf, int flags,
    int *out)
{
	struct lfile	*f = (struct lfile *)sf;
	int		 rc;

	(void)v;
	memset(f, 0, sizeof(*f));
	f->real = (sqlite3_file *)((char *)f + LFILE_SIZE);
	if ((rc = real_vfs->xOpen(real_vfs, name, f->real, flags, out)) !=
	    SQLITE_OK)
		return rc;
	f->c = name != NULL ? cache_of(name) : NULL;
	f->base.pMethods = &methods;
	return SQLITE_OK;
}

static int
l_delete(sqlite3_vfs *v, const char *name, int dirsync)
{
	int	 i;

	(void)v;
	tick();
	for (i = 0; i < ncaches; i++)
		if (strcmp(caches[i].path, name) == 0)
			cache_drop(&caches[i]);
	return real_vfs->xDelete(real_vfs, name, dirsync);
}

int
lossy_install(uint64_t seed, int lie)
{
	lying = lie;
	rnd_state = seed | 1;
	if ((real_vfs = sqlite3_vfs_find("unix")) == NULL)
		return -1;
	vfs = *real_vfs;
	vfs.pNext = NULL;
	vfs.szOsFile = (int)(LFILE_SIZE + (size_t)real_vfs->szOsFile);
	vfs.xOpen = l_open;
	vfs.xDelete = l_delete;
	memset(&methods, 0, sizeof(methods));
	methods.iVersion = 3;
	methods.xClose = l_close;
	methods.xRead = l_read;
	methods.xWrite = l_write;
	methods.xTruncate = l_truncate;
	methods.xSync = l_sync;
	methods.xFileSize = l_size;
	methods.xLock = l_lock;
	methods.xUnlock = l_unlock;
	methods.xCheckReservedLock = l_reserved;
	methods.xFileControl = l_fcntl;
	methods.xSectorSize = l_sector;
	methods.xDeviceCharacteristics = l_dev;
	methods.xShmMap = l_shmmap;
	methods.xShmLock = l_shmlock;
	methods.xShmBarrier = l_shmbarrier;
	methods.xShmUnmap = l_shmunmap;
	methods.xFetch = l_fetch;
	methods.xUnfetch = l_unfetch;
	return sqlite3_vfs_register(&vfs, 1) == SQLITE_OK ? 0 : -1;
}

void
lossy_arm(long n)
{
	cut_at = n > 0 ? ops + n : 0;
}

long
lossy_ops(void)
{
	return ops;
}
