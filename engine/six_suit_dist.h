/*
 * six_suit_dist.h: a seat's six tops counted once, so that the bot can
 * ask six_distance() of the tops with one pile changed, for every card
 * in hand, seat and pile at every move of a playout, in a few lookups.
 * The figures are six_distance's own (test_six_suit_dist checks them).
 */
#ifndef TOPPER_SIX_SUIT_DIST_H
#define TOPPER_SIX_SUIT_DIST_H

#include "six_suit.h"

/* A card's number, color and suit (card_tt_*; 4 is the special value). */
struct six_attr {
	int8_t	 v[3];
};

struct six_tops {
	int8_t	 d0;			/* six_distance of the tops */
	/* Each top's attributes as card_tt_* gives them, even CARD_NONE's. */
	struct six_attr	 at[SIX_PILES];
	/*
	 * With pile p's top replaced by a card whose attribute a has value
	 * v: the most tops that fit one value of a (special values fit
	 * all); -1 throughout when another pile has no card (no six suit).
	 */
	int8_t	 most[SIX_PILES][3][5];
};

void	six_attr_of(card_t c, struct six_attr *out);

void	six_tops_set(struct six_tops *t, const card_t tops[SIX_PILES]);

/*
 * six_distance of the tops with pile p's top replaced by the card of
 * attributes ca, one of the 125 (SIX_PILES + 1 when a pile would have
 * no card).
 */
static inline int
six_tops_distance_with(const struct six_tops *t, int p,
    const struct six_attr *ca)
{
	int	 a = t->most[p][0][ca->v[0]], b = t->most[p][1][ca->v[1]];
	int	 c = t->most[p][2][ca->v[2]];

	a = a > b ? a : b;
	return SIX_PILES - (a > c ? a : c);
}

/* card_tt_matches of the card ca with pile p's top. */
static inline int
six_tops_matches(const struct six_tops *t, int p, const struct six_attr *ca)
{
	return (ca->v[0] == t->at[p].v[0]) + (ca->v[1] == t->at[p].v[1]) +
	    (ca->v[2] == t->at[p].v[2]);
}

#endif /* TOPPER_SIX_SUIT_DIST_H */
