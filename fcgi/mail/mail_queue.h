/*
 * mail_queue.h: putting mail in the outbox (STYLE.md 3.10), and the
 * per-user mail preference.
 *
 * Nothing is sent inside a request: every function here inserts rows
 * in the caller's transaction (BEGIN IMMEDIATE), so a mail is queued
 * exactly when the move that caused it commits.  "topper worker"
 * delivers the rows (mail_send.h).
 *
 * A mail about a game (kind 'game') is queued as a small note: user,
 * game, seat, the ply after the move, and why.  The worker composes it
 * at its first claim from the position at that ply (mail_compose.h), so
 * the move's write transaction stays tiny and every retry sends the
 * same text.  Other mails (kind 'text': invitations, answers to a mail)
 * are queued composed, through mail_queue_text().
 *
 * The preference (users.mail_mode): every event; digest, one mail and
 * then none about any game until the user visits the site (a login or
 * a page load, recorded by triggers in sql/003_mail.sql); or off.
 * Bots and open seats never get mail, nor the seat that moved.
 */
#ifndef TOPPER_MAIL_QUEUE_H
#define TOPPER_MAIL_QUEUE_H

#include <stdint.h>

#include "db.h"
#include "game.h"

struct store_game;
struct store_invite;

enum mail_mode {
	MAIL_EVERY = 0,
	MAIL_DIGEST,
	MAIL_OFF
};

/* Why a game mail is sent: outbox.why, a bitmask. */
enum {
	MAIL_WHY_TURN = 1 << 0,		/* the seat must act now (a veto, a May I? too) */
	MAIL_WHY_HAND = 1 << 1,		/* a hand ended */
	MAIL_WHY_OVER = 1 << 2,		/* the game ended */
	MAIL_WHY_REMINDER = 1 << 3,	/* little time left to act */
	MAIL_WHY_NOTE = 1 << 4,		/* outbox.body holds a sentence to add */
	MAIL_WHY_INVITE = 1 << 5	/* invited to the game */
};

enum {
	MAIL_ID_MAX = 96		/* outbox.message_id, NUL included */
};

/*
 * After store_game_advance() moved g (g already holds the new state):
 * queue the mails the move of seat causes (play_move() calls it).
 * was_to_act: g->to_act before the move.  TURN goes to each human seat
 * newly to act (every seat to act when a hand ended); HAND and OVER to
 * every human seat; the mover gets nothing.  news (NULL: none): what
 * the engine says the move did for seats that need not act (game.h),
 * told to them in a NOTE.  One row per recipient, honouring each
 * user's preference.  DB_OK, or the database error (the caller rolls
 * back the move: a move is never stored without its mail).
 */
enum db_rc	mail_queue_move(struct db *db, const struct store_game *g,
		    int seat, uint32_t was_to_act,
		    const struct game_news *news, const struct game_events *ev);

/*
 * Queue one game mail for the player of seat in game (why: MAIL_WHY_*;
 * note: a sentence to add, or NULL), honouring the preference.  For
 * reminders and the like.  *queued (may be NULL) says whether a row
 * was added.
 */
enum db_rc	mail_queue_game(struct db *db, int64_t game, int seat, int ply,
		    int why, const char *note, int *queued);

/*
 * After a game was created by user from: a mail to every player whose
 * seat waits for them (store_invite.h), composed by the worker with
 * the signed answer link (mail_invite.h).  Honours each preference;
 * the quiet rule does not hold it.
 */
enum db_rc	mail_queue_invites(struct db *db, int64_t game, int64_t from);

/*
 * After invitation v was answered (accepted or declined) or expired:
 * a note to the inviter saying so (a game mail: the quiet rule holds
 * it while the inviter is at the table) and, when the answer started
 * the game (started), the turn to every player who must act but the
 * one who accepted.
 */
enum db_rc	mail_queue_answer(struct db *db, const struct store_invite *v,
		    int started);

/* A composed mail.  user and game may be 0; html NULL; headers "". */
struct mail_text {
	const char	*to;		/* address */
	int64_t		 user;
	int64_t		 game;
	const char	*subject;	/* UTF-8, one line */
	const char	*text;		/* text/plain body, LF or CRLF */
	const char	*html;		/* text/html alternative, or NULL */
	const char	*headers;	/* extra "Name: value" lines, CRLF-joined, or NULL */
};

/*
 * Queue m as it is, whatever the preference (an answer to the user's
 * own mail, an invitation to an address).  *id (may be NULL) gets the
 * outbox row id.  DB_REFUSED when to or subject is empty or holds a
 * line break.
 */
enum db_rc	mail_queue_text(struct db *db, const struct mail_text *m,
		    int64_t *id);

/* The preference of user (DB_NOTFOUND when no such user). */
enum db_rc	mail_pref_get(struct db *db, int64_t user, enum mail_mode *m);

/* Set it; MAIL_OFF also clears users.notify, the others set it. */
enum db_rc	mail_pref_set(struct db *db, int64_t user, enum mail_mode m);

/* "every", "digest", "off"; mail_mode_parse: 0, or -1 when unknown. */
const char	*mail_mode_name(enum mail_mode m);
int		 mail_mode_parse(const char *s, enum mail_mode *m);

/* A fresh Message-ID local part ("topper.<time>.g12.34.1.<hex>"). */
void		 mail_queue_message_id(int64_t game, int ply, int seat,
		    char out[MAIL_ID_MAX]);

#endif /* TOPPER_MAIL_QUEUE_H */
