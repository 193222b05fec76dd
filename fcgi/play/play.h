/*
 * play.h: the one path of a move (DESIGN.md "A move, from click to
 * email"), whoever makes it: the game page's form, the API, a reply by
 * mail, a bot, a deadline, an import.
 *
 * play_move() checks the seat and whether the mover saw the position
 * still current, parses the text, checks that the seat may act, has
 * the engine apply the move, stores it (store_game_advance(): the move,
 * the snapshot, the views, the hands that ended) and queues the mails
 * it causes (mail_queue_move(): turn, hand and game-end mails, and the
 * news the engine reports, such as a granted "May I?").  All of it runs
 * in the caller's BEGIN IMMEDIATE: the caller commits on PLAY_OK and
 * rolls back otherwise.  Every outcome but PLAY_OK (and PLAY_BUSY or
 * PLAY_ERROR) is decided before anything is written, so a refused move
 * leaves the database and g exactly as they were.
 *
 * Each caller keeps its own answer to each outcome (a 403 page, a 409
 * JSON reply, a mail, a bot's back-off); why[] holds a plain sentence
 * for those that have none of their own.
 */
#ifndef TOPPER_PLAY_H
#define TOPPER_PLAY_H

#include "db.h"
#include "game.h"

struct store_game;

enum play_rc {
	PLAY_OK = 0,		/* stored, mails queued; g is the new state */
	PLAY_NOT_SEATED,	/* seat is no seat of g (a caller's -1) */
	PLAY_OPEN,		/* PLAY_FULL_TABLE, and a seat is open */
	PLAY_STALE,		/* the position moved on since the ply seen */
	PLAY_NO_TEXT,		/* text NULL: the caller found no move */
	PLAY_REFUSED,		/* unreadable, not the seat's turn, illegal */
	PLAY_CONFLICT,		/* another writer stored this ply first */
	PLAY_BUSY,		/* the database is busy */
	PLAY_ERROR		/* the database failed (logged) */
};

/* play_move() flags: which staleness check, and the table. */
enum {
	/*
	 * Stale when seat's view changed after the ply seen, or that ply
	 * is ahead of the game: a person's move, composed on a page or a
	 * mail; another seat's "May I?" does not void it.
	 */
	PLAY_SEEN_VIEW = 1 << 0,
	/* Stale unless the game is still at the ply seen (a bot chose
	 * from that very position). */
	PLAY_SEEN_PLY = 1 << 1,
	/* Refused (PLAY_OPEN) while a seat is open and the game not over. */
	PLAY_FULL_TABLE = 1 << 2
};

/*
 * Seat makes move text in g (loaded in the caller's transaction, or
 * checked against store_game_ply() there).  seen: the ply the mover
 * saw, read by PLAY_SEEN_VIEW or PLAY_SEEN_PLY; with neither (a
 * deadline's or an import's move) nothing is stale.  text NULL: the
 * caller could not read a move (an empty form, a reply without a move
 * line).  The checks run in this order: seat, open table, staleness,
 * text, then parse, turn and the engine.  why[] gets a sentence for
 * every outcome but PLAY_OK.
 */
enum play_rc	play_move(struct db *db, struct store_game *g, int seat,
		    long long seen, int flags, const char *text,
		    char why[GAME_WHY_MAX]);

#endif /* TOPPER_PLAY_H */
