/*
 * twelve_step_determ.c: a full 12-Step Rummy state sampled from one
 * seat's view (tsr_rules.determinize, for the strong bot of search.h).
 * Hands are counts per id, so the other hands are dealt as counts.
 */
#include "twelve_step.h"

#include <string.h>

#include "unseen.h"

void
tsr_determinize(const void *view, int seat, const uint8_t noise[32],
    void *out)
{
	const struct tsr_state	*v = view;
	struct tsr_state	*s = out;
	struct unseen		 u;
	struct rng		 r;
	card_t			 c;
	int			 i, k, n[TSR_SEATS_MAX];

	memcpy(s, v, sizeof(*s));
	s->viewer = TSR_NOT_A_VIEW;
	rng_init(&r, noise);
	if (seat >= 0 && seat < v->nseats && v->phase > TSR_PHASE_DEAL &&
	    v->phase < TSR_PHASE_OVER) {
		unseen_init(&u, DECK_STD_JOKERS, v->npacks);
		for (c = 0; c < TSR_IDS; c++)
			for (k = 0; k < v->hand[seat][c]; k++)
				unseen_claim(&u, c);
		unseen_see(&u, v->discard, v->ndiscard);
		/* A set lists ncards; a run by position, CARD_NONE outside. */
		for (i = 0; i < v->nmelds; i++)
			if (v->melds[i].kind == TSR_SET)
				unseen_see(&u, v->melds[i].cards,
				    v->melds[i].ncards);
			else if (v->melds[i].kind == TSR_RUN)
				unseen_see(&u, v->melds[i].cards, TSR_RUN_POS);
		for (i = 0; i < v->nseats; i++) {
			n[i] = 0;
			if (i == seat)
				continue;
			memset(s->hand[i], 0, sizeof(s->hand[i]));
			/*
			 * Taken face up (from the pile, a buy, a liberated
			 * wild), this turn or before, and not seen to leave.
			 */
			for (c = 0; c < TSR_IDS; c++)
				for (k = 0; k < v->known[i][c] &&
				    n[i] < v->nhand[i]; k++)
					if (unseen_claim(&u, c)) {
						s->hand[i][c]++;
						n[i]++;
					}
		}
		unseen_shuffle(&u, &r);
		for (i = 0; i < v->nseats; i++)
			for (; i != seat && n[i] < v->nhand[i]; n[i]++)
				if ((c = unseen_next(&u)) < TSR_IDS)
					s->hand[i][c]++;
		for (i = 0; i < v->nstock; i++)
			s->stock[i] = unseen_next(&u);
	}
	s->rng = r;
}
