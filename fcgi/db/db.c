/*
 * db.c: one store connection per process (db.h): SQLite's, with its
 * pragmas, or PostgreSQL's (db_pg.h); the statement cache of either;
 * the schema version and the settings.  Transactions are in db_txn.c,
 * the statement calls in db_stmt.c.
 *
 * The cache is an open-addressing hash table keyed by the address of
 * each statement's SQL text, in the spirit of Fossil's
 * db_static_prepare(): the text is a static const array beside the
 * function that binds it, so its address is unique and stable.
 *
 * Read-only mode (GET requests) switches to a second connection opened
 * SQLITE_OPEN_READONLY, with its own cache.  "PRAGMA query_only" would
 * do the same job on one connection, but it is a flag pragma and every
 * change of it expires all prepared statements: measured, a game load
 * went from 7 us to 41 us when wrapped in query_only on/off, which
 * throws the statement cache away on every request.
 */
#include "db_conn.h"
#include "db_vfs.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

void
db_log(struct db *db, const char *what)
{
	fprintf(stderr, "topper: db %s: %s: %s\n",
	    db != NULL && db->path != NULL ? db->path : "?", what,
	    db != NULL && db->pg != NULL ? pg_errmsg(db->pg) :
	    db != NULL && db->cur != NULL && db->cur->h != NULL ?
	    sqlite3_errmsg(db->cur->h) :
	    "no handle");
}

int64_t
db_elapsed_us(const struct timespec *since)
{
	struct timespec	 now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (int64_t)(now.tv_sec - since->tv_sec) * 1000000 +
	    (now.tv_nsec - since->tv_nsec) / 1000;
}

/*
 * Retry in ~100 us steps for up to 2 s.  SQLite's own handler sleeps
 * whole milliseconds, and a writer that queues behind another for a
 * few hundred microseconds should not wait ten times that.
 */
static int
busy_handler(void *arg, int count)
{
	struct db		*db = arg;
	struct timespec		 step = { 0, DB_BUSY_STEP_US * 1000L };

	if (count == 0)
		clock_gettime(CLOCK_MONOTONIC, &db->busy_start);
	else if (db_elapsed_us(&db->busy_start) >= (int64_t)DB_BUSY_MAX_MS * 1000)
		return 0;
	while (nanosleep(&step, &step) == -1 && errno == EINTR)
		continue;
	return 1;
}

static const char SQL_USER_VERSION[] = "PRAGMA user_version";

/*
 * The WAL's size after each commit; checkpoints are run by
 * db_commit() once the queue is left (checkpoint_if_due), not inside
 * COMMIT as SQLite's auto-checkpoint would: there it would hold up the
 * next writer in the queue, which SQLite itself would let go ahead.
 */
static int
wal_hook(void *arg, sqlite3 *h, const char *name, int frames)
{
	struct db	*db = arg;

	(void)h;
	(void)name;
	db->wal_frames = frames;
	return SQLITE_OK;
}

/*
 * SQLite's auto-checkpoint (PASSIVE) at DB_CHECKPOINT_FRAMES pages, not
 * its 1000: a checkpoint writes each page once however often the WAL
 * holds it, so a longer WAL folds the pages busy games keep touching
 * (their rows, the tail of each index) and pays the two fsyncs less
 * often.  At 1000 the writer spent about 80 us a move checkpointing in
 * make bench's (d); at 8000, about 35.
 */
static void
checkpoint_if_due(struct db *db)
{
	if (db->wal_frames < DB_CHECKPOINT_FRAMES || db->rw.h == NULL ||
	    !sqlite3_get_autocommit(db->rw.h))
		return;
	db->wal_frames = 0;
	(void)sqlite3_wal_checkpoint_v2(db->rw.h, NULL,
	    SQLITE_CHECKPOINT_PASSIVE, NULL, NULL);
}

/*
 * The writing connection's savepoints (group commit, below) keep their
 * undo pages in memory, not in a temporary file each, and its page
 * cache is large enough to hold what the moves of a busy hour touch:
 * it is the only connection whose cache survives a commit (its own).
 */
#define DB_WRITER_PRAGMAS \
	"PRAGMA temp_store = MEMORY; PRAGMA cache_size = -32768"

