/*
 * page_game_r500_play.c: the Rummy 500 move forms (game_web.h, struct
 * game_web), from rules->legal on the viewer's view:
 *  - draw: one button;
 *  - take: the pile cards on the board are the radios of f-r5-take
 *    (page_game_r500.c); only the cards the viewer could lay this turn
 *    may be chosen;
 *  - meld: the hand cards are the checkboxes c0.. of f-r5-meld, with
 *    the legal melds named as suggestions (those laying the owed card
 *    first);
 *  - lay-off: a card and a meld (f-r5-layoff); an ace that fits both
 *    ends of a 2..K run is offered twice, "AH=1" and "AH=14";
 *  - discard (f-r5-discard), refused while a taken card is owed.
 * Laying down every card goes out without a discard; the engine ends
 * the hand then.  The server writes "meld A B C", "layoff X on Y".
 */
#include "page_game_kit.h"
#include "page_game_r500.h"

#include <stdio.h>
#include <string.h>

#include "arena.h"
#include "cards_std.h"
#include "req.h"
#include "rummy500.h"
#include "tpl.h"

enum {
	SUGGEST_MAX = 12,
	OPTS_MAX = 2 * R500_HAND_MAX
};

struct rplay {
	int		 can_draw, can_take, can_meld, can_lay, can_discard;
	int		 nsuggest, last_card;
	const char	*owed;
	struct page_game_opts suggest, lay_cards, lay_melds, discards;
};

static int
play_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct rplay	*p = data;

	if (strcmp(key, "play_r500") == 0)
		return tpl_bool(out, 1);
	if (strcmp(key, "can_draw") == 0)
		return tpl_bool(out, p->can_draw);
	if (strcmp(key, "can_take") == 0)
		return tpl_bool(out, p->can_take);
	if (strcmp(key, "can_meld") == 0)
		return tpl_bool(out, p->can_meld);
	if (strcmp(key, "can_lay") == 0)
		return tpl_bool(out, p->can_lay);
	if (strcmp(key, "can_discard") == 0)
		return tpl_bool(out, 0);	/* Gin Vodka's form: not ours */
	if (strcmp(key, "r5_discard") == 0)
		return tpl_bool(out, p->can_discard);
	if (strcmp(key, "last_card") == 0)
		return tpl_bool(out, p->last_card);
	if (strcmp(key, "owed") == 0)
		return tpl_str(out, p->owed);
	if (strcmp(key, "suggest") == 0)
		return page_game_opts_val(out, &p->suggest);
	if (strcmp(key, "more_melds") == 0)
		return tpl_int(out, p->nsuggest - p->suggest.n);
	if (strcmp(key, "lay_cards") == 0)
		return page_game_opts_val(out, &p->lay_cards);
	if (strcmp(key, "lay_melds") == 0)
		return page_game_opts_val(out, &p->lay_melds);
	if (strcmp(key, "discards") == 0)
		return page_game_opts_val(out, &p->discards);
	return tpl_none(out);
}

static const char *
tok_of(struct req *r, card_t c)
{
	char	 tok[CARD_TEXT_MAX];

	card_format(CARD_STD, c, tok);
	return arena_strdup(r->arena, tok);
}

static int
has_card(const struct game_move *mv, card_t c)
{
	int	 i;

	for (i = 0; i < mv->ncards; i++)
		if (mv->cards[i] == c)
			return 1;
	return 0;
}

/* The cards of mv as "5H 6H 7H" ("AH=14" for a named ace end). */
static const char *
cards_text(struct req *r, const struct game_move *mv)
{
	struct buf	 b;
	int		 i;

	buf_init(&b, r->arena);
	for (i = 0; i < mv->ncards; i++) {
		if (i > 0)
			buf_putc(&b, ' ');
		buf_puts(&b, tok_of(r, mv->cards[i]));
		if (mv->asnum[i] > 0)
			buf_printf(&b, "=%d", mv->asnum[i]);
	}
	return b.failed ? "" : b.data;
}

/* The same as a person reads it: "5♥ 6♥ 7♥" ("A♥ high"). */
static const char *
faces_text(struct req *r, const struct game_move *mv)
{
	char		 face[CARDS_STD_SHORT_MAX];
	struct buf	 b;
	int		 i;

	buf_init(&b, r->arena);
	for (i = 0; i < mv->ncards; i++) {
		if (i > 0)
			buf_putc(&b, ' ');
		cards_std_short(mv->cards[i], face, sizeof(face));
		buf_puts(&b, face);
		if (mv->asnum[i] > 0)
			buf_puts(&b, mv->asnum[i] == 1 ? " low" : " high");
	}
	return b.failed ? "" : b.data;
}

static void
suggest_set(struct req *r, struct rplay *p, const struct game_move *legal,
    int n, card_t owed)
{
	int	 i, pass;

	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < n; i++) {
			struct page_game_opt	*o;

			if (legal[i].verb != R500_MELD)
				continue;
			/* The owed card's melds in pass 0, the rest in 1. */
			if (owed != CARD_NONE ?
			    has_card(&legal[i], owed) != (pass == 0) : pass == 1)
				continue;
			p->can_meld = 1;
			p->nsuggest++;
			if (p->suggest.n >= SUGGEST_MAX)
				continue;
			o = &p->suggest.v[p->suggest.n++];
			o->data = cards_text(r, &legal[i]);
			o->text = faces_text(r, &legal[i]);
		}
}

