/*
 * test_resp.c: resp_send_fcgi(), the reply as FastCGI records in one
 * gather write.  A socketpair stands in for nginx: the test reads the
 * records back, checks their framing (version, type, request id,
 * lengths) and that the stdout stream carries exactly what
 * resp_write() produces, for small bodies, a body that spans several
 * 65535-byte records, and the out-of-memory 500.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

#include "arena.h"
#include "buf.h"
#include "req.h"
#include "resp.h"
#include "route.h"

static struct arena	 a;

static int
setup(void **state)
{
	(void)state;
	arena_init(&a, 16 << 20);
	return 0;
}

static int
teardown(void **state)
{
	(void)state;
	arena_free(&a);
	return 0;
}

static void
init(struct req *r)
{
	char	*env[] = { "REQUEST_METHOD=GET", "DOCUMENT_URI=/", NULL };

	arena_reset(&a);
	assert_int_equal(req_init(r, &a, env), REQ_OK);
}

static void
put_buf(void *arg, const char *s, size_t n)
{
	buf_put(arg, s, n);
}

/* What resp_write() would send, for comparison. */
static struct buf
expected(struct req *r)
{
	struct buf	 b;

	buf_init(&b, &a);
	resp_write(r, put_buf, &b);
	assert_int_equal(b.failed, 0);
	return b;
}

/* Read exactly n bytes. */
static void
read_n(int fd, unsigned char *p, size_t n)
{
	ssize_t	 k;

	while (n > 0) {
		k = read(fd, p, n);
		assert_true(k > 0);
		p += k;
		n -= (size_t)k;
	}
}

struct got {
	unsigned char	*out;		/* the stdout stream */
	size_t		 len;
	int		 records;	/* non-empty stdout records */
};

/*
 * Read records from fd until END_REQUEST, checking every header; the
 * stdout stream must end with one empty record before END_REQUEST.
 */
static void
read_records(int fd, int id, struct got *g)
{
	unsigned char	 h[8], pad[256], body[8];
	size_t		 len, cap = 1 << 16;
	int		 ended = 0;

	g->out = malloc(cap);
	g->len = 0;
	g->records = 0;
	assert_non_null(g->out);
	for (;;) {
		read_n(fd, h, 8);
		assert_int_equal(h[0], 1);
		assert_int_equal((h[2] << 8) | h[3], id);
		len = (size_t)h[4] << 8 | h[5];
		if (h[1] == 3) {		/* END_REQUEST */
			assert_true(ended);
			assert_int_equal(len, 8);
			read_n(fd, body, 8);
			assert_int_equal(body[4], 0);	/* REQUEST_COMPLETE */
			return;
		}
		assert_int_equal(h[1], 6);	/* STDOUT */
		assert_false(ended);
		if (len == 0) {
			ended = 1;
			continue;
		}
		g->records++;
		while (g->len + len > cap) {
			cap *= 2;
			g->out = realloc(g->out, cap);
			assert_non_null(g->out);
		}
		read_n(fd, g->out + g->len, len);
		g->len += len;
		if (h[6] > 0)
			read_n(fd, pad, h[6]);
	}
}

/* Send r through a socketpair and compare with resp_write(). */
static void
roundtrip(struct req *r, int id, int want_status, int want_records)
{
	struct buf	 want;
	struct got	 g;
	int		 sv[2], status;

	want = expected(r);
	assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
	/* Big bodies outgrow the socket buffer: read from a child. */
	if (fork() == 0) {
		close(sv[1]);
		status = resp_send_fcgi(r, sv[0], id);
		_exit(status == want_status ? 0 : 1);
	}
	close(sv[0]);
	read_records(sv[1], id, &g);
	close(sv[1]);
	{
		int	 st;

		assert_true(wait(&st) > 0);
		assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	}
	assert_int_equal(g.len, want.len);
	assert_memory_equal(g.out, want.data, want.len);
	assert_int_equal(g.records, want_records);
	free(g.out);
}

static void
test_small_page(void **state)
{
	struct req	 r;

	(void)state;
	init(&r);
	resp_header(&r, "Set-Cookie", "a=b; Path=/");
	resp_puts(&r, "<p>hello</p>\n");
	roundtrip(&r, 1, 200, 1);
	/* The request id goes into every header, both bytes. */
	init(&r);
	resp_redirect(&r, 303, "/g/%d", 7);
	roundtrip(&r, 0x1234, 303, 1);
}