/* Open one connection of db with the busy handler and the pragmas. */
int
db_conn_open(struct db *db, struct db_conn *c, int oflags)
{
	db->cur = c;
	/*
	 * A connection is only ever used by the thread that opened it, so
	 * SQLite's per-connection mutex is pure cost; so is its count of
	 * memory in use (before the first open: SQLite then starts).
	 */
	(void)sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
	oflags |= SQLITE_OPEN_NOMUTEX;
	/* A connection that writes gathers its WAL writes (db_vfs.h). */
	if (sqlite3_open_v2(db->path, &c->h, oflags,
	    (oflags & SQLITE_OPEN_READONLY) ? NULL : db_vfs_name()) !=
	    SQLITE_OK) {
		db_log(db, "open");
		return -1;
	}
	sqlite3_extended_result_codes(c->h, 1);
	sqlite3_busy_handler(c->h, busy_handler, db);
	if (oflags & SQLITE_OPEN_READONLY)
		return 0;
	sqlite3_wal_hook(c->h, wal_hook, db);
	/*
	 * journal_mode returns a row, so sqlite3_exec (which ignores rows)
	 * suits all three.  WAL with synchronous=FULL: a committed move
	 * survives power loss (DESIGN.md "Speed").
	 */
	if (sqlite3_exec(c->h, "PRAGMA journal_mode = WAL", NULL, NULL,
	    NULL) != SQLITE_OK ||
	    sqlite3_exec(c->h, "PRAGMA synchronous = FULL", NULL, NULL,
	    NULL) != SQLITE_OK ||
	    sqlite3_exec(c->h, "PRAGMA foreign_keys = ON", NULL, NULL,
	    NULL) != SQLITE_OK ||
	    sqlite3_exec(c->h, DB_WRITER_PRAGMAS, NULL, NULL, NULL) !=
	    SQLITE_OK) {
		db_log(db, "pragmas");
		return -1;
	}
	return 0;
}

void
db_conn_close(struct db *db, struct db_conn *c)
{
	size_t	 i;

	for (i = 0; i < c->nslots; i++)
		if (c->slots[i].st != NULL) {
			if (c->slots[i].st->lite != NULL)
				sqlite3_finalize(c->slots[i].st->lite);
			pg_stmt_free(c->slots[i].st->pg);
			free(c->slots[i].st);
		}
	free(c->slots);
	db->cur = c;
	if (c->h != NULL && sqlite3_close(c->h) != SQLITE_OK)
		db_log(db, "close");
	memset(c, 0, sizeof(*c));
}

struct db *
db_open(const char *path, int flags)
{
	struct db	*db;
	int		 oflags;

	if ((db = calloc(1, sizeof(*db))) == NULL ||
	    (db->path = pg_is_uri(path) ? pg_uri_for_log(path) :
	    strdup(path)) == NULL) {
		fprintf(stderr, "topper: db %s: out of memory\n", path);
		free(db);
		return NULL;
	}
	db->queue_fd = -1;
	db->cur = &db->rw;
	if (pg_is_uri(path)) {
		if ((db->pg = pg_open(path)) == NULL) {
			db_close(db);
			return NULL;
		}
		return db;
	}
	oflags = SQLITE_OPEN_READWRITE;
	if (flags & DB_CREATE)
		oflags |= SQLITE_OPEN_CREATE;
	db->queue_fd = -1;
	if (db_conn_open(db, &db->rw, oflags) == -1) {
		db_close(db);
		return NULL;
	}
	db->queue_fd = open(path, O_RDWR | O_CLOEXEC);
	return db;
}

void
db_close(struct db *db)
{
	if (db == NULL)
		return;
	db_conn_close(db, &db->ro);
	db_conn_close(db, &db->rw);
	pg_close(db->pg);
	if (db->queue_fd != -1)
		close(db->queue_fd);	/* also leaves the queue */
	free(db->path);
	free(db);
}

sqlite3 *
db_handle(struct db *db)
{
	return db->cur->h;
}

int
db_path_is_pg(const char *path)
{
	return pg_is_uri(path);
}

int
db_is_pg(const struct db *db)
{
	return db->pg != NULL;
}

/* Whether the writing connection is outside any transaction. */
int
db_rw_autocommit(struct db *db)
{
	if (db->pg != NULL)
		return !pg_in_txn(db->pg);
	return db->rw.h == NULL || sqlite3_get_autocommit(db->rw.h);
}

static size_t
slot_of(const char *sql, size_t nslots)
{
	uintptr_t	 k = (uintptr_t)sql;

	k ^= k >> 17;
	k *= (uintptr_t)0x9e3779b97f4a7c15ULL;
	k ^= k >> 29;
	return (size_t)k & (nslots - 1);
}

