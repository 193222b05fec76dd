/*
 * page_game_r500.c: the Rummy 500 board of the game and history pages
 * (game_web.h, struct game_web).
 *
 * The players (score, cards held, points on the table this hand), the
 * melds on the table with whose cards are whose (a lay-off scores for
 * the player who laid it off, so each such card is captioned with that
 * player's name), the stock, the whole discard pile bottom to top,
 * numbered, the viewer's hand, and the cards another player took face
 * up from the pile and still holds (public).  When the viewer may take, every
 * pile card they could lay this turn is a radio of the take form (the
 * others say why not); when they may meld, each hand card is a checkbox
 * c0.. of the meld form (page_game_r500_play.c).  Standard card faces
 * come from cards_std.c.  All memory is the request arena.
 */
#include "page_game_kit.h"
#include "page_game_r500.h"

#include <stdio.h>
#include <string.h>

#include "arena.h"
#include "buf.h"
#include "cards_std.h"
#include "req.h"
#include "rummy500.h"
#include "tpl.h"

struct rmeld {
	struct page_game_cards	 cards;
	const char	*owner, *owner_obj, *words;	/* "You", "you" */
	int		 points;	/* for its owner */
};

struct rplayer {
	const char	*name;
	int		 seat, score, ncards, table;
	int		 to_act, dealer, winner, you, bot;
	const char	*held;		/* "23" or "hidden" */
};

struct rrow {
	const char	*name;
	int		 table, held, net, total, went_out;
};

/*
 * Another player's hand: face up when the view shows it (a finished
 * game), else the cards it took face up from the pile and still holds.
 */
struct rhand {
	const char	*title;
	int		 count;		/* cards held, when hidden */
	struct page_game_cards	 cards;
	struct page_game_cards	 known;
};

struct r5board {
	const struct r500_state		*v;
	struct rhand			 others[R500_SEATS_MAX];
	int				 nothers;
	const struct page_game_names	*names;
	int				 viewer;
	struct rplayer			 players[R500_SEATS_MAX];
	struct rmeld			 melds[R500_MELDS_MAX];
	int				 nmelds;
	struct page_game_cards			 pile, hand;
	const char			*defs, *stock_svg, *status, *owed;
	int				 can_take, can_pick;
	int				 has_result, result_open;
	const char			*result_text;
	struct rrow			 rows[R500_SEATS_MAX];
	int				 nrows;
};

static const char *
who(const struct r5board *b, int seat)
{
	return page_game_who(b->names, seat);
}

const char *
pr5_card_text(struct req *r, card_t c)
{
	char	 s[CARDS_STD_SHORT_MAX], w[CARDS_STD_LABEL_MAX], *paren;

	cards_std_short(c, s, sizeof(s));
	cards_std_label(c, w, sizeof(w));
	if ((paren = strstr(w, " (")) != NULL)
		*paren = '\0';
	return arena_printf(r->arena, "%s (%s)", s, w);
}

const char *
pr5_meld_words(struct req *r, const card_t *cards, int n, int run)
{
	static const char *const plural[] = { "aces", "twos", "threes",
		"fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
		"jacks", "queens", "kings" };

	if (n < 1)
		return "";
	if (run)
		return arena_printf(r->arena, "run of %s",
		    cards_std_suit_word(card_std_suit(cards[0])));
	return arena_printf(r->arena, "set of %s",
	    plural[card_std_rank(cards[0])]);
}

/* ---- lookups ---- */

static int
meld_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct rmeld	*m = data;

	if (strcmp(key, "mcards") == 0)
		return page_game_cards_val(out, &m->cards);
	if (strcmp(key, "owner") == 0)
		return tpl_str(out, m->owner);
	if (strcmp(key, "owner_obj") == 0)
		return tpl_str(out, m->owner_obj);
	if (strcmp(key, "words") == 0)
		return tpl_str(out, m->words);
	if (strcmp(key, "mpoints") == 0)
		return tpl_int(out, m->points);
	return tpl_none(out);
}

static int
meld_item(const void *list, size_t i, struct tpl_ctx *out)
{
	const struct rmeld	*m = list;

	out->lookup = meld_lookup;
	out->data = &m[i];
	return 0;
}

static int
player_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct rplayer	*p = data;

	if (strcmp(key, "name") == 0)
		return tpl_str(out, p->name);
	if (strcmp(key, "seat") == 0)
		return tpl_int(out, p->seat);
	if (strcmp(key, "score") == 0)
		return tpl_int(out, p->score);
	if (strcmp(key, "ncards") == 0)
		return tpl_int(out, p->ncards);
	if (strcmp(key, "table") == 0)
		return tpl_int(out, p->table);
	if (strcmp(key, "held") == 0)
		return tpl_str(out, p->held);
	if (strcmp(key, "to_act") == 0)
		return tpl_bool(out, p->to_act);
	if (strcmp(key, "dealer") == 0)
		return tpl_bool(out, p->dealer);
	if (strcmp(key, "winner") == 0)
		return tpl_bool(out, p->winner);
	if (strcmp(key, "you") == 0)
		return tpl_bool(out, p->you);
	if (strcmp(key, "bot") == 0)
		return tpl_bool(out, p->bot);
	return tpl_none(out);
}

