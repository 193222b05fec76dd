/*
 * resp.c: the buffered reply, its security headers and the error page.
 *
 * The reply is built in the request arena and written once, at the end
 * of the request (STYLE.md 3.4): until then any step may replace it.
 * The security headers are one static string sent with every reply,
 * error pages and the out-of-memory 500 included, so no path can forget
 * them.  The 500 for a failed arena is static text for the same reason
 * a failed arena exists: there may be no memory left to build another.
 */
#include "resp.h"

#include <errno.h>
#include <fcgiapp.h>
#include <json-c/json.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <sys/uio.h>

#include "arena.h"
#include "buf.h"
#include "esc.h"
#include "req.h"
#include "route.h"

#define SECURITY_HEADERS \
	"Content-Security-Policy: " RESP_CSP "\r\n" \
	"X-Content-Type-Options: nosniff\r\n" \
	"X-Frame-Options: DENY\r\n" \
	"Referrer-Policy: same-origin\r\n" \
	"Cross-Origin-Opener-Policy: same-origin\r\n"

#define TYPE_HTML	"text/html; charset=utf-8"
#define TYPE_TEXT	"text/plain; charset=utf-8"
#define TYPE_JSON	"application/json"

/* Sent when the reply could not be built; allocates nothing. */
static const char oom_reply[] =
	"Status: 500 Internal Server Error\r\n"
	"Content-Type: " TYPE_TEXT "\r\n"
	"Content-Length: 34\r\n"
	"Cache-Control: no-store\r\n"
	SECURITY_HEADERS
	"\r\n"
	"The server could not answer this.\n";

static const struct {
	int		 status;
	const char	*reason;
} reasons[] = {
	{ 200, "OK" },
	{ 201, "Created" },
	{ 204, "No Content" },
	{ 301, "Moved Permanently" },
	{ 302, "Found" },
	{ 303, "See Other" },
	{ 304, "Not Modified" },
	{ 307, "Temporary Redirect" },
	{ 308, "Permanent Redirect" },
	{ 400, "Bad Request" },
	{ 401, "Unauthorized" },
	{ 403, "Forbidden" },
	{ 404, "Not Found" },
	{ 405, "Method Not Allowed" },
	{ 409, "Conflict" },
	{ 410, "Gone" },
	{ 413, "Content Too Large" },
	{ 414, "URI Too Long" },
	{ 415, "Unsupported Media Type" },
	{ 422, "Unprocessable Content" },
	{ 429, "Too Many Requests" },
	{ 500, "Internal Server Error" },
	{ 502, "Bad Gateway" },
	{ 503, "Service Unavailable" },
};

const char *
resp_reason(int status)
{
	size_t	 i;

	for (i = 0; i < sizeof(reasons) / sizeof(reasons[0]); i++)
		if (reasons[i].status == status)
			return reasons[i].reason;
	return "";
}

enum { BODY_START = 32 * 1024 };	/* a game page, without regrowing */

void
resp_init(struct req *r)
{
	char	*p;

	r->resp.status = 200;
	r->resp.type = TYPE_HTML;
	r->resp.cache = "no-store";
	r->resp.failed = 0;
	buf_init(&r->resp.head, r->arena);
	buf_init(&r->resp.body, r->arena);
	/*
	 * Room for a whole page from the start (an arena allocation is a
	 * pointer bump): doubling up from buf's 256 bytes copies a 30 KB
	 * page seven times.  Kept to buf's rule: cap >= len + 1, data
	 * NUL-terminated.  Not in a small arena, where it would take the
	 * room a reply needs (and a refusal there is sticky).
	 */
	if ((r->arena->limit == 0 || (r->arena->limit > r->arena->used &&
	    r->arena->limit - r->arena->used >= 4 * BODY_START)) &&
	    (p = arena_alloc(r->arena, BODY_START)) != NULL) {
		p[0] = '\0';
		r->resp.body.data = p;
		r->resp.body.len = 0;
		r->resp.body.cap = BODY_START;
	}
}

void
resp_status(struct req *r, int status)
{
	if (status < 100 || status > 599) {
		r->resp.failed = 1;
		return;
	}
	r->resp.status = status;
}

void
resp_type(struct req *r, const char *type)
{
	r->resp.type = type;
}

