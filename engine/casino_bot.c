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
#include "casino.h"

#include <string.h>

#include "rng.h"

enum {
	BOT_PILES = 40			/* piles the threat looks at */
};

/* A table pile as the bot weighs it. */
struct bpile {
	int	 value;			/* 0: a ?-pile */
	int	 cmask, smask;
	int	 kind;
	int	 worth;
};

struct ctx {
	const struct cm_state *s;
	int	 seat;
	int	 yh_extra;		/* per yellow heart, beyond a card */
	int	 unseen[CM_IDS];
	int	 nunseen;
	int	 opp_cards;		/* cards in the other hands */
	int	 hand_left;		/* cards in all hands */
	int	 pworth[CM_PILES_MAX];	/* each table pile's worth */
};

struct best {
	struct ctx	*c;
	struct rng	 r;
	int		 have, score, ties;
	struct game_move mv;
};

static int
is_yh(card_t c)
{
	return c < CARD_TT_COUNT && card_tt_color(c) == CARD_YELLOW &&
	    card_tt_suit(c) == CARD_HEART;
}

/* What a yellow heart adds, from who holds the ones captured. */
static int
yh_extra(const struct cm_state *s, int seat)
{
	int	 n[CM_SEATS_MAX], i, holders = 0, who = -1;
	int	 per = s->squares ? 72 / 4 : 200 / 5;	/* the set, per card */

	memset(n, 0, sizeof(n));
	for (i = 0; i < CM_IDS; i++)
		if (is_yh((card_t)i) && s->won[i] < s->nseats)
			n[s->won[i]]++;
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
	int	 w = 4, sq = s->squares;

	if (k >= CARD_TT_COUNT)
		return w;
	if (card_tt_color(k) == CARD_RED)
		w += sq ? 3 : 5;
	if (card_tt_suit(k) == CARD_CIRCLE)
		w += sq ? 3 : 5;
	if (card_tt_number(k) == CARD_N1)
		w += 4;
	if (card_tt_color(k) == CARD_RED && card_tt_suit(k) == CARD_CIRCLE)
		w += sq ? 8 : 12;
	if (card_tt_color(k) == CARD_BLUE && card_tt_suit(k) == CARD_SQUARE &&
	    card_tt_number(k) == (s->q_mode == CM_Q_FIVE && !sq ? CARD_NQ :
	    CARD_N4))
		w += sq ? 32 : 60;
	if (is_yh(k))
		w += c->yh_extra;
	return w;
}

