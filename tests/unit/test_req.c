/* test_req.c: the request struct from FastCGI parameters, and the reply. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <json-c/json.h>

#include "arena.h"
#include "buf.h"
#include "req.h"
#include "resp.h"
#include "route.h"

static struct arena	 a;		/* the request arena */
static struct arena	 wa;		/* what written() returns */

static int
setup(void **state)
{
	(void)state;
	arena_init(&a, 1 << 20);
	arena_init(&wa, 0);
	return 0;
}

static int
teardown(void **state)
{
	(void)state;
	arena_free(&a);
	arena_free(&wa);
	return 0;
}

static void
init(struct req *r, char **env)
{
	arena_reset(&a);
	assert_int_equal(req_init(r, &a, env), REQ_OK);
}

static void
test_init_fields(void **state)
{
	char	*env[] = {
		"REQUEST_METHOD=POST", "DOCUMENT_URI=/g/3/move",
		"REQUEST_URI=/ignored?z=9", "QUERY_STRING=a=1&b=2",
		"HTTP_COOKIE=sid=abc", "HTTP_HOST=localhost:8080",
		"HTTP_ORIGIN=http://localhost:8080",
		"HTTP_SEC_FETCH_SITE=same-origin",
		"CONTENT_TYPE=application/x-www-form-urlencoded",
		"HTTP_AUTHORIZATION=Bearer t0k", "REMOTE_ADDR=127.0.0.1",
		"CONTENT_LENGTH=12", "HTTPS=on", NULL };
	char	*bare[] = { NULL };
	struct req	 r;

	(void)state;
	init(&r, env);
	assert_int_equal(r.method, REQ_POST);
	assert_string_equal(r.method_text, "POST");
	assert_string_equal(r.path, "/g/3/move");
	assert_string_equal(r.query, "a=1&b=2");
	assert_string_equal(r.cookie, "sid=abc");
	assert_string_equal(r.host, "localhost:8080");
	assert_string_equal(r.origin, "http://localhost:8080");
	assert_string_equal(r.fetch_site, "same-origin");
	assert_string_equal(r.content_type,
	    "application/x-www-form-urlencoded");
	assert_string_equal(r.authorization, "Bearer t0k");
	assert_string_equal(r.remote_addr, "127.0.0.1");
	assert_string_equal(r.content_length, "12");
	assert_string_equal(r.scheme, "https");
	assert_string_equal(r.body, "");
	assert_int_equal(r.body_len, 0);
	assert_int_equal(r.resp.status, 200);
	assert_int_equal(r.uid, 0);
	assert_null(r.route);

	/* Strings are copies: the parameter block may go away. */
	assert_true(r.path != env[1] + strlen("DOCUMENT_URI="));

	init(&r, bare);
	assert_int_equal(r.method, REQ_GET);
	assert_string_equal(r.path, "/");
	assert_string_equal(r.query, "");
	assert_string_equal(r.cookie, "");
	assert_string_equal(r.scheme, "http");
	assert_null(r.origin);
	assert_null(r.fetch_site);
	assert_null(r.authorization);
	assert_null(r.content_length);
}

static void
test_init_path_sources(void **state)
{
	char	*uri[] = { "REQUEST_URI=/lobby?page=2", NULL };
	char	*info[] = { "PATH_INFO=/rules/six-suit",
		    "REQUEST_URI=/other", NULL };
	char	*rel[] = { "DOCUMENT_URI=relative", "REQUEST_URI=/ok", NULL };
	struct req	 r;

	(void)state;
	init(&r, uri);
	assert_string_equal(r.path, "/lobby");
	assert_string_equal(r.query, "page=2");
	init(&r, info);
	assert_string_equal(r.path, "/rules/six-suit");
	init(&r, rel);
	assert_string_equal(r.path, "/ok");
}

/*
 * The parameters are found in one pass: the first of a name counts, a
 * name that only starts like a wanted one is not it, and an entry
 * without '=' is skipped.
 */