static int
player_item(const void *list, size_t i, struct tpl_ctx *out)
{
	const struct rplayer	*p = list;

	out->lookup = player_lookup;
	out->data = &p[i];
	return 0;
}

static int
row_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct rrow	*w = data;

	if (strcmp(key, "name") == 0)
		return tpl_str(out, w->name);
	if (strcmp(key, "table") == 0)
		return tpl_int(out, w->table);
	if (strcmp(key, "held") == 0)
		return tpl_int(out, w->held);
	if (strcmp(key, "net") == 0)
		return tpl_int(out, w->net);
	if (strcmp(key, "total") == 0)
		return tpl_int(out, w->total);
	if (strcmp(key, "went_out") == 0)
		return tpl_bool(out, w->went_out);
	return tpl_none(out);
}

static int
row_item(const void *list, size_t i, struct tpl_ctx *out)
{
	const struct rrow	*w = list;

	out->lookup = row_lookup;
	out->data = &w[i];
	return 0;
}

static int
hand_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct rhand	*h = data;

	if (strcmp(key, "hand_title") == 0)
		return tpl_str(out, h->title);
	if (strcmp(key, "ocards") == 0)
		return page_game_cards_val(out, &h->cards);
	if (strcmp(key, "count") == 0)
		return tpl_int(out, h->count);
	if (strcmp(key, "count_one") == 0)	/* the template's plural */
		return tpl_bool(out, h->count == 1);
	if (strcmp(key, "known") == 0)
		return page_game_cards_val(out, &h->known);
	if (strcmp(key, "known_up") == 0)
		return tpl_bool(out, h->known.n > 0);
	return tpl_none(out);
}

static int
hand_item(const void *list, size_t i, struct tpl_ctx *out)
{
	const struct rhand	*h = list;

	out->lookup = hand_lookup;
	out->data = &h[i];
	return 0;
}

static int
board_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct r5board	*b = data;
	const struct r500_state	*v = b->v;

	if (strcmp(key, "board_r500") == 0)
		return tpl_bool(out, 1);
	if (strcmp(key, "card_defs_html") == 0)
		return tpl_str(out, b->defs);
	if (strcmp(key, "hand_no") == 0)
		return tpl_int(out, v->hand);
	if (strcmp(key, "hand_cap") == 0)
		return tpl_int(out, v->hand_cap);
	if (strcmp(key, "status") == 0)
		return tpl_str(out, b->status);
	if (strcmp(key, "players") == 0)
		return tpl_list(out, v->nseats, player_item, b->players);
	if (strcmp(key, "melds") == 0)
		return tpl_list(out, (size_t)b->nmelds, meld_item, b->melds);
	if (strcmp(key, "has_melds") == 0)
		return tpl_bool(out, b->nmelds > 0);
	if (strcmp(key, "stock") == 0)
		return tpl_int(out, v->nstock);
	if (strcmp(key, "stock_html") == 0)
		return tpl_str(out, b->stock_svg);
	if (strcmp(key, "pile") == 0)
		return page_game_cards_val(out, &b->pile);
	if (strcmp(key, "npile") == 0)
		return tpl_int(out, v->ndiscard);
	if (strcmp(key, "pile_cards") == 0)
		return tpl_str(out, v->ndiscard == 1 ? "card" : "cards");
	if (strcmp(key, "can_take") == 0)
		return tpl_bool(out, b->can_take);
	if (strcmp(key, "can_pick") == 0)
		return tpl_bool(out, b->can_pick);
	if (strcmp(key, "hand") == 0)
		return page_game_cards_val(out, &b->hand);
	if (strcmp(key, "others") == 0)
		return tpl_list(out, (size_t)b->nothers, hand_item, b->others);
	if (strcmp(key, "has_hand") == 0)
		return tpl_bool(out, b->hand.n > 0);
	if (strcmp(key, "hand_count") == 0)
		return tpl_int(out, b->hand.n);
	/* "1 card", "2 cards": the template's plural. */
	if (strcmp(key, "hand_count_one") == 0)
		return tpl_bool(out, b->hand.n == 1);
	if (strcmp(key, "obliged") == 0)
		return tpl_str(out, b->owed);
	if (strcmp(key, "result") == 0)
		return tpl_bool(out, b->has_result);
	if (strcmp(key, "result_open") == 0)
		return tpl_bool(out, b->result_open);
	if (strcmp(key, "result_text") == 0)
		return tpl_str(out, b->result_text);
	if (strcmp(key, "rows") == 0)
		return tpl_list(out, (size_t)b->nrows, row_item, b->rows);
	if (strcmp(key, "res_hand") == 0)
		return tpl_int(out, v->last.hand);
	return tpl_none(out);
}

