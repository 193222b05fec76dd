/*
 * store_turn.c: seen marks and waiting games (store_turn.h).
 */
#include "store_turn.h"

#include <stdio.h>

#include "arena.h"

/*
 * The poll runs this on every open page every few seconds, so each
 * part reads a bounded number of rows: the seen mark through the
 * game's key (a game has at most 12 seats; "+user" keeps the planner
 * off seats_user, which would read every seat the player ever had),
 * the waiting counts through their partial indexes.
 */
static const char SQL_PEEK[] =
    "SELECT (SELECT coalesce(max(coalesce(seen_at, 0)), -1) FROM seats "
    "WHERE game = ?2 AND +\"user\" = ?1), "
    "(SELECT count(*) FROM seats WHERE \"user\" = ?1 AND deadline IS NOT NULL) "
    "+ (SELECT count(*) FROM invitations WHERE \"user\" = ?1 AND "
    "answer IS NULL)";

enum db_rc
store_turn_peek(struct db *db, int64_t user, int64_t game, int64_t *seen,
    int *waiting)
{
	struct db_stmt	*st;
	int		 rc;

	*seen = -1;
	*waiting = 0;
	if ((st = db_stmt(db, SQL_PEEK)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, user);
	db_bind_int64(st, 2, game);
	if ((rc = db_step(st)) != DB_ROW)
		return db_fail(db, st);
	*seen = db_column_int64(st, 0);
	*waiting = db_column_int(st, 1);
	db_reset(st);
	return DB_OK;
}

int
store_turn_seen_stale(int64_t seen, int64_t now)
{
	return seen >= 0 && now - seen >= STORE_TURN_SEEN_EVERY;
}

static const char SQL_SEEN[] =
    "UPDATE seats SET seen_at = ?3 WHERE game = ?1 AND \"user\" = ?2";

enum db_rc
store_turn_seen(struct db *db, int64_t user, int64_t game, int64_t now)
{
	struct db_stmt	*st;

	if ((st = db_stmt(db, SQL_SEEN)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, game);
	db_bind_int64(st, 2, user);
	db_bind_int64(st, 3, now);
	return db_step_done(db, st);
}

static const char SQL_WAITING[] =
    "SELECT s.game, g.rules, g.ply, coalesce(s.turn_start, 0), s.deadline "
    "FROM seats s JOIN games g ON g.id = s.game "
    "WHERE s.\"user\" = ?1 AND s.deadline IS NOT NULL "
    "ORDER BY s.deadline, s.game LIMIT ?2";

enum db_rc
store_turn_waiting(struct db *db, struct arena *a, int64_t user, int max,
    struct store_turn_wait **out, int *n)
{
	struct store_turn_wait	*v;
	struct db_stmt		*st;
	const unsigned char	*p;
	int			 rc;

	*out = NULL;
	*n = 0;
	if (max < 1)
		return DB_OK;
	if ((v = arena_calloc(a, (size_t)max * sizeof(*v))) == NULL)
		return DB_ERROR;
	if ((st = db_stmt(db, SQL_WAITING)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, user);
	db_bind_int(st, 2, max);
	while ((rc = db_step(st)) == DB_ROW && *n < max) {
		v[*n].game = db_column_int64(st, 0);
		p = db_column_text(st, 1);
		v[*n].rules = arena_strdup(a, p != NULL ? (const char *)p : "");
		v[*n].ply = db_column_int(st, 2);
		v[*n].since = db_column_int64(st, 3);
		v[*n].deadline = db_column_int64(st, 4);
		if (v[*n].rules == NULL) {
			db_reset(st);
			return DB_ERROR;
		}
		(*n)++;
	}
	if (rc != DB_ROW && rc != DB_DONE)
		return db_fail(db, st);
	db_reset(st);
	*out = v;
	return DB_OK;
}

static const char SQL_NEXT[] =
    "SELECT game FROM seats WHERE \"user\" = ?1 AND deadline IS NOT NULL "
    "AND game != ?2 ORDER BY deadline, game LIMIT 1";

enum db_rc
store_turn_next(struct db *db, int64_t user, int64_t except, int64_t *game)
{
	struct db_stmt	*st;
	int		 rc;

	*game = 0;
	if ((st = db_stmt(db, SQL_NEXT)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, user);
	db_bind_int64(st, 2, except);
	if ((rc = db_step(st)) == DB_ROW)
		*game = db_column_int64(st, 0);
	else if (rc != DB_DONE)
		return db_fail(db, st);
	db_reset(st);
	return DB_OK;
}

static const char SQL_FEED_SET[] =
    "UPDATE users SET feed_hash = ?2 WHERE id = ?1";

enum db_rc
store_turn_feed_set(struct db *db, int64_t user, const unsigned char *hash)
{
	struct db_stmt	*st;

	if ((st = db_stmt(db, SQL_FEED_SET)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, user);
	if (hash != NULL)
		db_bind_blob(st, 2, hash, STORE_TURN_HASH_BYTES,
		    DB_STATIC);
	return db_step_done(db, st);
}

static const char SQL_FEED_USER[] =
    "SELECT id, name FROM users WHERE feed_hash = ?1";

enum db_rc
store_turn_feed_user(struct db *db, const unsigned char *hash, int64_t *user,
    char name[STORE_TURN_NAME_MAX])
{
	struct db_stmt		*st;
	const unsigned char	*p;
	int			 rc;

	*user = 0;
	name[0] = '\0';
	if ((st = db_stmt(db, SQL_FEED_USER)) == NULL)
		return DB_ERROR;
	db_bind_blob(st, 1, hash, STORE_TURN_HASH_BYTES, DB_STATIC);
	if ((rc = db_step(st)) == DB_DONE) {
		db_reset(st);
		return DB_NOTFOUND;
	}
	if (rc != DB_ROW)
		return db_fail(db, st);
	*user = db_column_int64(st, 0);
	if ((p = db_column_text(st, 1)) != NULL)
		snprintf(name, STORE_TURN_NAME_MAX, "%s", (const char *)p);
	db_reset(st);
	return DB_OK;
}
