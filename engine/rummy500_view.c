/*
 * rummy500_view.c: what each viewer of a Rummy 500 game may see, and
 * the self-checks run after every move in tests and simulations (every
 * card once; no hidden card, stock card or random state in a view).
 */
#include "rummy500.h"

#include <stdio.h>
#include <string.h>

static int
shows_all(const struct r500_state *s, int viewer)
{
	return viewer == GAME_VIEW_ALL && s->over;
}

void
r500_view(const void *st, int viewer, void *out)
{
	const struct r500_state	*s = st;
	struct r500_state	*v = out;
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
	for (i = 0; i < R500_SEATS_MAX; i++)
		if (i != viewer)
			memset(v->hands[i], CARD_NONE, sizeof(v->hands[i]));
	memset(v->stock, CARD_NONE, sizeof(v->stock));
	if (v->turn != viewer)
		v->drawn = CARD_NONE;
}

int
r500_audit(const void *st, char why[GAME_WHY_MAX])
{
	const struct r500_state	*s = st;
	const struct r500_meld	*m;
	uint8_t			 seen[CARD_STD_COUNT];
	int			 i, j, total = 0, k;
	card_t			 c;

	if (s->layout != R500_LAYOUT) {
		snprintf(why, GAME_WHY_MAX, "layout %d, not %d", s->layout,
		    R500_LAYOUT);
		return -1;
	}
	if (s->nseats < R500_SEATS_MIN || s->nseats > R500_SEATS_MAX) {
		snprintf(why, GAME_WHY_MAX, "%d seats", s->nseats);
		return -1;
	}
	if (s->phase == R500_PHASE_DEAL) {
		for (i = 0; i < R500_SEATS_MAX; i++)
			total += s->nhand[i];
		if (total + s->nstock + s->ndiscard + s->nmelds == 0)
			return 0;
		snprintf(why, GAME_WHY_MAX, "cards before the deal");
		return -1;
	}
	if (s->nstock > R500_DECK || s->ndiscard > R500_DECK ||
	    s->nmelds > R500_MELDS_MAX) {
		snprintf(why, GAME_WHY_MAX, "a pile count is out of range");
		return -1;
	}
	memset(seen, 0, sizeof(seen));
	for (i = 0; i < s->nseats + 2 + s->nmelds; i++) {
		const card_t	*a;

		if (i < s->nseats) {
			a = s->hands[i];
			k = s->nhand[i];
		} else if (i == s->nseats) {
			a = s->stock;
			k = s->nstock;
		} else if (i == s->nseats + 1) {
			a = s->discard;
			k = s->ndiscard;
		} else {
			m = &s->melds[i - s->nseats - 2];
			a = m->cards;
			k = m->ncards;
			if (k < 3 || k > R500_MELD_CARDS || (m->kind == R500_SET &&
			    k > 4)) {
				snprintf(why, GAME_WHY_MAX, "a meld of %d cards",
				    k);
				return -1;
			}
		}
		if (k > R500_HAND_MAX) {
			snprintf(why, GAME_WHY_MAX, "a count is out of range");
			return -1;
		}
		for (j = 0; j < k; j++, total++) {
			c = a[j];
			if (c >= CARD_STD_COUNT || seen[c]++) {
				snprintf(why, GAME_WHY_MAX, "card %d is %s", c,
				    c >= CARD_STD_COUNT ? "invalid" : "twice");
				return -1;
			}
			if (i < s->nseats && j > 0 && a[j - 1] > c) {
				snprintf(why, GAME_WHY_MAX, "hand %d is not "
				    "sorted", i);
				return -1;
			}
		}
	}
	if (total != R500_DECK) {
		snprintf(why, GAME_WHY_MAX, "%d cards accounted for, not 52",
		    total);
		return -1;
	}
	for (i = 0; i < s->nmelds; i++) {
		m = &s->melds[i];
		for (j = 0; j < m->ncards; j++) {
			c = m->cards[j];
			if (m->by[j] >= s->nseats ||
			    (m->kind == R500_SET && card_std_rank(c) !=
			    card_std_rank(m->cards[0])) ||
			    (m->kind == R500_RUN && (card_std_suit(c) !=
			    card_std_suit(m->cards[0]) || (card_std_rank(c) ?
			    r500_pos(c) != m->lo + j : (m->lo + j != 1 &&
			    m->lo + j != 14))))) {
				snprintf(why, GAME_WHY_MAX, "meld %d is not a "
				    "meld", i);
				return -1;
			}
		}
	}
	/* Each card known to be in a hand is there. */
	for (i = 0; i < R500_SEATS_MAX; i++)
		for (c = 0; c < 64; c++)
			if (((s->known[i] >> c) & 1) && (i >= s->nseats ||
			    card_find(s->hands[i], s->nhand[i], c) < 0)) {
				snprintf(why, GAME_WHY_MAX, "a known card is not "
				    "in hand %d", i);
				return -1;
			}
	if (s->owed != CARD_NONE && (s->phase != R500_PHASE_PLAY ||
	    s->owed != s->taken ||
	    !r500_can_place(s->hands[s->turn], s->nhand[s->turn], s->melds,
	    s->nmelds, s->owed))) {
		snprintf(why, GAME_WHY_MAX, "the taken card can no longer be "
		    "laid");
		return -1;
	}
	return 0;
}

