/* store_bot_level.c: bot seats' levels (store_bot_level.h). */
#include "store_bot_level.h"

#include <string.h>

#include "store_user.h"

static const char SQL_LEVELS[] =
    "SELECT s.seat, CASE WHEN u.name = '" BOT_STRONG_NAME "' THEN 1 ELSE 0 END "
    "FROM seats AS s "
    "JOIN users AS u ON u.id = s.\"user\" WHERE s.game = ?1 AND s.is_bot = 1";

const char *
bot_level_name(enum bot_level l)
{
	return l == BOT_LEVEL_STRONG ? "strong" : "easy";
}

enum db_rc
store_bot_strong(struct db *db, int64_t *id)
{
	struct store_user	 u;
	enum store_user_rc	 rc;

	rc = store_user_by_name(db, BOT_STRONG_NAME, &u);
	if (rc == STORE_USER_OK) {
		if (!u.is_bot)
			return DB_REFUSED;
		*id = u.id;
		return DB_OK;
	}
	if (rc != STORE_USER_NOTFOUND)
		return DB_ERROR;
	/* A bot has no password, so the hashing cost does not matter. */
	rc = store_user_create(db, BOT_STRONG_NAME, BOT_STRONG_EMAIL, NULL,
	    NULL, 1, CONFIG_PWHASH_MIN, id);
	return rc == STORE_USER_OK ? DB_OK : DB_ERROR;
}

enum db_rc
store_bot_levels(struct db *db, int64_t game, int nseats,
    uint8_t out[GAME_SEATS_MAX])
{
	struct db_stmt	*st;
	int		 s, rc;

	memset(out, BOT_LEVEL_EASY, GAME_SEATS_MAX);
	if ((st = db_stmt(db, SQL_LEVELS)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, game);
	while ((rc = db_step(st)) == DB_ROW)
		if ((s = db_column_int(st, 0)) >= 0 && s < nseats &&
		    s < GAME_SEATS_MAX)
			out[s] = db_column_int(st, 1) ? BOT_LEVEL_STRONG :
			    BOT_LEVEL_EASY;
	if (rc != DB_DONE)
		return db_fail(db, st);
	db_reset(st);
	return DB_OK;
}
