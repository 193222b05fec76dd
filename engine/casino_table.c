/*
 * casino_table.c: the Casino Macedonia table model of RULES.md 4b and
 * 4c, what a card and a pile are worth to the moves: card values and
 * the numbers a card may declare, colour and suit matching with black
 * and blob wild, the sweepers, and the plan check that keeps a build
 * or stack on the table only while its owner can still capture it.
 * The capture search and the move generator over this model are in
 * casino_moves.c.
 */
#include "casino.h"

/* At most one of the four plain colors (or suits) in m: no bit, or one. */
static int
one_at_most(int m)
{
	m &= 0x0f;
	return (m & (m - 1)) == 0;
}

int
cm_cmask(card_t c)
{
	return c >= CARD_TT_COUNT ? 0x10 : 1 << card_tt_color(c);
}

int
cm_smask(card_t c)
{
	return c >= CARD_TT_COUNT ? 0x10 : 1 << card_tt_suit(c);
}

int
cm_legal_masks(int cmask, int smask)
{
	return one_at_most(cmask) || one_at_most(smask);
}

int
cm_numbers(const struct cm_state *s, card_t c, int *lo, int *hi)
{
	int	 n;

	if (c >= CARD_TT_COUNT) {
		if (s->q_mode == CM_Q_WILD) {
			*lo = *hi = 0;
			return -1;
		}
		*lo = 1;
		*hi = s->q_mode == CM_Q_FIVE ? 5 : 4;
		return 1;
	}
	n = card_tt_number(c);
	if (n < CARD_NQ) {
		*lo = *hi = n + 1;
		return 0;
	}
	switch (s->q_mode) {
	case CM_Q_WILD:
		*lo = 1;
		*hi = 4;
		return 1;
	case CM_Q_FIVE:
		*lo = *hi = 5;
		return 0;
	default:
		*lo = *hi = 0;
		return 0;
	}
}

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
cm_plan_ok(const struct cm_state *s, const struct cm_pile *p, int np, int x,
    const card_t *hand, int nh, card_t skip)
{
	const struct cm_pile *px = &p[x];
	int		 i, q, d, lo, hi, cm, sm;
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
			if (s->single)
				continue;
			for (q = 0; q < np; q++) {
				if (q == x || p[q].kind == CM_STACK_PILE ||
				    p[q].value == 0 ||
				    p[q].value + d != px->value)
					continue;
				if (cm_legal_masks(cm | p[q].cmask,
				    sm | p[q].smask) &&
				    cm_legal_masks(cm | p[q].cmask | px->cmask,
				    sm | p[q].smask | px->smask))
					return 1;
			}
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
		    cm_plan_ok(s, s->piles, s->npiles, i, s->hands[seat],
		    s->nhand[seat], CARD_NONE))
			return 0;
	return 1;
}
