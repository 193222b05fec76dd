/*
 * page_game_kit.c: small pieces every game's pages share (page_game.h):
 * a card in words as <abbr>, a card's SVG face as a string, the option
 * lists of the move forms.  Kept here once so that the games' pages
 * write them the same way.
 */
#include "page_game.h"

#include <string.h>

#include "arena.h"
#include "buf.h"
#include "cards.h"
#include "cards_std.h"
#include "esc.h"
#include "req.h"
#include "tpl.h"

void
page_game_put_card(struct buf *b, enum card_kind k, card_t c)
{
	char	 tok[CARD_TEXT_MAX];
	char	 label[(int)CARDS_STD_LABEL_MAX > (int)CARDS_LABEL_MAX ?
		    (int)CARDS_STD_LABEL_MAX : (int)CARDS_LABEL_MAX];

	card_format(k, c, tok);
	if (k == CARD_STD)
		cards_std_label(c, label, sizeof(label));
	else
		cards_label(c, label, sizeof(label));
	buf_puts(b, "<abbr title=\"");
	esc_html_str(b, label);
	buf_puts(b, "\">");
	esc_html_str(b, tok);
	buf_puts(b, "</abbr>");
}

const char *
page_game_svg(struct req *r, enum card_kind k, card_t c, const char *note)
{
	struct buf	 b;

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
