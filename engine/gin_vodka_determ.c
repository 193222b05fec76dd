/*
 * gin_vodka_determ.c: a full Gin Vodka state sampled from one seat's
 * view (gv_rules.determinize, for the strong bot of search.h).
 */
#include "gin_vodka.h"

#include <string.h>

#include "unseen.h"

/* Claim c for the other hand h (n cards so far, at most max). */
static void
claim(struct unseen *u, card_t *h, int *n, int max, card_t c)
{
	if (*n < max && unseen_claim(u, c))
		h[(*n)++] = c;
}

void
gv_determinize(const void *view, int seat, const uint8_t noise[32],
    void *out)
{
	const struct gv_state		*v = view;
	struct gv_state			*s = out;
	const struct gv_arrangement	*k = &v->knock;
	struct unseen			 u;
	struct rng			 r;
	int				 o = seat ^ 1, n = 0, i, j;

	memcpy(s, v, sizeof(*s));
	s->viewer = GV_NOT_A_VIEW;
	rng_init(&r, noise);
	if (seat >= 0 && seat < GV_SEATS && v->phase > GV_PHASE_DEAL &&
	    v->phase < GV_PHASE_OVER) {
		unseen_init(&u, DECK_SQUARES, 1);
		unseen_see(&u, v->hands[seat], v->nhand[seat]);
		unseen_see(&u, v->discard, v->ndiscard);
		/* Taken from the pile, this turn or before: face up then. */
		for (i = 0; i < v->nknown[o]; i++)
			claim(&u, s->hands[o], &n, v->nhand[o], v->known[o][i]);
		/* A knocker showed the whole arrangement. */
		if (v->knocker == o) {
			for (i = 0; i < k->nmelds; i++)
				for (j = 0; j < k->melds[i].ncards; j++)
					claim(&u, s->hands[o], &n, v->nhand[o],
					    k->melds[i].cards[j]);
			for (i = 0; i < k->ndead; i++)
				claim(&u, s->hands[o], &n, v->nhand[o],
				    k->dead[i]);
		}
		unseen_shuffle(&u, &r);
		while (n < v->nhand[o])
			s->hands[o][n++] = unseen_next(&u);
		unseen_sort(s->hands[o], n);
		for (i = 0; i < v->nstock; i++)
			s->stock[i] = unseen_next(&u);
	}
	s->rng = r;
}
