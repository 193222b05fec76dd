/*
 * casino_threat.c: for the Casino Macedonia bot (casino_bot.c), what
 * the table a move leaves offers the other players before the bot's
 * next turn.
 *
 * The threat asks, for every unseen card, the best capture it would
 * make on one table: a sum or best over the piles the card may join.
 * Whether a card may join depends on its color and suit only (its
 * "class", 5 x 5), so the table is folded once per class and value
 * and each card then reads its figure: the same numbers as trying
 * each card on each pile and pair, at a fraction of the cost (the
 * threat is most of the easy bot's time, and the bot is the strong
 * bot's playout policy).  A row of classes is worked whole, as lanes
 * (CAP_LANES), so the compiler vectorizes it.
 */
#include "casino_bot.h"

#include <string.h>

/*
 * The rows of a value and kind are set when the fold first reaches
 * them (bit d of eq_on, pair_on, bt_on): a table has 2 piles on
 * average, so most values have no capture, and a row never reached
 * reads as all 0.
 */
struct caps {
	unsigned eq_on, pair_on, bt_on;
	int	 eq[CAP_V][CAP_LANES];	/* equal values, summed */
	int	 pair[CAP_V][CAP_LANES];	/* best pair of singles */
	int	 bt[CAP_V][CAP_LANES];	/* best build-and-take */
};

/* Bit k of a class set, in lane k. */
static const uint32_t lane_bit[CAP_LANES] = {
	1u << 0, 1u << 1, 1u << 2, 1u << 3, 1u << 4, 1u << 5, 1u << 6,
	1u << 7, 1u << 8, 1u << 9, 1u << 10, 1u << 11, 1u << 12, 1u << 13,
	1u << 14, 1u << 15, 1u << 16, 1u << 17, 1u << 18, 1u << 19,
	1u << 20, 1u << 21, 1u << 22, 1u << 23, 1u << 24, 1u << 25,
	1u << 26, 1u << 27
};

/* The classes in l as lane masks (-1 in, 0 out), a vector compare. */
static void
lanes_of(uint32_t l, int m[CAP_LANES])
{
	int	 k;

	for (k = 0; k < CAP_LANES; k++)
		m[k] = -(int)((l & lane_bit[k]) != 0);
}

/*
 * A figure is at least its equal values, and a class with two unseen
 * cards of one number counts once (see cm_threat_floor).
 */
void
cm_bpile_finish(const struct ctx *c, struct bpile *t)
{
	t->join = cm_join_classes(t->cmask, t->smask);
	t->floor = t->value < CAP_V ? t->worth * cm_pop32(t->join &
	    c->ucls[t->value]) : 0;
}

/* Row d of a kind (bit d of *on) plus w in the classes m. */
static void
row_add(int row[CAP_LANES], unsigned *on, int d, const int m[CAP_LANES],
    int w)
{
	int	 k;

	if (!((*on >> d) & 1)) {
		for (k = 0; k < CAP_LANES; k++)
			row[k] = w & m[k];
		*on |= 1u << d;
		return;
	}
	for (k = 0; k < CAP_LANES; k++)
		row[k] += w & m[k];
}

/* Row d at least w in the classes m; a worth is above 0. */
static void
row_max(int row[CAP_LANES], unsigned *on, int d, uint32_t l, int w)
{
	int	 m[CAP_LANES], k, v;

	lanes_of(l, m);
	if (!((*on >> d) & 1)) {
		for (k = 0; k < CAP_LANES; k++)
			row[k] = w & m[k];
		*on |= 1u << d;
		return;
	}
	for (k = 0; k < CAP_LANES; k++) {
		v = w & m[k];
		row[k] = v > row[k] ? v : row[k];
	}
}

/* The best pairs of singles and build-and-takes of t[0..n) into cp. */
static void
caps_best(const struct ctx *c, const struct bpile *t, int n, struct caps *cp)
{
	int	 i, j, v;

	for (i = 0; i < n; i++) {
		if (t[i].kind != CM_SINGLE || t[i].value == 0)
			continue;
		for (j = i + 1; j < n; j++) {
			v = t[i].value + t[j].value;
			if (t[j].kind == CM_SINGLE && t[j].value != 0 &&
			    v < CAP_V)
				row_max(cp->pair[v], &cp->pair_on, v,
				    cm_join_classes(t[i].cmask | t[j].cmask,
				    t[i].smask | t[j].smask),
				    t[i].worth + t[j].worth);
		}
	}
	if (c->s->single)
		return;
	/* Build-and-take: a card of value v onto q, taking i of q's + v. */
	for (i = 0; i < n; i++) {
		if (t[i].kind == CM_STACK_PILE || t[i].value == 0)
			continue;
		for (j = 0; j < n; j++) {
			v = t[j].value - t[i].value;
			if (v >= 1 && v < CAP_V && t[j].value <= CM_BUILD_MAX)
				row_max(cp->bt[v], &cp->bt_on, v,
				    cm_join_classes(t[i].cmask | t[j].cmask,
				    t[i].smask | t[j].smask),
				    t[i].worth + t[j].worth);
		}
	}
}

/*
 * Fold t[0..n) into cp (see struct caps); returns what the rows left
 * out add to the threat's sum.  A number whose figures are its equal
 * values alone, and that no card of a range reads, sums to its piles'
 * floors (cm_bpile_finish: a pile's worth times the unseen classes it
 * takes), so its row is not made.
 */
