/*
 * casino_view.c: Casino Macedonia scoring (RULES.md 4d), what each
 * viewer may see, and the self-checks tests and simulations run after
 * every move (every card once; no hidden card or random state in a
 * view).
 */
#include "casino.h"

#include <stdio.h>
#include <string.h>

#include "deck.h"

/* Points per category: full deck, then the Squares deck. */
static const struct {
	int	 most_cards, most_reds, most_circles, one, red_circle;
	int	 blue_square, yellow_hearts, nyellow_hearts;
} points[2] = {
	{ 25, 10, 10, 1, 3, 15, 50, 5 },
	{ 12, 4, 4, 1, 2, 8, 18, 4 }
};

/* The seat with the unique highest of v[0..n-1], or CM_NOBODY. */
static int
unique_max(const int *v, int n)
{
	int	 i, best = 0, who = CM_NOBODY, tie = 0;

	for (i = 0; i < n; i++) {
		if (i == 0 || v[i] > best) {
			best = v[i];
			who = i;
			tie = 0;
		} else if (v[i] == best)
			tie = 1;
	}
	return tie ? CM_NOBODY : who;
}

void
cm_score(const struct cm_state *s, struct cm_result *r)
{
	int		 cards[CM_SEATS_MAX], reds[CM_SEATS_MAX];
	int		 circles[CM_SEATS_MAX];
	int		 i, k, n = s->nseats, sq = s->squares ? 1 : 0;
	card_t		 bs = card_tt_make(s->q_mode == CM_Q_FIVE ? CARD_NQ :
			    CARD_N4, CARD_BLUE, CARD_SQUARE);
	card_t		 c;
	struct cm_tally	*t;

	memset(r, 0, sizeof(*r));
	memset(cards, 0, sizeof(cards));
	memset(reds, 0, sizeof(reds));
	memset(circles, 0, sizeof(circles));
	for (c = 0; c < CM_IDS; c++) {
		if ((k = s->won[c]) >= n)
			continue;
		t = &r->tally[k];
		t->cards++;
		if (c >= CARD_TT_COUNT)
			continue;
		t->reds += card_tt_color(c) == CARD_RED;
		t->circles += card_tt_suit(c) == CARD_CIRCLE;
		t->ones += card_tt_number(c) == CARD_N1;
		t->red_circles += card_tt_color(c) == CARD_RED &&
		    card_tt_suit(c) == CARD_CIRCLE;
		t->blue_square += c == bs;
		t->yellow_hearts += card_tt_color(c) == CARD_YELLOW &&
		    card_tt_suit(c) == CARD_HEART;
	}
	for (i = 0; i < n; i++) {
		cards[i] = r->tally[i].cards;
		reds[i] = r->tally[i].reds;
		circles[i] = r->tally[i].circles;
	}
	r->most_cards = (uint8_t)unique_max(cards, n);
	r->most_reds = (uint8_t)unique_max(reds, n);
	r->most_circles = (uint8_t)unique_max(circles, n);
	for (i = 0; i < n; i++) {
		t = &r->tally[i];
		t->points = (int16_t)(t->ones * points[sq].one +
		    t->red_circles * points[sq].red_circle +
		    t->blue_square * points[sq].blue_square +
		    (t->yellow_hearts == points[sq].nyellow_hearts ?
		    points[sq].yellow_hearts : 0) +
		    (r->most_cards == i ? points[sq].most_cards : 0) +
		    (r->most_reds == i ? points[sq].most_reds : 0) +
		    (r->most_circles == i ? points[sq].most_circles : 0));
	}
	r->taker = CM_NOBODY;
}

static int
shows_all(const struct cm_state *s, int viewer)
{
	return viewer == GAME_VIEW_ALL && s->over;
}

int
cm_search_depth(const void *view)
{
	(void)view;
	return CM_SEARCH_DEPTH;
}

double
cm_search_eval(const void *st, int seat)
{
	const struct cm_state	*s = st;
	struct cm_result	 r;
	double			 others = 0;
	int			 i;

	cm_score(s, &r);
	for (i = 0; i < s->nseats; i++)
		if (i != seat)
			others += r.tally[i].points;
	if (s->nseats > 1)
		others /= s->nseats - 1;
	return r.tally[seat].points - others;
}

