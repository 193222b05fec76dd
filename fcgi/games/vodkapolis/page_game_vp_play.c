/*
 * page_game_vp_play.c: the Vodkapolis 500 move forms (game_web.h,
 * struct game_web), from rules->legal on the viewer's view, so a
 * form offers nothing the engine would refuse up front:
 *  - draw: one button;
 *  - take: the chain cards on the board are the radios of f-vp-take
 *    (page_game_vp.c); only the cards the viewer could meld this turn
 *    may be chosen;
 *  - new meld: the hand cards are the checkboxes c0.. of f-vp-meld, and
 *    its select offers only the opponents rule 4b allows (legal() lists
 *    a new meld once per allowed target);
 *  - extension: a card that fits some meld and the meld (f-vp-add);
 *  - the discard (f-vp-discard), refused by the engine while the card
 *    taken from the chain is still in hand (so is the undo, which the
 *    shared toolbar offers: vp_web.c, game_web.h).
 * The server writes "meld A B C @N", "add X on Y" from the fields.
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

enum {
	SUGGEST_MAX = 12		/* melds named as suggestions */
};

struct vplay {
	int		 can_draw, can_take, can_meld, can_add, can_undo;
	int		 can_discard;
	const char	*obliged;	/* the card taken, still owed */
	struct page_game_opts targets;	/* "@N" */
	struct page_game_opts suggest;	/* melds that may be laid */
	struct page_game_opts add_cards;	/* hand cards that fit a meld */
	struct page_game_opts add_melds;	/* "on X" */
	struct page_game_opts discards;	/* "discard X" */
	int		 nsuggest;	/* distinct melds, all of them */
};

static int
play_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct vplay	*p = data;

	if (strcmp(key, "play_vp") == 0)
		return tpl_bool(out, 1);
	if (strcmp(key, "can_draw") == 0)
		return tpl_bool(out, p->can_draw);
	if (strcmp(key, "can_take") == 0)
		return tpl_bool(out, p->can_take);
	if (strcmp(key, "can_meld") == 0)
		return tpl_bool(out, p->can_meld);
	if (strcmp(key, "can_add") == 0)
		return tpl_bool(out, p->can_add);
	if (strcmp(key, "can_discard") == 0)
		return tpl_bool(out, 0);	/* Gin Vodka's form: not ours */
	if (strcmp(key, "vp_discard") == 0)
		return tpl_bool(out, p->can_discard);
	if (strcmp(key, "owed") == 0)
		return tpl_str(out, p->obliged);
	if (strcmp(key, "targets") == 0)
		return page_game_opts_val(out, &p->targets);
	if (strcmp(key, "suggest") == 0)
		return page_game_opts_val(out, &p->suggest);
	if (strcmp(key, "more_melds") == 0)
		return tpl_int(out, p->nsuggest - p->suggest.n);
	if (strcmp(key, "add_cards") == 0)
		return page_game_opts_val(out, &p->add_cards);
	if (strcmp(key, "add_melds") == 0)
		return page_game_opts_val(out, &p->add_melds);
	if (strcmp(key, "discards") == 0)
		return page_game_opts_val(out, &p->discards);
	return tpl_none(out);
}

static const char *
tok_of(struct req *r, card_t c)
{
	char	 tok[CARD_TEXT_MAX];

	card_format(CARD_TT, c, tok);
	return arena_strdup(r->arena, tok);
}

/* Card c by its face, as the options' words say it: "3B♥". */
static const char *
face_of(struct req *r, card_t c)
{
	char	 face[WORDS_FACE_MAX];

	return arena_strdup(r->arena, words_face(CARD_TT, c, face,
	    sizeof(face)));
}

/* "blue heart 3 (3Bh)" without the token: "blue heart 3". */
static const char *
words_of(struct req *r, card_t c)
{
	char	 w[CARDS_LABEL_MAX], *paren;

	cards_label(c, w, sizeof(w));
	if ((paren = strstr(w, " (")) != NULL)
		*paren = '\0';
	return arena_strdup(r->arena, w);
}

