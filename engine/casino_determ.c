/*
 * casino_determ.c: a full Casino Macedonia state sampled from one
 * seat's view (cm_rules.determinize, for the strong bot of search.h).
 * Table cards, captures and the jokers set aside are face up; the
 * other hands, the stock and the burned cards are dealt at random.
 */
#include "casino.h"

#include <string.h>

#include "unseen.h"

void
cm_determinize(const void *view, int seat, const uint8_t noise[32],
    void *out)
{
	const struct cm_state	*v = view;
	struct cm_state		*s = out;
	struct unseen		 u;
	struct rng		 r;
	int			 i, j;

	memcpy(s, v, sizeof(*s));
	s->viewer = CM_NOT_A_VIEW;
	rng_init(&r, noise);
	if (seat >= 0 && seat < v->nseats && v->phase == CM_PHASE_PLAY) {
		unseen_init(&u, v->squares ? DECK_SQUARES : v->jokers ?
		    DECK_TT_JOKERS : DECK_TT_FULL, 1);
		unseen_see(&u, v->hands[seat], v->nhand[seat]);
		unseen_see(&u, v->aside, v->naside);
		for (i = 0; i < CM_IDS; i++)
			if (v->pile_of[i] != CM_NOBODY || v->won[i] != CM_NOBODY)
				unseen_claim(&u, (card_t)i);
		unseen_shuffle(&u, &r);
		for (i = 0; i < v->nseats; i++) {
			if (i == seat)
				continue;
			for (j = 0; j < v->nhand[i]; j++)
				s->hands[i][j] = unseen_next(&u);
			unseen_sort(s->hands[i], v->nhand[i]);
		}
		for (i = 0; i < v->nstock; i++)
			s->stock[i] = unseen_next(&u);
		for (i = 0; i < v->nburned; i++)
			s->burned[i] = unseen_next(&u);
	}
	s->rng = r;
}
