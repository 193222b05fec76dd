/*
 * twelve_step_probe.c: contracts for tests to hold legal() against
 * (tsr_rules.probe, run by topper sim at sampled positions).
 *
 * A brute force written apart from the contract search of
 * twelve_step_meld.c: each requirement in the contract's own order
 * tries every run (suit, start, and every set of wild positions, no
 * two side by side, the other positions' naturals still in hand) and
 * every set (rank, number of naturals); the wilds are chosen last,
 * the liberated one first, then the card the player may not discard.
 * Melds have exactly the required sizes: a longer meld can always be
 * cut down to one that keeps the same card back and the same wild in.
 * Each contract found is written as typed text would give it, so
 * apply() judges it; topper sim checks legal() lists a contract
 * whenever apply() accepts one.
 */
#include "twelve_step.h"

#include <string.h>

#include "move.h"

/* The wild ids, in the order the probe spends them after the preferred. */
static const card_t probe_wilds[5] = { 1, 14, 27, 40, CARD_STD_JK };

struct probe {
	const struct tsr_state	*s;
	int			 seat, nreq, found, max;
	struct tsr_req		 req[TSR_REQS_MAX];
	uint8_t			 h[TSR_IDS];	/* naturals left */
	int			 wilds;		/* wild slots so far */
	int			 held;		/* wilds in hand */
	card_t			 keep_not, pending;
	/* meld g: kind, rank or suit/lo, wild mask (runs), naturals */
	struct {
		int		 kind, rank, suit, lo, mask, k;
		card_t		 nat[TSR_MELD_MAX];
	}			 g[TSR_REQS_MAX];
	struct game_move	*out;
};

static int	probe_req(struct probe *p, int i);

/* The wilds held, in the order they are spent; returns how many. */
static int
wild_order(const struct probe *p, card_t *w)
{
	const uint8_t	*hand = p->s->hand[p->seat];
	uint8_t		 left[TSR_IDS];
	int		 n = 0, i;

	memcpy(left, hand, sizeof(left));
	if (p->pending != CARD_NONE && left[p->pending] > 0) {
		left[p->pending]--;
		w[n++] = p->pending;
	}
	if (p->keep_not != CARD_NONE && tsr_wild(p->keep_not))
		while (left[p->keep_not] > 0) {
			left[p->keep_not]--;
			w[n++] = p->keep_not;
		}
	for (i = 0; i < 5; i++)
		while (left[probe_wilds[i]] > 0) {
			left[probe_wilds[i]]--;
			w[n++] = probe_wilds[i];
		}
	return n;
}

/* All requirements placed: spend the wilds, check what is kept, write. */
static int
probe_leaf(struct probe *p)
{
	struct game_move	*mv;
	card_t			 w[TSR_DECK_MAX];
	uint8_t			 minus[TSR_IDS];
	int			 nw, i, g, k, pos, kept, c;

	nw = wild_order(p, w);
	if (p->wilds > nw)
		return 0;
	if (p->pending != CARD_NONE && p->wilds == 0)
		return 0;
	memset(minus, 0, sizeof(minus));
	for (i = 0; i < p->wilds; i++)
		minus[w[i]]++;
	for (g = 0; g < p->nreq; g++)
		for (i = 0; i < p->g[g].k; i++)
			minus[p->g[g].nat[i]]++;
	for (kept = 0, c = 0; c < TSR_IDS; c++)
		if (c != p->keep_not)
			kept += p->s->hand[p->seat][c] - minus[c];
	if (kept < 1)
		return 0;
	mv = &p->out[p->found];
	move_clear(mv);
	mv->verb = TSR_CONTRACT;
	for (k = 0, g = 0; g < p->nreq; g++) {
		if (p->g[g].kind == TSR_SET) {
			for (i = 0; i < p->g[g].k; i++)
				move_add_card(mv, p->g[g].nat[i], g);
			for (; i < p->req[g].len; i++)
				move_add_card(mv, w[k++], g);
			continue;
		}
		for (i = 0, pos = p->g[g].lo; pos < p->g[g].lo +
		    p->req[g].len; pos++) {
			if (p->g[g].mask & (1 << (pos - p->g[g].lo))) {
				move_add_card(mv, w[k++], g);
				mv->as[mv->ncards - 1] = tsr_run_card(p->g[g].suit,
				    pos);
			} else
				move_add_card(mv, p->g[g].nat[i++], g);
		}
	}
	return ++p->found >= p->max;
}

