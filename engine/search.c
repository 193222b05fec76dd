/*
 * search.c: the strong bot, flat Monte Carlo over determinizations
 * (search.h).  Each round samples one full state from the view and
 * plays every candidate out on it with the same playout stream, so the
 * candidates are compared on the same deals (common random numbers).
 */
#include "search.h"

#include <limits.h>
#include <math.h>
#include <string.h>

#include "bot.h"
#include "rng.h"

/* The buffers of one search, kept together so they are made once. */
struct search_ctx {
	const struct game_rules	*r;
	int			 seat;
	int			 depth;
	enum search_policy	 policy;
	int			 sign;
	long			 moves;
	const struct search_budget *budget;	/* its stop, polled in playouts */
	_Alignas(16) uint8_t	 det[GAME_STATE_MAX];	/* this round's sample */
	_Alignas(16) uint8_t	 a[GAME_STATE_MAX];	/* playout, current */
	_Alignas(16) uint8_t	 b[GAME_STATE_MAX];	/* playout, next */
	_Alignas(16) uint8_t	 v[GAME_STATE_MAX];	/* a seat's view in a playout */
	struct game_move	 list[GAME_LEGAL_MAX];
};

void
search_noise(struct rng *r, uint8_t out[32])
{
	uint32_t	 w;
	int		 i;

	for (i = 0; i < 8; i++) {
		w = rng_next(r);
		out[4 * i] = (uint8_t)w;
		out[4 * i + 1] = (uint8_t)(w >> 8);
		out[4 * i + 2] = (uint8_t)(w >> 16);
		out[4 * i + 3] = (uint8_t)(w >> 24);
	}
}

/* The k-th set bit of mask (k from 0), or -1. */
static int
nth_seat(uint32_t mask, int k)
{
	int	 i;

	for (i = 0; i < 32; i++)
		if ((mask & (1u << i)) && k-- == 0)
			return i;
	return -1;
}

/* The default policy's move for actor in state st. */
static int
policy_move(struct search_ctx *c, const void *st, int actor, struct rng *pr,
    struct game_move *out)
{
	uint8_t	 nz[32];
	int	 n;

	if (c->policy == SEARCH_POLICY_EASY) {
		search_noise(pr, nz);
		c->r->view(st, actor, c->v);
		return bot_choose(c->r, c->v, actor, nz, out) == GAME_OK ? 0 :
		    -1;
	}
	n = c->r->legal(st, actor, c->list, GAME_LEGAL_MAX);
	if (n <= 0)
		return -1;
	if (n > GAME_LEGAL_MAX)
		n = GAME_LEGAL_MAX;
	*out = c->list[rng_uniform(pr, (uint32_t)n)];
	return 0;
}

/*
 * The seat's result of playing mv on c->det and then the default
 * policy from the stream pr until a hand ends, the game ends or the
 * move cap (the game's search_depth, if it has one).  Returns 0 with
 * *res, -1 when the sample refuses mv, or -2 when the caller's stop
 * said so on the way.
 */
static int
playout(struct search_ctx *c, const struct game_move *mv,
    const struct game_status *g0, struct rng *pr, double *res)
{
	struct game_events	 ev;
	struct game_status	 gs;
	struct game_move	 m;
	char			 why[GAME_WHY_MAX];
	uint8_t			*cur = c->a, *nxt = c->b, *t;
	double			 mine, others = 0;
	int			 moves = 0, actor, i;

	if (c->r->apply(c->det, cur, c->seat, mv, &ev, why) != GAME_OK)
		return -1;
	while (ev.n == 0 && moves < c->depth) {
		/* A long playout must not run past the caller's deadline. */
		if ((moves & 31) == 31 && c->budget->stop != NULL &&
		    c->budget->stop(c->budget->arg))
			return -2;
		c->r->status(cur, &gs);
		if (gs.over || gs.needs_deck || gs.to_act == 0)
			break;
		actor = nth_seat(gs.to_act, game_seat_count(gs.to_act) > 1 ?
		    (int)rng_uniform(pr, (uint32_t)game_seat_count(gs.to_act)) :
		    0);
		if (policy_move(c, cur, actor, pr, &m) != 0 ||
		    c->r->apply(cur, nxt, actor, &m, &ev, why) != GAME_OK)
			break;
		t = cur;
		cur = nxt;
		nxt = t;
		moves++;
	}
	c->moves += moves + 1;
	c->r->status(cur, &gs);
	mine = gs.scores[c->seat] - g0->scores[c->seat];
	for (i = 0; i < gs.nseats; i++)
		if (i != c->seat)
			others += gs.scores[i] - g0->scores[i];
	if (gs.nseats > 1)
		others /= gs.nseats - 1;
	*res = c->sign * (mine - others);
	/* Stopped by the move cap: the game may value what is left open. */
	if (ev.n == 0 && !gs.over && c->r->search_eval != NULL)
		*res += c->r->search_eval(cur, c->seat);
	if (gs.over)
		*res += gs.winners & (1u << c->seat) ? SEARCH_WIN_BONUS :
		    -SEARCH_WIN_BONUS;
	return 0;
}