int
r500_audit_view(const void *st, const void *view, int viewer,
    char why[GAME_WHY_MAX])
{
	const struct r500_state	*s = st, *v = view;
	static const uint8_t	 zero[sizeof(struct rng)];
	uint8_t			 hidden[CARD_STD_COUNT];
	int			 i, j, bad;

	if (memcmp(&v->rng, zero, sizeof(zero)) != 0) {
		snprintf(why, GAME_WHY_MAX, "the view holds random state");
		return -1;
	}
	if (shows_all(s, viewer))
		return 0;
	memset(hidden, 0, sizeof(hidden));
	for (i = 0; i < s->nseats; i++)
		if (i != viewer)
			for (j = 0; j < s->nhand[i]; j++)
				hidden[s->hands[i][j]] = 1;
	for (j = 0; j < s->nstock; j++)
		hidden[s->stock[j]] = 1;
	for (i = 0; i < R500_SEATS_MAX; i++) {
		bad = i != viewer && !card_all_none(v->hands[i],
		    R500_HAND_MAX);
		for (j = 0; i == viewer && j < R500_HAND_MAX; j++)
			bad |= v->hands[i][j] != CARD_NONE &&
			    (v->hands[i][j] >= CARD_STD_COUNT ||
			    hidden[v->hands[i][j]]);
		if (bad) {
			snprintf(why, GAME_WHY_MAX, "the view shows a card of "
			    "hand %d", i);
			return -1;
		}
	}
	if (!card_all_none(v->stock, R500_DECK)) {
		snprintf(why, GAME_WHY_MAX, "the view shows a stock card");
		return -1;
	}
	if (v->drawn != CARD_NONE && (v->drawn >= CARD_STD_COUNT ||
	    hidden[v->drawn])) {
		snprintf(why, GAME_WHY_MAX, "the view shows the card drawn");
		return -1;
	}
	for (i = 0; i < R500_SEATS_MAX; i++)
		if (v->nhand[i] != s->nhand[i]) {
			snprintf(why, GAME_WHY_MAX, "the view's counts differ");
			return -1;
		}
	if (v->nstock != s->nstock) {
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
r500_reveal(const void *st, int viewer, void *out)
{
	const struct r500_state	*s = st;
	struct r500_state		*v = out;

	memcpy(v, s, sizeof(*v));
	memset(&v->rng, 0, sizeof(v->rng));
	v->viewer = (int8_t)(viewer >= 0 && viewer < v->nseats ? viewer :
	    GAME_VIEW_ALL);
	return 0;
}
