/*
 * vodkapolis_view.c: what each viewer of a Vodkapolis 500 game may see,
 * the self-checks run after every move in tests and simulations, and
 * the moves as text: "draw", "take X", "meld A B C @N", "add X on Y",
 * "discard X", "undo".
 */
#include "vodkapolis.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "move.h"

static const char *const verbs[] = {
	"draw", "take", "meld", "add", "discard", "undo", NULL
};

static const struct move_grammar grammar = { CARD_TT, verbs };

static const char *const phase_names[VP_PHASE__MAX] = {
	"deal", "draw", "play", "over"
};

static const char *const end_names[VP_END__MAX] = {
	"none", "out", "exhausted"
};

static const char *const mode_names[VP_END_MODE__MAX] = {
	"first_to_500", "last_standing"
};

const char *
vp_phase_name(int phase)
{
	return phase >= 0 && phase < VP_PHASE__MAX ? phase_names[phase] : "?";
}

const char *
vp_end_name(int kind)
{
	return kind >= 0 && kind < VP_END__MAX ? end_names[kind] : "?";
}

const char *
vp_end_mode_name(int mode)
{
	return mode >= 0 && mode < VP_END_MODE__MAX ? mode_names[mode] : "?";
}

static int
shows_all(const struct vp_state *s, int viewer)
{
	return viewer == GAME_VIEW_ALL && s->over;
}

void
vp_view(const void *st, int viewer, void *out)
{
	const struct vp_state	*s = st;
	struct vp_state		*v = out;
	int			 all = shows_all(s, viewer), i;

	memcpy(v, s, sizeof(*v));
	memset(&v->rng, 0, sizeof(v->rng));
	if (viewer != GAME_VIEW_ALL && (viewer < 0 || viewer >= s->nseats))
		viewer = GAME_VIEW_SPECTATOR;
	if (viewer == GAME_VIEW_ALL && !all)
		viewer = GAME_VIEW_SPECTATOR;
	v->viewer = (int8_t)viewer;
	/* Melded this turn (it may be undone): on the table, not in hand. */
	for (i = 0; i < VP_SEATS_MAX; i++)
		if (v->known[i][0] != 0 || v->known[i][1] != 0)
			vp_known_keep(v->known[i], s->hands[i], s->nhand[i]);
	if (all)
		return;
	for (i = 0; i < VP_SEATS_MAX; i++)
		if (i != viewer)
			memset(v->hands[i], CARD_NONE, sizeof(v->hands[i]));
	memset(v->stock, CARD_NONE, sizeof(v->stock));
	if (v->turn != viewer)
		v->drawn = CARD_NONE;
}

void
vp_known_keep(uint64_t known[2], const card_t *hand, int n)
{
	uint64_t	 held[2] = { 0, 0 };
	int		 i;

	for (i = 0; i < n; i++)
		if (hand[i] < 128)
			held[hand[i] >> 6] |= (uint64_t)1 << (hand[i] & 63);
	known[0] &= held[0];
	known[1] &= held[1];
}

__attribute__((format(printf, 2, 3)))
static int
bad(char *why, const char *fmt, ...)
{
	va_list	 ap;

	va_start(ap, fmt);
	vsnprintf(why, GAME_WHY_MAX, fmt, ap);
	va_end(ap);
	return -1;
}

/* Every card once; melds valid; hands sorted; counts in range. */
static int
audit_cards(const struct vp_state *s, char why[GAME_WHY_MAX])
{
	uint8_t			 seen[VP_DECK];
	const struct vp_meld	*m;
	int			 i, j, total = 0;
	card_t			 c;

	memset(seen, 0, sizeof(seen));
	for (i = 0; i < VP_SEATS_MAX; i++) {
		if (s->nhand[i] > VP_HAND_MAX || (i >= s->nseats &&
		    s->nhand[i] != 0))
			return bad(why, "hand %d count out of range", i);
		for (j = 0; j < s->nhand[i]; j++, total++) {
			c = s->hands[i][j];
			if (c >= VP_DECK || seen[c]++)
				return bad(why, "hand %d: a bad or repeated card",
				    i);
			if (j > 0 && s->hands[i][j - 1] > c)
				return bad(why, "hand %d is not sorted", i);
		}
	}
	if (s->nstock > VP_DECK || s->nchain > VP_DECK ||
	    s->nmelds > VP_MELDS_MAX)
		return bad(why, "a pile count is out of range (%d)", 0);
	for (j = 0; j < s->nstock; j++, total++)
		if (s->stock[j] >= VP_DECK || seen[s->stock[j]]++)
			return bad(why, "stock card %d bad or repeated", j);
	for (j = 0; j < s->nchain; j++, total++)
		if (s->chain[j] >= VP_DECK || seen[s->chain[j]]++)
			return bad(why, "chain card %d bad or repeated", j);
	for (i = 0; i < s->nmelds; i++) {
		m = &s->melds[i];
		if (m->ncards < VP_MELD_MIN || m->ncards > VP_MELD_MAX ||
		    m->originator >= s->nseats || m->target >= s->nseats ||
		    m->originator == m->target)
			return bad(why, "meld %d is malformed", i);
		if (!vp_is_meld(m->cards[0], m->cards[1], m->cards[2]))
			return bad(why, "meld %d is not a meld", i);
		for (j = 0; j < m->ncards; j++, total++) {
			if (m->cards[j] >= VP_DECK || seen[m->cards[j]]++)
				return bad(why, "meld %d: bad or repeated card",
				    i);
			if (j >= 3 && !vp_is_meld(m->cards[0], m->cards[1],
			    m->cards[j]))
				return bad(why, "meld %d: a card off its line", i);
		}
	}
	if (total != VP_DECK)
		return bad(why, "%d cards accounted for, not 125", total);
	return 0;
}

