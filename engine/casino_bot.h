/*
 * casino_bot.h: what casino_bot.c (the bot's choice) and
 * casino_threat.c (what a table left offers the other players) share.
 * Private to the Casino Macedonia bot.
 */
#ifndef TOPPER_CASINO_BOT_H
#define TOPPER_CASINO_BOT_H

#include <stdint.h>

#include "casino.h"

enum {
	BOT_PILES = 40			/* piles the threat looks at */
};

enum {
	CAP_V = 6,			/* values a card plays as: 0..5 */
	CAP_CLASSES = 25,		/* color x suit, 4 = black / blob */
	/*
	 * A row's length: the classes and 3 unused lanes (always 0), a
	 * multiple of 4 so the compiler's cheapest vectorizing (-O2)
	 * takes a row's loop whole, with no odd lanes left over.
	 */
	CAP_LANES = 28
};

/*
 * A table pile as the bot weighs it, with its join classes
 * (cm_join_classes) and its share of the threat's floor
 * (cm_threat_floor): the same for every move that leaves the pile as
 * it is, so worked out once per decision.
 */
struct bpile {
	int	 value;			/* 0: a ?-pile */
	int	 cmask, smask;
	int	 kind;
	int	 worth;
	uint32_t join;
	int	 floor;
};

struct ctx {
	const struct cm_state *s;
	int	 seat;
	int	 yh_extra;		/* per yellow heart, beyond a card */
	int	 nunseen;		/* the cards nobody here can see: */
	int	 nsweep;		/* sweepers among them */
	/*
	 * Those of one number, as their classes (no two share number and
	 * class: ids are 25 x number + class, and a joker is never of one
	 * number), and each class as a lane mask (-1 or 0) for the sum,
	 * made when a threat first needs the row (ulane_ok).
	 */
	uint32_t ucls[CAP_V];
	unsigned ulane_ok;
	int	 ulane[CAP_V][CAP_LANES];
	int	 nranged;		/* those that declare a number: */
	int8_t	 rlo[CM_IDS], rhi[CM_IDS];	/* its numbers */
	uint8_t	 rclass[CM_IDS];		/* 5 * color + suit */
	int	 opp_cards;		/* cards in the other hands */
	int	 hand_left;		/* cards in all hands */
	struct bpile piles[CM_PILES_MAX];	/* the table as it is, */
	int	 all;			/* their worth summed */
	long	 floor;			/* and their floors */
};

/* A table's pile count, worth and floors: what the floor reads. */
struct sums {
	int	 n;
	int	 all;
	long	 floor;
};

/* The bits set in x (inline: no library call without -mpopcnt). */
static inline int
cm_pop32(uint32_t x)
{
	x = x - ((x >> 1) & 0x55555555u);
	x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
	x = (x + (x >> 4)) & 0x0f0f0f0fu;
	return (int)((x * 0x01010101u) >> 24);
}

/* t's join and floor from its value, masks and worth. */
void	cm_bpile_finish(const struct ctx *c, struct bpile *t);

/* What the other players may capture from t[0..n) before our turn. */
int	cm_threat(struct ctx *c, const struct bpile *t, int n);

/* The sums of t[0..n) into u. */
void	cm_table_sums(const struct bpile *t, int n, struct sums *u);

/* No more than cm_threat() of the table of sums u, from them only. */
int	cm_threat_floor(const struct ctx *c, const struct sums *u);

#endif /* TOPPER_CASINO_BOT_H */