/* ---- building the board ---- */

static const char *
status_text(struct req *r, const struct r5board *b)
{
	const struct r500_state	*v = b->v;
	const char		*w = who(b, v->turn);
	int			 you = v->turn == b->viewer, s, n = 0;
	struct buf		 sb;

	if (b->names->vacant && v->phase != R500_PHASE_OVER)
		return page_game_waiting(r, b->names);
	switch (v->phase) {
	case R500_PHASE_DEAL:
		return "Waiting for the next hand's cards.";
	case R500_PHASE_DRAW:
		return you ? "Your turn: draw from the stock, or take a card "
		    "of the discard pile (with every card above it) that you "
		    "can lay now." : arena_printf(r->arena, "%s draws from "
		    "the stock or takes from the discard pile.", w);
	case R500_PHASE_PLAY:
		if (v->owed != CARD_NONE)
			return you ? arena_printf(r->arena, "Your turn: lay %s, "
			    "which you took from the pile, in a meld or on one, "
			    "before you discard.", pr5_card_text(r, v->owed)) :
			    arena_printf(r->arena, "%s must lay the card taken "
			    "from the pile this turn.", w);
		return you ? "Your turn: meld or lay off if you like, then "
		    "discard; laying down every card goes out without a "
		    "discard." : arena_printf(r->arena, "%s melds, lays off "
		    "and discards.", w);
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
melds_set(struct req *r, struct r5board *b)
{
	const struct r500_state	*v = b->v;
	int			 m, i;

	for (m = 0; m < v->nmelds && m < R500_MELDS_MAX; m++) {
		const struct r500_meld	*x = &v->melds[m];
		struct rmeld		*y = &b->melds[b->nmelds++];
		int			 run = x->kind == R500_RUN;

		if (page_game_cards_set(r, &y->cards, CARD_STD, x->cards,
		    x->ncards, NULL) != 0)
			return -1;
		y->owner = who(b, x->owner);
		y->owner_obj = x->owner == b->viewer ? "you" : y->owner;
		y->words = pr5_meld_words(r, x->cards, x->ncards, run);
		for (i = 0; i < x->ncards; i++) {
			int	 pts = r500_value(x->cards[i], run ?
				    x->lo + i : 0);

			if (x->by[i] == x->owner) {
				y->points += pts;
				continue;
			}
			/* A lay-off: its card scores for whoever laid it. */
			y->cards.v[i].by = who(b, x->by[i]);
			y->cards.v[i].svg = page_game_svg(r, CARD_STD,
			    x->cards[i], arena_printf(r->arena, "laid off by "
			    "%s, %d points for %s", who(b, x->by[i]), pts,
			    x->by[i] == b->viewer ? "you" : who(b, x->by[i])));
		}
	}
	return 0;
}

static int
result_set(struct req *r, struct r5board *b)
{
	const struct r500_state		*v = b->v;
	const struct r500_result	*x = &v->last;
	int				 s;

	if (x->kind == R500_END_NONE)
		return 0;
	b->has_result = 1;
	b->result_open = v->phase == R500_PHASE_OVER ||
	    (v->phase == R500_PHASE_DRAW && v->nmelds == 0 &&
	    v->ndiscard == 1);
	b->result_text = x->kind == R500_END_OUT ? arena_printf(r->arena,
	    "Hand %d: %s went out. Everyone scores the cards they put on the "
	    "table minus the cards left in hand.", x->hand, who(b, x->out)) :
	    arena_printf(r->arena, "Hand %d: a turn ended with the stock "
	    "empty. Everyone scores the cards they put on the table minus the "
	    "cards left in hand.", x->hand);
	for (s = 0; s < v->nseats; s++) {
		struct rrow	*w = &b->rows[b->nrows++];

		w->name = who(b, s);
		w->table = x->table[s];
		w->held = x->held[s];
		w->net = x->table[s] - x->held[s];
		w->total = (int)v->scores[s];
		w->went_out = x->out == s;
	}
	return 0;
}

static int
pile_set(struct req *r, struct r5board *b, int play)
{
	const struct r500_state	*v = b->v;
	struct game_move	*legal;
	int			 n = 0;

	if (page_game_cards_set(r, &b->pile, CARD_STD, v->discard,
	    v->ndiscard, "top of the discard pile") != 0)
		return -1;
	if (!play || v->phase != R500_PHASE_DRAW)
		return 0;
	legal = page_game_legal(r, &r500_rules, v, b->viewer, &n);
	b->can_take = page_game_cards_take(&b->pile, v->discard, legal, n,
	    R500_TAKE);
	return 0;
}

static int
hand_set(struct req *r, struct r5board *b, int play)
{
	const struct r500_state	*v = b->v;
	struct game_move	*legal;
	int			 i, n = 0, s = b->viewer;

	if (s < 0 || v->nhand[s] == 0 || v->hands[s][0] == CARD_NONE)
		return 0;
	if (page_game_cards_set(r, &b->hand, CARD_STD, v->hands[s],
	    v->nhand[s], NULL) != 0)
		return -1;
	if (play && v->phase == R500_PHASE_PLAY) {
		legal = page_game_legal(r, &r500_rules, v, s, &n);
		for (i = 0; i < n; i++)
			if (legal[i].verb == R500_MELD)
				b->can_pick = 1;
	}
	return page_game_cards_hand(r, &b->hand, CARD_STD, v->hands[s],
	    v->turn == s, v->owed, "taken from the pile: lay it this turn",
	    v->drawn, "drawn this turn", b->can_pick);
}

/* Seat s's hidden hand: the cards it took from the pile and holds. */
static int
known_set(struct req *r, struct r5board *b, int s)
{
	struct rhand	*h = &b->others[b->nothers++];
	card_t		 cards[R500_DECK];
	int		 c, n = 0;

	for (c = 0; c < R500_DECK; c++)
		if ((b->v->known[s] >> c) & 1)
			cards[n++] = (card_t)c;
	h->title = arena_printf(r->arena, "%s's hand", b->players[s].name);
	h->count = b->v->nhand[s];
	return page_game_cards_known(r, &h->known, CARD_STD, cards, n,
	    "taken from the discard pile");
}

int
page_game_r500_board(struct req *r, const void *view,
    const struct page_game_names *names, int mode, struct tpl_val *out)
{
	const struct r500_state	*v = view;
	struct r5board		*b;
	struct buf		 sb;
	int			 s, play, known;

	if ((b = arena_calloc(r->arena, sizeof(*b))) == NULL)
		return -1;
	b->v = v;
	b->names = names;
	b->viewer = names->viewer >= 0 && names->viewer < v->nseats ?
	    names->viewer : -1;
	play = mode == PAGE_GAME_PLAY && b->viewer >= 0 && !names->vacant &&
	    v->turn == b->viewer && v->phase != R500_PHASE_OVER;
	for (s = 0; s < v->nseats && s < R500_SEATS_MAX; s++) {
		struct rplayer	*p = &b->players[s];

		p->seat = s;
		p->name = who(b, s);
		p->score = (int)v->scores[s];
		p->ncards = v->nhand[s];
		p->table = r500_table_points(v, s);
		p->to_act = v->phase > R500_PHASE_DEAL &&
		    v->phase < R500_PHASE_OVER && v->turn == s &&
		    !names->vacant;
		p->dealer = v->dealer == s && v->phase < R500_PHASE_OVER;
		p->winner = (v->winners >> s) & 1;
		p->you = s == b->viewer;
		p->bot = names->is_bot[s];
		known = v->nhand[s] == 0 || v->hands[s][0] != CARD_NONE;
		p->held = known ? arena_printf(r->arena, "%d",
		    r500_hand_points(v->hands[s], v->nhand[s])) : "hidden";
		if (known && !p->you && v->nhand[s] > 0) {
			struct rhand	*h = &b->others[b->nothers++];

			h->title = arena_printf(r->arena, "%s's hand", p->name);
			if (page_game_cards_set(r, &h->cards, CARD_STD,
			    v->hands[s], v->nhand[s], NULL) != 0)
				return -1;
		} else if (!p->you && v->known[s] != 0 &&
		    known_set(r, b, s) != 0)
			return -1;
	}
	if (melds_set(r, b) != 0 || pile_set(r, b, play) != 0 ||
	    hand_set(r, b, play) != 0 || result_set(r, b) != 0)
		return -1;
	if (v->owed != CARD_NONE && v->turn == b->viewer)
		b->owed = pr5_card_text(r, v->owed);
	buf_init(&sb, r->arena);
	if (v->nstock > 0)
		cards_std_back_svg(&sb);
	b->stock_svg = sb.failed ? "" : sb.data;
	buf_init(&sb, r->arena);
	cards_std_defs(&sb);
	b->defs = sb.failed ? "" : sb.data;
	b->status = status_text(r, b);
	if (r->arena->failed)
		return -1;
	return page_game_one(r, out, 1, board_lookup, b);
}
