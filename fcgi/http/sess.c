/*
 * sess.c: sessions (cookie) and personal API tokens (Bearer).
 *
 * Only hashes of tokens are stored, so a copy of the database opens no
 * session.  The statements on the sessions table live here, beside the
 * code that reads their columns: this module owns that table.  A
 * session is looked up at most once per request and kept in the
 * per-request part of struct app (serve.h).
 */
#include "sess.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "arena.h"
#include "db.h"
#include "req.h"
#include "resp.h"
#include "route.h"
#include "serve.h"
#include "config.h"
#include "store_account.h"
#include "store_user.h"

enum {
	TOUCH_EVERY = 60,		/* seconds between last_seen writes */
	EXTEND_EVERY = 24 * 3600	/* seconds between expiry pushes */
};

static void
need_sodium(void)
{
	if (sodium_init() < 0) {	/* no random source: no tokens */
		fprintf(stderr, "topper: libsodium did not start\n");
		abort();
	}
}

void
sess_token_new(char out[SESS_TOKEN_TEXT])
{
	unsigned char	 raw[SESS_TOKEN_BYTES];

	need_sodium();
	randombytes_buf(raw, sizeof(raw));
	sodium_bin2base64(out, SESS_TOKEN_TEXT, raw, sizeof(raw),
	    sodium_base64_VARIANT_URLSAFE_NO_PADDING);
	sodium_memzero(raw, sizeof(raw));
}

void
sess_token_hash(const char *text, unsigned char out[SESS_HASH_BYTES])
{
	crypto_hash_sha256(out, (const unsigned char *)text, strlen(text));
}

int
sess_token_valid(const char *text)
{
	size_t	 i;

	if (text == NULL)
		return 0;
	for (i = 0; text[i] != '\0'; i++) {
		if (i >= SESS_TOKEN_TEXT - 1)
			return 0;
		if (!((text[i] >= 'A' && text[i] <= 'Z') ||
		    (text[i] >= 'a' && text[i] <= 'z') ||
		    (text[i] >= '0' && text[i] <= '9') ||
		    text[i] == '-' || text[i] == '_'))
			return 0;
	}
	return i == SESS_TOKEN_TEXT - 1;
}

char *
sess_cookie(struct req *r, const char *name, const char *value,
    long max_age, int secure)
{
	return arena_printf(r->arena, "%s=%s; Path=/; Max-Age=%ld; "
	    "HttpOnly; SameSite=Lax%s", name, value, max_age,
	    secure ? "; Secure" : "");
}

static int
secure(const struct req *r)
{
	return strcmp(r->scheme, "https") == 0;
}

static void
set_cookie(struct req *r, const char *value, long max_age)
{
	char	*c;

	if ((c = sess_cookie(r, SESS_COOKIE, value, max_age,
	    secure(r))) != NULL)
		resp_header(r, "Set-Cookie", c);
}

/* Copy a text column into a fixed field, cut to fit. */
static void
copy_col(struct db_stmt *st, int col, char *out, size_t outsz)
{
	const unsigned char *p = db_column_text(st, col);
	size_t		 n = (size_t)db_column_bytes(st, col);

	if (p == NULL)
		n = 0;
	if (n >= outsz)
		n = outsz - 1;
	memcpy(out, p != NULL ? (const char *)p : "", n);
	out[n] = '\0';
}

static const char SQL_SESS_LOAD[] =
    "SELECT s.\"user\", s.csrf, s.expires, s.last_seen, u.name, u.tz, "
    "u.is_bot FROM sessions AS s JOIN users AS u ON u.id = s.\"user\" "
    "WHERE s.token_hash = ?1 AND s.expires > ?2 AND s.last_seen > ?3";

int
sess_idle_secs(const struct req *r)
{
	return config_num(r->app != NULL ? r->app->config : NULL,
	    "session_idle", SESS_IDLE_DEFAULT);
}

static struct sess_user *
load_cookie(struct req *r, const char *token)
{
	struct db		*db = r->app->db;
	struct sess_user	*u;
	struct db_stmt		*st;
	unsigned char		 h[SESS_HASH_BYTES];

	sess_token_hash(token, h);
	if ((st = db_stmt(db, SQL_SESS_LOAD)) == NULL)
		return NULL;
	db_bind_blob(st, 1, h, sizeof(h), DB_STATIC);
	db_bind_int64(st, 2, db_now());
	db_bind_int64(st, 3, db_now() - sess_idle_secs(r));
	switch (db_step(st)) {
	case DB_ROW:
		break;
	case DB_DONE:
		db_reset(st);
		return NULL;
	default:
		(void)db_fail(db, st);
		return NULL;
	}
	if ((u = arena_calloc(r->arena, sizeof(*u))) != NULL) {
		u->id = db_column_int64(st, 0);
		copy_col(st, 1, u->csrf, sizeof(u->csrf));
		u->expires = db_column_int64(st, 2);
		u->last_seen = db_column_int64(st, 3);
		copy_col(st, 4, u->name, sizeof(u->name));
		copy_col(st, 5, u->tz, sizeof(u->tz));
		u->is_bot = db_column_int(st, 6);
		u->via = SESS_VIA_COOKIE;
		memcpy(u->hash, h, sizeof(h));
	}
	db_reset(st);
	return u;
}

