/*
 * casino_bot.c: a Casino Macedonia bot that sees only its seat's view.
 *
 * Every legal move is scored in quarter points as what it captures now,
 * plus what a build or stack of its own should bring later, minus what
 * the table it leaves behind offers the other players before its next
 * turn.  Card values follow the scoring (RULES.md 4d): the blue square
 * 4 and the yellow hearts weigh most, and since captures are public the
 * yellow hearts are valued from who already holds some (worth chasing
 * while nobody else has one, worth denying while one other player
 * collects them, worthless once two players share them).  The other
 * players' threat counts, for each card still unseen, the best capture
 * it would make on the table left (equal values, pairs of singles,
 * build-and-takes onto a pile, all matching), times the chance that an
 * opponent holds it; so the bot keeps valuable cards off the table,
 * prefers builds that cannot be stolen and captures that clear what
 * others could take.  With the stock empty, a capture also counts part
 * of the table left, for the last taker's sweep.  noise breaks ties.
 */
#include "casino_bot.h"

#include <string.h>

#include "rng.h"

struct best {
	struct ctx	*c;
	struct rng	 r;
	int		 have, score, ties;
	int		 full;		/* fold every move (the unit test) */
	int		 low;		/* moves whose floor beat the threat */
	struct game_move mv;
};

/* What a yellow heart adds, from who holds the ones captured. */
static int
yh_extra(const struct cm_state *s, int seat)
{
	int	 n[CM_SEATS_MAX], i, holders = 0, who = -1;
	card_t	 k;
	int	 per = s->squares ? 72 / 4 : 200 / 5;	/* the set, per card */

	memset(n, 0, sizeof(n));
	for (i = 0; i <= CARD_NQ; i++) {	/* the yellow hearts */
		k = card_tt_make(i, CARD_YELLOW, CARD_HEART);
		if (s->won[k] < s->nseats)
			n[s->won[k]]++;
	}
	for (i = 0; i < s->nseats; i++)
		if (n[i] > 0) {
			holders++;
			who = i;
		}
	if (holders >= 2)
		return 0;
	if (holders == 0)
		return per * 3 / 4;
	if (who == seat)
		return per + per * n[who] / 4;
	return per * n[who] / 2 + per / 4;	/* deny the collector */
}

/* What a card is worth to its capturer, in quarter points. */
static int
worth(const struct ctx *c, card_t k)
{
	const struct cm_state *s = c->s;
	int	 sq = s->squares, col, suit, num, red, circ;

	if (k >= CARD_TT_COUNT)
		return 4;
	/* Sums of flags, not branches: the cards come in no order. */
	col = card_tt_color(k);
	suit = card_tt_suit(k);
	num = card_tt_number(k);
	red = col == CARD_RED;
	circ = suit == CARD_CIRCLE;
	return 4 + (red + circ) * (sq ? 3 : 5) + (num == CARD_N1) * 4 +
	    (red & circ) * (sq ? 8 : 12) +
	    (col == CARD_BLUE && suit == CARD_SQUARE &&
	    num == (s->q_mode == CM_Q_FIVE && !sq ? CARD_NQ : CARD_N4)) *
	    (sq ? 32 : 60) +
	    (col == CARD_YELLOW && suit == CARD_HEART) * c->yh_extra;
}

static int
pile_worth(const struct ctx *c, int x)
{
	return c->piles[x].worth;
}

/* The number card k plays as (lo; a ? under separate is 0). */
static int
number_of(const struct cm_state *s, card_t k, int decl)
{
	int	 lo, hi;

	if (cm_numbers(s, k, &lo, &hi) == 1)
		return decl > 0 ? decl : lo;
	return lo;
}

/*
 * The pile play pl makes or changes, into *np: the build or stack on
 * its target, or a drop's new single.  0 when it makes none.
 */
