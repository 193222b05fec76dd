/*
 * vodkapolis_legal.c: Vodkapolis 500's legal moves (vodkapolis.h),
 * listed in the order of the checks in vodkapolis_rules.c but found
 * through buckets: the held cards and the table's melds by line (a
 * line holds 5 cards, so a bucket is small), and the take obligation
 * worked out once per listing.  The easy bot lists moves every step of
 * its own look-ahead, so this is most of a strong-bot playout's cost.
 */
#include "vodkapolis.h"

#include <string.h>

#include "move.h"

/* One listing's buckets, by line type (the attribute that varies) and key. */
struct lines {
	uint64_t	 hand[3][25][2];	/* held cards' indexes; see lines_init */
	uint8_t		 nhand[3][25];		/* how many */
	uint64_t	 melds[3][25];		/* table melds */
	uint64_t	 odd;			/* melds on no one line: tried for every card */
};

/*
 * still_placeable() of vodkapolis_rules.c for one listing: which melds
 * could take the taken card, how many held cards lie on each of its
 * lines; then each candidate costs its own cards only.  on is 0 when
 * nothing is owed.
 */
struct oblig {
	int		 on;
	card_t		 o;		/* the taken card */
	int		 nh;		/* cards held */
	int		 key[3];	/* o's line keys */
	int		 cnt[3];	/* held cards but o on each line */
	uint64_t	 room;		/* melds on o's line under 5 cards */
	uint64_t	 room2;		/* of those, under 4 (room after an add) */
};

static int
deck_card(card_t c)
{
	return c < VP_DECK;
}

/* The type of the line meld m lies on, or -1. */
static int
meld_line(const struct vp_meld *m)
{
	card_t	 a = m->cards[0], b = m->cards[1];
	int	 k;

	if (m->ncards < 2 || !deck_card(a) || !deck_card(b) || a == b)
		return -1;
	for (k = 0; k < 3; k++)
		if (vp_line_key(a, k) == vp_line_key(b, k))
			return k;
	return -1;
}

/*
 * The buckets of s; the held cards' indexes only with masks, and then
 * only in the held cards' own buckets.
 */
static void
lines_init(struct lines *ln, const struct vp_state *s, int seat, int masks)
{
	const card_t	*h = s->hands[seat];
	int		 i, k, key;

	/*
	 * Only the held cards' own buckets are read (pairs_after), so
	 * only theirs are cleared: a playout's hands are a few cards,
	 * the array 1200 bytes.
	 */
	for (i = 0; masks && i < s->nhand[seat]; i++)
		for (k = 0; k < 3 && deck_card(h[i]); k++)
			memset(ln->hand[k][vp_line_key(h[i], k)], 0,
			    sizeof(ln->hand[0][0]));
	memset(ln->nhand, 0, sizeof(ln->nhand));
	memset(ln->melds, 0, sizeof(ln->melds));
	ln->odd = 0;
	for (i = 0; i < s->nhand[seat]; i++)
		for (k = 0; k < 3 && deck_card(h[i]); k++) {
			key = vp_line_key(h[i], k);
			ln->nhand[k][key]++;
			if (masks)
				ln->hand[k][key][i >> 6] |=
				    (uint64_t)1 << (i & 63);
		}
	for (i = 0; i < s->nmelds && i < 64; i++) {
		if ((k = meld_line(&s->melds[i])) < 0)
			ln->odd |= (uint64_t)1 << i;
		else
			ln->melds[k][vp_line_key(s->melds[i].cards[0], k)] |=
			    (uint64_t)1 << i;
	}
}

/* The melds whose line x may be on (a superset; vp_on_line decides). */
static uint64_t
melds_near(const struct lines *ln, card_t x)
{
	if (!deck_card(x))
		return ~(uint64_t)0;
	return ln->melds[0][vp_line_key(x, 0)] |
	    ln->melds[1][vp_line_key(x, 1)] |
	    ln->melds[2][vp_line_key(x, 2)] | ln->odd;
}

