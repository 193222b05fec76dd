/*
 * store_lobby.c: the queries behind the lobby and "my games".
 *
 * Lists read a bounded number of rows into the request arena; the
 * scores of "my games" come from each game's snapshot (the engine's
 * struct behind store_game.h's 8-byte header) through rules->status,
 * so no JSON is parsed and no move log is replayed for a list.
 */
#include "store_lobby.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "arena.h"
#include "bot_name.h"
#include "store_game.h"
#include "store_invite.h"

/*
 * A seat held by a waiting invitation is open but offered to nobody
 * else (store_invite.h): a table whose open seats are all held is
 * listed to its players only, naming whom it waits for, in the order
 * they were invited (an ordered subquery: PostgreSQL's join may bring
 * the rows in any order, and group_concat keeps the order it gets).
 */
static const char SQL_OPEN_GAMES[] =
    "SELECT * FROM (SELECT g.id, g.rules, g.options, g.created, "
    "coalesce(u.name, ''), "
    "(SELECT count(*) FROM seats s WHERE s.game = g.id AND s.\"user\" IS NULL "
    "AND NOT EXISTS (SELECT 1 FROM invitations i WHERE i.game = g.id AND "
    "i.seat = s.seat AND i.answer IS NULL)) AS free, "
    "CASE WHEN EXISTS (SELECT 1 FROM seats s WHERE s.game = g.id "
    "AND s.\"user\" = ?1) THEN 1 ELSE 0 END AS mine, g.move_secs, "
    "coalesce((SELECT group_concat(name, ', ') FROM (SELECT n.name "
    "FROM invitations i JOIN users n ON n.id = i.\"user\" "
    "WHERE i.game = g.id AND i.answer IS NULL ORDER BY i.id) AS w), '') "
    "FROM games g LEFT JOIN users u ON u.id = g.created_by "
    "WHERE g.status = 'open' ORDER BY g.created DESC, g.id DESC) AS o "
    "WHERE free > 0 OR mine = 1 LIMIT ?2";

static void
copy_text(struct db_stmt *st, int col, char *out, size_t outsz)
{
	const unsigned char	*p = db_column_text(st, col);

	snprintf(out, outsz, "%s", p != NULL ? (const char *)p : "");
}

static int
clamp(int max)
{
	return max < 1 ? 1 : max > STORE_LOBBY_LIST_MAX ?
	    STORE_LOBBY_LIST_MAX : max;
}

enum db_rc
store_lobby_open_games(struct db *db, struct arena *a, int64_t uid, int max,
    struct store_lobby_open **out, int *n)
{
	struct store_lobby_open	*v;
	struct db_stmt		*st;
	char			 slug[64];
	int			 rc;

