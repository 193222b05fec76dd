/*
 * page_rules.c: the rule pages (page_rules.h).  The Markdown is
 * rendered once per process by md.c; a request copies the cached HTML
 * into the layout.
 */
#include "page_rules.h"

#include <stddef.h>
#include <string.h>

#include "buf.h"
#include "card.h"
#include "cards.h"
#include "cards_std.h"
#include "config.h"
#include "game.h"
#include "md.h"
#include "page.h"
#include "req.h"
#include "resp.h"
#include "serve.h"
#include "tpl.h"

struct rules_entry {
	const struct game_rules	*rules;
	char			 title[MD_TITLE_MAX];
};

struct rules_page {
	const struct md_doc	*doc;		/* one page, or NULL: the index */
	struct rules_entry	 games[16];
	int			 ngames;
};

static const char *
data_dir(const struct req *r)
{
	return r->app != NULL && r->app->config != NULL &&
	    r->app->config->data_dir != NULL ? r->app->config->data_dir : ".";
}

/*
 * The cards of a marker in a rule page's examples (md.h), drawn as the
 * board draws them; tokens NULL: the pattern defs, once per page.
 */
static int
rule_cards(struct buf *b, const char *slug, const char *tokens, size_t len)
{
	const struct game_rules	*rules = game_find(slug);
	char			 tok[16];
	const char		*p = tokens, *end = tokens + len;
	const char		*face;
	size_t			 n, flen;
	card_t			 c;

	if (rules == NULL)
		return -1;
	if (tokens == NULL) {
		if (rules->cards == CARD_STD)
			cards_std_defs(b);
		else
			cards_defs(b);
		return 0;
	}
	buf_puts(b, "<span class=\"md-cards\">");
	while (p < end) {
		while (p < end && *p == ' ')
			p++;
		for (n = 0; p + n < end && p[n] != ' '; n++)
			;
		if (n == 0)
			break;
		if (n >= sizeof(tok))
			return -1;
		memcpy(tok, p, n);
		tok[n] = '\0';
		if ((c = card_parse(rules->cards, tok, NULL)) == CARD_NONE)
			return -1;
		if (rules->cards == CARD_STD)
			cards_std_svg(b, c, NULL);
		else if ((face = cards_face(c, &flen)) != NULL)
			buf_put(b, face, flen);
		else
			return -1;
		p += n;
	}
	buf_puts(b, "</span>");
	return 0;
}

static int
entry_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct rules_entry	*e = data;

	if (strcmp(key, "slug") == 0)
		return tpl_str(out, e->rules->slug);
	if (strcmp(key, "name") == 0)
		return tpl_str(out, e->rules->name);
	if (strcmp(key, "page_title") == 0)
		return tpl_str(out, e->title);
	return tpl_none(out);
}

static int
entry_item(const void *list, size_t i, struct tpl_ctx *out)
{
	const struct rules_entry	*e = list;

	out->lookup = entry_lookup;
	out->data = &e[i];
	return 0;
}

static int
css_lookup(const void *data, const char *key, struct tpl_val *out)
{
	(void)data;
	return strcmp(key, ".") == 0 ? tpl_str(out, "/static/css/cards.css") :
	    tpl_none(out);
}

static int
css_item(const void *list, size_t i, struct tpl_ctx *out)
{
	(void)list;
	(void)i;
	out->lookup = css_lookup;
	out->data = NULL;
	return 0;
}

static int
rules_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct rules_page	*p = data;

	if (strcmp(key, "index") == 0)
		return tpl_bool(out, p->doc == NULL);
	if (strcmp(key, "rules_html") == 0 && p->doc != NULL)
		return tpl_strn(out, p->doc->html, p->doc->len);
	if (strcmp(key, "games") == 0)
		return tpl_list(out, (size_t)p->ngames, entry_item, p->games);
	/* A rule page draws cards: their sizes are in cards.css. */
	if (strcmp(key, "css") == 0 && p->doc != NULL)
		return tpl_list(out, 1, css_item, NULL);
	return tpl_none(out);
}

void
page_rules_index(struct req *r)
{
	const struct game_rules *const	*all = game_all();
	struct rules_page		 p;
	struct md_doc			 doc;
	struct tpl_ctx			 ctx;
	int				 i;

	memset(&p, 0, sizeof(p));
	for (i = 0; all[i] != NULL && p.ngames < 16; i++) {
		if (md_page(data_dir(r), all[i]->slug, rule_cards, &doc) != MD_OK)
			continue;
		p.games[p.ngames].rules = all[i];
		memcpy(p.games[p.ngames].title, doc.title,
		    sizeof(doc.title));
		p.ngames++;
	}
	ctx.lookup = rules_lookup;
	ctx.data = &p;
	page_render(r, "rules", &ctx, "Rules");
}

void
page_rules_show(struct req *r)
{
	struct rules_page	 p;
	struct md_doc		 doc;
	struct tpl_ctx		 ctx;
	const char		*slug = r->ncaps > 0 ? r->caps[0].str : "";

	switch (md_page(data_dir(r), slug != NULL ? slug : "",
	    rule_cards, &doc)) {
	case MD_OK:
		break;
	case MD_BAD_SLUG:
	case MD_NOTFOUND:
		resp_fail(r, 404, "There is no rule page at this address.");
		return;
	default:
		resp_fail(r, 500, "This rule page could not be shown.");
		return;
	}
	memset(&p, 0, sizeof(p));
	p.doc = &doc;
	ctx.lookup = rules_lookup;
	ctx.data = &p;
	page_render(r, "rules", &ctx, doc.title);
}
