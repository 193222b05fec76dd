/*
 * page_feed.c: the Atom feed of waiting games and its token
 * (page_feed.h).
 */
#include "page_feed.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include <sodium.h>

#include "arena.h"
#include "buf.h"
#include "config.h"
#include "db.h"
#include "esc.h"
#include "game.h"
#include "page.h"
#include "req.h"
#include "resp.h"
#include "serve.h"
#include "sess.h"
#include "store_turn.h"
#include "tpl.h"
#include "when.h"

enum {
	FEED_MAX = 100			/* entries in one feed */
};

/* RFC 3339 in UTC. */
static const char *
rfc3339(int64_t t, char out[32])
{
	time_t		 tt = (time_t)t;
	struct tm	 tm;

	gmtime_r(&tt, &tm);
	strftime(out, 32, "%Y-%m-%dT%H:%M:%SZ", &tm);
	return out;
}

static const char *
base_url(const struct req *r)
{
	const char	*b = r->app->config != NULL ?
	    r->app->config->base_url : NULL;

	return b != NULL ? b : "";
}

void
page_feed_atom(struct req *r)
{
	unsigned char		 hash[SESS_HASH_BYTES];
	char			 tok[SESS_TOKEN_TEXT], name[STORE_TURN_NAME_MAX];
	char			 t1[32], t2[32], when[WHEN_TIME_MAX];
	char			 left[WHEN_LEFT_MAX];
	const char		*cap = r->ncaps > 0 ? r->caps[0].str : NULL;
	const char		*base = base_url(r), *gname;
	const struct game_rules	*rules;
	struct store_turn_wait	*w;
	struct buf		 b;
	int64_t			 user, updated;
	size_t			 len;
	int			 n, i;

	/* TOKEN.atom, the token as made: anything else is no feed. */
	len = cap != NULL ? strlen(cap) : 0;
	if (len < 6 || len - 5 >= sizeof(tok) ||
	    strcmp(cap + len - 5, ".atom") != 0) {
		resp_fail(r, 404, "There is no such feed.");
		return;
	}
	memcpy(tok, cap, len - 5);
	tok[len - 5] = '\0';
	if (!sess_token_valid(tok)) {
		resp_fail(r, 404, "There is no such feed.");
		return;
	}
	sess_token_hash(tok, hash);
	switch (store_turn_feed_user(r->app->db, hash, &user, name)) {
	case DB_OK:
		break;
	case DB_NOTFOUND:
		resp_fail(r, 404, "There is no such feed (it may have been "
		    "revoked).");
		return;
	default:
		resp_fail(r, 500, "The feed could not be read.");
		return;
	}
	if (store_turn_waiting(r->app->db, r->arena, user, FEED_MAX, &w, &n) !=
	    DB_OK) {
		resp_fail(r, 500, "The feed could not be read.");
		return;
	}
	updated = 0;
	for (i = 0; i < n; i++)
		if (w[i].since > updated)
			updated = w[i].since;
	if (updated == 0)
		updated = db_now();

	buf_init(&b, r->arena);
	buf_puts(&b, "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
	    "<feed xmlns=\"http://www.w3.org/2005/Atom\">\n<title>");
	buf_puts(&b, "Topper: games waiting for ");
	esc_html_str(&b, name);
	buf_puts(&b, "</title>\n<id>");
	/* Stable for the token's life, and no secret in it. */
	esc_html_str(&b, base);
	buf_printf(&b, "/feed/user/%lld</id>\n<updated>%s</updated>\n",
	    (long long)user, rfc3339(updated, t1));
	buf_puts(&b, "<author><name>Topper</name></author>\n<link rel=\"alternate\" "
	    "type=\"text/html\" href=\"");
	esc_html_str(&b, base);
	buf_puts(&b, "/games\"/>\n");
	for (i = 0; i < n; i++) {
		rules = game_find(w[i].rules);
		gname = rules != NULL ? rules->name : w[i].rules;
		buf_puts(&b, "<entry>\n<title>Your turn: ");
		esc_html_str(&b, gname);
		buf_printf(&b, " #%lld</title>\n<id>", (long long)w[i].game);
		esc_html_str(&b, base);
		buf_printf(&b, "/g/%lld#ply-%d</id>\n<updated>%s</updated>\n",
		    (long long)w[i].game, w[i].ply,
		    rfc3339(w[i].since > 0 ? w[i].since : updated, t2));
		buf_puts(&b, "<link rel=\"alternate\" type=\"text/html\" href=\"");
		esc_html_str(&b, base);
		buf_printf(&b, "/g/%lld\"/>\n<summary>Due by ",
		    (long long)w[i].game);
		esc_html_str(&b, when_format("UTC", w[i].deadline, when));
		buf_puts(&b, " (");
		esc_html_str(&b, when_left(w[i].deadline - db_now(), left));
		buf_puts(&b, ").</summary>\n</entry>\n");
	}
	buf_puts(&b, "</feed>\n");
	if (b.failed) {
		resp_fail(r, 500, "The feed could not be written.");
		return;
	}
	resp_status(r, 200);
	resp_type(r, "application/atom+xml; charset=utf-8");
	resp_cache(r, "private, no-cache");
	resp_header(r, "X-Robots-Tag", "noindex");
	resp_put(r, b.data, b.len);
}

/* The page after making or revoking: the URL once, or that it is gone. */
struct feed_page {
	const char	*url;
};

static int
feed_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct feed_page	*p = data;

	if (strcmp(key, "url") == 0)
		return tpl_str(out, p->url);
	return tpl_none(out);
}

static int
set_hash(struct req *r, const unsigned char *hash)
{
	const struct sess_user	*u = sess_current(r);
	struct db		*db = r->app->db;

	if (u == NULL || db_begin_immediate(db) != DB_OK)
		return -1;
	if (store_turn_feed_set(db, u->id, hash) != DB_OK ||
	    db_commit(db) != DB_OK) {
		db_rollback_if_open(db);
		return -1;
	}
	return 0;
}

void
page_feed_make(struct req *r)
{
	unsigned char	 hash[SESS_HASH_BYTES];
	char		 tok[SESS_TOKEN_TEXT];
	struct feed_page p;
	struct tpl_ctx	 c = { feed_lookup, &p };

	sess_token_new(tok);
	sess_token_hash(tok, hash);
	if (set_hash(r, hash) != 0) {
		resp_fail(r, 500, "The feed could not be made; please try "
		    "again.");
		return;
	}
	p.url = arena_printf(r->arena, "%s/feed/%s.atom", base_url(r), tok);
	sodium_memzero(tok, sizeof(tok));
	resp_header(r, "X-Robots-Tag", "noindex");
	page_render(r, "feed", &c, "Your turn feed");
}

void
page_feed_revoke(struct req *r)
{
	struct feed_page p = { NULL };
	struct tpl_ctx	 c = { feed_lookup, &p };

	if (set_hash(r, NULL) != 0) {
		resp_fail(r, 500, "The feed could not be revoked; please try "
		    "again.");
		return;
	}
	page_render(r, "feed", &c, "Your turn feed");
}
