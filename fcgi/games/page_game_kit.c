/*
 * page_game_kit.c: small pieces every game's pages share (page_game.h):
 * a card in words as <abbr>, a card's SVG face as a string, the option
 * lists of the move forms, the legal moves, the card rows of the rummy
 * boards.  Kept here once so that the games' pages write them the same
 * way.
 */
#include "page_game_kit.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "arena.h"
#include "buf.h"
#include "cards.h"
#include "cards_std.h"
#include "esc.h"
#include "req.h"
#include "tpl.h"

static void
put_abbr(struct buf *b, const char *label, const char *tok)
{
	buf_puts(b, "<abbr title=\"");
	esc_html_str(b, label);
	buf_puts(b, "\">");
	esc_html_str(b, tok);
	buf_puts(b, "</abbr>");
}

/*
 * A Triple Topper card's <abbr>, made once per process (the last moves
 * name a dozen cards on every game page); the size fits the longest
 * label, "yellow triangle question mark (QYt)", with the markup.
 */
enum { ABBR_MAX = CARDS_LABEL_MAX + CARDS_SHORT_MAX + 32 };

static struct {
	unsigned char	 len;		/* 0: not made yet */
	char		 s[ABBR_MAX];
} abbrs[CARD_TT_JK2 + 1];

void
page_game_put_card(struct buf *b, enum card_kind k, card_t c)
{
	char		 tok[CARD_TEXT_MAX], label[CARDS_STD_LABEL_MAX];
	char		 face[16];
	struct arena	 a;
	struct buf	 f;

	card_format(k, c, tok);
	/* A standard card reads as its face, 10♥; its title says it all. */
	if (k == CARD_STD) {
		cards_std_label(c, label, sizeof(label));
		cards_std_short(c, face, sizeof(face));
		put_abbr(b, label, face);
		return;
	}
	if (c > CARD_TT_JK2) {
		put_abbr(b, cards_label_str(c), tok);
		return;
	}
	/* A Triple Topper card reads as its face too, 3R♥. */
	cards_short(c, face, sizeof(face));
	if (abbrs[c].len == 0) {
		arena_init(&a, 0);
		buf_init(&f, &a);
		put_abbr(&f, cards_label_str(c), face);
		if (!f.failed && f.len < ABBR_MAX) {
			memcpy(abbrs[c].s, f.data, f.len);
			abbrs[c].len = (unsigned char)f.len;
		}
		arena_free(&a);
		if (abbrs[c].len == 0) {
			put_abbr(b, cards_label_str(c), face);
			return;
		}
	}
	buf_put(b, abbrs[c].s, abbrs[c].len);
}

const char *
page_game_waiting(struct req *r, const struct page_game_names *names)
{
	return page_game_printf(r, "The cards are dealt; play starts when "
	    "%s.", names->waiting[0] != '\0' ? names->waiting :
	    "every seat is taken");
}

const char *
page_game_printf(struct req *r, const char *fmt, ...)
{
	char	 tmp[512];
	char	*p;
	va_list	 ap, again;
	int	 n;

	va_start(ap, fmt);
	va_copy(again, ap);
	n = vsnprintf(tmp, sizeof(tmp), fmt, ap);
	va_end(ap);
	if (n < 0)
		p = NULL;
	else if ((size_t)n < sizeof(tmp))	/* the usual case: one pass */
		p = arena_strndup(r->arena, tmp, (size_t)n);
	else if ((p = arena_alloc(r->arena, (size_t)n + 1)) != NULL)
		vsnprintf(p, (size_t)n + 1, fmt, again);
	va_end(again);
	return p != NULL ? p : "";
}

const char *
page_game_svg(struct req *r, enum card_kind k, card_t c, const char *note)
{
	struct buf	 b;
	const char	*face;

	/* A face without a note is drawn once per process: no copy. */
	if (k == CARD_TT && (note == NULL || *note == '\0') &&
	    (face = cards_face(c, NULL)) != NULL)
		return face;
	buf_init(&b, r->arena);
	if (k == CARD_STD)
		cards_std_svg(&b, c, note);
	else
		cards_svg(&b, c, note);
	return b.failed ? "" : b.data;
}

static int
opt_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct page_game_opt	*o = data;

	if (strcmp(key, "opt_value") == 0)
		return tpl_str(out, o->value);
	if (strcmp(key, "opt_text") == 0)
		return tpl_str(out, o->text);
	if (strcmp(key, "opt_data") == 0)
		return tpl_str(out, o->data);
	if (strcmp(key, "opt_selected") == 0)
		return tpl_bool(out, o->selected);
	return tpl_none(out);
}

static int
opt_item(const void *list, size_t i, struct tpl_ctx *out)
{
	const struct page_game_opts	*l = list;

	out->lookup = opt_lookup;
	out->data = &l->v[i];
	return 0;
}

int
page_game_opts_alloc(struct req *r, struct page_game_opts *l, int max)
{
	l->n = 0;
	l->v = NULL;
	if (max <= 0)
		return 0;
	l->v = arena_calloc(r->arena, (size_t)max * sizeof(*l->v));
	return l->v == NULL ? -1 : 0;
}

int
page_game_opts_val(struct tpl_val *out, const struct page_game_opts *l)
{
	return tpl_list(out, (size_t)l->n, opt_item, l);
}

static int
one_item(const void *list, size_t i, struct tpl_ctx *out)
{
	(void)i;
	*out = *(const struct tpl_ctx *)list;
	return 0;
}

