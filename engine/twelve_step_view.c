/*
 * twelve_step_view.c: what each viewer of a 12-Step Rummy game may see,
 * and the self-checks run after every move in tests and simulations
 * (every card of the packs once; melds valid; no hidden card, stock
 * card or random state in a view).
 */
#include "twelve_step.h"

#include <stdio.h>
#include <string.h>

static int
shows_all(const struct tsr_state *s, int viewer)
{
	return viewer == GAME_VIEW_ALL && s->over;
}

void
tsr_view(const void *st, int viewer, void *out)
{
	const struct tsr_state	*s = st;
	struct tsr_state	*v = out;
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
	for (i = 0; i < TSR_SEATS_MAX; i++)
		if (i != viewer)
			memset(v->hand[i], 0, sizeof(v->hand[i]));
	memset(v->stock, CARD_NONE, sizeof(v->stock));
	if (v->turn != viewer && !v->from_pile)
		v->drawn = CARD_NONE;
}

static int
fail(char why[GAME_WHY_MAX], const char *msg, int arg)
{
	snprintf(why, GAME_WHY_MAX, msg, arg);
	return -1;
}

/* Count meld j's cards into seen; -1 with why[] if it is malformed. */
static int
audit_meld(const struct tsr_meld *m, int j, int *seen,
    char why[GAME_WHY_MAX])
{
	int	 i, nat = 0;

	if (m->kind == TSR_SET) {
		if (m->ncards < 3 || m->ncards > TSR_MELD_MAX)
			return fail(why, "set %d has a bad size", j);
		for (i = 0; i < m->ncards; i++) {
			if (m->cards[i] >= TSR_IDS)
				return fail(why, "set %d holds a bad card", j);
			if (!tsr_wild(m->cards[i])) {
				if (card_std_rank(m->cards[i]) != m->rank)
					return fail(why, "set %d mixes ranks",
					    j);
				nat++;
			}
			seen[m->cards[i]]++;
		}
		return nat > 0 ? 0 : fail(why, "set %d has no natural", j);
	}
	if (m->kind != TSR_RUN || m->lo > m->hi || m->hi > 13 ||
	    m->ncards != m->hi - m->lo + 1 || m->ncards > 13)
		return fail(why, "meld %d is not a run", j);
	for (i = 0; i < TSR_RUN_POS; i++) {
		if (i < m->lo || i > m->hi) {
			if (m->cards[i] != CARD_NONE)
				return fail(why, "run %d holds a card outside "
				    "its span", j);
			continue;
		}
		if (m->cards[i] >= TSR_IDS)
			return fail(why, "run %d has a hole", j);
		if (!tsr_wild(m->cards[i]) &&
		    m->cards[i] != tsr_run_card(m->suit, i))
			return fail(why, "run %d has a card out of place", j);
		if (i > m->lo && tsr_wild(m->cards[i]) &&
		    tsr_wild(m->cards[i - 1]))
			return fail(why, "run %d has wilds side by side", j);
		seen[m->cards[i]]++;
	}
	return 0;
}

int
tsr_audit(const void *st, char why[GAME_WHY_MAX])
{
	const struct tsr_state	*s = st;
	int			 seen[TSR_IDS], i, c, n;

	if (s->layout != TSR_LAYOUT)
		return fail(why, "layout %d", s->layout);
	if (s->nseats < TSR_SEATS_MIN || s->nseats > TSR_SEATS_MAX ||
	    s->npacks != tsr_packs(s->nseats))
		return fail(why, "bad seat or pack count (%d)", s->nseats);
	memset(seen, 0, sizeof(seen));
	for (i = 0; i < TSR_SEATS_MAX; i++) {
		for (c = n = 0; c < TSR_IDS; c++) {
			n += s->hand[i][c];
			seen[c] += s->hand[i][c];
		}
		if (n != s->nhand[i] || (i >= s->nseats && n != 0))
			return fail(why, "hand %d does not add up", i);
		for (c = 0; c < TSR_IDS; c++)
			if (s->known[i][c] > s->hand[i][c])
				return fail(why, "hand %d holds fewer copies "
				    "than known", i);
	}
	for (i = 0; i < s->nstock; i++) {
		if (s->stock[i] >= TSR_IDS)
			return fail(why, "stock card %d is bad", i);
		seen[s->stock[i]]++;
	}
	for (i = 0; i < s->ndiscard; i++) {
		if (s->discard[i] >= TSR_IDS)
			return fail(why, "discard %d is bad", i);
		seen[s->discard[i]]++;
	}
	if (s->nmelds > TSR_MELDS_MAX)
		return fail(why, "%d melds", s->nmelds);
	for (i = 0; i < s->nmelds; i++)
		if (audit_meld(&s->melds[i], i, seen, why) != 0)
			return -1;
	if (s->phase == TSR_PHASE_DEAL) {
		for (c = 0; c < TSR_IDS; c++)
			if (seen[c] != 0)
				return fail(why, "cards before the deal (%d)",
				    c);
		return 0;
	}
	for (c = 0; c < TSR_IDS; c++)
		if (seen[c] != (c == CARD_STD_JK ? 2 : 1) * s->npacks)
			return fail(why, "card id %d is not accounted for "
			    "exactly", c);
	if (s->pending != CARD_NONE && (!tsr_wild(s->pending) ||
	    s->hand[s->turn][s->pending] == 0))
		return fail(why, "the pending wild %d is not in hand",
		    s->pending);
	return 0;
}

int
tsr_audit_view(const void *st, const void *view, int viewer,
    char why[GAME_WHY_MAX])
{
	const struct tsr_state	*s = st, *v = view;
	static const uint8_t	 zero[sizeof(struct rng) + TSR_IDS];
	int			 i;

	if (memcmp(&v->rng, zero, sizeof(v->rng)) != 0)
		return fail(why, "the view holds random state", 0);
	if (shows_all(s, viewer))
		return 0;
	/* memcmp scans: this runs for every seat after every move. */
	for (i = 0; i < TSR_SEATS_MAX; i++) {
		if (v->nhand[i] != s->nhand[i])
			return fail(why, "the view's count of hand %d differs",
			    i);
		if (memcmp(v->hand[i], i == viewer ? s->hand[i] : zero,
		    TSR_IDS) != 0)
			return fail(why, "the view shows a card of hand %d", i);
	}
	/* Every stock slot equals the first, which is CARD_NONE. */
	if (v->stock[0] != CARD_NONE ||
	    memcmp(v->stock, v->stock + 1, TSR_DECK_MAX - 1) != 0)
		return fail(why, "the view shows a stock card", 0);
	if (v->nstock != s->nstock)
		return fail(why, "the view's stock count differs", 0);
	if (v->drawn != CARD_NONE && v->turn != viewer && !s->from_pile)
		return fail(why, "the view shows the card drawn", 0);
	return 0;
}

/*
 * The whole state face up for viewer, at any ply (a finished game's
 * history): the random stream is zeroed and the stock emptied, so nothing left to draw
 * is in it.
 */
int
tsr_reveal(const void *st, int viewer, void *out)
{
	const struct tsr_state	*s = st;
	struct tsr_state		*v = out;

	memcpy(v, s, sizeof(*v));
	memset(&v->rng, 0, sizeof(v->rng));
	memset(v->stock, CARD_NONE, sizeof(v->stock));
	v->viewer = (int8_t)(viewer >= 0 && viewer < v->nseats ? viewer :
	    GAME_VIEW_ALL);
	return 0;
}
