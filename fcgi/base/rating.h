/*
 * rating.h: player ratings per game, computed from final rankings.
 *
 * Pure arithmetic: no I/O, no clock, no allocation (store_rating.c
 * reads and writes the rows).  Every rating is on one scale, Glicko's:
 * a new player is 1500 with a deviation of 350.
 *
 *	two seats	Glicko-2 (Glickman, "Example of the Glicko-2
 *			system", 2013), one game per rating period: r, RD
 *			and the volatility all move.
 *	3 to 12 seats,	Weng-Lin (Weng & Lin, "A Bayesian approximation
 *	or teams	method for online ranking", JMLR 2011), the
 *			Plackett-Luce model (their Algorithm 4, the one
 *			OpenSkill uses by default), with mu = r and
 *			sigma = RD.  Its constants are OpenSkill's scaled
 *			to this sigma: beta = sigma0 / 2, tau = sigma0 / 100,
 *			kappa = 0.0001.  The volatility is left alone.
 *
 * A ranking is a place per seat: 1 is first, equal places are a tie
 * ("1, 1, 3": two share first).  rating_places() derives them from an
 * engine's final status without naming a game.
 */
#ifndef TOPPER_RATING_H
#define TOPPER_RATING_H

#include "game.h"

/* A new player's rating, and the constants of both methods. */
#define RATING_START		1500.0
#define RATING_START_RD		350.0
#define RATING_START_VOL	0.06
#define RATING_TAU		0.5	/* Glicko-2 system constant */
#define RATING_WL_BETA		(RATING_START_RD / 2.0)
#define RATING_WL_TAU		(RATING_START_RD / 100.0)
#define RATING_WL_KAPPA		0.0001
#define RATING_RD_MIN		30.0	/* the deviation never goes below */

struct rating {
	double	 r;	/* rating (Glicko scale; Weng-Lin's mu) */
	double	 rd;	/* deviation (Weng-Lin's sigma) */
	double	 vol;	/* Glicko-2 volatility */
};

/* A new player: RATING_START, RATING_START_RD, RATING_START_VOL. */
void	rating_new(struct rating *out);

/*
 * Glicko-2: self played n games in one rating period against opp[i]
 * with score[i] (1 win, 0.5 draw, 0 loss), system constant tau.  n = 0
 * only widens RD by the volatility.  Writes *out (may be self).
 */
void	rating_glicko2(const struct rating *self, const struct rating *opp,
	    const double *score, int n, double tau, struct rating *out);

/*
 * Weng-Lin Plackett-Luce over n players (n <= GAME_SEATS_MAX): player i
 * is on team team[i] (0..n-1; a player alone has a team of its own),
 * and place[i] is its team's place (equal within a team).  tau_add is
 * added to every sigma first (the dynamics; 0 for none).  Writes
 * out[0..n-1] (may be in).  Returns 0, or -1 when fewer than two
 * teams or an argument is out of range (out untouched).
 */
int	rating_wl(const struct rating *in, const int *team, const int *place,
	    int n, double beta, double kappa, double tau_add,
	    struct rating *out);

/*
 * One finished game: the method is Glicko-2 with tau RATING_TAU for two
 * seats without teams, else Weng-Lin with the constants above.  RD is
 * kept at or above RATING_RD_MIN.  Returns 0 or -1 as rating_wl().
 */
int	rating_game(const struct rating *in, const int *team, const int *place,
	    int n, struct rating *out);

/*
 * One account at several seats (the lobby's bot fills every seat it is
 * given): after rating_game() over the seats, give every seat of an
 * account who[] the same result, its rating before (all its seats'
 * in[] are equal) moved by the mean of its seats' changes, and the
 * mean of their deviations.  Seats of distinct accounts are untouched.
 */
void	rating_merge(const struct rating *in, const long long *who, int n,
	    struct rating *out);

/*
 * Places and teams from a finished game's status: the winners share
 * first place; the others follow by score, in the direction the
 * winners show (if the winners scored less, lower is better), equal
 * scores sharing a place.  With teams (gs->nteams > 0) a team is
 * ranked by its team score and its seats share its place; team[s] is
 * gs->team[s], else s.  Fills place[] and team[] for gs->nseats seats.
 */
void	rating_places(const struct game_status *gs, int *place, int *team);

#endif /* TOPPER_RATING_H */
