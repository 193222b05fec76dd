/*
 * casino_check.c: the check of a Casino Macedonia player's move
 * (RULES.md 4b, 4c), with a sentence for every refusal: the card, its
 * number, the pile named, then the groups of a take, found by the
 * capture search of casino_moves.c.
 */
#include "casino_moves.h"

#include <stdio.h>
#include <string.h>

/* onto_code() for a player's move: 0, or -1 with a sentence in why[]. */
static int
onto(const struct cm_state *s, int seat, card_t h, int d, int x, int verb,
    char why[GAME_WHY_MAX])
{
	const struct cm_pile *px = &s->piles[x];
	int		 cap = verb == CM_TAKE ? CM_BUILD_MAX : build_cap(s);

	switch (cm_onto_code(s, seat, h, d, x, verb)) {
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
	cm_find_groups(&sr, pl->taken);
	if (cm_cover(&sr, 0, used, pl->taken))
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
