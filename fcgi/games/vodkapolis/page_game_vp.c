/*
 * page_game_vp.c: the Vodkapolis 500 board of the game and history pages
 * (game_web.h, struct game_web).
 *
 * A table of up to 6 players must read on a phone, so each player is one
 * panel, in play order from the viewer's left (the viewer last): name,
 * score, cards held, the penalty the player would take if the hand ended
 * now, and every meld lying in front of them with who laid it (the
 * play-money markers of the original), and the cards the player took
 * face up from the chain and still holds.  Then the stock, the whole
 * discard chain oldest first, numbered, and the viewer's hand.  When the
 * viewer may take, every chain card they could meld is a radio of the
 * take form (the others say why not); when they may meld, each hand
 * card is a checkbox c0.. of the meld form (page_game_vp_play.c).
 * Everything is read from the engine's view (struct vp_state); the
 * structs below hold only what a lookup cannot compute (SVG, labels,
 * names), in the request arena.
 */
#include "page_game_kit.h"
#include "page_game_vp.h"

#include <stdio.h>
#include <string.h>

#include "arena.h"
#include "buf.h"
#include "cards.h"
#include "req.h"
#include "tpl.h"
#include "words.h"
#include "vodkapolis.h"

struct vmeld {
	struct page_game_cards	 cards;
	const char	*by;		/* who laid it */
	const char	*line;		/* "blue hearts" */
	int		 closed;	/* 5 cards */
	int		 value;		/* penalty of its cards */
	int		 yours;		/* laid by the viewer */
};

struct vplayer {
	const char	*name;
	int		 seat, score, ncards, front, nmelds;
	int		 to_act, dealer, winner, you, bot, out;
	const char	*penalty;	/* "35", "at least 60" */
	struct vmeld	*melds;
	struct page_game_cards	 cards;		/* an other's hand, when shown */
	struct page_game_cards	 known;		/* else those taken, held */
};

/* One row of the last hand's scores. */
struct vrow {
	const char	*name;
	int		 held, front, delta, total;
	int		 went_out, eliminated;
};

struct vpboard {
	const struct vp_state		*v;
	const struct page_game_names	*names;
	int				 viewer;
	struct vplayer			 players[VP_SEATS_MAX];
	int				 nplayers;
	struct page_game_cards			 chain, hand;
	const char			*defs, *stock_svg, *status;
	const char			*taken;	/* the obligation, for words */
	int				 can_take, can_pick, nmelds;
	int				 has_result, result_open;
	const char			*result_text;
	struct vrow			 rows[VP_SEATS_MAX];
	int				 nrows;
};

static const char *
who(const struct vpboard *b, int seat)
{
	return page_game_who(b->names, seat);
}

const char *
pvp_line_words(struct req *r, const card_t *c, int n)
{
	static const char *const nums[] = { "1s", "2s", "3s", "4s",
		"question marks" };
	static const char *const colors[] = { "red", "yellow", "green",
		"blue", "black" };
	static const char *const suits[] = { "circle", "heart", "triangle",
		"square", "blob" };
	int	 sn = 1, sc = 1, ss = 1, i;

	if (n < 2)
		return "";
	for (i = 1; i < n; i++) {
		sn &= card_tt_number(c[i]) == card_tt_number(c[0]);
		sc &= card_tt_color(c[i]) == card_tt_color(c[0]);
		ss &= card_tt_suit(c[i]) == card_tt_suit(c[0]);
	}
	if (sc && ss)
		return arena_printf(r->arena, "%s %ss",
		    colors[card_tt_color(c[0])], suits[card_tt_suit(c[0])]);
	if (sn && sc)
		return arena_printf(r->arena, "%s %s",
		    colors[card_tt_color(c[0])], nums[card_tt_number(c[0])]);
	if (sn && ss)
		return arena_printf(r->arena, "%s %s",
		    suits[card_tt_suit(c[0])], nums[card_tt_number(c[0])]);
	return "";
}

/* ---- lookups ---- */

static int
meld_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct vmeld	*m = data;

	if (strcmp(key, "mcards") == 0)
		return page_game_cards_val(out, &m->cards);
	if (strcmp(key, "by") == 0)
		return tpl_str(out, m->by);
	if (strcmp(key, "line") == 0)
		return tpl_str(out, m->line);
	if (strcmp(key, "closed") == 0)
		return tpl_bool(out, m->closed);
	if (strcmp(key, "mvalue") == 0)
		return tpl_int(out, m->value);
	if (strcmp(key, "yours") == 0)
		return tpl_bool(out, m->yours);
	return tpl_none(out);
}

