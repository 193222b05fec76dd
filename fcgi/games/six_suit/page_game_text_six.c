/*
 * page_game_text_six.c: Six Suit in words (page_game_six.h): the names
 * of teams and values, the board's sentences (the phase, whose move it
 * is, the chain of extra turns, the draw, the last play) and moves for
 * the recent moves and the history: "Bot Cleo played 3Rh on Ana's 4Rt."
 * The owner of a pile comes from the move's "@N", which the page's
 * forms always write.
 */
#include "page_game_kit.h"
#include "page_game_six.h"

#include <stdio.h>
#include <string.h>

#include "arena.h"
#include "buf.h"
#include "words.h"
#include "esc.h"
#include "req.h"

static const char *const teams[] = { "Team A", "Team B", "Team C",
	"Team D", "Team E", "Team F" };
static const char *const marks[] = { "\u25c6", "\u25cf", "\u25b2",
	"\u25a0", "\u2605", "\u271a" };
static const char *const values[3][5] = {
	{ "1", "2", "3", "4", "?" },
	{ "red", "yellow", "green", "blue", "black" },
	{ "circle", "heart", "triangle", "square", "blob" }
};
static const char *const kinds[3][4] = {
	{ "1s", "2s", "3s", "4s" },
	{ "reds", "yellows", "greens", "blues" },
	{ "circles", "hearts", "triangles", "squares" }
};

const char *
page_game_six_team(int f)
{
	return f >= 0 && f < 6 ? teams[f] : "Team ?";
}

const char *
page_game_six_mark(int f)
{
	return f >= 0 && f < 6 ? marks[f] : "";
}

const char *
page_game_six_value(int a, int v)
{
	return a >= 0 && a < 3 && v >= 0 && v < 5 ? values[a][v] : "?";
}

static int
attr(card_t c, int a)
{
	return a == 0 ? card_tt_number(c) : a == 1 ? card_tt_color(c) :
	    card_tt_suit(c);
}

const char *
page_game_six_kind(const card_t tops[SIX_PILES])
{
	int	 a, v, i, ok;

	for (i = 0; i < SIX_PILES; i++)
		if (tops[i] >= CARD_TT_COUNT)
			return NULL;
	for (a = 0; a < 3; a++)
		for (v = 0; v < 4; v++) {
			for (ok = 1, i = 0; i < SIX_PILES && ok; i++)
				ok = attr(tops[i], a) == v ||
				    attr(tops[i], a) == 4;
			if (ok)
				return kinds[a][v];
		}
	return NULL;
}

/* "Ana's", "your". */
static const char *
whose(struct req *r, const struct page_game_names *names, int seat)
{
	return seat == names->viewer ? "your" : arena_printf(r->arena,
	    "%s's", page_game_who(names, seat));
}

/* ---- the board's sentences ---- */

const char *
page_game_six_phase(struct req *r, const struct six_state *v)
{
	int			 n = v->nseats;
	int			 orbit = v->nat > 0 ? (int)((v->nat - 1) / n) + 1 : 1;
	const char		*deal = arena_printf(r->arena, "Deal %d of %d",
				    v->hand, v->ndeals);

	if (v->phase == SIX_PHASE_OVER)
		return arena_printf(r->arena, "%s: the match is over.",
		    v->hand > v->ndeals ? arena_printf(r->arena, "%d deals",
		    v->ndeals) : deal);
	if (v->phase == SIX_PHASE_DEAL)
		return deal;
	if (six_free_time(v))
		return arena_printf(r->arena, "%s, free time: natural turn %d "
		    "of %d. Nobody can be eliminated yet; %s", deal,
		    (int)v->nat, SIX_FREE_ORBITS * n, n == 2 || !v->veto ?
		    "you may play only on your own piles." :
		    "a play on someone else's pile needs its owner's consent.");
	if (v->final_left > 0)
		return arena_printf(r->arena, "%s, final phase: %d natural "
		    "turn%s left. Any elimination restarts the countdown.",
		    deal, v->final_left, v->final_left == 1 ? "" : "s");
	if (v->final_pending)
		return arena_printf(r->arena, "%s: one faction is left, so the "
		    "final phase (%d orbits) starts after this turn.", deal,
		    SIX_FINAL_ORBITS);
	return arena_printf(r->arena, "%s, orbit %d of at most %d.", deal,
	    orbit, v->orbit_cap);
}

