/* deck.c: the decks of RULES.md 1, in id order. */
#include "deck.h"

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