static int
probe_run(struct probe *p, int i)
{
	int	 len = p->req[i].len, suit, lo, mask, forced, pos, j, ok,
		 nw, k;
	card_t	 c;

	for (suit = 0; suit < 4; suit++)
		for (lo = 0; lo + len - 1 <= 13; lo++) {
			for (ok = 1, j = 0; j < i && ok; j++)
				ok = p->g[j].kind != TSR_RUN ||
				    p->g[j].suit != suit ||
				    (p->g[j].lo + p->req[j].len != lo &&
				    lo + len != p->g[j].lo);
			/* Positions whose natural is gone must be wild. */
			for (forced = 0, nw = 0, pos = 0; pos < len; pos++) {
				c = tsr_run_card(suit, lo + pos);
				if (tsr_wild(c) || p->h[c] == 0) {
					forced |= 1 << pos;
					nw++;
				}
			}
			if (!ok || p->wilds + nw > p->held)
				continue;
			for (mask = 0; mask < (1 << len); mask++) {
				if ((mask & forced) != forced ||
				    (mask & (mask >> 1)))
					continue;
				for (nw = 0, pos = 0; pos < len; pos++)
					nw += (mask >> pos) & 1;
				if (p->wilds + nw > p->held)
					continue;
				for (k = 0, pos = 0; pos < len; pos++) {
					c = tsr_run_card(suit, lo + pos);
					if (mask & (1 << pos))
						continue;
					if (tsr_wild(c) || p->h[c] == 0)
						break;
					p->h[c]--;
					p->g[i].nat[k++] = c;
				}
				if (pos == len && k > 0) {
					p->g[i].kind = TSR_RUN;
					p->g[i].suit = suit;
					p->g[i].lo = lo;
					p->g[i].mask = mask;
					p->g[i].k = k;
					p->wilds += nw;
					if (probe_req(p, i + 1))
						return 1;
					p->wilds -= nw;
				}
				while (k > 0)
					p->h[p->g[i].nat[--k]]++;
			}
		}
	return 0;
}

static int
probe_set(struct probe *p, int i)
{
	int	 len = p->req[i].len, r, k, j, got, suit, nat;
	card_t	 c, kn = p->keep_not;

	for (r = 0; r < 13; r++) {
		if (r == 1)
			continue;
		for (j = 0; j < i; j++)
			if (p->g[j].kind == TSR_SET && p->g[j].rank == r)
				break;
		if (j < i)
			continue;
		for (nat = 0, suit = 0; suit < 4; suit++)
			nat += p->h[13 * suit + r];
		for (k = 1; k <= len && k <= nat; k++) {
			if (p->wilds + len - k > p->held)
				continue;
			got = 0;
			if (kn != CARD_NONE && !tsr_wild(kn) &&
			    card_std_rank(kn) == r)
				while (got < k && p->h[kn] > 0) {
					p->h[kn]--;
					p->g[i].nat[got++] = kn;
				}
			for (suit = 0; suit < 4 && got < k; suit++) {
				c = (card_t)(13 * suit + r);
				while (got < k && p->h[c] > 0) {
					p->h[c]--;
					p->g[i].nat[got++] = c;
				}
			}
			if (got == k) {
				p->g[i].kind = TSR_SET;
				p->g[i].rank = r;
				p->g[i].k = k;
				p->wilds += len - k;
				if (probe_req(p, i + 1))
					return 1;
				p->wilds -= len - k;
			}
			while (got > 0)
				p->h[p->g[i].nat[--got]]++;
		}
	}
	return 0;
}

static int
probe_req(struct probe *p, int i)
{
	if (i == p->nreq)
		return probe_leaf(p);
	return p->req[i].kind == TSR_RUN ? probe_run(p, i) : probe_set(p, i);
}

int
tsr_probe(const void *st, int seat, struct game_move *out, int max)
{
	const struct tsr_state	*s = st;
	static const struct probe zero;
	struct probe		 p = zero;
	int			 c;

	if (!tsr_playing(s) || seat < 0 || seat >= s->nseats ||
	    seat != s->turn || s->phase != TSR_PHASE_PLAY ||
	    (s->down & (1u << seat)) || max < 1)
		return 0;
	p.s = s;
	p.seat = seat;
	p.max = max;
	p.out = out;
	p.keep_not = tsr_keep_not(s, seat);
	p.pending = s->pending;
	p.nreq = tsr_contract_reqs(tsr_current_contract(s, seat), p.req);
	for (c = 0; c < TSR_IDS; c++) {
		if (!tsr_wild((card_t)c))
			p.h[c] = s->hand[seat][c];
		else
			p.held += s->hand[seat][c];
	}
	if (p.nreq > 0)
		probe_req(&p, 0);
	return p.found;
}
