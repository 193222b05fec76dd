/*
 * page_game_six.c: the Six Suit board of the game and history pages
 * (game_web.h, struct game_web).
 *
 * Read from the engine's view (struct six_state): the phase line (free
 * time, orbit, final phase), what the player to move is doing (the
 * prediction and the draw, the chain of extra turns, a play waiting for
 * its veto), the score table by faction, every player's six top cards
 * with their pile heights, tags for the exposed, the close and the
 * ghosts, the team as a name and a shape beside its color, the center
 * pile, the viewer's hidden cards and the others' that everyone saw go
 * in (a draw shown, a play refused under veto).  When the viewer must
 * play, the top cards they may play on, the center pile and their
 * hidden cards become the radios of the form "f-play"
 * (page_game_six_play.c): a target radio is the move ("play on 4Rt
 * @2", or "discard"), the hidden card the pick c0, so the handler
 * writes "play on 4Rt @2 3Rh".
 * This file fills the board's structs (page_game_six.h); their template
 * lookups are page_game_six_tpl.c's.
 */
#include "page_game_kit.h"
#include "page_game_six.h"

#include <stdio.h>
#include <string.h>

#include "arena.h"
#include "buf.h"
#include "cards.h"
#include "req.h"
#include "words.h"

static const char *
who(const struct psix_board *b, int seat)
{
	return page_game_who(b->names, seat);
}

/* "Ana's", "your". */
static const char *
whose(struct req *r, const struct psix_board *b, int seat)
{
	return seat == b->viewer ? "your" : arena_printf(r->arena, "%s's",
	    who(b, seat));
}

static const char *
ordinal(struct req *r, int n)
{
	const char	*suf = n % 100 >= 11 && n % 100 <= 13 ? "th" :
			    n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" :
			    n % 10 == 3 ? "rd" : "th";

	return arena_printf(r->arena, "%d%s", n, suf);
}

/* ---- building ---- */

/* The hidden cards of seat that may go on q's pile p, by kind. */
static void
target_set(struct req *r, struct psix_board *b, struct psix_card *t, int q,
    int p)
{
	const struct six_state	*v = b->v;
	card_t			 after[SIX_PILES], c;
	char			 tok[CARD_TEXT_MAX];
	int			 i, seat = b->viewer, free = six_free_time(v);

	buf_init(&t->fits, r->arena);
	buf_init(&t->dbl, r->arena);
	buf_init(&t->elim, r->arena);
	for (i = 0; i < v->nhand[seat]; i++) {
		c = v->hands[seat][i];
		if (c >= CARD_TT_COUNT || !six_play_allowed(v, seat, c, q, p))
			continue;
		card_format(CARD_TT, c, tok);
		buf_printf(&t->fits, "%s%s", t->fits.len ? " " : "", tok);
		if (card_tt_matches(c, v->top[q][p]) == 2)
			buf_printf(&t->dbl, "%s%s", t->dbl.len ? " " : "", tok);
		memcpy(after, v->top[q], sizeof(after));
		after[p] = c;
		if (!free && six_team(v, q) != six_team(v, seat) &&
		    six_is_six_suit(after))
			buf_printf(&t->elim, "%s%s", t->elim.len ? " " : "",
			    tok);
	}
	if (t->fits.len == 0)
		return;
	t->target = 1;
	card_format(CARD_TT, v->top[q][p], tok);
	snprintf(t->value, sizeof(t->value), "play on %s @%d", tok, q);
}

/*
 * The hidden cards of q that everyone saw go in and q still holds (a
 * draw shown, a play refused under veto): public, so the table lists
 * them as the strong bot's samples keep them.
 */
static int
known_set(struct req *r, struct psix_board *b, int q)
{
	const struct six_state	*v = b->v;
	struct psix_player	*pl = &b->players[q];
	const char		*note;
	int			 c, n = 0;

	for (c = 0; c < CARD_TT_COUNT; c++)
		n += six_known_has(v->known[q], (card_t)c);
	if (n == 0)
		return 0;
	if ((pl->known.v = arena_calloc(r->arena, (size_t)n *
	    sizeof(*pl->known.v))) == NULL)
		return -1;
	note = arena_printf(r->arena, "%s hidden card that everyone saw",
	    whose(r, b, q));
	for (c = 0; c < CARD_TT_COUNT; c++)
		if (six_known_has(v->known[q], (card_t)c)) {
			struct psix_card *k = &pl->known.v[pl->known.n++];

			card_format(CARD_TT, (card_t)c, k->tok);
			k->svg = page_game_svg(r, CARD_TT, (card_t)c, note);
		}
	return 0;
}

