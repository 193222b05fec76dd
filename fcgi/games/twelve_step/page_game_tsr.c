/*
 * page_game_tsr.c: the 12-Step Rummy board of the game and history
 * pages (game_web.h, struct game_web): every player's contract
 * (1 to 12) and score, the melds on the table grouped by owner with
 * each wild showing the card it stands for, the "May I?" window and its
 * open requests, the piles, the viewer's hand (the discard pick when
 * they may discard), the cards others took face up and still hold, and
 * how the last round ended.  The move forms are in page_game_tsr_play.c,
 * the board's template lookups in page_game_tsr_tpl.c.  Everything is
 * read from the engine's view (struct tsr_state); the structs of
 * page_game_tsr.h hold only what a lookup cannot compute on the fly, in
 * the request arena.
 */
#include "page_game_kit.h"
#include "page_game_tsr.h"

#include <stdio.h>
#include <string.h>

#include "arena.h"
#include "buf.h"
#include "req.h"
#include "twelve_step.h"

static const char *const rank_plural[] = {
	"aces", "twos", "threes", "fours", "fives", "sixes", "sevens",
	"eights", "nines", "tens", "jacks", "queens", "kings"
};
static const char *const rank_glyph[] = {
	"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"
};

/* ---- shared with page_game_tsr_play.c ---- */

void
page_game_tsr_card_set(struct req *r, struct page_game_tsr_card *p, card_t c,
    const char *note)
{
	memset(p, 0, sizeof(*p));
	card_format(CARD_STD, c, p->tok);
	cards_std_label(c, p->label, sizeof(p->label));
	cards_std_short(c, p->shortname, sizeof(p->shortname));
	p->svg = page_game_svg(r, CARD_STD, c, note);
}

/* count[] as cards: naturals by suit and rank, then the wilds. */
static int
ids_list(const uint8_t count[TSR_IDS], card_t out[PAGE_GAME_TSR_HAND_MAX])
{
	int	 c, k, n = 0, pass;

	for (pass = 0; pass < 2; pass++)
		for (c = 0; c < TSR_IDS; c++) {
			if (tsr_wild((card_t)c) != pass)
				continue;
			for (k = 0; k < count[c] && n < PAGE_GAME_TSR_HAND_MAX;
			    k++)
				out[n++] = (card_t)c;
		}
	return n;
}

int
page_game_tsr_hand(const struct tsr_state *v, int seat,
    card_t out[PAGE_GAME_TSR_HAND_MAX])
{
	if (seat < 0 || seat >= v->nseats)
		return 0;
	return ids_list(v->hand[seat], out);
}

const char *
page_game_tsr_meld_name(struct req *r, const struct tsr_state *v, int j)
{
	const struct tsr_meld	*m = &v->melds[j];

	if (m->kind == TSR_SET)
		return arena_printf(r->arena, "set of %s", m->rank < 13 ?
		    rank_plural[m->rank] : "?");
	return arena_printf(r->arena, "run of %s, %s to %s",
	    cards_std_suit_word(m->suit), rank_glyph[m->lo % 14],
	    rank_glyph[m->hi % 14]);
}

/* ---- building the board ---- */

static const char *
who(const struct ptsr_board *b, int seat)
{
	return page_game_who(b->names, seat);
}

/* Meld j's cards, each wild drawn as what it stands for. */
static int
meld_set(struct req *r, const struct tsr_state *v, int j, struct ptsr_meld *t)
{
	const struct tsr_meld	*m = &v->melds[j];
	struct buf		 sb;
	card_t			 c;
	int			 i, n = 0, lo, hi;

	t->name = arena_printf(r->arena, "Meld %d: %s", j + 1,
	    page_game_tsr_meld_name(r, v, j));
	lo = m->kind == TSR_SET ? 0 : m->lo;
	hi = m->kind == TSR_SET ? m->ncards - 1 : m->hi;
	if (hi < lo || hi - lo + 1 > TSR_MELD_MAX)
		return 0;
	if ((t->cards.v = arena_alloc(r->arena, (size_t)(hi - lo + 1) *
	    sizeof(*t->cards.v))) == NULL)
		return -1;
	for (i = lo; i <= hi; i++) {
		struct page_game_tsr_card	*p = &t->cards.v[n++];

		c = m->cards[i];
		page_game_tsr_card_set(r, p, c, NULL);
		if (!tsr_wild(c))
			continue;
		buf_init(&sb, r->arena);
		if (m->kind == TSR_SET)
			cards_std_set_wild_svg(&sb, c, m->rank, NULL);
		else
			cards_std_wild_svg(&sb, c, tsr_run_card(m->suit, i),
			    NULL);
		p->svg = sb.failed ? "" : sb.data;
	}
	t->cards.n = n;
	return 0;
}

