/*
 * test_sess.c: sessions, API tokens, the route checks (auth.c), the
 * login rate limit, and the page helpers for times.
 *
 * Runs against a real database in a temp dir, with requests built from
 * FastCGI-style environments, as serve.c builds them.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include <sodium.h>

#include "arena.h"
#include "auth.h"
#include "buf.h"
#include "config.h"
#include "db.h"
#include "migrate.h"
#include "page.h"
#include "req.h"
#include "resp.h"
#include "route.h"
#include "serve.h"
#include "sess.h"
#include "store_user.h"
#include "test_tmpdb.h"

struct fx {
	struct tmpdb	 tmp;
	struct config	 cf;
	struct app	 app;
	struct req	 r;
	int64_t		 alice;
};

static void
nop(struct req *r)
{
	(void)r;
}

static const struct route rt_page = { REQ_GET, "/p", nop, R_LOGIN | R_TOUCH };
static const struct route rt_open = { REQ_GET, "/o", nop, 0 };
static const struct route rt_post = { REQ_POST, "/q", nop,
	R_LOGIN | R_POST_CSRF | R_WRITES };
static const struct route rt_api = { REQ_GET, "/api/x", nop,
	R_API | R_LOGIN };
static const struct route rt_apipost = { REQ_POST, "/api/y", nop,
	R_API | R_LOGIN | R_WRITES };

static int
setup(void **state)
{
	struct fx	*f;

	if ((f = calloc(1, sizeof(*f))) == NULL)
		return -1;
	if (tmpdb_make(&f->tmp, "sess") != 0)
		return -1;
	if ((f->app.db = db_open(f->tmp.path, DB_CREATE)) == NULL ||
	    migrate_apply(f->app.db) < 1 ||
	    db_query_only(f->app.db, 1) != DB_OK)
		return -1;
	f->cf.pwhash = CONFIG_PWHASH_MIN;
	f->cf.login_rate_n = 3;
	f->cf.login_rate_secs = 60;
	f->app.config = &f->cf;
	arena_init(&f->app.arena, 0);
	db_query_only(f->app.db, 0);
	if (store_user_create(f->app.db, "alice", "a@example.org",
	    "pass-word", "Europe/Paris", 0, CONFIG_PWHASH_MIN, &f->alice) !=
	    STORE_USER_OK)
		return -1;
	db_query_only(f->app.db, 1);
	*state = f;
	return 0;
}

static int
teardown(void **state)
{
	struct fx	*f = *state;

	db_close(f->app.db);
	arena_free(&f->app.arena);
	tmpdb_remove(&f->tmp);
	free(f);
	return 0;
}

/*
 * A new request with the given environment (NULL-terminated list of
 * "NAME=value"), on route rt, as serve.c starts one.
 */
static struct req *
request(struct fx *f, const struct route *rt, char **env)
{
	db_end_read(f->app.db);		/* as serve.c ends every request */
	arena_reset(&f->app.arena);
	memset(&f->app.rq, 0, sizeof(f->app.rq));
	assert_int_equal(req_init(&f->r, &f->app.arena, env), REQ_OK);
	f->r.app = &f->app;
	f->r.route = rt;
	return &f->r;
}

/* The value of the first header name in the reply head, or NULL. */
static const char *
header(struct req *r, const char *name)
{
	const char	*p = r->resp.head.data;
	size_t		 n = strlen(name);

	for (; p != NULL && *p != '\0'; p = strstr(p, "\r\n") + 2)
		if (strncmp(p, name, n) == 0 && p[n] == ':')
			return p + n + 2;
	return NULL;
}

/* The token of the topper_session cookie set in r's reply. */
static void
cookie_token(struct req *r, char out[SESS_TOKEN_TEXT])
{
	const char	*h = header(r, "Set-Cookie");

	assert_non_null(h);
	assert_true(strncmp(h, SESS_COOKIE "=", sizeof(SESS_COOKIE)) == 0);
	memcpy(out, h + sizeof(SESS_COOKIE), SESS_TOKEN_TEXT - 1);
	out[SESS_TOKEN_TEXT - 1] = '\0';
	assert_true(sess_token_valid(out));
}

