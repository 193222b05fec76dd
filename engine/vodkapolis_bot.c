/*
 * vodkapolis_bot.c: a Vodkapolis 500 bot that reads one seat's view.
 *
 * Play: lay every meld and extension it can (extensions onto melds in
 * front of opponents first, then new melds, highest penalty first),
 * keeping the cards the rules make it keep.  New melds go in front of
 * the leader (the lowest opponent score) unless the bot leads, then in
 * front of the highest score, to end the game; among equal scores in
 * front of whoever holds the most cards (vp_bot_target_worth).  Draw: a
 * take is simulated with the rules themselves on a copy of the view
 * (the greedy play above) and chosen when the hand left is cheaper than
 * after an average stock card.  Discard: the card with the fewest
 * partners (cards sharing two attributes) and the highest penalty; the
 * strong bot's careful discard (vp_bot_choose_careful) weighs instead,
 * after the partners, the pairs of its lines that may be out of sight.
 * The moves are found without a list where vodkapolis_greedy.c and
 * vodkapolis_meld.c model the position, the same moves; the listed
 * search here (vp_bot_meld, vp_bot_greedy) stays for the rest.
 */
#include "vodkapolis_gp.h"

#include <limits.h>
#include <string.h>

#include "move.h"

enum {
	MOVES_MAX = 512,
	AVG_DRAW = 8,			/* mean penalty of a stock card */
	CARD_WEIGHT = 3,		/* a held card's cost beyond its penalty */
	/* The discard's weights (choose_discard), careful or not. */
	DISCARD_VALUE = 4,		/* a point of penalty shed */
	DISCARD_PARTNER = 30,		/* a partner held */
	DISCARD_PAIR = 2		/* careful: a pair of line cards out of sight */
};

/* How much the bot wants meld/add move mv now; 0: not a meld move. */
static int
meld_worth(const struct vp_state *v, int seat, const struct game_move *mv)
{
	int	 m, w = 0, i;

	if (mv->verb == VP_ADD) {
		m = vp_meld_of(v, mv->on);
		w = vp_card_value(mv->cards[0]);
		if (m >= 0 && v->melds[m].target != seat)
			w += 40;
		return 1000 + w;
	}
	if (mv->verb != VP_MELD)
		return 0;
	for (i = 0; i < 3; i++)
		w += vp_card_value(mv->cards[i]);
	return 500 + 4 * w + vp_bot_target_worth(v, seat, mv->at);
}

/*
 * The best of the adds moves[0..n-1], which stand at first.. in
 * vp_legal's list (the noise is read at that index), or -1.
 */
static int
best_add(const struct vp_state *s, int seat, const struct game_move *moves,
    int first, int n, const uint8_t noise[32])
{
	int	 i, w, best = -1, bw = 0;

	for (i = 0; i < n; i++) {
		w = 2 * meld_worth(s, seat, &moves[i]) +
		    (noise[(first + i) % 32] & 1);
		if (w > bw) {
			bw = w;
			best = i;
		}
	}
	return best;
}

/*
 * seat's best meld or add in s's play phase, the one the highest
 * meld_worth (noise breaking ties by list index) picks among the first
 * MOVES_MAX moves vp_legal lists: 1 with *out, 0 when there is none.
 * An add outranks every meld (1000 and more against 750 at most), so
 * with an add in reach the melds before it are only counted; else the
 * melds come in short form and only the chosen one is made a move.
 */
int
vp_bot_meld(const struct vp_state *s, int seat, const uint8_t noise[32],
    struct game_move *out)
{
	struct game_move	 adds[MOVES_MAX];
	struct vp_new_meld	 nm[MOVES_MAX];
	int			 tw[VP_SEATS_MAX], n, na, i, j, w, best = -1;
	int			 bw = 0;

	na = vp_legal_adds(s, seat, &n, adds, MOVES_MAX, nm, MOVES_MAX);
	if (na > 0 && n < MOVES_MAX) {
		i = best_add(s, seat, adds, n,
		    n + na < MOVES_MAX ? na : MOVES_MAX - n, noise);
		*out = adds[i];
		return 1;
	}
	/* Adds beyond the cap: the melds, which then fill it. */
	if (na > 0)
		vp_legal_adds(s, seat, &n, NULL, 0, nm, MOVES_MAX);
	if (n > MOVES_MAX)
		n = MOVES_MAX;
	for (i = 0; i < s->nseats && i < VP_SEATS_MAX; i++)
		tw[i] = vp_bot_target_worth(s, seat, i);
	for (i = 0; i < n; i++) {
		for (w = 0, j = 0; j < 3; j++)
			w += vp_card_value(nm[i].cards[j]);
		w = 2 * (500 + 4 * w + tw[nm[i].at]) + (noise[i % 32] & 1);
		if (w > bw) {
			bw = w;
			best = i;
		}
	}
	if (best < 0)
		return 0;
	vp_new_meld_move(&nm[best], out);
	return 1;
}

