/*
 * search.h: the strong bot of every game (perfect-information Monte
 * Carlo over determinizations).
 *
 * From one seat's view only, never the state: each round the game's
 * determinize() samples a full state consistent with the view (the
 * unseen cards dealt at random, cards public play put in a hand kept
 * there), every candidate move is applied to that same sample and
 * played out by a fast default policy (the easy bot, or random legal
 * moves) to the end of the hand or a move cap.  The easy bot's own
 * choice stands unless another move beat it on the same samples by
 * SEARCH_T standard errors over at least SEARCH_ROUNDS_MIN samples
 * (the best such move is chosen).  A budget under SEARCH_ROUNDS_MIN
 * playouts a candidate compares the easy move with a random few others
 * only.  A result is the seat's score change in
 * the playout less the mean of the other seats' (times the game's
 * score_sign), plus or minus SEARCH_WIN_BONUS when the game ends.
 *
 * Randomness comes only from the caller's 32 bytes of noise, so a
 * search replays; the budget is a number of playouts, and the caller
 * may stop it sooner through budget.stop (the engine reads no clock:
 * the caller's callback checks its own deadline).  Nothing here
 * allocates or does I/O; the buffers live on the stack (about 1 MB at
 * GAME_LEGAL_MAX moves, so call it from a thread with a normal stack).
 */
#ifndef TOPPER_SEARCH_H
#define TOPPER_SEARCH_H

#include <stdint.h>

#include "game.h"

enum {
	SEARCH_PLAYOUTS_DEFAULT = 1000,	/* the lobby's budget for one move */
	SEARCH_DEPTH_DEFAULT = 400,	/* moves in one playout before it is scored */
	SEARCH_CANDIDATES_MAX = 48,	/* moves searched; the rest are sampled out */
	SEARCH_WIN_BONUS = 100,		/* a playout that ends the game */
	/*
	 * Samples a move is judged on before it may replace the easy one:
	 * a paired t on two has one degree of freedom, and where results
	 * come in steps (Six Suit's first fall: 3 points either way) two
	 * equal differences have no spread at all, which read as an
	 * infinite t.
	 */
	SEARCH_ROUNDS_MIN = 4
};

/* Standard errors by which a move must beat the easy bot's to replace it. */
#define SEARCH_T 2.0

enum search_policy {
	SEARCH_POLICY_EASY,		/* every seat plays the easy bot (bot_choose) */
	SEARCH_POLICY_RANDOM		/* every seat plays a random legal move */
};

struct search_budget {
	int		 playouts;	/* in all, for this move; <= 0: the default */
	int		 depth;		/* <= 0: SEARCH_DEPTH_DEFAULT */
	enum search_policy policy;
	/*
	 * Polled after every playout and every 32 moves within one;
	 * nonzero: choose with the rounds done (one cut short counts for
	 * nothing).
	 */
	int		(*stop)(void *arg);
	void		*arg;
};

/* What one search did, for benchmarks and logs. */
struct search_stats {
	int		 candidates;	/* moves compared (1: nothing to search) */
	int		 rounds;	/* determinizations */
	int		 playouts;
	long		 moves;		/* moves applied in all playouts */
};

/*
 * Choose seat's move from view (rules->view(state, seat)) with the
 * strong bot.  Falls back to the easy bot (bot_choose) for a game
 * without determinize.  GAME_OK with *out set, or GAME_REFUSED when
 * the seat has no legal move.  stats may be NULL.
 */
enum game_rc	search_choose(const struct game_rules *rules,
		    const void *view, int seat, const uint8_t noise[32],
		    const struct search_budget *budget, struct game_move *out,
		    struct search_stats *stats);

/* 32 bytes of noise drawn from r (8 words, little-endian). */
struct rng;
void		search_noise(struct rng *r, uint8_t out[32]);

#endif /* TOPPER_SEARCH_H */
