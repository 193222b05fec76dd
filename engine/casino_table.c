/*
 * casino_table.c: the Casino Macedonia table model of RULES.md 4b and
 * 4c, what a card and a pile are worth to the moves: the sweepers,
 * the ?-takers and the plan check that keeps a build or stack on the
 * table only while its owner can still capture it (card values, the
 * numbers a card may declare and colour and suit matching are inline
 * in casino.h), and the piles a card is put on.
 * The capture search and the move generator over this model are in
 * casino_moves.c.
 */
#include "casino.h"

#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>	/* x86-64 baseline: the ids 16 at a time */
#endif

int
cm_takes_q(const struct cm_state *s, card_t c)
{
	return c < CARD_TT_COUNT && card_tt_number(c) == CARD_NQ &&
	    s->q_mode != CM_Q_FIVE;
}

int
cm_can_sweep(const struct cm_state *s)
{
	int	 i;

	if (s->npiles > 0)
		return 1;
	for (i = 0; i < s->naside; i++)
		if (!s->aside_spare[i])
			return 1;
	return 0;
}

/*
 * The classes a card may join by its color (cjoin) and by its suit
 * (sjoin), for the plain colors (suits) of a pile, bit 5 * color +
 * suit: one plain color c allows row c and the black row, one plain
 * suit u column u and the blob column, two or more allow nothing.
 * Tables: a decision folds its piles in a loop, where branches on the
 * masks mispredict.
 */
static const uint32_t cjoin[16] = {
	0, 0x1f0001f, 0x1f003e0, 0, 0x1f07c00, 0, 0, 0, 0x1ff8000, 0, 0, 0,
	0, 0, 0, 0
};
static const uint32_t sjoin[16] = {
	0, 0x118c631, 0x1294a52, 0, 0x14a5294, 0, 0, 0, 0x18c6318, 0, 0, 0,
	0, 0, 0, 0
};

/*
 * A pile with no plain color (or suit) yet takes any card; legality
 * only shrinks as a pile grows, which the fold relies on.
 */
uint32_t
cm_join_classes(int cmask, int smask)
{
	int	 c = cmask & 0x0f, s = smask & 0x0f;

	if (c == 0 || s == 0)
		return 0x1ffffff;
	return cjoin[c] | sjoin[s];
}

int
cm_byval_set(const struct cm_pile *p, int np, struct cm_byval *bv)
{
	int	 q;

	memset(bv, 0, sizeof(*bv));
	for (q = 0; q < np; q++) {
		if (p[q].value >= CM_BYVAL)
			return -1;
		if (p[q].kind != CM_STACK_PILE && p[q].value != 0)
			bv->m[p[q].value][q >> 6] |= (uint64_t)1 << (q & 63);
	}
	return 0;
}

/*
 * May a card of masks cm, sm build onto a pile q other than x of value
 * v, and then take px with it?  Over the piles of value v in bv, or
 * every pile without one.
 */
static int
plan_onto(const struct cm_pile *p, int np, int x, const struct cm_pile *px,
    int cm, int sm, int v, const struct cm_byval *bv)
{
	uint64_t w;
	int	 q, h;

	if (bv == NULL) {
		for (q = 0; q < np; q++) {
			/* The sum first: it rules out most piles. */
			if (p[q].value != v || q == x ||
			    p[q].kind == CM_STACK_PILE || p[q].value == 0)
				continue;
			if (cm_legal_masks(cm | p[q].cmask, sm | p[q].smask) &&
			    cm_legal_masks(cm | p[q].cmask | px->cmask,
			    sm | p[q].smask | px->smask))
				return 1;
		}
		return 0;
	}
	if (v < 1 || v >= CM_BYVAL)
		return 0;
	for (h = 0; h < 2; h++)
		for (w = bv->m[v][h]; w != 0; w &= w - 1) {
			q = 64 * h + __builtin_ctzll(w);
			if (q != x && cm_legal_masks(cm | p[q].cmask,
			    sm | p[q].smask) && cm_legal_masks(cm | p[q].cmask |
			    px->cmask, sm | p[q].smask | px->smask))
				return 1;
		}
	return 0;
}