void
cm_view(const void *st, int viewer, void *out)
{
	const struct cm_state	*s = st;
	struct cm_state		*v = out;
	int			 all = shows_all(s, viewer), i;

	memcpy(v, s, sizeof(*v));
	memset(&v->rng, 0, sizeof(v->rng));
	if (viewer != GAME_VIEW_ALL && (viewer < 0 || viewer >= s->nseats))
		viewer = GAME_VIEW_SPECTATOR;
	if (viewer == GAME_VIEW_ALL && !all)
		viewer = GAME_VIEW_SPECTATOR;
	v->viewer = (int8_t)viewer;
	if (all)
		return;
	for (i = 0; i < CM_SEATS_MAX; i++)
		if (i != viewer)
			memset(v->hands[i], CARD_NONE, sizeof(v->hands[i]));
	memset(v->stock, CARD_NONE, sizeof(v->stock));
	memset(v->burned, CARD_NONE, sizeof(v->burned));
	/*
	 * Captures stay in won[] for everyone: each captured card was
	 * face up when it was taken, so the running category counts are
	 * public (issue 5).
	 */
}

static int
fail(char why[GAME_WHY_MAX], const char *msg, int a)
{
	snprintf(why, GAME_WHY_MAX, "%s (%d)", msg, a);
	return -1;
}

/* The piles agree with the cards on the table. */
static int
audit_piles(const struct cm_state *s, char why[GAME_WHY_MAX])
{
	const struct cm_pile *p;
	int		 n[CM_PILES_MAX], cm[CM_PILES_MAX], sm[CM_PILES_MAX];
	int		 name[CM_PILES_MAX], sum[CM_PILES_MAX], i, x, lo, hi;

	if (s->npiles > CM_PILES_MAX)
		return fail(why, "too many piles", s->npiles);
	for (x = 0; x < s->npiles; x++) {
		n[x] = cm[x] = sm[x] = sum[x] = 0;
		name[x] = CARD_NONE;
	}
	for (i = 0; i < CM_IDS; i++) {
		if ((x = s->pile_of[i]) == CM_NOBODY)
			continue;
		if (x >= s->npiles)
			return fail(why, "a card names a pile past the table",
			    i);
		n[x]++;
		cm[x] |= cm_cmask((card_t)i);
		sm[x] |= cm_smask((card_t)i);
		if (name[x] == CARD_NONE)
			name[x] = i;
		if (cm_numbers(s, (card_t)i, &lo, &hi) == 1) {
			/* A ? dealt face up under q_mode wild has no number. */
			if ((s->decl[i] < lo || s->decl[i] > hi) &&
			    (s->decl[i] != 0 || i >= CARD_TT_COUNT ||
			    s->piles[x].kind != CM_SINGLE))
				return fail(why, "a declared number is out of "
				    "range", i);
			sum[x] += s->decl[i];
		} else
			sum[x] += lo;
	}
	for (x = 0; x < s->npiles; x++) {
		p = &s->piles[x];
		if (n[x] == 0 || n[x] != p->ncards || cm[x] != p->cmask ||
		    sm[x] != p->smask || name[x] != p->name)
			return fail(why, "a pile disagrees with its cards", x);
		if (!cm_legal_masks(cm[x], sm[x]))
			return fail(why, "a pile mixes both color and suit", x);
		if ((p->kind == CM_SINGLE) != (n[x] == 1) ||
		    (p->kind == CM_SINGLE) != (p->owner == CM_NOBODY) ||
		    (p->owner != CM_NOBODY && p->owner >= s->nseats))
			return fail(why, "a pile's kind or owner is wrong", x);
		if (p->kind != CM_STACK_PILE && sum[x] != p->value)
			return fail(why, "a pile's value is not its sum", x);
		if (p->value > CM_BUILD_MAX || (p->kind == CM_STACK_PILE &&
		    (p->value > 5 || sum[x] % (p->value ? p->value : 1) != 0)))
			return fail(why, "a pile's value is out of range", x);
	}
	return 0;
}

