/*
 * casino_table.c: the Casino Macedonia table model of RULES.md 4b and
 * 4c, what a card and a pile are worth to the moves: the sweepers,
 * the ?-takers and the plan check that keeps a build or stack on the
 * table only while its owner can still capture it (card values, the
 * numbers a card may declare and colour and suit matching are inline
 * in casino.h).
 * The capture search and the move generator over this model are in
 * casino_moves.c.
 */
#include "casino.h"

#include <string.h>

int
cm_takes_q(const struct cm_state *s, card_t c)
{
	return c < CARD_TT_COUNT && card_tt_number(c) == CARD_NQ &&
	    s->q_mode != CM_Q_FIVE;
}

int
cm_can_sweep(const struct cm_state *s)
{
	int	 i;

	if (s->npiles > 0)
		return 1;
	for (i = 0; i < s->naside; i++)
		if (!s->aside_spare[i])
			return 1;
	return 0;
}

int
cm_byval_set(const struct cm_pile *p, int np, struct cm_byval *bv)
{
	int	 q;

	memset(bv, 0, sizeof(*bv));
	for (q = 0; q < np; q++) {
		if (p[q].value >= CM_BYVAL)
			return -1;
		if (p[q].kind != CM_STACK_PILE && p[q].value != 0)
			bv->m[p[q].value][q >> 6] |= (uint64_t)1 << (q & 63);
	}
	return 0;
}

/*
 * May a card of masks cm, sm build onto a pile q other than x of value
 * v, and then take px with it?  Over the piles of value v in bv, or
 * every pile without one.
 */
static int
plan_onto(const struct cm_pile *p, int np, int x, const struct cm_pile *px,
    int cm, int sm, int v, const struct cm_byval *bv)
{
	uint64_t w;
	int	 q, h;

	if (bv == NULL) {
		for (q = 0; q < np; q++) {
			/* The sum first: it rules out most piles. */
			if (p[q].value != v || q == x ||
			    p[q].kind == CM_STACK_PILE || p[q].value == 0)
				continue;
			if (cm_legal_masks(cm | p[q].cmask, sm | p[q].smask) &&
			    cm_legal_masks(cm | p[q].cmask | px->cmask,
			    sm | p[q].smask | px->smask))
				return 1;
		}
		return 0;
	}
	if (v < 1 || v >= CM_BYVAL)
		return 0;
	for (h = 0; h < 2; h++)
		for (w = bv->m[v][h]; w != 0; w &= w - 1) {
			q = 64 * h + __builtin_ctzll(w);
			if (q != x && cm_legal_masks(cm | p[q].cmask,
			    sm | p[q].smask) && cm_legal_masks(cm | p[q].cmask |
			    px->cmask, sm | p[q].smask | px->smask))
				return 1;
		}
	return 0;
}

int
cm_plan_ok(const struct cm_state *s, const struct cm_pile *p, int np, int x,
    const struct cm_pile *px, const card_t *hand, int nh, card_t skip,
    const struct cm_byval *bv)
{
	int		 i, d, lo, hi, cm, sm;
	card_t		 c;

	for (i = 0; i < nh; i++) {
		c = hand[i];
		if (c == skip || cm_numbers(s, c, &lo, &hi) < 0)
			continue;
		cm = cm_cmask(c);
		sm = cm_smask(c);
		if (px->value == 0) {
			if (cm_takes_q(s, c) && cm_legal_masks(cm | px->cmask,
			    sm | px->smask))
				return 1;
			continue;
		}
		for (d = lo; d <= hi; d++) {
			if (d == 0)
				continue;
			if (px->value == d && cm_legal_masks(cm | px->cmask,
			    sm | px->smask))
				return 1;
			if (!s->single && plan_onto(p, np, x, px, cm, sm,
			    px->value - d, bv))
				return 1;
		}
	}
	return 0;
}

int
cm_may_drop(const struct cm_state *s, int seat)
{
	int	 i;

	for (i = 0; i < s->npiles; i++)
		if (s->piles[i].owner == seat &&
		    s->piles[i].kind != CM_SINGLE &&
		    cm_plan_ok(s, s->piles, s->npiles, i, &s->piles[i],
		    s->hands[seat], s->nhand[seat], CARD_NONE, NULL))
			return 0;
	return 1;
}
