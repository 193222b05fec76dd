/*
 * page_game_cm_play.c: the Casino Macedonia move forms (game_web.h,
 * page_game_cm.h).  One form per hand card, each listing every legal
 * play of that card in words (takes, build-and-takes, builds, stacks,
 * the drop): radios while they are few, a select when they are many,
 * so no move needs typing.  Each choice carries the table piles it
 * involves (data-piles) for static/js/game_cm.js to highlight; the
 * forms work without it.
 */
#include "page_game_kit.h"
#include "page_game_cm.h"

#include <stdio.h>
#include <string.h>

#include "arena.h"
#include "buf.h"
#include "cards.h"
#include "req.h"
#include "tpl.h"
#include "words.h"

enum {
	PCM_RADIOS_MAX = 12		/* more choices than this: a select */
};

/* ---- the legal moves and their words (shared with the board) ---- */

struct collect {
	struct req		*r;
	struct pcm_moves	*m;
	int			 cap;
	int			 failed;
};

static void
collect(void *ctx, const struct game_move *mv, const struct cm_play *pl)
{
	struct collect		*c = ctx;
	struct pcm_moves	*m = c->m;
	struct game_move	*nmv;
	struct cm_play		*npl;
	int			 ncap;

	m->total++;
	if (c->failed || m->n >= PCM_MOVES_MAX)
		return;
	if (m->n == c->cap) {
		ncap = c->cap == 0 ? 32 : 2 * c->cap;
		if (ncap > PCM_MOVES_MAX)
			ncap = PCM_MOVES_MAX;
		nmv = arena_alloc(c->r->arena, (size_t)ncap * sizeof(*nmv));
		npl = arena_alloc(c->r->arena, (size_t)ncap * sizeof(*npl));
		if (nmv == NULL || npl == NULL) {
			c->failed = 1;
			return;
		}
		if (m->n > 0) {
			memcpy(nmv, m->mv, (size_t)m->n * sizeof(*nmv));
			memcpy(npl, m->pl, (size_t)m->n * sizeof(*npl));
		}
		m->mv = nmv;
		m->pl = npl;
		c->cap = ncap;
	}
	m->mv[m->n] = *mv;
	m->pl[m->n] = *pl;
	m->n++;
}

int
pcm_moves(struct req *r, const struct cm_state *v, int seat,
    struct pcm_moves *out)
{
	struct collect	 c;

	memset(out, 0, sizeof(*out));
	memset(&c, 0, sizeof(c));
	c.r = r;
	c.m = out;
	if (seat < 0 || seat >= v->nseats)
		return 0;
	cm_generate(v, seat, collect, &c);
	return c.failed ? -1 : 0;
}

void
pcm_pile_tok(const struct cm_state *v, int x, char *tok)
{
	card_format(CARD_TT, v->piles[x].name, tok);
}

/* The pile holding card c, or -1. */
static int
pile_of(const struct cm_state *v, card_t c)
{
	if (c >= CM_IDS || v->pile_of[c] == CM_NOBODY ||
	    v->pile_of[c] >= v->npiles)
		return -1;
	return v->pile_of[c];
}

void
pcm_pile_words(struct buf *b, const struct cm_state *v, int x)
{
	const struct cm_pile	*p = &v->piles[x];
	char			 face[WORDS_FACE_MAX];
	int			 i, first = 1;

	/* Words a person reads: each card by its face, not its token. */
	if (p->kind == CM_SINGLE) {
		buf_puts(b, words_face(CARD_TT, p->name, face, sizeof(face)));
		return;
	}
	buf_puts(b, p->kind == CM_BUILD_PILE ? "the build of " :
	    "the stack of ");
	if (p->value == 0)
		buf_puts(b, "?");
	else
		buf_printf(b, "%d", p->value);
	buf_puts(b, " (");
	for (i = 0; i < CM_IDS; i++)
		if (v->pile_of[i] == x) {
			if (!first)
				buf_putc(b, ' ');
			buf_puts(b, words_face(CARD_TT, (card_t)i, face,
			    sizeof(face)));
			first = 0;
		}
	buf_puts(b, ")");
}

