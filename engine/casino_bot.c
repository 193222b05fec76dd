/*
 * casino_bot.c: a Casino Macedonia bot that sees only its seat's view.
 * It scores every legal move: a take by the cards it captures (weighted
 * by what they score, RULES.md 4d), a build or stack by part of what
 * its later capture would bring, a drop by the harm of leaving the
 * card to the next player.  The best score wins; noise breaks ties.
 */
#include "casino.h"

#include <string.h>

#include "rng.h"

/* What a card is worth to its capturer, in quarter points. */
static int
worth(const struct cm_state *s, card_t c)
{
	int	 w = 4, sq = s->squares;

	if (c >= CARD_TT_COUNT)
		return w;
	if (card_tt_color(c) == CARD_RED)
		w += sq ? 3 : 5;
	if (card_tt_suit(c) == CARD_CIRCLE)
		w += sq ? 3 : 5;
	if (card_tt_number(c) == CARD_N1)
		w += 4;
	if (card_tt_color(c) == CARD_RED && card_tt_suit(c) == CARD_CIRCLE)
		w += sq ? 8 : 12;
	if (card_tt_color(c) == CARD_BLUE && card_tt_suit(c) == CARD_SQUARE &&
	    card_tt_number(c) == (s->q_mode == CM_Q_FIVE ? CARD_NQ : CARD_N4))
		w += sq ? 32 : 60;
	if (card_tt_color(c) == CARD_YELLOW && card_tt_suit(c) == CARD_HEART)
		w += sq ? 16 : 30;
	return w;
}

static int
pile_worth(const struct cm_state *s, int x)
{
	int	 i, w = 0;

	for (i = 0; i < CM_IDS; i++)
		if (s->pile_of[i] == x)
			w += worth(s, (card_t)i);
	return w;
}

struct best {
	const struct cm_state *s;
	struct rng	 r;
	int		 have, score, ties;
	struct game_move mv;
};

static int
evaluate(const struct cm_state *s, const struct cm_play *pl)
{
	int	 x, w = 0;

	switch (pl->verb) {
	case CM_TAKE:
		w = 1000 + worth(s, pl->h);
		for (x = 0; x < s->npiles; x++)
			if (pl->sweep || x == pl->target ||
			    ((pl->taken[x >> 6] >> (x & 63)) & 1))
				w += pile_worth(s, x);
		return w;
	case CM_BUILD:
	case CM_STACK:
		return 500 + (pile_worth(s, pl->target) + worth(s, pl->h)) / 2;
	default:
		/* Drop the card that gives least away; low numbers build. */
		return 100 - 3 * worth(s, pl->h) - (pl->decl > 0 ? 5 : 0);
	}
}

static void
consider(void *ctx, const struct game_move *mv, const struct cm_play *pl)
{
	struct best	*b = ctx;
	int		 sc = evaluate(b->s, pl);

	if (b->have && sc < b->score)
		return;
	if (b->have && sc == b->score) {
		b->ties++;
		if (rng_uniform(&b->r, (uint32_t)b->ties) != 0)
			return;
	} else
		b->ties = 1;
	b->have = 1;
	b->score = sc;
	b->mv = *mv;
}

enum game_rc
cm_bot_choose(const void *view, int seat, const uint8_t noise[32],
    struct game_move *out)
{
	const struct cm_state *v = view;
	struct best	 b;

	memset(&b, 0, sizeof(b));
	b.s = v;
	rng_init(&b.r, noise);
	cm_generate(v, seat, consider, &b);
	if (!b.have)
		return GAME_REFUSED;
	*out = b.mv;
	return GAME_OK;
}
