/*
 * test_sess.c: sessions and API tokens: the tokens and their hash, the
 * cookie's attributes, login, load and logout, expiry, the touch that
 * keeps a session alive, Bearer tokens; and the page helpers for
 * times.  The route checks (auth.c) and the login rate limit are in
 * test_sess_auth.c.
 *
 * Runs against a real database in a temp dir, with requests built from
 * FastCGI-style environments, as serve.c builds them (test_sess.h).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include <sodium.h>

#include "auth.h"
#include "page.h"
#include "sess.h"
#include "test_sess.h"

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
		cmocka_unit_test(test_times),
		cmocka_unit_test_setup_teardown(test_cookie_attributes,
		    setup, teardown),
		cmocka_unit_test_setup_teardown(test_login_load_logout,
		    setup, teardown),
		cmocka_unit_test_setup_teardown(test_expired, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_touch, setup, teardown),
		cmocka_unit_test_setup_teardown(test_api_token, setup,
		    teardown),
	};

	if (sodium_init() < 0)
		return 1;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
