/*
 * search.h: the strong bot of every game (perfect-information Monte
 * Carlo over determinizations).
 *
 * From one seat's view only, never the state: each round the game's
 * determinize() samples a full state consistent with the view (the
 * unseen cards dealt at random, cards public play put in a hand kept
 * there), every candidate move is applied to that same sample and
 * played out by a fast default policy (the easy bot, or random legal
 * moves) to the end of the hand or a move cap.  The search starts
 * from the base move: the game's own rule for the strong bot where it
 * has one (bot.h bot_base_choose: Vodkapolis 500's careful discard,
 * Six Suit's push),
 * else the easy bot's choice.  Half the budget
 * screens the candidates on the same samples, as many as that half
 * pays for and SEARCH_ROUNDS_MIN at least (with a small budget, the
 * base move and a random few others only: at most
 * playouts / (2 x SEARCH_ROUNDS_MIN) moves); the screen's best, if it
 * gained at all, then plays the base move on fresh samples with the
 * rest.  The base move stands unless the best beat it on
 * those fresh samples by Student's critical t at SEARCH_ALPHA (or the
 * game's own, game.h search_alpha) for their count (at least SEARCH_ROUNDS_MIN), its spread floored by the
 * spread all candidates showed on the screen; so a move is replaced
 * from 4 x SEARCH_ROUNDS_MIN playouts on.  A
 * result is the seat's score change in the playout less the mean of
 * the other seats' (times the game's score_sign), plus or minus
 * SEARCH_WIN_BONUS when the game ends.  A game may set the length of
 * its playouts and value the position where one stops at that cap
 * with no hand ended (game.h search_depth and search_eval: Casino
 * Macedonia, by the cards won so far).
 *
 * A game may weigh its decisions (game.h search_share): the budget a
 * decision gets is the caller's times its share, and a share of 0
 * leaves the base move unsearched (Vodkapolis 500 gives the draw or
 * take a turn's budget, three times a meld's or a discard's).
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
	 * Samples a move is judged on before it may replace the base one:
	 * a paired t on two has one degree of freedom, and where results
	 * come in steps (Six Suit's first fall: 3 points either way) two
	 * equal differences have no spread at all, which read as an
	 * infinite t.
	 */
	SEARCH_ROUNDS_MIN = 4
};

/*
 * The chance that the screen's best replaces the base move when its
 * true gain is nil (the fresh samples' one-sided test), for a game
 * that sets none of its own (game.h search_alpha).
 */
#define SEARCH_ALPHA 0.05

enum search_policy {
	SEARCH_POLICY_EASY,		/* every seat plays the easy bot (bot_choose) */
	SEARCH_POLICY_RANDOM		/* every seat plays a random legal move */
};

/* What the search saw when it chose (search_budget.trace). */
struct search_trace {
	const struct game_move	*easy;		/* the base move */
	const struct game_move	*chosen;	/* the move returned */
	int			 candidates;
	int			 rounds;	/* samples the choice was judged on */
	double			 mean;		/* chosen less base, per sample */
	double			 t;		/* its t (0 when the base move stands) */
};

struct search_budget {
	int		 playouts;	/* for a move (times its share); <= 0: the default */
	int		 depth;		/* <= 0: SEARCH_DEPTH_DEFAULT */
	enum search_policy policy;
	/*
	 * Polled after every playout and every 32 moves within one;
	 * nonzero: choose with the rounds done (one cut short counts for
	 * nothing).
	 */
	int		(*stop)(void *arg);
	void		*arg;
	/*
	 * For tests and tuning only (NULL in play): called once a move is
	 * chosen, with what the search saw; the engine prints nothing.
	 */
	void		(*trace)(void *arg, const struct search_trace *t);
	void		*trace_arg;
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
 * strong bot.  Falls back to the base move for a game without
 * determinize.  GAME_OK with *out set, or GAME_REFUSED when
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