void
resp_cache(struct req *r, const char *cc)
{
	r->resp.cache = cc;
}

/* 1 when s is safe on a header line: no CR, LF or other control. */
static int
header_safe(const char *s)
{
	for (; *s != '\0'; s++)
		if ((unsigned char)*s < 0x20 && *s != '\t')
			return 0;
	return 1;
}

void
resp_header(struct req *r, const char *name, const char *value)
{
	if (*name == '\0' || !header_safe(name) || strchr(name, ':') ||
	    !header_safe(value)) {
		r->resp.failed = 1;
		return;
	}
	buf_puts(&r->resp.head, name);
	buf_put(&r->resp.head, ": ", 2);
	buf_puts(&r->resp.head, value);
	buf_put(&r->resp.head, "\r\n", 2);
}

void
resp_put(struct req *r, const char *s, size_t n)
{
	buf_put(&r->resp.body, s, n);
}

void
resp_puts(struct req *r, const char *s)
{
	buf_puts(&r->resp.body, s);
}

void
resp_text(struct req *r, int status, const char *text)
{
	resp_status(r, status);
	r->resp.type = TYPE_TEXT;
	buf_reset(&r->resp.body);
	buf_puts(&r->resp.body, text);
}

void
resp_json(struct req *r, int status, const char *json)
{
	resp_status(r, status);
	r->resp.type = TYPE_JSON;
	buf_reset(&r->resp.body);
	buf_puts(&r->resp.body, json);
}

void
resp_json_object(struct req *r, int status, struct json_object *obj)
{
	const char	*s;

	if ((s = json_object_to_json_string_ext(obj,
	    JSON_C_TO_STRING_PLAIN)) == NULL) {
		r->resp.failed = 1;
		return;
	}
	resp_json(r, status, s);
}

static int	(*error_hook)(struct req *, int, const char *);

void
resp_set_error_page(int (*fn)(struct req *, int, const char *))
{
	error_hook = fn;
}

/* The plain error page, when no templated one is plugged in. */
static void
error_page(struct req *r, int status, const char *msg)
{
	struct buf	*b = &r->resp.body;
	char		 code[16];
	const char	*reason;

	reason = resp_reason(status);
	snprintf(code, sizeof(code), "%d", status);
	buf_puts(b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	    "<meta charset=\"utf-8\">\n"
	    "<meta name=\"viewport\" content=\"width=device-width, "
	    "initial-scale=1\">\n<title>");
	buf_puts(b, code);
	buf_putc(b, ' ');
	buf_puts(b, reason);
	buf_puts(b, " - Topper</title>\n"
	    "<link rel=\"stylesheet\" href=\"/static/css/topper.css\">\n"
	    "</head>\n<body>\n<main>\n<h1>");
	buf_puts(b, *reason != '\0' ? reason : code);
	buf_puts(b, "</h1>\n<p>");
	esc_html_str(b, msg);
	buf_puts(b, "</p>\n<p><a href=\"/\">Back to the start page</a></p>\n"
	    "</main>\n</body>\n</html>\n");
}

/*
 * The start of every error reply: the status, no caching, an empty
 * body; for an R_API route the whole {"error": msg} reply (returns 1),
 * else an HTML type for the page that follows (returns 0).
 */
static int
fail_start(struct req *r, int status, const char *msg)
{
	resp_status(r, status);
	r->resp.cache = "no-store";
	buf_reset(&r->resp.body);
	if (r->route != NULL && (r->route->flags & R_API)) {
		r->resp.type = TYPE_JSON;
		buf_puts(&r->resp.body, "{\"error\":\"");
		esc_json(&r->resp.body, msg, strlen(msg));
		buf_puts(&r->resp.body, "\"}\n");
		return 1;
	}
	r->resp.type = TYPE_HTML;
	return 0;
}

void
resp_fail(struct req *r, int status, const char *fmt, ...)
{
	va_list		 ap;
	char		 small[256];
	char		*msg;
	int		 n;

	va_start(ap, fmt);
	n = vsnprintf(small, sizeof(small), fmt, ap);
	va_end(ap);
	msg = small;
	if (n < 0)
		small[0] = '\0';
	else if ((size_t)n >= sizeof(small) &&
	    (msg = arena_alloc(r->arena, (size_t)n + 1)) != NULL) {
		va_start(ap, fmt);
		vsnprintf(msg, (size_t)n + 1, fmt, ap);
		va_end(ap);
	} else if (msg == NULL)
		msg = small;		/* truncated; the arena flag says 500 */
	if (fail_start(r, status, msg))
		return;
	if (error_hook != NULL && error_hook(r, status, msg) == 0)
		return;
	buf_reset(&r->resp.body);
	r->resp.type = TYPE_HTML;
	error_page(r, status, msg);
}