static int
same_cards(const struct game_move *a, const struct game_move *b)
{
	return a->ncards == b->ncards &&
	    memcmp(a->cards, b->cards, (size_t)a->ncards *
	    sizeof(a->cards[0])) == 0;
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

/*
 * The 4b targets and the meld suggestions, from the legal new melds;
 * the melds that place the card owed to the table come first.
 */
static void
melds_set(struct req *r, struct vplay *p, const struct game_move *legal,
    int n, card_t owed)
{
	int	 seen[VP_SEATS_MAX] = { 0 }, i, j, dup, pass;

	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < n; i++) {
			if (legal[i].verb != VP_MELD)
				continue;
			if (owed != CARD_NONE &&
			    has_card(&legal[i], owed) != (pass == 0))
				continue;
			if (owed == CARD_NONE && pass == 1)
				continue;
			p->can_meld = 1;
			if (legal[i].at >= 0 && legal[i].at < VP_SEATS_MAX &&
			    !seen[legal[i].at]) {
				struct page_game_opt	*o =
				    &p->targets.v[p->targets.n++];

				seen[legal[i].at] = 1;
				snprintf(o->value, sizeof(o->value), "@%d",
				    legal[i].at);
			}
			for (dup = 0, j = 0; j < i && !dup; j++)
				dup = legal[j].verb == VP_MELD &&
				    same_cards(&legal[i], &legal[j]);
			if (dup)
				continue;
			p->nsuggest++;
			if (p->suggest.n < SUGGEST_MAX) {
				struct page_game_opt	*o =
				    &p->suggest.v[p->suggest.n++];

				o->data = arena_printf(r->arena, "%s %s %s",
				    tok_of(r, legal[i].cards[0]),
				    tok_of(r, legal[i].cards[1]),
				    tok_of(r, legal[i].cards[2]));
				o->text = arena_printf(r->arena, "%s %s %s (%s)",
				    face_of(r, legal[i].cards[0]),
				    face_of(r, legal[i].cards[1]),
				    face_of(r, legal[i].cards[2]),
				    pvp_line_words(r, legal[i].cards, 3));
			}
		}
}

/* The extension form: cards that fit a meld, melds a card fits. */
static void
adds_set(struct req *r, struct vplay *p, const struct vp_state *v,
    const struct game_move *legal, int n, const struct page_game_names *nm)
{
	int	 i, j, m, known;

	for (i = 0; i < n; i++) {
		if (legal[i].verb != VP_ADD)
			continue;
		p->can_add = 1;
		m = vp_meld_of(v, legal[i].on);
		for (known = 0, j = 0; j < p->add_cards.n && !known; j++)
			known = strcmp(p->add_cards.v[j].value,
			    tok_of(r, legal[i].cards[0])) == 0;
		if (!known && p->add_cards.n < VP_MELDS_MAX) {
			struct page_game_opt	*o =
			    &p->add_cards.v[p->add_cards.n++];

			snprintf(o->value, sizeof(o->value), "%s",
			    tok_of(r, legal[i].cards[0]));
			o->text = arena_printf(r->arena, "%s (%s)",
			    face_of(r, legal[i].cards[0]),
			    words_of(r, legal[i].cards[0]));
			o->data = "";
		}
		/* The card's option lists the melds it fits (game_meld.js). */
		for (j = 0; j < p->add_cards.n; j++)
			if (strcmp(p->add_cards.v[j].value,
			    tok_of(r, legal[i].cards[0])) == 0)
				p->add_cards.v[j].data = arena_printf(r->arena,
				    "%s%s%s", p->add_cards.v[j].data,
				    *p->add_cards.v[j].data ? " " : "",
				    tok_of(r, legal[i].on));
		for (known = 0, j = 0; j < p->add_melds.n && !known; j++)
			known = strcmp(p->add_melds.v[j].data,
			    tok_of(r, legal[i].on)) == 0;
		if (!known && m >= 0 && p->add_melds.n < VP_MELDS_MAX) {
			const struct vp_meld	*x = &v->melds[m];
			struct page_game_opt	*o =
					    &p->add_melds.v[p->add_melds.n++];
			struct buf		 list;

			buf_init(&list, r->arena);
			for (j = 0; j < x->ncards; j++)
				buf_printf(&list, "%s%s", j ? " " : "",
				    face_of(r, x->cards[j]));
			snprintf(o->value, sizeof(o->value), "on %s",
			    tok_of(r, legal[i].on));
			o->data = tok_of(r, legal[i].on);
			o->text = arena_printf(r->arena, "%s: %s, in front of "
			    "%s", pvp_line_words(r, x->cards, x->ncards),
			    list.failed ? "" : list.data,
			    page_game_who(nm, x->target));
		}
	}
}

