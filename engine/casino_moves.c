/*
 * casino_moves.c: the Casino Macedonia moves over the table model of
 * casino_table.c (RULES.md 4b, 4c): capture groups, the move generator
 * and the check of a player's move.
 *
 * A take is the set of piles it captures.  Groups are found by a
 * search over the table piles in index order: every group has a lowest
 * pile, and a grouping picks, at each pile not yet used, either no
 * group or one group whose lowest pile it is.  Different groupings of
 * one set are one move: only the first grouping the search meets for
 * that set (its canonical grouping) is listed.
 */
#include "casino.h"

#include <stdio.h>
#include <string.h>

#include "move.h"

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

static int
bit(const uint64_t m[2], int i)
{
	return (int)((m[i >> 6] >> (i & 63)) & 1);
}

static void
setbit(uint64_t m[2], int i)
{
	m[i >> 6] |= (uint64_t)1 << (i & 63);
}

static int
build_cap(const struct cm_state *s)
{
	if (s->single)
		return s->q_mode == CM_Q_FIVE ? 5 : 4;
	return CM_BUILD_MAX;
}

static int
stack_cap(const struct cm_state *s)
{
	return s->q_mode == CM_Q_FIVE ? 5 : 4;
}

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

/* Every group the capturer may take among avail, ordered by lowest pile. */
static void
find_groups(struct search *sr, const uint64_t avail[2])
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

/* The first grouping (in search order) that covers set exactly. */
static int
cover(struct search *sr, int pos, uint64_t used[2], const uint64_t set[2])
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
		if (cover(sr, pos + 1, used, set))
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
		if (!cover(sr, 0, u2, used) || sr->ncanon != sr->nchosen)
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
	find_groups(&sr, avail);
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