static long
caps_fold(const struct ctx *c, const struct bpile *t, int n, struct caps *cp)
{
	unsigned mixed;
	long	 sum = 0;
	int	 m[CAP_LANES], i;

	cp->eq_on = cp->pair_on = cp->bt_on = 0;
	caps_best(c, t, n, cp);
	mixed = c->nranged > 0 ? ~0u : cp->pair_on | cp->bt_on;
	for (i = 0; i < n; i++) {
		if (t[i].value >= CAP_V)
			continue;
		if (!((mixed >> t[i].value) & 1)) {
			sum += t[i].floor;
			continue;
		}
		lanes_of(t[i].join, m);
		row_add(cp->eq[t[i].value], &cp->eq_on, t[i].value, m,
		    t[i].worth);
	}
	return sum;
}

/*
 * Number d's figures, for a d some row reached: the best of the
 * build-and-take and the equal values plus the best pair.  A ? of no
 * number (row 0) takes equal values only, and no figure is below 0,
 * so the rows reached make the figures alone, with no row cleared.
 */
static const int *
fig_row(struct caps *cp, int d, int fig[CAP_LANES])
{
	const int *a, *p;
	unsigned b = 1u << d;
	int	 k, w;

	/* A row never reached is all 0: the sums of those that were. */
	if (!(cp->bt_on & b)) {
		if (!(cp->pair_on & b))
			return cp->eq[d];
		if (!(cp->eq_on & b))
			return cp->pair[d];
		for (k = 0; k < CAP_LANES; k++)
			fig[k] = cp->eq[d][k] + cp->pair[d][k];
		return fig;
	}
	if (!(cp->eq_on & b) && !(cp->pair_on & b))
		return cp->bt[d];
	if ((cp->eq_on & b) && (cp->pair_on & b)) {
		for (k = 0; k < CAP_LANES; k++) {
			w = cp->eq[d][k] + cp->pair[d][k];
			fig[k] = cp->bt[d][k] > w ? cp->bt[d][k] : w;
		}
		return fig;
	}
	a = cp->bt[d];
	p = cp->eq_on & b ? cp->eq[d] : cp->pair[d];
	for (k = 0; k < CAP_LANES; k++)
		fig[k] = a[k] > p[k] ? a[k] : p[k];
	return fig;
}

/* The unseen cards of number d as lane masks, made on first use. */
static const int *
ulanes(struct ctx *c, int d)
{
	if (!((c->ulane_ok >> d) & 1)) {
		lanes_of(c->ucls[d], c->ulane[d]);
		c->ulane_ok |= 1u << d;
	}
	return c->ulane[d];
}

/* The figures of row f in the lanes of mask m (-1 or 0 each). */
static int
lanes_sum(const int f[CAP_LANES], const int m[CAP_LANES])
{
	int	 k, sum = 0;

	for (k = 0; k < CAP_LANES; k++)
		sum += f[k] & m[k];
	return sum;
}

int
cm_threat(struct ctx *c, const struct bpile *t, int n)
{
	struct caps	 cp;
	int		 figs[CAP_V][CAP_LANES];
	const int	*f[CAP_V];
	long		 sum = 0;
	unsigned	 on;
	int		 i, d, best, all = 0, k;

	if (n == 0 || c->nunseen == 0 || c->opp_cards == 0)
		return 0;
	for (i = 0; i < n; i++)
		all += t[i].worth;
	sum = caps_fold(c, t, n, &cp);
	on = cp.eq_on | cp.pair_on | cp.bt_on;
	/* The figures of a value never reached are all 0. */
	sum += (long)c->nsweep * all;
	for (d = 0; d < CAP_V; d++)
		if ((on >> d) & 1) {
			f[d] = fig_row(&cp, d, figs[d]);
			sum += lanes_sum(f[d], ulanes(c, d));
		}
	for (i = 0; i < c->nranged; i++) {
		k = c->rclass[i];
		best = 0;
		for (d = c->rlo[i]; d <= c->rhi[i]; d++)
			if (((on >> d) & 1) && f[d][k] > best)
				best = f[d][k];
		sum += best;
	}
	/* Each unseen card is in another hand with this chance. */
	i = c->opp_cards < c->nunseen ? c->opp_cards : c->nunseen;
	return (int)(sum * i / c->nunseen);
}

void
cm_table_sums(const struct bpile *t, int n, struct sums *u)
{
	int	 i;

	u->n = n;
	u->all = 0;
	u->floor = 0;
	for (i = 0; i < n; i++) {
		u->all += t[i].worth;
		u->floor += t[i].floor;
	}
}

/*
 * The sweepers, and each pile's equal values to the unseen cards of
 * its number (t[].floor, summed in u).  The same sum and share as
 * cm_threat(), so never above it.
 */
int
cm_threat_floor(const struct ctx *c, const struct sums *u)
{
	long	 sum;
	int	 i;

	if (u->n == 0 || c->nunseen == 0 || c->opp_cards == 0)
		return 0;
	sum = u->floor + (long)c->nsweep * u->all;
	i = c->opp_cards < c->nunseen ? c->opp_cards : c->nunseen;
	return (int)(sum * i / c->nunseen);
}