/* Seat holding the unique highest count (written apart from unique_max). */
static int
leader(const struct cm_result *r, int n, int what)
{
	int	 i, v, best = -1, who = CM_NOBODY;

	for (i = 0; i < n; i++) {
		v = what == 0 ? r->tally[i].cards : what == 1 ?
		    r->tally[i].reds : r->tally[i].circles;
		if (v > best) {
			best = v;
			who = i;
		} else if (v == best)
			who = CM_NOBODY;
	}
	return who;
}

/*
 * The last hand's points add up to what its categories allow (RULES.md
 * 4d): each category's count within the pack's (25 ones, 5 red circles,
 * one blue square, 5 yellow hearts; 16, 4, 1, 4 in Squares), each
 * plurality going to the unique leader or to nobody, and the seats'
 * points summing to the categories' worth, 150 (70) at most.
 */
static int
audit_last(const struct cm_state *s, char why[GAME_WHY_MAX])
{
	const struct cm_result	*r = &s->last;
	const struct cm_tally	*t;
	int			 sq = s->squares ? 1 : 0, n = s->nseats;
	int			 i, sum = 0, want = 0, cards = 0, ones = 0;
	int			 rc = 0, bs = 0, yh = 0, all_yh = 0;

	if (r->hand == 0)
		return 0;
	for (i = 0; i < n; i++) {
		t = &r->tally[i];
		sum += t->points;
		cards += t->cards;
		ones += t->ones;
		rc += t->red_circles;
		bs += t->blue_square;
		yh += t->yellow_hearts;
		all_yh |= t->yellow_hearts == points[sq].nyellow_hearts;
		if (t->reds > t->cards || t->circles > t->cards)
			return fail(why, "a tally counts more reds or circles "
			    "than cards", i);
	}
	if (cards > s->ndeck || ones > (sq ? 16 : 25) || rc > (sq ? 4 : 5) ||
	    bs > 1 || yh > points[sq].nyellow_hearts)
		return fail(why, "the last hand counts more than the pack "
		    "holds", r->hand);
	if (r->most_cards != leader(r, n, 0) || r->most_reds !=
	    leader(r, n, 1) || r->most_circles != leader(r, n, 2))
		return fail(why, "a plurality went to other than the unique "
		    "leader", r->hand);
	want = ones * points[sq].one + rc * points[sq].red_circle +
	    bs * points[sq].blue_square +
	    (all_yh ? points[sq].yellow_hearts : 0) +
	    (r->most_cards != CM_NOBODY ? points[sq].most_cards : 0) +
	    (r->most_reds != CM_NOBODY ? points[sq].most_reds : 0) +
	    (r->most_circles != CM_NOBODY ? points[sq].most_circles : 0);
	if (sum != want || sum > (sq ? 70 : 150))
		return fail(why, "the last hand's points do not add up to "
		    "its categories", sum);
	return 0;
}

