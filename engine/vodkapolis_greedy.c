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
 * one line, a card off the deck, a list past the bot's 512 moves.  The
 * lines are slots (vodkapolis_gp.h) with a table of each card's three,
 * so no division is left in the inner loops.
 */
#include "vodkapolis_gp.h"

#include <limits.h>
#include <string.h>

/* The tables of vodkapolis_gp.h, written out by the preprocessor. */
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

const uint8_t vp_slot_of[VP_DECK][3] = {
	SLOT25(0), SLOT25(25), SLOT25(50), SLOT25(75), SLOT25(100)
};
const uint8_t vp_value_of[VP_DECK] = {
	VAL25(0), VAL25(25), VAL25(50), VAL25(75), VAL25(100)
};
const uint64_t vp_line_mask[VP_SLOTS][2] = {	/* a slot's cards */
	MASK25(0), MASK25(25), MASK25(50)
};

/*
 * How much the bot wants a new meld in front of opponent t, 0..2 x
 * opponents: the leader (lowest penalty) first, or, when the bot leads
 * a first_to_500 game, the highest score (pushing them over 500 ends
 * the game while the bot leads); among equals the one holding more
 * cards, who is less likely to go out and so wipe what lies in front.
 */
int
vp_bot_target_worth(const struct vp_state *v, int seat, int t)
{
	int	 i, lead = 1, rank = 0, nopp = 0;
	int32_t	 a, b;

	for (i = 0; i < v->nseats; i++)
		if (i != seat && (v->active & (1u << i)) &&
		    v->scores[i] < v->scores[seat])
			lead = 0;
	lead = lead && v->end_mode == VP_FIRST_TO_500;
	for (i = 0; i < v->nseats; i++) {
		if (i == seat || i == t || !(v->active & (1u << i)))
			continue;
		nopp++;
		a = lead ? -v->scores[t] : v->scores[t];
		b = lead ? -v->scores[i] : v->scores[i];
		/* i is the better target: t ranks below it. */
		if (b < a || (b == a && v->nhand[i] > v->nhand[t]))
			rank++;
	}
	return 2 * (nopp - rank);
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
		if (vp_slot_of[a][k] == vp_slot_of[b][k])
			return vp_slot_of[a][k];
	return -1;
}

/* Card c comes into the hand: 0, or -1 off the deck or held. */
static int
gp_add(struct vp_gp *g, card_t c)
{
	int	 k, l;

	if (c >= VP_DECK || vp_gp_has(g->held, c))
		return -1;
	vp_gp_set(g->held, c, 1);
	for (k = 0; k < 3; k++) {
		l = vp_slot_of[c][k];
		/* The triples c makes: two more of those held. */
		g->ntri += g->cnt[l] * (g->cnt[l] - 1) / 2;
		if (++g->cnt[l] == 3)
			vp_gp_set(g->big, l, 1);
	}
	g->pen += vp_value_of[c];
	g->nh++;
	return 0;
}

