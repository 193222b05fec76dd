/*
 * store_invite.c: invitations to a seat (store_invite.h).
 */
#include "store_invite.h"

#include <stdio.h>
#include <string.h>

#include "arena.h"

static const char *const state_names[] = { "waiting", "accepted",
    "declined", "expired" };

const char *
store_invite_state_name(enum store_invite_state s)
{
	return (unsigned)s < 4 ? state_names[s] : "waiting";
}

static const char SQL_ADD[] =
    "INSERT INTO invitations (game, seat, \"user\", from_user, created, "
    "expires) VALUES (?1, ?2, ?3, ?4, ?5, ?6)";

enum db_rc
store_invite_add(struct db *db, int64_t game, int seat, int64_t user,
    int64_t from, int64_t created, int64_t expires)
{
	struct db_stmt	*st;

	if ((st = db_stmt(db, SQL_ADD)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, game);
	db_bind_int(st, 2, seat);
	db_bind_int64(st, 3, user);
	db_bind_int64(st, 4, from);
	db_bind_int64(st, 5, created);
	db_bind_int64(st, 6, expires);
	return db_step_done(db, st);
}

#define SELECT_INVITE \
    "SELECT i.id, i.game, i.seat, i.\"user\", i.from_user, u.name, f.name, " \
    "g.rules, i.created, i.expires, coalesce(i.answered, 0), " \
    "coalesce(i.answer, 'waiting'), g.move_secs FROM invitations i " \
    "JOIN users u ON u.id = i.\"user\" JOIN users f ON f.id = i.from_user " \
    "JOIN games g ON g.id = i.game "

static const char SQL_GET[] = SELECT_INVITE "WHERE i.id = ?1";
static const char SQL_WAITING[] = SELECT_INVITE
    "WHERE i.game = ?1 AND i.\"user\" = ?2 AND i.answer IS NULL "
    "ORDER BY i.seat LIMIT 1";
static const char SQL_FIND[] = SELECT_INVITE
    "WHERE i.game = ?1 AND i.\"user\" = ?2 ORDER BY i.id DESC LIMIT 1";
static const char SQL_OF_GAME[] = SELECT_INVITE
    "WHERE i.game = ?1 ORDER BY i.seat, i.id LIMIT ?2";
static const char SQL_OF_USER[] = SELECT_INVITE
    "WHERE i.\"user\" = ?1 AND i.answer IS NULL ORDER BY i.id DESC LIMIT ?2";

static void
copy_text(struct db_stmt *st, int col, char *out, size_t outsz)
{
	const unsigned char	*p = db_column_text(st, col);

	snprintf(out, outsz, "%s", p != NULL ? (const char *)p : "");
}

static void
read_row(struct db_stmt *st, struct store_invite *v)
{
	char	 state[16];
	int	 i;

	memset(v, 0, sizeof(*v));
	v->id = db_column_int64(st, 0);
	v->game = db_column_int64(st, 1);
	v->seat = db_column_int(st, 2);
	v->user = db_column_int64(st, 3);
	v->from = db_column_int64(st, 4);
	copy_text(st, 5, v->name, sizeof(v->name));
	copy_text(st, 6, v->from_name, sizeof(v->from_name));
	copy_text(st, 7, v->rules, sizeof(v->rules));
	v->created = db_column_int64(st, 8);
	v->expires = db_column_int64(st, 9);
	v->answered = db_column_int64(st, 10);
	copy_text(st, 11, state, sizeof(state));
	for (i = 0; i < 4 && strcmp(state, state_names[i]) != 0; i++)
		;
	v->state = i < 4 ? (enum store_invite_state)i : STORE_INVITE_WAITING;
	v->move_secs = db_column_int64(st, 12);
}

/* One row of sql (bound to a, b) into *out. */
static enum db_rc
one(struct db *db, const char *sql, int64_t a, int64_t b,
    struct store_invite *out)
{
	struct db_stmt	*st;
	int		 rc;

	memset(out, 0, sizeof(*out));
	if ((st = db_stmt(db, sql)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, a);
	if (b != 0)
		db_bind_int64(st, 2, b);
	if ((rc = db_step(st)) == DB_DONE) {
		db_reset(st);
		return DB_NOTFOUND;
	}
	if (rc != DB_ROW)
		return db_fail(db, st);
	read_row(st, out);
	db_reset(st);
	return DB_OK;
}

enum db_rc
store_invite_get(struct db *db, int64_t id, struct store_invite *out)
{
	return one(db, SQL_GET, id, 0, out);
}

enum db_rc
store_invite_waiting(struct db *db, int64_t game, int64_t user,
    struct store_invite *out)
{
	return one(db, SQL_WAITING, game, user, out);
}

enum db_rc
store_invite_find(struct db *db, int64_t game, int64_t user,
    struct store_invite *out)
{
	return one(db, SQL_FIND, game, user, out);
}

/* The rows of sql bound to key, at most max, into *out (arena a). */
static enum db_rc
list(struct db *db, struct arena *a, const char *sql, int64_t key, int max,
    struct store_invite **out, int *n)
{
	struct store_invite	*v;
	struct db_stmt		*st;
	int			 rc;

	*out = NULL;
	*n = 0;
	if (max < 1)
		return DB_OK;
	if ((v = arena_calloc(a, (size_t)max * sizeof(*v))) == NULL)
		return DB_ERROR;
	if ((st = db_stmt(db, sql)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, key);
	db_bind_int(st, 2, max);
	while ((rc = db_step(st)) == DB_ROW && *n < max)
		read_row(st, &v[(*n)++]);
	if (rc != DB_ROW && rc != DB_DONE)
		return db_fail(db, st);
	db_reset(st);
	*out = v;
	return DB_OK;
}

enum db_rc
store_invite_of_game(struct db *db, struct arena *a, int64_t game,
    struct store_invite **out, int *n)
{
	return list(db, a, SQL_OF_GAME, game, STORE_INVITE_LIST_MAX, out, n);
}

enum db_rc
store_invite_of_user(struct db *db, struct arena *a, int64_t user,
    struct store_invite **out, int *n)
{
	return list(db, a, SQL_OF_USER, user, STORE_INVITE_LIST_MAX, out, n);
}

static const char SQL_START[] =
    "UPDATE games SET status = 'active', updated = ?2 "
    "WHERE id = ?1 AND status = 'open' AND NOT EXISTS "
    "(SELECT 1 FROM seats WHERE game = ?1 AND \"user\" IS NULL)";
/* The bots to act were left alone while the table waited. */
static const char SQL_BOTS_DUE[] =
    "UPDATE seats SET bot_due = ?2 WHERE game = ?1 AND is_bot = 1 AND "
    "\"user\" IS NOT NULL AND bot_due IS NULL AND "
    "(((SELECT to_act FROM games WHERE id = ?1 AND status = 'active') "
    ">> CAST(seat AS INTEGER)) & 1) = 1";

enum db_rc
store_invite_start(struct db *db, int64_t id, int64_t now, int *started)
{
	struct db_stmt	*st;
	enum db_rc	 rc;

	*started = 0;
	if ((st = db_stmt(db, SQL_START)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, id);
	db_bind_int64(st, 2, now);
	if ((rc = db_step_done(db, st)) != DB_OK)
		return rc;
	if (db_changes(db) != 1)
		return DB_OK;
	*started = 1;
	if ((st = db_stmt(db, SQL_BOTS_DUE)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, id);
	db_bind_int64(st, 2, now);
	return db_step_done(db, st);
}

static const char SQL_SEAT[] =
    "UPDATE seats SET \"user\" = ?3, is_bot = 0 "
    "WHERE game = ?1 AND seat = ?2 AND \"user\" IS NULL "
    "AND EXISTS (SELECT 1 FROM games WHERE id = ?1 AND status = 'open')";
static const char SQL_MARK[] =
    "UPDATE invitations SET answer = ?2, answered = ?3 "
    "WHERE id = ?1 AND answer IS NULL";

/* Mark invitation id answered with state at now. */
static enum db_rc
mark(struct db *db, int64_t id, enum store_invite_state state, int64_t now)
{
	struct db_stmt	*st;

	if ((st = db_stmt(db, SQL_MARK)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, id);
	db_bind_text(st, 2, store_invite_state_name(state), -1,
	    DB_STATIC);
	db_bind_int64(st, 3, now);
	return db_step_done(db, st);
}

enum db_rc
store_invite_answer(struct db *db, int64_t id, int accept, int64_t now,
    int *started, char why[GAME_WHY_MAX])
{
	struct store_invite	 v;
	struct db_stmt		*st;
	enum db_rc		 rc;

	*started = 0;
	why[0] = '\0';
	if ((rc = store_invite_get(db, id, &v)) != DB_OK)
		return rc;
	if (v.state != STORE_INVITE_WAITING) {
		snprintf(why, GAME_WHY_MAX, v.state == STORE_INVITE_EXPIRED ?
		    "This invitation has expired." :
		    "This invitation was %s already.",
		    store_invite_state_name(v.state));
		return DB_REFUSED;
	}
	if (v.expires <= now) {
		snprintf(why, GAME_WHY_MAX, "This invitation has expired.");
		return DB_REFUSED;
	}
	if (accept) {
		if ((st = db_stmt(db, SQL_SEAT)) == NULL)
			return DB_ERROR;
		db_bind_int64(st, 1, v.game);
		db_bind_int(st, 2, v.seat);
		db_bind_int64(st, 3, v.user);
		if ((rc = db_step_done(db, st)) != DB_OK)
			return rc;
		if (db_changes(db) != 1) {
			/* Taken meanwhile, or the table was aborted. */
			snprintf(why, GAME_WHY_MAX, "That seat is no longer "
			    "open, or the game has ended.");
			return DB_REFUSED;
		}
	}
	if ((rc = mark(db, id, accept ? STORE_INVITE_ACCEPTED :
	    STORE_INVITE_DECLINED, now)) != DB_OK)
		return rc;
	return accept ? store_invite_start(db, v.game, now, started) : DB_OK;
}

static const char SQL_DUE[] =
    "SELECT id FROM invitations WHERE answer IS NULL AND expires <= ?1 "
    "ORDER BY expires, id LIMIT ?2";

enum db_rc
store_invite_expire(struct db *db, struct arena *a, int64_t now, int max,
    struct store_invite **out, int *n)
{
	struct store_invite	*v;
	struct db_stmt		*st;
	int64_t			*ids;
	enum db_rc		 drc;
	int			 rc, k = 0, i;

	*out = NULL;
	*n = 0;
	if (max < 1)
		return DB_OK;
	if ((v = arena_calloc(a, (size_t)max * sizeof(*v))) == NULL ||
	    (ids = arena_calloc(a, (size_t)max * sizeof(*ids))) == NULL)
		return DB_ERROR;
	/* The ids first, then the writes: no cursor open across them. */
	if ((st = db_stmt(db, SQL_DUE)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, now);
	db_bind_int(st, 2, max);
	while ((rc = db_step(st)) == DB_ROW && k < max)
		ids[k++] = db_column_int64(st, 0);
	if (rc != DB_ROW && rc != DB_DONE)
		return db_fail(db, st);
	db_reset(st);
	for (i = 0; i < k; i++) {
		if ((drc = mark(db, ids[i], STORE_INVITE_EXPIRED, now)) !=
		    DB_OK || (drc = store_invite_get(db, ids[i], &v[i])) !=
		    DB_OK)
			return drc;
	}
	*out = v;
	*n = k;
	return DB_OK;
}
