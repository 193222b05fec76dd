/*
 * store_game.h: typed access to games, seats, moves and hands.
 *
 * A game's state is stored as the engine's own fixed-size struct in a
 * BLOB, behind an 8-byte header (layout version and state size, both
 * little-endian uint32), so a page never parses JSON (DESIGN.md
 * "Speed").  The move log is the truth: when the header does not match
 * the rules compiled in, store_game_load() rebuilds the state by
 * replaying the seed (or decks) and the log with record_replay().
 *
 * Writers run inside the caller's BEGIN IMMEDIATE (db_begin_immediate)
 * and never commit or roll back themselves; on any error the caller
 * rolls back, so a refused or failed move writes nothing.  Results that
 * need memory (state, decks, move log) live in the caller's arena.
 */
#ifndef TOPPER_STORE_GAME_H
#define TOPPER_STORE_GAME_H

#include <stdint.h>

#include "card.h"
#include "db.h"
#include "outcome.h"
#include "game.h"
#include "record.h"
#include "store_game_read.h"	/* load, ply, moves, record */

struct arena;

enum {
	STORE_GAME_HEADER = 8		/* bytes before the state in games.state */
};

/*
 * What a new game is made from.  options: "key=value ...", NULL or ""
 * for the defaults.  dealer: the first dealer, or -1 to draw it from
 * the seed.  seed: 32 bytes, or NULL for a fresh one from the operating
 * system; ignored when ndecks > 0, which plays the given decks (every
 * hand's cards one after another, decklen[] long each) without a seed.
 * users: one per seat, 0 for an open seat.
 */
struct store_game_new {
	const struct game_rules	*rules;
	const char		*options;
	int			 nseats;
	int			 dealer;
	const uint8_t		*seed;
	int			 ndecks;
	const card_t		*decks;
	const int		*decklen;
	int64_t			 users[GAME_SEATS_MAX];
	int64_t			 created_by;	/* user id, or 0 */
};

/*
 * A loaded game.  The seed is loaded too: it is secret until the game
 * is over, so never show it before.  commitment is "" in decks mode.
 * view_ply[s] is the last ply that changed seat s's view.  decks,
 * decklen and state live in the arena passed to store_game_load().
 */
struct store_game {
	int64_t			 id;
	const struct game_rules	*rules;
	char			 options[RECORD_OPTIONS_MAX];
	int			 nseats;
	int			 dealer;	/* as created: -1 when drawn */
	int			 ply;		/* moves in the log */
	int			 over;
	uint32_t		 to_act;	/* seats that must act now (status to_act
					   less its optional seats) */
	int			 has_seed;
	uint8_t			 seed[32];
	char			 commitment[65];	/* hex SHA-256 of seed */
	int			 ndecks;	/* decks mode when > 0 */
	card_t			*decks;
	int			*decklen;
	int64_t			 user[GAME_SEATS_MAX];	/* 0: open seat */
	int			 is_bot[GAME_SEATS_MAX];
	int			 view_ply[GAME_SEATS_MAX];
	/* Each seat's clock as stored (deadline.h reads it); 0: none. */
	int64_t			 deadline[GAME_SEATS_MAX];
	int64_t			 turn_start[GAME_SEATS_MAX];
	int64_t			 vacation_from[GAME_SEATS_MAX];	/* its player's */
	void			*state;		/* rules->state_size bytes */
	int			 rebuilt;	/* state replayed from the log */
	int64_t			 created, updated;
	int64_t			 finished;	/* 0 while it runs */
	/* How the table ended it, and who resigned (outcome.h). */
	struct outcome		 outcome;
	int			 resigned_ply[GAME_SEATS_MAX];	/* -1: none */
};

/*
 * Create a game: set it up from the seed (or deal the first deck),
 * commit to the seed (hex SHA-256), and insert the game and its seats
 * (is_bot copied from each user).  *id receives the new id.
 * DB_REFUSED with why[] when the rules refuse the options, the seat
 * count or a deck; DB_CONSTRAINT when a user does not exist.
 */
enum db_rc	store_game_create(struct db *db, const struct store_game_new *n,
		    int64_t *id, char why[GAME_WHY_MAX]);

/*
 * Record that seat made move text, reaching state next (from
 * rules->apply on g->state).  In decks mode the next deck is dealt into
 * next first.  Appends the move at ply g->ply + 1, stores the snapshot,
 * sets view_ply = the new ply for every seat whose view changed, stores
 * the hand events, marks due bot seats and finishes the game when it is
 * over; then updates g to match.  DB_CONSTRAINT when that ply already
 * exists (g was stale); DB_REFUSED with why[] when a deck is refused.
 * The move path (play.h play_move()) calls it after the engine's apply
 * and before queuing the move's mails.
 */
enum db_rc	store_game_advance(struct db *db, struct store_game *g,
		    int seat, const char *text, void *next,
		    const struct game_events *ev, char why[GAME_WHY_MAX]);

/*
 * Rewrite every snapshot whose layout differs from its rules' (after an
 * upgrade), in the caller's transaction.  Returns the number rewritten
 * in *n.  A game whose log no longer replays is left alone and logged.
 */
enum db_rc	store_game_refresh(struct db *db, struct arena *a, int *n);

/*
 * The status of g now: the rules' status of g->state with the table's
 * outcome laid over it (outcome_status()).  Every reader of a stored
 * game's winners goes through this, not rules->status alone.
 */
void		store_game_status(const struct store_game *g,
		    struct game_status *gs);

/* The seat user holds in g, or -1 (a user holds at most one seat). */
int		store_game_seat_of(const struct store_game *g, int64_t user);

/* 1 when a seat of g still waits for a player (or an answer). */
int		store_game_has_open_seat(const struct store_game *g);

/* Hex SHA-256 of the 32 seed bytes (the commitment). */
void		store_game_commitment(const uint8_t seed[32], char out[65]);

#endif /* TOPPER_STORE_GAME_H */