int
page_game_one(struct req *r, struct tpl_val *out, int n,
    int (*lookup)(const void *, const char *, struct tpl_val *),
    const void *data)
{
	struct tpl_ctx	*c;

	if (n <= 0)
		return tpl_list(out, 0, one_item, NULL);
	if ((c = arena_calloc(r->arena, sizeof(*c))) == NULL)
		return -1;
	c->lookup = lookup;
	c->data = data;
	return tpl_list(out, 1, one_item, c);
}

struct game_move *
page_game_legal(struct req *r, const struct game_rules *rules,
    const void *state, int seat, int *n)
{
	struct game_move	*legal;
	int			 max;

	*n = 0;
	if ((max = rules->legal(state, seat, NULL, 0)) <= 0)
		return NULL;
	if ((legal = arena_alloc(r->arena, (size_t)max *
	    sizeof(*legal))) == NULL)
		return NULL;
	*n = rules->legal(state, seat, legal, max);
	if (*n > max)
		*n = max;
	return legal;
}

/*
 * l from cards[0..n) of deck k, each face saying every (or nothing),
 * the last one last_note instead when there is one.
 */
static int
cards_fill(struct req *r, struct page_game_cards *l, enum card_kind k,
    const card_t *cards, int n, const char *every, const char *last_note)
{
	int	 i;

	l->n = 0;
	l->v = NULL;
	if (n <= 0)
		return 0;
	if ((l->v = arena_calloc(r->arena, (size_t)n * sizeof(*l->v))) == NULL)
		return -1;
	for (i = 0; i < n; i++) {
		card_format(k, cards[i], l->v[i].tok);
		l->v[i].svg = page_game_svg(r, k, cards[i],
		    i == n - 1 && last_note != NULL ? last_note : every);
		l->v[i].idx = i;
		l->v[i].pos = i + 1;
	}
	l->v[n - 1].last = last_note != NULL;
	l->n = n;
	return 0;
}

int
page_game_cards_set(struct req *r, struct page_game_cards *l,
    enum card_kind k, const card_t *cards, int n, const char *last_note)
{
	return cards_fill(r, l, k, cards, n, NULL, last_note);
}

int
page_game_cards_known(struct req *r, struct page_game_cards *l,
    enum card_kind k, const card_t *cards, int n, const char *note)
{
	return cards_fill(r, l, k, cards, n, note, NULL);
}

int
page_game_cards_take(struct page_game_cards *l, const card_t *cards,
    const struct game_move *legal, int n, int take)
{
	int	 i, j, any = 0;

	for (j = 0; j < n; j++)
		any |= legal[j].verb == take;
	for (i = 0; i < l->n && any; i++) {
		l->v[i].take = 1;
		for (j = 0; j < n; j++)
			if (legal[j].verb == take &&
			    legal[j].cards[0] == cards[i])
				l->v[i].takeable = 1;
	}
	return any;
}

int
page_game_cards_hand(struct req *r, struct page_game_cards *l,
    enum card_kind k, const card_t *cards, int my_turn, card_t taken,
    const char *taken_note, card_t drawn, const char *drawn_note,
    int can_pick)
{
	struct page_game_card	*p;
	int			 i;

	for (i = 0; i < l->n; i++) {
		p = &l->v[i];
		p->taken = my_turn && cards[i] == taken;
		p->drawn = my_turn && cards[i] == drawn;
		if (p->taken)
			p->svg = page_game_svg(r, k, taken, taken_note);
		else if (p->drawn)
			p->svg = page_game_svg(r, k, drawn, drawn_note);
		p->pick = can_pick && i < PAGE_GAME_PICKS;
	}
	return r->arena->failed ? -1 : 0;
}

static int
card_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct page_game_card	*p = data;

	switch (key[0]) {
	case 'b':
		if (strcmp(key, "by") == 0)
			return tpl_str(out, p->by);
		break;
	case 'c':
		if (strcmp(key, "card_html") == 0)
			return tpl_str(out, p->svg);
		break;
	case 'd':
		if (strcmp(key, "drawn") == 0)
			return tpl_bool(out, p->drawn);
		break;
	case 'i':
		if (strcmp(key, "idx") == 0)
			return tpl_int(out, p->idx);
		break;
	case 'l':
		if (strcmp(key, "last") == 0)
			return tpl_bool(out, p->last);
		break;
	case 'p':
		if (strcmp(key, "pos") == 0)
			return tpl_int(out, p->pos);
		if (strcmp(key, "pick") == 0)
			return tpl_bool(out, p->pick);
		break;
	case 't':
		if (strcmp(key, "tok") == 0)
			return tpl_str(out, p->tok);
		if (strcmp(key, "take") == 0)
			return tpl_bool(out, p->take);
		if (strcmp(key, "takeable") == 0)
			return tpl_bool(out, p->takeable);
		if (strcmp(key, "taken") == 0)
			return tpl_bool(out, p->taken);
		break;
	}
	return tpl_none(out);
}

static int
card_item(const void *list, size_t i, struct tpl_ctx *out)
{
	const struct page_game_cards	*l = list;

	out->lookup = card_lookup;
	out->data = &l->v[i];
	return 0;
}

int
page_game_cards_val(struct tpl_val *out, const struct page_game_cards *l)
{
	return tpl_list(out, (size_t)l->n, card_item, l);
}

const char *
page_game_who_mid(const struct page_game_names *names, int seat)
{
	return seat >= 0 && seat == names->viewer ? "you" :
	    page_game_who(names, seat);
}

const char *
page_game_who(const struct page_game_names *names, int seat)
{
	if (seat >= 0 && seat == names->viewer)
		return "You";
	if (seat < 0 || seat >= names->nseats || seat >= GAME_SEATS_MAX)
		return "Nobody";
	return names->name[seat];
}