/* Do a and b say the same move? */
static int
same_move(const struct game_rules *r, const struct game_move *a,
    const struct game_move *b)
{
	char	 ta[GAME_MOVE_TEXT_MAX], tb[GAME_MOVE_TEXT_MAX];

	r->format(a, ta, sizeof(ta));
	r->format(b, tb, sizeof(tb));
	return strcmp(ta, tb) == 0;
}

/*
 * The moves to compare: the base move first (bot_base_choose), then
 * the others listed but the game's take-backs (search_skip), or when
 * there are more than SEARCH_CANDIDATES_MAX a random sample of them.
 * Returns the count (0: no legal move).
 */
static int
candidates(struct search_ctx *c, const void *view, struct rng *mr,
    struct game_move *cand)
{
	struct game_move t;
	uint8_t		 nz[32];
	int		 n, i, j, k;

	n = c->r->legal(view, c->seat, c->list, GAME_LEGAL_MAX);
	if (n <= 0)
		return 0;
	if (n > GAME_LEGAL_MAX)
		n = GAME_LEGAL_MAX;
	search_noise(mr, nz);
	if (bot_base_choose(c->r, view, c->seat, nz, &cand[0]) != GAME_OK)
		cand[0] = c->list[0];
	for (k = 1, i = 0; k < SEARCH_CANDIDATES_MAX && i < n; i++) {
		if (n > SEARCH_CANDIDATES_MAX) {
			j = i + (int)rng_uniform(mr, (uint32_t)(n - i));
			t = c->list[i];
			c->list[i] = c->list[j];
			c->list[j] = t;
		}
		if (c->r->search_skip != NULL &&
		    c->r->search_skip(&c->list[i]))
			continue;	/* a take-back (game.h) */
		if (!same_move(c->r, &c->list[i], &cand[0]))
			cand[k++] = c->list[i];
	}
	return k;
}

/*
 * The one-sided critical value of Student's t with df degrees of
 * freedom at level p: the normal quantile by bisection on erfc, then
 * the Cornish-Fisher expansion in 1/df (within a few per cent from
 * df 3 on; df 1 and 2 come out low, so they are never trusted alone).
 */
static double
t_crit(double p, int df)
{
	double	 lo = 0, hi = 40, z, z2, v = df;
	int	 i;

	for (i = 0; i < 60; i++) {
		z = (lo + hi) / 2;
		if (0.5 * erfc(z / sqrt(2.0)) > p)
			lo = z;
		else
			hi = z;
	}
	z = (lo + hi) / 2;
	z2 = z * z;
	return z + z * (z2 + 1) / (4 * v) +
	    z * (5 * z2 * z2 + 16 * z2 + 3) / (96 * v * v) +
	    z * (3 * z2 * z2 * z2 + 19 * z2 * z2 + 17 * z2 - 15) /
	    (384 * v * v * v) +
	    z * (79 * z2 * z2 * z2 * z2 + 776 * z2 * z2 * z2 +
	    1482 * z2 * z2 - 1920 * z2 - 945) / (92160 * v * v * v * v);
}

/* The paired differences of one candidate with the base move. */
struct search_tally {
	double	 sum, sq;
	int	 n;
};

/* The sample variance of t's differences (n >= 2). */
static double
tally_var(const struct search_tally *t)
{
	double	 m = t->sum / t->n, v;

	v = (t->sq - t->n * m * m) / (t->n - 1);
	return v > 0 ? v : 0;
}

/*
 * The spread of one paired difference, pooled over every candidate
 * with two samples or more: the floor under a candidate's own, so
 * that a few samples which happen to agree (Vodkapolis: +5 on each of
 * 4 deals, where 200 deals show -12 +- 5) do not read as certainty.
 * 0 when every difference of every candidate was the same on every
 * sample: the game is then decided on what the samples share.
 */