int
vp_audit(const void *st, char why[GAME_WHY_MAX])
{
	const struct vp_state	*s = st;
	uint64_t		 k[2];
	int			 i;

	if (s->layout != VP_LAYOUT)
		return bad(why, "layout %d", s->layout);
	if (s->nseats < VP_SEATS_MIN || s->nseats > VP_SEATS_MAX)
		return bad(why, "%d seats", s->nseats);
	if (s->phase == VP_PHASE_DEAL) {
		for (i = 0; i < VP_SEATS_MAX; i++)
			if (s->nhand[i] != 0)
				return bad(why, "cards before the deal (%d)", i);
		if (s->nstock + s->nchain + s->nmelds != 0)
			return bad(why, "cards before the deal (%d)", 0);
		return 0;
	}
	if (audit_cards(s, why) != 0)
		return -1;
	if (s->phase == VP_PHASE_OVER)
		return 0;
	if (s->turn >= s->nseats || !(s->active & (1u << s->turn)))
		return bad(why, "seat %d to act is not in the game", s->turn);
	for (i = 0; i < s->nseats; i++) {
		if (!(s->active & (1u << i)) && s->nhand[i] != 0)
			return bad(why, "eliminated seat %d holds cards", i);
		if ((s->active & (1u << i)) && s->nhand[i] == 0)
			return bad(why, "seat %d holds no card", i);
	}
	if (s->phase == VP_PHASE_DRAW && (s->nlog != 0 || s->nstock == 0))
		return bad(why, "a turn starts with %d actions logged", s->nlog);
	if (s->nlog > VP_LOG_MAX)
		return bad(why, "log count %d", s->nlog);
	for (i = 0; i < s->nlog; i++)
		if (s->log[i].meld >= s->nmelds)
			return bad(why, "log entry %d names no meld", i);
	if (vp_obliged(s) && !vp_can_place(s, s->hands[s->turn],
	    s->nhand[s->turn], s->taken))
		return bad(why, "the taken card can no longer be melded (%d)",
		    s->taken);
	/* A known card is held, or melded this turn by the seat to play. */
	for (i = 0; i < VP_SEATS_MAX; i++) {
		k[0] = s->known[i][0];
		k[1] = s->known[i][1];
		vp_known_keep(k, s->hands[i], i < s->nseats ? s->nhand[i] : 0);
		if ((k[0] != s->known[i][0] || k[1] != s->known[i][1]) &&
		    (i != s->turn || s->phase != VP_PHASE_PLAY))
			return bad(why, "a known card is not in hand %d", i);
	}
	return 0;
}