static int64_t
count(struct fx *f, const char *sql)
{
	sqlite3_stmt	*st;
	int64_t		 n;

	assert_int_equal(sqlite3_prepare_v2(db_handle(f->app.db), sql, -1,
	    &st, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	n = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return n;
}

/* Run sql on the connection in use now (read-only or not). */
static int
exec(struct fx *f, const char *sql)
{
	return sqlite3_exec(db_handle(f->app.db), sql, NULL, NULL, NULL);
}

/* Log alice in through a POST request; returns her cookie token. */
static void
login(struct fx *f, char tok[SESS_TOKEN_TEXT])
{
	char	*env[] = { "REQUEST_METHOD=POST", "DOCUMENT_URI=/login",
		NULL };
	struct req *r = request(f, &rt_open, env);

	db_query_only(f->app.db, 0);
	assert_int_equal(sess_login(r, f->alice), 0);
	db_query_only(f->app.db, 1);
	assert_int_equal(r->uid, f->alice);
	cookie_token(r, tok);
}

static void
test_tokens(void **state)
{
	static const char abc_sha256[] =
	    "\xba\x78\x16\xbf\x8f\x01\xcf\xea\x41\x41\x40\xde\x5d\xae\x22\x23"
	    "\xb0\x03\x61\xa3\x96\x17\x7a\x9c\xb4\x10\xff\x61\xf2\x00\x15\xad";
	char		 a[SESS_TOKEN_TEXT], b[SESS_TOKEN_TEXT];
	unsigned char	 h[SESS_HASH_BYTES];

	(void)state;
	sess_token_new(a);
	sess_token_new(b);
	assert_int_equal(strlen(a), 43);
	assert_true(sess_token_valid(a));
	assert_string_not_equal(a, b);
	assert_false(sess_token_valid(NULL));
	assert_false(sess_token_valid(""));
	assert_false(sess_token_valid("abc"));
	memcpy(b, a, sizeof(b));
	b[5] = '=';
	assert_false(sess_token_valid(b));	/* not base64url */
	b[5] = 'A';
	assert_true(sess_token_valid(b));
	assert_false(sess_token_valid(
	    "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"));	/* 44 */
	sess_token_hash("abc", h);
	assert_memory_equal(h, abc_sha256, 32);
}

static void
test_cookie_attributes(void **state)
{
	struct fx	*f = *state;
	char		*env[] = { "HTTPS=on", NULL };
	struct req	*r = request(f, &rt_open, env);
	const char	*c;

	c = sess_cookie(r, "n", "v", 60, 0);
	assert_string_equal(c, "n=v; Path=/; Max-Age=60; HttpOnly; "
	    "SameSite=Lax");
	c = sess_cookie(r, "n", "v", 0, 1);
	assert_string_equal(c, "n=v; Path=/; Max-Age=0; HttpOnly; "
	    "SameSite=Lax; Secure");
	/* A login over https sets a Secure cookie for 30 days. */
	db_query_only(f->app.db, 0);
	assert_int_equal(sess_login(r, f->alice), 0);
	db_query_only(f->app.db, 1);
	c = header(r, "Set-Cookie");
	assert_non_null(c);
	assert_non_null(strstr(c, "; Max-Age=2592000; HttpOnly; "
	    "SameSite=Lax; Secure\r\n"));
}

static void
test_login_load_logout(void **state)
{
	struct fx		*f = *state;
	char			 tok[SESS_TOKEN_TEXT], cookie[128];
	char			*env[] = { cookie, NULL };
	char			 hex[2 * SESS_HASH_BYTES + 1], sql[160];
	const struct sess_user	*u;
	unsigned char		 h[SESS_HASH_BYTES];
	struct req		*r;
	int			 i;

	login(f, tok);
	assert_int_equal(count(f, "SELECT count(*) FROM sessions"), 1);
	/* Only the hash is stored. */
	sess_token_hash(tok, h);
	for (i = 0; i < SESS_HASH_BYTES; i++)
		snprintf(hex + 2 * i, 3, "%02x", h[i]);
	snprintf(sql, sizeof(sql), "SELECT count(*) FROM sessions WHERE "
	    "token_hash = x'%s'", hex);
	assert_int_equal(count(f, sql), 1);
	assert_int_equal(count(f, "SELECT count(*) FROM sessions WHERE "
	    "typeof(token_hash) = 'blob' AND length(token_hash) = 32"), 1);

	snprintf(cookie, sizeof(cookie), "HTTP_COOKIE=a=b; %s=%s",
	    SESS_COOKIE, tok);
	r = request(f, &rt_open, env);
	assert_int_equal(r->uid, 0);
	u = sess_current(r);
	assert_non_null(u);
	assert_int_equal(r->uid, f->alice);
	assert_string_equal(u->name, "alice");
	assert_string_equal(u->tz, "Europe/Paris");
	assert_int_equal(u->via, SESS_VIA_COOKIE);
	assert_true(sess_token_valid(u->csrf));
	assert_memory_equal(u->hash, h, sizeof(h));
	assert_ptr_equal(sess_current(r), u);	/* loaded once */

	/* A wrong token, or a junk one, is nobody. */
	snprintf(cookie, sizeof(cookie), "HTTP_COOKIE=%s=%.42sX",
	    SESS_COOKIE, tok);
	r = request(f, &rt_open, env);
	assert_null(sess_current(r));
	snprintf(cookie, sizeof(cookie), "HTTP_COOKIE=%s=x'--", SESS_COOKIE);
	r = request(f, &rt_open, env);
	assert_null(sess_current(r));

	/* Logging in again from this browser replaces the session. */
	snprintf(cookie, sizeof(cookie), "HTTP_COOKIE=%s=%s", SESS_COOKIE,
	    tok);
	r = request(f, &rt_open, env);
	db_query_only(f->app.db, 0);
	assert_int_equal(sess_login(r, f->alice), 0);
	assert_int_equal(count(f, "SELECT count(*) FROM sessions"), 1);
	cookie_token(r, tok);

	/* Logout deletes the row and the cookie. */
	snprintf(cookie, sizeof(cookie), "HTTP_COOKIE=%s=%s", SESS_COOKIE,
	    tok);
	r = request(f, &rt_open, env);
	sess_logout(r);
	db_query_only(f->app.db, 1);
	assert_null(sess_current(r));
	assert_int_equal(r->uid, 0);
	assert_int_equal(count(f, "SELECT count(*) FROM sessions"), 0);
	assert_non_null(strstr(header(r, "Set-Cookie"), "Max-Age=0;"));
	r = request(f, &rt_open, env);
	assert_null(sess_current(r));
}

static void
test_expired(void **state)
{
	struct fx	*f = *state;
	char		 tok[SESS_TOKEN_TEXT], cookie[128];
	char		*env[] = { cookie, NULL };
	struct req	*r;

	login(f, tok);
	snprintf(cookie, sizeof(cookie), "HTTP_COOKIE=%s=%s", SESS_COOKIE,
	    tok);
	db_query_only(f->app.db, 0);
	assert_int_equal(sqlite3_exec(db_handle(f->app.db),
	    "UPDATE sessions SET expires = 1000", NULL, NULL, NULL),
	    SQLITE_OK);
	db_query_only(f->app.db, 1);
	r = request(f, &rt_open, env);
	assert_null(sess_current(r));
	/* The next login prunes it. */
	login(f, tok);
	assert_int_equal(count(f, "SELECT count(*) FROM sessions"), 1);
}

static void
test_checks_login(void **state)
{
	struct fx	*f = *state;
	char		*get[] = { "DOCUMENT_URI=/p", "QUERY_STRING=a=1&b=2",
		NULL };
	char		*post[] = { "REQUEST_METHOD=POST",
		"DOCUMENT_URI=/q", NULL };
	char		*api[] = { "DOCUMENT_URI=/api/x", NULL };
	struct req	*r;
	struct db	*db;

	r = request(f, &rt_page, get);
	assert_int_equal(auth_before(r, rt_page.flags), 1);
	assert_int_equal(r->resp.status, 303);
	assert_string_equal(header(r, "Location"),
	    "/login?next=%2Fp%3Fa%3D1%26b%3D2\r\n");

	r = request(f, &rt_post, post);
	assert_int_equal(auth_before(r, rt_post.flags), 1);
	assert_int_equal(r->resp.status, 403);

	r = request(f, &rt_api, api);
	assert_int_equal(auth_before(r, rt_api.flags), 1);
	assert_int_equal(r->resp.status, 401);
	assert_string_equal(r->resp.type, "application/json");
	assert_non_null(header(r, "WWW-Authenticate"));

	/* No database: 503, not a crash. */
	r = request(f, &rt_page, get);
	db = f->app.db;
	f->app.db = NULL;
	assert_int_equal(auth_before(r, rt_page.flags), 1);
	assert_int_equal(r->resp.status, 503);
	f->app.db = db;
}

static void
test_checks_csrf_and_writes(void **state)
{
	struct fx		*f = *state;
	char			 tok[SESS_TOKEN_TEXT], cookie[128], len[64];
	char			 body[128], csrf[SESS_TOKEN_TEXT];
	char			*env[] = { cookie, "REQUEST_METHOD=POST",
		"DOCUMENT_URI=/q",
		"CONTENT_TYPE=application/x-www-form-urlencoded", len, NULL };
	char			*genv[] = { cookie, "DOCUMENT_URI=/p", NULL };
	struct req		*r;

	login(f, tok);
	snprintf(cookie, sizeof(cookie), "HTTP_COOKIE=%s=%s", SESS_COOKIE,
	    tok);
	r = request(f, &rt_page, genv);
	assert_int_equal(auth_before(r, rt_page.flags), 0);
	snprintf(csrf, sizeof(csrf), "%s", sess_current(r)->csrf);
	/* A GET may not write, even by mistake. */
	assert_int_not_equal(exec(f, "DELETE FROM sessions"), SQLITE_OK);
	auth_after(r, rt_page.flags);

	/* POST without the token, with a wrong one, then the right one. */
	snprintf(len, sizeof(len), "CONTENT_LENGTH=0");
	r = request(f, &rt_post, env);
	assert_int_equal(auth_before(r, rt_post.flags), 1);
	assert_int_equal(r->resp.status, 403);

	snprintf(body, sizeof(body), "x=1&csrf=%.42s%c", csrf,
	    csrf[42] == 'A' ? 'B' : 'A');
	r = request(f, &rt_post, env);
	r->body = body;
	r->body_len = strlen(body);
	assert_int_equal(auth_before(r, rt_post.flags), 1);
	assert_int_equal(r->resp.status, 403);

	snprintf(body, sizeof(body), "x=1&csrf=%s", csrf);
	r = request(f, &rt_post, env);
	r->body = body;
	r->body_len = strlen(body);
	assert_int_equal(auth_before(r, rt_post.flags), 0);
	assert_int_equal(r->uid, f->alice);
	/* R_WRITES: writable until after(). */
	assert_int_equal(exec(f, "DELETE FROM login_attempts"), SQLITE_OK);
	auth_after(r, rt_post.flags);
	assert_int_not_equal(exec(f, "DELETE FROM login_attempts"),
	    SQLITE_OK);

	/* A transaction a handler forgot is rolled back. */
	r = request(f, &rt_post, env);
	r->body = body;
	r->body_len = strlen(body);
	assert_int_equal(auth_before(r, rt_post.flags), 0);
	assert_int_equal(db_begin_immediate(f->app.db), DB_OK);
	auth_after(r, rt_post.flags);
	assert_false(db_in_txn(f->app.db));
}

static void
test_touch(void **state)
{
	struct fx	*f = *state;
	char		 tok[SESS_TOKEN_TEXT], cookie[128];
	char		*env[] = { cookie, "DOCUMENT_URI=/p", NULL };
	struct req	*r;

	login(f, tok);
	snprintf(cookie, sizeof(cookie), "HTTP_COOKIE=%s=%s", SESS_COOKIE,
	    tok);
	/* Fresh: no write at all. */
	r = request(f, &rt_page, env);
	assert_int_equal(auth_before(r, rt_page.flags), 0);
	auth_after(r, rt_page.flags);
	assert_null(header(r, "Set-Cookie"));
	/* Seen long ago, expiring soon: both refreshed, cookie renewed. */
	db_query_only(f->app.db, 0);
	assert_int_equal(sqlite3_exec(db_handle(f->app.db),
	    "UPDATE sessions SET last_seen = unixepoch() - 120, expires = "
	    "unixepoch() + 86400", NULL, NULL, NULL), SQLITE_OK);
	db_query_only(f->app.db, 1);
	r = request(f, &rt_page, env);
	assert_int_equal(auth_before(r, rt_page.flags), 0);
	auth_after(r, rt_page.flags);
	assert_int_equal(count(f, "SELECT count(*) FROM sessions WHERE "
	    "last_seen > unixepoch() - 100 AND expires > unixepoch() + 29 * "
	    "86400"), 1);
	assert_non_null(header(r, "Set-Cookie"));
	/* Unused for longer than session_idle (14 days): ended. */
	db_query_only(f->app.db, 0);
	assert_int_equal(sqlite3_exec(db_handle(f->app.db),
	    "UPDATE sessions SET last_seen = unixepoch() - 14 * 86400 - 5",
	    NULL, NULL, NULL), SQLITE_OK);
	db_query_only(f->app.db, 1);
	r = request(f, &rt_page, env);
	assert_null(sess_current(r));
	/* And the database is read-only again. */
	assert_int_not_equal(sqlite3_exec(db_handle(f->app.db),
	    "DELETE FROM sessions", NULL, NULL, NULL), SQLITE_OK);
}

static void
test_api_token(void **state)
{
	struct fx		*f = *state;
	char			 tok[SESS_TOKEN_TEXT], api[SESS_TOKEN_TEXT];
	char			 cookie[128], auth[128], xh[128];
	char			*env[] = { cookie, NULL };
	char			*benv[] = { auth, "DOCUMENT_URI=/api/x", NULL };
	char			*penv[] = { auth, "REQUEST_METHOD=POST",
		"DOCUMENT_URI=/api/y", NULL };
	char			*cenv[] = { cookie, xh, "REQUEST_METHOD=POST",
		"DOCUMENT_URI=/api/y", NULL };
	const struct sess_user	*u;
	struct req		*r;

	login(f, tok);
	snprintf(cookie, sizeof(cookie), "HTTP_COOKIE=%s=%s", SESS_COOKIE,
	    tok);
	r = request(f, &rt_page, env);
	assert_false(sess_api_exists(r));
	db_query_only(f->app.db, 0);
	assert_int_equal(sess_api_create(r, api), 0);
	db_query_only(f->app.db, 1);
	assert_true(sess_token_valid(api));
	assert_true(sess_api_exists(r));
	assert_int_equal(count(f, "SELECT count(*) FROM users WHERE "
	    "length(api_token) = 32"), 1);

	/* Bearer works on R_API routes only, and needs no CSRF token. */
	snprintf(auth, sizeof(auth), "HTTP_AUTHORIZATION=Bearer %s", api);
	r = request(f, &rt_api, benv);
	assert_int_equal(auth_before(r, rt_api.flags), 0);
	u = sess_current(r);
	assert_non_null(u);
	assert_int_equal(u->via, SESS_VIA_BEARER);
	assert_int_equal(r->uid, f->alice);
	r = request(f, &rt_page, benv);
	assert_null(sess_current(r));
	r = request(f, &rt_apipost, penv);
	assert_int_equal(auth_before(r, rt_apipost.flags), 0);
	auth_after(r, rt_apipost.flags);

	/* With the cookie, an API POST needs X-CSRF-Token. */
	snprintf(xh, sizeof(xh), "HTTP_X_NOTHING=1");
	r = request(f, &rt_apipost, cenv);
	assert_int_equal(auth_before(r, rt_apipost.flags), 1);
	assert_int_equal(r->resp.status, 403);
	r = request(f, &rt_apipost, cenv);
	snprintf(xh, sizeof(xh), "HTTP_X_CSRF_TOKEN=%s",
	    sess_current(r)->csrf);
	r = request(f, &rt_apipost, cenv);
	assert_int_equal(auth_before(r, rt_apipost.flags), 0);
	auth_after(r, rt_apipost.flags);

	/* A wrong Bearer token does not fall back to the cookie. */
	snprintf(auth, sizeof(auth), "HTTP_AUTHORIZATION=Bearer %s", tok);
	r = request(f, &rt_api, benv);
	assert_int_equal(auth_before(r, rt_api.flags), 1);
	assert_int_equal(r->resp.status, 401);

	/* Revoked: refused. */
	r = request(f, &rt_page, env);
	db_query_only(f->app.db, 0);
	assert_int_equal(sess_api_revoke(r), 0);
	db_query_only(f->app.db, 1);
	snprintf(auth, sizeof(auth), "HTTP_AUTHORIZATION=Bearer %s", api);
	r = request(f, &rt_api, benv);
	assert_null(sess_current(r));
}

static void
test_rate_limit(void **state)
{
	struct fx	*f = *state;
	struct db	*db = f->app.db;
	struct auth_rate lim = { 3, 60, 100, 900 };
	enum auth_wait	 why;
	int		 i;

	db_query_only(db, 0);
	/* Per address, across names: random names are limited too. */
	for (i = 0; i < 3; i++) {
		assert_int_equal(auth_rate_wait(db, "Alice", "10.0.0.1", &lim,
		    1000 + i, &why), 0);
		assert_int_equal(auth_rate_fail(db, i == 0 ? "alice" : i == 1 ?
		    "x1" : "x2", "10.0.0.1", &lim, 1000 + i), 0);
	}
	assert_int_equal(auth_rate_wait(db, "bob", "10.0.0.1", &lim, 1010,
	    &why), 60);
	assert_int_equal(why, AUTH_WAIT_ADDR);
	/* Another address is not limited. */
	assert_int_equal(auth_rate_wait(db, "alice", "10.0.0.2", &lim, 1010,
	    &why), 0);
	assert_int_equal(why, AUTH_WAIT_NONE);
	/* The window passes. */
	assert_int_equal(auth_rate_wait(db, "alice", "10.0.0.1", &lim, 1061,
	    &why), 0);
	/* A success clears the name's rows, not the others. */
	assert_int_equal(auth_rate_clear(db, "ALICE"), 0);
	assert_int_equal(count(f, "SELECT count(*) FROM login_attempts"), 2);
	db_query_only(db, 1);
}

static void
test_rate_account(void **state)
{
	struct fx	*f = *state;
	struct db	*db = f->app.db;
	struct auth_rate lim = { 1000, 60, 3, 600 };
	enum auth_wait	 why;
	char		 ip[32];
	int		 i;

	assert_int_equal(auth_rate_delay(2, 3, 600), 0);
	assert_int_equal(auth_rate_delay(3, 3, 600), 1);
	assert_int_equal(auth_rate_delay(4, 3, 600), 2);
	assert_int_equal(auth_rate_delay(8, 3, 600), 32);
	assert_int_equal(auth_rate_delay(40, 3, 600), 600);
	db_query_only(db, 0);
	/* One name from ever new addresses: counted across them. */
	for (i = 0; i < 5; i++) {
		snprintf(ip, sizeof(ip), "10.1.0.%d", i);
		assert_int_equal(auth_rate_fail(db, "carol", ip, &lim,
		    5000 + i), 0);
	}
	/* 5 failures, 3 free: wait 4 s after the last one (5004). */
	assert_int_equal(auth_rate_wait(db, "Carol", "10.9.9.9", &lim, 5005,
	    &why), 3);
	assert_int_equal(why, AUTH_WAIT_ACCOUNT);
	assert_int_equal(auth_rate_wait(db, "carol", "10.9.9.9", &lim, 5008,
	    &why), 0);
	/* Other names are free; a day later the count is gone. */
	assert_int_equal(auth_rate_wait(db, "dave", "10.1.0.1", &lim, 5005,
	    &why), 0);
	assert_int_equal(auth_rate_wait(db, "carol", "10.1.0.1", &lim,
	    5004 + 24 * 3600 + 1, &why), 0);
	/* The reset mail (or a login) clears it. */
	assert_int_equal(auth_rate_clear(db, "carol"), 0);
	assert_int_equal(auth_rate_wait(db, "carol", "10.9.9.9", &lim, 5005,
	    &why), 0);
	db_query_only(db, 1);
}

static void
test_next(void **state)
{
	(void)state;
	assert_string_equal(auth_next("/g/5"), "/g/5");
	assert_string_equal(auth_next("/g/5?x=1"), "/g/5?x=1");
	assert_string_equal(auth_next(NULL), "/");
	assert_string_equal(auth_next(""), "/");
	assert_string_equal(auth_next("//evil.example/"), "/");
	assert_string_equal(auth_next("/\\evil.example/"), "/");
	assert_string_equal(auth_next("https://evil.example/"), "/");
	assert_string_equal(auth_next("/a\r\nSet-Cookie: x"), "/");
	assert_string_equal(auth_next("/a\\b"), "/");
}

static void
test_times(void **state)
{
	char	 b[WHEN_TIME_MAX], l[WHEN_LEFT_MAX];

	(void)state;
	/* 2024-01-15 12:00:00 UTC */
	assert_string_equal(when_format("UTC", 1705320000, b),
	    "2024-01-15 12:00 UTC");
	assert_string_equal(when_format(NULL, 1705320000, b),
	    "2024-01-15 12:00 UTC");
	if (when_tz_valid("Europe/Paris")) {
		assert_string_equal(when_format("Europe/Paris", 1705320000,
		    b), "2024-01-15 13:00 CET");
		/* Summer time: 2024-07-15 12:00 UTC */
		assert_string_equal(when_format("Europe/Paris", 1721044800,
		    b), "2024-07-15 14:00 CEST");
		assert_string_equal(when_format("America/New_York",
		    1705320000, b), "2024-01-15 07:00 EST");
	}
	assert_string_equal(when_format("Not/AZone", 1705320000, b),
	    "2024-01-15 12:00 UTC");
	assert_false(when_tz_valid("../../etc/passwd"));
	assert_false(when_tz_valid("/etc/localtime"));
	assert_false(when_tz_valid("zone.tab"));
	assert_false(when_tz_valid("Europe/Paris\n"));
	assert_false(when_tz_valid(""));
	assert_true(when_tz_valid("UTC"));

	assert_string_equal(when_left(0, l), "time is up");
	assert_string_equal(when_left(-5, l), "time is up");
	assert_string_equal(when_left(59, l), "under a minute left");
	assert_string_equal(when_left(60, l), "1 min left");
	assert_string_equal(when_left(3599, l), "59 min left");
	assert_string_equal(when_left(3600, l), "1 h left");
	assert_string_equal(when_left(5 * 3600 + 600, l), "5 h 10 min left");
	assert_string_equal(when_left(86400, l), "1 d left");
	assert_string_equal(when_left(2 * 86400 + 3 * 3600 + 59, l),
	    "2 d 3 h left");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tokens),
		cmocka_unit_test(test_next),
		cmocka_unit_test(test_times),
		cmocka_unit_test_setup_teardown(test_cookie_attributes,
		    setup, teardown),
		cmocka_unit_test_setup_teardown(test_login_load_logout,
		    setup, teardown),
		cmocka_unit_test_setup_teardown(test_expired, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_checks_login, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_checks_csrf_and_writes,
		    setup, teardown),
		cmocka_unit_test_setup_teardown(test_touch, setup, teardown),
		cmocka_unit_test_setup_teardown(test_api_token, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_rate_limit, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_rate_account, setup,
		    teardown),
	};

	if (sodium_init() < 0)
		return 1;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
