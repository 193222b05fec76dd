/*
 * casino_moves.c: the Casino Macedonia moves over the table model of
 * casino_table.c (RULES.md 4b, 4c): capture groups and the move
 * generator (the check of a player's move is casino_check.c).
 *
 * A take is the set of piles it captures.  Groups are found by a
 * search over the table piles in index order: every group has a lowest
 * pile, and a grouping picks, at each pile not yet used, either no
 * group or one group whose lowest pile it is.  Different groupings of
 * one set are one move: only the first grouping the search meets for
 * that set (its canonical grouping) is listed.
 */
#include "casino_moves.h"

#include <string.h>

#include "move.h"

/* What the generator passes along to the visitor. */
struct emit {
	const struct cm_state *s;
	cm_visit	 fn;
	void		*ctx;
	int		 n;
	struct cm_play	 pl;
	const struct cm_pile *p;	/* piles the groups index */
	const uint8_t	*map;		/* search pile -> table pile */
	long		 work;		/* search steps left for takes */
	const struct cm_byval *bv;	/* the plan check's index, or NULL */
	/*
	 * With bv, the classes of lone card that may start a group on
	 * some pile, taking value v (vjoin[v]) or as a ? (qjoin).
	 */
	uint32_t	 vjoin[CM_BYVAL];
	uint32_t	 qjoin;
};

/* ---- the capture search ---- */

/* Subsets of numeric SINGLE piles after last summing to sr->v. */
static void
single_groups(struct search *sr, const uint64_t avail[2], int last, int sum,
    int cm, int sm, uint64_t m[2], int low)
{
	const struct cm_pile *p;
	uint64_t	 m2[2];
	int		 j;

	/* Past GROUPS_MAX nothing more is kept; the steps count here too. */
	if (sr->ng >= GROUPS_MAX || (sr->work != NULL && --*sr->work < 0))
		return;
	if (sum == sr->v) {
		sr->g[sr->ng].m[0] = m[0];
		sr->g[sr->ng].m[1] = m[1];
		sr->g[sr->ng].low = (uint8_t)low;
		sr->ng++;
		return;
	}
	for (j = last + 1; j < sr->np; j++) {
		p = &sr->p[j];
		if (!bit(avail, j) || p->kind != CM_SINGLE || p->value == 0 ||
		    sum + p->value > sr->v ||
		    !cm_legal_masks(cm | p->cmask, sm | p->smask))
			continue;
		m2[0] = m[0];
		m2[1] = m[1];
		setbit(m2, j);
		single_groups(sr, avail, j, sum + p->value, cm | p->cmask,
		    sm | p->smask, m2, low);
	}
}

void
cm_find_groups(struct search *sr, const uint64_t avail[2])
{
	const struct cm_pile *p;
	uint64_t	 m[2];
	int		 i;

	sr->ng = 0;
	for (i = 0; i < sr->np; i++) {
		sr->first[i] = sr->ng;
		if (!bit(avail, i))
			continue;
		p = &sr->p[i];
		if (!cm_legal_masks(sr->cm | p->cmask, sr->sm | p->smask))
			continue;
		m[0] = m[1] = 0;
		setbit(m, i);
		if (p->value == 0) {
			if (sr->qrank && sr->ng < GROUPS_MAX) {
				sr->g[sr->ng].m[0] = m[0];
				sr->g[sr->ng].m[1] = m[1];
				sr->g[sr->ng++].low = (uint8_t)i;
			}
		} else if (sr->v == 0)
			continue;
		else if (p->kind != CM_SINGLE) {
			if (p->value == sr->v && sr->ng < GROUPS_MAX) {
				sr->g[sr->ng].m[0] = m[0];
				sr->g[sr->ng].m[1] = m[1];
				sr->g[sr->ng++].low = (uint8_t)i;
			}
		} else if (p->value <= sr->v)
			single_groups(sr, avail, i, p->value, sr->cm | p->cmask,
			    sr->sm | p->smask, m, i);
	}
	sr->first[sr->np] = sr->ng;
}

static int
disjoint(const uint64_t a[2], const uint64_t b[2])
{
	return (a[0] & b[0]) == 0 && (a[1] & b[1]) == 0;
}

static int
subset(const uint64_t a[2], const uint64_t b[2])
{
	return (a[0] & ~b[0]) == 0 && (a[1] & ~b[1]) == 0;
}

