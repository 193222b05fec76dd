/* sim_league.c: the strong bot's league tally (sim_league.h). */
#include "sim_league.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "search.h"

int
sim_league_parse(struct sim_league *l, const char *arg)
{
	if (strcmp(arg, "strong:easy") != 0)
		return -1;
	l->on = 1;
	return 0;
}

static double
now(void)
{
	struct timespec	 t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* The search's stop callback: past the move's deadline? */
static int
past(void *arg)
{
	return now() >= *(const double *)arg;
}

enum game_rc
sim_league_choose(struct sim_league *l, const struct game_rules *rules,
    const void *view, int seat, const uint8_t noise[32],
    struct game_move *out)
{
	struct search_budget	 b;
	struct search_stats	 st;
	enum game_rc		 rc;
	double			 t0, dt, *p, end;

	memset(&b, 0, sizeof(b));
	b.playouts = l->playouts;
	b.policy = l->random ? SEARCH_POLICY_RANDOM : SEARCH_POLICY_EASY;
	t0 = now();
	if (l->deadline_ms > 0) {
		end = t0 + l->deadline_ms / 1000.0;
		b.stop = past;
		b.arg = &end;
	}
	rc = search_choose(rules, view, seat, noise, &b, out, &st);
	dt = now() - t0;
	if (st.candidates > 1) {
		l->playouts_done += st.playouts;
		l->think += dt;
		if (l->nsecs == l->capsecs) {
			l->capsecs = l->capsecs ? 2 * l->capsecs : 1024;
			if ((p = realloc(l->secs, l->capsecs *
			    sizeof(*p))) == NULL) {
				l->oom = 1;
				return rc;
			}
			l->secs = p;
		}
		l->secs[l->nsecs++] = dt;
	}
	return rc;
}

void
sim_league_game(struct sim_league *l, uint32_t winners, int strong)
{
	int	 k = 0, i;

	for (i = 0; i < 32; i++)
		k += (winners >> i) & 1;
	l->games++;
	if (k > 0 && (winners & (1u << strong)))
		l->wins += 1.0 / k;
}

void
sim_league_wilson(double wins, int n, double *lo, double *hi)
{
	const double	 z = 1.96;
	double		 p, c, d;

	*lo = *hi = 0;
	if (n <= 0)
		return;
	p = wins / n;
	d = 1 + z * z / n;
	c = (p + z * z / (2.0 * n)) / d;
	d = z * sqrt(p * (1 - p) / n + z * z / (4.0 * n * n)) / d;
	*lo = c - d < 0 ? 0 : c - d;
	*hi = c + d > 1 ? 1 : c + d;
}

static int
cmp_double(const void *a, const void *b)
{
	double	 x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

void
sim_league_report(const struct sim_league *l, const char *slug, int nseats)
{
	double	 lo, hi, p50 = 0, p99 = 0;

	if (l->nsecs > 0) {
		qsort(l->secs, l->nsecs, sizeof(*l->secs), cmp_double);
		p50 = l->secs[(l->nsecs - 1) / 2];
		p99 = l->secs[(size_t)((double)(l->nsecs - 1) * 0.99)];
	}
	printf("strong moves %zu playouts %d p50 %.1f ms p99 %.1f ms "
	    "playouts/s %.0f\n", l->nsecs, l->playouts > 0 ? l->playouts :
	    SEARCH_PLAYOUTS_DEFAULT, 1000 * p50, 1000 * p99,
	    l->think > 0 ? l->playouts_done / l->think : 0);
	sim_league_wilson(l->wins, l->games, &lo, &hi);
	printf("league %s strong:easy games %d seats %d win %.3f low %.3f "
	    "high %.3f\n", slug, l->games, nseats,
	    l->games ? l->wins / l->games : 0, lo, hi);
}

void
sim_league_free(struct sim_league *l)
{
	free(l->secs);
	l->secs = NULL;
	l->nsecs = l->capsecs = 0;
}