/* Double the table (or make the first one). */
static int
grow(struct db_conn *c)
{
	struct db_slot	*old = c->slots, *s;
	size_t		 n = c->nslots, i, j;

	s = calloc(n == 0 ? 64 : n * 2, sizeof(*s));
	if (s == NULL)
		return -1;
	c->slots = s;
	c->nslots = n == 0 ? 64 : n * 2;
	for (i = 0; i < n; i++) {
		if (old[i].sql == NULL)
			continue;
		j = slot_of(old[i].sql, c->nslots);
		while (s[j].sql != NULL)
			j = (j + 1) & (c->nslots - 1);
		s[j] = old[i];
	}
	free(old);
	return 0;
}

/* Prepare sql on the current connection; NULL after logging. */
static struct db_stmt *
prepare(struct db *db, const char *sql)
{
	struct db_stmt	*st;

	if ((st = calloc(1, sizeof(*st))) == NULL) {
		fprintf(stderr, "topper: db: out of memory\n");
		return NULL;
	}
	st->db = db;
	if (db->pg != NULL)
		st->pg = pg_prepare(db->pg, sql);
	else if (sqlite3_prepare_v3(db->cur->h, sql, -1,
	    SQLITE_PREPARE_PERSISTENT, &st->lite, NULL) != SQLITE_OK)
		st->lite = NULL;
	if (st->lite == NULL && st->pg == NULL) {
		db_log(db, sql);
		free(st);
		return NULL;
	}
	return st;
}

struct db_stmt *
db_stmt(struct db *db, const char *sql)
{
	struct db_conn	*c = db->cur;
	struct db_stmt	*st;
	size_t		 j;

	if (c->nslots != 0) {
		j = slot_of(sql, c->nslots);
		while (c->slots[j].sql != NULL) {
			if (c->slots[j].sql == sql) {
				st = c->slots[j].st;
				if (st->lite != NULL) {
					sqlite3_reset(st->lite);
					sqlite3_clear_bindings(st->lite);
				} else {
					pg_reset(st->pg);
					pg_clear_bindings(st->pg);
				}
				return st;
			}
			j = (j + 1) & (c->nslots - 1);
		}
	}
	if (2 * (c->nused + 1) > c->nslots && grow(c) == -1) {
		fprintf(stderr, "topper: db: out of memory\n");
		return NULL;
	}
	if ((st = prepare(db, sql)) == NULL)
		return NULL;
	j = slot_of(sql, c->nslots);
	while (c->slots[j].sql != NULL)
		j = (j + 1) & (c->nslots - 1);
	c->slots[j].sql = sql;
	c->slots[j].st = st;
	c->nused++;
	db->nprepared++;
	return st;
}

enum db_rc
db_rc_of(int rc)
{
	switch (rc & 0xff) {
	case SQLITE_OK:
	case SQLITE_DONE:
	case SQLITE_ROW:
		return DB_OK;
	case SQLITE_BUSY:
	case SQLITE_LOCKED:
		return DB_BUSY;
	case SQLITE_CONSTRAINT:
		return DB_CONSTRAINT;
	default:
		return DB_ERROR;
	}
}

enum db_rc
db_last_rc(struct db *db)
{
	int	 rc;

	if (db->pg != NULL)
		rc = pg_errcode(db->pg);
	else
		rc = sqlite3_extended_errcode(db->cur->h);
	rc = db_rc_of(rc);
	return rc == DB_OK ? DB_ERROR : (enum db_rc)rc;
}

enum db_rc
db_fail(struct db *db, struct db_stmt *st)
{
	db_log(db, st == NULL ? "statement" : st->lite != NULL ?
	    sqlite3_sql(st->lite) : pg_stmt_sql(st->pg));
	if (st != NULL)
		db_reset(st);
	return db_last_rc(db);
}

enum db_rc
db_step_done(struct db *db, struct db_stmt *st)
{
	int	 rc;

	if (st == NULL)
		return DB_ERROR;
	rc = db_step(st);
	if (rc == DB_DONE || rc == DB_ROW) {
		db_reset(st);
		return DB_OK;
	}
	return db_fail(db, st);
}

