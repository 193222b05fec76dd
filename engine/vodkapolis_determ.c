/*
 * vodkapolis_determ.c: a full Vodkapolis 500 state sampled from one
 * seat's view (vp_rules.determinize, for the strong bot of search.h),
 * and the share of the search's budget each decision gets.
 */
#include "vodkapolis.h"

#include <string.h>

#include "unseen.h"

enum { DETERM_TRIES = 16 };

/* One sample of the hidden cards into s (a copy of v). */
static void
deal(const struct vp_state *v, int seat, struct rng *rp,
    struct vp_state *s)
{
	struct unseen		 u;
	int			 i, n, c;

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
			/* Taken from the chain (this turn or before), held. */
			for (c = 0; c < 128 && n < v->nhand[i]; c++)
				if (vp_known_has(v->known[i], (card_t)c) &&
				    unseen_claim(&u, (card_t)c))
					s->hands[i][n++] = (card_t)c;
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
placeable(const struct vp_state *v, struct vp_state *s)
{
	int	 t = v->turn;

	return vp_can_place(s, s->hands[t], s->nhand[t], v->taken);
}

/*
 * No random sample let the taker lay its card: bring in two stock
 * cards for two of its other cards, the first pair (in stock order)
 * that lets it.
 */
static void
pair_in(const struct vp_state *v, struct vp_state *s)
{
	card_t	*h = s->hands[v->turn], t;
	const uint64_t *k = v->known[v->turn];
	int	 n = s->nhand[v->turn], a, b, p, q;

	/* The first two cards not known to be there (taken face up). */
	for (p = 0; p < n && vp_known_has(k, h[p]); p++)
		;
	for (q = p + 1; q < n && vp_known_has(k, h[q]); q++)
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
vp_determinize(const void *view, int seat, const uint8_t noise[32],
    void *out)
{
	const struct vp_state	*v = view;
	struct vp_state		*s = out;
	struct rng		 r;
	int			 try;

	memcpy(s, v, sizeof(*s));
	s->viewer = VP_NOT_A_VIEW;
	rng_init(&r, noise);
	/*
	 * The taker must still be able to lay the card taken (it was
	 * taken for a meld the hidden cards make): resample until the
	 * sample allows it, a bounded number of times.
	 */
	for (try = 0; try < DETERM_TRIES; try++) {
		deal(v, seat, &r, s);
		if (seat == v->turn || !vp_obliged(s) || placeable(v, s))
			break;
	}
	if (try == DETERM_TRIES)
		pair_in(v, s);
	s->rng = r;
}

int
vp_search_share(const void *view, int seat)
{
	const struct vp_state	*v = view;

	if (seat != v->turn)
		return 0;
	return v->phase == VP_PHASE_DRAW ? VP_SEARCH_DRAW_SHARE :
	    v->phase == VP_PHASE_PLAY ? VP_SEARCH_PLAY_SHARE : 0;
}

int
vp_search_skip(const struct game_move *mv)
{
	return mv->verb == VP_UNDO;
}