/*
 * Play every meld and add the greedy rule finds on s (a copy of a view
 * turned into a state: only seat's own cards and the table are used;
 * s is scratch).  Returns the penalty left in hand plus a cost per
 * card; or, as soon as the floor of the hand reached (vp_bot_floor,
 * which only rises as cards go) is limit or more, that floor: the
 * caller then knows the cost is no less, which is all it asks.
 */
int
vp_bot_greedy(struct vp_state *s, int seat, int limit)
{
	static const uint8_t	 zero[32];
	struct game_move	 mv;
	struct vp_state		 next, *cur = s, *nxt = &next, *t;
	char			 why[GAME_WHY_MAX];
	int			 steps, f;

	for (steps = 0; steps < VP_LOG_MAX; steps++) {
		if (!vp_bot_meld(cur, seat, zero, &mv))
			break;
		if (vp_rules.apply(cur, nxt, seat, &mv, NULL, why) != GAME_OK)
			break;
		t = cur;
		cur = nxt;
		nxt = t;
		if (limit < INT_MAX && (f = vp_bot_floor(cur,
		    cur->hands[seat], cur->nhand[seat])) >= limit)
			return f;
	}
	return vp_held_penalty(cur, seat) + CARD_WEIGHT * cur->nhand[seat];
}

/* vp_greedy_fast, or the moves themselves where it does not model s. */
static int
greedy(struct vp_state *s, int seat, int limit)
{
	int	 c;

	if ((c = vp_greedy_fast(s, seat, limit)) >= 0)
		return c;
	return vp_bot_greedy(s, seat, limit);
}

static int
partners(const struct vp_state *v, int seat, card_t x)
{
	int	 i, p = 0;

	for (i = 0; i < v->nhand[seat]; i++)
		if (v->hands[seat][i] != x &&
		    card_tt_matches(v->hands[seat][i], x) == 2)
			p++;
	return p;
}

/*
 * partners() of every held card at once, into p[]: distinct cards
 * share two attributes when they share a line, so a card's partners
 * are the other cards of its three lines.  -1 unless the hand holds
 * deck cards in strict id order (distinct), as a state's does.
 */
static int
all_partners(const struct vp_state *v, int seat, int *p)
{
	const card_t	*h = v->hands[seat];
	uint8_t		 cnt[VP_SLOTS];
	int		 i, k, n = v->nhand[seat];

	if (n > VP_HAND_MAX)
		return -1;
	memset(cnt, 0, sizeof(cnt));
	for (i = 0; i < n; i++) {
		if (h[i] >= VP_DECK || (i > 0 && h[i] <= h[i - 1]))
			return -1;
		for (k = 0; k < 3; k++)
			cnt[vp_slot_of[h[i]][k]]++;
	}
	for (i = 0; i < n; i++)
		for (p[i] = 0, k = 0; k < 3; k++)
			p[i] += cnt[vp_slot_of[h[i]][k]] - 1;
	return 0;
}

int
vp_bot_floor(const struct vp_state *s, const card_t *hand, int n)
{
	uint8_t		 cnt[3][25], room[3][25];
	const struct vp_meld *m;
	int		 i, k, f = 0, ok;

	memset(cnt, 0, sizeof(cnt));
	memset(room, 0, sizeof(room));
	for (i = 0; i < n; i++)
		for (k = 0; k < 3 && hand[i] < VP_DECK; k++)
			cnt[k][vp_line_key(hand[i], k)]++;
	for (i = 0; i < s->nmelds; i++) {
		m = &s->melds[i];
		if (m->ncards >= VP_MELD_MAX)
			continue;
		/*
		 * A meld whose first two cards share other than two
		 * attributes lies on no one line: vp_on_line lets more
		 * cards on it, so there is no floor.
		 */
		if (m->ncards < 2 || m->cards[0] >= VP_DECK ||
		    m->cards[1] >= VP_DECK ||
		    card_tt_matches(m->cards[0], m->cards[1]) != 2)
			return 0;
		for (k = 0; k < 3; k++)
			if (vp_line_key(m->cards[0], k) ==
			    vp_line_key(m->cards[1], k))
				room[k][vp_line_key(m->cards[0], k)] = 1;
	}
	for (i = 0; i < n; i++) {
		if (hand[i] >= VP_DECK)
			continue;
		for (ok = 0, k = 0; k < 3 && !ok; k++)
			ok = cnt[k][vp_line_key(hand[i], k)] >= 3 ||
			    room[k][vp_line_key(hand[i], k)];
		if (!ok)
			f += vp_card_value(hand[i]) + CARD_WEIGHT;
	}
	return f;
}