static int
meld_item(const void *list, size_t i, struct tpl_ctx *out)
{
	const struct vmeld	*m = list;

	out->lookup = meld_lookup;
	out->data = &m[i];
	return 0;
}

static int
player_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct vplayer	*p = data;

	switch (key[0]) {
	case 'b':
		if (strcmp(key, "bot") == 0)
			return tpl_bool(out, p->bot);
		break;
	case 'd':
		if (strcmp(key, "dealer") == 0)
			return tpl_bool(out, p->dealer);
		break;
	case 'f':
		if (strcmp(key, "front") == 0)
			return tpl_int(out, p->front);
		break;
	case 'h':
		if (strcmp(key, "has_melds") == 0)
			return tpl_bool(out, p->nmelds > 0);
		if (strcmp(key, "hand_cards") == 0)
			return page_game_cards_val(out, &p->cards);
		if (strcmp(key, "hand_shown") == 0)
			return tpl_bool(out, p->cards.n > 0);
		break;
	case 'k':
		if (strcmp(key, "known") == 0)
			return page_game_cards_val(out, &p->known);
		if (strcmp(key, "known_up") == 0)
			return tpl_bool(out, p->known.n > 0);
		break;
	case 'm':
		if (strcmp(key, "melds") == 0)
			return tpl_list(out, (size_t)p->nmelds, meld_item,
			    p->melds);
		break;
	case 'n':
		if (strcmp(key, "name") == 0)
			return tpl_str(out, p->name);
		if (strcmp(key, "ncards") == 0)
			return tpl_int(out, p->ncards);
		if (strcmp(key, "nmelds") == 0)
			return tpl_int(out, p->nmelds);
		break;
	case 'o':
		if (strcmp(key, "out") == 0)
			return tpl_bool(out, p->out);
		break;
	case 'p':
		if (strcmp(key, "penalty") == 0)
			return tpl_str(out, p->penalty);
		break;
	case 's':
		if (strcmp(key, "score") == 0)
			return tpl_int(out, p->score);
		if (strcmp(key, "seat") == 0)
			return tpl_int(out, p->seat);
		break;
	case 't':
		if (strcmp(key, "to_act") == 0)
			return tpl_bool(out, p->to_act);
		break;
	case 'w':
		if (strcmp(key, "winner") == 0)
			return tpl_bool(out, p->winner);
		break;
	case 'y':
		if (strcmp(key, "you") == 0)
			return tpl_bool(out, p->you);
		break;
	}
	return tpl_none(out);
}

static int
player_item(const void *list, size_t i, struct tpl_ctx *out)
{
	const struct vplayer	*p = list;

	out->lookup = player_lookup;
	out->data = &p[i];
	return 0;
}

static int
row_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct vrow	*w = data;

	if (strcmp(key, "name") == 0)
		return tpl_str(out, w->name);
	if (strcmp(key, "held") == 0)
		return tpl_int(out, w->held);
	if (strcmp(key, "front") == 0)
		return tpl_int(out, w->front);
	if (strcmp(key, "delta") == 0)
		return tpl_int(out, w->delta);
	if (strcmp(key, "total") == 0)
		return tpl_int(out, w->total);
	if (strcmp(key, "went_out") == 0)
		return tpl_bool(out, w->went_out);
	if (strcmp(key, "eliminated") == 0)
		return tpl_bool(out, w->eliminated);
	return tpl_none(out);
}

static int
row_item(const void *list, size_t i, struct tpl_ctx *out)
{
	const struct vrow	*w = list;

	out->lookup = row_lookup;
	out->data = &w[i];
	return 0;
}

