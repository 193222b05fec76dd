/*
 * page_account.c: verify, reset, change of password and address, log
 * out everywhere (page_account.h).
 *
 * Hashing (a new password, the current one checked) happens before any
 * transaction opens, in a reader (nginx routes these paths there); the
 * writes that follow are one short transaction each.
 */
#include "page_account.h"

#include <stdio.h>
#include <string.h>

#include <sodium.h>

#include "acct_mail.h"
#include "arena.h"
#include "auth.h"
#include "config.h"
#include "db.h"
#include "form.h"
#include "page.h"
#include "page_auth.h"
#include "req.h"
#include "resp.h"
#include "serve.h"
#include "sess.h"
#include "store_account.h"
#include "store_user.h"
#include "token.h"
#include "tpl.h"

/* What verify.html and reset.html show; every member may be 0/NULL. */
struct acct_page {
	const char	*mode;		/* reset: "ask", "sent", "set", "done" */
	int		 done;		/* verify: confirmed */
	const char	*name;
	const char	*email;
	const char	*who;		/* reset: the name or address typed */
	const char	*action;
	const char	*error;
	const char	*note;
};

static int
acct_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct acct_page	*p = data;

	if (strncmp(key, "mode_", 5) == 0)
		return tpl_bool(out, p->mode != NULL &&
		    strcmp(p->mode, key + 5) == 0);
	if (strcmp(key, "done") == 0)
		return tpl_bool(out, p->done);
	if (strcmp(key, "name") == 0)
		return tpl_str(out, p->name);
	if (strcmp(key, "email") == 0)
		return tpl_str(out, p->email);
	if (strcmp(key, "who") == 0)
		return tpl_str(out, p->who);
	if (strcmp(key, "action") == 0)
		return tpl_str(out, p->action);
	if (strcmp(key, "error") == 0)
		return tpl_str(out, p->error);
	if (strcmp(key, "note") == 0)
		return tpl_str(out, p->note);
	return tpl_none(out);
}

static void
show(struct req *r, int status, const char *tpl, struct acct_page *p,
    const char *title)
{
	struct tpl_ctx	 c = { acct_lookup, p };

	resp_header(r, "X-Robots-Tag", "noindex");
	page_render_status(r, status, tpl, &c, title);
}

static enum config_pwhash
cost(const struct req *r)
{
	return r->app != NULL && r->app->config != NULL ?
	    r->app->config->pwhash : CONFIG_PWHASH_INTERACTIVE;
}

/*
 * The link's token for purpose, its user and that user's account, or
 * 0 after answering: 403 altered or foreign, 410 expired or already
 * used (gen moved on), 404 no such user.
 */
static int
link_user(struct req *r, enum token_purpose purpose, struct token *t,
    struct store_user *u, struct store_account *a)
{
	uint8_t		 key[TOKEN_KEY_BYTES];
	const char	*tok = r->ncaps > 0 ? r->caps[0].str : NULL;
	const char	*what = purpose == TOKEN_VERIFY ? "confirmation" :
			    "password";
	const char	*again = purpose == TOKEN_VERIFY ?
			    "Log in and ask for a new link on your account page." :
			    "Ask for a new link on the page \"Forgot your password?\".";
	enum token_rc	 rc;
	int64_t		 gen;

