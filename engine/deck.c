/* deck.c: the decks of RULES.md 1, in id order. */
#include "deck.h"

#include <stdio.h>
#include <string.h>

enum card_kind
deck_card_kind(enum deck_kind k)
{
	return k == DECK_STD || k == DECK_STD_JOKERS ? CARD_STD : CARD_TT;
}

int
deck_has(enum deck_kind k, card_t c)
{
	switch (k) {
	case DECK_TT_FULL:
		return c < CARD_TT_COUNT;
	case DECK_TT_JOKERS:
		return c <= CARD_TT_JK2;
	case DECK_SQUARES:
		return c < CARD_TT_COUNT && card_tt_number(c) <= 3 &&
		    card_tt_color(c) <= 3 && card_tt_suit(c) <= 3;
	case DECK_WEST:
		return c < CARD_TT_COUNT && card_tt_number(c) <= 2 &&
		    card_tt_color(c) <= 2 && card_tt_suit(c) <= 2;
	case DECK_STD:
		return c < CARD_STD_COUNT;
	case DECK_STD_JOKERS:
		return c <= CARD_STD_JK;
	default:
		return 0;
	}
}

int
deck_fill(enum deck_kind k, int copies, card_t *out)
{
	int	 id, i, n = 0, per;

	for (id = 0; id < 256; id++) {
		if (!deck_has(k, (card_t)id))
			continue;
		/* Standard packs carry two jokers each. */
		per = (k == DECK_STD_JOKERS && id == CARD_STD_JK) ? 2 : 1;
		for (i = 0; i < copies * per; i++)
			out[n++] = (card_t)id;
	}
	return n;
}

int
deck_check(enum deck_kind k, const card_t *deck, int n, char *why,
    size_t whysz)
{
	static const char *const names[DECK__MAX] = {
		"full 125-card deck", "full deck with its two jokers",
		"64-card Squares deck", "27-card West deck",
		"52-card pack", "52-card pack with two jokers",
	};
	uint8_t	 seen[256];
	card_t	 all[DECK_CARDS_MAX];
	char	 tok[CARD_TEXT_MAX];
	int	 i, want = deck_fill(k, 1, all);

	if (n != want) {
		snprintf(why, whysz, "The deck must be the %s: %d cards, not "
		    "%d.", names[k], want, n);
		return -1;
	}
	memset(seen, 0, sizeof(seen));
	for (i = 0; i < n; i++) {
		/* A pack with jokers holds two copies of the standard JK. */
		int	 copies = (k == DECK_STD_JOKERS &&
		    deck[i] == CARD_STD_JK) ? 2 : 1;

		if (deck_has(k, deck[i]) && ++seen[deck[i]] <= copies)
			continue;
		if (card_valid(deck_card_kind(k), deck[i]))
			card_format(deck_card_kind(k), deck[i], tok);
		else
			snprintf(tok, sizeof(tok), "?");
		snprintf(why, whysz, "The deck must be the %s, each card once; "
		    "card %d (%s) is %s.", names[k], i + 1, tok,
		    deck_has(k, deck[i]) ? "repeated" : "not in it");
		return -1;
	}
	return 0;
}