/* onto_code() for a player's move: 0, or -1 with a sentence in why[]. */
static int
onto(const struct cm_state *s, int seat, card_t h, int d, int x, int verb,
    char why[GAME_WHY_MAX])
{
	const struct cm_pile *px = &s->piles[x];
	int		 cap = verb == CM_TAKE ? CM_BUILD_MAX : build_cap(s);

	switch (onto_code(s, seat, h, d, x, verb, NULL)) {
	case ONTO_OK:
		return 0;
	case ONTO_STACK_VALUE:
		snprintf(why, GAME_WHY_MAX, "You may stack a card only on a "
		    "pile of its own value.");
		break;
	case ONTO_STACK_Q:
		snprintf(why, GAME_WHY_MAX, "Nothing may be stacked on a ? "
		    "that was dealt face up.");
		break;
	case ONTO_STACK_CAP:
		snprintf(why, GAME_WHY_MAX, "A stack is worth at most %d.",
		    stack_cap(s));
		break;
	case ONTO_BUILD_Q:
		snprintf(why, GAME_WHY_MAX, "A ? has no number here, so it "
		    "cannot be built with or on.");
		break;
	case ONTO_BUILD_STACK:
		snprintf(why, GAME_WHY_MAX, "A stack cannot be built on.");
		break;
	case ONTO_BUILD_CAP:
		snprintf(why, GAME_WHY_MAX, "A build is worth at most %d; "
		    "this one would be %d.", cap, px->value + d);
		break;
	case ONTO_MIX:
		snprintf(why, GAME_WHY_MAX, "That pile would mix colors and "
		    "suits both; a pile must share a color or a suit (black "
		    "and blob are wild).");
		break;
	default:
		snprintf(why, GAME_WHY_MAX, "Plan check: no other card in "
		    "your hand could capture that %s later, so you may not "
		    "make it.", verb == CM_BUILD ? "build" : "stack");
		break;
	}
	return -1;
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

/* ---- checking a player's move ---- */

/* A refusal: every "%s" in msg stands for card c.  Returns -1. */
static int
refuse(char why[GAME_WHY_MAX], const char *msg, card_t c)
{
	char	 tok[CARD_TEXT_MAX];
	size_t	 n = 0, k;

	if (c != CARD_NONE && card_valid(CARD_TT, c))
		card_format(CARD_TT, c, tok);
	else
		snprintf(tok, sizeof(tok), "?");
	for (; *msg != '\0' && n + 1 < GAME_WHY_MAX; msg++) {
		if (msg[0] == '%' && msg[1] == 's') {
			for (k = 0; tok[k] != '\0' && n + 1 < GAME_WHY_MAX; k++)
				why[n++] = tok[k];
			msg++;
		} else
			why[n++] = *msg;
	}
	why[n] = '\0';
	return -1;
}

/* The named piles of a take into pl->taken; 0 or -1 with why[]. */
static int
named_piles(const struct cm_state *s, const struct game_move *mv,
    struct cm_play *pl, char why[GAME_WHY_MAX])
{
	int	 i, x;
	card_t	 c;

	pl->taken[0] = pl->taken[1] = 0;
	for (i = 1; i < mv->ncards; i++) {
		c = mv->cards[i];
		if (c >= CM_IDS || (x = s->pile_of[c]) == CM_NOBODY)
			return refuse(why, "%s is not on the table.", c);
		if (mv->asnum[i] >= 0 || mv->as[i] != CARD_NONE)
			return refuse(why, "Only the card you play may declare "
			    "a number, not %s.", c);
		if (x == pl->target)
			return refuse(why, "%s is in the pile you build on; "
			    "name only the other piles you take.", c);
		if (bit(pl->taken, x))
			return refuse(why, "The pile of %s is named twice.", c);
		setbit(pl->taken, x);
	}
	if (mv->ncards < 2)
		return refuse(why, "Name the table cards you take, for example "
		    "\"take %s | 1Rc 2Rh\".", mv->cards[0]);
	return 0;
}

/* Can the named set be split into groups for the capturer? */
static int
groups_cover(const struct cm_state *s, struct cm_play *pl, int v, int qrank,
    int cm, int sm, char why[GAME_WHY_MAX])
{
	struct search	 sr;
	uint64_t	 used[2] = { 0, 0 };

	sr.p = s->piles;
	sr.np = s->npiles;
	sr.v = v;
	sr.qrank = qrank;
	sr.cm = cm;
	sr.sm = sm;
	long		 work = CHECK_WORK_MAX;

	sr.ncanon = 0;
	sr.work = &work;
	find_groups(&sr, pl->taken);
	if (cover(&sr, 0, used, pl->taken))
		return 0;
	if (work < 0) {
		snprintf(why, GAME_WHY_MAX, "That take is too tangled to "
		    "check; name fewer piles.");
		return -1;
	}
	if (v == 0)
		snprintf(why, GAME_WHY_MAX, "A ? takes only ? piles, each "
		    "matching it in color or suit.");
	else
		snprintf(why, GAME_WHY_MAX, "Those cards do not split into "
		    "groups each worth %d and each matching %s in color or "
		    "suit (builds and stacks whole).", v,
		    pl->target == CM_NOBODY ? "your card" : "your build");
	return -1;
}

int
cm_check(const struct cm_state *s, int seat, const struct game_move *mv,
    struct cm_play *pl, char why[GAME_WHY_MAX])
{
	int	 i, r, lo, hi, d, x;
	card_t	 h;

	memset(pl, 0, sizeof(*pl));
	pl->target = CM_NOBODY;
	if (mv->verb >= CM_VERB__MAX || mv->ncards < 1)
		return refuse(why, "Name the card you play from your hand.",
		    CARD_NONE);
	h = mv->cards[0];
	pl->verb = mv->verb;
	pl->h = h;
	for (i = 0; i < s->nhand[seat] && s->hands[seat][i] != h; i++)
		;
	if (i == s->nhand[seat])
		return refuse(why, "You do not hold %s.", h);
	if (mv->at >= 0 || mv->num >= 0 || mv->as[0] != CARD_NONE)
		return refuse(why, "A move names cards only; a number is "
		    "declared as %s=3.", h);
	r = cm_numbers(s, h, &lo, &hi);
	if (r == 1) {
		if (mv->asnum[0] < lo || mv->asnum[0] > hi) {
			snprintf(why, GAME_WHY_MAX, "Say which number your "
			    "card stands for, from %d to %d, as in "
			    "\"drop QRc=3\".",
			    lo, hi);
			return -1;
		}
		d = pl->decl = mv->asnum[0];
	} else {
		if (mv->asnum[0] >= 0)
			return refuse(why, "%s does not declare a number; "
			    "write it without \"=\".", h);
		d = lo;
	}
	if (mv->verb != CM_TAKE && mv->ncards != 1)
		return refuse(why, "This move names one card from your hand.",
		    CARD_NONE);
	if (mv->on != CARD_NONE) {
		if (mv->verb == CM_DROP)
			return refuse(why, "A drop puts %s on the table by "
			    "itself; it names no pile.", h);
		if (mv->on >= CM_IDS || (x = s->pile_of[mv->on]) == CM_NOBODY)
			return refuse(why, "%s is not on the table.", mv->on);
		pl->target = (uint8_t)x;
	} else if (mv->verb == CM_BUILD || mv->verb == CM_STACK)
		return refuse(why, "Say which pile to play on, as in "
		    "\"build %s on 4Rt\".", h);
	if (r < 0) {
		if (mv->verb == CM_DROP && !cm_can_sweep(s))
			return 0;
		if (mv->verb == CM_TAKE && cm_can_sweep(s) && mv->ncards == 1 &&
		    pl->target == CM_NOBODY) {
			pl->sweep = 1;
			return 0;
		}
		return refuse(why, cm_can_sweep(s) ? "A joker sweeps the whole "
		    "table: \"take %s\"." : "With nothing to sweep, the joker "
		    "is set aside as a spare: \"drop %s\".", h);
	}
	switch (mv->verb) {
	case CM_DROP:
		if (!cm_may_drop(s, seat))
			return refuse(why, "You may not drop: you own a build "
			    "or stack that a card in your hand can still "
			    "capture (plan check).", CARD_NONE);
		return 0;
	case CM_BUILD:
	case CM_STACK:
		return onto(s, seat, h, d, pl->target, mv->verb, why);
	default:
		break;
	}
	if (pl->target != CM_NOBODY) {
		if (s->single)
			return refuse(why, "Single-card takes are in force: no "
			    "build-and-take.", CARD_NONE);
		if (onto(s, seat, h, d, pl->target, CM_TAKE, why) != 0)
			return -1;
	}
	if (named_piles(s, mv, pl, why) != 0)
		return -1;
	if (pl->target != CM_NOBODY) {
		x = pl->target;
		return groups_cover(s, pl, s->piles[x].value + d, 0,
		    cm_cmask(h) | s->piles[x].cmask,
		    cm_smask(h) | s->piles[x].smask, why);
	}
	return groups_cover(s, pl, d, cm_takes_q(s, h), cm_cmask(h), cm_smask(h),
	    why);
}