static void
oblig_init(struct oblig *ob, const struct vp_state *s, int seat,
    const struct lines *ln)
{
	const card_t	*h = s->hands[seat];
	uint64_t	 near;
	int		 i, k;

	memset(ob, 0, sizeof(*ob));
	if (!vp_obliged(s) || !deck_card(s->taken))
		return;
	ob->on = 1;
	ob->o = s->taken;
	ob->nh = s->nhand[seat];
	for (k = 0; k < 3; k++)
		ob->key[k] = vp_line_key(ob->o, k);
	for (i = 0; i < ob->nh; i++)
		for (k = 0; k < 3; k++)
			if (h[i] != ob->o && deck_card(h[i]) &&
			    vp_line_key(h[i], k) == ob->key[k])
				ob->cnt[k]++;
	near = melds_near(ln, ob->o);
	for (i = 0; i < s->nmelds && i < 64; i++) {
		if (!((near >> i) & 1) || s->melds[i].ncards >= VP_MELD_MAX ||
		    !vp_on_line(&s->melds[i], ob->o))
			continue;
		ob->room |= (uint64_t)1 << i;
		if (s->melds[i].ncards + 1 < VP_MELD_MAX)
			ob->room2 |= (uint64_t)1 << i;
	}
}

/*
 * The rules' still_placeable(s, seat, rm, nrm, extra, grown) for rm[]
 * distinct held cards, from ob.
 */
static int
oblig_ok(const struct oblig *ob, const card_t *rm, int nrm,
    const struct vp_meld *extra, int grown)
{
	uint64_t	 room = ob->room;
	int		 i, k, c, n = ob->nh - nrm;

	if (!ob->on)
		return 1;
	for (i = 0; i < nrm; i++)
		if (rm[i] == ob->o)
			return 1;
	if (n >= 2) {
		if (grown >= 0 && grown < 64 &&
		    !((ob->room2 >> grown) & 1))
			room &= ~((uint64_t)1 << grown);
		if (room != 0 || (extra != NULL && vp_on_line(extra, ob->o)))
			return 1;
	}
	if (n < 4)
		return 0;
	for (k = 0; k < 3; k++) {
		c = ob->cnt[k];
		for (i = 0; i < nrm; i++)
			if (deck_card(rm[i]) &&
			    vp_line_key(rm[i], k) == ob->key[k])
				c--;
		if (c >= 2)
			return 1;
	}
	return 0;
}

/*
 * The pairs j < k after index i in i's buckets, as j << 8 | k, sorted:
 * with i, the triples on one line in the order of a loop over j, k.
 * Distinct cards share at most one line, so no pair comes twice.
 */
static int
pairs_after(const struct lines *ln, card_t x, int i, uint16_t *out)
{
	uint64_t	 w[2];
	uint16_t	 t;
	int		 idx[VP_MELD_MAX], k, a, b, m, n = 0, p, q;

	for (k = 0; k < 3; k++) {
		/* x and two more: a bucket of three at least. */
		if (ln->nhand[k][vp_line_key(x, k)] < 3)
			continue;
		memcpy(w, ln->hand[k][vp_line_key(x, k)], sizeof(w));
		m = 0;
		for (a = 0; a < 2; a++)
			for (; w[a] != 0 && m < VP_MELD_MAX;
			    w[a] &= w[a] - 1) {
				b = a * 64 + __builtin_ctzll(w[a]);
				if (b > i)
					idx[m++] = b;
			}
		for (p = 0; p < m; p++)
			for (q = p + 1; q < m; q++)
				out[n++] = (uint16_t)(idx[p] << 8 | idx[q]);
	}
	for (p = 1; p < n; p++) {
		t = out[p];
		for (q = p; q > 0 && out[q - 1] > t; q--)
			out[q] = out[q - 1];
		out[q] = t;
	}
	return n;
}