/*
 * The take whose greedy play leaves the cheapest hand, the first of
 * equals in list order, if cheaper than drawing.  greedy() is most of
 * a playout's cost, so the takes are tried from the lowest floor up
 * and those whose floor cannot beat the best so far are not played
 * out, nor played on once the floor of the hand left cannot (the
 * floor rises as the cards go); the choice is the one a plain scan
 * of every take in list order makes.  The greedy play reads no noise.
 * vp_legal's list is the draw, then the takes in chain order (ok[]),
 * so it is not made: only the move chosen.
 */
static enum game_rc
choose_draw(const struct vp_state *v, int seat, struct game_move *out)
{
	struct vp_state	 s, t;
	struct game_move mv;
	char		 why[GAME_WHY_MAX];
	uint8_t		 ok[VP_DECK];
	int		 fl[VP_DECK], ord[VP_DECK];
	int		 i, p, q, no = 0, base, cost, best = -1, bc, lim;
	int		 first = -1, n;

	if ((n = vp_legal_takes(v, seat, ok)) <= 0)
		return GAME_REFUSED;
	/* One move listed: nothing to weigh, the scan below picks it. */
	if (n == 1) {
		for (i = 0; v->nstock == 0 && !ok[i]; i++)
			;
		if (v->nstock > 0)
			move_simple(out, VP_DRAW, CARD_NONE);
		else
			move_simple(out, VP_TAKE, v->chain[i]);
		return GAME_OK;
	}
	memcpy(&s, v, sizeof(s));
	s.viewer = VP_NOT_A_VIEW;
	/* Drawing: the hand as it is, after greedy play next, plus a card. */
	s.phase = VP_PHASE_PLAY;
	memcpy(&t, &s, sizeof(t));
	base = greedy(&t, seat, INT_MAX) + AVG_DRAW + CARD_WEIGHT;
	s.phase = VP_PHASE_DRAW;
	bc = base;
	/* The takes by floor, chain order among equals (insertion, stable). */
	vp_bot_take_floors(v, seat, fl);
	for (i = 0; i < v->nchain; i++) {
		if (!ok[i])
			continue;
		if (first < 0)
			first = i;
		for (q = no++; q > 0 && fl[ord[q - 1]] > fl[i]; q--)
			ord[q] = ord[q - 1];
		ord[q] = i;
	}
	for (p = 0; p < no; p++) {
		i = ord[p];
		/* A cost of lim or more loses: bc, or past it for a tie. */
		lim = best >= 0 && i < best ? bc + 1 : bc;
		/* cost >= floor: the floors that follow are no lower. */
		if (fl[i] > bc)
			break;
		if (fl[i] >= lim)
			continue;
		/* Where the compact play does not model it, the take itself. */
		if ((cost = vp_greedy_take(&s, seat, i, lim)) < 0) {
			move_simple(&mv, VP_TAKE, v->chain[i]);
			if (vp_rules.apply(&s, &t, seat, &mv, NULL, why) !=
			    GAME_OK)
				continue;
			cost = vp_bot_greedy(&t, seat, lim);
		}
		if (cost < bc || (cost == bc && best >= 0 && i < best)) {
			bc = cost;
			best = i;
		}
	}
	if (best >= 0)
		move_simple(out, VP_TAKE, v->chain[best]);
	else if (v->nstock > 0)
		move_simple(out, VP_DRAW, CARD_NONE);
	else
		move_simple(out, VP_TAKE, v->chain[first]);
	return GAME_OK;
}

static void
see(uint64_t seen[2], card_t c)
{
	if (c < VP_DECK)
		vp_gp_set(seen, c, 1);
}

