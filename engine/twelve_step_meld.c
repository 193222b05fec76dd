/*
 * twelve_step_meld.c: 12-Step Rummy cards, melds and lay-offs (RULES.md
 * 5c); the contract search is in twelve_step_search.c.  Nothing here
 * knows about turns.
 */
#include "twelve_step.h"

#include "move.h"

#include <stdio.h>
#include <string.h>

static const struct tsr_req contracts[TSR_CONTRACTS][TSR_REQS_MAX] = {
	{ { TSR_SET, 3 }, { TSR_SET, 3 } },
	{ { TSR_SET, 3 }, { TSR_RUN, 4 } },
	{ { TSR_SET, 4 }, { TSR_SET, 4 } },
	{ { TSR_RUN, 4 }, { TSR_RUN, 4 } },
	{ { TSR_SET, 3 }, { TSR_SET, 3 }, { TSR_SET, 3 } },
	{ { TSR_SET, 4 }, { TSR_RUN, 4 } },
	{ { TSR_SET, 3 }, { TSR_RUN, 7 } },
	{ { TSR_SET, 3 }, { TSR_SET, 3 }, { TSR_RUN, 4 } },
	{ { TSR_SET, 5 }, { TSR_SET, 5 } },
	{ { TSR_RUN, 5 }, { TSR_RUN, 5 } },
	{ { TSR_SET, 8 } },
	{ { TSR_RUN, 10 } }
};

static const char *const contract_names[TSR_CONTRACTS] = {
	"2 sets of 3", "1 set of 3 + 1 run of 4", "2 sets of 4",
	"2 runs of 4", "3 sets of 3", "1 set of 4 + 1 run of 4",
	"1 set of 3 + 1 run of 7", "2 sets of 3 + 1 run of 4",
	"2 sets of 5", "2 runs of 5", "1 set of 8", "1 run of 10"
};

int
tsr_value(card_t c)
{
	int	 r;

	if (tsr_wild(c))
		return 50;
	r = card_std_rank(c);
	if (r == 0)
		return 20;
	return r >= 9 ? 10 : 5;
}

int
tsr_contract_reqs(int k, struct tsr_req out[TSR_REQS_MAX])
{
	int	 i, n = 0;

	if (k < 1 || k > TSR_CONTRACTS)
		return 0;
	for (i = 0; i < TSR_REQS_MAX; i++)
		if (contracts[k - 1][i].kind != TSR_NONE)
			out[n++] = contracts[k - 1][i];
	return n;
}

const char *
tsr_contract_name(int k)
{
	return k >= 1 && k <= TSR_CONTRACTS ? contract_names[k - 1] :
	    "all contracts done";
}

static void
say(char *why, const char *msg, card_t c)
{
	char	 tok[CARD_TEXT_MAX];

	if (why == NULL)
		return;
	if (c != CARD_NONE && card_valid(CARD_STD, c))
		card_format(CARD_STD, c, tok);
	else
		tok[0] = '\0';
	snprintf(why, GAME_WHY_MAX, msg, tok);
}

static int
read_set(const card_t *cards, const card_t *as, int n, struct tsr_meld *out,
    char *why)
{
	int	 i, rank = -1;

	for (i = 0; i < n; i++)
		if (!tsr_wild(cards[i])) {
			if (rank >= 0 && card_std_rank(cards[i]) != rank) {
				say(why, "A set is of one rank; %s does not "
				    "match.", cards[i]);
				return -1;
			}
			rank = card_std_rank(cards[i]);
		}
	if (rank < 0) {
		say(why, "A set needs at least one natural card (not a deuce "
		    "or joker).", CARD_NONE);
		return -1;
	}
	for (i = 0; i < n; i++)
		if (as[i] != CARD_NONE && (!tsr_wild(cards[i]) ||
		    tsr_wild(as[i]) || card_std_rank(as[i]) != rank)) {
			say(why, "In a set a wild stands for the set's rank; "
			    "%s cannot be named here.", as[i]);
			return -1;
		}
	memset(out, 0, sizeof(*out));
	out->kind = TSR_SET;
	out->rank = (uint8_t)rank;
	out->ncards = (uint8_t)n;
	memcpy(out->cards, cards, (size_t)n);
	return 0;
}

