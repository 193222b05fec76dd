/*
 * sim_league.h: "topper sim --league strong:easy": the strong bot at
 * one seat (rotated game by game), the easy bot at the others, the
 * strong bot's share of wins with its 95% interval, and how long its
 * moves took.  sim_game.c plays the games; this keeps the tally.
 */
#ifndef TOPPER_SIM_LEAGUE_H
#define TOPPER_SIM_LEAGUE_H

#include <stddef.h>
#include <stdint.h>

#include "game.h"

struct sim_league {
	int		 on;		/* --league given */
	int		 playouts;	/* --playouts: a strong move's budget */
	int		 random;	/* --policy random: random playouts */
	int		 deadline_ms;	/* --deadline-ms: also stop a move's search then */
	int		 games;		/* games finished */
	double		 wins;		/* a shared win counts 1/winners */
	double		*secs;		/* each strong move's time */
	size_t		 nsecs, capsecs;
	long		 playouts_done;	/* in all strong moves */
	double		 think;		/* seconds in all strong moves */
	int		 oom;
};

/* --league: only "strong:easy" for now.  0, or -1. */
int	sim_league_parse(struct sim_league *l, const char *arg);

/* The strong bot's move for seat from its view, timed. */
enum game_rc sim_league_choose(struct sim_league *l,
	    const struct game_rules *rules, const void *view, int seat,
	    const uint8_t noise[32], struct game_move *out);

/* A game ended with winners; the strong bot sat at strong. */
void	sim_league_game(struct sim_league *l, uint32_t winners, int strong);

/*
 * Print the figures, the last line exactly "league SLUG strong:easy
 * games N seats S win RATE low LOW high HIGH" (Wilson 95%).
 */
void	sim_league_report(const struct sim_league *l, const char *slug,
	    int nseats);

/*
 * The Wilson score interval (95%, z = 1.96) of wins out of n: *lo and
 * *hi in [0, 1]; both 0 when n is 0.
 */
void	sim_league_wilson(double wins, int n, double *lo, double *hi);

void	sim_league_free(struct sim_league *l);

#endif /* TOPPER_SIM_LEAGUE_H */