	if (token_key_load(r->app->db, key) != 0) {
		resp_fail(r, 500, "The server cannot check this link now.");
		return 0;
	}
	rc = token_verify(tok, tok != NULL ? strlen(tok) : 0, purpose, key,
	    db_now(), t);
	sodium_memzero(key, sizeof(key));
	if (rc == TOKEN_EXPIRED) {
		resp_fail(r, 410, "This %s link has expired. %s", what, again);
		return 0;
	}
	if (rc != TOKEN_OK) {
		resp_fail(r, 403, "This %s link is not valid (%s). Please use "
		    "the link from the mail as it came. %s", what,
		    token_rc_str(rc), again);
		return 0;
	}
	if (store_user_by_id(r->app->db, t->user, u) != STORE_USER_OK ||
	    store_account_get(r->app->db, t->user, a) != STORE_USER_OK) {
		resp_fail(r, 404, "This account no longer exists.");
		return 0;
	}
	gen = purpose == TOKEN_VERIFY ? a->email_gen : a->pw_gen;
	if (t->ply != gen) {
		resp_fail(r, 410, purpose == TOKEN_VERIFY ? "This confirmation "
		    "link is for an address the account no longer has. %s" :
		    "This password link was already used (or the password "
		    "changed since). %s", again);
		return 0;
	}
	return 1;
}

/* Verify. */

void
page_account_verify_form(struct req *r)
{
	struct token		 t;
	struct store_user	 u;
	struct store_account	 a;
	struct acct_page	 p;

	if (!link_user(r, TOKEN_VERIFY, &t, &u, &a))
		return;
	memset(&p, 0, sizeof(p));
	p.name = arena_strdup(r->arena, u.name);
	p.email = arena_strdup(r->arena, u.email);
	p.action = r->path;
	p.done = a.email_verified;
	show(r, 200, "verify", &p, "Confirm your address");
}

void
page_account_verify(struct req *r)
{
	struct token		 t;
	struct store_user	 u;
	struct store_account	 a;
	struct acct_page	 p;
	struct db		*db = r->app->db;

	if (!link_user(r, TOKEN_VERIFY, &t, &u, &a))
		return;
	if (db_begin_immediate(db) != DB_OK ||
	    store_account_verify(db, u.id, t.ply) == STORE_USER_ERROR ||
	    db_commit(db) != DB_OK) {
		db_rollback_if_open(db);
		resp_fail(r, 500, "Your address could not be confirmed; "
		    "please try again.");
		return;
	}
	memset(&p, 0, sizeof(p));
	p.name = arena_strdup(r->arena, u.name);
	p.email = arena_strdup(r->arena, u.email);
	p.done = 1;
	show(r, 200, "verify", &p, "Address confirmed");
}

void
page_account_verify_send(struct req *r)
{
	const struct sess_user	*s = sess_current(r);
	struct store_user	 u;
	struct db		*db = r->app->db;
	enum acct_mail_rc	 rc = ACCT_MAIL_ERROR;
	int64_t			 wait = 0;
	int			 n, secs;

	if (s == NULL || store_user_by_id(db, s->id, &u) != STORE_USER_OK) {
		resp_fail(r, 500, "Your account could not be read.");
		return;
	}
	if (db_begin_immediate(db) == DB_OK)
		rc = acct_mail_verify(db, r->app->config, &u, db_now(), &wait);
	if (rc != ACCT_MAIL_SENT || db_commit(db) != DB_OK) {
		db_rollback_if_open(db);
		if (rc == ACCT_MAIL_SENT)
			rc = ACCT_MAIL_ERROR;
	}
	switch (rc) {
	case ACCT_MAIL_SENT:
		page_flash(r, "A new confirmation link is on its way.");
		page_auth_account_show(r, 200, NULL);
		break;
	case ACCT_MAIL_NOT_NEEDED:
		page_auth_account_show(r, 200, "Your address is already "
		    "confirmed.");
		break;
	case ACCT_MAIL_LIMITED:
		config_rate(r->app->config, "verify_rate", 3, 3600, &n, &secs);
		resp_header(r, "Retry-After", arena_printf(r->arena, "%lld",
		    (long long)wait));
		page_auth_account_show(r, 429, arena_printf(r->arena,
		    "Enough confirmation links went out for now: at most %d "
		    "in %s. Please try again in %s.", n,
		    page_auth_wait_text(r, secs), page_auth_wait_text(r,
		    wait)));
		break;
	default:
		resp_fail(r, 500, "The link could not be sent; please try "
		    "again.");
	}
}

