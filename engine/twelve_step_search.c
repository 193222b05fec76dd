/*
 * twelve_step_search.c: the 12-Step Rummy contract search
 * (tsr_find_contract): one way to lay a contract from hand counts, for
 * legal(), the liberation check of free_liberate and the timeout move.
 */
#include "twelve_step.h"

#include <string.h>

/* Wild ids in the order the search spends them. */
static const card_t wild_ids[5] = { 1, 14, 27, 40, CARD_STD_JK };

/*
 * The search runs twice.  The first pass puts a natural wherever the
 * hand holds it; the second, run only when the first finds nothing, a
 * wild is held and the contract has a run or a card must be spent,
 * also tries a wild in place of a held natural (two overlapping runs
 * of one suit, a set needing the natural a run took, a wild taken from
 * the pile that must not be kept) and spends the card the player may
 * not discard first.  The first pass alone decides every position it
 * can, so its contracts stay the ones listed before.
 */
struct search {
	uint8_t			 h[TSR_IDS];
	int			 n, used, nreq, wilds;
	int			 any_wild;	/* second pass */
	card_t			 keep_not, must;
	struct tsr_req		 req[TSR_REQS_MAX];
	struct tsr_meld		 out[TSR_REQS_MAX];
};

static card_t
take_wild(struct search *s)
{
	int	 i;

	if (s->must != CARD_NONE && s->h[s->must] > 0) {
		s->h[s->must]--;
		s->wilds--;
		return s->must;
	}
	if (s->any_wild && s->keep_not != CARD_NONE &&
	    tsr_wild(s->keep_not) && s->h[s->keep_not] > 0) {
		s->h[s->keep_not]--;
		s->wilds--;
		return s->keep_not;
	}
	for (i = 0; i < 5; i++)
		if (s->h[wild_ids[i]] > 0) {
			s->h[wild_ids[i]]--;
			s->wilds--;
			return wild_ids[i];
		}
	return CARD_NONE;
}

static void
give_back(struct search *s, const struct tsr_meld *m)
{
	int	 i;

	for (i = 0; i < TSR_MELD_MAX; i++)
		if (m->cards[i] != CARD_NONE && (m->kind == TSR_RUN ?
		    i < TSR_RUN_POS : i < m->ncards)) {
			s->h[m->cards[i]]++;
			if (tsr_wild(m->cards[i]))
				s->wilds++;
		}
	s->used -= m->ncards;
}

static int
uses(const struct tsr_meld *m, card_t c)
{
	int	 i;

	for (i = 0; i < TSR_MELD_MAX; i++)
		if (m->cards[i] == c)
			return 1;
	return 0;
}

/* Leaf: place the required card if unused, then check what is kept. */
static int
leaf(struct search *s)
{
	struct tsr_meld	*m;
	int		 i, used = 0, left;

	if (s->must != CARD_NONE) {
		for (i = 0; i < s->nreq; i++)
			used |= uses(&s->out[i], s->must);
		if (!used) {
			if (s->h[s->must] == 0)
				return 0;
			for (i = 0; i < s->nreq; i++) {
				m = &s->out[i];
				if (m->kind == TSR_SET) {
					m->cards[m->ncards++] = s->must;
					break;
				}
				if (m->hi < 13 && m->hi - m->lo + 2 <= 13 &&
				    !tsr_wild(m->cards[m->hi])) {
					m->cards[++m->hi] = s->must;
					m->ncards++;
					break;
				}
				if (m->lo > 0 && m->hi - m->lo + 2 <= 13 &&
				    !tsr_wild(m->cards[m->lo])) {
					m->cards[--m->lo] = s->must;
					m->ncards++;
					break;
				}
			}
			if (i == s->nreq)
				return 0;
			s->h[s->must]--;
			s->used++;
		}
	}
	left = s->n - s->used;
	if (s->keep_not != CARD_NONE)
		left -= s->h[s->keep_not];
	return left >= 1;
}

static int	search(struct search *s, int i);
static int	search_run_any(struct search *s, int i);

/* Would run position p of suit need a wild (no natural of it held)? */
static int
wild_at(const struct search *s, int suit, int p)
{
	card_t	 c = tsr_run_card(suit, p);

	return tsr_wild(c) || s->h[c] == 0;
}

static int
touches(const struct search *s, int i, int suit, int lo, int hi)
{
	int	 j;

	for (j = 0; j < i; j++)
		if (s->out[j].kind == TSR_RUN && s->out[j].suit == suit &&
		    (s->out[j].hi + 1 == lo || hi + 1 == s->out[j].lo))
			return 1;
	return 0;
}

