/*
 * vodkapolis_greedy.c: the easy bot's greedy play (vodkapolis_bot.c,
 * greedy) on a compact copy of one seat's cards and the table, for
 * choose_draw's look-ahead, which was most of a strong-bot playout.
 *
 * The moves are the ones best_meld picks with no noise from
 * vp_legal_adds' list, found without listing or applying them: a line
 * holds at most one meld (3 + 3 > 5), so a card's adds are the melds
 * on its three lines; the best new meld is the first triple in hand
 * order of the highest penalty (target worth is under 20, one card's
 * step, so it only names the target: the first of the best worth);
 * the take obligation is vodkapolis_legal.c's oblig_ok on counts.
 * What it does not model it leaves to the slow play (-1): a meld on no
 * one line, a card off the deck, a list past the bot's MOVES_MAX.
 * The lines are slots 0..74 with a table of each card's three, so no
 * division is left in the inner loops; the floors of the takes
 * (vp_bot_take_floors) use them too.
 */
#include "vodkapolis.h"

#include <limits.h>
#include <string.h>

enum {
	MOVES_MAX = 512,		/* vodkapolis_bot.c's list */
	CARD_WEIGHT = 3,		/* as in vodkapolis_bot.c */
	SLOTS = 75			/* lines: k * 25 + vp_line_key(c, k) */
};

/* A card's three line slots, its penalty, a slot's cards by id. */
#define SLOT(c)		{ (c) % 25, 25 + (c) / 25 * 5 + (c) % 5, \
			    50 + (c) / 5 }
#define SLOT5(c)	SLOT(c), SLOT((c) + 1), SLOT((c) + 2), \
			    SLOT((c) + 3), SLOT((c) + 4)
#define SLOT25(c)	SLOT5(c), SLOT5((c) + 5), SLOT5((c) + 10), \
			    SLOT5((c) + 15), SLOT5((c) + 20)
#define VAL(c)		(5 * (1 + ((c) / 25 == 4) + ((c) / 5 % 5 == 4) + \
			    ((c) % 5 == 4)))
#define VAL5(c)		VAL(c), VAL((c) + 1), VAL((c) + 2), VAL((c) + 3), \
			    VAL((c) + 4)
#define VAL25(c)	VAL5(c), VAL5((c) + 5), VAL5((c) + 10), \
			    VAL5((c) + 15), VAL5((c) + 20)
#define LC(s, i)	((s) < 25 ? (s) + 25 * (i) : (s) < 50 ? \
			    25 * (((s) - 25) / 5) + 5 * (i) + ((s) - 25) % 5 : \
			    5 * ((s) - 50) + (i))
#define BIT(c, h)	((uint64_t)((c) / 64 == (h)) << ((c) & 63))
#define MASKH(s, h)	(BIT(LC(s, 0), h) | BIT(LC(s, 1), h) | \
			    BIT(LC(s, 2), h) | BIT(LC(s, 3), h) | \
			    BIT(LC(s, 4), h))
#define MASK(s)		{ MASKH(s, 0), MASKH(s, 1) }
#define MASK5(s)	MASK(s), MASK((s) + 1), MASK((s) + 2), \
			    MASK((s) + 3), MASK((s) + 4)
#define MASK25(s)	MASK5(s), MASK5((s) + 5), MASK5((s) + 10), \
			    MASK5((s) + 15), MASK5((s) + 20)

static const uint8_t slot_of[VP_DECK][3] = {
	SLOT25(0), SLOT25(25), SLOT25(50), SLOT25(75), SLOT25(100)
};
static const uint8_t value_of[VP_DECK] = {
	VAL25(0), VAL25(25), VAL25(50), VAL25(75), VAL25(100)
};
static const uint64_t line_mask[SLOTS][2] = {	/* a slot's cards */
	MASK25(0), MASK25(25), MASK25(50)
};

