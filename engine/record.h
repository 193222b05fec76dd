/*
 * record.h: a whole game as data, and its replay (DESIGN.md "Game
 * records and topper play").
 *
 * struct record is the parsed form of a record's JSON (engine/codec.h
 * reads and writes the JSON).  The arrays it points to belong to the
 * caller.  record_replay() sets the game up and applies the moves one
 * by one, exactly as the server does, supplying decks when the record
 * gives them.  Nothing here allocates or does I/O.
 */
#ifndef TOPPER_RECORD_H
#define TOPPER_RECORD_H

#include <stdint.h>

#include "card.h"
#include "game.h"

enum {
	RECORD_OPTIONS_MAX = 256,	/* "key=value ..." with NUL */
	RECORD_NOTATION = 1		/* version of the move text */
};

struct record_move {
	int		 seat;
	char		 text[GAME_MOVE_TEXT_MAX];
};

struct record {
	const struct game_rules	*rules;
	char			 options[RECORD_OPTIONS_MAX];
	int			 nseats;
	int			 dealer;	/* -1: drawn from the seed */
	int			 has_seed;
	uint8_t			 seed[32];
	int			 ndecks;	/* hands with given decks */
	const card_t		*decks;		/* all decks, one after another */
	const int		*decklen;	/* ndecks lengths */
	int			 nmoves;
	const struct record_move *moves;
};

/* What a replay reached. */
struct record_result {
	int		 ply;		/* moves applied */
	int		 failed_move;	/* 1-based move that failed, or 0 */
	enum game_rc	 rc;		/* GAME_OK, or why it stopped */
	char		 why[GAME_WHY_MAX];
};

/* Called for every hand that ends, with the ply that ended it. */
typedef void	(*record_event_fn)(void *ctx, int ply, const struct game_event *ev);

/*
 * Replay rec into state (rules->state_size bytes); scratch is a second
 * buffer of the same size.  Applies at most upto moves (-1: all).
 * Returns 0 when every move applied, 1 when a move was refused or
 * unreadable (res says which and why; state holds the position before
 * it), 2 when the set-up or a deck was refused (res->why).
 */
int	record_replay(const struct record *rec, int upto, void *state,
	    void *scratch, record_event_fn on_event, void *ctx,
	    struct record_result *res);

/*
 * Bring state up to date after a move or a set-up: while the game
 * waits for a deck and rec has one for that hand, deal it.  Used by
 * record_replay() and by callers that apply moves themselves.  Returns
 * 0, or 2 with why[] when a deck is refused.
 */
int	record_feed_decks(const struct record *rec, void *state, void *scratch,
	    char why[GAME_WHY_MAX]);

#endif /* TOPPER_RECORD_H */
