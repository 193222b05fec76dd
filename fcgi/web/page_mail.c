/*
 * page_mail.c: unsubscribe by signed link, and the mail preference
 * (page_mail.h).
 */
#include "page_mail.h"

#include <string.h>

#include <sodium.h>

#include "arena.h"
#include "db.h"
#include "form.h"
#include "mail_queue.h"
#include "page.h"
#include "req.h"
#include "resp.h"
#include "serve.h"
#include "sess.h"
#include "store_user.h"
#include "token.h"
#include "tpl.h"

struct unsub_page {
	int		 done;
	const char	*name;
	const char	*action;
};

static int
unsub_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct unsub_page	*p = data;

	if (strcmp(key, "done") == 0)
		return tpl_bool(out, p->done);
	if (strcmp(key, "name") == 0)
		return tpl_str(out, p->name);
	if (strcmp(key, "action") == 0)
		return tpl_str(out, p->action);
	return tpl_none(out);
}

/* The user the link names, or 0 after answering (403, 404, 500). */
static int64_t
unsub_user(struct req *r, struct store_user *u)
{
	uint8_t		 key[TOKEN_KEY_BYTES];
	struct token	 t;
	const char	*tok = r->ncaps > 0 ? r->caps[0].str : NULL;
	enum token_rc	 rc;

	if (token_key_load(r->app->db, key) != 0) {
		resp_fail(r, 500, "The server cannot check this link now.");
		return 0;
	}
	rc = token_verify(tok, tok != NULL ? strlen(tok) : 0,
	    TOKEN_UNSUBSCRIBE, key, db_now(), &t);
	sodium_memzero(key, sizeof(key));
	if (rc != TOKEN_OK) {
		resp_fail(r, 403, "This unsubscribe link is not valid (%s). "
		    "Please use the link from the mail as it came, or log in "
		    "and change your mail settings on the account page.",
		    token_rc_str(rc));
		return 0;
	}
	if (store_user_by_id(r->app->db, t.user, u) != STORE_USER_OK) {
		resp_fail(r, 404, "This account no longer exists.");
		return 0;
	}
	return t.user;
}

void
page_mail_unsub_form(struct req *r)
{
	struct store_user	 u;
	struct unsub_page	 p;
	struct tpl_ctx		 c = { unsub_lookup, &p };

	if (unsub_user(r, &u) == 0)
		return;
	memset(&p, 0, sizeof(p));
	p.name = arena_strdup(r->arena, u.name);
	p.action = r->path;
	resp_header(r, "X-Robots-Tag", "noindex");
	page_render(r, "unsubscribe", &c, "Stop mail");
}

void
page_mail_unsub(struct req *r)
{
	struct store_user	 u;
	struct unsub_page	 p;
	struct tpl_ctx		 c = { unsub_lookup, &p };
	int64_t			 id;

	if ((id = unsub_user(r, &u)) == 0)
		return;
	if (db_begin_immediate(r->app->db) != DB_OK ||
	    mail_pref_set(r->app->db, id, MAIL_OFF) != DB_OK ||
	    db_commit(r->app->db) != DB_OK) {
		db_rollback_if_open(r->app->db);
		resp_fail(r, 500, "Your mail setting could not be saved; "
		    "please try again.");
		return;
	}
	memset(&p, 0, sizeof(p));
	p.done = 1;
	p.name = arena_strdup(r->arena, u.name);
	page_render(r, "unsubscribe", &c, "Mail stopped");
}

enum pref_field { PF_MODE, PF__MAX };

static const struct form_field pref_fields[PF__MAX] = {
	[PF_MODE] = { "mail", form_line, FORM_REQUIRED, 16 },
};

void
page_mail_pref(struct req *r)
{
	const struct sess_user	*s = sess_current(r);
	struct form_val		 v[PF__MAX];
	enum mail_mode		 m;

	if (form_parse(r->arena, pref_fields, PF__MAX, r->body, r->body_len,
	    NULL, v, NULL) != FORM_OK || mail_mode_parse(v[PF_MODE].s, &m) != 0) {
		resp_fail(r, 400, "Please choose how often to get mail.");
		return;
	}
	if (s == NULL || db_begin_immediate(r->app->db) != DB_OK ||
	    mail_pref_set(r->app->db, s->id, m) != DB_OK ||
	    db_commit(r->app->db) != DB_OK) {
		db_rollback_if_open(r->app->db);
		resp_fail(r, 500, "Your mail setting could not be saved.");
		return;
	}
	resp_redirect(r, 303, "/account?saved=mail");
}
