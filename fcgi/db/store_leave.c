/*
 * store_leave.c: resignations, aborts and rematches as rows
 * (store_leave.h).
 */
#include "store_leave.h"

#include <stdio.h>
#include <string.h>

#include "store_game.h"
#include "store_rating.h"

/* The game ends by the table; the clock triggers of 004 stop clocks. */
static const char SQL_END[] =
    "UPDATE games SET status = 'over', ended = ?2, ended_ply = ply, "
    "ended_seat = ?3, to_act = 0, updated = ?4, finished = ?4 "
    "WHERE id = ?1 AND ply = ?5 AND status != 'over' AND ended IS NULL";
static const char SQL_NO_BOTS_DUE[] =
    "UPDATE seats SET bot_due = NULL WHERE game = ?1 AND bot_due IS NOT NULL";
static const char SQL_RESIGNED[] =
    "UPDATE seats SET resigned_ply = ?3 WHERE game = ?1 AND seat = ?2 "
    "AND resigned_ply IS NULL";
/* The easy bot plays on under the player's account (store_bot_level.h). */
static const char SQL_TO_BOT[] =
    "UPDATE seats SET is_bot = 1, timeouts = 0, turn_start = NULL, "
    "deadline = NULL, remind_at = NULL, "
    "bot_due = CASE WHEN ?3 <> 0 THEN coalesce(bot_due, ?4) END "
    "WHERE game = ?1 AND seat = ?2";
static const char SQL_TOUCH[] =
    "UPDATE games SET updated = ?2 WHERE id = ?1";