/* Position of a card of rank r in a span lo..hi (aces low or high), or -1. */
static int
pos_in(int r, int lo, int hi)
{
	int	 p = r;

	if (r == 0 && lo > 0)
		p = 13;
	return p >= lo && p <= hi ? p : -1;
}

/* Place the run into slots for span lo..; 0 when it fits. */
static int
place_run(const card_t *cards, const card_t *as, int n, int lo,
    card_t slot[TSR_RUN_POS])
{
	int	 i, p, hi = lo + n - 1;

	memset(slot, CARD_NONE, TSR_RUN_POS);
	for (i = 0; i < n; i++) {
		if (tsr_wild(cards[i]) && as[i] == CARD_NONE)
			continue;
		p = pos_in(card_std_rank(tsr_wild(cards[i]) ? as[i] : cards[i]),
		    lo, hi);
		if (p < 0 || slot[p] != CARD_NONE)
			return -1;
		slot[p] = cards[i];
	}
	for (i = 0, p = lo; i < n; i++) {
		if (!tsr_wild(cards[i]) || as[i] != CARD_NONE)
			continue;
		while (slot[p] != CARD_NONE)
			p++;
		slot[p] = cards[i];
	}
	for (p = lo; p < hi; p++)
		if (tsr_wild(slot[p]) && tsr_wild(slot[p + 1]))
			return -1;
	return 0;
}

static int
read_run(const card_t *cards, const card_t *as, int n, struct tsr_meld *out,
    char *why)
{
	card_t	 slot[TSR_RUN_POS], best[TSR_RUN_POS];
	int	 i, suit = -1, lo, found = 0, blo = 0;

	if (n < 3 || n > 13) {
		say(why, "A run has 3 to 13 cards.", CARD_NONE);
		return -1;
	}
	for (i = 0; i < n; i++) {
		if (tsr_wild(cards[i]))
			continue;
		if (suit >= 0 && card_std_suit(cards[i]) != suit) {
			say(why, "A run is of one suit; %s does not match.",
			    cards[i]);
			return -1;
		}
		suit = card_std_suit(cards[i]);
	}
	if (suit < 0) {
		say(why, "A run needs natural cards.", CARD_NONE);
		return -1;
	}
	for (i = 0; i < n; i++)
		if (as[i] != CARD_NONE && (!tsr_wild(cards[i]) ||
		    as[i] >= CARD_STD_COUNT || card_std_suit(as[i]) != suit)) {
			say(why, "A wild in a run stands for a card of the "
			    "run's suit; %s is not one.", as[i]);
			return -1;
		}
	for (lo = 0; lo + n - 1 <= 13; lo++)
		if (place_run(cards, as, n, lo, slot) == 0) {
			if (found++ == 0) {
				memcpy(best, slot, sizeof(best));
				blo = lo;
			}
		}
	if (found == 0) {
		say(why, "These cards are not a run: consecutive ranks of one "
		    "suit, no wrap past the ace, wilds never side by side.",
		    CARD_NONE);
		return -1;
	}
	if (found > 1) {
		say(why, "The run could sit in more than one place: name the "
		    "card a wild stands for, as in JK=8H.", CARD_NONE);
		return -1;
	}
	memset(out, 0, sizeof(*out));
	out->kind = TSR_RUN;
	out->suit = (uint8_t)suit;
	out->lo = (uint8_t)blo;
	out->hi = (uint8_t)(blo + n - 1);
	out->ncards = (uint8_t)n;
	memset(out->cards, CARD_NONE, sizeof(out->cards));
	memcpy(out->cards, best, TSR_RUN_POS);
	return 0;
}

int
tsr_read_meld(const card_t *cards, const card_t *as, int n, int kind,
    struct tsr_meld *out, char why[GAME_WHY_MAX])
{
	int	 i;

	if (n < 3 || n > TSR_MELD_MAX) {
		say(why, "A meld has at least 3 cards.", CARD_NONE);
		return -1;
	}
	for (i = 0; i < n; i++)
		if (!card_valid(CARD_STD, cards[i])) {
			say(why, "That is not a card.", CARD_NONE);
			return -1;
		}
	if (kind == TSR_SET)
		return read_set(cards, as, n, out, why);
	if (kind == TSR_RUN)
		return read_run(cards, as, n, out, why);
	if (read_set(cards, as, n, out, NULL) == 0)
		return 0;
	return read_run(cards, as, n, out, why);
}