int
cm_cover(struct search *sr, int pos, uint64_t used[2], const uint64_t set[2])
{
	int	 k;

	if (sr->work != NULL && --*sr->work < 0)
		return 0;
	while (pos < sr->np && (!bit(set, pos) || bit(used, pos)))
		pos++;
	if (pos == sr->np)
		return 1;
	for (k = sr->first[pos]; k < sr->first[pos + 1]; k++) {
		if (!subset(sr->g[k].m, set) || !disjoint(sr->g[k].m, used))
			continue;
		used[0] |= sr->g[k].m[0];
		used[1] |= sr->g[k].m[1];
		sr->canon[sr->ncanon++] = k;
		if (cm_cover(sr, pos + 1, used, set))
			return 1;
		sr->ncanon--;
		used[0] &= ~sr->g[k].m[0];
		used[1] &= ~sr->g[k].m[1];
	}
	return 0;
}

/* Emit one take: the groups in sr->chosen, capturer in e->pl. */
static void
emit_take(struct emit *e, struct search *sr, const uint64_t set[2])
{
	struct game_move mv;
	int		 i, j, k;

	move_clear(&mv);
	mv.verb = CM_TAKE;
	move_add_card(&mv, e->pl.h, 0);
	if (e->pl.decl > 0)
		mv.asnum[0] = e->pl.decl;
	if (e->pl.target != CM_NOBODY)
		mv.on = e->s->piles[e->pl.target].name;
	e->pl.taken[0] = e->pl.taken[1] = 0;
	for (i = 0; i < sr->nchosen; i++) {
		k = sr->chosen[i];
		for (j = 0; j < sr->np; j++)
			if (bit(sr->g[k].m, j)) {
				/* Too long to write: not offered. */
				if (move_add_card(&mv, e->p[j].name,
				    i + 1) != 0)
					return;
				setbit(e->pl.taken, e->map[j]);
			}
	}
	(void)set;
	if (e->fn != NULL)
		e->fn(e->ctx, &mv, &e->pl);
	e->n++;
}

/* Every grouping from pile pos on; canonical ones are emitted. */
static void
groupings(struct emit *e, struct search *sr, int pos, uint64_t used[2])
{
	uint64_t	 u2[2];
	int		 k, i;

	if (--e->work < 0)
		return;
	while (pos < sr->np && bit(used, pos))
		pos++;
	if (pos == sr->np) {
		if (sr->nchosen == 0)
			return;
		u2[0] = u2[1] = 0;
		sr->ncanon = 0;
		if (!cm_cover(sr, 0, u2, used) || sr->ncanon != sr->nchosen)
			return;
		for (i = 0; i < sr->nchosen; i++)
			if (sr->canon[i] != sr->chosen[i])
				return;
		emit_take(e, sr, used);
		return;
	}
	groupings(e, sr, pos + 1, used);
	for (k = sr->first[pos]; k < sr->first[pos + 1]; k++) {
		if (!disjoint(sr->g[k].m, used))
			continue;
		u2[0] = used[0] | sr->g[k].m[0];
		u2[1] = used[1] | sr->g[k].m[1];
		sr->chosen[sr->nchosen++] = k;
		groupings(e, sr, pos + 1, u2);
		sr->nchosen--;
	}
}

/*
 * The piles other than skip, compacted into out[] (map[] gives each
 * one's table index); returns their count.
 */
static int
other_piles(const struct cm_state *s, int skip, struct cm_pile *out,
    uint8_t *map)
{
	int	 i, n = 0;

	for (i = 0; i < s->npiles; i++)
		if (i != skip) {
			out[n] = s->piles[i];
			map[n++] = (uint8_t)i;
		}
	return n;
}

/*
 * May the capturer start a group on some pile but skip?  When none,
 * find_groups() finds nothing and spends no step, so the copy and the
 * search are skipped (most cards take nothing, at every playout move).
 */
static int
takes_any(const struct cm_state *s, int v, int qrank, int cm, int sm,
    int skip)
{
	const struct cm_pile *p;
	int		 i;

	for (i = 0; i < s->npiles; i++) {
		p = &s->piles[i];
		if (i == skip || !cm_legal_masks(cm | p->cmask, sm | p->smask))
			continue;
		if (p->value == 0) {
			if (qrank)
				return 1;
		} else if (v != 0 && (p->kind != CM_SINGLE ? p->value == v :
		    p->value <= v))
			return 1;
	}
	return 0;
}