static void
test_init_params_scan(void **state)
{
	char	*env[] = { "HTTP_HOSTNAME=wrong", "NOEQUALS",
		    "HTTP_HOST=first.example", "HTTP_HOST=second.example",
		    "HTTPS_X=on", "REQUEST_METHODS=PUT", "REQUEST_METHOD=POST",
		    "DOCUMENT_URI=/g/1", "QUERY_STRING=", "HTTP_COOKIE=a=b",
		    NULL };
	struct req	 r;

	(void)state;
	init(&r, env);
	assert_string_equal(r.host, "first.example");
	assert_string_equal(r.scheme, "http");
	assert_string_equal(r.method_text, "POST");
	assert_int_equal(r.method, REQ_POST);
	assert_string_equal(r.path, "/g/1");
	assert_string_equal(r.query, "");
	assert_string_equal(r.cookie, "a=b");
	assert_null(r.origin);
	assert_string_equal(r.remote_addr, "");
}

static void
test_method_parse(void **state)
{
	(void)state;
	assert_int_equal(req_method_parse("GET"), REQ_GET);
	assert_int_equal(req_method_parse("HEAD"), REQ_HEAD);
	assert_int_equal(req_method_parse("POST"), REQ_POST);
	assert_int_equal(req_method_parse("get"), REQ_OTHER);
	assert_int_equal(req_method_parse("PUT"), REQ_OTHER);
	assert_int_equal(req_method_parse(""), REQ_OTHER);
}

static void
test_body_length(void **state)
{
	static const struct {
		const char	*cl;
		enum req_rc	 rc;
		size_t		 len;
	} cases[] = {
		{ NULL, REQ_OK, 0 },
		{ "", REQ_OK, 0 },
		{ "0", REQ_OK, 0 },
		{ "17", REQ_OK, 17 },
		{ "100", REQ_OK, 100 },
		{ "101", REQ_TOO_LARGE, 0 },
		{ "99999999999999999999999999", REQ_TOO_LARGE, 0 },
		{ "-1", REQ_BAD, 0 },
		{ "+5", REQ_BAD, 0 },
		{ "5 ", REQ_BAD, 0 },
		{ "0x10", REQ_BAD, 0 },
		{ "1e3", REQ_BAD, 0 },
	};
	size_t	 i, len;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		len = 12345;
		assert_int_equal(req_body_length(cases[i].cl, 100, &len),
		    cases[i].rc);
		assert_int_equal(len, cases[i].len);
	}
}

static void
test_cookie(void **state)
{
	char	*env[] = { "HTTP_COOKIE=xsid=no; sid=yes ;theme=\"dark\";"
		    "empty=; sid=second;noeq; last=1", NULL };
	char	*none[] = { NULL };
	struct req	 r;

	(void)state;
	init(&r, env);
	assert_string_equal(req_cookie(&r, "sid"), "yes");
	assert_string_equal(req_cookie(&r, "xsid"), "no");
	assert_string_equal(req_cookie(&r, "theme"), "dark");
	assert_string_equal(req_cookie(&r, "empty"), "");
	assert_string_equal(req_cookie(&r, "last"), "1");
	assert_null(req_cookie(&r, "noeq"));
	assert_null(req_cookie(&r, "si"));
	assert_null(req_cookie(&r, "missing"));
	init(&r, none);
	assert_null(req_cookie(&r, "sid"));
}

static void
put_buf(void *arg, const char *s, size_t n)
{
	buf_put(arg, s, n);
}

/* The reply as written, in a buffer outside the request arena. */
static char *
written(struct req *r, int *status)
{
	struct buf	 b;

	arena_reset(&wa);
	buf_init(&b, &wa);
	*status = resp_write(r, put_buf, &b);
	assert_false(b.failed);
	return b.data;
}