struct gp {
	uint64_t	 held[2];	/* by card id: hand order */
	uint64_t	 big[2];	/* slots holding 3 cards or more */
	uint64_t	 room[2];	/* slots of a meld under 5 cards */
	uint8_t		 cnt[SLOTS];	/* held cards by line */
	int8_t		 meld[SLOTS];	/* the meld on each line, or -1 */
	uint8_t		 size[VP_MELDS_MAX];
	uint8_t		 opp[VP_MELDS_MAX];	/* in front of an opponent */
	int		 laid[VP_SEATS_MAX];	/* seat's new melds by target */
	int		 tw[VP_SEATS_MAX];	/* vp_bot_target_worth */
	int		 nmelds, nh, pen;
	int		 ntri;		/* every three held cards of a line */
	int		 o;		/* the card owed, or -1 */
};

static int
has(const uint64_t m[2], int c)
{
	return (m[c >> 6] >> (c & 63)) & 1;
}

static void
set(uint64_t m[2], int c, int on)
{
	if (on)
		m[c >> 6] |= (uint64_t)1 << (c & 63);
	else
		m[c >> 6] &= ~((uint64_t)1 << (c & 63));
}

/* The slot of the line meld m lies on, or -1 (vodkapolis_legal.c). */
static int
meld_slot(const struct vp_meld *m)
{
	card_t	 a = m->cards[0], b = m->cards[1];
	int	 k;

	if (m->ncards < VP_MELD_MIN || m->ncards > VP_MELD_MAX ||
	    a >= VP_DECK || b >= VP_DECK || a == b)
		return -1;
	for (k = 0; k < 3; k++)
		if (slot_of[a][k] == slot_of[b][k])
			return slot_of[a][k];
	return -1;
}

/* Card c comes into the hand: 0, or -1 off the deck or held. */
static int
gp_add(struct gp *g, card_t c)
{
	int	 k, l;

	if (c >= VP_DECK || has(g->held, c))
		return -1;
	set(g->held, c, 1);
	for (k = 0; k < 3; k++) {
		l = slot_of[c][k];
		/* The triples c makes: two more of those held. */
		g->ntri += g->cnt[l] * (g->cnt[l] - 1) / 2;
		if (++g->cnt[l] == 3)
			set(g->big, l, 1);
	}
	g->pen += value_of[c];
	g->nh++;
	return 0;
}

static int
gp_init(struct gp *g, const struct vp_state *s, int seat)
{
	const struct vp_meld	*m;
	int			 i, l;

	memset(g, 0, sizeof(*g));
	memset(g->meld, -1, sizeof(g->meld));
	g->o = -1;
	if (seat < 0 || seat >= VP_SEATS_MAX || s->nmelds > VP_MELDS_MAX)
		return -1;
	for (i = 0; i < s->nhand[seat]; i++)
		if (gp_add(g, s->hands[seat][i]) != 0)
			return -1;
	for (i = 0; i < s->nmelds; i++) {
		m = &s->melds[i];
		if ((l = meld_slot(m)) < 0 || g->meld[l] >= 0)
			return -1;
		g->meld[l] = (int8_t)i;
		g->size[i] = m->ncards;
		set(g->room, l, m->ncards < VP_MELD_MAX);
		g->opp[i] = m->target != seat;
		if (m->originator == seat && m->target < VP_SEATS_MAX)
			g->laid[m->target]++;
	}
	g->nmelds = s->nmelds;
	for (i = 0; i < s->nseats && i < VP_SEATS_MAX; i++)
		g->tw[i] = vp_bot_target_worth(s, seat, i);
	if (vp_obliged(s) && s->taken < VP_DECK)
		g->o = s->taken;
	return 0;
}

/* vp_targets on g's counts. */
static unsigned
gp_targets(const struct gp *g, const struct vp_state *s, int seat)
{
	unsigned	 mask = 0;
	int		 x, min = -1;

	for (x = 0; x < s->nseats && x < VP_SEATS_MAX; x++)
		if (x != seat && (s->active & (1u << x)) &&
		    (min < 0 || g->laid[x] < min))
			min = g->laid[x];
	for (x = 0; x < s->nseats && x < VP_SEATS_MAX; x++)
		if (x != seat && (s->active & (1u << x)) && g->laid[x] == min)
			mask |= 1u << x;
	return mask;
}

