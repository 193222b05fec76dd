/*
 * six_suit_determ.c: a full Six Suit state sampled from one seat's
 * view (six_rules.determinize, for the strong bot of search.h).  The
 * tops, the cards under them and the center are face up; a drawn card
 * shown to all and a card proposed under veto stay in their holder's
 * hand while it holds them (known[]), turns later too.
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
	int			 i, n, c;

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
			for (c = 0; c < CARD_TT_COUNT && n < v->nhand[i]; c++)
				if (six_known_has(v->known[i], (card_t)c) &&
				    unseen_claim(&u, (card_t)c))
					s->hands[i][n++] = (card_t)c;
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
