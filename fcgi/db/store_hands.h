/*
 * store_hands.h: the hands a game ended, for its score sheet (prefix
 * store_hands_).
 *
 * The engine reports each hand that ends (apply()'s events); the
 * store keeps them in the hands table as the move that ended it was
 * saved.  A score sheet reads them back here, one indexed query, with
 * no replay.
 */
#ifndef TOPPER_STORE_HANDS_H
#define TOPPER_STORE_HANDS_H

#include <stdint.h>

#include "db.h"
#include "game.h"

struct arena;

enum {
	STORE_HANDS_MAX = 200	/* hands a sheet reads at most */
};

struct store_hand {
	int		 hand;		/* from 1 */
	int		 ply;		/* the move that ended it */
	char		 kind[16];	/* the engine's word: "gin", "knock" */
	int32_t		 delta[GAME_SEATS_MAX];	/* score change per seat */
};

/*
 * Game id's ended hands, in the order they ended, at most
 * STORE_HANDS_MAX, into *out (arena a), their number in *n.  A delta
 * the row does not hold (fewer seats than nseats) reads 0.
 */
enum db_rc	store_hands_list(struct db *db, struct arena *a, int64_t id,
		    int nseats, struct store_hand **out, int *n);

/*
 * The score changes of a stored "deltas" text ("[10,-3,0]") into
 * delta[0..nseats), 0 past its end.  Returns the number read.
 */
int		store_hands_deltas(const char *text, int nseats,
		    int32_t *delta);

#endif /* TOPPER_STORE_HANDS_H */