enum db_rc
db_step_id(struct db *db, struct db_stmt *st, int64_t *id)
{
	if (st == NULL)
		return DB_ERROR;
	/* SQLite makes every change of a RETURNING statement at its first
	 * step; the reset after the one row ends it. */
	if (db_step(st) != DB_ROW)
		return db_fail(db, st);
	*id = db_column_int64(st, 0);
	db_reset(st);
	return DB_OK;
}

void
db_checkpoint_if_due(struct db *db)
{
	checkpoint_if_due(db);
}

enum db_rc
db_exec_script(struct db *db, const char *name, const char *sql)
{
	char	*msg = NULL;
	int	 rc;

	if (db->pg != NULL) {
		if ((rc = pg_exec(db->pg, sql)) != 0) {
			fprintf(stderr, "topper: db %s: %s: %s\n", db->path,
			    name, pg_errmsg(db->pg));
			return db_rc_of(rc);
		}
		return DB_OK;
	}
	rc = sqlite3_exec(db->cur->h, sql, NULL, NULL, &msg);
	if (rc != SQLITE_OK) {
		fprintf(stderr, "topper: db %s: %s: %s\n", db->path, name,
		    msg != NULL ? msg : sqlite3_errstr(rc));
		sqlite3_free(msg);
		return db_rc_of(rc) == DB_OK ? DB_ERROR : db_rc_of(rc);
	}
	return DB_OK;
}

enum db_rc
db_user_version(struct db *db, int *out)
{
	struct db_stmt	*st;

	if (db->pg != NULL) {
		if (pg_schema_version(db->pg, out) != 0) {
			db_log(db, "schema_version");
			return DB_ERROR;
		}
		return DB_OK;
	}
	if ((st = db_stmt(db, SQL_USER_VERSION)) == NULL)
		return DB_ERROR;
	if (db_step(st) != DB_ROW)
		return db_fail(db, st);
	*out = db_column_int(st, 0);
	db_reset(st);
	return DB_OK;
}

enum db_rc
db_set_user_version(struct db *db, int v)
{
	char	 sql[64];

	if (db->pg != NULL) {
		if (pg_set_schema_version(db->pg, v) != 0) {
			db_log(db, "schema_version");
			return DB_ERROR;
		}
		return DB_OK;
	}
	/*
	 * PRAGMA takes no bound parameters; v is an int we formatted, not
	 * text from outside, so this is the one printf-built statement.
	 */
	snprintf(sql, sizeof(sql), "PRAGMA user_version = %d", v);
	return db_exec_script(db, "user_version", sql);
}

static const char SQL_SETTING_GET[] =
    "SELECT value FROM settings WHERE key = ?1";

enum db_rc
db_setting_get(struct db *db, const char *key, char *out, size_t outsz)
{
	struct db_stmt	*st;
	const unsigned char *p;
	size_t		 n;
	enum db_rc	 rc;

	if ((st = db_stmt(db, SQL_SETTING_GET)) == NULL)
		return DB_ERROR;
	db_bind_text(st, 1, key, -1, DB_STATIC);
	switch (db_step(st)) {
	case DB_ROW:
		p = db_column_text(st, 0);
		n = (size_t)db_column_bytes(st, 0);
		if (p == NULL || n >= outsz) {
			rc = DB_ERROR;
			break;
		}
		memcpy(out, p, n);
		out[n] = '\0';
		rc = DB_OK;
		break;
	case DB_DONE:
		rc = DB_NOTFOUND;
		break;
	default:
		return db_fail(db, st);
	}
	db_reset(st);
	return rc;
}

static const char SQL_SETTING_ADD[] =
    "INSERT INTO settings (key, value) VALUES (?1, ?2) "
    "ON CONFLICT (key) DO NOTHING";

enum db_rc
db_setting_add(struct db *db, const char *key, const char *value, int *added)
{
	struct db_stmt	*st;
	enum db_rc	 rc;

	if ((st = db_stmt(db, SQL_SETTING_ADD)) == NULL)
		return DB_ERROR;
	db_bind_text(st, 1, key, -1, DB_STATIC);
	db_bind_text(st, 2, value, -1, DB_STATIC);
	if ((rc = db_step_done(db, st)) == DB_OK && added != NULL)
		*added = db_changes(db) > 0;
	return rc;
}

int
db_nprepared(const struct db *db)
{
	return db->nprepared;
}

int64_t
db_now(void)
{
	return (int64_t)time(NULL);
}

int64_t
db_changes(struct db *db)
{
	return db->pg != NULL ? pg_changes(db->pg) :
	    sqlite3_changes64(db->cur->h);
}