/* e's vjoin and qjoin (struct emit), from its table: takes_any(). */
static void
takes_index(struct emit *e)
{
	const struct cm_pile *p;
	uint32_t	 l, single[CM_BYVAL], run = 0;
	int		 i, v;

	memset(e->vjoin, 0, sizeof(e->vjoin));
	memset(single, 0, sizeof(single));
	e->qjoin = 0;
	for (i = 0; i < e->s->npiles; i++) {
		p = &e->s->piles[i];
		l = cm_join_classes(p->cmask, p->smask);
		if (p->value == 0)
			e->qjoin |= l;
		else if (p->kind != CM_SINGLE)
			e->vjoin[p->value] |= l;
		else
			single[p->value] |= l;
	}
	/* A single joins the groups of every value from its own up. */
	for (v = 1; v < CM_BYVAL; v++) {
		run |= single[v];
		e->vjoin[v] |= run;
	}
}

/* takes_any() for lone card h taking v, skipping nothing. */
static int
card_takes_any(const struct emit *e, card_t h, int v, int qrank)
{
	uint32_t	 l = 0;

	if (e->bv == NULL)
		return takes_any(e->s, v, qrank, cm_cmask(h), cm_smask(h),
		    CM_NOBODY);
	if (qrank)
		l |= e->qjoin;
	if (v != 0 && v < CM_BYVAL)
		l |= e->vjoin[v];
	return (l >> (h < CARD_TT_COUNT ? h % 25 : 24)) & 1;
}

/*
 * Takes by capturer (value v, masks), over every pile but skip; the
 * caller has asked takes_any().
 */
static void
gen_takes(struct emit *e, int v, int qrank, int cm, int sm, int skip)
{
	struct search	 sr;
	struct cm_pile	 piles[CM_PILES_MAX];
	uint8_t		 map[CM_PILES_MAX];
	uint64_t	 avail[2] = { ~(uint64_t)0, ~(uint64_t)0 };
	uint64_t	 used[2] = { 0, 0 };

	sr.np = other_piles(e->s, skip, piles, map);
	sr.p = piles;
	sr.v = v;
	sr.qrank = qrank;
	sr.cm = cm;
	sr.sm = sm;
	sr.nchosen = 0;
	sr.work = &e->work;
	cm_find_groups(&sr, avail);
	if (sr.ng == 0 || e->work < 0)
		return;
	e->p = piles;
	e->map = map;
	groupings(e, &sr, 0, used);
}

static void
emit_simple(struct emit *e, int verb, int target)
{
	struct game_move mv;

	move_clear(&mv);
	mv.verb = (uint8_t)verb;
	move_add_card(&mv, e->pl.h, 0);
	if (e->pl.decl > 0)
		mv.asnum[0] = e->pl.decl;
	if (target != CM_NOBODY)
		mv.on = e->s->piles[target].name;
	e->pl.verb = (uint8_t)verb;
	e->pl.target = (uint8_t)target;
	e->pl.taken[0] = e->pl.taken[1] = 0;
	if (e->fn != NULL)
		e->fn(e->ctx, &mv, &e->pl);
	e->n++;
}

/*
 * May seat put h (as d) onto pile x with verb (CM_BUILD, CM_STACK or
 * CM_TAKE for the build of a build-and-take)?  ONTO_OK or the first
 * rule it breaks: the generator tries every pile with every card, and
 * most refuse, so this is the cheap part of onto() without words.
 */
