/*
 * store_social.h: table chat, mutes, private notes and blocks (prefix
 * store_social_), the rows of sql/007_community.sql.
 *
 * Who may see what is decided here, once, so no page or API can show
 * more by mistake:
 *	chat	seated players write; everyone reads, unless the table
 *		closed it to spectators (games.chat_public = 0); a reader
 *		who muted the table gets none; a message from a player the
 *		reader blocks is left out for that reader.
 *	notes	only ever read for (game, author): there is no query that
 *		returns another player's note.
 *	blocks	a blocked player cannot invite the blocker by name, and
 *		cannot chat at a table the blocker sits at.
 * Writers run inside the caller's BEGIN IMMEDIATE and never commit.
 */
#ifndef TOPPER_STORE_SOCIAL_H
#define TOPPER_STORE_SOCIAL_H

#include <stdint.h>

#include "db.h"

struct arena;
struct json_object;

enum {
	STORE_SOCIAL_CHAT_MAX = 500,	/* characters in one message */
	STORE_SOCIAL_CHAT_BURST = 5,	/* messages a player may write ... */
	STORE_SOCIAL_CHAT_WINDOW = 60,	/* ... in this many seconds */
	STORE_SOCIAL_CHAT_SHOW = 200,	/* newest messages a page shows */
	STORE_SOCIAL_NOTE_MAX = 4000,	/* characters in a note */
	STORE_SOCIAL_WHY_MAX = 160
};

/* Open (1) or close (0) game id's chat to spectators. */
enum db_rc	store_social_chat_public(struct db *db, int64_t id, int on);

/*
 * Add text (already checked: one line, 1..STORE_SOCIAL_CHAT_MAX
 * characters) from user at seat of game id at ply.  DB_REFUSED with
 * why[] when user wrote STORE_SOCIAL_CHAT_BURST messages in the last
 * STORE_SOCIAL_CHAT_WINDOW seconds, or when a player seated at the
 * table blocks user (then *blocked = 1).
 */
enum db_rc	store_social_chat_add(struct db *db, int64_t id, int seat,
		    int64_t user, int ply, const char *text, int *blocked,
		    char why[STORE_SOCIAL_WHY_MAX]);

/*
 * The chat of game id as viewer (0: anonymous) may read it, oldest
 * first, the newest STORE_SOCIAL_CHAT_SHOW: [{ "id", "seat", "name",
 * "text", "ply", "at" }].  seated: the viewer holds a seat.  *state:
 * "open", "closed" (spectators may not read: the list is empty) or
 * "muted" (the viewer muted it: empty).
 */
enum db_rc	store_social_chat_list(struct db *db, int64_t id,
		    int64_t viewer, int seated, struct json_object **out,
		    const char **state);

/* Mute (1) or unmute (0) game id's chat for user. */
enum db_rc	store_social_mute(struct db *db, int64_t id, int64_t user,
		    int on);

/*
 * Chat not yet mailed to user about game id: the messages from others
 * after the last one mailed, as "NAME: text" lines into *text (arena,
 * "" when none, muted or blocked senders left out), and the newest id
 * in *last.  Mark them mailed with store_social_chat_mailed().
 */
enum db_rc	store_social_chat_unmailed(struct db *db, struct arena *a,
		    int64_t id, int64_t user, char **text, int64_t *last);
enum db_rc	store_social_chat_mailed(struct db *db, int64_t id,
		    int64_t user, int64_t last);

/* user's own note on game id into *text (arena; "" when none). */
enum db_rc	store_social_note_get(struct db *db, struct arena *a,
		    int64_t id, int64_t user, char **text);

/* Set user's note on game id ("" deletes it). */
enum db_rc	store_social_note_put(struct db *db, int64_t id, int64_t user,
		    const char *text);

/* 1 when user blocks other, or on an error (fails closed). */
int		store_social_blocks(struct db *db, int64_t user, int64_t other);

/* user blocks (on = 1) or unblocks (0) other. */
enum db_rc	store_social_block(struct db *db, int64_t user, int64_t other,
		    int on);

/* The names user blocks, as a json array of strings. */
enum db_rc	store_social_block_list(struct db *db, int64_t user,
		    struct json_object **out);

#endif /* TOPPER_STORE_SOCIAL_H */