static int
board_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct vpboard	*b = data;
	const struct vp_state	*v = b->v;

	switch (key[0]) {
	case 'b':
		if (strcmp(key, "board_vp") == 0)
			return tpl_bool(out, 1);
		break;
	case 'c':
		if (strcmp(key, "card_defs_html") == 0)
			return tpl_str(out, b->defs);
		if (strcmp(key, "chain") == 0)
			return page_game_cards_val(out, &b->chain);
		if (strcmp(key, "chain_cards") == 0)
			return tpl_str(out, v->nchain == 1 ? "card" : "cards");
		if (strcmp(key, "can_take") == 0)
			return tpl_bool(out, b->can_take);
		if (strcmp(key, "can_pick") == 0)
			return tpl_bool(out, b->can_pick);
		break;
	case 'e':
		if (strcmp(key, "end_mode") == 0)
			return tpl_str(out, v->end_mode == VP_LAST_STANDING ?
			    "last player standing" : "the game ends when "
			    "someone reaches 500");
		break;
	case 'h':
		if (strcmp(key, "hand_no") == 0)
			return tpl_int(out, v->hand);
		if (strcmp(key, "hand") == 0)
			return page_game_cards_val(out, &b->hand);
		if (strcmp(key, "has_hand") == 0)
			return tpl_bool(out, b->hand.n > 0);
		if (strcmp(key, "hand_count") == 0)
			return tpl_int(out, b->hand.n);
		/* "1 card", "2 cards": the template's plural. */
		if (strcmp(key, "hand_count_one") == 0)
			return tpl_bool(out, b->hand.n == 1);
		break;
	case 'n':
		if (strcmp(key, "nchain") == 0)
			return tpl_int(out, v->nchain);
		if (strcmp(key, "no_melds") == 0)
			return tpl_bool(out, b->nmelds == 0);
		break;
	case 'o':
		if (strcmp(key, "obliged") == 0)
			return tpl_str(out, b->taken);
		break;
	case 'p':
		if (strcmp(key, "players") == 0)
			return tpl_list(out, (size_t)b->nplayers, player_item,
			    b->players);
		break;
	case 'r':
		if (strcmp(key, "result") == 0)
			return tpl_bool(out, b->has_result);
		if (strcmp(key, "result_open") == 0)
			return tpl_bool(out, b->result_open);
		if (strcmp(key, "result_text") == 0)
			return tpl_str(out, b->result_text);
		if (strcmp(key, "rows") == 0)
			return tpl_list(out, (size_t)b->nrows, row_item,
			    b->rows);
		if (strcmp(key, "res_hand") == 0)
			return tpl_int(out, v->last.hand);
		break;
	case 's':
		if (strcmp(key, "stock") == 0)
			return tpl_int(out, v->nstock);
		if (strcmp(key, "stock_html") == 0)
			return tpl_str(out, b->stock_svg);
		if (strcmp(key, "status") == 0)
			return tpl_str(out, b->status);
		break;
	}
	return tpl_none(out);
}

/* ---- building the board ---- */

static const char *
status_text(struct req *r, const struct vpboard *b)
{
	const struct vp_state	*v = b->v;
	const char		*w = who(b, v->turn);
	char			 tok[WORDS_FACE_MAX];
	int			 you = v->turn == b->viewer, s, n = 0;
	struct buf		 sb;

	if (b->names->vacant && v->phase != VP_PHASE_OVER)
		return page_game_waiting(r, b->names);
	switch (v->phase) {
	case VP_PHASE_DEAL:
		return "Waiting for the next hand's cards.";
	case VP_PHASE_DRAW:
		return you ? "Your turn: draw from the stock, or take from the "
		    "discard chain a card you can meld now." :
		    arena_printf(r->arena, "%s draws from the stock or takes "
		    "from the chain.", w);
	case VP_PHASE_PLAY:
		if (vp_obliged(v)) {
			words_face(CARD_TT, v->taken, tok, sizeof(tok));
			return you ? arena_printf(r->arena, "Your turn: you "
			    "took %s from the chain; meld it (a new meld or an "
			    "extension) before you discard.", tok) :
			    arena_printf(r->arena, "%s took %s from the chain "
			    "and must meld it this turn.", w, tok);
		}
		return you ? "Your turn: lay or extend melds if you like, then "
		    "discard one card." : arena_printf(r->arena, "%s melds "
		    "and then discards.", w);
	default:
		buf_init(&sb, r->arena);
		buf_puts(&sb, "Game over: ");
		for (s = 0; s < v->nseats; s++)
			if (v->winners & (1u << s)) {
				if (n++ > 0)
					buf_puts(&sb, " and ");
				buf_puts(&sb, who(b, s));
			}
		if (n == 0)
			return "Game over.";
		buf_puts(&sb, n > 1 ? " share the win." :
		    b->viewer >= 0 && (v->winners & (1u << b->viewer)) ?
		    " win." : " wins.");
		return sb.failed ? "Game over." : sb.data;
	}
}