static int
owners_set(struct req *r, struct ptsr_board *b)
{
	const struct tsr_state	*v = b->v;
	struct ptsr_owner		*o;
	int			 s, j;

	for (s = 0; s < v->nseats; s++) {
		o = &b->owners[b->nowners];
		o->n = 0;
		for (j = 0; j < v->nmelds && j < TSR_MELDS_MAX; j++) {
			if (v->melds[j].kind == TSR_NONE ||
			    v->melds[j].owner != s)
				continue;
			if (meld_set(r, v, j, &o->m[o->n]) != 0)
				return -1;
			o->n++;
		}
		if (o->n == 0)
			continue;
		o->title = arena_printf(r->arena, "%s: contract %d, %s",
		    s == b->viewer ? "Your melds" : arena_printf(r->arena,
		    "%s's melds", who(b, s)), tsr_current_contract(v, s),
		    tsr_contract_name(tsr_current_contract(v, s)));
		b->nowners++;
	}
	return 0;
}

/* The seats that asked for the window's card, in the order served. */
static const char *
requests_text(struct req *r, const struct ptsr_board *b)
{
	const struct tsr_state	*v = b->v;
	struct buf		 sb;
	int			 i, s, n = 0;

	buf_init(&sb, r->arena);
	for (i = 1; i <= v->nseats; i++) {
		s = (v->turn + i) % v->nseats;
		if (!(v->win_asked & (1u << s)))
			continue;
		buf_puts(&sb, n == 0 ? "" : ", then ");
		buf_puts(&sb, n++ == 0 ? who(b, s) : page_game_who_mid(b->names,
		    s));
	}
	return n == 0 ? NULL : sb.failed ? "" : sb.data;
}

static void
window_set(struct req *r, struct ptsr_board *b)
{
	const struct tsr_state	*v = b->v;
	const char		*t = who(b, v->turn);
	char			 sh[CARDS_STD_SHORT_MAX];

	if (!v->mayi || v->win_card == CARD_NONE || !tsr_playing(v))
		return;
	cards_std_short(v->win_card, sh, sizeof(sh));
	b->window_svg = page_game_svg(r, CARD_STD, v->win_card,
	    "the card asked for");
	b->requests = requests_text(r, b);
	if (v->win_open)
		b->window = arena_printf(r->arena, "%s discarded %s and %s "
		    "drew from the stock instead, so %s may be bought: when "
		    "%s discard%s, the first request in line gets it with one "
		    "penalty card.", who(b, v->win_from), sh,
		    page_game_who_mid(b->names, v->turn), sh,
		    v->turn == b->viewer ? "you" : t,
		    v->turn == b->viewer ? "" : "s");
	else
		b->window = arena_printf(r->arena, "%s discarded %s. %s may "
		    "take it first; if %s draw%s from the stock instead, the "
		    "first request in line buys it with one penalty card.",
		    who(b, v->win_from), sh, t,
		    v->turn == b->viewer ? "you" : t,
		    v->turn == b->viewer ? "" : "s");
}