/* Reset. */

enum ask_field { AF_WHO, AF__MAX };

static const struct form_field ask_fields[AF__MAX] = {
	[AF_WHO] = { "who", form_line, 0, 254 },
};

void
page_account_reset_form(struct req *r)
{
	struct acct_page	 p;

	memset(&p, 0, sizeof(p));
	p.mode = "ask";
	show(r, 200, "reset", &p, "Forgot your password?");
}

void
page_account_reset_ask(struct req *r)
{
	struct form_val		 v[AF__MAX];
	struct form_err		 err;
	struct acct_page	 p;
	struct store_user	 u;
	struct db		*db = r->app->db;
	enum store_user_rc	 urc;
	enum acct_mail_rc	 rc = ACCT_MAIL_ERROR;
	int64_t			 wait;

	memset(&p, 0, sizeof(p));
	p.mode = "ask";
	if (form_parse(r->arena, ask_fields, AF__MAX, r->body, r->body_len,
	    NULL, v, &err) != FORM_OK || !v[AF_WHO].present ||
	    v[AF_WHO].s[0] == '\0') {
		p.error = "Please give your name or your email address.";
		show(r, 400, "reset", &p, "Forgot your password?");
		return;
	}
	p.who = v[AF_WHO].s;
	urc = strchr(p.who, '@') != NULL ?
	    store_account_by_email(db, p.who, &u) :
	    store_user_by_name(db, p.who, &u);
	if (urc == STORE_USER_OK) {
		if (db_begin_immediate(db) == DB_OK)
			rc = acct_mail_reset(db, r->app->config, &u, db_now(),
			    &wait);
		if (rc != ACCT_MAIL_SENT || db_commit(db) != DB_OK)
			db_rollback_if_open(db);
		if (rc == ACCT_MAIL_LIMITED)
			fprintf(stderr, "topper: reset mail limit reached for "
			    "user %lld\n", (long long)u.id);
	} else if (urc == STORE_USER_ERROR) {
		resp_fail(r, 500, "The server could not do that; please try "
		    "again.");
		return;
	}
	/* The same answer whether or not the account exists. */
	p.mode = "sent";
	show(r, 200, "reset", &p, "Forgot your password?");
}

void
page_account_reset_link(struct req *r)
{
	struct token		 t;
	struct store_user	 u;
	struct store_account	 a;
	struct acct_page	 p;

	if (!link_user(r, TOKEN_RESET, &t, &u, &a))
		return;
	memset(&p, 0, sizeof(p));
	p.mode = "set";
	p.name = arena_strdup(r->arena, u.name);
	p.action = r->path;
	show(r, 200, "reset", &p, "Choose a new password");
}

enum set_field { SF_PASSWORD, SF__MAX };

static const struct form_field set_fields[SF__MAX] = {
	[SF_PASSWORD] = { "password", NULL, 0, 0 },
};