static void
lay_set(struct req *r, struct rplay *p, const struct r500_state *v,
    const struct game_move *legal, int n, const struct page_game_names *nm)
{
	char	 card[16];
	int	 i, j, m, known;

	for (i = 0; i < n; i++) {
		if (legal[i].verb != R500_LAYOFF)
			continue;
		p->can_lay = 1;
		snprintf(card, sizeof(card), "%s", tok_of(r, legal[i].cards[0]));
		if (legal[i].asnum[0] > 0)
			snprintf(card, sizeof(card), "%s=%d",
			    tok_of(r, legal[i].cards[0]), legal[i].asnum[0]);
		for (known = -1, j = 0; j < p->lay_cards.n && known < 0; j++)
			if (strcmp(p->lay_cards.v[j].value, card) == 0)
				known = j;
		if (known < 0 && p->lay_cards.n < OPTS_MAX) {
			struct page_game_opt	*o =
			    &p->lay_cards.v[p->lay_cards.n++];

			snprintf(o->value, sizeof(o->value), "%s", card);
			o->text = legal[i].asnum[0] <= 0 ?
			    pr5_card_text(r, legal[i].cards[0]) :
			    arena_printf(r->arena, "%s at the %s end",
			    pr5_card_text(r, legal[i].cards[0]),
			    legal[i].asnum[0] == R500_ACE_LOW ? "low (1 point)" :
			    "high (15 points)");
			o->data = "";
			known = p->lay_cards.n - 1;
		}
		if (known >= 0)	/* the melds it fits, for game_meld.js */
			p->lay_cards.v[known].data = arena_printf(r->arena,
			    "%s%s%s", p->lay_cards.v[known].data,
			    *p->lay_cards.v[known].data ? " " : "",
			    tok_of(r, legal[i].on));
		for (known = 0, j = 0; j < p->lay_melds.n && !known; j++)
			known = strcmp(p->lay_melds.v[j].data,
			    tok_of(r, legal[i].on)) == 0;
		m = r500_meld_of(v, legal[i].on);
		if (!known && m >= 0 && p->lay_melds.n < OPTS_MAX) {
			const struct r500_meld	*x = &v->melds[m];
			struct page_game_opt	*o =
					    &p->lay_melds.v[p->lay_melds.n++];
			struct buf		 b;

			buf_init(&b, r->arena);
			for (j = 0; j < x->ncards; j++) {
				if (j > 0)
					buf_putc(&b, ' ');
				buf_puts(&b, tok_of(r, x->cards[j]));
			}
			snprintf(o->value, sizeof(o->value), "on %s",
			    tok_of(r, legal[i].on));
			o->data = tok_of(r, legal[i].on);
			o->text = arena_printf(r->arena, "%s: %s (melded by "
			    "%s)", pr5_meld_words(r, x->cards, x->ncards,
			    x->kind == R500_RUN), b.failed ? "" : b.data,
			    x->owner == nm->viewer ? "you" :
			    page_game_who(nm, x->owner));
		}
	}
}

static int
r5_play(struct req *r, struct rplay *p, const struct r500_state *v, int seat,
    const struct page_game_names *nm)
{
	struct game_move	*legal;
	int			 n, i;

	if (page_game_opts_alloc(r, &p->suggest, OPTS_MAX) != 0 ||
	    page_game_opts_alloc(r, &p->lay_cards, OPTS_MAX) != 0 ||
	    page_game_opts_alloc(r, &p->lay_melds, OPTS_MAX) != 0 ||
	    page_game_opts_alloc(r, &p->discards, OPTS_MAX) != 0)
		return -1;
	legal = page_game_legal(r, &r500_rules, v, seat, &n);
	for (i = 0; i < n; i++) {
		switch (legal[i].verb) {
		case R500_DRAW:
			p->can_draw = 1;
			break;
		case R500_TAKE:
			p->can_take = 1;
			break;
		case R500_DISCARD:
			if (p->discards.n < OPTS_MAX) {
				struct page_game_opt	*o =
				    &p->discards.v[p->discards.n++];

				r500_format(&legal[i], o->value,
				    sizeof(o->value));
				o->text = arena_printf(r->arena, "%s%s",
				    pr5_card_text(r, legal[i].cards[0]),
				    legal[i].cards[0] == v->drawn ?
				    ", just drawn" : "");
				p->can_discard = 1;
			}
			break;
		}
	}
	if (v->phase == R500_PHASE_PLAY) {
		suggest_set(r, p, legal, n, v->owed);
		lay_set(r, p, v, legal, n, nm);
		p->last_card = v->nhand[seat] == 1;
	}
	if (v->owed != CARD_NONE)
		p->owed = pr5_card_text(r, v->owed);
	return r->arena->failed ? -1 : 0;
}

int
page_game_r500_play(struct req *r, const void *view,
    const struct page_game_names *names, int seat, struct tpl_val *out)
{
	const struct r500_state	*v = view;
	struct page_game_names	*nm;
	struct rplay		*p;

	if ((p = arena_calloc(r->arena, sizeof(*p))) == NULL ||
	    (nm = arena_calloc(r->arena, sizeof(*nm))) == NULL)
		return -1;
	if (seat < 0 || seat >= v->nseats)
		return page_game_one(r, out, 0, play_lookup, p);
	*nm = *names;
	nm->viewer = seat;
	if (r5_play(r, p, v, seat, nm) != 0)
		return -1;
	return page_game_one(r, out, p->can_draw || p->can_take ||
	    p->can_meld || p->can_lay || p->can_discard, play_lookup, p);
}