int
cm_plan_ok(const struct cm_state *s, const struct cm_pile *p, int np, int x,
    const struct cm_pile *px, const card_t *hand, int nh, card_t skip,
    const struct cm_byval *bv)
{
	int		 i, d, lo, hi, cm, sm;
	card_t		 c;

	for (i = 0; i < nh; i++) {
		c = hand[i];
		if (c == skip || cm_numbers(s, c, &lo, &hi) < 0)
			continue;
		cm = cm_cmask(c);
		sm = cm_smask(c);
		if (px->value == 0) {
			if (cm_takes_q(s, c) && cm_legal_masks(cm | px->cmask,
			    sm | px->smask))
				return 1;
			continue;
		}
		for (d = lo; d <= hi; d++) {
			if (d == 0)
				continue;
			if (px->value == d && cm_legal_masks(cm | px->cmask,
			    sm | px->smask))
				return 1;
			if (!s->single && plan_onto(p, np, x, px, cm, sm,
			    px->value - d, bv))
				return 1;
		}
	}
	return 0;
}

int
cm_may_drop(const struct cm_state *s, int seat)
{
	int	 i;

	for (i = 0; i < s->npiles; i++)
		if (s->piles[i].owner == seat &&
		    s->piles[i].kind != CM_SINGLE &&
		    cm_plan_ok(s, s->piles, s->npiles, i, &s->piles[i],
		    s->hands[seat], s->nhand[seat], CARD_NONE, NULL))
			return 0;
	return 1;
}

#if defined(__SSE2__)
void
cm_ids_placed(const uint8_t *a, uint64_t m[2])
{
	uint8_t	 b[128];
	__m128i	 nobody = _mm_set1_epi8((char)CM_NOBODY);
	uint64_t k;
	int	 i;

	memcpy(b, a, CM_IDS);
	b[CM_IDS] = CM_NOBODY;
	m[0] = m[1] = 0;
	for (i = 0; i < 128; i += 16) {
		k = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(
		    _mm_loadu_si128((const __m128i *)(const void *)(b + i)),
		    nobody));
		m[i >> 6] |= k << (i & 63);
	}
	m[0] = ~m[0];
	m[1] = ~m[1] & ~((uint64_t)1 << 63);
}
#else
/*
 * The high bit of each byte of x that is CM_NOBODY (0xff), gathered
 * into bits 0..7 in memory order: a word at a time.
 */
static unsigned
nobody_bytes(uint64_t x)
{
	const uint64_t	 lo7 = 0x7f7f7f7f7f7f7f7fULL;
	uint64_t	 t = ~x, y;

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	t = __builtin_bswap64(t);
#endif
	/* A zero byte of t, exactly: no carry crosses a byte here. */
	y = ~(((t & lo7) + lo7) | t | lo7);
	return (unsigned)(((y >> 7) * 0x0102040810204080ULL) >> 56);
}

void
cm_ids_placed(const uint8_t *a, uint64_t m[2])
{
	uint8_t	 b[128];
	uint64_t w;
	int	 i;

	memcpy(b, a, CM_IDS);
	b[CM_IDS] = CM_NOBODY;
	m[0] = m[1] = 0;
	for (i = 0; i < 128; i += 8) {
		memcpy(&w, b + i, sizeof(w));
		m[i >> 6] |= (uint64_t)nobody_bytes(w) << (i & 63);
	}
	m[0] = ~m[0];
	m[1] = ~m[1] & ~((uint64_t)1 << 63);
}
#endif

/* The number a card on the table counts as (0: a ?-pile card). */
int
cm_table_value(const struct cm_state *s, card_t c)
{
	int	 lo, hi;

	if (cm_numbers(s, c, &lo, &hi) == 1)
		return s->decl[c];
	return lo;
}

void
cm_pile_add(struct cm_state *s, int x, card_t c)
{
	struct cm_pile	*p = &s->piles[x];

	s->pile_of[c] = (uint8_t)x;
	p->ncards++;
	p->cmask |= (uint8_t)cm_cmask(c);
	p->smask |= (uint8_t)cm_smask(c);
	if (c < p->name)
		p->name = c;
}

void
cm_new_single(struct cm_state *s, card_t c)
{
	struct cm_pile	*p = &s->piles[s->npiles];

	memset(p, 0, sizeof(*p));
	p->kind = CM_SINGLE;
	p->owner = CM_NOBODY;
	p->name = c;
	p->value = (uint8_t)cm_table_value(s, c);
	cm_pile_add(s, s->npiles++, c);
}
