/* bench_search.c: the strong bot's playouts a second (bench_search.h). */
#include "bench_search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bot.h"
#include "game.h"
#include "rng.h"
#include "search.h"

enum { BENCH_SEARCH_PLAYOUTS = 200 };

static double
cpu_now(void)
{
	struct timespec	 t;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* One game's figure at nseats; 0 or 1. */
static int
rate(const struct game_rules *r, int nseats, double secs, void *st,
    void *nx, void *vw)
{
	struct game_setup	 su;
	struct game_status	 gs;
	struct game_events	 ev;
	struct search_budget	 b;
	struct search_stats	 ss;
	struct game_move	 mv;
	struct rng		 nr;
	uint8_t			 seed[32], nz[32];
	char			 why[GAME_WHY_MAX];
	double			 spent = 0, t0;
	long			 playouts = 0, moves = 0;
	int			 game = 0, seat, ply = 0;

	memset(&b, 0, sizeof(b));
	b.playouts = BENCH_SEARCH_PLAYOUTS;
	memset(seed, 0, sizeof(seed));
	rng_init(&nr, seed);
	gs.over = 1;
	while (spent < secs) {
		if (gs.over) {
			seed[0] = (uint8_t)game++;
			memset(&su, 0, sizeof(su));
			su.nseats = nseats;
			su.seed = seed;
			su.dealer = -1;
			if (r->setup(st, &su, why) != GAME_OK) {
				fprintf(stderr, "topper bench-engine: %s: %s\n",
				    r->slug, why);
				return 1;
			}
			ply = 0;
		}
		r->status(st, &gs);
		if (gs.over)
			continue;
		seat = game_first_seat(gs.to_act);
		r->view(st, seat, vw);
		search_noise(&nr, nz);
		/* Every third move is searched; the others are the easy bot's. */
		if (ply++ % 3 == 0) {
			t0 = cpu_now();
			if (search_choose(r, vw, seat, nz, &b, &mv, &ss) !=
			    GAME_OK)
				return 1;
			spent += cpu_now() - t0;
			playouts += ss.playouts;
			moves += ss.candidates > 1;
		} else if (bot_choose(r, vw, seat, nz, &mv) != GAME_OK)
			return 1;
		if (r->apply(st, nx, seat, &mv, &ev, why) != GAME_OK) {
			fprintf(stderr, "topper bench-engine: %s: %s\n",
			    r->slug, why);
			return 1;
		}
		memcpy(st, nx, r->state_size);
		r->status(st, &gs);
	}
	printf("bench-engine: %s strong bot, %d seats: %.0f playouts/s "
	    "(target 10000; %ld moves searched)\n", r->slug, nseats,
	    spent > 0 ? playouts / spent : 0, moves);
	fflush(stdout);
	return 0;
}

int
bench_search_rates(double secs)
{
	const struct game_rules *const	*all = game_all();
	void				*st, *nx, *vw;
	int				 i, rc = 0;

	st = calloc(1, GAME_STATE_MAX);
	nx = calloc(1, GAME_STATE_MAX);
	vw = calloc(1, GAME_STATE_MAX);
	if (st == NULL || nx == NULL || vw == NULL) {
		fprintf(stderr, "topper bench-engine: out of memory\n");
		rc = 1;
	}
	for (i = 0; rc == 0 && all[i] != NULL; i++) {
		if (all[i]->determinize == NULL)
			continue;
		rc = rate(all[i], 2, secs, st, nx, vw);
		if (rc == 0 && all[i]->seats_max >= 4)
			rc = rate(all[i], 4, secs, st, nx, vw);
	}
	free(st);
	free(nx);
	free(vw);
	return rc;
}