static double
pooled_var(const struct search_tally *ta, int n)
{
	double	 ss = 0, m;
	int	 df = 0, i;

	for (i = 1; i < n; i++) {
		if (ta[i].n < 2)
			continue;
		m = ta[i].sum / ta[i].n;
		ss += ta[i].sq - ta[i].n * m * m > 0 ?
		    ta[i].sq - ta[i].n * m * m : 0;
		df += ta[i].n - 1;
	}
	return df > 0 ? ss / df : 0;
}

/*
 * The t of candidate i against the base move: its mean difference
 * over its standard error, the variance floored at a quarter of the
 * pooled one (pv).  With no spread anywhere, any gain is certain.
 */
static double
tally_t(const struct search_tally *t, double pv)
{
	double	 m = t->sum / t->n, v = tally_var(t);

	if (v < pv / 4)
		v = pv / 4;
	if (v <= 0)
		return m > 0 ? 1e9 : m < 0 ? -1e9 : 0;
	return m / sqrt(v / t->n);
}

/*
 * One round: a sample, and on it the base move and each candidate i
 * with on[i] played out from the same stream, their differences
 * added to ta[i].  Returns the playouts made; *stopped is set when the
 * caller's stop came first (the round then counts for nothing).
 */
static int
search_round(struct search_ctx *c, const void *view, struct rng *mr,
    const struct game_move *cand, int n, const int *on,
    struct search_tally *ta, int *stopped)
{
	const struct search_budget *b = c->budget;
	struct game_status	 g0;
	struct rng		 pr;
	double			 rr[SEARCH_CANDIDATES_MAX];
	uint8_t			 dn[32], pn[32];
	int			 ok[SEARCH_CANDIDATES_MAX], i, k, made = 0;

	search_noise(mr, dn);
	search_noise(mr, pn);
	c->r->determinize(view, c->seat, dn, c->det);
	c->r->status(c->det, &g0);
	/*
	 * The stop is polled after every playout (a round of a slow game
	 * can take longer than a move's time).
	 */
	for (i = 0; i < n; i++) {
		ok[i] = 0;
		if (i > 0 && !on[i])
			continue;
		rng_init(&pr, pn);
		k = playout(c, &cand[i], &g0, &pr, &rr[i]);
		ok[i] = k == 0;
		made++;
		if (k == -2 || (b->stop != NULL && b->stop(b->arg) &&
		    i + 1 < n)) {
			*stopped = 1;
			return made;
		}
	}
	for (i = 1; ok[0] && i < n; i++) {
		if (!ok[i])
			continue;
		ta[i].sum += rr[i] - rr[0];
		ta[i].sq += (rr[i] - rr[0]) * (rr[i] - rr[0]);
		ta[i].n++;
	}
	return made;
}

/*
 * The playouts for seat's decision in view: the caller's budget, times
 * the game's share for that decision (game.h search_share) when it
 * has one, so a game can spend a turn's budget on the decision that
 * matters; 0: the base move stands unsearched.
 */
static int
share_budget(const struct game_rules *r, const void *view, int seat,
    const struct search_budget *b)
{
	long	 po = b->playouts > 0 ? b->playouts : SEARCH_PLAYOUTS_DEFAULT;
	int	 pc;

	if (r->search_share == NULL)
		return (int)po;
	if ((pc = r->search_share(view, seat)) <= 0)
		return 0;
	po = po * pc / 100;
	return po < 1 ? 1 : po > INT_MAX / 2 ? INT_MAX / 2 : (int)po;
}

enum game_rc
search_choose(const struct game_rules *rules, const void *view, int seat,
    const uint8_t noise[32], const struct search_budget *budget,
    struct game_move *out, struct search_stats *stats)
{
	struct search_stats		 none;
	struct search_ctx		 c;
	struct game_move		 cand[SEARCH_CANDIDATES_MAX];
	struct search_tally		 ta[SEARCH_CANDIDATES_MAX];
	struct search_tally		 conf[SEARCH_CANDIDATES_MAX];
	int				 on[SEARCH_CANDIDATES_MAX];
	double				 pv, ts = 0, alpha;
	struct rng			 mr;
	struct game_move		 t;
	struct search_trace		 tr;
	int				 n, i, j, k, best, budget_po, done = 0;
	int				 stopped = 0, screen;