	*out = NULL;
	*n = 0;
	max = clamp(max);
	if ((v = arena_calloc(a, (size_t)max * sizeof(*v))) == NULL)
		return DB_ERROR;
	if ((st = db_stmt(db, SQL_OPEN_GAMES)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, uid);
	db_bind_int(st, 2, max);
	while ((rc = db_step(st)) == DB_ROW && *n < max) {
		struct store_lobby_open	*o = &v[*n];

		o->id = db_column_int64(st, 0);
		copy_text(st, 1, slug, sizeof(slug));
		if ((o->rules = game_find(slug)) == NULL)
			continue;
		copy_text(st, 2, o->options, sizeof(o->options));
		o->created = db_column_int64(st, 3);
		copy_text(st, 4, o->creator, sizeof(o->creator));
		o->open_seats = db_column_int(st, 5);
		o->mine = db_column_int(st, 6);
		o->move_secs = db_column_int64(st, 7);
		copy_text(st, 8, o->invited, sizeof(o->invited));
		(*n)++;
	}
	if (rc != DB_ROW && rc != DB_DONE)
		return db_fail(db, st);
	db_reset(st);
	*out = v;
	return DB_OK;
}

/*
 * Turn first (an active game whose to_act holds the seat), the least
 * time left first, then games still running or open, then finished
 * ones.
 */
static const char SQL_MY_GAMES[] =
    "SELECT g.id, g.rules, g.status, "
    "CASE WHEN g.status = 'active' AND "
    "((g.to_act >> CAST(s.seat AS INTEGER)) & 1) = 1 THEN 1 ELSE 0 END "
    "AS turn, "
    "g.ply, g.updated, coalesce(g.finished, 0), s.seat, "
    "(SELECT group_concat(n, ', ') FROM (SELECT CASE WHEN s2.is_bot = 1 "
    "AND s2.\"user\" IS NOT NULL THEN (SELECT column2 FROM (VALUES "
    BOT_NAME_VALUES ") AS bn WHERE column1 = s2.seat) "
    "ELSE coalesce(u2.name, '(open seat)') END AS n "
    "FROM seats s2 LEFT JOIN users u2 ON u2.id = s2.\"user\" "
    "WHERE s2.game = g.id AND s2.seat != s.seat ORDER BY s2.seat) AS o), "
    "g.state "
    "FROM seats s JOIN games g ON g.id = s.game WHERE s.\"user\" = ?1 "
    "ORDER BY turn DESC, s.deadline IS NULL, s.deadline, "
    "g.status = 'over', g.updated DESC, g.id DESC "
    "LIMIT ?2";

/* Read the engine's status from a snapshot blob when its layout fits. */
static int
snapshot_status(const struct game_rules *rules, const unsigned char *blob,
    size_t n, struct game_status *out)
{
	union {
		max_align_t	 align;
		unsigned char	 b[GAME_STATE_MAX];
	}		 state;
	uint32_t	 layout, size;

	if (rules == NULL || blob == NULL || n < STORE_GAME_HEADER)
		return 0;
	layout = (uint32_t)blob[0] | (uint32_t)blob[1] << 8 |
	    (uint32_t)blob[2] << 16 | (uint32_t)blob[3] << 24;
	size = (uint32_t)blob[4] | (uint32_t)blob[5] << 8 |
	    (uint32_t)blob[6] << 16 | (uint32_t)blob[7] << 24;
	if (layout != rules->layout || size != rules->state_size ||
	    n != STORE_GAME_HEADER + rules->state_size ||
	    rules->state_size > sizeof(state.b))
		return 0;
	/* A copy: the engine expects its struct's alignment. */
	memcpy(state.b, blob + STORE_GAME_HEADER, rules->state_size);
	rules->status(state.b, out);
	return 1;
}

int
store_lobby_status(const struct game_rules *rules, const void *blob,
    size_t n, struct game_status *out)
{
	return snapshot_status(rules, blob, n, out);
}

enum db_rc
store_lobby_my_games(struct db *db, struct arena *a, int64_t uid, int max,
    struct store_lobby_game **out, int *n)
{
	struct store_lobby_game	*v;
	struct db_stmt		*st;
	const unsigned char	*p;
	char			 slug[64];
	int			 rc;

