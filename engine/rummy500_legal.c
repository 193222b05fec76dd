/*
 * rummy500_legal.c: what the seat to act may do in Rummy 500: the check
 * that a taken card can still reach the table (RULES.md 0.3, 6b), the
 * legal moves (r500_rules.legal) and the timeout's step towards laying
 * a taken card.  The melds and lay-offs they try are in rummy500_meld.c.
 */
#include "rummy500.h"

#include <string.h>

#include "move.h"

/* Card of suit at run position pos (1 and 14 are the ace). */
static card_t
at_pos(int suit, int pos)
{
	return (card_t)(13 * suit + (pos == R500_ACE_HIGH ? 0 : pos - 1));
}

/*
 * The shortest chain of held cards joining x to run m: the number of
 * held cards needed between them (0: x fits at once), or -1.  *near is
 * the chain card next to the run (CARD_NONE when the chain is empty).
 */
static int
chain(const uint8_t *have, const struct r500_meld *m, card_t x, card_t *near)
{
	int	 suit = card_std_suit(x), hi, best = -1, p, q, k, i;
	int	 ps[2], np = 0;

	*near = CARD_NONE;
	if (m->kind != R500_RUN || card_std_suit(m->cards[0]) != suit)
		return -1;
	hi = m->lo + m->ncards - 1;
	if (card_std_rank(x) == 0) {
		ps[np++] = R500_ACE_LOW;
		ps[np++] = R500_ACE_HIGH;
	} else
		ps[np++] = r500_pos(x);
	for (i = 0; i < np; i++) {
		p = ps[i];
		if (p < m->lo) {
			for (q = p + 1; q < m->lo && have[at_pos(suit, q)]; q++)
				;
			if (q != m->lo)
				continue;
			k = m->lo - p - 1;
			if (best < 0 || k < best) {
				best = k;
				*near = k > 0 ? at_pos(suit, m->lo - 1) : CARD_NONE;
			}
		} else if (p > hi) {
			for (q = p - 1; q > hi && have[at_pos(suit, q)]; q--)
				;
			if (q != hi)
				continue;
			k = p - hi - 1;
			if (best < 0 || k < best) {
				best = k;
				*near = k > 0 ? at_pos(suit, hi + 1) : CARD_NONE;
			}
		}
	}
	return best;
}

/* Can x make a new meld with held cards (have[] counts x)? */
static int
new_meld(const uint8_t *have, card_t x)
{
	int	 suit = card_std_suit(x), r = card_std_rank(x), n = 0, s;
	int	 ps[2], np = 0, i, lo;

	for (s = 0; s < 4; s++)
		n += have[13 * s + r];
	if (n >= 3)
		return 1;
	if (r == 0) {
		ps[np++] = R500_ACE_LOW;
		ps[np++] = R500_ACE_HIGH;
	} else
		ps[np++] = r500_pos(x);
	for (i = 0; i < np; i++)
		for (lo = ps[i] - 2; lo <= ps[i]; lo++)
			if (lo >= 1 && lo + 2 <= 14 && have[at_pos(suit, lo)] &&
			    have[at_pos(suit, lo + 1)] &&
			    have[at_pos(suit, lo + 2)])
				return 1;
	return 0;
}

int
r500_can_place(const card_t *hand, int n, const struct r500_meld *melds,
    int nmelds, card_t x)
{
	uint8_t		 have[CARD_STD_COUNT];
	card_t		 near;
	int		 i;

	memset(have, 0, sizeof(have));
	for (i = 0; i < n; i++)
		if (hand[i] < CARD_STD_COUNT)
			have[hand[i]] = 1;
	have[x] = 1;
	if (new_meld(have, x))
		return 1;
	for (i = 0; i < nmelds; i++) {
		if (r500_fit(&melds[i], x, -1) != -1)
			return 1;
		if (chain(have, &melds[i], x, &near) >= 0)
			return 1;
	}
	return 0;
}

/* ---- legal moves ---- */

static int
playing(const struct r500_state *s)
{
	return s->phase == R500_PHASE_DRAW || s->phase == R500_PHASE_PLAY;
}

/* Held cards of seat without those in cards[0..k-1], into rest. */
static int
without(const struct r500_state *s, int seat, const card_t *cards, int k,
    card_t *rest)
{
	int	 i, n = 0;

	for (i = 0; i < s->nhand[seat]; i++)
		if (memchr(cards, s->hands[seat][i], (size_t)k) == NULL)
			rest[n++] = s->hands[seat][i];
	return n;
}

