/*
 * unseen.h: the cards one seat cannot see, for building a full state
 * from a view (game_rules.determinize).
 *
 * A game starts from its whole pack, strikes every card the view shows
 * (unseen_see), claims the cards public knowledge puts in a hidden
 * hand (unseen_claim), then deals the rest at random into the hidden
 * places (unseen_shuffle, unseen_next).  Copies of a card share an id,
 * so the set is a count per id.  Nothing here allocates or does I/O.
 */
#ifndef TOPPER_UNSEEN_H
#define TOPPER_UNSEEN_H

#include <stdint.h>

#include "card.h"
#include "deck.h"
#include "rng.h"

struct unseen {
	uint8_t		 count[256];	/* copies of each id not yet placed */
	int		 n;		/* cards in list[] after unseen_shuffle */
	int		 next;		/* the next card unseen_next deals */
	card_t		 list[DECK_CARDS_MAX];
};

/* Start from copies packs of kind k. */
void	unseen_init(struct unseen *u, enum deck_kind k, int copies);

/* Strike cards[0..n-1], shown by the view; CARD_NONE is skipped. */
void	unseen_see(struct unseen *u, const card_t *cards, int n);

/*
 * Take c for a hidden hand, public knowledge says it is there.
 * Returns 1, or 0 when no copy is left unseen (the card has since
 * shown up elsewhere, so the knowledge is stale).
 */
int	unseen_claim(struct unseen *u, card_t c);

/* List what is left in a random order drawn from r. */
void	unseen_shuffle(struct unseen *u, struct rng *r);

/*
 * After unseen_shuffle: deal hand[n..want-1] from the first listed
 * cards fits(arg, c) accepts, asked in list order (it may count what
 * it accepts, to judge the next by the hand so far); the cards passed
 * over keep their order for unseen_next.  When too few fit, the hand
 * is completed from those passed over, as if nothing were known.
 * Returns the cards the hand then holds (want, unless the list ran
 * out).
 */
int	unseen_deal_where(struct unseen *u, card_t *hand, int n, int want,
	    int (*fits)(void *arg, card_t c), void *arg);

/* The next listed card, or CARD_NONE when they ran out. */
card_t	unseen_next(struct unseen *u);

/* Sort a[0..n-1] by id (hands the games keep sorted). */
void	unseen_sort(card_t *a, int n);

#endif /* TOPPER_UNSEEN_H */