static int
pile_worth(const struct ctx *c, int x)
{
	return c->pworth[x];
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

/* The table after play pl, into t[]; returns the pile count. */
static int
table_after(const struct ctx *c, const struct cm_play *pl, struct bpile *t)
{
	const struct cm_state *s = c->s;
	int	 x, n = 0, d = number_of(s, pl->h, pl->decl), lo, hi;

	if (pl->sweep)
		return 0;
	for (x = 0; x < s->npiles && n < BOT_PILES; x++) {
		const struct cm_pile *p = &s->piles[x];

		if (pl->verb == CM_TAKE && (x == pl->target ||
		    ((pl->taken[x >> 6] >> (x & 63)) & 1)))
			continue;
		t[n].value = p->value;
		t[n].cmask = p->cmask;
		t[n].smask = p->smask;
		t[n].kind = p->kind;
		t[n].worth = pile_worth(c, x);
		if (x == pl->target && (pl->verb == CM_BUILD ||
		    pl->verb == CM_STACK)) {
			t[n].cmask |= cm_cmask(pl->h);
			t[n].smask |= cm_smask(pl->h);
			t[n].worth += worth(c, pl->h);
			t[n].kind = pl->verb == CM_BUILD ? CM_BUILD_PILE :
			    CM_STACK_PILE;
			if (pl->verb == CM_BUILD)
				t[n].value += d;
		}
		n++;
	}
	if (pl->verb == CM_DROP && cm_numbers(s, pl->h, &lo, &hi) >= 0 &&
	    n < BOT_PILES) {
		t[n].value = d;
		t[n].cmask = cm_cmask(pl->h);
		t[n].smask = cm_smask(pl->h);
		t[n].kind = CM_SINGLE;
		t[n].worth = worth(c, pl->h);
		n++;
	}
	return n;
}

static int
legal2(int cm, int sm)
{
	return cm_legal_masks(cm, sm);
}

/* The best capture card k (played as v) could make on t[0..n). */
static int
capture_by(const struct ctx *c, card_t k, int v, const struct bpile *t,
    int n)
{
	const struct cm_state *s = c->s;
	int	 cm = cm_cmask(k), sm = cm_smask(k), i, j, q, w = 0;
	int	 pair = 0, bt = 0, qrank = v == 0;

	for (i = 0; i < n; i++) {
		if (t[i].value == v && (t[i].value != 0 || qrank) &&
		    legal2(cm | t[i].cmask, sm | t[i].smask))
			w += t[i].worth;
		if (qrank || t[i].kind != CM_SINGLE || t[i].value == 0 ||
		    t[i].value >= v)
			continue;
		for (j = i + 1; j < n; j++)
			if (t[j].kind == CM_SINGLE && t[j].value != 0 &&
			    t[i].value + t[j].value == v &&
			    legal2(cm | t[i].cmask | t[j].cmask,
			    sm | t[i].smask | t[j].smask) &&
			    t[i].worth + t[j].worth > pair)
				pair = t[i].worth + t[j].worth;
	}
	if (w + pair > 0)
		w += pair;
	if (s->single || qrank)
		return w;
	/* Build-and-take: k onto q, taking a pile p of the new value. */
	for (q = 0; q < n; q++) {
		if (t[q].kind == CM_STACK_PILE || t[q].value == 0 ||
		    t[q].value + v > CM_BUILD_MAX ||
		    !legal2(cm | t[q].cmask, sm | t[q].smask))
			continue;
		for (i = 0; i < n; i++)
			if (i != q && t[i].value == t[q].value + v &&
			    legal2(cm | t[q].cmask | t[i].cmask,
			    sm | t[q].smask | t[i].smask) &&
			    t[q].worth + t[i].worth > bt)
				bt = t[q].worth + t[i].worth;
	}
	return w > bt ? w : bt;
}

/* What the other players may capture from t[0..n) before our turn. */
static int
threat(const struct ctx *c, const struct bpile *t, int n)
{
	const struct cm_state *s = c->s;
	long	 sum = 0;
	int	 i, r, lo, hi, d, best, w, all = 0;
	card_t	 k;

	if (n == 0 || c->nunseen == 0 || c->opp_cards == 0)
		return 0;
	for (i = 0; i < n; i++)
		all += t[i].worth;
	for (i = 0; i < c->nunseen; i++) {
		k = (card_t)c->unseen[i];
		r = cm_numbers(s, k, &lo, &hi);
		if (r < 0) {
			sum += all;		/* a sweeper */
			continue;
		}
		best = 0;
		for (d = lo; d <= hi; d++) {
			w = capture_by(c, k, d, t, n);
			if (w > best)
				best = w;
		}
		sum += best;
	}
	/* Each unseen card is in another hand with this chance. */
	r = c->opp_cards < c->nunseen ? c->opp_cards : c->nunseen;
	return (int)(sum * r / c->nunseen);
}

static int
evaluate(struct ctx *c, const struct cm_play *pl)
{
	const struct cm_state *s = c->s;
	struct bpile	 t[BOT_PILES];
	int		 x, n, gain = 0, left = 0;

	n = table_after(c, pl, t);
	switch (pl->verb) {
	case CM_TAKE:
		gain = worth(c, pl->h);
		for (x = 0; x < s->npiles; x++)
			if (pl->sweep || x == pl->target ||
			    ((pl->taken[x >> 6] >> (x & 63)) & 1))
				gain += pile_worth(c, x);
		/* The last taker sweeps what is left. */
		if (s->nstock == 0 && c->hand_left > 1) {
			for (x = 0; x < n; x++)
				left += t[x].worth;
			gain += left / (c->hand_left - 1);
		}
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
	return 4 * gain - 4 * threat(c, t, n);
}

static void
consider(void *ctx, const struct game_move *mv, const struct cm_play *pl)
{
	struct best	*b = ctx;
	int		 sc = evaluate(b->c, pl);

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

/* The cards the seat cannot see or place: other hands, stock, burned. */
static void
ctx_set(struct ctx *c, const struct cm_state *s, int seat)
{
	uint8_t	 known[CM_IDS];
	int	 i, j, in_pack;

	memset(c, 0, sizeof(*c));
	c->s = s;
	c->seat = seat;
	c->yh_extra = yh_extra(s, seat);
	memset(known, 0, sizeof(known));
	for (j = 0; j < s->nhand[seat]; j++)
		if (s->hands[seat][j] < CM_IDS)
			known[s->hands[seat][j]] = 1;
	for (j = 0; j < s->naside; j++)
		if (s->aside[j] < CM_IDS)
			known[s->aside[j]] = 1;
	for (i = 0; i < CM_IDS; i++) {
		if (s->pile_of[i] != CM_NOBODY || s->won[i] != CM_NOBODY)
			known[i] = 1;
		in_pack = s->squares ? i < CARD_TT_COUNT &&
		    card_tt_number((card_t)i) != CARD_NQ &&
		    card_tt_color((card_t)i) != CARD_BLACK &&
		    card_tt_suit((card_t)i) != CARD_BLOB :
		    i < CARD_TT_COUNT || s->jokers;
		if (!in_pack)
			known[i] = 1;
	}
	for (i = 0; i < CM_IDS; i++)
		if (!known[i])
			c->unseen[c->nunseen++] = i;
	for (i = 0; i < CM_IDS; i++)
		if (s->pile_of[i] < CM_PILES_MAX)
			c->pworth[s->pile_of[i]] += worth(c, (card_t)i);
	for (i = 0; i < s->nseats; i++) {
		c->hand_left += s->nhand[i];
		if (i != seat)
			c->opp_cards += s->nhand[i];
	}
}

enum game_rc
cm_bot_choose(const void *view, int seat, const uint8_t noise[32],
    struct game_move *out)
{
	const struct cm_state *v = view;
	struct ctx	 c;
	struct best	 b;

	memset(&b, 0, sizeof(b));
	ctx_set(&c, v, seat);
	b.c = &c;
	rng_init(&b.r, noise);
	cm_generate(v, seat, consider, &b);
	if (!b.have)
		return GAME_REFUSED;
	*out = b.mv;
	return GAME_OK;
}