static int
melds_set(struct req *r, struct vpboard *b, struct vplayer *p)
{
	const struct vp_state	*v = b->v;
	int			 m, k = 0;

	for (m = 0; m < v->nmelds; m++)
		p->nmelds += v->melds[m].target == p->seat;
	if (p->nmelds == 0)
		return 0;
	if ((p->melds = arena_calloc(r->arena, (size_t)p->nmelds *
	    sizeof(*p->melds))) == NULL)
		return -1;
	/* Newest first: the meld just laid is the one to look at. */
	for (m = v->nmelds - 1; m >= 0; m--) {
		const struct vp_meld	*x = &v->melds[m];
		struct vmeld		*y = &p->melds[k];
		int			 i;

		if (x->target != p->seat)
			continue;
		if (page_game_cards_set(r, &y->cards, CARD_TT, x->cards,
		    x->ncards, NULL) != 0)
			return -1;
		y->by = who(b, x->originator);
		y->yours = x->originator == b->viewer;
		y->line = pvp_line_words(r, x->cards, x->ncards);
		y->closed = x->ncards >= VP_MELD_MAX;
		for (i = 0; i < x->ncards; i++)
			y->value += vp_card_value(x->cards[i]);
		k++;
	}
	return 0;
}

/*
 * Seat s's hidden hand: the cards it took face up from the chain and
 * still holds, public; their points, for the penalty's lower bound.
 */
static int
known_set(struct req *r, struct vpboard *b, struct vplayer *p, int s)
{
	card_t	 cards[VP_HAND_MAX];
	int	 c, n = 0, points = 0;

	for (c = 0; c < 128 && n < VP_HAND_MAX; c++)
		if (vp_known_has(b->v->known[s], (card_t)c)) {
			cards[n++] = (card_t)c;
			points += vp_card_value((card_t)c);
		}
	if (page_game_cards_known(r, &p->known, CARD_TT, cards, n,
	    "taken from the chain") != 0)
		return -1;
	return points;
}

static int
player_set(struct req *r, struct vpboard *b, struct vplayer *p, int s)
{
	const struct vp_state	*v = b->v;
	int			 known = v->nhand[s] == 0 ||
				    v->hands[s][0] != CARD_NONE;
	int			 points = 0;

	p->seat = s;
	p->name = who(b, s);
	p->score = (int)v->scores[s];
	p->ncards = v->nhand[s];
	p->to_act = v->phase > VP_PHASE_DEAL && v->phase < VP_PHASE_OVER &&
	    v->turn == s && !b->names->vacant;
	p->dealer = v->dealer == s && v->phase < VP_PHASE_OVER;
	p->winner = (v->winners >> s) & 1;
	p->you = s == b->viewer;
	p->bot = b->names->is_bot[s];
	p->out = !((v->active >> s) & 1);
	p->front = vp_front_penalty(v, s);
	if (!known && !p->you && (points = known_set(r, b, p, s)) < 0)
		return -1;
	if (p->out)
		p->penalty = "none (eliminated)";
	else if (known)
		p->penalty = arena_printf(r->arena, "%d",
		    p->front + vp_held_penalty(v, s));
	else	/* a hidden card costs 5 at least, a known one its own */
		p->penalty = arena_printf(r->arena, "at least %d", p->front +
		    points + 5 * (v->nhand[s] - p->known.n));
	if (known && !p->you && page_game_cards_set(r, &p->cards, CARD_TT,
	    v->hands[s], v->nhand[s], NULL) != 0)
		return -1;
	return melds_set(r, b, p);
}

