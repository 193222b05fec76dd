/* test_route.c: route matching, captures, 404/405, the checks and the table. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "arena.h"
#include "buf.h"
#include "req.h"
#include "resp.h"
#include "route.h"
#include "routes.h"

static int	 called;		/* which handler ran, 0 none */
static long long seen[REQ_CAPS_MAX];
static char	 seen_slug[64];

static void
h_game(struct req *r)
{
	called = 1;
	seen[0] = req_id(r, 0);
	resp_puts(r, "game");
}

static void
h_move(struct req *r)
{
	called = 2;
	seen[0] = req_id(r, 0);
}

static void
h_rules(struct req *r)
{
	called = 3;
	snprintf(seen_slug, sizeof(seen_slug), "%s", r->caps[0].str);
}

static void
h_two(struct req *r)
{
	called = 4;
	seen[0] = req_id(r, 0);
	seen[1] = req_id(r, 1);
}

static void
h_login(struct req *r)
{
	(void)r;
	called = 5;
}

static const struct route table[] = {
	{ REQ_GET,  "/g/{id}",			h_game,  0 },
	{ REQ_POST, "/g/{id}/move",		h_move,  R_POST_CSRF | R_WRITES },
	{ REQ_GET,  "/rules/{slug:s}",		h_rules, 0 },
	{ REQ_GET,  "/a/{id}/b/{id}",		h_two,   0 },
	{ REQ_GET,  "/both",			h_game,  0 },
	{ REQ_POST, "/both",			h_move,  0 },
	{ REQ_GET,  "/lobby",			h_login, R_LOGIN },
};
#define NTABLE (sizeof(table) / sizeof(table[0]))

static enum route_rc
match(enum req_method m, const char *path, const struct route **rt,
    struct req_cap *caps, int *ncaps, char *allow)
{
	size_t	 lens[REQ_CAPS_MAX];

	return route_match(table, NTABLE, m, path, rt, caps, lens, ncaps,
	    allow);
}

static void
test_match_found(void **state)
{
	const struct route	*rt;
	struct req_cap		 caps[REQ_CAPS_MAX];
	size_t			 lens[REQ_CAPS_MAX];
	char			 allow[32];
	int			 n;

	(void)state;
	assert_int_equal(match(REQ_GET, "/g/42", &rt, caps, &n, allow),
	    ROUTE_FOUND);
	assert_ptr_equal(rt, &table[0]);
	assert_int_equal(n, 1);
	assert_int_equal(caps[0].num, 42);

	assert_int_equal(match(REQ_POST, "/g/7/move", &rt, caps, &n, allow),
	    ROUTE_FOUND);
	assert_ptr_equal(rt, &table[1]);
	assert_int_equal(caps[0].num, 7);

	assert_int_equal(match(REQ_GET, "/a/123456789012345678/b/9", &rt,
	    caps, &n, allow), ROUTE_FOUND);
	assert_int_equal(n, 2);
	assert_true(caps[0].num == 123456789012345678LL);
	assert_int_equal(caps[1].num, 9);

	assert_int_equal(route_match(table, NTABLE, REQ_GET,
	    "/rules/gin-vodka", &rt, caps, lens, &n, allow), ROUTE_FOUND);
	assert_ptr_equal(rt, &table[2]);
	assert_int_equal(lens[0], strlen("gin-vodka"));
	assert_memory_equal(caps[0].str, "gin-vodka", lens[0]);
	assert_int_equal(caps[0].num, 0);

	/* HEAD is answered by GET routes. */
	assert_int_equal(match(REQ_HEAD, "/g/1", &rt, caps, &n, allow),
	    ROUTE_FOUND);
	assert_ptr_equal(rt, &table[0]);
}

