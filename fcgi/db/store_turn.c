/*
 * store_turn.c: seen marks and waiting games (store_turn.h).
 */
#include "store_turn.h"

static const char SQL_PEEK[] =
    "SELECT (SELECT coalesce(max(coalesce(seen_at, 0)), -1) FROM seats "
    "WHERE game = ?2 AND user = ?1), "
    "(SELECT count(*) FROM seats WHERE user = ?1 AND deadline IS NOT NULL)";

enum db_rc
store_turn_peek(struct db *db, int64_t user, int64_t game, int64_t *seen,
    int *waiting)
{
	sqlite3_stmt	*st;
	int		 rc;

	*seen = -1;
	*waiting = 0;
	if ((st = db_stmt(db, SQL_PEEK)) == NULL)
		return DB_ERROR;
	sqlite3_bind_int64(st, 1, user);
	sqlite3_bind_int64(st, 2, game);
	if ((rc = sqlite3_step(st)) != SQLITE_ROW)
		return db_fail(db, st);
	*seen = sqlite3_column_int64(st, 0);
	*waiting = sqlite3_column_int(st, 1);
	sqlite3_reset(st);
	return DB_OK;
}

int
store_turn_seen_stale(int64_t seen, int64_t now)
{
	return seen >= 0 && now - seen >= STORE_TURN_SEEN_EVERY;
}

static const char SQL_SEEN[] =
    "UPDATE seats SET seen_at = ?3 WHERE game = ?1 AND user = ?2";

enum db_rc
store_turn_seen(struct db *db, int64_t user, int64_t game, int64_t now)
{
	sqlite3_stmt	*st;

	if ((st = db_stmt(db, SQL_SEEN)) == NULL)
		return DB_ERROR;
	sqlite3_bind_int64(st, 1, game);
	sqlite3_bind_int64(st, 2, user);
	sqlite3_bind_int64(st, 3, now);
	return db_step_done(db, st);
}
