/*
 * test_sess_auth.c: the route checks (auth.c): a login required,
 * the CSRF token of a POST, the read-only database outside R_WRITES
 * and the transaction a handler forgot; the login rate limit, by
 * address and by account; and the redirect after login (auth_next).
 * Sessions and API tokens are in test_sess.c.
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
#include "db.h"
#include "test_sess.h"

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

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_next),
		cmocka_unit_test_setup_teardown(test_checks_login, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_checks_csrf_and_writes,
		    setup, teardown),
		cmocka_unit_test_setup_teardown(test_rate_limit, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_rate_account, setup,
		    teardown),
	};

	if (sodium_init() < 0)
		return 1;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