/* Content-Length matches the bytes after the blank line. */
static void
check_length(const char *out)
{
	const char	*cl, *body;

	assert_non_null(cl = strstr(out, "Content-Length: "));
	assert_non_null(body = strstr(out, "\r\n\r\n"));
	assert_int_equal(strtoul(cl + 16, NULL, 10), strlen(body + 4));
}

static void
test_security_headers(void **state)
{
	char	*env[] = { "REQUEST_METHOD=GET", NULL };
	struct req	 r;
	char		*out;
	int		 st;

	(void)state;
	init(&r, env);
	resp_puts(&r, "<p>hi</p>");
	resp_header(&r, "ETag", "\"7\"");
	out = written(&r, &st);
	assert_int_equal(st, 200);
	assert_true(strncmp(out, "Status: 200 OK\r\n", 16) == 0);
	assert_non_null(strstr(out, "Content-Type: text/html; charset=utf-8"));
	assert_non_null(strstr(out, "Content-Security-Policy: "
	    "default-src 'self'; script-src 'self';"));
	assert_null(strstr(out, "unsafe-inline"));
	assert_non_null(strstr(out, "frame-ancestors 'none'"));
	assert_non_null(strstr(out, "X-Content-Type-Options: nosniff\r\n"));
	assert_non_null(strstr(out, "X-Frame-Options: DENY\r\n"));
	assert_non_null(strstr(out, "Referrer-Policy: same-origin\r\n"));
	assert_non_null(strstr(out, "Cache-Control: no-store\r\n"));
	assert_non_null(strstr(out, "ETag: \"7\"\r\n"));
	check_length(out);
	assert_string_equal(strstr(out, "\r\n\r\n") + 4, "<p>hi</p>");
}

static void
test_header_injection(void **state)
{
	char	*env[] = { "REQUEST_METHOD=GET", NULL };
	struct req	 r;
	char		*out;
	int		 st;

	(void)state;
	init(&r, env);
	resp_puts(&r, "secret page");
	resp_header(&r, "X-Name", "a\r\nSet-Cookie: sid=evil");
	out = written(&r, &st);
	assert_int_equal(st, 500);
	assert_null(strstr(out, "Set-Cookie"));
	assert_null(strstr(out, "secret page"));
	assert_non_null(strstr(out, "X-Content-Type-Options: nosniff"));
	check_length(out);

	init(&r, env);
	resp_header(&r, "Bad:Name", "v");
	written(&r, &st);
	assert_int_equal(st, 500);
}

static void
test_fail_page(void **state)
{
	char	*env[] = { "REQUEST_METHOD=GET", NULL };
	struct req	 r;
	char		*out, big[600];
	int		 st;

	(void)state;
	init(&r, env);
	resp_puts(&r, "half a page");
	resp_fail(&r, 422, "Bad move <%s> & \"%d\"", "script", 5);
	out = written(&r, &st);
	assert_int_equal(st, 422);
	assert_non_null(strstr(out, "Status: 422 Unprocessable Content\r\n"));
	assert_null(strstr(out, "half a page"));
	assert_null(strstr(out, "<script>"));
	assert_non_null(strstr(out, "Bad move &lt;script&gt; &amp; "));
	assert_non_null(strstr(out, "<!DOCTYPE html>"));
	check_length(out);

	/* A long message is not truncated. */
	memset(big, 'x', sizeof(big) - 2);
	big[sizeof(big) - 2] = 'y';
	big[sizeof(big) - 1] = '\0';
	resp_fail(&r, 400, "%s", big);
	assert_non_null(strstr(r.resp.body.data, "xxxy</p>"));

	/* On an API route the error is JSON. */
	{
		static const struct route api = { REQ_GET, "/api/x", NULL,
		    R_API };
		struct json_object	*o, *e;

		r.route = &api;
		resp_fail(&r, 409, "stale \"ply\"");
		out = written(&r, &st);
		assert_int_equal(st, 409);
		assert_non_null(strstr(out, "Content-Type: application/json"));
		o = json_tokener_parse(strstr(out, "\r\n\r\n") + 4);
		assert_non_null(o);
		assert_true(json_object_object_get_ex(o, "error", &e));
		assert_string_equal(json_object_get_string(e), "stale \"ply\"");
		json_object_put(o);
	}
}

