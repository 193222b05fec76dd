/*
 * page_confirm.c: the page that asks to confirm a move (page_confirm.h).
 */
#include "page_confirm.h"

#include <stdint.h>
#include <string.h>

#include "arena.h"
#include "buf.h"
#include "card.h"
#include "form.h"
#include "game.h"
#include "page.h"
#include "page_game.h"
#include "page_game_kit.h"
#include "req.h"
#include "serve.h"
#include "store_account.h"
#include "store_game.h"
#include "tpl.h"
#include "words.h"

enum { CONFIRM_FIELDS_MAX = 64 };	/* a move form has fewer */

struct confirm_field {
	const char	*name;
	const char	*value;
};

struct confirm_page {
	int64_t			 id;
	const char		*words;		/* HTML */
	struct confirm_field	 f[CONFIRM_FIELDS_MAX];
	size_t			 n;
};

static int
field_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct confirm_field	*f = data;

	if (strcmp(key, "name") == 0)
		return tpl_str(out, f->name);
	if (strcmp(key, "value") == 0)
		return tpl_str(out, f->value);
	return tpl_none(out);
}

static int
field_item(const void *list, size_t i, struct tpl_ctx *out)
{
	const struct confirm_field	*f = list;

	out->lookup = field_lookup;
	out->data = &f[i];
	return 0;
}

static int
confirm_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct confirm_page	*p = data;

	if (strcmp(key, "id") == 0)
		return tpl_int(out, p->id);
	if (strcmp(key, "words_html") == 0)
		return tpl_str(out, p->words);
	if (strcmp(key, "fields") == 0)
		return tpl_list(out, p->n, field_item, p->f);
	return tpl_none(out);
}

/* One "name=value" of the body, decoded into the arena; NULL if bad. */
static char *
decoded(struct req *r, const char *s, size_t len)
{
	char	*d;
	size_t	 n;

	if ((d = arena_alloc(r->arena, len + 1)) == NULL ||
	    (n = form_urldecode(d, s, len, 1)) == (size_t)-1)
		return NULL;
	d[n] = '\0';
	return d;
}

/*
 * The posted fields but csrf and confirm, as they came, so the second
 * post means the same move whatever form it came from; -1 if unread.
 */
static int
fields(struct req *r, struct confirm_page *p)
{
	const char	*s = r->body, *end = r->body + r->body_len;
	const char	*amp, *eq;

	while (s != NULL && s < end) {
		if ((amp = memchr(s, '&', (size_t)(end - s))) == NULL)
			amp = end;
		if ((eq = memchr(s, '=', (size_t)(amp - s))) != NULL &&
		    p->n < CONFIRM_FIELDS_MAX) {
			struct confirm_field	*f = &p->f[p->n];

			f->name = decoded(r, s, (size_t)(eq - s));
			f->value = decoded(r, eq + 1, (size_t)(amp - eq - 1));
			if (f->name == NULL || f->value == NULL)
				return -1;
			if (strcmp(f->name, "csrf") != 0 &&
			    strcmp(f->name, "confirm") != 0)
				p->n++;
		} else if (eq != NULL)
			return -1;
		s = amp + 1;
	}
	return 0;
}

int
page_confirm_move(struct req *r, const struct store_game *g, int seat,
    const char *text, int confirmed)
{
	struct store_account	 a;
	struct confirm_page	*p;
	struct page_game_names	 names;
	struct tpl_ctx		 ctx;
	struct words		 w;
	struct buf		 b;

	/* Nothing to confirm: already done, no seat, or no move to say. */
	if (confirmed || seat < 0 || text == NULL || r->body == NULL ||
	    store_account_get(r->app->db, r->uid, &a) != STORE_USER_OK ||
	    !a.confirm_moves)
		return 0;
	if ((p = arena_calloc(r->arena, sizeof(*p))) == NULL ||
	    fields(r, p) != 0)
		return 0;	/* the move page says what is wrong */
	p->id = g->id;
	page_game_names(r, g, r->uid, &names);
	buf_init(&b, r->arena);
	w = words_html(&b);
	page_game_words(&w, g->rules, &names, seat, text, NULL, CARD_NONE);
	p->words = b.failed ? "" : b.data;
	ctx.lookup = confirm_lookup;
	ctx.data = p;
	page_render_status(r, 200, "confirm_move", &ctx, "Send this move?");
	return 1;
}