static int
pile_change(const struct ctx *c, const struct cm_play *pl, struct bpile *np)
{
	const struct cm_state *s = c->s;
	int	 d = number_of(s, pl->h, pl->decl), lo, hi;

	if (pl->verb == CM_BUILD || pl->verb == CM_STACK) {
		*np = c->piles[pl->target];
		np->cmask |= cm_cmask(pl->h);
		np->smask |= cm_smask(pl->h);
		np->worth += worth(c, pl->h);
		np->kind = pl->verb == CM_BUILD ? CM_BUILD_PILE : CM_STACK_PILE;
		if (pl->verb == CM_BUILD)
			np->value += d;
	} else if (pl->verb == CM_DROP && cm_numbers(s, pl->h, &lo, &hi) >=
	    0) {
		np->value = d;
		np->cmask = cm_cmask(pl->h);
		np->smask = cm_smask(pl->h);
		np->kind = CM_SINGLE;
		np->worth = worth(c, pl->h);
	} else
		return 0;
	cm_bpile_finish(c, np);
	return 1;
}

/* Does take pl capture pile x? */
static int
taken(const struct cm_play *pl, int x)
{
	return pl->sweep || x == pl->target ||
	    ((pl->taken[x >> 6] >> (x & 63)) & 1);
}

/*
 * The table after play pl, into t[] (np: pile_change()); returns the
 * pile count.  The threat looks at the first BOT_PILES piles only.
 */
static int
table_after(const struct ctx *c, const struct cm_play *pl,
    const struct bpile *np, int changed, struct bpile *t)
{
	const struct cm_state *s = c->s;
	int	 x, n = 0;

	if (pl->sweep)
		return 0;
	for (x = 0; x < s->npiles && n < BOT_PILES; x++) {
		if (pl->verb == CM_TAKE && taken(pl, x))
			continue;
		if (x == pl->target && (pl->verb == CM_BUILD ||
		    pl->verb == CM_STACK))
			t[n] = *np;
		else
			t[n] = c->piles[x];
		n++;
	}
	if (pl->verb == CM_DROP && changed && n < BOT_PILES)
		t[n++] = *np;
	return n;
}

/*
 * The count, worth and floors of the table after pl, from the table's
 * sums: what cm_threat_floor() reads of table_after(), without making
 * the table, for a table within BOT_PILES less the drop's pile.
 */
static void
after_sums(const struct ctx *c, const struct cm_play *pl,
    const struct bpile *np, int changed, struct sums *u)
{
	const struct cm_state *s = c->s;
	const struct bpile *p;
	int	 x;

	u->n = s->npiles;
	u->all = c->all;
	u->floor = c->floor;
	if (pl->sweep) {
		u->n = 0;
		u->all = 0;
		u->floor = 0;
		return;
	}
	if (pl->verb == CM_TAKE) {
		for (x = 0; x < s->npiles; x++)
			if (taken(pl, x)) {
				p = &c->piles[x];
				u->n--;
				u->all -= p->worth;
				u->floor -= p->floor;
			}
		return;
	}
	if (!changed)
		return;
	if (pl->verb == CM_DROP)
		u->n++;
	else {
		p = &c->piles[pl->target];
		u->all -= p->worth;
		u->floor -= p->floor;
	}
	u->all += np->worth;
	u->floor += np->floor;
}

/*
 * pl's score; *skip instead when the bot has a move scoring more: a
 * move whose gain less a floor of its threat falls short of the best
 * so far changes nothing (not even the ties' draws), and its table is
 * not folded.  Most moves are drops, which gain 0.
 */