static struct sess_user *
from_store(struct req *r, const struct store_user *su, enum sess_via via)
{
	struct sess_user	*u;

	if ((u = arena_calloc(r->arena, sizeof(*u))) == NULL)
		return NULL;
	u->id = su->id;
	memcpy(u->name, su->name, sizeof(u->name));
	memcpy(u->tz, su->tz, sizeof(u->tz));
	u->is_bot = su->is_bot;
	u->via = via;
	return u;
}

static struct sess_user *
load_bearer(struct req *r, const char *token)
{
	struct store_user	 su;
	unsigned char		 h[SESS_HASH_BYTES];

	if (!sess_token_valid(token))
		return NULL;
	sess_token_hash(token, h);
	if (store_user_by_api_token(r->app->db, h, &su) != STORE_USER_OK)
		return NULL;
	return from_store(r, &su, SESS_VIA_BEARER);
}

/* The token of "Authorization: Bearer TOKEN", or NULL. */
static const char *
bearer(const struct req *r)
{
	if (r->authorization == NULL ||
	    strncmp(r->authorization, "Bearer ", 7) != 0)
		return NULL;
	return r->authorization + 7;
}

const struct sess_user *
sess_current(struct req *r)
{
	struct app	*app = r->app;
	const char	*tok;

	if (app == NULL)
		return NULL;
	if (app->rq.sess_loaded)
		return app->rq.sess;
	app->rq.sess_loaded = 1;
	if (app->db == NULL)
		return NULL;
	/*
	 * A Bearer request is a script's: no fall back to the cookie,
	 * since route.c skipped the same-origin check for it.
	 */
	if (r->route != NULL && (r->route->flags & R_API) &&
	    (tok = bearer(r)) != NULL)
		app->rq.sess = load_bearer(r, tok);
	else if ((tok = req_cookie(r, SESS_COOKIE)) != NULL &&
	    sess_token_valid(tok))
		app->rq.sess = load_cookie(r, tok);
	if (app->rq.sess != NULL)
		r->uid = app->rq.sess->id;
	return app->rq.sess;
}

static const char SQL_SESS_DELETE[] =
    "DELETE FROM sessions WHERE token_hash = ?1";
static const char SQL_SESS_PRUNE[] =
    "DELETE FROM sessions WHERE expires <= ?1";
static const char SQL_SESS_INSERT[] =
    "INSERT INTO sessions (token_hash, \"user\", csrf, created, expires, "
    "last_seen) VALUES (?1, ?2, ?3, ?4, ?5, ?4)";

static enum db_rc
delete_hash(struct db *db, const unsigned char h[SESS_HASH_BYTES])
{
	struct db_stmt	*st;

	if ((st = db_stmt(db, SQL_SESS_DELETE)) == NULL)
		return DB_ERROR;
	db_bind_blob(st, 1, h, SESS_HASH_BYTES, DB_STATIC);
	return db_step_done(db, st);
}

/* The three writes of a login, in one transaction. */
static enum db_rc
store_login(struct req *r, int64_t uid, const unsigned char h[SESS_HASH_BYTES],
    const char *csrf, int64_t now)
{
	struct db	*db = r->app->db;
	struct db_stmt	*st;
	const char	*old;
	unsigned char	 oh[SESS_HASH_BYTES];
	enum db_rc	 rc;

	if ((rc = db_begin_immediate(db)) != DB_OK)
		return rc;
	/* The browser's old session, if any, ends here (no fixation). */
	if ((old = req_cookie(r, SESS_COOKIE)) != NULL &&
	    sess_token_valid(old)) {
		sess_token_hash(old, oh);
		if ((rc = delete_hash(db, oh)) != DB_OK)
			goto out;
	}
	if ((st = db_stmt(db, SQL_SESS_PRUNE)) == NULL) {
		rc = DB_ERROR;
		goto out;
	}
	db_bind_int64(st, 1, now);
	if ((rc = db_step_done(db, st)) != DB_OK)
		goto out;
	if ((st = db_stmt(db, SQL_SESS_INSERT)) == NULL) {
		rc = DB_ERROR;
		goto out;
	}
	db_bind_blob(st, 1, h, SESS_HASH_BYTES, DB_STATIC);
	db_bind_int64(st, 2, uid);
	db_bind_text(st, 3, csrf, -1, DB_STATIC);
	db_bind_int64(st, 4, now);
	db_bind_int64(st, 5, now + SESS_LIFETIME);
	if ((rc = db_step_done(db, st)) != DB_OK)
		goto out;
	rc = db_commit(db);
out:
	db_rollback_if_open(db);
	return rc;
}