static int
result_set(struct req *r, struct vpboard *b)
{
	const struct vp_state	*v = b->v;
	const struct vp_result	*x = &v->last;
	int			 s;

	if (x->kind == VP_END_NONE)
		return 0;
	b->has_result = 1;
	/* Open while the next hand has not really begun. */
	b->result_open = v->phase == VP_PHASE_OVER ||
	    (v->phase == VP_PHASE_DRAW && v->nchain == 1 && v->nmelds == 0);
	b->result_text = x->kind == VP_END_OUT ? arena_printf(r->arena,
	    "Hand %d: %s went out and scored 0; everyone else added their "
	    "hand and the melds in front of them.", x->hand, who(b, x->out)) :
	    arena_printf(r->arena, "Hand %d: the stock ran out; everyone "
	    "added their hand and the melds in front of them.", x->hand);
	for (s = 0; s < v->nseats; s++) {
		struct vrow	*w = &b->rows[b->nrows];

		if (x->delta[s] == 0 && x->held[s] == 0 && x->front[s] == 0 &&
		    x->out != s)
			continue;	/* not in that hand */
		w->name = who(b, s);
		w->held = x->held[s];
		w->front = x->front[s];
		w->delta = x->delta[s];
		w->total = (int)v->scores[s];
		w->went_out = x->out == s;
		w->eliminated = (x->eliminated >> s) & 1;
		b->nrows++;
	}
	return r->arena->failed ? -1 : 0;
}

/* The chain, with the take radios when the viewer may take. */
static int
chain_set(struct req *r, struct vpboard *b, int play)
{
	const struct vp_state	*v = b->v;
	struct game_move	*legal;
	int			 n = 0;

	if (page_game_cards_set(r, &b->chain, CARD_TT, v->chain, v->nchain,
	    "the newest discard") != 0)
		return -1;
	if (!play || v->phase != VP_PHASE_DRAW)
		return 0;
	legal = page_game_legal(r, &vp_rules, v, b->viewer, &n);
	b->can_take = page_game_cards_take(&b->chain, v->chain, legal, n,
	    VP_TAKE);
	return 0;
}

/* The viewer's hand: checkboxes of the meld form when they may meld. */
static int
hand_set(struct req *r, struct vpboard *b, int play)
{
	const struct vp_state	*v = b->v;
	struct game_move	*legal;
	int			 i, n = 0, s = b->viewer;

	if (s < 0 || v->nhand[s] == 0 || v->hands[s][0] == CARD_NONE)
		return 0;
	if (page_game_cards_set(r, &b->hand, CARD_TT, v->hands[s],
	    v->nhand[s], NULL) != 0)
		return -1;
	if (play && v->phase == VP_PHASE_PLAY && v->turn == s) {
		legal = page_game_legal(r, &vp_rules, v, s, &n);
		for (i = 0; i < n; i++)
			if (legal[i].verb == VP_MELD)
				b->can_pick = 1;
	}
	return page_game_cards_hand(r, &b->hand, CARD_TT, v->hands[s],
	    v->turn == s, v->taken, "taken from the chain: meld it this turn",
	    v->drawn, "drawn this turn", b->can_pick);
}

int
page_game_vp_board(struct req *r, const void *view,
    const struct page_game_names *names, int mode, struct tpl_val *out)
{
	const struct vp_state	*v = view;
	struct vpboard		*b;
	struct buf		 sb;
	int			 s, i, play;
	char			 tok[WORDS_FACE_MAX];

	if ((b = arena_calloc(r->arena, sizeof(*b))) == NULL)
		return -1;
	b->v = v;
	b->names = names;
	b->viewer = names->viewer >= 0 && names->viewer < v->nseats ?
	    names->viewer : -1;
	play = mode == PAGE_GAME_PLAY && b->viewer >= 0 && !names->vacant &&
	    v->turn == b->viewer && v->phase != VP_PHASE_OVER;
	/* Play order from the viewer's left; the viewer last. */
	for (i = 1; i <= v->nseats; i++) {
		s = b->viewer >= 0 ? (b->viewer + i) % v->nseats :
		    i - 1;
		if (player_set(r, b, &b->players[b->nplayers++], s) != 0)
			return -1;
	}
	b->nmelds = v->nmelds;
	if (chain_set(r, b, play) != 0 || hand_set(r, b, play) != 0 ||
	    result_set(r, b) != 0)
		return -1;
	if (vp_obliged(v) && v->turn == b->viewer) {
		words_face(CARD_TT, v->taken, tok, sizeof(tok));
		b->taken = arena_strdup(r->arena, tok);
	}
	buf_init(&sb, r->arena);
	if (v->nstock > 0)
		cards_back_svg(&sb);
	b->stock_svg = sb.failed ? "" : sb.data;
	buf_init(&sb, r->arena);
	cards_defs(&sb);
	b->defs = sb.failed ? "" : sb.data;
	b->status = status_text(r, b);
	if (r->arena->failed)
		return -1;
	return page_game_one(r, out, 1, board_lookup, b);
}