static int
evaluate(struct best *b, const struct cm_play *pl, int *skip)
{
	struct ctx	*c = b->c;
	const struct cm_state *s = c->s;
	struct bpile	 t[BOT_PILES], np;
	struct sums	 u;
	int		 x, n = -1, gain = 0, low, thr, changed;

	changed = pile_change(c, pl, &np);
	if (s->npiles < BOT_PILES)
		after_sums(c, pl, &np, changed, &u);
	else {
		n = table_after(c, pl, &np, changed, t);
		cm_table_sums(t, n, &u);
	}
	switch (pl->verb) {
	case CM_TAKE:
		gain = worth(c, pl->h);
		for (x = 0; x < s->npiles; x++)
			if (taken(pl, x))
				gain += pile_worth(c, x);
		/* The last taker sweeps what is left. */
		if (s->nstock == 0 && c->hand_left > 1)
			gain += u.all / (c->hand_left - 1);
		gain += 2;			/* a capture keeps the tempo */
		break;
	case CM_BUILD:
	case CM_STACK:
		/* Ours next turn, unless taken first (the threat). */
		gain = (pile_worth(c, pl->target) + worth(c, pl->h)) * 3 / 4;
		break;
	default:
		break;
	}
	low = b->have || b->full ? cm_threat_floor(c, &u) : 0;
	*skip = b->have && !b->full && 4 * gain - 4 * low < b->score;
	if (*skip)
		return 0;
	if (n < 0)
		n = table_after(c, pl, &np, changed, t);
	thr = cm_threat(c, t, n);
	b->low += low > thr;
	return 4 * gain - 4 * thr;
}