void
pcm_move_piles(struct buf *b, const struct cm_state *v,
    const struct game_move *mv)
{
	char	 tok[CARD_TEXT_MAX];
	int	 i, x, n = 0;

	if ((x = pile_of(v, mv->on)) >= 0) {
		pcm_pile_tok(v, x, tok);
		buf_puts(b, tok);
		n++;
	}
	for (i = 1; i < mv->ncards; i++)
		if ((x = pile_of(v, mv->cards[i])) >= 0) {
			pcm_pile_tok(v, x, tok);
			if (n++ > 0)
				buf_putc(b, ' ');
			buf_puts(b, tok);
		}
}

/* The number card h counts as in play pl. */
static int
played_as(const struct cm_state *v, const struct cm_play *pl)
{
	int	 lo, hi;

	if (cm_numbers(v, pl->h, &lo, &hi) == 1)
		return pl->decl;
	return lo;
}

void
pcm_move_words(struct buf *b, const struct cm_state *v,
    const struct game_move *mv, const struct cm_play *pl)
{
	int	 i, x, grp = 0, ncards = 1, d = played_as(v, pl);

	if (pl->sweep) {
		for (x = 0; x < v->npiles; x++)
			ncards += v->piles[x].ncards;
		for (i = 0; i < v->naside; i++)
			ncards += !v->aside_spare[i];
		buf_printf(b, "Sweep the whole table (%d card%s)", ncards,
		    ncards == 1 ? "" : "s");
		return;
	}
	if (pl->decl > 0)
		buf_printf(b, "As a %d: ", pl->decl);
	switch (pl->verb) {
	case CM_DROP:
		buf_puts(b, cm_numbers(v, pl->h, &i, &x) < 0 ? "Set it aside "
		    "as a spare joker for the last taker" :
		    "Drop it on the table");
		return;
	case CM_BUILD:
		buf_puts(b, "Build on ");
		pcm_pile_words(b, v, pl->target);
		buf_printf(b, ", making %d", v->piles[pl->target].value + d);
		return;
	case CM_STACK:
		buf_puts(b, "Stack on ");
		pcm_pile_words(b, v, pl->target);
		return;
	default:
		break;
	}
	if (pl->target != CM_NOBODY) {
		buf_puts(b, "Put it on ");
		pcm_pile_words(b, v, pl->target);
		buf_printf(b, ", making %d, and take it with ",
		    v->piles[pl->target].value + d);
		ncards += v->piles[pl->target].ncards;
	} else
		buf_puts(b, "Take ");
	for (i = 1; i < mv->ncards; i++) {
		if ((x = pile_of(v, mv->cards[i])) < 0)
			continue;
		if (i > 1)
			buf_puts(b, mv->group[i] != grp ? " and " : " + ");
		grp = mv->group[i];
		pcm_pile_words(b, v, x);
		ncards += v->piles[x].ncards;
	}
	buf_printf(b, " (%d card%s)", ncards, ncards == 1 ? "" : "s");
}

/* ---- the forms ---- */

struct popt {
	char		 move[GAME_MOVE_TEXT_MAX];
	const char	*words;
	const char	*piles;
};

struct pcard {
	char		 tok[CARD_TEXT_MAX];
	char		 label[CARDS_LABEL_MAX];
	const char	*svg;
	int		 n;
	struct popt	*opts;
};

struct cmplay {
	struct pcard	 cards[CM_HAND];
	int		 ncards;
	int		 no_drop;	/* a live build bans drops */
	int		 capped;	/* more moves than listed */
	int		 total;
};

static int
opt_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct popt	*o = data;

	if (strcmp(key, "move") == 0)
		return tpl_str(out, o->move);
	if (strcmp(key, "words") == 0)
		return tpl_str(out, o->words);
	if (strcmp(key, "piles") == 0)
		return tpl_str(out, o->piles);
	return tpl_none(out);
}

static int
opt_item(const void *list, size_t i, struct tpl_ctx *out)
{
	const struct popt	*o = list;

	out->lookup = opt_lookup;
	out->data = &o[i];
	return 0;
}