void
page_account_reset_set(struct req *r)
{
	struct token		 t;
	struct store_user	 u;
	struct store_account	 a;
	struct acct_page	 p;
	struct form_val		 v[SF__MAX];
	struct db		*db = r->app->db;
	enum store_user_rc	 rc;
	char			 hash[STORE_USER_HASH_MAX];

	if (!link_user(r, TOKEN_RESET, &t, &u, &a))
		return;
	memset(&p, 0, sizeof(p));
	p.mode = "set";
	p.name = arena_strdup(r->arena, u.name);
	p.action = r->path;
	if (form_parse(r->arena, set_fields, SF__MAX, r->body, r->body_len,
	    NULL, v, NULL) != FORM_OK || !v[SF_PASSWORD].present)
		rc = STORE_USER_BAD_PASSWORD;
	else
		rc = store_user_check_password(v[SF_PASSWORD].s);
	if (rc != STORE_USER_OK) {
		p.error = store_user_why(rc);
		show(r, 400, "reset", &p, "Choose a new password");
		return;
	}
	/* Hash first, with no transaction open (a reader: nginx). */
	if (store_user_hash(v[SF_PASSWORD].s, cost(r), hash) !=
	    STORE_USER_OK) {
		resp_fail(r, 500, "The password could not be set; please try "
		    "again.");
		return;
	}
	rc = STORE_USER_ERROR;
	if (db_begin_immediate(db) == DB_OK &&
	    (rc = store_account_set_pwhash(db, u.id, hash, t.ply)) ==
	    STORE_USER_OK &&
	    (auth_rate_clear(db, u.name) != 0 || db_commit(db) != DB_OK))
		rc = STORE_USER_ERROR;
	db_rollback_if_open(db);
	sodium_memzero(hash, sizeof(hash));
	if (rc == STORE_USER_NOTFOUND) {
		resp_fail(r, 410, "This password link was already used. Ask "
		    "for a new link on the page \"Forgot your password?\".");
		return;
	}
	if (rc != STORE_USER_OK) {
		resp_fail(r, 500, "The password could not be set; please try "
		    "again.");
		return;
	}
	sess_logout(r);		/* this browser's cookie, if any, too */
	p.mode = "done";
	show(r, 200, "reset", &p, "Password set");
}

/* The account page's forms. */

enum pw_field { PW_CURRENT, PW_NEW, PW_EMAIL, PW__MAX };

static const struct form_field pw_fields[PW__MAX] = {
	[PW_CURRENT] = { "current", NULL, 0, 0 },
	[PW_NEW] = { "password", NULL, 0, 0 },
	[PW_EMAIL] = { "email", form_line, 0, 300 },
};

/* Parse the form and check the current password: 1, or 0 after answering. */
static int
current_ok(struct req *r, struct form_val v[PW__MAX], struct store_user *u)
{
	const struct sess_user	*s = sess_current(r);
	enum store_user_rc	 rc;

	if (form_parse(r->arena, pw_fields, PW__MAX, r->body, r->body_len,
	    NULL, v, NULL) != FORM_OK) {
		page_auth_account_show(r, 400, "Please fill in the form.");
		return 0;
	}
	if (s == NULL) {
		resp_fail(r, 500, "Your account could not be read.");
		return 0;
	}
	rc = store_user_verify(r->app->db, s->name, v[PW_CURRENT].present ?
	    v[PW_CURRENT].s : "", cost(r), u);
	if (rc == STORE_USER_ERROR) {
		resp_fail(r, 500, "The server could not check your password; "
		    "please try again.");
		return 0;
	}
	if (rc != STORE_USER_OK) {
		page_auth_account_show(r, 401, "Your current password is not "
		    "right, so nothing was changed.");
		return 0;
	}
	return 1;
}

void
page_account_password(struct req *r)
{
	struct form_val		 v[PW__MAX];
	struct store_user	 u;
	struct db		*db = r->app->db;
	enum store_user_rc	 rc;
	char			 hash[STORE_USER_HASH_MAX];

	if (!current_ok(r, v, &u))
		return;
	if ((rc = store_user_check_password(v[PW_NEW].present ? v[PW_NEW].s :
	    NULL)) != STORE_USER_OK) {
		page_auth_account_show(r, 400, store_user_why(rc));
		return;
	}
	if (store_user_hash(v[PW_NEW].s, cost(r), hash) != STORE_USER_OK) {
		resp_fail(r, 500, "The password could not be set.");
		return;
	}
	rc = STORE_USER_ERROR;
	if (db_begin_immediate(db) == DB_OK &&
	    (rc = store_account_set_pwhash(db, u.id, hash, -1)) ==
	    STORE_USER_OK && db_commit(db) != DB_OK)
		rc = STORE_USER_ERROR;
	db_rollback_if_open(db);
	sodium_memzero(hash, sizeof(hash));
	/* Every session ended, this one too: start a new one here. */
	r->app->rq.sess = NULL;
	r->app->rq.sess_loaded = 1;
	if (rc != STORE_USER_OK || sess_login(r, u.id) != 0) {
		resp_fail(r, 500, "The password could not be set.");
		return;
	}
	page_flash(r, "Your new password is set. Every other session of "
	    "your account has ended.");
	page_auth_account_show(r, 200, NULL);
}

