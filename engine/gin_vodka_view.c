/*
 * gin_vodka_view.c: what each viewer of a Gin Vodka game may see, and
 * the self-checks that tests and simulations run after every move
 * (every card once; no hidden card, stock card or random state in a
 * view).
 */
#include "gin_vodka.h"

#include <stdio.h>
#include <string.h>

#include "deck.h"

static int
shows_all(const struct gv_state *s, int viewer)
{
	return viewer == GAME_VIEW_ALL && s->over;
}

void
gv_view(const void *st, int viewer, void *out)
{
	const struct gv_state	*s = st;
	struct gv_state		*v = out;
	int			 all = shows_all(s, viewer), i;

	memcpy(v, s, sizeof(*v));
	memset(&v->rng, 0, sizeof(v->rng));
	if (viewer != GAME_VIEW_ALL && (viewer < 0 || viewer >= GV_SEATS))
		viewer = GAME_VIEW_SPECTATOR;
	if (viewer == GAME_VIEW_ALL && !all)
		viewer = GAME_VIEW_SPECTATOR;
	v->viewer = (int8_t)viewer;
	if (all)
		return;
	for (i = 0; i < GV_SEATS; i++)
		if (i != viewer)
			memset(v->hands[i], CARD_NONE, sizeof(v->hands[i]));
	memset(v->stock, CARD_NONE, sizeof(v->stock));
	if (v->turn != viewer && !v->from_pile)
		v->drawn = CARD_NONE;
}

int
gv_audit(const void *st, char why[GAME_WHY_MAX])
{
	const struct gv_state	*s = st;
	uint8_t			 seen[CARD_TT_COUNT];
	const card_t		*all[GV_SEATS + 2];
	int			 counts[GV_SEATS + 2], i, j, total = 0;
	char			 tok[CARD_TEXT_MAX];

	if (s->layout != GV_LAYOUT) {
		snprintf(why, GAME_WHY_MAX, "layout %d, not %d", s->layout,
		    GV_LAYOUT);
		return -1;
	}
	if (s->phase == GV_PHASE_DEAL)
		return s->nhand[0] + s->nhand[1] + s->nstock + s->ndiscard == 0 ?
		    0 : (snprintf(why, GAME_WHY_MAX, "cards before the deal"), -1);
	if (s->nhand[0] > GV_HAND_MAX || s->nhand[1] > GV_HAND_MAX ||
	    s->nstock > GV_DECK || s->ndiscard > GV_DECK) {
		snprintf(why, GAME_WHY_MAX, "a pile count is out of range");
		return -1;
	}
	all[0] = s->hands[0];
	counts[0] = s->nhand[0];
	all[1] = s->hands[1];
	counts[1] = s->nhand[1];
	all[2] = s->stock;
	counts[2] = s->nstock;
	all[3] = s->discard;
	counts[3] = s->ndiscard;
	memset(seen, 0, sizeof(seen));
	for (i = 0; i < GV_SEATS + 2; i++)
		for (j = 0; j < counts[i]; j++, total++) {
			if (!deck_has(DECK_SQUARES, all[i][j])) {
				snprintf(why, GAME_WHY_MAX, "pile %d holds a card "
				    "not in the Squares deck (%d)", i, all[i][j]);
				return -1;
			}
			if (seen[all[i][j]]++) {
				card_format(CARD_TT, all[i][j], tok);
				snprintf(why, GAME_WHY_MAX, "%s appears twice", tok);
				return -1;
			}
			if (i < GV_SEATS && j > 0 && all[i][j - 1] > all[i][j]) {
				snprintf(why, GAME_WHY_MAX, "hand %d is not sorted",
				    i);
				return -1;
			}
		}
	if (total != GV_DECK) {
		snprintf(why, GAME_WHY_MAX, "%d cards accounted for, not 64",
		    total);
		return -1;
	}
	/* Each card known to be in a hand is there; the rest unused. */
	for (i = 0; i < GV_SEATS; i++)
		for (j = 0; j < GV_HAND_MAX; j++)
			if (j < s->nknown[i] ? card_find(s->hands[i],
			    s->nhand[i], s->known[i][j]) < 0 :
			    s->known[i][j] != CARD_NONE) {
				snprintf(why, GAME_WHY_MAX, "a known card is not "
				    "in hand %d", i);
				return -1;
			}
	if (gv_playing(s) && s->nhand[s->turn ^ 1] != GV_HAND) {
		snprintf(why, GAME_WHY_MAX, "the waiting seat holds %d cards",
		    s->nhand[s->turn ^ 1]);
		return -1;
	}
	return 0;
}

int
gv_audit_view(const void *st, const void *view, int viewer,
    char why[GAME_WHY_MAX])
{
	const struct gv_state	*s = st, *v = view;
	static const uint8_t	 zero[sizeof(struct rng)];
	uint8_t			 hidden[CARD_TT_COUNT];
	int			 i, j, bad, all = shows_all(s, viewer);

	if (memcmp(&v->rng, zero, sizeof(zero)) != 0) {
		snprintf(why, GAME_WHY_MAX, "the view holds random state");
		return -1;
	}
	if (all)
		return 0;
	memset(hidden, 0, sizeof(hidden));
	for (i = 0; i < GV_SEATS; i++)
		if (i != viewer)
			for (j = 0; j < s->nhand[i]; j++)
				hidden[s->hands[i][j]] = 1;
	for (j = 0; j < s->nstock; j++)
		hidden[s->stock[j]] = 1;
	for (i = 0; i < GV_SEATS; i++) {
		bad = i != viewer && !card_all_none(v->hands[i], GV_HAND_MAX);
		for (j = 0; i == viewer && j < GV_HAND_MAX; j++)
			bad |= v->hands[i][j] != CARD_NONE &&
			    (v->hands[i][j] >= CARD_TT_COUNT ||
			    hidden[v->hands[i][j]]);
		if (bad) {
			snprintf(why, GAME_WHY_MAX, "the view shows a card of "
			    "hand %d", i);
			return -1;
		}
	}
	if (!card_all_none(v->stock, GV_DECK)) {
		snprintf(why, GAME_WHY_MAX, "the view shows a stock card");
		return -1;
	}
	/* A card taken from the discard pile was face up: it may show. */
	if (v->drawn != CARD_NONE && (v->drawn >= CARD_TT_COUNT ||
	    (hidden[v->drawn] && !s->from_pile))) {
		snprintf(why, GAME_WHY_MAX, "the view shows the card drawn");
		return -1;
	}
	if (v->nhand[0] != s->nhand[0] || v->nhand[1] != s->nhand[1] ||
	    v->nstock != s->nstock) {
		snprintf(why, GAME_WHY_MAX, "the view's counts differ");
		return -1;
	}
	return 0;
}

/*
 * The whole state face up for viewer, at any ply (a finished game's
 * history): the random stream is zeroed, so nothing left to draw
 * is in it.
 */
int
gv_reveal(const void *st, int viewer, void *out)
{
	const struct gv_state	*s = st;
	struct gv_state		*v = out;

	memcpy(v, s, sizeof(*v));
	memset(&v->rng, 0, sizeof(v->rng));
	v->viewer = (int8_t)(viewer >= 0 && viewer < GV_SEATS ? viewer :
	    GAME_VIEW_ALL);
	return 0;
}