void
resp_fail_plain(struct req *r, int status, const char *msg)
{
	buf_reset(&r->resp.head);
	if (!fail_start(r, status, msg))
		error_page(r, status, msg);
}

void
resp_redirect(struct req *r, int status, const char *fmt, ...)
{
	va_list		 ap;
	char		*to;
	int		 n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || (to = arena_alloc(r->arena, (size_t)n + 1)) == NULL) {
		r->resp.failed = 1;
		return;
	}
	va_start(ap, fmt);
	vsnprintf(to, (size_t)n + 1, fmt, ap);
	va_end(ap);
	/* Only local paths: "//host" and "/\host" leave the site. */
	if (to[0] != '/' || to[1] == '/' || to[1] == '\\' ||
	    (status != 301 && status != 302 && status != 303 &&
	    status != 307 && status != 308)) {
		r->resp.failed = 1;
		return;
	}
	resp_header(r, "Location", to);
	resp_text(r, status, "Redirecting.\n");
}

/*
 * The head is written with the static security headers in the middle,
 * so a handler's header can add to them but never replace them.
 */
int
resp_write(struct req *r, void (*put)(void *, const char *, size_t),
    void *arg)
{
	struct resp	*p = &r->resp;
	char		 line[128];
	int		 n, nobody;

	if (r->arena->failed || p->failed || p->head.failed ||
	    p->body.failed) {
		put(arg, oom_reply, sizeof(oom_reply) - 1);
		return 500;
	}
	n = snprintf(line, sizeof(line), "Status: %d %s\r\n", p->status,
	    resp_reason(p->status));
	put(arg, line, (size_t)n);
	nobody = r->method == REQ_HEAD || p->status == 204 ||
	    p->status == 304 || p->status < 200;
	if (p->status != 204 && p->status != 304) {
		put(arg, "Content-Type: ", 14);
		put(arg, p->type, strlen(p->type));
		n = snprintf(line, sizeof(line), "\r\nContent-Length: %zu\r\n",
		    p->body.len);
		put(arg, line, (size_t)n);
	}
	put(arg, "Cache-Control: ", 15);
	put(arg, p->cache, strlen(p->cache));
	put(arg, "\r\n" SECURITY_HEADERS, 2 + sizeof(SECURITY_HEADERS) - 1);
	put(arg, p->head.data, p->head.len);
	put(arg, "\r\n", 2);
	if (!nobody)
		put(arg, p->body.data, p->body.len);
	return p->status;
}

/* FCGX_PutStr takes an int: write large bodies in pieces. */
static void
put_fcgx(void *arg, const char *s, size_t n)
{
	FCGX_Stream	*out = arg;
	int		 k;

	while (n > 0) {
		k = n > 1 << 20 ? 1 << 20 : (int)n;
		if (FCGX_PutStr(s, k, out) < 0)
			return;
		s += k;
		n -= (size_t)k;
	}
}

int
resp_flush(struct req *r)
{
	if (r->out == NULL)
		return 0;
	return resp_write(r, put_fcgx, r->out);
}

/*
 * The reply as FastCGI records, gathered for one writev(2).  libfcgi's
 * stream cuts its output into 8 KB records with a write(2) each, and
 * each wakes nginx: four round trips for a 32 KB game page.  Here the
 * head is copied (resp_write reuses its line buffer), the body and the
 * static headers are referenced where they lie.
 */
enum {
	GATHER_PIECES = 32,		/* resp_write puts about 12 */
	GATHER_SMALL = 2048,		/* copied: the short pieces */
	GATHER_COPY_MAX = 256,		/* pieces this long or less are copied */
	RECORD_MAX = 65535,		/* FastCGI content length limit */
	RECORDS_MAX = 64,		/* ~4 MB; more goes through libfcgi */
	FCGI_HEADER = 8,
	FCGI_STDOUT_TYPE = 6,
	FCGI_END_REQUEST_TYPE = 3
};