/* The new melds, each before every seat rule 4b allows. */
static void
legal_melds(const struct vp_state *s, int seat, const struct lines *ln,
    const struct oblig *ob, struct game_move *out, struct vp_new_meld *nm,
    int max, int *n)
{
	const card_t		*h = s->hands[seat];
	struct vp_new_meld	 sm;
	struct vp_meld		 m;
	uint16_t		 pr[3 * 10];
	unsigned		 tmask;
	int			 nh = s->nhand[seat], i, j, k, t, p, np;

	if (nh < 4 || (tmask = vp_targets(s, seat)) == 0)
		return;
	memset(&m, 0, sizeof(m));
	m.ncards = 3;
	for (i = 0; i < nh; i++) {
		if (!deck_card(h[i]))
			continue;
		np = pairs_after(ln, h[i], i, pr);
		for (p = 0; p < np; p++) {
			/*
			 * Three distinct cards of one line's bucket agree on
			 * exactly its two fixed attributes: a meld, no check.
			 */
			j = pr[p] >> 8;
			k = pr[p] & 0xff;
			m.cards[0] = h[i];
			m.cards[1] = h[j];
			m.cards[2] = h[k];
			if (!oblig_ok(ob, m.cards, 3, &m, -1))
				continue;
			for (t = 0; t < s->nseats; t++) {
				if (!((tmask >> t) & 1))
					continue;
				/* Built in place, and only when kept. */
				if (*n < max) {
					sm.cards[0] = h[i];
					sm.cards[1] = h[j];
					sm.cards[2] = h[k];
					sm.at = (int8_t)t;
					if (out != NULL)
						vp_new_meld_move(&sm,
						    &out[*n]);
					else
						nm[*n] = sm;
				}
				(*n)++;
			}
		}
	}
}

/*
 * Which chain cards the rules' check_take() allows, into ok[]: the
 * chain is walked from its end, keeping the counts of the cards that
 * a take from there brings in on each line.
 */
static void
legal_takes(const struct vp_state *s, int seat, const struct lines *ln,
    uint8_t *ok)
{
	const card_t	*h = s->hands[seat];
	uint8_t		 hc[3][25], cc[3][25];
	uint64_t	 near;
	card_t		 x;
	int		 nh = s->nhand[seat], i, k, m, n, table;

	memset(hc, 0, sizeof(hc));
	memset(cc, 0, sizeof(cc));
	for (i = 0; i < nh; i++)
		for (k = 0; k < 3 && deck_card(h[i]); k++)
			hc[k][vp_line_key(h[i], k)]++;
	for (i = s->nchain - 1; i >= 0; i--) {
		x = s->chain[i];
		ok[i] = 0;
		n = nh + s->nchain - i;
		if (!deck_card(x) || n > VP_HAND_MAX)
			continue;
		/* The melds near x only, by bit. */
		near = melds_near(ln, x);
		if (s->nmelds < 64)
			near &= ((uint64_t)1 << s->nmelds) - 1;
		for (table = 0; near != 0 && !table; near &= near - 1) {
			m = __builtin_ctzll(near);
			table = s->melds[m].ncards < VP_MELD_MAX &&
			    vp_on_line(&s->melds[m], x);
		}
		if (n >= 2 && table)
			ok[i] = 1;
		for (k = 0; k < 3 && n >= 4 && !ok[i]; k++)
			ok[i] = hc[k][vp_line_key(x, k)] +
			    cc[k][vp_line_key(x, k)] >= 2;
		for (k = 0; k < 3; k++)
			cc[k][vp_line_key(x, k)]++;
	}
}

/*
 * How many moves legal_melds() lists when nothing is owed: every three
 * held cards of one line, before every target (distinct cards share
 * at most one line, so no triple is counted twice).
 */
static int
count_melds(const struct vp_state *s, int seat, const struct lines *ln)
{
	unsigned	 tmask;
	int		 k, key, m, t, n = 0;

	if (s->nhand[seat] < 4 || (tmask = vp_targets(s, seat)) == 0)
		return 0;
	for (k = 0; k < 3; k++)
		for (key = 0; key < 25; key++) {
			m = ln->nhand[k][key];
			n += m * (m - 1) * (m - 2) / 6;
		}
	for (t = 0; tmask != 0; tmask &= tmask - 1)
		t++;
	return n * t;
}

/* The adds, held card by held card, then meld by meld. */
static void
legal_adds(const struct vp_state *s, int seat, const struct lines *ln,
    const struct oblig *ob, struct game_move *out, int max, int *n)
{
	uint64_t	 near;
	card_t		 c;
	int		 i, m, nh = s->nhand[seat];

	for (i = 0; i < nh && nh >= 2; i++) {
		c = s->hands[seat][i];
		near = melds_near(ln, c);
		for (m = 0; m < s->nmelds; m++) {
			if ((m < 64 && !((near >> m) & 1)) ||
			    !vp_fits(&s->melds[m], c) ||
			    !oblig_ok(ob, &c, 1, NULL, m))
				continue;
			if (*n < max) {
				move_simple(&out[*n], VP_ADD, c);
				out[*n].on = s->melds[m].cards[0];
			}
			(*n)++;
		}
	}
}

