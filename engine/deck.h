/*
 * deck.h: the decks the games use, listed in id order.
 *
 * A shuffle always starts from the deck in id order (RULES.md 0.3), so
 * deck_fill() is the one place that says what that order is.  Copies
 * of a standard card share an id; a multi-deck pack lists each id's
 * copies side by side, which is still id order.  Nothing here
 * allocates or does I/O.
 */
#ifndef TOPPER_DECK_H
#define TOPPER_DECK_H

#include <stddef.h>

#include "card.h"

enum deck_kind {
	DECK_TT_FULL,		/* 125 cards, no jokers */
	DECK_TT_JOKERS,		/* 125 cards + JK1, JK2 */
	DECK_SQUARES,		/* 64 cards: n, c, s <= 3 (the 4x4x4 deck) */
	DECK_WEST,		/* 27 cards: n, c, s <= 2 (data only) */
	DECK_STD,		/* 52 standard cards */
	DECK_STD_JOKERS,	/* 52 + 2 jokers (one id, two copies) */
	DECK__MAX
};

enum {
	DECK_CARDS_MAX = 216	/* 4 standard packs with jokers (12-Step, 9 seats) */
};

/* Card family of a deck kind. */
enum card_kind deck_card_kind(enum deck_kind k);

/*
 * Write "copies" packs of kind k into out in id order and return the
 * count.  out must hold copies * (size of one pack) cards; the caller
 * keeps that within DECK_CARDS_MAX.
 */
int	deck_fill(enum deck_kind k, int copies, card_t *out);

/* Is c part of a pack of kind k? */
int	deck_has(enum deck_kind k, card_t c);

/*
 * Is deck[0..n-1] exactly one pack of kind k, each card once (a deck
 * given for a hand in decks mode)?  Returns 0, or -1 with a sentence
 * in why naming the first card that is repeated or not in the pack.
 */
int	deck_check(enum deck_kind k, const card_t *deck, int n, char *why,
	    size_t whysz);

#endif /* TOPPER_DECK_H */