/* Is there room on a meld of o's lines, grown (or -1) given a card? */
static int
o_room(const struct gp *g, int grown)
{
	int	 k, m;

	for (k = 0; k < 3; k++) {
		m = g->meld[slot_of[g->o][k]];
		if (m >= 0 && g->size[m] + (m == grown) < VP_MELD_MAX)
			return 1;
	}
	return 0;
}

/*
 * oblig_ok of vodkapolis_legal.c: may the cards rm[0..nrm-1] leave the
 * hand, onto meld grown (or -1) or as a new meld on slot line (or -1),
 * and the owed card still reach the table?
 */
static int
gp_oblig_ok(const struct gp *g, const int *rm, int nrm, int grown, int line)
{
	int	 i, k, c, l, n = g->nh - nrm;

	if (g->o < 0)
		return 1;
	for (i = 0; i < nrm; i++)
		if (rm[i] == g->o)
			return 1;
	if (n >= 2 && (o_room(g, grown) || (line >= 0 &&
	    slot_of[g->o][line / 25] == line)))
		return 1;
	if (n < 4)
		return 0;
	for (k = 0; k < 3; k++) {
		l = slot_of[g->o][k];
		c = g->cnt[l] - 1;
		for (i = 0; i < nrm; i++)
			if (slot_of[rm[i]][k] == l)
				c--;
		if (c >= 2)
			return 1;
	}
	return 0;
}

static void
gp_remove(struct gp *g, int c)
{
	int	 k, l, m;

	set(g->held, c, 0);
	for (k = 0; k < 3; k++) {
		l = slot_of[c][k];
		m = --g->cnt[l];
		/* The triples that held c: two more of m. */
		g->ntri -= m * (m - 1) / 2;
		if (m == 2)
			set(g->big, l, 0);
	}
	g->nh--;
	g->pen -= value_of[c];
	if (c == g->o)
		g->o = -1;
}

/* vp_bot_floor of g's hand and table: the cards of no line with room. */
static int
gp_floor(const struct gp *g)
{
	uint64_t	 ok[2] = { 0, 0 }, w;
	int		 h, f = 0;

	for (h = 0; h < 2; h++)
		for (w = g->big[h] | g->room[h]; w != 0; w &= w - 1) {
			ok[0] |= line_mask[h * 64 + __builtin_ctzll(w)][0];
			ok[1] |= line_mask[h * 64 + __builtin_ctzll(w)][1];
		}
	for (h = 0; h < 2; h++)
		for (w = g->held[h] & ~ok[h]; w != 0; w &= w - 1)
			f += value_of[h * 64 + __builtin_ctzll(w)] +
			    CARD_WEIGHT;
	return f;
}

/*
 * The best add: the first in list order (held cards in order, each
 * card's melds by index) of the highest worth (1000 + penalty, + 40
 * before an opponent), found from the melds with room.  Returns 1 with
 * *card, *meld; *nadd counts the adds before the obligation's check
 * (a bound for the list's cap).
 */
static int
gp_best_add(const struct gp *g, int *card, int *meld, int *nadd)
{
	uint64_t	 w, cm;
	int		 h, a, l, c, t, v, bw = 0;

	*nadd = 0;
	if (g->nh < 2)
		return 0;
	for (h = 0; h < 2; h++)
		for (w = g->room[h]; w != 0; w &= w - 1) {
			l = h * 64 + __builtin_ctzll(w);
			t = g->meld[l];
			for (a = 0; a < 2; a++)
				for (cm = g->held[a] & line_mask[l][a]; cm != 0;
				    cm &= cm - 1) {
					c = a * 64 + __builtin_ctzll(cm);
					(*nadd)++;
					v = 1000 + value_of[c] + 40 * g->opp[t];
					/* Equal worth: the earlier in the list. */
					if (v < bw || (v == bw && (c > *card ||
					    (c == *card && t > *meld))) ||
					    !gp_oblig_ok(g, &c, 1, t, -1))
						continue;
					bw = v;
					*card = c;
					*meld = t;
				}
		}
	return bw > 0;
}

