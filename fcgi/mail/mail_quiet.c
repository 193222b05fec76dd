/*
 * mail_quiet.c: hold or drop game mail while the player is at the
 * table (mail_quiet.h).
 */
#include "mail_quiet.h"

/*
 * When user last looked at game (0: never), and whether a seat of
 * theirs moved after ply (moves' primary key is (game, ply)).
 */
static const char SQL_QUIET[] =
    "SELECT coalesce((SELECT max(seen_at) FROM seats WHERE game = ?1 AND "
    "\"user\" = ?2), 0), CASE WHEN EXISTS (SELECT 1 FROM moves "
    "WHERE game = ?1 AND ply > ?3 AND seat IN (SELECT seat FROM seats "
    "WHERE game = ?1 AND \"user\" = ?2)) THEN 1 ELSE 0 END";

enum db_rc
mail_quiet_decide(struct db *db, int64_t user, int64_t game, int ply,
    int64_t now, int64_t quiet, enum mail_quiet *out, int64_t *until)
{
	struct db_stmt	*st;
	int64_t		 seen;
	int		 moved, rc;

	*out = MAIL_QUIET_SEND;
	*until = 0;
	if (user <= 0 || game <= 0)
		return DB_OK;
	if ((st = db_stmt(db, SQL_QUIET)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, game);
	db_bind_int64(st, 2, user);
	db_bind_int(st, 3, ply);
	if ((rc = db_step(st)) != DB_ROW)
		return db_fail(db, st);
	seen = db_column_int64(st, 0);
	moved = db_column_int(st, 1);
	db_reset(st);
	if (moved)
		*out = MAIL_QUIET_DROP;
	else if (quiet > 0 && seen > 0 && seen + quiet > now) {
		*out = MAIL_QUIET_HOLD;
		*until = seen + quiet;
	}
	return DB_OK;
}

static const char SQL_HOLD[] =
    "UPDATE outbox SET claimed_until = NULL, "
    "attempts = CASE WHEN attempts > 1 THEN attempts - 1 ELSE 0 END, "
    "next_try = ?2 WHERE id = ?1";
static const char SQL_DROP[] =
    "DELETE FROM outbox WHERE id = ?1";
/* The dropped mail may have been a digest's one: the player is back. */
static const char SQL_DIGEST_LIFT[] =
    "UPDATE users SET digest_held = 0 WHERE id = ?1 AND digest_held = 1";

enum db_rc
mail_quiet_apply(struct db *db, int64_t id, int64_t user, enum mail_quiet q,
    int64_t until)
{
	struct db_stmt	*st;
	enum db_rc	 rc;

	if (q == MAIL_QUIET_SEND)
		return DB_OK;
	if ((st = db_stmt(db, q == MAIL_QUIET_HOLD ? SQL_HOLD : SQL_DROP)) ==
	    NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, id);
	if (q == MAIL_QUIET_HOLD)
		db_bind_int64(st, 2, until);
	if ((rc = db_step_done(db, st)) != DB_OK || q == MAIL_QUIET_HOLD)
		return rc;
	if ((st = db_stmt(db, SQL_DIGEST_LIFT)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, user);
	return db_step_done(db, st);
}
