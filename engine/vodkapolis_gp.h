/*
 * vodkapolis_gp.h: the compact copy of one seat's cards and the table
 * that the easy bot plays on without listing moves (vodkapolis_greedy.c:
 * the greedy look-ahead; vodkapolis_meld.c: the meld or add, the take
 * floors; vodkapolis_bot.c's discard and vodkapolis_determ.c's
 * reading of hands read the line slots).  Private to those files.
 *
 * A line is a slot 0..74: k * 25 + vp_line_key(c, k), k the attribute
 * that varies along it.
 */
#ifndef TOPPER_VODKAPOLIS_GP_H
#define TOPPER_VODKAPOLIS_GP_H

#include "vodkapolis.h"

enum {
	VP_SLOTS = 75,
	VP_GP_MOVES_MAX = 512,		/* vodkapolis_bot.c's list */
	VP_GP_CARD_WEIGHT = 3		/* as in vodkapolis_bot.c */
};

/* A card's three slots, its penalty, a slot's five cards as a mask. */
extern const uint8_t	 vp_slot_of[VP_DECK][3];
extern const uint8_t	 vp_value_of[VP_DECK];
extern const uint64_t	 vp_line_mask[VP_SLOTS][2];

struct vp_gp {
	uint64_t	 held[2];	/* by card id: hand order */
	uint64_t	 big[2];	/* slots holding 3 cards or more */
	uint64_t	 room[2];	/* slots of a meld under 5 cards */
	uint8_t		 cnt[VP_SLOTS];	/* held cards by line */
	int8_t		 meld[VP_SLOTS];	/* the meld on each line, or -1 */
	uint8_t		 size[VP_MELDS_MAX];
	uint8_t		 opp[VP_MELDS_MAX];	/* in front of an opponent */
	int		 laid[VP_SEATS_MAX];	/* seat's new melds by target */
	int		 tw[VP_SEATS_MAX];	/* vp_bot_target_worth */
	int		 nmelds, nh, pen;
	int		 ntri;		/* every three held cards of a line */
	int		 o;		/* the card owed, or -1 */
};

static inline int
vp_gp_has(const uint64_t m[2], int c)
{
	return (m[c >> 6] >> (c & 63)) & 1;
}

static inline void
vp_gp_set(uint64_t m[2], int c, int on)
{
	if (on)
		m[c >> 6] |= (uint64_t)1 << (c & 63);
	else
		m[c >> 6] &= ~((uint64_t)1 << (c & 63));
}

/* The held cards of line slot l into cd, by card id; their count. */
static inline int
vp_gp_line_cards(const struct vp_gp *g, int l, int *cd)
{
	uint64_t	 cm;
	int		 a, n = 0;

	for (a = 0; a < 2; a++)
		for (cm = g->held[a] & vp_line_mask[l][a]; cm != 0;
		    cm &= cm - 1)
			cd[n++] = a * 64 + __builtin_ctzll(cm);
	return n;
}

/*
 * g for seat's hand and s's table: 0, or -1 where it does not model
 * s (a meld on no one line, a card off the deck, a hand out of order).
 */
int	vp_gp_init(struct vp_gp *g, const struct vp_state *s, int seat);

/* vp_targets on g's counts. */
unsigned vp_gp_targets(const struct vp_gp *g, const struct vp_state *s,
	    int seat);

/*
 * oblig_ok of vodkapolis_legal.c: may the cards rm[0..nrm-1] leave the
 * hand, onto meld grown (or -1) or as a new meld on slot line (or -1),
 * and the owed card still reach the table?
 */
int	vp_gp_oblig_ok(const struct vp_gp *g, const int *rm, int nrm,
	    int grown, int line);

#endif /* TOPPER_VODKAPOLIS_GP_H */