static void
test_match_not_found(void **state)
{
	static const char *const bad[] = {
		"/", "", "/g", "/g/", "/g/0", "/g/012", "/g/-1", "/g/+1",
		"/g/1x", "/g/1/", "/g//1", "/g/1234567890123456789",
		"/g/1/move/", "/G/1", "/rules/", "/rules/a/b", "/rules/a b",
		"/rules/a%2Fb", "/a/1/b", "/a/1/b/", "/bothx", "/lobby/",
	};
	const struct route	*rt;
	struct req_cap		 caps[REQ_CAPS_MAX];
	char			 allow[32];
	size_t			 i;
	int			 n;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(match(REQ_GET, bad[i], &rt, caps, &n, allow),
		    ROUTE_NOT_FOUND);
		assert_null(rt);
		assert_int_equal(n, 0);
	}
}

static void
test_match_bad_method(void **state)
{
	const struct route	*rt;
	struct req_cap		 caps[REQ_CAPS_MAX];
	char			 allow[32];
	int			 n;

	(void)state;
	assert_int_equal(match(REQ_POST, "/g/5", &rt, caps, &n, allow),
	    ROUTE_BAD_METHOD);
	assert_string_equal(allow, "GET, HEAD");
	assert_int_equal(match(REQ_GET, "/g/5/move", &rt, caps, &n, allow),
	    ROUTE_BAD_METHOD);
	assert_string_equal(allow, "POST");
	assert_int_equal(match(REQ_OTHER, "/both", &rt, caps, &n, allow),
	    ROUTE_BAD_METHOD);
	assert_string_equal(allow, "GET, HEAD, POST");
	/* An unknown path stays 404 whatever the method. */
	assert_int_equal(match(REQ_OTHER, "/nowhere", &rt, caps, &n, allow),
	    ROUTE_NOT_FOUND);
}

/* Build a request from "NAME=value" strings and dispatch it. */
static void
dispatch(struct arena *a, struct req *r, char **env,
    const struct route *t, size_t n)
{
	arena_reset(a);
	called = 0;
	memset(seen, 0, sizeof(seen));
	seen_slug[0] = '\0';
	assert_int_equal(req_init(r, a, env), REQ_OK);
	if (t == NULL)
		routes_dispatch(r);
	else
		route_dispatch_table(r, t, n);
}

static void
put_buf(void *arg, const char *s, size_t n)
{
	buf_put(arg, s, n);
}

/* The reply as the client would get it. */
static const char *
written(struct req *r)
{
	struct buf	*b;

	b = arena_alloc(r->arena, sizeof(*b));
	assert_non_null(b);
	buf_init(b, r->arena);
	resp_write(r, put_buf, b);
	assert_false(b->failed);
	return b->data;
}

static void
test_dispatch_healthz(void **state)
{
	char	*get[] = { "REQUEST_METHOD=GET", "DOCUMENT_URI=/healthz", NULL };
	char	*head[] = { "REQUEST_METHOD=HEAD", "DOCUMENT_URI=/healthz",
		    NULL };
	char	*post[] = { "REQUEST_METHOD=POST", "DOCUMENT_URI=/healthz",
		    NULL };
	char	*none[] = { "REQUEST_METHOD=GET", "DOCUMENT_URI=/healthz/",
		    NULL };
	struct arena	 a;
	struct req	 r;
	const char	*out;

	(void)state;
	arena_init(&a, 1 << 20);
	dispatch(&a, &r, get, NULL, 0);
	assert_int_equal(r.resp.status, 200);
	assert_string_equal(r.resp.body.data, "ok\n");
	out = written(&r);
	assert_non_null(strstr(out, "Status: 200 OK\r\n"));
	assert_non_null(strstr(out, "Content-Type: text/plain"));
	assert_non_null(strstr(out, "Content-Length: 3\r\n"));
	assert_non_null(strstr(out, "X-Content-Type-Options: nosniff\r\n"));
	assert_non_null(strstr(out, "frame-ancestors 'none'"));
	assert_non_null(strstr(out, "\r\n\r\nok\n"));

	dispatch(&a, &r, head, NULL, 0);
	out = written(&r);
	assert_non_null(strstr(out, "Content-Length: 3\r\n"));
	assert_null(strstr(out, "\r\n\r\nok"));		/* no body */

	dispatch(&a, &r, post, NULL, 0);
	assert_int_equal(r.resp.status, 405);
	out = written(&r);
	assert_non_null(strstr(out, "Allow: GET, HEAD\r\n"));

	dispatch(&a, &r, none, NULL, 0);
	assert_int_equal(r.resp.status, 404);
	assert_non_null(strstr(r.resp.body.data, "<h1>Not Found</h1>"));
	arena_free(&a);
}

