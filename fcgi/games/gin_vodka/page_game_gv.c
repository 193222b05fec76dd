/*
 * page_game_gv.c: the Gin Vodka board of the game and history pages
 * (game_web.h): players and scores, the piles, the hands (the
 * viewer's as the discard pick when they must discard), the knock in
 * progress and the last hand's panel.  The move forms are in
 * page_game_gv_play.c, the board's template lookups in
 * page_game_gv_tpl.c.  Everything is read from the engine's view
 * struct (struct gv_state); the structs of page_game_gv.h hold only
 * what a lookup cannot compute on the fly (card SVG, labels, names),
 * in the request arena.
 */
#include "page_game_kit.h"
#include "page_game_gv.h"

#include <string.h>

#include "arena.h"
#include "buf.h"
#include "cards.h"
#include "gin_vodka.h"
#include "req.h"
#include "words.h"

/* The seat the names say; a finished game's view is everyone's. */
static int
board_viewer(const struct page_game_names *names)
{
	return names->viewer >= 0 && names->viewer < GV_SEATS ?
	    names->viewer : -1;
}

static const char *
who(const struct pgv_board *b, int seat)
{
	return page_game_who(b->names, seat);
}

/* The same inside a sentence: "you". */
static const char *
who_mid(const struct pgv_board *b, int seat)
{
	return page_game_who_mid(b->names, seat);
}

/* The verb ending for seat: "You score", "Alice scores". */
static const char *
es(const struct pgv_board *b, int seat)
{
	return seat == b->viewer ? "" : "s";
}

static void
pcard_set(struct req *r, struct pgv_card *p, card_t c, const char *note)
{
	memset(p, 0, sizeof(*p));
	p->card = c;
	card_format(CARD_TT, c, p->tok);
	p->svg = page_game_svg(r, CARD_TT, c, note);
	p->value = c < CARD_TT_COUNT ? gv_card_value(c) : 0;
}

/* cards[0..n) as a list in the arena. */
static int
plist_set(struct req *r, struct pgv_list *l, const card_t *cards, int n)
{
	int	 i;

	l->n = 0;
	l->v = NULL;
	if (n <= 0)
		return 0;
	if ((l->v = arena_alloc(r->arena, (size_t)n * sizeof(*l->v))) == NULL)
		return -1;
	for (i = 0; i < n; i++)
		pcard_set(r, &l->v[i], cards[i], NULL);
	l->n = n;
	return 0;
}

/* An arrangement's melds; with_laid adds each meld's lay-offs. */
static int
melds_set(struct req *r, struct pgv_melds *m, const struct gv_arrangement *a,
    int with_laid)
{
	int	 i, nl;

	m->n = 0;
	for (i = 0; i < a->nmelds && i < GV_MELDS_MAX; i++) {
		const struct gv_meld	*x = &a->melds[i];

		nl = with_laid ? x->nlaid : 0;
		if (x->ncards > GV_MELD_MAX)
			return -1;
		if (x->ncards + nl > GV_MELD_MAX)
			nl = GV_MELD_MAX - x->ncards;
		if (plist_set(r, &m->v[i].own, x->cards, x->ncards) != 0 ||
		    plist_set(r, &m->v[i].laid, x->cards + x->ncards, nl) != 0)
			return -1;
		m->n++;
	}
	return 0;
}

/* ---- building the board ---- */

static const char *
status_text(struct req *r, const struct pgv_board *b)
{
	const struct gv_state	*v = b->v;
	const char		*w = who(b, v->turn);
	int			 you = v->turn == b->viewer, s;

	if (b->names->vacant && v->phase != GV_PHASE_OVER)
		return page_game_waiting(r, b->names);
	switch (v->phase) {
	case GV_PHASE_DEAL:
		return "Waiting for the next hand's cards.";
	case GV_PHASE_OPEN_ND:
	case GV_PHASE_OPEN_D:
		return you ? "Your turn: take the upcard or pass." :
		    page_game_printf(r, "%s may take the upcard or pass.",
		    w);
	case GV_PHASE_DRAW:
		if (v->stock_only)
			return you ? "Your turn: both passed, so draw from the "
			    "stock." : page_game_printf(r, "%s draws from "
			    "the stock.", w);
		return you ? "Your turn: draw from the stock or take the top "
		    "discard." : page_game_printf(r, "%s draws from the "
		    "stock or takes the top discard.", w);
	case GV_PHASE_DISCARD:
		return you ? "Your turn: discard a card, or knock." :
		    page_game_printf(r, "%s discards or knocks.", w);
	case GV_PHASE_LAST_DRAW:
	case GV_PHASE_LAST_DISCARD:
		return page_game_printf(r, "%s knocked. %s",
		    v->knocker == b->viewer ? "You" : who(b, v->knocker),
		    you ? "Your last play: draw or take, then discard." :
		    page_game_printf(r, "%s makes a last play.", w));
	default:
		for (s = 0; s < GV_SEATS; s++)
			if (v->winners & (1u << s))
				return page_game_printf(r, "Game over: %s "
				    "with %d points.", s == b->viewer ?
				    "you win" : page_game_printf(r, "%s wins",
				    who(b, s)), (int)v->scores[s]);
		return "Game over.";
	}
}

