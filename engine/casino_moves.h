/*
 * casino_moves.h: what casino_moves.c (capture groups, the move
 * generator) and casino_check.c (the check of a player's move) share.
 * Private to Casino Macedonia.
 */
#ifndef TOPPER_CASINO_MOVES_H
#define TOPPER_CASINO_MOVES_H

#include <stdint.h>

#include "casino.h"

enum {
	GROUPS_MAX = 2048,
	/*
	 * Search steps for the takes of one listing (about 10 ms: a
	 * bot's playout lists moves at every turn), and for checking one
	 * named take.
	 */
	LIST_WORK_MAX = 1000000,
	CHECK_WORK_MAX = 10000000
};

struct group {
	uint64_t	 m[2];
	uint8_t		 low;
};

/* The capture search for one capturer over a set of available piles. */
struct search {
	const struct cm_pile *p;
	int		 np;
	int		 v;		/* value to reach; 0: none */
	int		 qrank;		/* the capturer is a ?: takes ?-piles */
	int		 cm, sm;	/* capturer's masks */
	int		 ng;
	int		 first[CM_PILES_MAX + 1];
	struct group	 g[GROUPS_MAX];
	int		 chosen[CM_PILES_MAX];
	int		 nchosen;
	int		 canon[CM_PILES_MAX];
	int		 ncanon;
	long		*work;		/* steps left; the search stops at 0 */
};

static inline int
bit(const uint64_t m[2], int i)
{
	return (int)((m[i >> 6] >> (i & 63)) & 1);
}

static inline void
setbit(uint64_t m[2], int i)
{
	m[i >> 6] |= (uint64_t)1 << (i & 63);
}

static inline int
build_cap(const struct cm_state *s)
{
	if (s->single)
		return s->q_mode == CM_Q_FIVE ? 5 : 4;
	return CM_BUILD_MAX;
}

static inline int
stack_cap(const struct cm_state *s)
{
	return s->q_mode == CM_Q_FIVE ? 5 : 4;
}

/* Why a card may not go onto a pile (onto_code). */
enum onto_no {
	ONTO_OK,
	ONTO_STACK_VALUE,
	ONTO_STACK_Q,
	ONTO_STACK_CAP,
	ONTO_BUILD_Q,
	ONTO_BUILD_STACK,
	ONTO_BUILD_CAP,
	ONTO_MIX,
	ONTO_PLAN
};

/* Every group the capturer may take among avail, by lowest pile. */
void	cm_find_groups(struct search *sr, const uint64_t avail[2]);

/* The first grouping (in search order) that covers set exactly. */
int	cm_cover(struct search *sr, int pos, uint64_t used[2],
	    const uint64_t set[2]);

/* May seat put h (as d) onto pile x with verb?  (casino_moves.c) */
enum onto_no cm_onto_code(const struct cm_state *s, int seat, card_t h,
	    int d, int x, int verb);

#endif /* TOPPER_CASINO_MOVES_H */
