/*
 * rummy500_determ.c: a full Rummy 500 state sampled from one seat's
 * view (r500_rules.determinize, for the strong bot of search.h).
 */
#include "rummy500.h"

#include <string.h>

#include "unseen.h"

void
r500_determinize(const void *view, int seat, const uint8_t noise[32],
    void *out)
{
	const struct r500_state	*v = view;
	struct r500_state	*s = out;
	struct unseen		 u;
	struct rng		 r;
	int			 i, n;

	memcpy(s, v, sizeof(*s));
	s->viewer = R500_NOT_A_VIEW;
	rng_init(&r, noise);
	if (seat >= 0 && seat < v->nseats && v->phase > R500_PHASE_DEAL &&
	    v->phase < R500_PHASE_OVER) {
		unseen_init(&u, DECK_STD, 1);
		unseen_see(&u, v->hands[seat], v->nhand[seat]);
		unseen_see(&u, v->discard, v->ndiscard);
		for (i = 0; i < v->nmelds; i++)
			unseen_see(&u, v->melds[i].cards, v->melds[i].ncards);
		for (i = 0; i < v->nseats; i++) {
			if (i == seat)
				continue;
			n = 0;
			/* Taken from the pile this turn and not laid yet. */
			if (i == v->turn && v->nhand[i] > 0 &&
			    unseen_claim(&u, v->taken))
				s->hands[i][n++] = v->taken;
			/* Stash the count of claimed cards in the hand. */
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
