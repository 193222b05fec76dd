/*
 * vodkapolis_determ.c: a full Vodkapolis 500 state sampled from one
 * seat's view (vp_rules.determinize, for the strong bot of search.h).
 */
#include "vodkapolis.h"

#include <string.h>

#include "unseen.h"

void
vp_determinize(const void *view, int seat, const uint8_t noise[32],
    void *out)
{
	const struct vp_state	*v = view;
	struct vp_state		*s = out;
	struct unseen		 u;
	struct rng		 r;
	int			 i, n;

	memcpy(s, v, sizeof(*s));
	s->viewer = VP_NOT_A_VIEW;
	rng_init(&r, noise);
	if (seat >= 0 && seat < v->nseats && v->phase > VP_PHASE_DEAL &&
	    v->phase < VP_PHASE_OVER) {
		unseen_init(&u, DECK_TT_FULL, 1);
		unseen_see(&u, v->hands[seat], v->nhand[seat]);
		unseen_see(&u, v->chain, v->nchain);
		for (i = 0; i < v->nmelds; i++)
			unseen_see(&u, v->melds[i].cards, v->melds[i].ncards);
		for (i = 0; i < v->nseats; i++) {
			if (i == seat)
				continue;
			n = 0;
			/* Taken from the chain this turn and not melded yet. */
			if (i == v->turn && v->nhand[i] > 0 &&
			    unseen_claim(&u, v->taken))
				s->hands[i][n++] = v->taken;
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