int
cm_audit(const void *st, char why[GAME_WHY_MAX])
{
	const struct cm_state	*s = st;
	uint8_t			 seen[CM_IDS];
	int			 i, j, total = 0, cap[CM_SEATS_MAX];
	enum deck_kind		 dk = s->squares ? DECK_SQUARES :
				    s->jokers ? DECK_TT_JOKERS : DECK_TT_FULL;

	if (s->layout != CM_LAYOUT)
		return fail(why, "wrong layout", s->layout);
	if (s->nseats < CM_SEATS_MIN || s->nseats > CM_SEATS_MAX ||
	    s->nstock > CM_IDS || s->nburned > 3 || s->naside > 2)
		return fail(why, "a count is out of range", s->nseats);
	memset(seen, 0, sizeof(seen));
	memset(cap, 0, sizeof(cap));
	for (i = 0; i < s->nseats; i++) {
		if (s->nhand[i] > CM_HAND)
			return fail(why, "a hand is too big", i);
		for (j = 0; j < s->nhand[i]; j++, total++) {
			if (s->hands[i][j] >= CM_IDS || seen[s->hands[i][j]]++)
				return fail(why, "a hand card is repeated", i);
			if (j > 0 && s->hands[i][j - 1] > s->hands[i][j])
				return fail(why, "a hand is not sorted", i);
		}
	}
	for (j = 0; j < s->nstock; j++, total++)
		if (s->stock[j] >= CM_IDS || seen[s->stock[j]]++)
			return fail(why, "a stock card is repeated", j);
	for (j = 0; j < s->nburned; j++, total++)
		if (s->burned[j] >= CM_IDS || seen[s->burned[j]]++)
			return fail(why, "a burned card is repeated", j);
	for (j = 0; j < s->naside; j++, total++)
		if (s->aside[j] >= CM_IDS || seen[s->aside[j]]++)
			return fail(why, "a joker set aside is repeated", j);
	for (i = 0; i < CM_IDS; i++) {
		if (s->pile_of[i] != CM_NOBODY && s->won[i] != CM_NOBODY)
			return fail(why, "a card is both on the table and won",
			    i);
		if (s->pile_of[i] != CM_NOBODY || s->won[i] != CM_NOBODY) {
			total++;
			if (seen[i]++)
				return fail(why, "a table or won card is also "
				    "elsewhere", i);
		}
		if (s->won[i] != CM_NOBODY) {
			if (s->won[i] >= s->nseats)
				return fail(why, "a card is won by no seat", i);
			cap[s->won[i]]++;
		}
	}
	for (i = 0; i < s->nseats; i++)
		if (cap[i] != s->ncaptured[i])
			return fail(why, "a capture count is wrong", i);
	if (s->phase == CM_PHASE_DEAL)
		return total == 0 ? 0 : fail(why, "cards before the deal",
		    total);
	for (i = 0; i < CM_IDS; i++)
		if (seen[i] && !deck_has(dk, (card_t)i))
			return fail(why, "a card is not in this pack", i);
	if (total != s->ndeck)
		return fail(why, "cards accounted for, not the pack", total);
	if (s->phase == CM_PHASE_PLAY && s->nhand[s->turn] == 0)
		return fail(why, "the seat to play holds no card", s->turn);
	if (audit_last(s, why) != 0)
		return -1;
	return audit_piles(s, why);
}

int
cm_audit_view(const void *st, const void *view, int viewer,
    char why[GAME_WHY_MAX])
{
	const struct cm_state	*s = st, *v = view;
	static const uint8_t	 zero[sizeof(struct rng)];
	int			 i, j;

	if (memcmp(&v->rng, zero, sizeof(zero)) != 0) {
		snprintf(why, GAME_WHY_MAX, "the view holds random state");
		return -1;
	}
	if (shows_all(s, viewer))
		return 0;
	for (i = 0; i < CM_SEATS_MAX; i++)
		if (i == viewer ? memcmp(v->hands[i], s->hands[i],
		    sizeof(v->hands[i])) != 0 :
		    !card_all_none(v->hands[i], CM_HAND))
			return fail(why, "the view shows a card of another "
			    "hand", i);
	if (!card_all_none(v->stock, CM_IDS))
		return fail(why, "the view shows a stock card", 0);
	for (j = 0; j < 3; j++)
		if (v->burned[j] != CARD_NONE)
			return fail(why, "the view shows a burned card", j);
	for (j = 0; j < CM_IDS; j++)
		if (v->won[j] != s->won[j])
			return fail(why, "the view's captures differ", j);
	if (memcmp(v->nhand, s->nhand, sizeof(v->nhand)) != 0 ||
	    v->nstock != s->nstock || memcmp(v->ncaptured, s->ncaptured,
	    sizeof(v->ncaptured)) != 0)
		return fail(why, "the view's counts differ", viewer);
	return 0;
}

/*
 * The whole state face up for viewer, at any ply (a finished game's
 * history): the random stream is zeroed, so nothing left to draw
 * is in it.
 */
int
cm_reveal(const void *st, int viewer, void *out)
{
	const struct cm_state	*s = st;
	struct cm_state		*v = out;

	if (s->layout != CM_LAYOUT)
		return -1;
	memcpy(v, s, sizeof(*v));
	memset(&v->rng, 0, sizeof(v->rng));
	v->viewer = (int8_t)(viewer >= 0 && viewer < v->nseats ? viewer :
	    GAME_VIEW_ALL);
	return 0;
}