static void
consider(void *ctx, const struct game_move *mv, const struct cm_play *pl)
{
	struct best	*b = ctx;
	int		 skip, sc = evaluate(b, pl, &skip);

	if (skip || (b->have && sc < b->score))
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

static void
ids_clear(uint64_t m[2], const card_t *c, int n)
{
	int	 i;

	for (i = 0; i < n; i++)
		if (c[i] < CM_IDS)
			m[c[i] >> 6] &= ~((uint64_t)1 << (c[i] & 63));
}

/* The 25 bits of m[2] from bit off (ids 25 x number up: its classes). */
static uint32_t
ids_row(const uint64_t m[2], int off)
{
	uint64_t w;

	if (off >= 64)
		w = m[1] >> (off - 64);
	else if (off + 25 <= 64)
		w = m[0] >> off;
	else
		w = m[0] >> off | m[1] << (64 - off);
	return (uint32_t)w & 0x1ffffff;
}

/* The classes of the Squares deck: no black, no blob. */
static uint32_t
squares_classes(void)
{
	uint32_t l = 0;
	int	 c, u;

	for (c = 0; c < CARD_BLACK; c++)
		for (u = 0; u < CARD_BLOB; u++)
			l |= 1u << (5 * c + u);
	return l;
}

/*
 * The unseen cards of classes l, all of number-kind card k (cm_numbers
 * depends on that kind only), into c.
 */
static void
ctx_unseen(struct ctx *c, uint32_t l, card_t k)
{
	int	 lo, hi;

	c->nunseen += cm_pop32(l);
	if (cm_numbers(c->s, k, &lo, &hi) < 0) {
		c->nsweep += cm_pop32(l);
		return;
	}
	/* cm_numbers keeps every number within 0..5 < CAP_V. */
	if (lo == hi) {
		c->ucls[lo] |= l;
		return;
	}
	for (; l != 0; l &= l - 1) {
		c->rlo[c->nranged] = (int8_t)lo;
		c->rhi[c->nranged] = (int8_t)hi;
		c->rclass[c->nranged++] = (uint8_t)__builtin_ctz(l);
	}
}

/* The table's piles as the bot weighs them (their worth summed). */
static void
ctx_piles(struct ctx *c)
{
	const struct cm_pile *p;
	struct bpile	*t;
	int		 x;

	c->all = 0;
	c->floor = 0;
	for (x = 0; x < c->s->npiles; x++) {
		p = &c->s->piles[x];
		t = &c->piles[x];
		t->value = p->value;
		t->cmask = p->cmask;
		t->smask = p->smask;
		t->kind = p->kind;
		cm_bpile_finish(c, t);
		c->all += t->worth;
		c->floor += t->floor;
	}
}

/*
 * The cards the seat cannot see or place: other hands, stock, burned,
 * by sets of ids (the bot runs at every playout move).
 */
static void
ctx_set(struct ctx *c, const struct cm_state *s, int seat)
{
	uint64_t on[2], won[2], fr[2], w;
	uint32_t pack = 0x1ffffff;
	int	 i, n, k;

	c->s = s;
	c->seat = seat;
	c->yh_extra = yh_extra(s, seat);
	c->nunseen = c->hand_left = c->opp_cards = 0;
	c->nsweep = c->nranged = 0;
	memset(c->ucls, 0, sizeof(c->ucls));
	for (i = 0; i < s->npiles; i++)
		c->piles[i].worth = 0;
	cm_ids_placed(s->pile_of, on);
	cm_ids_placed(s->won, won);
	for (n = 0; n < 2; n++)
		for (w = on[n]; w != 0; w &= w - 1) {
			i = 64 * n + __builtin_ctzll(w);
			if ((k = s->pile_of[i]) < CM_PILES_MAX)
				c->piles[k].worth += worth(c, (card_t)i);
		}
	fr[0] = ~(on[0] | won[0]);
	fr[1] = ~(on[1] | won[1]);
	ids_clear(fr, s->hands[seat], s->nhand[seat]);
	ids_clear(fr, s->aside, s->naside);
	if (s->squares)
		pack = squares_classes();
	for (n = CARD_N1; n < CARD_NQ; n++)
		ctx_unseen(c, ids_row(fr, 25 * n) & pack,
		    card_tt_make(n, 0, 0));
	if (!s->squares) {
		ctx_unseen(c, ids_row(fr, 25 * CARD_NQ),
		    card_tt_make(CARD_NQ, 0, 0));
		/* The jokers, class 24 (black blob) in the figures. */
		if (s->jokers)
			for (i = CARD_TT_JK1; i <= CARD_TT_JK2; i++)
				if ((fr[1] >> (i - 64)) & 1)
					ctx_unseen(c, 1u << (CAP_CLASSES - 1),
					    (card_t)i);
	}
	c->ulane_ok = 0;
	ctx_piles(c);
	for (i = 0; i < s->nseats; i++) {
		c->hand_left += s->nhand[i];
		if (i != seat)
			c->opp_cards += s->nhand[i];
	}
}

static enum game_rc
choose(const struct cm_state *v, int seat, const uint8_t noise[32],
    struct game_move *out, int full, int *low)
{
	struct ctx	 c;
	struct best	 b;

	/* Fields, not a memset: mv is read only once a move is had. */
	b.have = b.score = b.ties = b.low = 0;
	ctx_set(&c, v, seat);
	b.c = &c;
	b.full = full;
	rng_init(&b.r, noise);
	cm_generate(v, seat, consider, &b);
	if (low != NULL)
		*low = b.low;
	if (!b.have)
		return GAME_REFUSED;
	*out = b.mv;
	return GAME_OK;
}

enum game_rc
cm_bot_choose(const void *view, int seat, const uint8_t noise[32],
    struct game_move *out)
{
	return choose(view, seat, noise, out, 0, NULL);
}

int
cm_bot_check(const void *view, int seat, const uint8_t noise[32])
{
	struct game_move a, b;
	char		 ta[GAME_MOVE_TEXT_MAX], tb[GAME_MOVE_TEXT_MAX];
	enum game_rc	 ra, rb;
	int		 low;

	ra = choose(view, seat, noise, &a, 0, NULL);
	rb = choose(view, seat, noise, &b, 1, &low);
	if (ra != rb)
		return low + 1;
	if (ra != GAME_OK)
		return low;
	cm_format(&a, ta, sizeof(ta));
	cm_format(&b, tb, sizeof(tb));
	return low + (strcmp(ta, tb) != 0);
}