/* Does triple t come before u in hand order (ids, each sorted)? */
static int
tri_before(const int t[3], const int u[3])
{
	return t[0] != u[0] ? t[0] < u[0] : t[1] != u[1] ? t[1] < u[1] :
	    t[2] < u[2];
}

/*
 * The best triple of cd[0..n-1] (3 to 5 cards by id) into t[], its
 * penalty returned: the n - 3 lowest penalties dropped, of equals the
 * highest id, so that of the triples of that penalty it is the first
 * in hand order.
 */
static int
tri_top(const int *cd, int n, int t[3])
{
	int	 drop[2] = { -1, -1 }, i, j, k, v = 0;

	for (j = 0; j < n - 3; j++) {
		for (k = -1, i = 0; i < n; i++)
			if (i != drop[0] && (k < 0 ||
			    value_of[cd[i]] <= value_of[cd[k]]))
				k = i;
		drop[j] = k;
	}
	for (j = 0, i = 0; i < n; i++)
		if (i != drop[0] && i != drop[1]) {
			t[j++] = cd[i];
			v += value_of[cd[i]];
		}
	return v;
}

/*
 * The best new meld's cards, the first triple in hand order of the
 * highest penalty that the obligation allows, and its slot in *line;
 * 0 when there is none.  A line whose tri_top cannot beat the best so
 * far is passed over; one whose tri_top the obligation allows gives
 * it; only on the others is every triple tried.
 */
static int
gp_best_meld(const struct gp *g, int best[3], int *line)
{
	uint64_t	 w, cm;
	int		 h, l, i, a, b, n, v, bv = -1, cd[VP_MELD_MAX], t[3];

	for (h = 0; h < 2; h++)
		for (w = g->big[h]; w != 0; w &= w - 1) {
			l = h * 64 + __builtin_ctzll(w);
			n = 0;
			for (a = 0; a < 2; a++)
				for (cm = g->held[a] & line_mask[l][a]; cm != 0;
				    cm &= cm - 1)
					cd[n++] = a * 64 + __builtin_ctzll(cm);
			v = tri_top(cd, n, t);
			if (v < bv || (v == bv && !tri_before(t, best)))
				continue;
			if (gp_oblig_ok(g, t, 3, -1, l)) {
				memcpy(best, t, sizeof(t));
				*line = l;
				bv = v;
				continue;
			}
			for (a = 0; a < n; a++)
				for (b = a + 1; b < n; b++)
					for (i = b + 1; i < n; i++) {
						t[0] = cd[a];
						t[1] = cd[b];
						t[2] = cd[i];
						v = value_of[t[0]] +
						    value_of[t[1]] +
						    value_of[t[2]];
						if (v < bv || (v == bv &&
						    !tri_before(t, best)) ||
						    !gp_oblig_ok(g, t, 3, -1, l))
							continue;
						memcpy(best, t, sizeof(t));
						*line = l;
						bv = v;
					}
		}
	return bv >= 0;
}

/* The slot of meld m, one of card c's. */
static int
m_slot(const struct gp *g, int c, int m)
{
	int	 k;

	for (k = 0; k < 2 && g->meld[slot_of[c][k]] != m; k++)
		;
	return slot_of[c][k];
}

/* The first target of the highest worth in mask. */
static int
gp_target(const struct gp *g, unsigned mask)
{
	int	 t, bt = -1;

	for (t = 0; t < VP_SEATS_MAX; t++)
		if (((mask >> t) & 1) && (bt < 0 || g->tw[t] > g->tw[bt]))
			bt = t;
	return bt;
}

/* The running floor of vp_bot_take_floors: cards come, never go. */
struct floor {
	uint8_t		 cnt[SLOTS];
	uint64_t	 room[2];	/* slots of a meld with room */
	uint64_t	 stuck[2];	/* by card id */
	int		 sum;
};