	if (stats == NULL)
		stats = &none;
	memset(stats, 0, sizeof(*stats));
	if (rules->determinize == NULL)
		return bot_base_choose(rules, view, seat, noise, out);
	c.r = rules;
	c.seat = seat;
	c.depth = budget->depth;
	if (c.depth <= 0 && rules->search_depth != NULL)
		c.depth = rules->search_depth(view);
	if (c.depth <= 0)
		c.depth = SEARCH_DEPTH_DEFAULT;
	c.policy = budget->policy;
	c.sign = rules->score_sign < 0 ? -1 : 1;
	c.moves = 0;
	c.budget = budget;
	budget_po = share_budget(rules, view, seat, budget);
	if (budget_po == 0) {
		stats->candidates = 1;
		return bot_base_choose(rules, view, seat, noise, out);
	}
	rng_init(&mr, noise);
	if ((n = candidates(&c, view, &mr, cand)) == 0)
		return GAME_REFUSED;
	/*
	 * Half the budget screens the candidates, each on
	 * SEARCH_ROUNDS_MIN rounds at least (a round plays the base move
	 * and every candidate on one sample), so it caps them at
	 * playouts / (2 x SEARCH_ROUNDS_MIN), a random few of the others
	 * when there are more; fewer candidates get more rounds, so that
	 * the screen's best is picked on more than its luck.
	 */
	k = budget_po / (2 * SEARCH_ROUNDS_MIN);
	if (k < 2)
		k = 2;
	if (n > k) {
		for (i = 1; i < k; i++) {
			j = i + (int)rng_uniform(&mr, (uint32_t)(n - i));
			t = cand[i];
			cand[i] = cand[j];
			cand[j] = t;
		}
		n = k;
	}
	stats->candidates = n;
	*out = cand[0];
	if (n == 1)
		return GAME_OK;
	memset(ta, 0, sizeof(ta));
	memset(conf, 0, sizeof(conf));
	for (i = 0; i < n; i++)
		on[i] = 1;
	screen = budget_po / 2 / n;
	if (screen < SEARCH_ROUNDS_MIN)
		screen = SEARCH_ROUNDS_MIN;
	for (j = 0; j < screen && (done == 0 ||
	    done + n <= budget_po); j++) {
		done += search_round(&c, view, &mr, cand, n, on, ta,
		    &stopped);
		if (stopped)
			break;
		stats->rounds++;
		if (budget->stop != NULL && budget->stop(budget->arg))
			stopped = 1;
		if (stopped)
			break;
	}
	/*
	 * The screen's best (by its mean gain over the base move, if any
	 * gained at all) is then played against the base move on fresh
	 * samples, with the rest of the budget: the screen picked it for
	 * its luck as much as for its worth, so only the fresh samples
	 * may judge it.
	 */
	best = 0;
	for (i = 1; i < n; i++)
		if (ta[i].n >= SEARCH_ROUNDS_MIN && ta[i].sum > 0 &&
		    (best == 0 || ta[i].sum / ta[i].n >
		    ta[best].sum / ta[best].n))
			best = i;
	for (i = 1; i < n; i++)
		on[i] = i == best;
	while (best > 0 && !stopped && done + 2 <= budget_po) {
		done += search_round(&c, view, &mr, cand, best + 1, on,
		    conf, &stopped);
		if (stopped)
			break;
		stats->rounds++;
		if (budget->stop != NULL && budget->stop(budget->arg))
			break;
	}
	stats->playouts = done;
	stats->moves = c.moves;
	/*
	 * The base move stands unless the screen's best did better on
	 * the fresh samples by Student's critical t at the game's alpha
	 * (SEARCH_ALPHA by default) for their count: noise must not talk
	 * the bot out of a sound move (nor into a move and its undoing,
	 * turn after turn).  Its spread is floored by the spread every
	 * candidate showed on the screen.
	 */
	pv = pooled_var(ta, n);
	alpha = rules->search_alpha > 0 ? rules->search_alpha : SEARCH_ALPHA;
	if (best > 0 && conf[best].n >= SEARCH_ROUNDS_MIN &&
	    conf[best].sum > 0 && (ts = tally_t(&conf[best], pv)) >
	    t_crit(alpha, conf[best].n - 1))
		*out = cand[best];
	else
		best = 0;
	if (budget->trace != NULL) {
		memset(&tr, 0, sizeof(tr));
		tr.easy = &cand[0];
		tr.chosen = &cand[best];
		tr.candidates = n;
		tr.rounds = best > 0 ? conf[best].n : stats->rounds;
		tr.mean = best > 0 ? conf[best].sum / conf[best].n : 0;
		tr.t = best > 0 ? ts : 0;
		budget->trace(budget->trace_arg, &tr);
	}
	return GAME_OK;
}