/*
 * For each line slot, the pairs of its cards seat cannot see in v:
 * not in its hand, the chain or a meld.  An opponent can take a
 * discard from the chain only to put it on the table that turn (rule
 * 2b), and no meld on the table takes it (the bot's play before the
 * discard lays every card that fits one), so only a new meld can: two
 * cards of one of its lines in that opponent's hand.  Those cards are
 * also the draws that would make a meld of it for seat.
 */
static void
unseen_pairs(const struct vp_state *v, int seat, int *pairs)
{
	uint64_t	 seen[2] = { 0, 0 };
	card_t		 c;
	int		 n[VP_SLOTS], i, j, k;

	for (i = 0; i < v->nhand[seat]; i++)
		see(seen, v->hands[seat][i]);
	for (i = 0; i < v->nchain; i++)
		see(seen, v->chain[i]);
	for (i = 0; i < v->nmelds; i++)
		for (j = 0; j < v->melds[i].ncards; j++)
			see(seen, v->melds[i].cards[j]);
	memset(n, 0, sizeof(n));
	for (c = 0; c < VP_DECK; c++)
		if (!vp_gp_has(seen, c))
			for (k = 0; k < 3; k++)
				n[vp_slot_of[c][k]]++;
	for (i = 0; i < VP_SLOTS; i++)
		pairs[i] = n[i] * (n[i] - 1) / 2;
}

/*
 * The discard, once best_meld found no meld or add: vp_legal's list is
 * then undo (after a meld this turn) and the discards in hand order
 * (none while the taken card is owed), so it is not made; the noise
 * is read at each move's index in that list.  Careful (the strong
 * bot's rule): a card's penalty no longer counts, and each pair of
 * its lines' cards out of sight (unseen_pairs) counts against it.
 * Against the easy bot that alone wins 60.0% of 4,000 games at 2
 * seats and 29.1% at 4 (tests/bench/bots.md).
 */
static enum game_rc
choose_discard(const struct vp_state *v, int seat, const uint8_t noise[32],
    int careful, struct game_move *out)
{
	card_t	 x;
	int	 p[VP_HAND_MAX], pairs[VP_SLOTS], u, i, k, best = -1, bk = 0;
	int	 owed, fast, j;

	if (seat != v->turn || (v->viewer != VP_NOT_A_VIEW &&
	    v->viewer != seat))
		return GAME_REFUSED;
	u = v->nlog > 0;
	/* Asked once: v does not change in the loop. */
	owed = vp_obliged(v) && v->taken < VP_DECK;
	fast = !owed && all_partners(v, seat, p) == 0;
	if (careful && !owed)
		unseen_pairs(v, seat, pairs);
	for (i = 0; i < v->nhand[seat] && !owed; i++) {
		x = v->hands[seat][i];
		k = -DISCARD_PARTNER * (fast ? p[i] : partners(v, seat, x)) +
		    (noise[(u + i) % 32] & 1);
		if (!careful)
			k += DISCARD_VALUE * vp_card_value(x);
		for (j = 0; careful && j < 3 && x < VP_DECK; j++)
			k -= DISCARD_PAIR * pairs[vp_slot_of[x][j]];
		if (best < 0 || k > bk) {
			bk = k;
			best = i;
		}
	}
	if (best >= 0)
		move_simple(out, VP_DISCARD, v->hands[seat][best]);
	else if (u)
		move_simple(out, VP_UNDO, CARD_NONE);
	else
		return GAME_REFUSED;
	return GAME_OK;
}

/* The easy bot, or with careful the strong bot's rule. */
static enum game_rc
bot_play(const struct vp_state *view, int seat, const uint8_t noise[32],
    int careful, struct game_move *out)
{
	int	 r;

	/* A meld or add first, else a discard: no list needed. */
	if (view->phase == VP_PHASE_PLAY) {
		if ((r = vp_meld_fast(view, seat, noise, out)) < 0)
			r = vp_bot_meld(view, seat, noise, out);
		return r ? GAME_OK : choose_discard(view, seat, noise,
		    careful, out);
	}
	return choose_draw(view, seat, out);
}

enum game_rc
vp_bot_choose(const struct vp_state *view, int seat, const uint8_t noise[32],
    struct game_move *out)
{
	return bot_play(view, seat, noise, 0, out);
}

enum game_rc
vp_bot_choose_careful(const struct vp_state *view, int seat,
    const uint8_t noise[32], struct game_move *out)
{
	return bot_play(view, seat, noise, 1, out);
}