/* After melding cards[0..k-1] as m, can the owed card still be laid? */
static int
meld_keeps_owed(const struct r500_state *s, int seat, const card_t *cards,
    int k, const struct r500_meld *m)
{
	struct r500_meld	 melds[R500_MELDS_MAX + 1];
	card_t			 rest[R500_HAND_MAX];
	int			 n;

	if (s->owed == CARD_NONE || memchr(cards, s->owed, (size_t)k) != NULL)
		return 1;
	n = without(s, seat, cards, k, rest);
	memcpy(melds, s->melds, sizeof(s->melds[0]) * s->nmelds);
	melds[s->nmelds] = *m;
	return r500_can_place(rest, n, melds, s->nmelds + 1, s->owed);
}

/* After laying c off on meld mi at pos, can the owed card still be laid? */
static int
layoff_keeps_owed(const struct r500_state *s, int seat, int mi, card_t c,
    int pos)
{
	struct r500_meld	 melds[R500_MELDS_MAX];
	card_t			 rest[R500_HAND_MAX];
	int			 n;

	if (s->owed == CARD_NONE || s->owed == c)
		return 1;
	n = without(s, seat, &c, 1, rest);
	memcpy(melds, s->melds, sizeof(s->melds[0]) * s->nmelds);
	r500_layoff(&melds[mi], c, pos, seat);
	return r500_can_place(rest, n, melds, s->nmelds, s->owed);
}

static void
meld_move(const card_t *cards, int k, int ace_end, struct game_move *mv)
{
	int	 i;

	move_clear(mv);
	mv->verb = R500_MELD;
	for (i = 0; i < k; i++) {
		move_add_card(mv, cards[i], 0);
		if (ace_end > 0 && card_std_rank(cards[i]) == 0)
			mv->asnum[i] = (int8_t)ace_end;
	}
}

static void
try_meld(const struct r500_state *s, int seat, const card_t *cards, int k,
    int ace_end, struct game_move *out, int max, int *n)
{
	struct r500_meld	 m;
	struct game_move	 mv;
	int8_t			 ends[R500_MELD_CARDS];
	char			 why[GAME_WHY_MAX];
	int			 i;

	for (i = 0; i < k; i++)
		ends[i] = ace_end > 0 && card_std_rank(cards[i]) == 0 ?
		    (int8_t)ace_end : -1;
	if (r500_make_meld(cards, ends, k, seat, &m, why) != 0 ||
	    !meld_keeps_owed(s, seat, cards, k, &m))
		return;
	meld_move(cards, k, ace_end, &mv);
	move_list_add(out, max, n, &mv);
}

static void
legal_melds(const struct r500_state *s, int seat, struct game_move *out,
    int max, int *n)
{
	uint8_t	 have[CARD_STD_COUNT];
	card_t	 c[R500_MELD_CARDS], t[3];
	int	 r, su, k, i, j, m, lo, hi, skip;

	memset(have, 0, sizeof(have));
	for (i = 0; i < s->nhand[seat]; i++)
		have[s->hands[seat][i]] = 1;
	for (r = 0; r < 13; r++) {
		for (su = k = 0; su < 4; su++)
			if (have[13 * su + r])
				c[k++] = (card_t)(13 * su + r);
		if (k < 3)
			continue;
		if (k == 4) {
			for (skip = 3; skip >= 0; skip--) {
				for (j = m = 0; j < 4; j++)
					if (j != skip)
						t[m++] = c[j];
				try_meld(s, seat, t, 3, -1, out, max, n);
			}
		}
		try_meld(s, seat, c, k, -1, out, max, n);
	}
	for (su = 0; su < 4; su++)
		for (lo = 1; lo <= 12; lo++) {
			for (hi = lo, k = 0; hi <= 14 && k < 13 &&
			    have[at_pos(su, hi)]; hi++)
				c[k++] = at_pos(su, hi);
			for (i = 3; i <= k; i++)
				try_meld(s, seat, c, i, i == 13 &&
				    lo == 2 ? R500_ACE_HIGH : -1, out, max, n);
		}
}

static void
layoff_move(card_t c, card_t on, int end, struct game_move *mv)
{
	move_clear(mv);
	mv->verb = R500_LAYOFF;
	move_add_card(mv, c, 0);
	if (end > 0)
		mv->asnum[0] = (int8_t)end;
	mv->on = on;
}

static void
legal_layoffs(const struct r500_state *s, int seat, struct game_move *out,
    int max, int *n)
{
	const struct r500_meld	*m;
	struct game_move	 mv;
	card_t			 c;
	int			 i, j, pos, e;
	static const int	 ends[2] = { R500_ACE_LOW, R500_ACE_HIGH };

	for (i = 0; i < s->nmelds; i++) {
		m = &s->melds[i];
		for (j = 0; j < s->nhand[seat]; j++) {
			c = s->hands[seat][j];
			pos = r500_fit(m, c, -1);
			if (pos == -1)
				continue;
			for (e = 0; e < 2; e++) {
				if (pos == -2 ? 0 : e > 0)
					break;
				if (pos == -2) {
					if (!layoff_keeps_owed(s, seat, i, c,
					    ends[e]))
						continue;
					layoff_move(c, m->cards[0], ends[e], &mv);
				} else {
					if (!layoff_keeps_owed(s, seat, i, c, pos))
						continue;
					layoff_move(c, m->cards[0], -1, &mv);
				}
				move_list_add(out, max, n, &mv);
			}
		}
	}
}