static int
search_run(struct search *s, int i)
{
	struct tsr_meld	*m = &s->out[i];
	int		 len = s->req[i].len, w, want, suit, lo, p, ok;
	card_t		 c;

	if (s->any_wild)
		return search_run_any(s, i);
	for (want = 0; want <= len / 2 + 1; want++)
		for (suit = 0; suit < 4; suit++)
			for (lo = 0; lo + len - 1 <= 13; lo++) {
				if (touches(s, i, suit, lo, lo + len - 1))
					continue;
				w = 0;
				ok = 1;
				for (p = lo; p < lo + len && ok; p++) {
					c = tsr_run_card(suit, p);
					if (tsr_wild(c) || s->h[c] == 0) {
						w++;
						ok = p == lo || !wild_at(s,
						    suit, p - 1);
					}
				}
				if (!ok || w != want || w > s->wilds)
					continue;
				memset(m, 0, sizeof(*m));
				memset(m->cards, CARD_NONE, sizeof(m->cards));
				m->kind = TSR_RUN;
				m->suit = (uint8_t)suit;
				m->lo = (uint8_t)lo;
				m->hi = (uint8_t)(lo + len - 1);
				m->ncards = (uint8_t)len;
				for (p = lo; p < lo + len; p++) {
					c = tsr_run_card(suit, p);
					if (!tsr_wild(c) && s->h[c] > 0) {
						s->h[c]--;
						m->cards[p] = c;
					} else
						m->cards[p] = take_wild(s);
				}
				s->used += len;
				if (search(s, i + 1))
					return 1;
				give_back(s, m);
			}
	return 0;
}

/* Take run position p of suit from the hand: a wild if wild, else its natural. */
static card_t
take_at(struct search *s, int suit, int p, int wild)
{
	card_t	 c = tsr_run_card(suit, p);

	if (wild)
		return take_wild(s);
	s->h[c]--;
	return c;
}

/*
 * The positions of each span of run requirement i, for the second pass:
 * forced[] those that must be wild (no natural left), spare[] those
 * whose natural may give way to a wild.  A natural gives way only where
 * that could help: leaving it to a later requirement that has no other
 * copy (a run of the same suit, a set of its rank), or when a wild must
 * be spent (the liberated one, or a taken wild that may not be kept).
 */
static void
run_spans(const struct search *s, int i, int len,
    unsigned forced[4][TSR_RUN_POS], unsigned spare[4][TSR_RUN_POS])
{
	int	 rank[13], later_run = 0, later_set = 0, all, suit, lo, p, j;
	unsigned fs, ss;
	card_t	 c;

	all = s->must != CARD_NONE || (s->keep_not != CARD_NONE &&
	    tsr_wild(s->keep_not));
	for (j = i + 1; j < s->nreq; j++) {
		later_run |= s->req[j].kind == TSR_RUN;
		later_set |= s->req[j].kind == TSR_SET;
	}
	for (p = 0; p < 13; p++)
		for (rank[p] = 0, suit = 0; suit < 4; suit++)
			rank[p] += s->h[13 * suit + p];
	for (suit = 0; suit < 4; suit++) {
		/* Bit p of the whole suit, position p = 0 (low ace) .. 13. */
		for (fs = ss = 0, p = 0; p < TSR_RUN_POS; p++) {
			c = tsr_run_card(suit, p);
			if (tsr_wild(c) || s->h[c] == 0)
				fs |= 1u << p;
			else if (all || (later_run && s->h[c] == 1) ||
			    (later_set && rank[card_std_rank(c)] == 1))
				ss |= 1u << p;
		}
		for (lo = 0; lo + len - 1 <= 13; lo++) {
			forced[suit][lo] = (fs >> lo) & ((1u << len) - 1);
			spare[suit][lo] = (ss >> lo) & ((1u << len) - 1);
		}
	}
}

static int
bits(unsigned m)
{
	int	 n = 0;

	for (; m != 0; m &= m - 1)
		n++;
	return n;
}

/*
 * The second pass over runs: the wilds of a span may be any positions,
 * no two side by side (bit p - lo of mask), the forced ones and any of
 * the spare ones (run_spans); fewest wilds first.
 */