static const char *
result_text(struct req *r, const struct pgv_board *b, const struct gv_result *x)
{
	char	 tok[WORDS_FACE_MAX];
	int	 k = x->knocker, d = x->knocker ^ 1, nlaid = 0, i;

	if (x->kind == GV_END_VOID)
		return page_game_printf(r, "Hand %d is void: the stock ran "
		    "out after the last recycle it may have. Nobody scores.",
		    x->hand);
	words_face(CARD_TT, x->knock_discard, tok, sizeof(tok));
	for (i = 0; i < x->karr.nmelds; i++)
		nlaid += x->karr.melds[i].nlaid;
	switch (x->kind) {
	case GV_END_GIN:
		return page_game_printf(r, "Hand %d: %s went gin, "
		    "discarding %s; %s had %d deadwood. %s score%s 20 + %d = "
		    "%d.", x->hand, who(b, k), tok, who_mid(b, d), x->ddead,
		    who(b, k), es(b, k), x->ddead, x->points);
	case GV_END_KNOCK:
		return page_game_printf(r, "Hand %d: %s knocked with %d "
		    "deadwood, discarding %s; %s laid off %d card%s and kept "
		    "%d deadwood. %s score%s %d - %d = %d.", x->hand, who(b, k),
		    x->kdead, tok, who_mid(b, d), nlaid, nlaid == 1 ? "" : "s",
		    x->ddead, who(b, k), es(b, k), x->ddead, x->kdead,
		    x->points);
	default:
		return page_game_printf(r, "Hand %d: %s knocked with %d "
		    "deadwood, discarding %s; %s laid off %d card%s and kept "
		    "%d deadwood%s. %s score%s 8 + (%d - %d) = %d.", x->hand,
		    who(b, k), x->kdead, tok, who_mid(b, d), nlaid,
		    nlaid == 1 ? "" : "s", x->ddead, x->kdead == x->ddead ?
		    ", a tie, which goes to the defender" : ", an undercut",
		    who(b, d), es(b, d), x->kdead, x->ddead, x->points);
	}
}

const char *
page_game_gv_result(struct req *r, const struct page_game_names *names,
    const struct gv_result *x)
{
	struct pgv_board	 b;

	memset(&b, 0, sizeof(b));
	b.names = names;
	b.viewer = board_viewer(names);
	return x->kind == GV_END_NONE ? NULL : result_text(r, &b, x);
}

static int
result_set(struct req *r, struct pgv_board *b)
{
	const struct gv_result	*x = &b->v->last;

	if (x->kind == GV_END_NONE)
		return 0;
	b->has_result = 1;
	b->res.r = x;
	b->res.text = result_text(r, b, x);
	if (x->kind == GV_END_VOID)
		return 0;
	b->res.kname = who(b, x->knocker);
	b->res.dname = who(b, x->knocker ^ 1);
	if (melds_set(r, &b->res.kmelds, &x->karr, 1) != 0 ||
	    melds_set(r, &b->res.dmelds, &x->darr, 0) != 0 ||
	    plist_set(r, &b->res.kdead, x->karr.dead, x->karr.ndead) != 0 ||
	    plist_set(r, &b->res.ddead, x->darr.dead, x->darr.ndead) != 0)
		return -1;
	return 0;
}

/*
 * One hand: face up when the view shows it, else as backs with the
 * cards it took face up from the discard pile and still holds.
 */