struct gather {
	struct iovec	 piece[GATHER_PIECES];
	int		 n;
	char		 small[GATHER_SMALL];
	size_t		 used;
	size_t		 total;
	int		 failed;
};

static void
put_gather(void *arg, const char *s, size_t n)
{
	struct gather	*g = arg;
	struct iovec	*last = g->n > 0 ? &g->piece[g->n - 1] : NULL;

	if (n == 0 || g->failed)
		return;
	g->total += n;
	if (n <= GATHER_COPY_MAX && g->used + n <= sizeof(g->small)) {
		memcpy(g->small + g->used, s, n);
		/* Right after the last copy: grow that piece. */
		if (last != NULL && (char *)last->iov_base + last->iov_len ==
		    g->small + g->used) {
			last->iov_len += n;
			g->used += n;
			return;
		}
		s = g->small + g->used;
		g->used += n;
	}
	if (g->n == GATHER_PIECES) {
		g->failed = 1;
		return;
	}
	g->piece[g->n].iov_base = (void *)(uintptr_t)s;
	g->piece[g->n].iov_len = n;
	g->n++;
}

static void
record_header(unsigned char *h, int type, int id, size_t len)
{
	h[0] = 1;			/* FCGI_VERSION_1 */
	h[1] = (unsigned char)type;
	h[2] = (unsigned char)(id >> 8);
	h[3] = (unsigned char)id;
	h[4] = (unsigned char)(len >> 8);
	h[5] = (unsigned char)len;
	h[6] = 0;			/* no padding: it is optional */
	h[7] = 0;
}

/* All of iov[0..n) to fd, however the kernel splits it. */
static int
writev_all(int fd, struct iovec *iov, int n)
{
	ssize_t	 k;

	while (n > 0) {
		if ((k = writev(fd, iov, n > IOV_MAX ? IOV_MAX : n)) == -1) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		while (n > 0 && (size_t)k >= iov->iov_len) {
			k -= (ssize_t)iov->iov_len;
			iov++;
			n--;
		}
		if (n > 0) {
			iov->iov_base = (char *)iov->iov_base + k;
			iov->iov_len -= (size_t)k;
		}
	}
	return 0;
}

int
resp_send_fcgi(struct req *r, int fd, int request_id)
{
	struct gather	 g;
	struct iovec	 iov[GATHER_PIECES + 2 * RECORDS_MAX + 2];
	unsigned char	 hdr[RECORDS_MAX][FCGI_HEADER];
	unsigned char	 end[2 * FCGI_HEADER + 8];
	size_t		 left, room, off;
	int		 status, i, n, nrec;

	g.n = 0;
	g.used = 0;
	g.total = 0;
	g.failed = 0;
	status = resp_write(r, put_gather, &g);
	if (g.failed || g.total > (size_t)RECORD_MAX * RECORDS_MAX)
		return RESP_SEND_FALLBACK;
	n = 0;
	nrec = 0;
	room = 0;
	for (i = 0; i < g.n; i++) {
		off = 0;
		left = g.piece[i].iov_len;
		while (left > 0) {
			if (room == 0) {	/* a new record */
				room = g.total - (size_t)nrec * RECORD_MAX;
				if (room > RECORD_MAX)
					room = RECORD_MAX;
				record_header(hdr[nrec], FCGI_STDOUT_TYPE,
				    request_id, room);
				iov[n].iov_base = hdr[nrec++];
				iov[n++].iov_len = FCGI_HEADER;
			}
			iov[n].iov_base = (char *)g.piece[i].iov_base + off;
			iov[n].iov_len = left < room ? left : room;
			off += iov[n].iov_len;
			left -= iov[n].iov_len;
			room -= iov[n].iov_len;
			n++;
		}
	}
	/* The empty STDOUT record ends the stream; END_REQUEST, status 0. */
	memset(end, 0, sizeof(end));
	record_header(end, FCGI_STDOUT_TYPE, request_id, 0);
	record_header(end + FCGI_HEADER, FCGI_END_REQUEST_TYPE, request_id,
	    8);
	iov[n].iov_base = end;
	iov[n++].iov_len = sizeof(end);
	if (writev_all(fd, iov, n) == -1)
		return -1;
	return status;
}