static enum db_rc
end_game(struct db *db, struct store_game *g, enum outcome_end how, int seat,
    int64_t now)
{
	struct db_stmt	*st;
	enum db_rc	 rc;

	if ((st = db_stmt(db, SQL_END)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, g->id);
	db_bind_text(st, 2, outcome_name(how), -1, DB_STATIC);
	db_bind_int(st, 3, seat);
	db_bind_int64(st, 4, now);
	db_bind_int(st, 5, g->ply);
	if ((rc = db_step_done(db, st)) != DB_OK)
		return rc;
	if (db_changes(db) != 1)
		return DB_CONSTRAINT;
	if ((st = db_stmt(db, SQL_NO_BOTS_DUE)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, g->id);
	if ((rc = db_step_done(db, st)) != DB_OK)
		return rc;
	g->over = 1;
	g->to_act = 0;
	g->updated = g->finished = now;
	g->outcome.end = how;
	g->outcome.seat = seat;
	g->outcome.ply = g->ply;
	return DB_OK;
}

enum db_rc
store_leave_resign(struct db *db, struct store_game *g, int seat, int64_t now)
{
	struct game_status	 gs;
	struct db_stmt		*st;
	enum db_rc		 rc;

	if (g->over || seat < 0 || seat >= g->nseats ||
	    ((g->outcome.resigned >> seat) & 1))
		return DB_CONSTRAINT;
	if ((st = db_stmt(db, SQL_RESIGNED)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, g->id);
	db_bind_int(st, 2, seat);
	db_bind_int(st, 3, g->ply);
	if ((rc = db_step_done(db, st)) != DB_OK)
		return rc;
	if (db_changes(db) != 1)
		return DB_CONSTRAINT;
	g->outcome.resigned |= UINT32_C(1) << seat;
	g->resigned_ply[seat] = g->ply;
	if (g->nseats == 2) {
		if ((rc = end_game(db, g, OUTCOME_RESIGN, seat, now)) != DB_OK)
			return rc;
		/* Rated in this transaction, like a last move. */
		store_game_status(g, &gs);
		return store_rating_game_over(db, g, &gs);
	}
	if ((st = db_stmt(db, SQL_TO_BOT)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, g->id);
	db_bind_int(st, 2, seat);
	db_bind_int(st, 3, (int)((g->to_act >> seat) & 1));
	db_bind_int64(st, 4, now);
	if ((rc = db_step_done(db, st)) != DB_OK)
		return rc;
	if ((st = db_stmt(db, SQL_TOUCH)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, g->id);
	db_bind_int64(st, 2, now);
	if ((rc = db_step_done(db, st)) != DB_OK)
		return rc;
	g->is_bot[seat] = 1;
	g->deadline[seat] = g->turn_start[seat] = 0;
	g->updated = now;
	return DB_OK;
}

enum db_rc
store_leave_abort(struct db *db, struct store_game *g, int seat, int64_t now)
{
	if (g->over)
		return DB_CONSTRAINT;
	return end_game(db, g, OUTCOME_ABORT, seat, now);
}

static const char SQL_MOVED[] =
    "SELECT DISTINCT seat FROM moves WHERE game = ?1";

enum db_rc
store_leave_moved(struct db *db, int64_t game, uint32_t *mask)
{
	struct db_stmt	*st;
	int		 rc, s;

	*mask = 0;
	if ((st = db_stmt(db, SQL_MOVED)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, game);
	while ((rc = db_step(st)) == DB_ROW)
		if ((s = db_column_int(st, 0)) >= 0 && s < 32)
			*mask |= UINT32_C(1) << s;
	if (rc != DB_DONE)
		return db_fail(db, st);
	db_reset(st);
	return DB_OK;
}

static const char SQL_REMATCH[] =
    "SELECT coalesce(r.new_game, 0), a.seat FROM rematches r "
    "LEFT JOIN rematch_accepts a ON a.game = r.game WHERE r.game = ?1";

enum db_rc
store_leave_rematch(struct db *db, int64_t game, int *offered,
    uint32_t *accepted, int64_t *new_game)
{
	struct db_stmt	*st;
	int		 rc, s;

	*offered = 0;
	*accepted = 0;
	*new_game = 0;
	if ((st = db_stmt(db, SQL_REMATCH)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, game);
	while ((rc = db_step(st)) == DB_ROW) {
		*offered = 1;
		*new_game = db_column_int64(st, 0);
		if (!db_column_is_null(st, 1) &&
		    (s = db_column_int(st, 1)) >= 0 && s < 32)
			*accepted |= UINT32_C(1) << s;
	}
	if (rc != DB_DONE)
		return db_fail(db, st);
	db_reset(st);
	return DB_OK;
}

static const char SQL_REMATCH_OFFER[] =
    "INSERT INTO rematches (game, offered_by, created) VALUES (?1, ?2, ?3) "
    "ON CONFLICT (game) DO NOTHING";
static const char SQL_REMATCH_ACCEPT[] =
    "INSERT INTO rematch_accepts (game, seat, at) VALUES (?1, ?2, ?3) "
    "ON CONFLICT (game, seat) DO NOTHING";

enum db_rc
store_leave_rematch_accept(struct db *db, int64_t game, int seat, int64_t now)
{
	struct db_stmt	*st;
	enum db_rc	 rc;

	if ((st = db_stmt(db, SQL_REMATCH_OFFER)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, game);
	db_bind_int(st, 2, seat);
	db_bind_int64(st, 3, now);
	if ((rc = db_step_done(db, st)) != DB_OK)
		return rc;
	if ((st = db_stmt(db, SQL_REMATCH_ACCEPT)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, game);
	db_bind_int(st, 2, seat);
	db_bind_int64(st, 3, now);
	return db_step_done(db, st);
}

static const char SQL_REMATCH_MADE[] =
    "UPDATE rematches SET new_game = ?2 WHERE game = ?1";

enum db_rc
store_leave_rematch_made(struct db *db, int64_t game, int64_t new_game)
{
	struct db_stmt	*st;

	if ((st = db_stmt(db, SQL_REMATCH_MADE)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, game);
	db_bind_int64(st, 2, new_game);
	return db_step_done(db, st);
}

static const char SQL_TABLE_OF[] =
    "SELECT rated, chat_public, move_secs, on_timeout FROM games "
    "WHERE id = ?1";
static const char SQL_TABLE_SET[] =
    "UPDATE games SET rated = ?2, chat_public = ?3, move_secs = ?4, "
    "on_timeout = ?5 WHERE id = ?1";

enum db_rc
store_leave_table_of(struct db *db, int64_t game, struct store_leave_table *t)
{
	struct db_stmt		*st;
	const unsigned char	*p;
	int			 rc;

	memset(t, 0, sizeof(*t));
	if ((st = db_stmt(db, SQL_TABLE_OF)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, game);
	if ((rc = db_step(st)) == DB_DONE) {
		db_reset(st);
		return DB_NOTFOUND;
	}
	if (rc != DB_ROW)
		return db_fail(db, st);
	t->rated = db_column_int(st, 0);
	t->chat_public = db_column_int(st, 1);
	t->move_secs = db_column_int64(st, 2);
	p = db_column_text(st, 3);
	snprintf(t->on_timeout, sizeof(t->on_timeout), "%s",
	    p != NULL ? (const char *)p : "move");
	db_reset(st);
	return DB_OK;
}

enum db_rc
store_leave_table_set(struct db *db, int64_t game,
    const struct store_leave_table *t)
{
	struct db_stmt	*st;

	if ((st = db_stmt(db, SQL_TABLE_SET)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, game);
	db_bind_int(st, 2, t->rated);
	db_bind_int(st, 3, t->chat_public);
	db_bind_int64(st, 4, t->move_secs);
	db_bind_text(st, 5, t->on_timeout, -1, DB_TRANSIENT);
	return db_step_done(db, st);
}
