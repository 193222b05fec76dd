/*
 * store_leave.h: the rows of leaving a game and of rematches (prefix
 * store_leave_), sql/010_leave.sql.  play/leave.h decides when each is
 * allowed and queues the mails; this module only writes.
 *
 * Writers run inside the caller's BEGIN IMMEDIATE and never commit or
 * roll back; each updates g to match what it wrote.
 */
#ifndef TOPPER_STORE_LEAVE_H
#define TOPPER_STORE_LEAVE_H

#include <stdint.h>

#include "db.h"
#include "game.h"

struct store_game;

/*
 * Seat of g resigns at g->ply.  Two seats: the game is over, the other
 * seat won (games.ended = 'resign'), a rated game's ratings move.
 * More: the easy bot plays the seat on under its player's account
 * (is_bot, no clock, due at once when it must act) and the player will
 * rank last.  DB_CONSTRAINT when the game ended meanwhile.
 */
enum db_rc	store_leave_resign(struct db *db, struct store_game *g,
		    int seat, int64_t now);

/* Game g ends with no result at g->ply, aborted by seat. */
enum db_rc	store_leave_abort(struct db *db, struct store_game *g,
		    int seat, int64_t now);

/* The seats of game that have made at least one move, as a mask. */
enum db_rc	store_leave_moved(struct db *db, int64_t game, uint32_t *mask);

/*
 * The rematch of game: *offered = 1 when one was offered (then
 * *accepted: the seats that accepted, the offer's seat among them;
 * *new_game: the new game once every seat accepted, else 0).
 */
enum db_rc	store_leave_rematch(struct db *db, int64_t game, int *offered,
		    uint32_t *accepted, int64_t *new_game);

/* Seat accepts game's rematch (offering it when none was). */
enum db_rc	store_leave_rematch_accept(struct db *db, int64_t game,
		    int seat, int64_t now);

/* The rematch of game became new_game. */
enum db_rc	store_leave_rematch_made(struct db *db, int64_t game,
		    int64_t new_game);

/*
 * The table settings a rematch copies from game: rated, chat for the
 * players only, time per move, what a timeout does.
 */
struct store_leave_table {
	int		 rated;
	int		 chat_public;
	int64_t		 move_secs;
	char		 on_timeout[8];
};
enum db_rc	store_leave_table_of(struct db *db, int64_t game,
		    struct store_leave_table *t);
enum db_rc	store_leave_table_set(struct db *db, int64_t game,
		    const struct store_leave_table *t);

#endif /* TOPPER_STORE_LEAVE_H */