static const char *
status_text(struct req *r, const struct ptsr_board *b)
{
	const struct tsr_state	*v = b->v;
	const char		*w = who(b, v->turn);
	char			 sh[CARDS_STD_SHORT_MAX];
	int			 you = v->turn == b->viewer, s, n = 0;
	struct buf		 sb;

	if (b->names->vacant && v->phase != TSR_PHASE_OVER)
		return page_game_waiting(r, b->names);
	switch (v->phase) {
	case TSR_PHASE_DEAL:
		return "Waiting for the next round's cards.";
	case TSR_PHASE_DRAW:
		return you ? "Your turn: draw from the stock or take the top "
		    "discard." : arena_printf(r->arena, "%s draws from the "
		    "stock or takes the top discard.", w);
	case TSR_PHASE_PLAY:
		if (v->pending != CARD_NONE) {
			cards_std_short(v->pending, sh, sizeof(sh));
			return you ? arena_printf(r->arena, "Your turn: lay "
			    "off the wild you freed (%s) now.", sh) :
			    arena_printf(r->arena, "%s lays off the wild "
			    "they freed (%s).", w, sh);
		}
		if (you)
			return (v->down >> v->turn) & 1 ? "Your turn: lay off "
			    "or liberate wilds if you like, then discard." :
			    arena_printf(r->arena, "Your turn: lay contract "
			    "%d (%s) if you can, then discard.",
			    tsr_current_contract(v, v->turn),
			    tsr_contract_name(tsr_current_contract(v,
			    v->turn)));
		return arena_printf(r->arena, "%s plays, then discards.", w);
	default:
		buf_init(&sb, r->arena);
		buf_puts(&sb, "Game over: ");
		for (s = 0; s < v->nseats; s++)
			if (v->winners & (1u << s)) {
				buf_puts(&sb, n == 0 ? "" : " and ");
				buf_puts(&sb, n++ == 0 ? who(b, s) :
				    page_game_who_mid(b->names, s));
			}
		if (n == 0)
			return "Game over.";
		buf_puts(&sb, n > 1 ? " share the win." : b->viewer >= 0 &&
		    v->winners == 1u << b->viewer ? " win." : " wins.");
		return sb.failed ? "Game over." : sb.data;
	}
}

static const char *
result_text(struct req *r, const struct ptsr_board *b)
{
	const struct tsr_result	*x = &b->v->last;

	if (x->kind == TSR_END_NONE)
		return NULL;
	if (x->kind == TSR_END_OUT && x->out < b->v->nseats)
		return arena_printf(r->arena, "Round %d: %s went out. The "
		    "others scored what they held.", x->round, who(b, x->out));
	return arena_printf(r->arena, "Round %d ended with nobody out: the "
	    "stock could not be rebuilt, or was rebuilt as often as the "
	    "table allows. Everyone scored what they held.", x->round);
}

static void
steps_set(struct req *r, struct ptsr_board *b)
{
	const struct tsr_state	*v = b->v;
	struct buf		 sb;
	int			 k, s, n;

	for (k = 1; k <= TSR_CONTRACTS; k++) {
		struct ptsr_step	*t = &b->steps[k - 1];

		t->k = k;
		t->name = tsr_contract_name(k);
		buf_init(&sb, r->arena);
		for (s = 0, n = 0; s < v->nseats; s++)
			if (tsr_current_contract(v, s) == k) {
				buf_puts(&sb, n ? ", " : "");
				buf_puts(&sb, n++ ? page_game_who_mid(b->names,
				    s) : who(b, s));
			}
		t->who = n == 0 || sb.failed ? "" : sb.data;
	}
}

/* The viewer's hand; radios of f-discard when they may discard. */
static int
hand_set(struct req *r, struct ptsr_board *b)
{
	const struct tsr_state	*v = b->v;
	card_t			 cs[PAGE_GAME_TSR_HAND_MAX];
	card_t			 kn = tsr_keep_not(v, b->viewer);
	int			 i, n, drawn = 0;

	n = page_game_tsr_hand(v, b->viewer, cs);
	b->has_hand = 1;
	if (n == 0)
		return 0;
	if ((b->hand.v = arena_alloc(r->arena, (size_t)n *
	    sizeof(*b->hand.v))) == NULL)
		return -1;
	for (i = 0; i < n; i++) {
		struct page_game_tsr_card	*p = &b->hand.v[i];
		int				 just;

		just = !drawn && v->drawn != CARD_NONE && cs[i] == v->drawn &&
		    v->turn == b->viewer && v->phase == TSR_PHASE_PLAY;
		page_game_tsr_card_set(r, p, cs[i], just ? (v->from_pile ?
		    "taken this turn" : "drawn this turn") : NULL);
		p->drawn = just;
		drawn |= just;
		if (!b->pick)
			continue;
		p->pick = 1;
		p->disabled = cs[i] == kn;
		snprintf(p->move, sizeof(p->move), "discard %s", p->tok);
	}
	b->hand.n = n;
	return 0;
}

/* cs[0..n) as l, every face saying note (or none). */
static int
cards_set(struct req *r, struct page_game_tsr_cards *l, const card_t *cs,
    int n, const char *note)
{
	int	 i;

	if ((l->v = arena_alloc(r->arena, (size_t)n * sizeof(*l->v))) == NULL)
		return -1;
	for (i = 0; i < n; i++)
		page_game_tsr_card_set(r, &l->v[i], cs[i], note);
	l->n = n;
	return 0;
}

