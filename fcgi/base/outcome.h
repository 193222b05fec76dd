/*
 * outcome.h: how a game ended when the table, not the rules, ended it
 * (prefix outcome_): a resignation or an abort (README "Leaving a
 * game").
 *
 * The engine knows nothing of these: its state stays where the table
 * left it.  Whoever reads a game's status (pages, mail, ratings,
 * "topper play" over a record) takes the rules' status and lays the
 * outcome over it here.  Pure: no I/O, no clock, no allocation.
 */
#ifndef TOPPER_OUTCOME_H
#define TOPPER_OUTCOME_H

#include <stdint.h>

#include "game.h"

enum outcome_end {
	OUTCOME_RULES = 0,	/* running, or ended by its rules */
	OUTCOME_RESIGN,		/* two seats: seat resigned, the other won */
	OUTCOME_ABORT		/* stopped before everyone moved: no result */
};

struct outcome {
	enum outcome_end end;
	int		 seat;		/* who resigned or aborted, or -1 */
	int		 ply;		/* the ply it ended at */
	uint32_t	 resigned;	/* seats whose player resigned (a bot
					   plays them on with three or more) */
};

/* "resign", "abort", or NULL for OUTCOME_RULES. */
const char	*outcome_name(enum outcome_end e);

/* The end named s ("resign", "abort"), or -1. */
int		 outcome_parse(const char *s);

/*
 * Lay o over gs (the rules' status of the game's current state).  An
 * abort: over, nobody to act, no winner.  A resignation at two seats:
 * over, the other seat won.  A game over by its rules: the seats in
 * o->resigned never win; when they were the only winners, the best
 * placed of the others win instead.
 */
void		 outcome_status(const struct outcome *o, struct game_status *gs);

/*
 * Places and teams for the ratings (rating_places() of rating.h) of a
 * finished game whose status went through outcome_status(): the seats
 * in o->resigned share the last place, each on a team of its own.
 */
void		 outcome_places(const struct outcome *o,
		    const struct game_status *gs, int *place, int *team);

#endif /* TOPPER_OUTCOME_H */
