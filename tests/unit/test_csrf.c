/*
 * test_csrf.c: CSRF tokens for anonymous visitors (the double-submit
 * cookie), reading the token from a form or the X-CSRF-Token header,
 * and the constant-time comparison.  Session tokens are covered with
 * the database in test_sess.c.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include <sodium.h>

#include "arena.h"
#include "csrf.h"
#include "req.h"
#include "resp.h"
#include "route.h"
#include "serve.h"
#include "sess.h"

static struct app	 app;		/* no database: always anonymous */
static struct req	 rq;

#define TOK_A	"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ"	/* 43 */
#define TOK_B	"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPR"

static void
nop(struct req *r)
{
	(void)r;
}

static const struct route rt_form = { REQ_POST, "/login", nop,
	R_POST_CSRF | R_WRITES };
static const struct route rt_acct = { REQ_POST, "/account/token", nop,
	R_LOGIN | R_POST_CSRF | R_WRITES };
static const struct route rt_api = { REQ_POST, "/api/x", nop,
	R_API | R_WRITES };

static struct req *
request(const struct route *rt, char **env, const char *body)
{
	arena_reset(&app.arena);
	memset(&app.rq, 0, sizeof(app.rq));
	assert_int_equal(req_init(&rq, &app.arena, env), REQ_OK);
	rq.app = &app;
	rq.route = rt;
	if (body != NULL) {
		rq.body = (char *)body;
		rq.body_len = strlen(body);
	}
	return &rq;
}

/* How many Set-Cookie lines the reply has. */
static int
cookies_set(const struct req *r)
{
	const char	*p = r->resp.head.data;
	int		 n = 0;

	while (p != NULL && (p = strstr(p, "Set-Cookie: ")) != NULL) {
		n++;
		p++;
	}
	return n;
}

static void
test_equal(void **state)
{
	(void)state;
	assert_true(csrf_equal(TOK_A, TOK_A));
	assert_false(csrf_equal(TOK_A, TOK_B));
	assert_false(csrf_equal(TOK_A, "abc"));
	assert_false(csrf_equal("abc", TOK_A));
	assert_false(csrf_equal(TOK_A, NULL));
	assert_false(csrf_equal(NULL, NULL));
	assert_false(csrf_equal("", ""));
}

static void
test_field(void **state)
{
	struct req	*r;
	const char	*v;
	char		*env[] = { NULL };

	(void)state;
	r = request(&rt_form, env, NULL);
	v = csrf_field(r, "a=1&csrf=" TOK_A "&b=2", strlen("a=1&csrf=" TOK_A
	    "&b=2"), "csrf");
	assert_non_null(v);
	assert_string_equal(v, TOK_A);
	/* Percent-encoded is decoded first. */
	v = "csrf=abcdefghijklmnop%71rstuvwxyz";
	v = csrf_field(r, v, strlen(v), "csrf");
	assert_non_null(v);
	assert_string_equal(v, "abcdefghijklmnopqrstuvwxyz");
	assert_null(csrf_field(r, "a=1&b=2", 7, "csrf"));
	assert_null(csrf_field(r, "csrf=", 5, "csrf"));
	assert_null(csrf_field(r, "csrf=short", 10, "csrf"));
	assert_null(csrf_field(r, "csrf=has%20a%20space%20in%20it", 31,
	    "csrf"));
	/* Twice is refused: which one would count? */
	v = "csrf=" TOK_A "&csrf=" TOK_A;
	assert_null(csrf_field(r, v, strlen(v), "csrf"));
}