int
tsr_layoff_pos(const struct tsr_meld *m, card_t c, card_t as, char *why)
{
	int	 lowp, highp, p;

	if (m->kind == TSR_SET) {
		if (m->ncards >= TSR_MELD_MAX) {
			say(why, "That set is full.", CARD_NONE);
			return -1;
		}
		if (tsr_wild(c)) {
			if (as != CARD_NONE && (tsr_wild(as) ||
			    card_std_rank(as) != m->rank)) {
				say(why, "A wild on a set stands for the set's "
				    "rank, not %s.", as);
				return -1;
			}
			return 0;
		}
		if (card_std_rank(c) != m->rank) {
			say(why, "%s is not of the set's rank.", c);
			return -1;
		}
		return 0;
	}
	lowp = m->lo > 0 && m->hi - m->lo + 2 <= 13 ? m->lo - 1 : -1;
	highp = m->hi < 13 && m->hi - m->lo + 2 <= 13 ? m->hi + 1 : -1;
	if (!tsr_wild(c)) {
		if (card_std_suit(c) != m->suit) {
			say(why, "%s is not of the run's suit.", c);
			return -1;
		}
		if (lowp >= 0 && tsr_run_card(m->suit, lowp) == c)
			return lowp;
		if (highp >= 0 && tsr_run_card(m->suit, highp) == c)
			return highp;
		say(why, "%s does not extend the run at either end.", c);
		return -1;
	}
	if (lowp >= 0 && tsr_wild(m->cards[m->lo]))
		lowp = -1;
	if (highp >= 0 && tsr_wild(m->cards[m->hi]))
		highp = -1;
	if (as != CARD_NONE) {
		if (lowp >= 0 && tsr_run_card(m->suit, lowp) == as)
			return lowp;
		if (highp >= 0 && tsr_run_card(m->suit, highp) == as)
			return highp;
		say(why, "A wild may not stand for %s on that run: it goes "
		    "at an open end, next to a natural card.", as);
		return -1;
	}
	if (lowp >= 0 && highp >= 0) {
		say(why, "The wild could go at either end of the run: name "
		    "its card, as in JK=8H.", CARD_NONE);
		return -1;
	}
	p = lowp >= 0 ? lowp : highp;
	if (p < 0)
		say(why, "A wild may not go on that run: its ends are full or "
		    "wild.", CARD_NONE);
	return p;
}

int
tsr_meld_names(const struct tsr_meld *m, card_t x)
{
	if (x >= CARD_STD_COUNT)
		return 0;
	if (m->kind == TSR_SET)
		return !tsr_wild(x) && card_std_rank(x) == m->rank;
	if (m->kind == TSR_RUN)
		return card_std_suit(x) == m->suit &&
		    pos_in(card_std_rank(x), m->lo, m->hi) >= 0;
	return 0;
}

int
tsr_liberate_pos(const struct tsr_meld *m, card_t c)
{
	int	 i, p;

	if (tsr_wild(c) || c >= CARD_STD_COUNT)
		return -1;
	if (m->kind == TSR_SET) {
		if (card_std_rank(c) != m->rank)
			return -1;
		for (i = 0; i < m->ncards; i++)
			if (tsr_wild(m->cards[i]))
				return i;
		return -1;
	}
	if (m->kind != TSR_RUN || card_std_suit(c) != m->suit)
		return -1;
	p = pos_in(card_std_rank(c), m->lo, m->hi);
	if (p < 0 || !tsr_wild(m->cards[p]))
		return -1;
	/* A low ace names position 0 only when the run starts there. */
	return p;
}

void
tsr_contract_move(const struct tsr_meld *m, int n, struct game_move *mv)
{
	int	 g, i;

	move_clear(mv);
	mv->verb = TSR_CONTRACT;
	for (g = 0; g < n; g++) {
		if (m[g].kind == TSR_SET) {
			for (i = 0; i < m[g].ncards; i++)
				move_add_card(mv, m[g].cards[i], g);
			continue;
		}
		for (i = m[g].lo; i <= m[g].hi; i++) {
			if (move_add_card(mv, m[g].cards[i], g) == 0 &&
			    tsr_wild(m[g].cards[i]))
				mv->as[mv->ncards - 1] =
				    tsr_run_card(m[g].suit, i);
		}
	}
}
