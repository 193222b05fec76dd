/*
 * store_game_read.h: reading a stored game back (store_game_read.c).
 *
 * The readers of the tables store_game.h describes: a game with its
 * seats and its state (rebuilt from the move log when the stored
 * snapshot's layout or size is not the rules'), its ply alone, its move
 * log and its record.  Pages, the move path and the tools load games
 * through these; the writers (create, advance, refresh) are
 * store_game.c.  store_game.h includes this header, so a caller
 * includes store_game.h alone.
 * Nothing here writes; what needs memory lives in the caller's arena.
 */
#ifndef TOPPER_STORE_GAME_READ_H
#define TOPPER_STORE_GAME_READ_H

#include <stddef.h>
#include <stdint.h>

#include "db.h"
#include "game.h"

struct arena;
struct record;
struct record_move;
struct store_game;

/*
 * A state or view buffer aligned for any engine struct (both halves of
 * the module keep theirs on the stack).
 */
union store_game_buf {
	max_align_t	 align;
	unsigned char	 b[GAME_STATE_MAX];
};

/*
 * Load game id into g (g->state and the decks in a).  Rebuilds the
 * state from the log when the stored layout or size differs from the
 * rules compiled in (g->rebuilt = 1; nothing is written).  DB_NOTFOUND
 * when there is no such game; DB_ERROR (logged) for an unknown game
 * slug or a log that does not replay.
 */
enum db_rc	store_game_load(struct db *db, struct arena *a, int64_t id,
		    struct store_game *g);

/*
 * As store_game_load, with the rules given instead of found by slug
 * (tests and tools with rules outside the registry); the stored slug
 * must equal rules->slug.
 */
enum db_rc	store_game_load_rules(struct db *db, struct arena *a,
		    int64_t id, const struct game_rules *rules,
		    struct store_game *g);

/*
 * The stored ply of game id into *ply: one indexed read, for a caller
 * that loaded the game before its write transaction and checks inside
 * it that no move came in between.  DB_NOTFOUND when there is no such
 * game.
 */
enum db_rc	store_game_ply(struct db *db, int64_t id, int *ply);

/* The move log of game id, in ply order, into *moves (arena). */
enum db_rc	store_game_moves(struct db *db, struct arena *a, int64_t id,
		    struct record_move **moves, int *nmoves);

/*
 * g as a record (rules, options, seats, dealer, seed or decks, and the
 * move log read into a).  The seed is included whatever the state:
 * whoever prints it decides whether it may be shown (over).
 */
enum db_rc	store_game_record(struct db *db, struct arena *a,
		    const struct store_game *g, struct record *rec);

/*
 * g's set-up as a record without moves (rec->decks and rec->decklen
 * point into g).  store_game_record() adds the log; store_game.c deals a
 * decks-mode game's next deck from it.
 */
void		store_game_setup_record(const struct store_game *g,
		    struct record *rec);

#endif /* TOPPER_STORE_GAME_READ_H */