static void
test_token_anonymous(void **state)
{
	struct req	*r;
	const char	*t1, *t2, *h;
	char		 first[SESS_TOKEN_TEXT];
	char		*env[] = { NULL };
	char		*cenv[] = { "HTTP_COOKIE=x=1; " CSRF_COOKIE "=" TOK_A,
		NULL };
	char		*junk[] = { "HTTP_COOKIE=" CSRF_COOKIE "=<junk>", NULL };
	char		*https[] = { "HTTPS=on", NULL };

	(void)state;
	/* No cookie yet: a new token, set once, the same on every call. */
	r = request(&rt_form, env, NULL);
	t1 = csrf_token(r);
	assert_non_null(t1);
	assert_true(sess_token_valid(t1));
	t2 = csrf_token(r);
	assert_string_equal(t1, t2);
	assert_int_equal(cookies_set(r), 1);
	h = strstr(r->resp.head.data, "Set-Cookie: " CSRF_COOKIE "=");
	assert_non_null(h);
	assert_non_null(strstr(h, t1));
	assert_non_null(strstr(h, "HttpOnly; SameSite=Lax"));
	assert_null(strstr(h, "Secure"));
	/* A new visitor gets another token. */
	snprintf(first, sizeof(first), "%s", t1);
	r = request(&rt_form, env, NULL);
	assert_string_not_equal(csrf_token(r), first);

	/* The cookie's token is reused, and nothing is set. */
	r = request(&rt_form, cenv, NULL);
	assert_string_equal(csrf_token(r), TOK_A);
	assert_int_equal(cookies_set(r), 0);

	/* A junk cookie is replaced. */
	r = request(&rt_form, junk, NULL);
	t1 = csrf_token(r);
	assert_true(sess_token_valid(t1));
	assert_int_equal(cookies_set(r), 1);

	/* Over https the cookie is Secure. */
	r = request(&rt_form, https, NULL);
	(void)csrf_token(r);
	assert_non_null(strstr(r->resp.head.data, "; Secure\r\n"));
}

static void
test_check_anonymous(void **state)
{
	char	*env[] = { "REQUEST_METHOD=POST",
		"CONTENT_TYPE=application/x-www-form-urlencoded",
		"HTTP_COOKIE=" CSRF_COOKIE "=" TOK_A, NULL };
	char	*plain[] = { "REQUEST_METHOD=POST",
		"CONTENT_TYPE=text/plain",
		"HTTP_COOKIE=" CSRF_COOKIE "=" TOK_A, NULL };
	char	*nocookie[] = { "REQUEST_METHOD=POST",
		"CONTENT_TYPE=application/x-www-form-urlencoded", NULL };
	char	*api[] = { "REQUEST_METHOD=POST",
		"HTTP_X_CSRF_TOKEN=" TOK_A,
		"HTTP_COOKIE=" CSRF_COOKIE "=" TOK_A, NULL };
	char	*apibad[] = { "REQUEST_METHOD=POST",
		"HTTP_X_CSRF_TOKEN=" TOK_B,
		"HTTP_COOKIE=" CSRF_COOKIE "=" TOK_A, NULL };

	(void)state;
	assert_true(csrf_check(request(&rt_form, env,
	    "name=a&csrf=" TOK_A)));
	assert_false(csrf_check(request(&rt_form, env,
	    "name=a&csrf=" TOK_B)));
	assert_false(csrf_check(request(&rt_form, env, "name=a")));
	assert_false(csrf_check(request(&rt_form, env, "")));
	/* Only a urlencoded body is read. */
	assert_false(csrf_check(request(&rt_form, plain,
	    "name=a&csrf=" TOK_A)));
	/* Without its cookie a token proves nothing. */
	assert_false(csrf_check(request(&rt_form, nocookie,
	    "csrf=" TOK_A)));
	/* The anonymous token never authorises a signed-in route. */
	assert_false(csrf_check(request(&rt_acct, env, "csrf=" TOK_A)));
	/* R_API reads the header, not the body. */
	assert_true(csrf_check(request(&rt_api, api, NULL)));
	assert_false(csrf_check(request(&rt_api, apibad, NULL)));
	assert_false(csrf_check(request(&rt_api, env, "csrf=" TOK_A)));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_equal),
		cmocka_unit_test(test_field),
		cmocka_unit_test(test_token_anonymous),
		cmocka_unit_test(test_check_anonymous),
	};
	int	 rc;

	if (sodium_init() < 0)
		return 1;
	arena_init(&app.arena, 0);
	rc = cmocka_run_group_tests(tests, NULL, NULL);
	arena_free(&app.arena);
	return rc;
}