/* May seat list moves in st now?  1 in the draw or play phase, on turn. */
static int
listing(const struct vp_state *s, int seat)
{
	if (s->phase != VP_PHASE_DRAW && s->phase != VP_PHASE_PLAY)
		return 0;
	return seat == s->turn && (s->viewer == VP_NOT_A_VIEW ||
	    s->viewer == seat);
}

int
vp_legal_adds(const struct vp_state *s, int seat, int *nmelds,
    struct game_move *out, int max, struct vp_new_meld *melds, int mmax)
{
	struct lines	 ln;
	struct oblig	 ob;
	int		 n = 0;

	*nmelds = 0;
	if (!listing(s, seat) || s->phase != VP_PHASE_PLAY)
		return 0;
	lines_init(&ln, s, seat, 1);
	oblig_init(&ob, s, seat, &ln);
	legal_adds(s, seat, &ln, &ob, out, max, &n);
	if ((n == 0 || max == 0) && mmax > 0)
		legal_melds(s, seat, &ln, &ob, NULL, melds, mmax, nmelds);
	/*
	 * Counted: every three cards of a line, unless a card is owed and
	 * no meld on the table can take it (then each meld is checked).
	 */
	else if (!ob.on || (ob.room != 0 && ob.nh >= 5))
		*nmelds = count_melds(s, seat, &ln);
	else
		legal_melds(s, seat, &ln, &ob, NULL, NULL, 0, nmelds);
	return n;
}

void
vp_new_meld_move(const struct vp_new_meld *nm, struct game_move *mv)
{
	move_clear(mv);
	mv->verb = VP_MELD;
	move_add_card(mv, nm->cards[0], 0);
	move_add_card(mv, nm->cards[1], 0);
	move_add_card(mv, nm->cards[2], 0);
	mv->at = nm->at;
}

int
vp_legal_takes(const struct vp_state *s, int seat, uint8_t *ok)
{
	struct lines	 ln;
	int		 i, n;

	if (!listing(s, seat) || s->phase != VP_PHASE_DRAW)
		return 0;
	/* The takes ask the table's buckets only, never the hand's. */
	lines_init(&ln, s, seat, 0);
	legal_takes(s, seat, &ln, ok);
	for (n = s->nstock > 0, i = 0; i < s->nchain; i++)
		n += ok[i];
	return n;
}

int
vp_legal(const void *st, int seat, struct game_move *out, int max)
{
	const struct vp_state	*s = st;
	struct game_move	 mv;
	struct lines		 ln;
	struct oblig		 ob;
	uint8_t			 ok[VP_DECK];
	int			 n = 0, i, nh;

	if (!listing(s, seat))
		return 0;
	nh = s->nhand[seat];
	if (s->phase == VP_PHASE_DRAW) {
		if (s->nstock > 0) {
			move_simple(&mv, VP_DRAW, CARD_NONE);
			move_list_add(out, max, &n, &mv);
		}
		vp_legal_takes(s, seat, ok);
		for (i = 0; i < s->nchain; i++)
			if (ok[i]) {
				move_simple(&mv, VP_TAKE, s->chain[i]);
				move_list_add(out, max, &n, &mv);
			}
		return n;
	}
	lines_init(&ln, s, seat, 1);
	oblig_init(&ob, s, seat, &ln);
	legal_melds(s, seat, &ln, &ob, out, NULL, max, &n);
	legal_adds(s, seat, &ln, &ob, out, max, &n);
	if (s->nlog > 0) {
		move_simple(&mv, VP_UNDO, CARD_NONE);
		move_list_add(out, max, &n, &mv);
	}
	if (!ob.on)
		for (i = 0; i < nh; i++) {
			move_simple(&mv, VP_DISCARD, s->hands[seat][i]);
			move_list_add(out, max, &n, &mv);
		}
	return n;
}
