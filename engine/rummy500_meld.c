/*
 * rummy500_meld.c: Rummy 500 melds and lay-offs and card values: a new
 * meld checked, where a card fits on a meld and its lay-off, the points
 * on the table and in hand.  The take check and the legal moves built
 * on them are in rummy500_legal.c.
 */
#include "rummy500.h"

#include <stdio.h>
#include <string.h>


int
r500_value(card_t c, int pos)
{
	int	 r = card_std_rank(c);

	if (r == 0)
		return pos == R500_ACE_LOW ? 1 : 15;
	if (r >= 9)
		return 10;
	return r + 1;
}

int
r500_table_points(const struct r500_state *st, int seat)
{
	const struct r500_meld	*m;
	int			 i, j, sum = 0;

	for (i = 0; i < st->nmelds; i++) {
		m = &st->melds[i];
		for (j = 0; j < m->ncards; j++)
			if (m->by[j] == seat)
				sum += r500_value(m->cards[j], m->kind == R500_RUN ?
				    m->lo + j : 0);
	}
	return sum;
}

int
r500_hand_points(const card_t *cards, int n)
{
	int	 i, sum = 0;

	for (i = 0; i < n; i++)
		sum += r500_value(cards[i], 0);
	return sum;
}

/* Are positions lo..lo+n-1 exactly the bits of mask? */
static int
contiguous(uint32_t mask, int n)
{
	int	 lo;

	if (mask == 0)
		return 0;
	lo = __builtin_ctz(mask);
	return lo + n <= 15 && mask == ((1u << n) - 1) << lo;
}

static int
not_a_meld(char why[GAME_WHY_MAX])
{
	snprintf(why, GAME_WHY_MAX, "That is not a meld: a set is 3 or 4 cards "
	    "of one rank, a run 3 or more cards in sequence in one suit (the ace "
	    "high or low, never K A 2).");
	return -1;
}

int
r500_make_meld(const card_t *cards, const int8_t *ends, int n, int seat,
    struct r500_meld *out, char why[GAME_WHY_MAX])
{
	uint32_t	 mask = 0;
	int		 i, ace = -1, end = -1, lowok, highok, lo, same_rank = 1;
	int		 same_suit = 1;

	memset(out, 0, sizeof(*out));
	if (n < 3 || n > R500_MELD_CARDS)
		return not_a_meld(why);
	for (i = 0; i < n; i++) {
		if (cards[i] >= CARD_STD_COUNT)
			return not_a_meld(why);
		if (i > 0 && card_std_rank(cards[i]) != card_std_rank(cards[0]))
			same_rank = 0;
		if (i > 0 && card_std_suit(cards[i]) != card_std_suit(cards[0]))
			same_suit = 0;
		if (ends != NULL && ends[i] >= 0) {
			if (card_std_rank(cards[i]) != 0 || (ends[i] !=
			    R500_ACE_LOW && ends[i] != R500_ACE_HIGH)) {
				snprintf(why, GAME_WHY_MAX, "Only an ace in a run "
				    "takes an end: =1 for low, =14 for high.");
				return -1;
			}
			end = ends[i];
		}
	}
	for (i = 0; i < n; i++) {
		if (memchr(cards, cards[i], (size_t)i) != NULL) {
			snprintf(why, GAME_WHY_MAX, "A meld names each card "
			    "once.");
			return -1;
		}
	}
	out->owner = (uint8_t)seat;
	out->ncards = (uint8_t)n;
	memset(out->by, seat, sizeof(out->by));
	if (same_rank) {
		if (end >= 0) {
			snprintf(why, GAME_WHY_MAX, "Only an ace in a run takes "
			    "an end: =1 for low, =14 for high.");
			return -1;
		}
		out->kind = R500_SET;
		memcpy(out->cards, cards, (size_t)n);
		card_sort(out->cards, n);
		return 0;
	}
	if (!same_suit)
		return not_a_meld(why);
	for (i = 0; i < n; i++) {
		if (card_std_rank(cards[i]) == 0)
			ace = i;
		else
			mask |= 1u << r500_pos(cards[i]);
	}
	if (ace < 0) {
		if (!contiguous(mask, n))
			return not_a_meld(why);
		lo = __builtin_ctz(mask);
	} else {
		lowok = contiguous(mask | 1u << R500_ACE_LOW, n);
		highok = contiguous(mask | 1u << R500_ACE_HIGH, n);
		if (end == R500_ACE_LOW)
			highok = 0;
		else if (end == R500_ACE_HIGH)
			lowok = 0;
		if (!lowok && !highok)
			return not_a_meld(why);
		lo = lowok ? R500_ACE_LOW : R500_ACE_HIGH - n + 1;
	}
	out->kind = R500_RUN;
	out->lo = (uint8_t)lo;
	for (i = 0; i < n; i++)
		out->cards[card_std_rank(cards[i]) == 0 ? (lo == R500_ACE_LOW ?
		    0 : n - 1) : r500_pos(cards[i]) - lo] = cards[i];
	return 0;
}

int
r500_fit(const struct r500_meld *m, card_t c, int end)
{
	int	 hi, lowok, highok, p;

	if (c >= CARD_STD_COUNT)
		return -1;
	if (m->kind == R500_SET)
		return end < 0 && m->ncards < 4 &&
		    card_std_rank(c) == card_std_rank(m->cards[0]) ? 0 : -1;
	if (card_std_suit(c) != card_std_suit(m->cards[0]))
		return -1;
	hi = m->lo + m->ncards - 1;
	if (card_std_rank(c) != 0) {
		p = r500_pos(c);
		return end < 0 && (p == m->lo - 1 || p == hi + 1) ? p : -1;
	}
	lowok = m->lo == 2;
	highok = hi == 13;
	if (end == R500_ACE_LOW)
		return lowok ? R500_ACE_LOW : -1;
	if (end == R500_ACE_HIGH)
		return highok ? R500_ACE_HIGH : -1;
	if (end >= 0)
		return -1;
	if (lowok && highok)
		return -2;
	return lowok ? R500_ACE_LOW : highok ? R500_ACE_HIGH : -1;
}

void
r500_layoff(struct r500_meld *m, card_t c, int pos, int seat)
{
	int	 n = m->ncards;

	if (m->kind == R500_RUN && pos < m->lo) {
		memmove(m->cards + 1, m->cards, (size_t)n);
		memmove(m->by + 1, m->by, (size_t)n);
		m->cards[0] = c;
		m->by[0] = (uint8_t)seat;
		m->lo = (uint8_t)pos;
	} else {
		m->cards[n] = c;
		m->by[n] = (uint8_t)seat;
	}
	m->ncards++;
}

int
r500_meld_of(const struct r500_state *st, card_t c)
{
	int	 i;

	for (i = 0; i < st->nmelds; i++)
		if (memchr(st->melds[i].cards, c, st->melds[i].ncards) != NULL)
			return i;
	return -1;
}