static int
search_run_any(struct search *s, int i)
{
	struct tsr_meld	*m = &s->out[i];
	unsigned	 forced[4][TSR_RUN_POS], spare[4][TSR_RUN_POS];
	unsigned	 sub, mask;
	int		 len = s->req[i].len, want, suit, lo, p, f;

	run_spans(s, i, len, forced, spare);
	for (want = 0; want <= (len + 1) / 2 && want <= s->wilds; want++)
		for (suit = 0; suit < 4; suit++)
			for (lo = 0; lo + len - 1 <= 13; lo++) {
				f = bits(forced[suit][lo]);
				if (f > want || want - f > bits(spare[suit][lo]) ||
				    touches(s, i, suit, lo, lo + len - 1))
					continue;
				sub = 0;
				do {
					mask = forced[suit][lo] | sub;
					sub = (sub - spare[suit][lo]) &
					    spare[suit][lo];
					if (bits(mask) != want ||
					    (mask & (mask >> 1)))
						continue;
					memset(m, 0, sizeof(*m));
					memset(m->cards, CARD_NONE,
					    sizeof(m->cards));
					m->kind = TSR_RUN;
					m->suit = (uint8_t)suit;
					m->lo = (uint8_t)lo;
					m->hi = (uint8_t)(lo + len - 1);
					m->ncards = (uint8_t)len;
					for (p = 0; p < len; p++)
						m->cards[lo + p] = take_at(s,
						    suit, lo + p,
						    (mask >> p) & 1);
					s->used += len;
					if (search(s, i + 1))
						return 1;
					give_back(s, m);
				} while (sub != 0);
			}
	return 0;
}

static int
search_set(struct search *s, int i)
{
	struct tsr_meld	*m = &s->out[i];
	int		 len = s->req[i].len, r, nat, k, j, suit, got;
	card_t		 c, kn = s->keep_not;

	for (r = 0; r < 13; r++) {
		if (r == 1)
			continue;
		for (j = 0; j < i; j++)
			if (s->out[j].kind == TSR_SET && s->out[j].rank == r)
				break;
		if (j < i)
			continue;
		for (nat = 0, suit = 0; suit < 4; suit++)
			nat += s->h[13 * suit + r];
		for (k = nat < len ? nat : len; k >= 1 && len - k <= s->wilds;
		    k--) {
			memset(m, 0, sizeof(*m));
			memset(m->cards, CARD_NONE, sizeof(m->cards));
			m->kind = TSR_SET;
			m->rank = (uint8_t)r;
			got = 0;
			/* The second pass lays the card kept back first. */
			if (s->any_wild && kn != CARD_NONE && !tsr_wild(kn) &&
			    card_std_rank(kn) == r)
				while (s->h[kn] > 0 && got < k) {
					s->h[kn]--;
					m->cards[got++] = kn;
				}
			for (suit = 0; suit < 4 && got < k; suit++) {
				c = (card_t)(13 * suit + r);
				while (s->h[c] > 0 && got < k) {
					s->h[c]--;
					m->cards[got++] = c;
				}
			}
			for (; got < len; got++)
				m->cards[got] = take_wild(s);
			m->ncards = (uint8_t)len;
			s->used += len;
			if (search(s, i + 1))
				return 1;
			give_back(s, m);
		}
	}
	return 0;
}

static int
search(struct search *s, int i)
{
	struct search	 save;

	if (i == s->nreq) {
		save = *s;
		if (leaf(s))
			return 1;
		*s = save;
		return 0;
	}
	return s->req[i].kind == TSR_RUN ? search_run(s, i) :
	    search_set(s, i);
}

int
tsr_find_contract(const uint8_t h[TSR_IDS], int n, int k, card_t keep_not,
    card_t must, struct tsr_meld out[TSR_REQS_MAX])
{
	struct search	 s;
	struct tsr_req	 reqs[TSR_REQS_MAX];
	int		 i, j, nr;

	memset(&s, 0, sizeof(s));
	nr = tsr_contract_reqs(k, reqs);
	if (nr == 0)
		return 0;
	/* Runs first: they are the more constrained. */
	for (i = j = 0; i < nr; i++)
		if (reqs[i].kind == TSR_RUN)
			s.req[j++] = reqs[i];
	for (i = 0; i < nr; i++)
		if (reqs[i].kind == TSR_SET)
			s.req[j++] = reqs[i];
	s.nreq = nr;
	memcpy(s.h, h, TSR_IDS);
	s.n = n;
	s.keep_not = keep_not;
	s.must = must;
	for (i = 0; i < 5; i++)
		s.wilds += h[wild_ids[i]];
	if (!search(&s, 0)) {
		/* Without a run or a card to spend, it would find the same. */
		if (s.wilds == 0 || (s.req[0].kind != TSR_RUN &&
		    must == CARD_NONE && keep_not == CARD_NONE))
			return 0;
		s.any_wild = 1;
		if (!search(&s, 0))
			return 0;
	}
	memcpy(out, s.out, sizeof(s.out[0]) * (size_t)nr);
	return nr;
}