int
vp_audit_view(const void *st, const void *view, int viewer,
    char why[GAME_WHY_MAX])
{
	const struct vp_state	*s = st, *v = view;
	static const uint8_t	 zero[sizeof(struct rng)];
	uint8_t			 hidden[VP_DECK];
	int			 i, j;

	if (memcmp(&v->rng, zero, sizeof(zero)) != 0)
		return bad(why, "the view holds random state (%d)", 0);
	if (shows_all(s, viewer))
		return 0;
	memset(hidden, 0, sizeof(hidden));
	for (i = 0; i < VP_SEATS_MAX; i++)
		if (i != viewer)
			for (j = 0; j < s->nhand[i] && j < VP_HAND_MAX; j++)
				if (s->hands[i][j] < VP_DECK)
					hidden[s->hands[i][j]] = 1;
	for (j = 0; j < s->nstock && j < VP_DECK; j++)
		if (s->stock[j] < VP_DECK)
			hidden[s->stock[j]] = 1;
	for (i = 0; i < VP_SEATS_MAX; i++) {
		if (i != viewer && !card_all_none(v->hands[i], VP_HAND_MAX))
			return bad(why, "the view shows a card of hand %d", i);
		for (j = 0; i == viewer && j < VP_HAND_MAX; j++)
			if (v->hands[i][j] != CARD_NONE &&
			    (v->hands[i][j] >= VP_DECK ||
			    hidden[v->hands[i][j]]))
				return bad(why, "the view shows a card of hand %d",
				    i);
		if (v->nhand[i] != s->nhand[i])
			return bad(why, "the view's count of hand %d differs",
			    i);
	}
	if (!card_all_none(v->stock, VP_DECK))
		return bad(why, "the view shows a stock card (%d)", 0);
	if (v->nstock != s->nstock)
		return bad(why, "the view's stock count differs (%d)", 0);
	if (v->drawn != CARD_NONE && (v->drawn >= VP_DECK ||
	    hidden[v->drawn]))
		return bad(why, "the view shows the card drawn (%d)", 0);
	return 0;
}

static enum game_rc
bad_text(char why[GAME_WHY_MAX], const char *msg)
{
	snprintf(why, GAME_WHY_MAX, "%s", msg);
	return GAME_BAD_TEXT;
}

enum game_rc
vp_parse(const char *text, struct game_move *mv, char why[GAME_WHY_MAX])
{
	enum game_rc	 rc;
	int		 i;

	if ((rc = move_parse(&grammar, text, mv, why)) != GAME_OK)
		return rc;
	if (mv->num >= 0 || mv->ngroups > 1)
		return bad_text(why, "Vodkapolis moves take no number and no "
		    "\"|\".");
	for (i = 0; i < mv->ncards; i++) {
		if (mv->as[i] != CARD_NONE || mv->asnum[i] >= 0)
			return bad_text(why, "Vodkapolis 500 Full No Wild has no "
			    "wild cards; write cards without \"=\".");
		if (mv->cards[i] >= VP_DECK)
			return bad_text(why, "Vodkapolis uses no jokers.");
	}
	if (mv->on != CARD_NONE && mv->on >= VP_DECK)
		return bad_text(why, "Vodkapolis uses no jokers.");
	if (mv->verb != VP_MELD && mv->at >= 0)
		return bad_text(why, "Only \"meld\" names a seat.");
	if (mv->verb != VP_ADD && mv->on != CARD_NONE)
		return bad_text(why, "Only \"add\" names a meld with \"on\".");
	switch (mv->verb) {
	case VP_DRAW:
	case VP_UNDO:
		if (mv->ncards != 0)
			return bad_text(why, "\"draw\" and \"undo\" name no "
			    "card.");
		break;
	case VP_TAKE:
	case VP_DISCARD:
		if (mv->ncards != 1)
			return bad_text(why, "Name exactly one card, as in "
			    "\"take 3Rh\" or \"discard 4Bc\".");
		break;
	case VP_MELD:
		if (mv->ncards != 3 || mv->at < 0)
			return bad_text(why, "A new meld names 3 cards and a "
			    "seat, as in \"meld 1Rh 2Rh 3Rh @2\".");
		break;
	default:
		if (mv->ncards != 1 || mv->on == CARD_NONE)
			return bad_text(why, "An extension names one card and a "
			    "card of the meld, as in \"add 4Rh on 1Rh\".");
		break;
	}
	return GAME_OK;
}

size_t
vp_format(const struct game_move *mv, char *buf, size_t bufsz)
{
	if (mv->verb >= VP_VERB__MAX) {
		if (bufsz > 0)
			buf[0] = '\0';
		return 0;
	}
	return move_format(&grammar, mv, buf, bufsz);
}

/*
 * The whole state face up for viewer, at any ply (a finished game's
 * history): the random stream is zeroed, so nothing left to draw
 * is in it.
 */
int
vp_reveal(const void *st, int viewer, void *out)
{
	const struct vp_state	*s = st;
	struct vp_state		*v = out;

	memcpy(v, s, sizeof(*v));
	memset(&v->rng, 0, sizeof(v->rng));
	v->viewer = (int8_t)(viewer >= 0 && viewer < v->nseats ? viewer :
	    GAME_VIEW_ALL);
	return 0;
}