/*
 * HEAD is answered like GET without the body: the same status and
 * Content-Length, the head's blank line last.  nginx would drop a body
 * a HEAD reply carried, so only this test sees the suppression fail.
 */
static void
test_head(void **state)
{
	char		*env[] = { "REQUEST_METHOD=HEAD",
			    "DOCUMENT_URI=/healthz", NULL };
	struct req	 r;
	struct buf	 b;

	(void)state;
	arena_reset(&a);
	assert_int_equal(req_init(&r, &a, env), REQ_OK);
	assert_int_equal(r.method, REQ_HEAD);
	resp_text(&r, 200, "ok\n");
	b = expected(&r);
	buf_putc(&b, '\0');
	assert_non_null(strstr(b.data, "Status: 200 OK\r\n"));
	assert_non_null(strstr(b.data, "Content-Length: 3\r\n"));
	assert_int_equal(b.len - 1 - (size_t)(strstr(b.data, "\r\n\r\n") -
	    b.data), 4);
	roundtrip(&r, 1, 200, 1);
	/* The same reply to a GET carries the body. */
	init(&r);
	resp_text(&r, 200, "ok\n");
	b = expected(&r);
	assert_true(b.len > 3 && memcmp(b.data + b.len - 7, "\r\n\r\nok\n",
	    7) == 0);
}

static void
test_large_page(void **state)
{
	struct req	 r;
	char		 chunk[1000];
	int		 i;

	(void)state;
	init(&r);
	for (i = 0; i < (int)sizeof(chunk); i++)
		chunk[i] = (char)('a' + i % 26);
	/* 150,000 bytes of body: three records of at most 65535. */
	for (i = 0; i < 150; i++)
		resp_put(&r, chunk, sizeof(chunk));
	roundtrip(&r, 2, 200, 3);
}

static void
test_failed_reply(void **state)
{
	struct req	 r;

	(void)state;
	init(&r);
	resp_puts(&r, "partial");
	r.resp.failed = 1;		/* as after a bad header */
	roundtrip(&r, 3, 500, 1);
}

static void
test_closed_peer(void **state)
{
	struct req	 r;
	int		 sv[2];

	(void)state;
	init(&r);
	resp_puts(&r, "nobody reads this\n");
	assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
	close(sv[1]);
	assert_int_equal(resp_send_fcgi(&r, sv[0], 1), -1);
	close(sv[0]);
}

/*
 * resp_fail_plain: the reply of a request whose writes were lost (the
 * writer's batch did not commit) becomes a plain 503 page: the body it
 * had and the headers it set (a session cookie) are gone; an R_API
 * route gets {"error": ...}.
 */
static void
test_fail_plain(void **state)
{
	static const struct route	 api = { .flags = R_API };
	struct req			 r;
	struct buf			 b;

	(void)state;
	init(&r);
	resp_header(&r, "Set-Cookie", "topper_session=abc; Path=/");
	resp_redirect(&r, 303, "/g/%d", 7);
	resp_fail_plain(&r, 503, "Not saved <now>.");
	b = expected(&r);
	assert_non_null(strstr(b.data, "Status: 503"));
	assert_null(strstr(b.data, "Set-Cookie"));
	assert_null(strstr(b.data, "Location"));
	assert_non_null(strstr(b.data, "Content-Type: text/html"));
	assert_non_null(strstr(b.data, "<p>Not saved &lt;now&gt;.</p>"));
	roundtrip(&r, 4, 503, 1);

	init(&r);
	r.route = &api;
	resp_json(&r, 200, "{\"ply\":3}");
	resp_fail_plain(&r, 503, "Not saved.");
	b = expected(&r);
	assert_non_null(strstr(b.data, "Content-Type: application/json"));
	assert_non_null(strstr(b.data, "\r\n\r\n{\"error\":\"Not saved.\"}"));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_small_page),
		cmocka_unit_test(test_head),
		cmocka_unit_test(test_large_page),
		cmocka_unit_test(test_failed_reply),
		cmocka_unit_test(test_closed_peer),
		cmocka_unit_test(test_fail_plain),
	};

	signal(SIGPIPE, SIG_IGN);
	return cmocka_run_group_tests(tests, setup, teardown);
}