int
sess_login(struct req *r, int64_t uid)
{
	struct store_user	 su;
	struct sess_user	*u;
	char			 tok[SESS_TOKEN_TEXT], csrf[SESS_TOKEN_TEXT];
	unsigned char		 h[SESS_HASH_BYTES];
	int64_t			 now;

	if (r->app == NULL || r->app->db == NULL)
		return -1;
	if (store_user_by_id(r->app->db, uid, &su) != STORE_USER_OK)
		return -1;
	sess_token_new(tok);
	sess_token_new(csrf);
	sess_token_hash(tok, h);
	now = db_now();
	if (store_login(r, uid, h, csrf, now) != DB_OK ||
	    (u = from_store(r, &su, SESS_VIA_COOKIE)) == NULL) {
		sodium_memzero(tok, sizeof(tok));
		return -1;
	}
	memcpy(u->csrf, csrf, sizeof(u->csrf));
	memcpy(u->hash, h, sizeof(h));
	u->expires = now + SESS_LIFETIME;
	u->last_seen = now;
	set_cookie(r, tok, SESS_LIFETIME);
	sodium_memzero(tok, sizeof(tok));
	r->app->rq.sess = u;
	r->app->rq.sess_loaded = 1;
	r->uid = uid;
	return 0;
}

void
sess_logout(struct req *r)
{
	const struct sess_user	*u;

	if ((u = sess_current(r)) != NULL && u->via == SESS_VIA_COOKIE)
		(void)delete_hash(r->app->db, u->hash);
	if (req_cookie(r, SESS_COOKIE) != NULL)
		set_cookie(r, "", 0);
	if (r->app != NULL) {
		r->app->rq.sess = NULL;
		r->app->rq.sess_loaded = 1;
	}
	r->uid = 0;
}

int
sess_api_create(struct req *r, char out[SESS_TOKEN_TEXT])
{
	const struct sess_user	*u;
	unsigned char		 h[SESS_HASH_BYTES];

	out[0] = '\0';
	if ((u = sess_current(r)) == NULL)
		return -1;
	sess_token_new(out);
	sess_token_hash(out, h);
	if (store_user_set_api_token(r->app->db, u->id, h) != STORE_USER_OK ||
	    store_account_api_expiry(r->app->db, u->id, db_now() + 86400LL *
	    config_num(r->app->config, "api_token_days", SESS_API_DAYS)) !=
	    STORE_USER_OK) {
		sodium_memzero(out, SESS_TOKEN_TEXT);
		return -1;
	}
	return 0;
}

int
sess_api_revoke(struct req *r)
{
	const struct sess_user	*u;

	if ((u = sess_current(r)) == NULL)
		return -1;
	return store_user_set_api_token(r->app->db, u->id, NULL) ==
	    STORE_USER_OK ? 0 : -1;
}

int
sess_api_exists(struct req *r)
{
	const struct sess_user	*u;
	int			 has;

	if ((u = sess_current(r)) == NULL ||
	    store_user_has_api_token(r->app->db, u->id, &has) !=
	    STORE_USER_OK)
		return 0;
	return has;
}

static const char SQL_SESS_TOUCH[] =
    "UPDATE sessions SET last_seen = ?2, expires = ?3 "
    "WHERE token_hash = ?1";

void
sess_touch(struct req *r)
{
	const struct sess_user	*u;
	struct db		*db;
	struct db_stmt		*st;
	const char		*tok;
	int64_t			 now, expires;
	int			 extend;

	if ((u = sess_current(r)) == NULL)
		return;
	db = r->app->db;
	now = db_now();
	if (u->via == SESS_VIA_BEARER) {	/* the token's last use */
		if (!r->app->rq.writable && db_query_only(db, 0) != DB_OK)
			return;
		(void)store_account_api_used(db, u->id, now);
		if (!r->app->rq.writable)
			(void)db_query_only(db, 1);
		return;
	}
	if (u->via != SESS_VIA_COOKIE)
		return;
	extend = now + SESS_LIFETIME - u->expires >= EXTEND_EVERY;
	if (!extend && now - u->last_seen < TOUCH_EVERY)
		return;			/* a write per minute is plenty */
	expires = extend ? now + SESS_LIFETIME : u->expires;
	if (!r->app->rq.writable && db_query_only(db, 0) != DB_OK)
		return;
	if ((st = db_stmt(db, SQL_SESS_TOUCH)) != NULL) {
		db_bind_blob(st, 1, u->hash, SESS_HASH_BYTES,
		    DB_STATIC);
		db_bind_int64(st, 2, now);
		db_bind_int64(st, 3, expires);
		if (db_step_done(db, st) == DB_OK && extend &&
		    (tok = req_cookie(r, SESS_COOKIE)) != NULL)
			set_cookie(r, tok, SESS_LIFETIME);
	}
	if (!r->app->rq.writable)
		(void)db_query_only(db, 1);
}