static int
card_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct pcard	*c = data;

	if (strcmp(key, "tok") == 0)
		return tpl_str(out, c->tok);
	if (strcmp(key, "label") == 0)
		return tpl_str(out, c->label);
	if (strcmp(key, "card_html") == 0)
		return tpl_str(out, c->svg);
	if (strcmp(key, "nmoves") == 0)
		return tpl_int(out, c->n);
	if (strcmp(key, "radios") == 0)
		return tpl_list(out, c->n <= PCM_RADIOS_MAX ? (size_t)c->n : 0,
		    opt_item, c->opts);
	if (strcmp(key, "options") == 0)
		return tpl_list(out, c->n > PCM_RADIOS_MAX ? (size_t)c->n : 0,
		    opt_item, c->opts);
	if (strcmp(key, "many") == 0)
		return tpl_bool(out, c->n > PCM_RADIOS_MAX);
	if (strcmp(key, "one_move") == 0)
		return tpl_bool(out, c->n == 1);
	return tpl_none(out);
}

static int
card_item(const void *list, size_t i, struct tpl_ctx *out)
{
	const struct pcard	*c = list;

	out->lookup = card_lookup;
	out->data = &c[i];
	return 0;
}

static int
play_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct cmplay	*p = data;

	if (strcmp(key, "play_cm") == 0)
		return tpl_bool(out, 1);
	if (strcmp(key, "cm_cards") == 0)
		return tpl_list(out, (size_t)p->ncards, card_item, p->cards);
	if (strcmp(key, "cm_no_drop") == 0)
		return tpl_bool(out, p->no_drop);
	if (strcmp(key, "cm_capped") == 0)
		return tpl_bool(out, p->capped);
	if (strcmp(key, "cm_total") == 0)
		return tpl_int(out, p->total);
	return tpl_none(out);
}

static const char *
text_of(struct buf *b)
{
	return b->failed ? "" : b->data;
}

int
page_game_cm_play(struct req *r, const void *view,
    const struct page_game_names *names, int seat, struct tpl_val *out)
{
	const struct cm_state	*v = view;
	struct pcm_moves	 m;
	struct cmplay		*p;
	struct pcard		*c;
	struct popt		*o;
	struct buf		 b;
	int			 i, k;

	(void)names;
	if ((p = arena_calloc(r->arena, sizeof(*p))) == NULL ||
	    pcm_moves(r, v, seat, &m) != 0)
		return -1;
	if (m.n == 0)
		return page_game_one(r, out, 0, play_lookup, p);
	p->total = m.total;
	p->capped = m.total > m.n;
	p->no_drop = !cm_may_drop(v, seat);
	for (i = 0; i < v->nhand[seat] && i < CM_HAND; i++) {
		c = &p->cards[p->ncards];
		card_format(CARD_TT, v->hands[seat][i], c->tok);
		cards_label(v->hands[seat][i], c->label, sizeof(c->label));
		buf_init(&b, r->arena);
		cards_svg(&b, v->hands[seat][i], NULL);
		c->svg = text_of(&b);
		for (k = 0; k < m.n; k++)
			c->n += m.mv[k].cards[0] == v->hands[seat][i];
		if (c->n == 0)
			continue;
		if ((c->opts = arena_calloc(r->arena, (size_t)c->n *
		    sizeof(*c->opts))) == NULL)
			return -1;
		for (o = c->opts, k = 0; k < m.n; k++) {
			if (m.mv[k].cards[0] != v->hands[seat][i])
				continue;
			cm_format(&m.mv[k], o->move, sizeof(o->move));
			buf_init(&b, r->arena);
			pcm_move_words(&b, v, &m.mv[k], &m.pl[k]);
			o->words = text_of(&b);
			buf_init(&b, r->arena);
			pcm_move_piles(&b, v, &m.mv[k]);
			o->piles = text_of(&b);
			o++;
		}
		p->ncards++;
	}
	if (r->arena->failed)
		return -1;
	return page_game_one(r, out, 1, play_lookup, p);
}
