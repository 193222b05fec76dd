/*
 * six_suit_determ.c: a full Six Suit state sampled from one seat's
 * view (six_rules.determinize, for the strong bot of search.h).  The
 * tops, the cards under them and the center are face up; a card under
 * veto and a drawn card shown to all are in the actor's hand.
 */
#include "six_suit.h"

#include <string.h>

#include "unseen.h"

void
six_determinize(const void *view, int seat, const uint8_t noise[32],
    void *out)
{
	const struct six_state	*v = view;
	struct six_state	*s = out;
	struct unseen		 u;
	struct rng		 r;
	int			 i, n;

	memcpy(s, v, sizeof(*s));
	s->viewer = SIX_NOT_A_VIEW;
	rng_init(&r, noise);
	if (seat >= 0 && seat < v->nseats && v->phase > SIX_PHASE_DEAL &&
	    v->phase < SIX_PHASE_OVER) {
		unseen_init(&u, DECK_TT_FULL, 1);
		unseen_see(&u, v->hands[seat], v->nhand[seat]);
		for (i = 0; i < v->nseats; i++)
			unseen_see(&u, v->top[i], SIX_PILES);
		unseen_see(&u, v->under, v->nunder);
		unseen_see(&u, v->center, v->ncenter);
		for (i = 0; i < v->nseats; i++) {
			if (i == seat)
				continue;
			n = 0;
			if (i == v->turn && v->phase == SIX_PHASE_VETO &&
			    unseen_claim(&u, v->prop_card))
				s->hands[i][n++] = v->prop_card;
			if (i == v->turn && v->shown && v->ndrawn > 0 &&
			    n < v->nhand[i] && unseen_claim(&u, v->drawn[0]))
				s->hands[i][n++] = v->drawn[0];
			s->nhand[i] = (uint8_t)n;
		}
		unseen_shuffle(&u, &r);
		for (i = 0; i < v->nseats; i++) {
			if (i == seat)
				continue;
			for (n = s->nhand[i]; n < v->nhand[i]; n++)
				s->hands[i][n] = unseen_next(&u);
			s->nhand[i] = v->nhand[i];
			unseen_sort(s->hands[i], n);
		}
		for (i = 0; i < v->nstock; i++)
			s->stock[i] = unseen_next(&u);
	}
	s->rng = r;
}