static void
test_dispatch_captures(void **state)
{
	char	*game[] = { "REQUEST_METHOD=GET", "DOCUMENT_URI=/g/31", NULL };
	char	*rules[] = { "REQUEST_METHOD=GET",
		    "REQUEST_URI=/rules/six-suit?x=1", NULL };
	char	*two[] = { "REQUEST_METHOD=GET", "PATH_INFO=/a/3/b/4", NULL };
	char	*other[] = { "REQUEST_METHOD=DELETE", "DOCUMENT_URI=/g/31",
		    NULL };
	struct arena	 a;
	struct req	 r;

	(void)state;
	arena_init(&a, 1 << 20);
	dispatch(&a, &r, game, table, NTABLE);
	assert_int_equal(called, 1);
	assert_int_equal(seen[0], 31);
	assert_ptr_equal(r.route, &table[0]);
	assert_string_equal(r.caps[0].str, "31");

	dispatch(&a, &r, rules, table, NTABLE);
	assert_int_equal(called, 3);
	assert_string_equal(seen_slug, "six-suit");
	assert_string_equal(r.query, "x=1");

	dispatch(&a, &r, two, table, NTABLE);
	assert_int_equal(called, 4);
	assert_int_equal(seen[0], 3);
	assert_int_equal(seen[1], 4);

	dispatch(&a, &r, other, table, NTABLE);
	assert_int_equal(called, 0);
	assert_int_equal(r.resp.status, 405);
	arena_free(&a);
}

static int	 before_rc;
static int	 before_calls, after_calls;
static unsigned	 before_flags;

static int
before(struct req *r, unsigned flags)
{
	before_calls++;
	before_flags = flags;
	if (before_rc != 0)
		resp_fail(r, 403, "no");
	return before_rc;
}

static void
after(struct req *r, unsigned flags)
{
	(void)r;
	(void)flags;
	after_calls++;
}

static void
test_dispatch_checks(void **state)
{
	static const struct route_checks c = { before, after };
	char	*lobby[] = { "REQUEST_METHOD=GET", "DOCUMENT_URI=/lobby", NULL };
	char	*move[] = { "REQUEST_METHOD=POST", "DOCUMENT_URI=/g/2/move",
		    "HTTP_HOST=example.org", "HTTP_ORIGIN=http://example.org",
		    NULL };
	char	*cross[] = { "REQUEST_METHOD=POST", "DOCUMENT_URI=/g/2/move",
		    "HTTP_HOST=example.org", "HTTP_ORIGIN=http://evil.example",
		    NULL };
	struct arena	 a;
	struct req	 r;

	(void)state;
	arena_init(&a, 1 << 20);

	/* No checks plugged in: a flagged route fails closed. */
	route_set_checks(NULL);
	dispatch(&a, &r, lobby, table, NTABLE);
	assert_int_equal(called, 0);
	assert_int_equal(r.resp.status, 500);

	route_set_checks(&c);
	before_rc = 0;
	before_calls = after_calls = 0;
	dispatch(&a, &r, lobby, table, NTABLE);
	assert_int_equal(called, 5);
	assert_int_equal(before_calls, 1);
	assert_int_equal(after_calls, 1);
	assert_int_equal(before_flags, R_LOGIN);

	before_rc = 1;
	dispatch(&a, &r, move, table, NTABLE);
	assert_int_equal(called, 0);
	assert_int_equal(before_calls, 2);
	assert_int_equal(after_calls, 1);
	assert_int_equal(r.resp.status, 403);

	/* Cross-site POST: refused before any check or handler. */
	before_rc = 0;
	dispatch(&a, &r, cross, table, NTABLE);
	assert_int_equal(called, 0);
	assert_int_equal(before_calls, 2);
	assert_int_equal(r.resp.status, 403);

	dispatch(&a, &r, move, table, NTABLE);
	assert_int_equal(called, 2);
	assert_int_equal(seen[0], 2);
	assert_int_equal(before_flags, R_POST_CSRF | R_WRITES);
	route_set_checks(NULL);
	arena_free(&a);
}