static void
test_redirect(void **state)
{
	char	*env[] = { "REQUEST_METHOD=POST", NULL };
	char	*head[] = { "REQUEST_METHOD=HEAD", NULL };
	static const char *const bad[] = { "//evil.example/", "/\\evil",
	    "http://evil.example/", "lobby", "" };
	struct req	 r;
	char		*out;
	size_t		 i;
	int		 st;

	(void)state;
	init(&r, env);
	resp_redirect(&r, 303, "/g/%lld", 42LL);
	out = written(&r, &st);
	assert_int_equal(st, 303);
	assert_non_null(strstr(out, "Status: 303 See Other\r\n"));
	assert_non_null(strstr(out, "Location: /g/42\r\n"));
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		init(&r, env);
		resp_redirect(&r, 303, "%s", bad[i]);
		out = written(&r, &st);
		assert_int_equal(st, 500);
		assert_null(strstr(out, "Location"));
	}
	init(&r, env);
	resp_redirect(&r, 200, "/ok");
	written(&r, &st);
	assert_int_equal(st, 500);

	/* HEAD: headers with the length, no body. */
	init(&r, head);
	resp_text(&r, 200, "ok\n");
	out = written(&r, &st);
	assert_non_null(strstr(out, "Content-Length: 3\r\n"));
	assert_string_equal(strstr(out, "\r\n\r\n") + 4, "");
}

static void
test_json_and_204(void **state)
{
	char	*env[] = { "REQUEST_METHOD=GET", NULL };
	struct json_object	*o;
	struct req		 r;
	char			*out;
	int			 st;

	(void)state;
	init(&r, env);
	o = json_object_new_object();
	json_object_object_add(o, "ply", json_object_new_int(12));
	resp_json_object(&r, 200, o);
	json_object_put(o);
	out = written(&r, &st);
	assert_non_null(strstr(out, "Content-Type: application/json\r\n"));
	assert_string_equal(strstr(out, "\r\n\r\n") + 4, "{\"ply\":12}");

	init(&r, env);
	resp_puts(&r, "dropped");
	resp_status(&r, 204);
	out = written(&r, &st);
	assert_int_equal(st, 204);
	assert_null(strstr(out, "\nContent-Type: "));
	assert_null(strstr(out, "dropped"));
	assert_non_null(strstr(out, "nosniff"));
}

/* An arena over its limit: the static 500, with a correct length. */
static void
test_arena_failure(void **state)
{
	char	*env[] = { "REQUEST_METHOD=GET", NULL };
	struct arena	 small;
	struct req	 r;
	char		*out, chunk[1024];
	int		 st, i;

	(void)state;
	arena_init(&small, 8192);
	assert_int_equal(req_init(&r, &small, env), REQ_OK);
	memset(chunk, 'z', sizeof(chunk));
	for (i = 0; i < 64; i++)
		resp_put(&r, chunk, sizeof(chunk));
	assert_true(small.failed);
	out = written(&r, &st);
	assert_int_equal(st, 500);
	assert_true(strncmp(out, "Status: 500 ", 12) == 0);
	assert_null(strstr(out, "zzz"));
	assert_non_null(strstr(out, "Content-Security-Policy"));
	check_length(out);
	arena_free(&small);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_init_fields),
		cmocka_unit_test(test_init_path_sources),
		cmocka_unit_test(test_init_params_scan),
		cmocka_unit_test(test_method_parse),
		cmocka_unit_test(test_body_length),
		cmocka_unit_test(test_cookie),
		cmocka_unit_test(test_security_headers),
		cmocka_unit_test(test_header_injection),
		cmocka_unit_test(test_fail_page),
		cmocka_unit_test(test_redirect),
		cmocka_unit_test(test_json_and_204),
		cmocka_unit_test(test_arena_failure),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