static void
floor_add(struct floor *f, card_t x)
{
	uint64_t	 w;
	int		 k, l, h, y, ok = 0;

	if (x >= VP_DECK)
		return;
	for (k = 0; k < 3; k++) {
		l = slot_of[x][k];
		ok |= ++f->cnt[l] >= 3 || has(f->room, l);
		if (f->cnt[l] != 3)
			continue;
		/* A third card on the line: its stuck cards may go. */
		for (h = 0; h < 2; h++)
			for (w = f->stuck[h] & line_mask[l][h]; w != 0;
			    w &= w - 1) {
				y = h * 64 + __builtin_ctzll(w);
				set(f->stuck, y, 0);
				f->sum -= value_of[y] + CARD_WEIGHT;
			}
	}
	if (!ok) {
		set(f->stuck, x, 1);
		f->sum += value_of[x] + CARD_WEIGHT;
	}
}

void
vp_bot_take_floors(const struct vp_state *v, int seat, int *fl)
{
	struct floor		 f;
	const struct vp_meld	*m;
	card_t			 a, b;
	int			 i, k;

	memset(&f, 0, sizeof(f));
	for (i = 0; i < v->nmelds; i++) {
		m = &v->melds[i];
		if (m->ncards >= VP_MELD_MAX)
			continue;
		a = m->cards[0];
		b = m->cards[1];
		/* As in vp_bot_floor: a meld on no one line, no floor. */
		if (m->ncards < 2 || a >= VP_DECK || b >= VP_DECK ||
		    card_tt_matches(a, b) != 2) {
			memset(fl, 0, sizeof(*fl) * v->nchain);
			return;
		}
		for (k = 0; k < 3; k++)
			if (slot_of[a][k] == slot_of[b][k])
				set(f.room, slot_of[a][k], 1);
	}
	for (i = 0; i < v->nhand[seat]; i++)
		floor_add(&f, v->hands[seat][i]);
	for (i = v->nchain - 1; i >= 0; i--) {
		floor_add(&f, v->chain[i]);
		fl[i] = f.sum;
	}
}

/* The greedy play on g from s (seats, targets): vp_greedy_fast. */
static int
gp_run(struct gp *g, const struct vp_state *s, int seat, int limit)
{
	unsigned	 tmask, b;
	int		 steps, i, c, m, nadd, nmeld, tri[3], line, f;

	for (steps = 0; steps < VP_LOG_MAX; steps++) {
		/* Melds listed: vp_legal_adds' count, an upper bound here. */
		nmeld = 0;
		tmask = g->nh >= 4 ? gp_targets(g, s, seat) : 0;
		for (b = tmask; b != 0; b &= b - 1)
			nmeld += g->ntri;
		if (gp_best_add(g, &c, &m, &nadd)) {
			/* best_meld sees every add only under its cap. */
			if (nmeld + nadd > MOVES_MAX)
				return -1;
			gp_remove(g, c);
			if (++g->size[m] == VP_MELD_MAX)
				set(g->room, m_slot(g, c, m), 0);
		} else if (nmeld > MOVES_MAX)
			return -1;
		else if (nmeld > 0 && gp_best_meld(g, tri, &line)) {
			if (g->nmelds >= VP_MELDS_MAX)
				return -1;
			for (i = 0; i < 3; i++)
				gp_remove(g, tri[i]);
			m = g->nmelds++;
			g->meld[line] = (int8_t)m;
			g->size[m] = 3;
			set(g->room, line, 1);
			g->opp[m] = 1;
			g->laid[gp_target(g, tmask)]++;
		} else
			break;
		if (limit < INT_MAX && (f = gp_floor(g)) >= limit)
			return f;
	}
	return g->pen + CARD_WEIGHT * g->nh;
}

int
vp_greedy_fast(const struct vp_state *s, int seat, int limit)
{
	struct gp	 g;

	if (gp_init(&g, s, seat) != 0)
		return -1;
	return gp_run(&g, s, seat, limit);
}

int
vp_greedy_take(const struct vp_state *v, int seat, int from, int limit)
{
	struct gp	 g;
	int		 i;

	if (from < 0 || from >= v->nchain || gp_init(&g, v, seat) != 0)
		return -1;
	for (i = from; i < v->nchain; i++)
		if (gp_add(&g, v->chain[i]) != 0)
			return -1;
	if (g.nh > VP_HAND_MAX)
		return -1;
	/* The card taken is owed (vp_obliged after the take). */
	g.o = v->chain[from];
	return gp_run(&g, v, seat, limit);
}
