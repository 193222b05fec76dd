/*
 * store_invite.h: invitations to a seat (prefix store_invite_), the
 * rows of sql/009_invitations.sql.
 *
 * The lobby's "a player I name" seat is held for the invitee by an
 * invitation while the seat itself stays open (seats.user NULL): the
 * game stays 'open', so no clock runs (the clock triggers of 004 start
 * only in an active game), nobody moves (play.h refuses a move at a
 * table with an open seat, and the worker leaves its bots alone there)
 * and the lobby offers the seat to nobody else.  Accepting seats the
 * invitee; when that fills the table, the game becomes active and the
 * clocks of the seats to act start at once.  A declined invitation, or
 * one the worker expires after its time (invite_days), frees its seat
 * for anyone: the game waits in the lobby like any table with an open
 * seat.  The inviter hears of every answer (mail_queue.h).
 *
 * Writers run inside the caller's BEGIN IMMEDIATE and never commit or
 * roll back.  Lists come back in the caller's arena.
 */
#ifndef TOPPER_STORE_INVITE_H
#define TOPPER_STORE_INVITE_H

#include <stdint.h>

#include "db.h"
#include "game.h"
#include "store_user.h"

struct arena;

enum {
	STORE_INVITE_DAYS = 7,		/* invite_days by default */
	STORE_INVITE_LIST_MAX = 100	/* rows a list returns at most */
};

enum store_invite_state {
	STORE_INVITE_WAITING = 0,
	STORE_INVITE_ACCEPTED,
	STORE_INVITE_DECLINED,
	STORE_INVITE_EXPIRED
};

/* One invitation, with the names and the game's slug. */
struct store_invite {
	int64_t			 id;
	int64_t			 game;
	int			 seat;
	int64_t			 user;		/* the invitee */
	int64_t			 from;		/* the inviter */
	char			 name[STORE_USER_NAME_MAX + 1];	/* invitee's */
	char			 from_name[STORE_USER_NAME_MAX + 1];
	char			 rules[64];	/* the game's slug */
	int64_t			 created, expires, answered;
	enum store_invite_state	 state;
	int64_t			 move_secs;	/* the game's time per move */
};

/*
 * Hold seat of game for user, invited by from, until expires.  The
 * seat must be open.  DB_CONSTRAINT when the seat already has a
 * waiting invitation.
 */
enum db_rc	store_invite_add(struct db *db, int64_t game, int seat,
		    int64_t user, int64_t from, int64_t created,
		    int64_t expires);

/* Invitation id into *out; DB_NOTFOUND when there is none. */
enum db_rc	store_invite_get(struct db *db, int64_t id,
		    struct store_invite *out);

/*
 * The waiting invitation of user to game into *out (DB_NOTFOUND: none,
 * or every one answered).
 */
enum db_rc	store_invite_waiting(struct db *db, int64_t game, int64_t user,
		    struct store_invite *out);

/* The newest invitation of user to game, in any state (DB_NOTFOUND). */
enum db_rc	store_invite_find(struct db *db, int64_t game, int64_t user,
		    struct store_invite *out);

/*
 * Answer invitation id for its invitee at now: accept (seat the
 * invitee, and make the game active when no seat is left open and
 * mark its due bots) or decline (the seat is free for anyone).
 * *started is set when the accept started the game.  DB_REFUSED with
 * why[] when the invitation is answered already or its time ran out
 * (the worker marks it expired); DB_NOTFOUND when there is no such
 * invitation.
 */
enum db_rc	store_invite_answer(struct db *db, int64_t id, int accept,
		    int64_t now, int *started, char why[GAME_WHY_MAX]);

/*
 * Mark expired the waiting invitations whose time ran out at now, at
 * most max, oldest first, into *out (arena a): their seats are free.
 */
enum db_rc	store_invite_expire(struct db *db, struct arena *a,
		    int64_t now, int max, struct store_invite **out, int *n);

/*
 * The invitations of game (every state), by seat, or the waiting ones
 * of user (newest first); at most STORE_INVITE_LIST_MAX.
 */
enum db_rc	store_invite_of_game(struct db *db, struct arena *a,
		    int64_t game, struct store_invite **out, int *n);
enum db_rc	store_invite_of_user(struct db *db, struct arena *a,
		    int64_t user, struct store_invite **out, int *n);

/* "waiting", "accepted", "declined", "expired". */
const char	*store_invite_state_name(enum store_invite_state s);

/*
 * Make game id active when no seat is open (nothing else waits), and
 * mark the bot seats that must act as due at now; *started says
 * whether it did.  store_lobby_join() and the accept call it.
 */
enum db_rc	store_invite_start(struct db *db, int64_t id, int64_t now,
		    int *started);

#endif /* TOPPER_STORE_INVITE_H */