int
vp_gp_init(struct vp_gp *g, const struct vp_state *s, int seat)
{
	const struct vp_meld	*m;
	int			 i, l;

	memset(g, 0, sizeof(*g));
	memset(g->meld, -1, sizeof(g->meld));
	g->o = -1;
	if (seat < 0 || seat >= VP_SEATS_MAX || s->nmelds > VP_MELDS_MAX)
		return -1;
	/* Hand order is id order: the triples' order rests on it. */
	for (i = 0; i < s->nhand[seat]; i++)
		if ((i > 0 && s->hands[seat][i] <= s->hands[seat][i - 1]) ||
		    gp_add(g, s->hands[seat][i]) != 0)
			return -1;
	for (i = 0; i < s->nmelds; i++) {
		m = &s->melds[i];
		if ((l = meld_slot(m)) < 0 || g->meld[l] >= 0)
			return -1;
		g->meld[l] = (int8_t)i;
		g->size[i] = m->ncards;
		vp_gp_set(g->room, l, m->ncards < VP_MELD_MAX);
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
unsigned
vp_gp_targets(const struct vp_gp *g, const struct vp_state *s, int seat)
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
o_room(const struct vp_gp *g, int grown)
{
	int	 k, m;

	for (k = 0; k < 3; k++) {
		m = g->meld[vp_slot_of[g->o][k]];
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
int
vp_gp_oblig_ok(const struct vp_gp *g, const int *rm, int nrm, int grown, int line)
{
	int	 i, k, c, l, n = g->nh - nrm;

	if (g->o < 0)
		return 1;
	for (i = 0; i < nrm; i++)
		if (rm[i] == g->o)
			return 1;
	if (n >= 2 && (o_room(g, grown) || (line >= 0 &&
	    vp_slot_of[g->o][line / 25] == line)))
		return 1;
	if (n < 4)
		return 0;
	for (k = 0; k < 3; k++) {
		l = vp_slot_of[g->o][k];
		c = g->cnt[l] - 1;
		for (i = 0; i < nrm; i++)
			if (vp_slot_of[rm[i]][k] == l)
				c--;
		if (c >= 2)
			return 1;
	}
	return 0;
}

static void
gp_remove(struct vp_gp *g, int c)
{
	int	 k, l, m;

	vp_gp_set(g->held, c, 0);
	for (k = 0; k < 3; k++) {
		l = vp_slot_of[c][k];
		m = --g->cnt[l];
		/* The triples that held c: two more of m. */
		g->ntri -= m * (m - 1) / 2;
		if (m == 2)
			vp_gp_set(g->big, l, 0);
	}
	g->nh--;
	g->pen -= vp_value_of[c];
	if (c == g->o)
		g->o = -1;
}

/* vp_bot_floor of g's hand and table: the cards of no line with room. */
static int
gp_floor(const struct vp_gp *g)
{
	uint64_t	 ok[2] = { 0, 0 }, w;
	int		 h, f = 0;

	for (h = 0; h < 2; h++)
		for (w = g->big[h] | g->room[h]; w != 0; w &= w - 1) {
			ok[0] |= vp_line_mask[h * 64 + __builtin_ctzll(w)][0];
			ok[1] |= vp_line_mask[h * 64 + __builtin_ctzll(w)][1];
		}
	for (h = 0; h < 2; h++)
		for (w = g->held[h] & ~ok[h]; w != 0; w &= w - 1)
			f += vp_value_of[h * 64 + __builtin_ctzll(w)] +
			    VP_GP_CARD_WEIGHT;
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
gp_best_add(const struct vp_gp *g, int *card, int *meld, int *nadd)
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
				for (cm = g->held[a] & vp_line_mask[l][a]; cm != 0;
				    cm &= cm - 1) {
					c = a * 64 + __builtin_ctzll(cm);
					(*nadd)++;
					v = 1000 + vp_value_of[c] + 40 * g->opp[t];
					/* Equal worth: the earlier in the list. */
					if (v < bw || (v == bw && (c > *card ||
					    (c == *card && t > *meld))) ||
					    !vp_gp_oblig_ok(g, &c, 1, t, -1))
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
			    vp_value_of[cd[i]] <= vp_value_of[cd[k]]))
				k = i;
		drop[j] = k;
	}
	for (j = 0, i = 0; i < n; i++)
		if (i != drop[0] && i != drop[1]) {
			t[j++] = cd[i];
			v += vp_value_of[cd[i]];
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
gp_best_meld(const struct vp_gp *g, int best[3], int *line)
{
	uint64_t	 w;
	int		 h, l, i, a, b, n, v, bv = -1, cd[VP_MELD_MAX], t[3];

	for (h = 0; h < 2; h++)
		for (w = g->big[h]; w != 0; w &= w - 1) {
			l = h * 64 + __builtin_ctzll(w);
			n = vp_gp_line_cards(g, l, cd);
			v = tri_top(cd, n, t);
			if (v < bv || (v == bv && !tri_before(t, best)))
				continue;
			if (vp_gp_oblig_ok(g, t, 3, -1, l)) {
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
						v = vp_value_of[t[0]] +
						    vp_value_of[t[1]] +
						    vp_value_of[t[2]];
						if (v < bv || (v == bv &&
						    !tri_before(t, best)) ||
						    !vp_gp_oblig_ok(g, t, 3, -1, l))
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
m_slot(const struct vp_gp *g, int c, int m)
{
	int	 k;

	for (k = 0; k < 2 && g->meld[vp_slot_of[c][k]] != m; k++)
		;
	return vp_slot_of[c][k];
}

/* The first target of the highest worth in mask. */
static int
gp_target(const struct vp_gp *g, unsigned mask)
{
	int	 t, bt = -1;

	for (t = 0; t < VP_SEATS_MAX; t++)
		if (((mask >> t) & 1) && (bt < 0 || g->tw[t] > g->tw[bt]))
			bt = t;
	return bt;
}

/* The greedy play on g from s (seats, targets): vp_greedy_fast. */
static int
gp_run(struct vp_gp *g, const struct vp_state *s, int seat, int limit)
{
	unsigned	 tmask, b;
	int		 steps, i, c, m, nadd, nmeld, tri[3], line, f;

	for (steps = 0; steps < VP_LOG_MAX; steps++) {
		/* Melds listed: vp_legal_adds' count, an upper bound here. */
		nmeld = 0;
		tmask = g->nh >= 4 ? vp_gp_targets(g, s, seat) : 0;
		for (b = tmask; b != 0; b &= b - 1)
			nmeld += g->ntri;
		if (gp_best_add(g, &c, &m, &nadd)) {
			/* best_meld sees every add only under its cap. */
			if (nmeld + nadd > VP_GP_MOVES_MAX)
				return -1;
			gp_remove(g, c);
			if (++g->size[m] == VP_MELD_MAX)
				vp_gp_set(g->room, m_slot(g, c, m), 0);
		} else if (nmeld > VP_GP_MOVES_MAX)
			return -1;
		else if (nmeld > 0 && gp_best_meld(g, tri, &line)) {
			if (g->nmelds >= VP_MELDS_MAX)
				return -1;
			for (i = 0; i < 3; i++)
				gp_remove(g, tri[i]);
			m = g->nmelds++;
			g->meld[line] = (int8_t)m;
			g->size[m] = 3;
			vp_gp_set(g->room, line, 1);
			g->opp[m] = 1;
			g->laid[gp_target(g, tmask)]++;
		} else
			break;
		if (limit < INT_MAX && (f = gp_floor(g)) >= limit)
			return f;
	}
	return g->pen + VP_GP_CARD_WEIGHT * g->nh;
}

int
vp_greedy_fast(const struct vp_state *s, int seat, int limit)
{
	struct vp_gp	 g;

	if (vp_gp_init(&g, s, seat) != 0)
		return -1;
	return gp_run(&g, s, seat, limit);
}

int
vp_greedy_take(const struct vp_state *v, int seat, int from, int limit)
{
	struct vp_gp	 g;
	int		 i;

	if (from < 0 || from >= v->nchain || vp_gp_init(&g, v, seat) != 0)
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