int
r500_legal(const void *st, int seat, struct game_move *out, int max)
{
	const struct r500_state	*s = st;
	struct game_move	 mv;
	card_t			 hand[R500_HAND_MAX + R500_DECK];
	int			 n = 0, i, k, nh;

	if (!playing(s) || seat != s->turn)
		return 0;
	if (s->viewer != R500_NOT_A_VIEW && s->viewer != seat)
		return 0;
	nh = s->nhand[seat];
	if (s->phase == R500_PHASE_DRAW) {
		if (s->nstock > 0) {
			move_clear(&mv);
			mv.verb = R500_DRAW;
			move_list_add(out, max, &n, &mv);
		}
		memcpy(hand, s->hands[seat], (size_t)nh);
		for (i = s->ndiscard - 1, k = nh; i >= 0; i--) {
			hand[k++] = s->discard[i];
			if (!r500_can_place(hand, k, s->melds, s->nmelds,
			    s->discard[i]))
				continue;
			move_clear(&mv);
			mv.verb = R500_TAKE;
			move_add_card(&mv, s->discard[i], 0);
			move_list_add(out, max, &n, &mv);
		}
		return n;
	}
	legal_melds(s, seat, out, max, &n);
	legal_layoffs(s, seat, out, max, &n);
	if (s->owed == CARD_NONE)
		for (i = 0; i < nh; i++) {
			move_clear(&mv);
			mv.verb = R500_DISCARD;
			move_add_card(&mv, s->hands[seat][i], 0);
			move_list_add(out, max, &n, &mv);
		}
	return n;
}

/* Compare sorted id lists a and b of 3 cards. */
static int
less3(const card_t *a, const card_t *b)
{
	return memcmp(a, b, 3) < 0;
}

int
r500_owed_step(const struct r500_state *s, int seat, struct game_move *out)
{
	uint8_t		 have[CARD_STD_COUNT];
	card_t		 x = s->owed, best[3], t[3], near, bnear = CARD_NONE;
	int		 i, pos, su, lo, found = 0, k, bk = -1, bm = -1;

	if (x == CARD_NONE)
		return -1;
	for (i = 0; i < s->nmelds; i++) {
		pos = r500_fit(&s->melds[i], x, -1);
		if (pos != -1) {
			layoff_move(x, s->melds[i].cards[0], pos == -2 ?
			    R500_ACE_LOW : -1, out);
			return 0;
		}
	}
	memset(have, 0, sizeof(have));
	for (i = 0; i < s->nhand[seat]; i++)
		have[s->hands[seat][i]] = 1;
	/* Sets of 3 with x: x and two others of its rank. */
	for (i = 0; i < 4; i++) {
		for (su = k = 0; su < 4 && k < 3; su++)
			if (su != i && have[13 * su + card_std_rank(x)])
				t[k++] = (card_t)(13 * su + card_std_rank(x));
		if (k < 3 || memchr(t, x, 3) == NULL)
			continue;
		if (!found || less3(t, best))
			memcpy(best, t, 3);
		found = 1;
	}
	su = card_std_suit(x);
	for (lo = 1; lo <= 12; lo++) {
		if (!have[at_pos(su, lo)] || !have[at_pos(su, lo + 1)] ||
		    !have[at_pos(su, lo + 2)])
			continue;
		t[0] = at_pos(su, lo);
		t[1] = at_pos(su, lo + 1);
		t[2] = at_pos(su, lo + 2);
		if (memchr(t, x, 3) == NULL)
			continue;
		card_sort(t, 3);
		if (!found || less3(t, best))
			memcpy(best, t, 3);
		found = 1;
	}
	if (found) {
		move_clear(out);
		out->verb = R500_MELD;
		for (i = 0; i < 3; i++)
			move_add_card(out, best[i], 0);
		return 0;
	}
	for (i = 0; i < s->nmelds; i++) {
		k = chain(have, &s->melds[i], x, &near);
		if (k > 0 && (bk < 0 || k < bk)) {
			bk = k;
			bm = i;
			bnear = near;
		}
	}
	if (bm < 0)
		return -1;
	pos = r500_fit(&s->melds[bm], bnear, -1);
	layoff_move(bnear, s->melds[bm].cards[0], pos == -2 ? R500_ACE_LOW :
	    -1, out);
	return 0;
}
