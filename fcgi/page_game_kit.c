/*
 * page_game_kit.c: small pieces every game's pages share (page_game.h):
 * a card in words as <abbr>, a card's SVG face as a string, the option
 * lists of the move forms.  Kept here once so that the games' pages
 * write them the same way.
 */
#include "page_game.h"

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
enum { ABBR_MAX = CARDS_LABEL_MAX + 2 * CARD_TEXT_MAX + 32 };

static struct {
	unsigned char	 len;		/* 0: not made yet */
	char		 s[ABBR_MAX];
} abbrs[CARD_TT_JK2 + 1];

void
page_game_put_card(struct buf *b, enum card_kind k, card_t c)
{
	char		 tok[CARD_TEXT_MAX], label[CARDS_STD_LABEL_MAX];
	struct arena	 a;
	struct buf	 f;

	card_format(k, c, tok);
	if (k == CARD_STD || c > CARD_TT_JK2) {
		if (k == CARD_STD)
			cards_std_label(c, label, sizeof(label));
		put_abbr(b, k == CARD_STD ? label : cards_label_str(c), tok);
		return;
	}
	if (abbrs[c].len == 0) {
		arena_init(&a, 0);
		buf_init(&f, &a);
		put_abbr(&f, cards_label_str(c), tok);
		if (!f.failed && f.len < ABBR_MAX) {
			memcpy(abbrs[c].s, f.data, f.len);
			abbrs[c].len = (unsigned char)f.len;
		}
		arena_free(&a);
		if (abbrs[c].len == 0) {
			put_abbr(b, cards_label_str(c), tok);
			return;
		}
	}
	buf_put(b, abbrs[c].s, abbrs[c].len);
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
