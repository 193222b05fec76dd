/*
 * leave.h: leaving a game and asking for another (README "Leaving a
 * game"), beside play.h's one path of a move and with its guarantees:
 * every check runs before anything is written, so a refused action
 * leaves the database and g as they were; what is written (the game's
 * end, the seat's bot, the ratings, the mails) is written in the
 * caller's BEGIN IMMEDIATE, which commits on LEAVE_OK and rolls back
 * otherwise.  The pages and the API call these; neither writes itself.
 *
 *	resign	at any time while the game runs.  Two seats: the other
 *		player wins at once.  More: the easy bot plays the seat
 *		on and the player ranks last when the game ends.
 *	abort	while some seat has not moved yet: the game ends with no
 *		result and is not rated.
 *	rematch	once the game is over: the first call offers, each seat
 *		accepts in turn (bots at once); when every seat has, a
 *		game with the same players, options and table settings
 *		and a new seed is made.
 *
 * Each tells the other players by mail (a game mail, so the quiet rule
 * of mail_quiet.h holds it while they sit at the table).
 */
#ifndef TOPPER_LEAVE_H
#define TOPPER_LEAVE_H

#include <stdint.h>

#include "db.h"
#include "game.h"

struct store_game;

enum leave_rc {
	LEAVE_OK = 0,		/* written; the caller commits */
	LEAVE_NOT_SEATED,	/* seat is no seat of g */
	LEAVE_REFUSED,		/* not now (why[] says why): nothing written */
	LEAVE_CONFLICT,		/* the game changed under us: nothing written */
	LEAVE_ERROR		/* the database failed (logged) */
};

enum leave_rc	leave_resign(struct db *db, struct store_game *g, int seat,
		    char why[GAME_WHY_MAX]);

enum leave_rc	leave_abort(struct db *db, struct store_game *g, int seat,
		    char why[GAME_WHY_MAX]);

/*
 * Seat offers or accepts g's rematch.  *new_game: the rematch, when
 * this acceptance was the last one (else 0).
 */
enum leave_rc	leave_rematch(struct db *db, struct store_game *g, int seat,
		    int64_t *new_game, char why[GAME_WHY_MAX]);

/*
 * Whether seat of g may resign, abort, or offer or accept a rematch now
 * (the game page shows a button only then).  moved: the seats that
 * have moved (store_leave_moved()); rematch: the rematch's state.
 */
int		leave_may_resign(const struct store_game *g, int seat);
int		leave_may_abort(const struct store_game *g, int seat,
		    uint32_t moved);

#endif /* TOPPER_LEAVE_H */
