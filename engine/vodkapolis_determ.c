/*
 * vodkapolis_determ.c: a full Vodkapolis 500 state sampled from one
 * seat's view (vp_rules.determinize, for the strong bot of search.h),
 * and the share of the search's budget each decision gets.  A sample
 * keeps the cards taken face up in their takers' hands, and deals an
 * opponent who has played this hand no meld it could have laid
 * (struct vp_lines).
 */
#include "vodkapolis_gp.h"

#include <string.h>

#include "unseen.h"

enum { DETERM_TRIES = 16 };

/*
 * What one opponent's hidden cards may be.  Every bot here lays each
 * meld and extension it can (so would most players: a card held
 * counts against its holder), so a seat that has played a turn of
 * this hand, and did not go out, holds no three cards of a line and
 * no card that extends a meld which lay on the table then.
 */
struct vp_lines {
	uint8_t	 cnt[VP_SLOTS];		/* its cards on each line */
	uint8_t	 open[VP_SLOTS];	/* a meld of the line took more */
};

/* unseen_deal_where's test: would c keep the hand plausible? */
static int
lines_fit(void *arg, card_t c)
{
	struct vp_lines	*h = arg;
	int		 k;

	for (k = 0; k < 3; k++)
		if (h->open[vp_slot_of[c][k]] || h->cnt[vp_slot_of[c][k]] >= 2)
			return 0;
	for (k = 0; k < 3; k++)
		h->cnt[vp_slot_of[c][k]]++;
	return 1;
}

/* Steps from the dealer's left to seat, among the active: 0 first. */
static int
order_of(const struct vp_state *v, int seat)
{
	int	 i, t = v->dealer, k = 0;

	for (i = 0; i < v->nseats; i++) {
		t = (t + 1) % v->nseats;
		if (!(v->active & (1u << t)))
			continue;
		if (t == seat)
			return k;
		k++;
	}
	return -1;
}

/*
 * The lines opponent x's hidden cards avoid, as seat sees them on its
 * turn: 1 with h filled, or 0 when x may not have played yet this
 * hand.  Turns run in order from the dealer's left and each drew from
 * the stock or took from the chain, so the turns so far are the seat's
 * order plus whole orbits, and at least the stock cards drawn.  Melds
 * laid by players who moved after x (their melds may all be newer)
 * and this turn's own are left out.
 */
static int
lines_of(const struct vp_state *v, int seat, int x, struct vp_lines *h)
{
	const struct vp_meld	*m;
	int	 na = game_seat_count(v->active), drawn, me, ox, om, i, k;
	uint8_t	 now[VP_MELDS_MAX];

	me = order_of(v, seat);
	ox = order_of(v, x);
	if (seat != v->turn || me < 0 || ox < 0 || na < 2)
		return 0;
	/* Stock cards drawn before this turn (its own draw not counted). */
	drawn = VP_DECK - VP_DEAL * na - 1 - v->nstock -
	    (v->drawn != CARD_NONE);
	if (drawn <= me && ox > me)
		return 0;	/* perhaps the first orbit: x not played yet */
	memset(h, 0, sizeof(*h));
	memset(now, 0, sizeof(now));
	for (i = 0; i < v->nlog && i < VP_LOG_MAX; i++)
		if (v->log[i].card == CARD_NONE &&
		    v->log[i].meld < VP_MELDS_MAX)
			now[v->log[i].meld] = 1;
	for (i = 0; i < v->nmelds && i < VP_MELDS_MAX; i++) {
		m = &v->melds[i];
		if (now[i] || m->ncards < VP_MELD_MIN ||
		    m->ncards >= VP_MELD_MAX ||
		    (om = order_of(v, m->originator)) < 0)
			continue;
		/* Laid by one who moves between x and the seat: maybe newer. */
		if ((om - me + na) % na > (ox - me + na) % na)
			continue;
		for (k = 0; k < 3; k++)
			if (vp_line_key(m->cards[0], k) ==
			    vp_line_key(m->cards[1], k))
				h->open[vp_slot_of[m->cards[0]][k]] = 1;
	}
	for (i = 0; i < VP_DECK; i++)	/* taken face up, still held */
		if (vp_known_has(v->known[x], (card_t)i))
			for (k = 0; k < 3; k++)
				h->cnt[vp_slot_of[i][k]]++;
	return 1;
}

/* One sample of the hidden cards into s (a copy of v). */
static void
deal(const struct vp_state *v, int seat, struct rng *rp,
    struct vp_state *s)
{
	struct unseen		 u;
	struct vp_lines		 h;
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
			n = s->nhand[i];
			if (lines_of(v, seat, i, &h))
				n = unseen_deal_where(&u, s->hands[i], n,
				    v->nhand[i], lines_fit, &h);
			for (; n < v->nhand[i]; n++)
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