	*out = NULL;
	*n = 0;
	max = clamp(max);
	if ((v = arena_calloc(a, (size_t)max * sizeof(*v))) == NULL)
		return DB_ERROR;
	if ((st = db_stmt(db, SQL_MY_GAMES)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, uid);
	db_bind_int(st, 2, max);
	while ((rc = db_step(st)) == DB_ROW && *n < max) {
		struct store_lobby_game	*g = &v[*n];

		g->id = db_column_int64(st, 0);
		copy_text(st, 1, slug, sizeof(slug));
		g->rules = game_find(slug);
		p = db_column_text(st, 2);
		g->status = p == NULL ? STORE_LOBBY_ACTIVE :
		    strcmp((const char *)p, "open") == 0 ? STORE_LOBBY_OPEN :
		    strcmp((const char *)p, "over") == 0 ? STORE_LOBBY_OVER :
		    STORE_LOBBY_ACTIVE;
		g->my_turn = db_column_int(st, 3);
		g->ply = db_column_int(st, 4);
		g->updated = db_column_int64(st, 5);
		g->finished = db_column_int64(st, 6);
		g->seat = db_column_int(st, 7);
		copy_text(st, 8, g->others, sizeof(g->others));
		p = db_column_blob(st, 9);
		g->has_status = snapshot_status(g->rules, p,
		    (size_t)db_column_bytes(st, 9), &g->st);
		(*n)++;
	}
	if (rc != DB_ROW && rc != DB_DONE)
		return db_fail(db, st);
	db_reset(st);
	*out = v;
	return DB_OK;
}

static const char SQL_SEAT_NAMES[] =
    "SELECT s.seat, u.name FROM seats AS s "
    "JOIN users AS u ON u.id = s.\"user\" "
    "WHERE s.game = ?1 AND s.\"user\" != ?2";

enum db_rc
store_lobby_seat_names(struct db *db, int64_t id, int64_t skip, int nseats,
    char (*names)[STORE_USER_NAME_MAX + 1])
{
	struct db_stmt	*st;
	int		 s, rc;

	for (s = 0; s < nseats; s++)
		names[s][0] = '\0';
	if ((st = db_stmt(db, SQL_SEAT_NAMES)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, id);
	db_bind_int64(st, 2, skip);
	while ((rc = db_step(st)) == DB_ROW)
		if ((s = db_column_int(st, 0)) >= 0 && s < nseats)
			copy_text(st, 1, names[s], sizeof(names[s]));
	if (rc != DB_DONE)
		return db_fail(db, st);
	db_reset(st);
	return DB_OK;
}

/*
 * Newest first, straight down the primary key: re-sorting oldest first
 * in SQL would build a temporary b-tree on every game page (measured:
 * a tenth of the page's time); the loop below fills the array backwards.
 */
static const char SQL_LAST_MOVES[] =
    "SELECT ply, seat, text FROM moves WHERE game = ?1 "
    "ORDER BY ply DESC LIMIT ?2";

enum db_rc
store_lobby_last_moves(struct db *db, struct arena *a, int64_t id, int n,
    struct record_move **moves, int *nmoves, int *first)
{
	struct record_move	*m;
	struct db_stmt		*st;
	const unsigned char	*p;
	size_t			 len;
	int			 k = 0, newest = 0, rc;

	*moves = NULL;
	*nmoves = 0;
	*first = 0;
	if (n < 1)
		return DB_OK;
	/* Not zeroed: the caller gets only the k moves filled below. */
	if ((m = arena_alloc(a, (size_t)n * sizeof(*m))) == NULL)
		return DB_ERROR;
	if ((st = db_stmt(db, SQL_LAST_MOVES)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, id);
	db_bind_int(st, 2, n);
	while ((rc = db_step(st)) == DB_ROW && k < n) {
		struct record_move	*x = &m[n - 1 - k];

		if (k == 0)		/* plies run 1, 2, ... without gaps */
			newest = db_column_int(st, 0);
		x->seat = db_column_int(st, 1);
		p = db_column_text(st, 2);
		len = (size_t)db_column_bytes(st, 2);
		if (p == NULL)
			len = 0;
		if (len >= sizeof(x->text))	/* as snprintf: cut, NUL */
			len = sizeof(x->text) - 1;
		memcpy(x->text, p != NULL ? (const char *)p : "", len);
		x->text[len] = '\0';
		k++;
	}
	if (rc != DB_ROW && rc != DB_DONE)
		return db_fail(db, st);
	db_reset(st);
	*moves = m + (n - k);
	*nmoves = k;
	*first = k > 0 ? newest - k : 0;
	return DB_OK;
}

/* Down the primary key from the newest move, stopping at the first of seat. */
static const char SQL_LAST_MOVE_OF[] =
    "SELECT ply FROM moves WHERE game = ?1 AND seat = ?2 "
    "ORDER BY ply DESC LIMIT 1";

enum db_rc
store_lobby_last_move_of(struct db *db, int64_t id, int seat, int *ply)
{
	struct db_stmt	*st;
	int		 rc;

	*ply = 0;
	if ((st = db_stmt(db, SQL_LAST_MOVE_OF)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, id);
	db_bind_int(st, 2, seat);
	if ((rc = db_step(st)) == DB_ROW)
		*ply = db_column_int(st, 0);
	else if (rc != DB_DONE)
		return db_fail(db, st);
	db_reset(st);
	return DB_OK;
}

static const char SQL_JOIN_CHECK[] =
    "SELECT g.status, "
    "CASE WHEN EXISTS (SELECT 1 FROM seats s WHERE s.game = g.id "
    "AND s.\"user\" = ?2) THEN 1 ELSE 0 END, "
    "(SELECT min(seat) FROM seats s WHERE s.game = g.id AND s.\"user\" IS NULL "
    "AND NOT EXISTS (SELECT 1 FROM invitations i WHERE i.game = g.id AND "
    "i.seat = s.seat AND i.answer IS NULL)), "
    "CASE WHEN EXISTS (SELECT 1 FROM seats s WHERE s.game = g.id "
    "AND s.seat = ?3 AND s.\"user\" IS NULL AND NOT EXISTS (SELECT 1 "
    "FROM invitations i WHERE i.game = g.id AND i.seat = ?3 "
    "AND i.answer IS NULL)) THEN 1 ELSE 0 END, "
    "(SELECT is_bot FROM users WHERE id = ?2), "
    "CASE WHEN EXISTS (SELECT 1 FROM invitations i WHERE i.game = g.id AND "
    "i.\"user\" = ?2 AND i.answer IS NULL) THEN 1 ELSE 0 END "
    "FROM games g WHERE g.id = ?1";
static const char SQL_JOIN_SEAT[] =
    "UPDATE seats SET \"user\" = ?3, is_bot = 0 "
    "WHERE game = ?1 AND seat = ?2 AND \"user\" IS NULL";

enum db_rc
store_lobby_join(struct db *db, int64_t id, int seat, int64_t uid,
    char why[GAME_WHY_MAX])
{
	struct db_stmt	*st;
	const char	*status;
	int		 open, mine, lowest, free_seat, is_bot, rc, started;
	int		 invited;
	enum db_rc	 drc;

	why[0] = '\0';
	if ((st = db_stmt(db, SQL_JOIN_CHECK)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, id);
	db_bind_int64(st, 2, uid);
	db_bind_int(st, 3, seat);
	if ((rc = db_step(st)) == DB_DONE) {
		db_reset(st);
		return DB_NOTFOUND;
	}
	if (rc != DB_ROW)
		return db_fail(db, st);
	status = (const char *)db_column_text(st, 0);
	open = status != NULL && strcmp(status, "open") == 0;
	mine = db_column_int(st, 1);
	lowest = db_column_is_null(st, 2) ? -1 :
	    db_column_int(st, 2);
	free_seat = db_column_int(st, 3);
	is_bot = db_column_is_null(st, 4) ? -1 :
	    db_column_int(st, 4);
	invited = db_column_int(st, 5);
	db_reset(st);
	if (is_bot != 0) {
		snprintf(why, GAME_WHY_MAX, "Only a registered player can "
		    "take a seat.");
		return DB_REFUSED;
	}
	if (!open || lowest < 0) {
		snprintf(why, GAME_WHY_MAX, "This game has no open seat.");
		return DB_REFUSED;
	}
	if (mine) {
		snprintf(why, GAME_WHY_MAX, "You already sit at this table.");
		return DB_REFUSED;
	}
	if (invited) {
		snprintf(why, GAME_WHY_MAX, "A seat at this table waits for "
		    "you: accept the invitation instead.");
		return DB_REFUSED;
	}
	if (seat < 0)
		seat = lowest;
	else if (!free_seat) {
		snprintf(why, GAME_WHY_MAX, "Seat %d is not open.", seat);
		return DB_REFUSED;
	}
	if ((st = db_stmt(db, SQL_JOIN_SEAT)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, id);
	db_bind_int(st, 2, seat);
	db_bind_int64(st, 3, uid);
	if ((drc = db_step_done(db, st)) != DB_OK)
		return drc;
	if (db_changes(db) != 1) {
		snprintf(why, GAME_WHY_MAX, "Seat %d is not open.", seat);
		return DB_REFUSED;
	}
	/* The last seat starts the game, unless an invitation waits. */
	return store_invite_start(db, id, db_now(), &started);
}

enum db_rc
store_lobby_bot(struct db *db, int64_t *id)
{
	struct store_user	 u;
	enum store_user_rc	 rc;

	rc = store_user_by_name(db, STORE_LOBBY_BOT_NAME, &u);
	if (rc == STORE_USER_OK) {
		if (!u.is_bot)
			return DB_REFUSED;
		*id = u.id;
		return DB_OK;
	}
	if (rc != STORE_USER_NOTFOUND)
		return DB_ERROR;
	/* A bot has no password, so the hashing cost does not matter. */
	rc = store_user_create(db, STORE_LOBBY_BOT_NAME, STORE_LOBBY_BOT_EMAIL,
	    NULL, NULL, 1, CONFIG_PWHASH_MIN, id);
	return rc == STORE_USER_OK ? DB_OK : DB_ERROR;
}