static int
player_set(struct req *r, struct psix_board *b, int q)
{
	const struct six_state	*v = b->v;
	struct psix_player	*pl = &b->players[q];
	struct buf		 bb;
	int			 p, i, n, d;

	pl->seat = q;
	pl->name = who(b, q);
	pl->team = six_team(v, q);
	pl->alive = v->phase != SIX_PHASE_DEAL && (v->alive >> q) & 1;
	pl->to_act = !b->names->vacant && v->phase > SIX_PHASE_DEAL &&
	    v->phase < SIX_PHASE_OVER && (v->phase == SIX_PHASE_VETO ?
	    v->prop_owner : v->turn) == q;
	pl->owner = v->phase == SIX_PHASE_VETO && v->prop_owner == q;
	pl->chain = v->phase > SIX_PHASE_DEAL && v->phase < SIX_PHASE_OVER &&
	    !v->natural && !v->relaxed && v->chain_target == q;
	pl->dealer = v->dealer == q;
	pl->bot = b->names->is_bot[q];
	pl->you = q == b->viewer;
	pl->nhand = v->nhand[q];
	if (v->fell_by[q] < v->nseats)
		pl->fell = arena_printf(r->arena, "eliminated by %s (%s fall "
		    "of this deal)", v->fell_by[q] == b->viewer ? "you" :
		    who(b, v->fell_by[q]), ordinal(r, v->fell_order[q]));
	if (pl->alive) {
		d = six_distance(v->top[q]);
		pl->exposed = d == 0;
		pl->close = d == 1;
		pl->kind = page_game_six_kind(v->top[q]);
		for (p = 0; p < SIX_PILES; p++) {
			struct psix_card	*t = &pl->tops[p];
			const char		*note;

			card_format(CARD_TT, v->top[q][p], t->tok);
			t->pile = p + 1;
			t->height = v->depth[q][p] + 1;
			t->proposed = v->phase == SIX_PHASE_VETO &&
			    v->prop_owner == q && v->prop_pile == p;
			note = arena_printf(r->arena, "%s pile %d, %d card%s%s",
			    whose(r, b, q), p + 1, t->height,
			    t->height == 1 ? "" : "s", t->proposed ?
			    ", the play waiting for a veto goes here" : "");
			t->svg = page_game_svg(r, CARD_TT, v->top[q][p], note);
			if (b->pick)
				target_set(r, b, t, q, p);
		}
	}
	/* Hidden cards: face up when the view shows them (own, or over). */
	n = v->nhand[q];
	if (n > 0 && v->hands[q][0] < CARD_TT_COUNT && q != b->viewer) {
		if ((pl->hidden.v = arena_calloc(r->arena, (size_t)n *
		    sizeof(*pl->hidden.v))) == NULL)
			return -1;
		for (i = 0; i < n; i++) {
			card_format(CARD_TT, v->hands[q][i], pl->hidden.v[i].tok);
			pl->hidden.v[i].svg = page_game_svg(r, CARD_TT,
			    v->hands[q][i], "a hidden card");
		}
		pl->hidden.n = n;
	} else if (q != b->viewer) {
		if (known_set(r, b, q) != 0)
			return -1;
		buf_init(&bb, r->arena);
		cards_backs_svg(&bb, n < 6 ? n : 6);
		pl->backs = bb.failed ? "" : bb.data;
	}
	return 0;
}

/* The viewer's legal plays and discards as sentences. */
static int
plays_set(struct req *r, struct psix_board *b)
{
	const struct six_state	*v = b->v;
	struct game_move	*legal;
	card_t			 after[SIX_PILES];
	char			 a[WORDS_FACE_MAX], o[WORDS_FACE_MAX];
	int			 n, i, q, k, p, elim, extra, seat = b->viewer;

	if ((n = six_legal(v, seat, NULL, 0)) > GAME_LEGAL_MAX)
		n = GAME_LEGAL_MAX;
	if (n <= 0)
		return 0;
	if ((legal = arena_alloc(r->arena, (size_t)n * sizeof(*legal))) ==
	    NULL)
		return -1;
	six_legal(v, seat, legal, n);
	if ((b->plays = arena_calloc(r->arena, (size_t)(n > 0 ? n : 1) *
	    sizeof(*b->plays))) == NULL)
		return -1;
	for (i = 0; i < n; i++) {
		struct psix_play	*x = &b->plays[b->nplays];

		if (legal[i].verb != SIX_PLAY && legal[i].verb != SIX_DISCARD)
			continue;
		six_format(&legal[i], x->move, sizeof(x->move));
		words_face(CARD_TT, legal[i].cards[0], a, sizeof(a));
		if (legal[i].verb == SIX_DISCARD) {
			x->text = arena_printf(r->arena, "Discard %s to the "
			    "center", a);
			b->nplays++;
			continue;
		}
		q = legal[i].at;
		for (p = 0; p < SIX_PILES && v->top[q][p] != legal[i].on; p++)
			;
		if (p == SIX_PILES)
			continue;
		words_face(CARD_TT, legal[i].on, o, sizeof(o));
		k = card_tt_matches(legal[i].cards[0], legal[i].on);
		memcpy(after, v->top[q], sizeof(after));
		after[p] = legal[i].cards[0];
		elim = !six_free_time(v) && six_team(v, q) != six_team(v, seat)
		    && six_is_six_suit(after);
		extra = k == 2 && (v->natural || v->relaxed ||
		    q == v->chain_target);
		x->text = arena_printf(r->arena, "%s on %s %s (pile %d)%s%s%s%s",
		    a, whose(r, b, q), o, p + 1, k == 2 ? ": double match" : "",
		    k == 2 ? extra ? ", extra turn" : ", no extra turn" : "",
		    elim ? arena_printf(r->arena, "%s eliminates %s", k == 2 ?
		    ";" : ":", q == seat ? "you" : who(b, q)) : "",
		    !elim && six_is_six_suit(after) ? six_free_time(v) ?
		    "; a six suit (free time)" : "; exposes a six suit" : "");
		b->nplays++;
	}
	return 0;
}