static int
vp_play(struct req *r, struct vplay *p, const struct vp_state *v, int seat,
    const struct page_game_names *nm)
{
	struct game_move	*legal;
	char			 tok[WORDS_FACE_MAX];
	int			 n, i;

	legal = page_game_legal(r, &vp_rules, v, seat, &n);
	if (page_game_opts_alloc(r, &p->targets, VP_SEATS_MAX) != 0 ||
	    page_game_opts_alloc(r, &p->suggest, SUGGEST_MAX) != 0 ||
	    page_game_opts_alloc(r, &p->add_cards, VP_MELDS_MAX) != 0 ||
	    page_game_opts_alloc(r, &p->add_melds, VP_MELDS_MAX) != 0 ||
	    page_game_opts_alloc(r, &p->discards, v->nhand[seat] > 0 ?
	    v->nhand[seat] : 1) != 0)
		return -1;
	for (i = 0; i < n; i++) {
		switch (legal[i].verb) {
		case VP_DRAW:
			p->can_draw = 1;
			break;
		case VP_TAKE:
			p->can_take = 1;
			break;
		case VP_UNDO:
			p->can_undo = 1;
			break;
		case VP_DISCARD:
			if (p->discards.n < v->nhand[seat]) {
				struct page_game_opt	*o =
				    &p->discards.v[p->discards.n++];

				vp_format(&legal[i], o->value,
				    sizeof(o->value));
				o->text = arena_printf(r->arena, "%s (%s, "
				    "%d points)%s",
				    tok_of(r, legal[i].cards[0]),
				    words_of(r, legal[i].cards[0]),
				    vp_card_value(legal[i].cards[0]),
				    legal[i].cards[0] == v->drawn ?
				    ", just drawn" : "");
				p->can_discard = 1;
			}
			break;
		}
	}
	/* A seat in the draw phase may have no legal take: no radios then. */
	if (v->phase == VP_PHASE_PLAY) {
		melds_set(r, p, legal, n, vp_obliged(v) ? v->taken : CARD_NONE);
		for (i = 0; i < p->targets.n; i++) {
			int	 t = p->targets.v[i].value[1] - '0';

			p->targets.v[i].text = arena_printf(r->arena,
			    "%s (%d new meld%s from you this hand)",
			    t == seat ? "Yourself" : page_game_who(nm, t),
			    vp_count(v, seat, t),
			    vp_count(v, seat, t) == 1 ? "" : "s");
		}
		adds_set(r, p, v, legal, n, nm);
	}
	if (vp_obliged(v)) {
		words_face(CARD_TT, v->taken, tok, sizeof(tok));
		p->obliged = arena_strdup(r->arena, tok);
	}
	return r->arena->failed ? -1 : 0;
}

int
page_game_vp_play(struct req *r, const void *view,
    const struct page_game_names *names, int seat, struct tpl_val *out)
{
	const struct vp_state		*v = view;
	struct page_game_names		*nm;
	struct vplay			*p;

	if ((p = arena_calloc(r->arena, sizeof(*p))) == NULL ||
	    (nm = arena_calloc(r->arena, sizeof(*nm))) == NULL)
		return -1;
	if (seat < 0 || seat >= v->nseats)
		return page_game_one(r, out, 0, play_lookup, p);
	*nm = *names;
	nm->viewer = seat;
	if (vp_play(r, p, v, seat, nm) != 0)
		return -1;
	return page_game_one(r, out, p->can_draw || p->can_take ||
	    p->can_meld || p->can_add || p->can_undo || p->can_discard,
	    play_lookup, p);
}
