/*
 * store_social.c: the rows behind chat, notes and blocks
 * (store_social.h).
 */
#include "store_social.h"

#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "arena.h"
#include "buf.h"

static const char SQL_CHAT_PUBLIC[] =
    "UPDATE games SET chat_public = ?2 WHERE id = ?1";

enum db_rc
store_social_chat_public(struct db *db, int64_t id, int on)
{
	struct db_stmt	*st;

	if ((st = db_stmt(db, SQL_CHAT_PUBLIC)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, id);
	db_bind_int(st, 2, on != 0);
	return db_step_done(db, st);
}

/* One integer from a statement bound with up to two int64s. */
static enum db_rc
one_int(struct db *db, const char *sql, int64_t a, int64_t b, int64_t *out)
{
	struct db_stmt	*st;
	int		 rc;

	*out = 0;
	if ((st = db_stmt(db, sql)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, a);
	db_bind_int64(st, 2, b);
	rc = db_step(st);
	if (rc == DB_ROW)
		*out = db_column_int64(st, 0);
	else if (rc != DB_DONE)
		return db_fail(db, st);
	db_reset(st);
	return rc == DB_ROW ? DB_OK : DB_NOTFOUND;
}

static const char SQL_CHAT_RECENT[] =
    "SELECT count(*) FROM chat WHERE \"user\" = ?1 AND created > ?2";

static const char SQL_CHAT_BLOCKED[] =
    "SELECT count(*) FROM seats s JOIN blocks b ON b.\"user\" = s.\"user\" "
    "WHERE s.game = ?1 AND b.blocked = ?2";

static const char SQL_CHAT_ADD[] =
    "INSERT INTO chat (game, seat, \"user\", ply, text, created) "
    "VALUES (?1, ?2, ?3, ?4, ?5, ?6)";

enum db_rc
store_social_chat_add(struct db *db, int64_t id, int seat, int64_t user,
    int ply, const char *text, int *blocked, char why[STORE_SOCIAL_WHY_MAX])
{
	struct db_stmt	*st;
	int64_t		 now = db_now(), n;
	enum db_rc	 rc;

	why[0] = '\0';
	*blocked = 0;
	if ((rc = one_int(db, SQL_CHAT_RECENT, user,
	    now - STORE_SOCIAL_CHAT_WINDOW, &n)) != DB_OK)
		return rc;
	if (n >= STORE_SOCIAL_CHAT_BURST) {
		snprintf(why, STORE_SOCIAL_WHY_MAX, "You wrote %d messages in "
		    "the last minute; wait a little before the next.",
		    STORE_SOCIAL_CHAT_BURST);
		return DB_REFUSED;
	}
	if ((rc = one_int(db, SQL_CHAT_BLOCKED, id, user, &n)) != DB_OK)
		return rc;
	if (n > 0) {
		*blocked = 1;
		snprintf(why, STORE_SOCIAL_WHY_MAX, "A player at this table "
		    "has blocked you, so you cannot chat here.");
		return DB_REFUSED;
	}
	if ((st = db_stmt(db, SQL_CHAT_ADD)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, id);
	db_bind_int(st, 2, seat);
	db_bind_int64(st, 3, user);
	db_bind_int(st, 4, ply);
	db_bind_text(st, 5, text, -1, DB_STATIC);
	db_bind_int64(st, 6, now);
	return db_step_done(db, st);
}

static const char SQL_CHAT_STATE[] =
    "SELECT g.chat_public, coalesce((SELECT muted FROM chat_seen "
    "WHERE game = g.id AND \"user\" = ?2), 0) FROM games g WHERE g.id = ?1";

/* The newest STORE_SOCIAL_CHAT_SHOW, oldest first; blocked senders out. */
static const char SQL_CHAT_LIST[] =
    "SELECT * FROM (SELECT c.id, c.seat, coalesce(u.name, ''), c.text, "
    "c.ply, c.created FROM chat c LEFT JOIN users u ON u.id = c.\"user\" "
    "WHERE c.game = ?1 AND NOT EXISTS (SELECT 1 FROM blocks b "
    "WHERE b.\"user\" = ?2 AND b.blocked = c.\"user\") "
    "ORDER BY c.id DESC LIMIT ?3) AS l ORDER BY 1";

enum db_rc
store_social_chat_list(struct db *db, int64_t id, int64_t viewer,
    int seated, struct json_object **out, const char **state)
{
	struct json_object	*arr, *o;
	struct db_stmt		*st;
	int			 rc, pub, muted;

	*out = NULL;
	*state = "open";
	if ((st = db_stmt(db, SQL_CHAT_STATE)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, id);
	db_bind_int64(st, 2, viewer);
	if ((rc = db_step(st)) != DB_ROW) {
		if (rc != DB_DONE)
			return db_fail(db, st);
		db_reset(st);
		return DB_NOTFOUND;
	}
	pub = db_column_int(st, 0);
	muted = db_column_int(st, 1);
	db_reset(st);
	arr = json_object_new_array();
	if (!seated && !pub)
		*state = "closed";
	else if (muted)
		*state = "muted";
	if (strcmp(*state, "open") != 0) {
		*out = arr;
		return DB_OK;
	}
	if ((st = db_stmt(db, SQL_CHAT_LIST)) == NULL) {
		json_object_put(arr);
		return DB_ERROR;
	}
	db_bind_int64(st, 1, id);
	db_bind_int64(st, 2, viewer);
	db_bind_int(st, 3, STORE_SOCIAL_CHAT_SHOW);
	while ((rc = db_step(st)) == DB_ROW) {
		o = json_object_new_object();
		json_object_object_add(o, "id",
		    json_object_new_int64(db_column_int64(st, 0)));
		json_object_object_add(o, "seat",
		    json_object_new_int(db_column_int(st, 1)));
		json_object_object_add(o, "name", json_object_new_string(
		    (const char *)db_column_text(st, 2)));
		json_object_object_add(o, "text", json_object_new_string(
		    (const char *)db_column_text(st, 3)));
		json_object_object_add(o, "ply",
		    json_object_new_int(db_column_int(st, 4)));
		json_object_object_add(o, "at",
		    json_object_new_int64(db_column_int64(st, 5)));
		json_object_array_add(arr, o);
	}
	if (rc != DB_DONE) {
		json_object_put(arr);
		return db_fail(db, st);
	}
	db_reset(st);
	*out = arr;
	return DB_OK;
}

static const char SQL_MUTE[] =
    "INSERT INTO chat_seen (game, \"user\", muted) VALUES (?1, ?2, ?3) "
    "ON CONFLICT (game, \"user\") DO UPDATE SET muted = ?3";

enum db_rc
store_social_mute(struct db *db, int64_t id, int64_t user, int on)
{
	struct db_stmt	*st;

	if ((st = db_stmt(db, SQL_MUTE)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, id);
	db_bind_int64(st, 2, user);
	db_bind_int(st, 3, on != 0);
	return db_step_done(db, st);
}

static const char SQL_UNMAILED[] =
    "SELECT c.id, coalesce(u.name, ''), c.text FROM chat c "
    "LEFT JOIN users u ON u.id = c.\"user\" "
    "LEFT JOIN chat_seen s ON s.game = c.game AND s.\"user\" = ?2 "
    "WHERE c.game = ?1 AND c.id > coalesce(s.mailed, 0) "
    "AND coalesce(s.muted, 0) = 0 AND c.\"user\" IS DISTINCT FROM ?2 "
    "AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.\"user\" = ?2 "
    "AND b.blocked = c.\"user\") ORDER BY c.id LIMIT 50";

enum db_rc
store_social_chat_unmailed(struct db *db, struct arena *a, int64_t id,
    int64_t user, char **text, int64_t *last)
{
	struct buf	 b;
	struct db_stmt	*st;
	int		 rc;

	*text = NULL;
	*last = 0;
	buf_init(&b, a);
	buf_puts(&b, "");
	if ((st = db_stmt(db, SQL_UNMAILED)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, id);
	db_bind_int64(st, 2, user);
	while ((rc = db_step(st)) == DB_ROW) {
		*last = db_column_int64(st, 0);
		buf_printf(&b, "%s: %s\n", db_column_text(st, 1),
		    db_column_text(st, 2));
	}
	if (rc != DB_DONE)
		return db_fail(db, st);
	db_reset(st);
	if (b.failed || (*text = arena_strndup(a, b.data != NULL ? b.data :
	    "", b.len)) == NULL)
		return DB_ERROR;
	return DB_OK;
}

static const char SQL_MAILED[] =
    "INSERT INTO chat_seen (game, \"user\", mailed) VALUES (?1, ?2, ?3) "
    "ON CONFLICT (game, \"user\") DO UPDATE "
    "SET mailed = CASE WHEN chat_seen.mailed > ?3 THEN chat_seen.mailed "
    "ELSE ?3 END";

enum db_rc
store_social_chat_mailed(struct db *db, int64_t id, int64_t user,
    int64_t last)
{
	struct db_stmt	*st;

	if ((st = db_stmt(db, SQL_MAILED)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, id);
	db_bind_int64(st, 2, user);
	db_bind_int64(st, 3, last);
	return db_step_done(db, st);
}

static const char SQL_NOTE_GET[] =
    "SELECT text FROM notes WHERE game = ?1 AND \"user\" = ?2";

enum db_rc
store_social_note_get(struct db *db, struct arena *a, int64_t id,
    int64_t user, char **text)
{
	struct db_stmt	*st;
	int		 rc;

	*text = arena_strdup(a, "");
	if ((st = db_stmt(db, SQL_NOTE_GET)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, id);
	db_bind_int64(st, 2, user);
	rc = db_step(st);
	if (rc == DB_ROW)
		*text = arena_strdup(a, (const char *)db_column_text(st,
		    0));
	else if (rc != DB_DONE)
		return db_fail(db, st);
	db_reset(st);
	return *text != NULL ? DB_OK : DB_ERROR;
}

static const char SQL_NOTE_PUT[] =
    "INSERT INTO notes (game, \"user\", text, updated) VALUES (?1, ?2, ?3, ?4) "
    "ON CONFLICT (game, \"user\") DO UPDATE SET text = ?3, updated = ?4";

static const char SQL_NOTE_DEL[] =
    "DELETE FROM notes WHERE game = ?1 AND \"user\" = ?2";

enum db_rc
store_social_note_put(struct db *db, int64_t id, int64_t user,
    const char *text)
{
	struct db_stmt	*st;

	if ((st = db_stmt(db, text[0] == '\0' ? SQL_NOTE_DEL : SQL_NOTE_PUT))
	    == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, id);
	db_bind_int64(st, 2, user);
	if (text[0] != '\0') {
		db_bind_text(st, 3, text, -1, DB_STATIC);
		db_bind_int64(st, 4, db_now());
	}
	return db_step_done(db, st);
}

static const char SQL_BLOCKS[] =
    "SELECT 1 FROM blocks WHERE \"user\" = ?1 AND blocked = ?2";

int
store_social_blocks(struct db *db, int64_t user, int64_t other)
{
	int64_t		 v;
	enum db_rc	 rc;

	rc = one_int(db, SQL_BLOCKS, user, other, &v);
	return rc != DB_NOTFOUND;
}

static const char SQL_BLOCK[] =
    "INSERT INTO blocks (\"user\", blocked, created) "
    "SELECT ?1, ?2, ?3 WHERE CAST(?1 AS BIGINT) <> ?2 "
    "ON CONFLICT DO NOTHING";

static const char SQL_UNBLOCK[] =
    "DELETE FROM blocks WHERE \"user\" = ?1 AND blocked = ?2";

enum db_rc
store_social_block(struct db *db, int64_t user, int64_t other, int on)
{
	struct db_stmt	*st;

	if ((st = db_stmt(db, on ? SQL_BLOCK : SQL_UNBLOCK)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, user);
	db_bind_int64(st, 2, other);
	if (on)
		db_bind_int64(st, 3, db_now());
	return db_step_done(db, st);
}

static const char SQL_BLOCK_LIST[] =
    "SELECT u.name FROM blocks b JOIN users u ON u.id = b.blocked "
    "WHERE b.\"user\" = ?1 ORDER BY u.name";

enum db_rc
store_social_block_list(struct db *db, int64_t user, struct json_object **out)
{
	struct json_object	*arr = json_object_new_array();
	struct db_stmt		*st;
	int			 rc;

	*out = NULL;
	if ((st = db_stmt(db, SQL_BLOCK_LIST)) == NULL) {
		json_object_put(arr);
		return DB_ERROR;
	}
	db_bind_int64(st, 1, user);
	while ((rc = db_step(st)) == DB_ROW)
		json_object_array_add(arr, json_object_new_string(
		    (const char *)db_column_text(st, 0)));
	if (rc != DB_DONE) {
		json_object_put(arr);
		return db_fail(db, st);
	}
	db_reset(st);
	*out = arr;
	return DB_OK;
}