/*
 * Other seats' hands: face up when the view shows them (a finished
 * game), else the copies each took face up (the pile, a "May I?" buy,
 * a liberated wild) and still holds, which are public.
 */
static int
others_set(struct req *r, struct ptsr_board *b)
{
	const struct tsr_state	*v = b->v;
	card_t			 cs[PAGE_GAME_TSR_HAND_MAX];
	int			 s, n;

	for (s = 0; s < v->nseats; s++) {
		struct ptsr_hand	*h;

		if (s == b->viewer)
			continue;
		if ((n = page_game_tsr_hand(v, s, cs)) > 0) {
			h = &b->others[b->nothers++];
			h->title = arena_printf(r->arena, "%s's hand",
			    who(b, s));
			h->count = n;
			if (cards_set(r, &h->cards, cs, n, NULL) != 0)
				return -1;
		} else if ((n = ids_list(v->known[s], cs)) > 0) {
			h = &b->others[b->nothers++];
			h->title = arena_printf(r->arena, "%s's hand",
			    who(b, s));
			h->count = v->nhand[s];
			if (cards_set(r, &h->known, cs, n,
			    "taken face up") != 0)
				return -1;
		}
	}
	return 0;
}

static void
players_set(struct req *r, struct ptsr_board *b)
{
	const struct tsr_state	*v = b->v;
	int			 s, playing = tsr_playing(v) &&
				    !b->names->vacant;

	(void)r;
	for (s = 0; s < v->nseats; s++) {
		struct ptsr_player	*p = &b->players[s];

		p->name = who(b, s);
		p->score = (int)v->scores[s];
		p->ncards = v->nhand[s];
		p->contract = tsr_current_contract(v, s);
		p->contract_name = p->contract <= TSR_CONTRACTS ?
		    tsr_contract_name(p->contract) : "all twelve done";
		p->buys = v->buys[s];
		p->down = (v->down >> s) & 1;
		p->to_act = playing && v->turn == s;
		p->dealer = v->dealer == s;
		p->winner = (v->winners >> s) & 1;
		p->you = s == b->viewer;
		p->bot = s < GAME_SEATS_MAX && b->names->is_bot[s];
		p->asked = v->win_card != CARD_NONE &&
		    ((v->win_asked >> s) & 1);
		p->made = v->last.kind != TSR_END_NONE ? v->last.made[s] : 0;
		p->points = v->last.points[s];
	}
}

int
page_game_tsr_board(struct req *r, const void *view,
    const struct page_game_names *names, int mode, struct tpl_val *out)
{
	const struct tsr_state	*v = view;
	struct ptsr_board		*b;
	struct buf		 sb;
	card_t			 top;

	if ((b = arena_calloc(r->arena, sizeof(*b))) == NULL)
		return -1;
	b->v = v;
	b->names = names;
	b->viewer = names->viewer >= 0 && names->viewer < v->nseats ?
	    names->viewer : -1;
	b->pick = mode == PAGE_GAME_PLAY && b->viewer >= 0 &&
	    v->turn == b->viewer && !names->vacant &&
	    v->phase == TSR_PHASE_PLAY && v->pending == CARD_NONE;
	players_set(r, b);
	b->round_name = arena_printf(r->arena, "Round %d%s", v->round,
	    v->dummy ? " of 12 (Dummy Rummy: everyone's contract is the "
	    "round number)" : "");
	if (owners_set(r, b) != 0)
		return -1;
	steps_set(r, b);
	if (b->viewer >= 0 && hand_set(r, b) != 0)
		return -1;
	if (others_set(r, b) != 0)
		return -1;
	top = v->ndiscard > 0 ? v->discard[v->ndiscard - 1] : CARD_NONE;
	b->discard_svg = top == CARD_NONE ? "" : page_game_svg(r, CARD_STD, top,
	    "top of the discard pile");
	buf_init(&sb, r->arena);
	if (v->nstock > 0)
		cards_std_back_svg(&sb);
	b->stock_svg = sb.failed ? "" : sb.data;
	buf_init(&sb, r->arena);
	cards_std_defs(&sb);
	b->defs = sb.failed ? "" : sb.data;
	b->status = status_text(r, b);
	window_set(r, b);
	b->result = result_text(r, b);
	if (r->arena->failed)
		return -1;
	return page_game_one(r, out, 1, page_game_tsr_board_lookup, b);
}