static int
hand_set(struct req *r, struct psix_board *b)
{
	const struct six_state	*v = b->v;
	int			 seat = b->viewer, n, i, j;
	card_t			 c;

	if (seat < 0 || (n = v->nhand[seat]) == 0 ||
	    v->hands[seat][0] >= CARD_TT_COUNT)
		return 0;
	if ((b->hand.v = arena_calloc(r->arena, (size_t)n *
	    sizeof(*b->hand.v))) == NULL)
		return -1;
	for (i = 0; i < n; i++) {
		struct psix_card	*h = &b->hand.v[i];

		c = v->hands[seat][i];
		card_format(CARD_TT, c, h->tok);
		for (j = 0; j < v->ndrawn && j < 3; j++)
			h->drawn |= v->turn == seat && v->drawn[j] == c;
		h->svg = page_game_svg(r, CARD_TT, c, h->drawn ?
		    "drawn this turn" : "your hidden card");
		h->pick = b->pick;
		h->checked = b->pick && n == 1;
	}
	b->hand.n = n;
	return 0;
}

static void
factions_set(struct req *r, struct psix_board *b)
{
	const struct six_state	*v = b->v;
	struct buf		 mb;
	int			 f, q;

	for (f = 0; f < v->nfactions; f++) {
		struct psix_faction	*x = &b->factions[f];

		x->team = f;
		x->teams = b->teams;
		x->score = (int)v->scores[f];
		x->deal = (int)v->deal_points[f];
		x->mark = b->teams ? page_game_six_mark(f) : "";
		buf_init(&mb, r->arena);
		for (q = f; q < v->nseats; q += v->nfactions)
			buf_printf(&mb, "%s%s", q == f ? "" : ", ", who(b, q));
		x->members = mb.failed ? "" : mb.data;
		x->name = b->teams ? page_game_six_team(f) : who(b, f);
		x->winner = v->phase == SIX_PHASE_OVER &&
		    (v->winners >> f) & 1;
	}
}

int
page_game_six_board(struct req *r, const void *view,
    const struct page_game_names *names, int mode, struct tpl_val *out)
{
	const struct six_state	*v = view;
	struct psix_board	*b;
	struct buf		 sb;
	int			 q;

	if ((b = arena_calloc(r->arena, sizeof(*b))) == NULL)
		return -1;
	b->v = v;
	b->names = names;
	b->viewer = names->viewer >= 0 && names->viewer < v->nseats ?
	    names->viewer : -1;
	b->teams = v->nfactions < v->nseats;
	b->pick = mode == PAGE_GAME_PLAY && b->viewer >= 0 &&
	    v->phase == SIX_PHASE_PLAY && v->turn == b->viewer &&
	    !names->vacant && v->nhand[b->viewer] > 0;
	factions_set(r, b);
	for (q = 0; q < v->nseats; q++)
		if (player_set(r, b, q) != 0)
			return -1;
	if (hand_set(r, b) != 0 || (b->pick && plays_set(r, b) != 0))
		return -1;
	if (v->ncenter > 0) {
		card_format(CARD_TT, v->center[v->ncenter - 1], b->center.tok);
		b->center.svg = page_game_svg(r, CARD_TT,
		    v->center[v->ncenter - 1], "top of the center pile");
	}
	b->center.height = v->ncenter;
	if (b->pick) {
		b->center.target = 1;
		snprintf(b->center.value, sizeof(b->center.value), "discard");
	}
	buf_init(&sb, r->arena);
	if (v->nstock > 0)
		cards_back_svg(&sb);
	b->stock_svg = sb.failed ? "" : sb.data;
	buf_init(&sb, r->arena);
	cards_defs(&sb);
	b->defs = sb.failed ? "" : sb.data;
	b->phase = page_game_six_phase(r, v);
	b->status = page_game_six_status(r, v, names, b->viewer);
	b->chain = page_game_six_chain(r, v, names, b->viewer);
	b->draw = page_game_six_draw(r, v, names, b->viewer);
	b->last = page_game_six_last(r, v, names);
	if (r->arena->failed)
		return -1;
	return page_game_one(r, out, 1, page_game_six_board_lookup, b);
}