const char *
page_game_six_status(struct req *r, const struct six_state *v,
    const struct page_game_names *names, int viewer)
{
	char			 a[WORDS_FACE_MAX], o[WORDS_FACE_MAX];
	const char		*w = page_game_who(names, v->turn);
	int			 you = v->turn == viewer, f, first = 1;
	int			 plural = 0;
	const char		*name;
	struct buf		 sb;

	if (names->vacant && v->phase != SIX_PHASE_OVER)
		return page_game_waiting(r, names);
	switch (v->phase) {
	case SIX_PHASE_DEAL:
		return "Waiting for the next deal's cards.";
	case SIX_PHASE_PREDICT:
		return you ? "Your turn: predict a card (number, color, suit), "
		    "then draw." : arena_printf(r->arena, "%s predicts a card "
		    "and draws.", w);
	case SIX_PHASE_PLAY:
		if (you && v->nhand[v->turn] == 0)
			return "Your turn: you hold no hidden card, so pass.";
		return you ? "Your turn: play a hidden card on a top card it "
		    "matches in number, color or suit, or discard it to the "
		    "center." : arena_printf(r->arena, "%s plays a hidden card "
		    "or discards.", w);
	case SIX_PHASE_VETO:
		words_face(CARD_TT, v->prop_card, a, sizeof(a));
		words_face(CARD_TT, v->prop_on, o, sizeof(o));
		if (v->prop_owner == viewer)
			return arena_printf(r->arena, "Free time: %s wants to "
			    "play %s on your %s. Accept or reject it.", w, a,
			    o);
		if (you)
			return arena_printf(r->arena, "Waiting for %s to accept "
			    "or reject your play of %s on their %s.",
			    page_game_who(names, v->prop_owner), a, o);
		return arena_printf(r->arena, "Free time: %s wants to play %s "
		    "on %s %s; %s accepts or rejects it.", w, a,
		    whose(r, names, v->prop_owner), o, page_game_who(names, v->prop_owner));
	default:
		buf_init(&sb, r->arena);
		buf_puts(&sb, "The match is over: ");
		for (f = 0; f < v->nfactions; f++) {
			/* Seat f belongs to faction f. */
			if (!((v->winners >> f) & 1))
				continue;
			name = v->nfactions < v->nseats ?
			    page_game_six_team(f) : page_game_who(names, f);
			buf_printf(&sb, "%s%s", first ? "" : " and ", name);
			plural |= !first || f == viewer;
			first = 0;
		}
		buf_puts(&sb, first ? "nobody wins." : plural ? " win." :
		    " wins.");
		return sb.failed ? "The match is over." : sb.data;
	}
}

/* "Extra turn: a double match on Ana continues the chain." */
const char *
page_game_six_chain(struct req *r, const struct six_state *v,
    const struct page_game_names *names, int viewer)
{
	const char		*actor = v->turn == viewer ? "you" :
				    page_game_who(names, v->turn);

	if (v->phase < SIX_PHASE_PREDICT || v->phase > SIX_PHASE_VETO ||
	    v->natural)
		return NULL;
	if (v->relaxed)
		return arena_printf(r->arena, "Extra turn %d for %s: that double "
		    "match eliminated a player, so a double match on anyone "
		    "continues the chain.", v->extras, actor);
	if (v->chain_target < v->nseats)
		return arena_printf(r->arena, "Extra turn %d for %s: a double "
		    "match on %s continues the chain; any other play ends it.",
		    v->extras, actor, v->chain_target == v->turn ?
		    v->turn == viewer ? "your own piles" : "their own piles" :
		    v->chain_target == viewer ? "you" :
		    page_game_who(names, v->chain_target));
	return arena_printf(r->arena, "Extra turn %d for %s.", v->extras,
	    actor);
}

/* What the player to move predicted and drew, as far as the view shows. */
const char *
page_game_six_draw(struct req *r, const struct six_state *v,
    const struct page_game_names *names, int viewer)
{
	char			 p[WORDS_FACE_MAX], d[WORDS_FACE_MAX];
	const char		*w = v->turn == viewer ? "You" :
				    page_game_who(names, v->turn);
	int			 extra = v->ndrawn > 0 ? v->ndrawn - 1 : 0;

	if ((v->phase != SIX_PHASE_PLAY && v->phase != SIX_PHASE_VETO) ||
	    v->pred >= CARD_TT_COUNT)
		return NULL;
	words_face(CARD_TT, v->pred, p, sizeof(p));
	if (v->ndrawn == 0)
		return arena_printf(r->arena, "%s predicted %s; no card was "
		    "left to draw.", w, p);
	if (v->drawn[0] < CARD_TT_COUNT) {
		words_face(CARD_TT, v->drawn[0], d, sizeof(d));
		if (v->shown || v->turn == viewer)
			return arena_printf(r->arena, "%s predicted %s and drew "
			    "%s: %d match%s, %d extra card%s%s.", w, p, d, v->k,
			    v->k == 1 ? "" : "es", extra, extra == 1 ? "" : "s",
			    v->shown ? ", shown to everyone" : "");
	}
	return arena_printf(r->arena, "%s predicted %s and drew a card (fewer "
	    "than 2 matches: no extra card, and it stays hidden).", w, p);
}

