/*
 * rummy500_determ.c: a full Rummy 500 state sampled from one seat's
 * view (r500_rules.determinize, for the strong bot of search.h).
 */
#include "rummy500.h"

#include <string.h>

#include "unseen.h"

enum { DETERM_TRIES = 16 };

/* One sample of the hidden cards into s (a copy of v). */
static void
deal(const struct r500_state *v, int seat, struct rng *rp,
    struct r500_state *s)
{
	struct unseen		 u;
	int			 i, n, c;

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
			/* Taken from the pile (this turn or before), held. */
			for (c = 0; c < 64 && n < v->nhand[i]; c++)
				if (((v->known[i] >> c) & 1) &&
				    unseen_claim(&u, (card_t)c))
					s->hands[i][n++] = (card_t)c;
			/* Stash the count of claimed cards in the hand. */
			s->nhand[i] = (uint8_t)n;
		}
		unseen_shuffle(&u, rp);
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
}

/* Can the seat to act lay the card it took, in sample s? */
static int
placeable(const struct r500_state *v, struct r500_state *s)
{
	int	 t = v->turn;

	return r500_can_place(s->hands[t], s->nhand[t], s->melds,
	    s->nmelds, v->owed);
}

/*
 * No random sample let the taker lay its card: bring in two stock
 * cards for two of its other cards, the first pair (in stock order)
 * that lets it.
 */
static void
pair_in(const struct r500_state *v, struct r500_state *s)
{
	card_t	*h = s->hands[v->turn], t;
	int	 n = s->nhand[v->turn], a, b, p, q;

	/* The first two cards not known to be there (taken face up). */
	for (p = 0; p < n && ((v->known[v->turn] >> h[p]) & 1); p++)
		;
	for (q = p + 1; q < n && ((v->known[v->turn] >> h[q]) & 1); q++)
		;
	if (q >= n)
		return;
	for (a = 0; a < s->nstock; a++)
		for (b = a + 1; b < s->nstock; b++) {
			t = h[p], h[p] = s->stock[a], s->stock[a] = t;
			t = h[q], h[q] = s->stock[b], s->stock[b] = t;
			if (placeable(v, s)) {
				unseen_sort(h, n);
				return;
			}
			t = h[p], h[p] = s->stock[a], s->stock[a] = t;
			t = h[q], h[q] = s->stock[b], s->stock[b] = t;
		}
}

void
r500_determinize(const void *view, int seat, const uint8_t noise[32],
    void *out)
{
	const struct r500_state	*v = view;
	struct r500_state	*s = out;
	struct rng		 r;
	int			 try;

	memcpy(s, v, sizeof(*s));
	s->viewer = R500_NOT_A_VIEW;
	rng_init(&r, noise);
	/*
	 * The taker must still be able to lay the card taken (it was
	 * taken for a meld the hidden cards make): resample until the
	 * sample allows it, a bounded number of times.
	 */
	for (try = 0; try < DETERM_TRIES; try++) {
		deal(v, seat, &r, s);
		if (seat == v->turn || !(v->owed != CARD_NONE) || placeable(v, s))
			break;
	}
	if (try == DETERM_TRIES)
		pair_in(v, s);
	s->rng = r;
}