static int
hand_set(struct req *r, struct pgv_board *b, struct pgv_hand *h, int seat)
{
	const struct gv_state	*v = b->v;
	struct buf		 backs, title;
	int			 i, n = v->nhand[seat];

	h->mine = seat == b->viewer;
	h->count = n;
	h->title = "Your hand";
	if (!h->mine) {			/* "Alice's hand", no printf */
		buf_init(&title, r->arena);
		buf_puts(&title, who(b, seat));
		buf_puts(&title, "'s hand");
		h->title = title.failed ? "" : title.data;
	}
	if (n > 0 && v->hands[seat][0] != CARD_NONE) {
		if (plist_set(r, &h->cards, v->hands[seat], n) != 0)
			return -1;
		for (i = 0; i < n; i++) {
			struct pgv_card	*p = &h->cards.v[i];
			int		 just = v->drawn != CARD_NONE &&
					    v->hands[seat][i] == v->drawn &&
					    seat == v->turn;

			if (just) {
				p->drawn = 1;
				p->svg = page_game_svg(r, CARD_TT, v->drawn,
				    v->from_pile ? "taken this turn" :
				    "drawn this turn");
			}
			if (!h->mine || !b->pick)
				continue;
			/* A card just taken from the pile may not go back. */
			p->pick = 1;
			p->disabled = just && v->from_pile;
			memcpy(p->move, "discard ", 8);	/* no printf */
			memcpy(p->move + 8, p->tok, sizeof(p->tok));
		}
		return 0;
	}
	buf_init(&backs, r->arena);
	cards_backs_svg(&backs, n);
	h->backs = backs.failed || n <= 0 ? "" : backs.data;
	/* Cards taken face up from the pile and still held are public. */
	if (plist_set(r, &h->known, v->known[seat], v->nknown[seat]) != 0)
		return -1;
	for (i = 0; i < h->known.n; i++)
		h->known.v[i].svg = page_game_svg(r, CARD_TT,
		    h->known.v[i].card, "taken from the discard pile");
	return 0;
}

int
page_game_gv_board(struct req *r, const void *view,
    const struct page_game_names *names, int mode, struct tpl_val *out)
{
	const struct gv_state	*v = view;
	struct pgv_board		*b;
	struct buf		 sb;
	int			 s, order[GV_SEATS], no = 0;

	if ((b = arena_calloc(r->arena, sizeof(*b))) == NULL)
		return -1;
	b->v = v;
	b->names = names;
	b->viewer = board_viewer(names);
	b->pick = mode == PAGE_GAME_PLAY && b->viewer >= 0 &&
	    v->turn == b->viewer && !names->vacant &&
	    (v->phase == GV_PHASE_DISCARD || v->phase == GV_PHASE_LAST_DISCARD);
	for (s = 0; s < GV_SEATS; s++) {
		struct pgv_player	*p = &b->players[s];

		p->name = who(b, s);
		p->score = (int)v->scores[s];
		p->ncards = v->nhand[s];
		p->to_act = v->phase > GV_PHASE_DEAL &&
		    v->phase < GV_PHASE_OVER && v->turn == s && !names->vacant;
		p->dealer = v->dealer == s;
		p->winner = (v->winners >> s) & 1;
		p->you = s == b->viewer;
		p->bot = names->is_bot[s];
	}
	/* Others' hands first, the viewer's last, as at a table. */
	for (s = 0; s < GV_SEATS; s++)
		if (s != b->viewer)
			order[no++] = s;
	if (b->viewer >= 0)
		order[no++] = b->viewer;
	for (s = 0; s < no; s++)
		if (hand_set(r, b, &b->hands[s], order[s]) != 0)
			return -1;
	b->nhands = no;
	b->top = v->ndiscard > 0 ? v->discard[v->ndiscard - 1] : CARD_NONE;
	b->discard_svg = b->top == CARD_NONE ? "" : page_game_svg(r, CARD_TT,
	    b->top, v->phase == GV_PHASE_OPEN_ND ||
	    v->phase == GV_PHASE_OPEN_D ? "the upcard" :
	    "top of the discard pile");
	buf_init(&sb, r->arena);
	if (v->nstock > 0)
		cards_back_svg(&sb);
	b->stock_svg = sb.failed ? "" : sb.data;
	buf_init(&sb, r->arena);
	cards_defs_squares(&sb);	/* Gin Vodka plays the Squares deck */
	b->defs = sb.failed ? "" : sb.data;
	b->status = status_text(r, b);
	if (v->knocker < GV_SEATS && (v->phase == GV_PHASE_LAST_DRAW ||
	    v->phase == GV_PHASE_LAST_DISCARD)) {
		b->knocker = who(b, v->knocker);
		if (melds_set(r, &b->kmelds, &v->knock, 0) != 0 ||
		    plist_set(r, &b->kdead, v->knock.dead,
		    v->knock.ndead) != 0)
			return -1;
	}
	if (result_set(r, b) != 0)
		return -1;
	if (r->arena->failed)
		return -1;
	return page_game_one(r, out, 1, page_game_gv_board_lookup, b);
}