/* Fill a request by hand for route_same_origin(). */
static int
origin(const char *scheme, const char *host, const char *orig,
    const char *site)
{
	struct req	 r;

	memset(&r, 0, sizeof(r));
	r.scheme = scheme;
	r.host = host;
	r.origin = orig;
	r.fetch_site = site;
	return route_same_origin(&r);
}

static void
test_same_origin(void **state)
{
	(void)state;
	assert_true(origin("http", "h:8080", NULL, NULL));	/* curl */
	assert_true(origin("http", "h:8080", "http://h:8080", NULL));
	assert_true(origin("http", "h:8080", "http://h:8080", "same-origin"));
	assert_true(origin("https", "h", "https://h", "none"));
	assert_false(origin("http", "h:8080", "http://h:8081", NULL));
	assert_false(origin("http", "h", "https://h", NULL));
	assert_false(origin("https", "h", "http://h", NULL));
	assert_false(origin("http", "h", "http://h.evil", NULL));
	assert_false(origin("http", "h", "http://h", "cross-site"));
	assert_false(origin("http", "h", "http://h", "same-site"));
	assert_false(origin("http", "h", NULL, "cross-site"));
	assert_false(origin("http", "", "http://", NULL));
	assert_false(origin("http", "h", "null", NULL));
}

/* The rules of STYLE.md 3.8 hold on the program's own table. */
static void
test_table_audit(void **state)
{
	const struct route	*t;
	size_t			 n, i, j;
	int			 healthz = 0;

	(void)state;
	t = routes_table(&n);
	assert_true(n > 0);
	for (i = 0; i < n; i++) {
		assert_true(t[i].pattern[0] == '/');
		assert_non_null(t[i].fn);
		assert_true(t[i].method == REQ_GET || t[i].method == REQ_POST);
		assert_int_equal(t[i].flags & ~(unsigned)R_CHECKED, 0);
		if (t[i].method == REQ_POST) {
			/* A POST says how it is authorised, once. */
			j = t[i].flags & (R_POST_CSRF | R_SIGNED | R_API);
			assert_true(j == R_POST_CSRF || j == R_SIGNED ||
			    j == R_API);
			assert_int_equal(t[i].flags & R_TOUCH, 0);
		} else
			assert_int_equal(t[i].flags & R_POST_ONLY, 0);
		for (j = 0; j < i; j++)
			assert_false(t[j].method == t[i].method &&
			    strcmp(t[j].pattern, t[i].pattern) == 0);
		if (strcmp(t[i].pattern, "/healthz") == 0) {
			healthz = 1;
			assert_int_equal(t[i].method, REQ_GET);
			assert_int_equal(t[i].flags, 0);
		}
	}
	assert_true(healthz);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_match_found),
		cmocka_unit_test(test_match_not_found),
		cmocka_unit_test(test_match_bad_method),
		cmocka_unit_test(test_dispatch_healthz),
		cmocka_unit_test(test_dispatch_captures),
		cmocka_unit_test(test_dispatch_checks),
		cmocka_unit_test(test_same_origin),
		cmocka_unit_test(test_table_audit),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