const char *
page_game_six_last(struct req *r, const struct six_state *v,
    const struct page_game_names *names)
{
	char			 a[WORDS_FACE_MAX], o[WORDS_FACE_MAX];
	const char		*w;

	if (v->last_seat >= v->nseats)
		return NULL;
	w = page_game_who(names, v->last_seat);
	words_face(CARD_TT, v->last_card, a, sizeof(a));
	switch (v->last_verb) {
	case SIX_PLAY:
		words_face(CARD_TT, v->last_on, o, sizeof(o));
		return arena_printf(r->arena, "Last: %s played %s on %s.", w,
		    a, o);
	case SIX_DISCARD:
		return arena_printf(r->arena, "Last: %s discarded %s to the "
		    "center.", w, a);
	default:
		return arena_printf(r->arena, "Last: %s passed (no hidden "
		    "card).", w);
	}
}

/* ---- moves ---- */

int
page_game_six_words(struct words *w, const struct page_game_names *names,
    int seat, const char *text, const void *before, card_t took)
{
	const struct six_state	*s = before;
	struct game_move	 mv;
	char			 why[GAME_WHY_MAX];
	int			 you = seat >= 0 && seat == names->viewer;
	int			 proposal;

	if (six_parse(text, &mv, why) != GAME_OK)
		return -1;
	switch (mv.verb) {
	case SIX_PREDICT:
		words_put(w, " predicted ");
		words_card(w, CARD_TT, mv.cards[0]);
		words_put(w, " and drew.");
		break;
	case SIX_PLAY:
		/* In free time a play on someone else waits for a veto. */
		proposal = s != NULL ? s->phase == SIX_PHASE_PLAY &&
		    six_free_time(s) && mv.at >= 0 && mv.at != seat :
		    took != CARD_NONE;
		words_put(w, proposal ? " proposed to play " : " played ");
		words_card(w, CARD_TT, mv.cards[0]);
		words_put(w, " on ");
		if (mv.at >= 0 && mv.at == seat)
			words_put(w, you ? "your own " : "their own ");
		else if (mv.at >= 0 && mv.at == names->viewer)
			words_put(w, "your ");
		else if (mv.at >= 0 && mv.at < names->nseats) {
			words_name(w, page_game_who(names, mv.at));
			words_put(w, "’s ");
		}
		words_card(w, CARD_TT, mv.on);
		words_put(w, ".");
		break;
	case SIX_DISCARD:
		words_put(w, " discarded ");
		words_card(w, CARD_TT, mv.cards[0]);
		words_put(w, " to the center.");
		break;
	case SIX_PASS:
		words_put(w, " passed, holding no hidden card.");
		break;
	case SIX_ACCEPT:
		words_put(w, you ? " accepted the play on your pile." :
		    " accepted the play on their pile.");
		break;
	case SIX_REJECT:
		words_put(w, you ? " rejected the play on your pile." :
		    " rejected the play on their pile.");
		break;
	default:
		return -1;
	}
	return 0;
}

/* A play on another seat's pile, answered next (or still waiting). */
void
page_game_six_took(const struct record_move *moves, int n, const void *now,
    card_t *took)
{
	const struct six_state	*s = now;
	struct game_move	 mv, next;
	char			 why[GAME_WHY_MAX];
	int			 i, answered;

	for (i = 0; i < n; i++) {
		took[i] = CARD_NONE;
		if (six_parse(moves[i].text, &mv, why) != GAME_OK ||
		    mv.verb != SIX_PLAY || mv.at < 0 || mv.at == moves[i].seat)
			continue;
		if (i + 1 < n)
			answered = six_parse(moves[i + 1].text, &next, why) ==
			    GAME_OK && moves[i + 1].seat == mv.at &&
			    (next.verb == SIX_ACCEPT || next.verb == SIX_REJECT);
		else
			answered = s != NULL && s->phase == SIX_PHASE_VETO;
		if (answered)
			took[i] = mv.cards[0];
	}
}