void
page_account_email(struct req *r)
{
	struct form_val		 v[PW__MAX];
	struct store_user	 u;
	struct db		*db = r->app->db;
	enum store_user_rc	 rc;
	enum acct_mail_rc	 mrc = ACCT_MAIL_ERROR;
	int64_t			 wait;

	if (!current_ok(r, v, &u))
		return;
	if (!v[PW_EMAIL].present ||
	    (rc = store_user_check_email(v[PW_EMAIL].s)) != STORE_USER_OK) {
		page_auth_account_show(r, 400, store_user_why(
		    STORE_USER_BAD_EMAIL));
		return;
	}
	rc = STORE_USER_ERROR;
	if (db_begin_immediate(db) == DB_OK &&
	    (rc = store_account_set_email(db, u.id, v[PW_EMAIL].s)) ==
	    STORE_USER_OK) {
		snprintf(u.email, sizeof(u.email), "%s", v[PW_EMAIL].s);
		mrc = acct_mail_verify(db, r->app->config, &u, db_now(),
		    &wait);
		if ((mrc != ACCT_MAIL_SENT && mrc != ACCT_MAIL_LIMITED) ||
		    db_commit(db) != DB_OK)
			rc = STORE_USER_ERROR;
	}
	db_rollback_if_open(db);
	if (rc != STORE_USER_OK) {
		resp_fail(r, 500, "The address could not be changed.");
		return;
	}
	page_flash(r, mrc == ACCT_MAIL_SENT ? "Your address is changed. "
	    "Open the link we mailed to it to confirm it; until then no "
	    "other mail goes there." : "Your address is changed. Enough "
	    "confirmation links went out for now: send one from this page "
	    "later.");
	page_auth_account_show(r, 200, NULL);
}

enum confirm_field { CF_CONFIRM, CF__MAX };

static const struct form_field confirm_fields[CF__MAX] = {
	[CF_CONFIRM] = { "confirm", form_uint, 0, 1 },
};

/* "Confirm before sending": the box ticked (confirm=1) or not (absent). */
void
page_account_confirm(struct req *r)
{
	const struct sess_user	*s = sess_current(r);
	struct db		*db = r->app->db;
	struct form_val		 v[CF__MAX];

	if (form_parse(r->arena, confirm_fields, CF__MAX, r->body,
	    r->body_len, NULL, v, NULL) != FORM_OK) {
		page_auth_account_show(r, 400, "Please tick the box or leave "
		    "it empty, then save.");
		return;
	}
	if (s == NULL || db_begin_immediate(db) != DB_OK ||
	    store_account_set_confirm(db, s->id, v[CF_CONFIRM].present &&
	    v[CF_CONFIRM].u == 1) != STORE_USER_OK ||
	    db_commit(db) != DB_OK) {
		db_rollback_if_open(db);
		resp_fail(r, 500, "Your setting could not be saved; please "
		    "try again.");
		return;
	}
	resp_redirect(r, 303, "/account?saved=confirm");
}

void
page_account_logout_all(struct req *r)
{
	const struct sess_user	*s = sess_current(r);
	struct db		*db = r->app->db;

	if (s == NULL || db_begin_immediate(db) != DB_OK ||
	    store_account_end_sessions(db, s->id) != STORE_USER_OK ||
	    db_commit(db) != DB_OK) {
		db_rollback_if_open(db);
		resp_fail(r, 500, "The sessions could not be ended; please "
		    "try again.");
		return;
	}
	sess_logout(r);
	resp_redirect(r, 303, "/login");
}