static inline enum onto_no
onto_code(const struct cm_state *s, int seat, card_t h, int d, int x,
    int verb, const struct cm_byval *bv)
{
	const struct cm_pile *px = &s->piles[x];
	struct cm_pile	 after;
	int		 cm, sm, qh = d == 0;

	if (verb == CM_STACK) {
		if (qh != (px->value == 0) || (!qh && px->value != d))
			return ONTO_STACK_VALUE;
		if (qh && s->q_mode != CM_Q_SEPARATE)
			return ONTO_STACK_Q;
		if (!qh && d > stack_cap(s))
			return ONTO_STACK_CAP;
	} else {
		if (qh || px->value == 0)
			return ONTO_BUILD_Q;
		if (px->kind == CM_STACK_PILE)
			return ONTO_BUILD_STACK;
		if (px->value + d > (verb == CM_TAKE ? CM_BUILD_MAX :
		    build_cap(s)))
			return ONTO_BUILD_CAP;
	}
	/* The masks after the values: most piles fail on their value. */
	cm = cm_cmask(h) | px->cmask;
	sm = cm_smask(h) | px->smask;
	if (!cm_legal_masks(cm, sm))
		return ONTO_MIX;
	if (verb == CM_TAKE)
		return ONTO_OK;
	after = *px;
	after.cmask = (uint8_t)cm;
	after.smask = (uint8_t)sm;
	if (verb == CM_BUILD)
		after.value = (uint8_t)(px->value + d);
	if (!cm_plan_ok(s, s->piles, s->npiles, x, &after, s->hands[seat],
	    s->nhand[seat], h, bv))
		return ONTO_PLAN;
	return ONTO_OK;
}

enum onto_no
cm_onto_code(const struct cm_state *s, int seat, card_t h, int d, int x,
    int verb)
{
	return onto_code(s, seat, h, d, x, verb, NULL);
}

/* The moves of hand card h played as d (decl: the number declared). */
static void
gen_card(struct emit *e, int seat, card_t h, int d, int decl, int maydrop)
{
	const struct cm_state *s = e->s;
	const struct cm_pile *p;
	int		 x, q, cm = cm_cmask(h), sm = cm_smask(h);

	e->pl.h = h;
	e->pl.decl = (int8_t)decl;
	e->pl.sweep = 0;
	e->pl.verb = CM_TAKE;
	e->pl.target = CM_NOBODY;
	q = cm_takes_q(s, h);
	if (card_takes_any(e, h, d, q))
		gen_takes(e, d, q, cm, sm, CM_NOBODY);
	if (!s->single && d > 0)
		for (x = 0; x < s->npiles; x++) {
			p = &s->piles[x];
			if (onto_code(s, seat, h, d, x, CM_TAKE, e->bv) !=
			    ONTO_OK || !takes_any(s, p->value + d, 0,
			    cm | p->cmask, sm | p->smask, x))
				continue;
			e->pl.verb = CM_TAKE;
			e->pl.target = (uint8_t)x;
			gen_takes(e, p->value + d, 0, cm | p->cmask,
			    sm | p->smask, x);
		}
	for (x = 0; x < s->npiles; x++)
		if (onto_code(s, seat, h, d, x, CM_BUILD, e->bv) == ONTO_OK)
			emit_simple(e, CM_BUILD, x);
	for (x = 0; x < s->npiles; x++)
		if (onto_code(s, seat, h, d, x, CM_STACK, e->bv) == ONTO_OK)
			emit_simple(e, CM_STACK, x);
	if (maydrop)
		emit_simple(e, CM_DROP, CM_NOBODY);
}

int
cm_generate(const struct cm_state *s, int seat, cm_visit fn, void *ctx)
{
	struct emit	 e;
	struct cm_byval	 bv;
	int		 i, d, lo, hi, r, maydrop;
	card_t		 h;

	if (s->phase != CM_PHASE_PLAY || seat != s->turn)
		return 0;
	if (s->viewer != CM_NOT_A_VIEW && s->viewer != seat)
		return 0;
	memset(&e, 0, sizeof(e));
	e.s = s;
	e.fn = fn;
	e.ctx = ctx;
	e.work = LIST_WORK_MAX;
	if (cm_byval_set(s->piles, s->npiles, &bv) == 0) {
		e.bv = &bv;
		takes_index(&e);
	}
	maydrop = cm_may_drop(s, seat);
	for (i = 0; i < s->nhand[seat]; i++) {
		h = s->hands[seat][i];
		r = cm_numbers(s, h, &lo, &hi);
		if (r < 0) {
			e.pl.h = h;
			e.pl.decl = 0;
			if (cm_can_sweep(s)) {
				e.pl.sweep = 1;
				emit_simple(&e, CM_TAKE, CM_NOBODY);
				e.pl.sweep = 0;
			} else if (maydrop)
				emit_simple(&e, CM_DROP, CM_NOBODY);
			continue;
		}
		for (d = lo; d <= hi; d++)
			gen_card(&e, seat, h, d, r == 1 ? d : 0, maydrop);
	}
	return e.n;
}
