/*
 * resp.h: the buffered reply of one request.
 *
 * A handler sets a status, headers and a body in the request arena;
 * nothing reaches the client before resp_flush(), so an error found late
 * replaces whatever was written (resp_fail), as Fossil's cgi_reply()
 * does.  Every reply carries the same security headers, set in one place
 * (resp_write), like BCHS's http_alloc: a Content-Security-Policy that
 * allows no inline script, nosniff, no framing and a strict Referrer-
 * Policy.  A failed arena or buffer is sticky and becomes a 500 at
 * resp_flush(), written from static text, so an out-of-memory request
 * still gets an answer.  Numbers are formatted with libc snprintf:
 * libfcgi's own printf does not know %zu (DESIGN.md "Speed").
 */
#ifndef TOPPER_RESP_H
#define TOPPER_RESP_H

#include <stddef.h>

#include "buf.h"

struct req;
struct json_object;

struct resp {
	int		 status;	/* 200 until set */
	const char	*type;		/* Content-Type */
	const char	*cache;		/* Cache-Control; "no-store" by default */
	struct buf	 head;		/* extra header lines, each CRLF-ended */
	struct buf	 body;
	int		 failed;	/* a bad header value: send 500 */
};

/* Content-Security-Policy of every reply: no inline script or style. */
#define RESP_CSP	"default-src 'self'; script-src 'self'; " \
	"style-src 'self'; img-src 'self' data:; object-src 'none'; " \
	"base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

/* Start an empty 200 text/html reply in the request's arena. */
void	 resp_init(struct req *r);

void	 resp_status(struct req *r, int status);
void	 resp_type(struct req *r, const char *type);	/* static string */
void	 resp_cache(struct req *r, const char *cc);	/* static string */

/*
 * Add a header line.  A name or value holding CR, LF or NUL (header
 * injection) is refused and the reply becomes a 500.  Copies both.
 */
void	 resp_header(struct req *r, const char *name, const char *value);

/* Append to the body (plain copies; no printf on the page path). */
void	 resp_put(struct req *r, const char *s, size_t n);
void	 resp_puts(struct req *r, const char *s);

/* Replace the body with text/plain text and set status. */
void	 resp_text(struct req *r, int status, const char *text);

/* Replace the body with JSON text (already serialized). */
void	 resp_json(struct req *r, int status, const char *json);

/*
 * Replace the body with the serialization of obj (plain, no spaces).
 * Does not take ownership: the caller still json_object_put()s obj.
 */
void	 resp_json_object(struct req *r, int status, struct json_object *obj);

/*
 * Replace the body with an error page and set status.  The message is
 * for people, HTML-escaped on the page; on an R_API route the body is
 * {"error": message} instead.  Safe to call more than once: the last
 * call wins.
 */
void	 resp_fail(struct req *r, int status, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4)));

/*
 * The same with the built-in page and no extra header lines (a cookie
 * set by the request is dropped too): for a reply replaced after the
 * request's own state is gone, when its writes were not saved.
 */
void	 resp_fail_plain(struct req *r, int status, const char *msg);

/*
 * Plug in the templated error page (page.h's page_error) that
 * resp_fail() uses for HTML replies; fn returns 0 when it wrote the
 * page, -1 to fall back to the plain built-in page.  Process-wide.
 */
void	 resp_set_error_page(int (*fn)(struct req *r, int status,
	    const char *msg));

/*
 * Redirect (301, 302, 303 or 307) to a local path built from fmt.  A
 * target that is not a local path ("//host", "http:...", no leading
 * '/') is an open-redirect bug and becomes a 500 instead.
 */
void	 resp_redirect(struct req *r, int status, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4)));

/* "Not Found" for 404, "" for an unknown code. */
const char *resp_reason(int status);

/*
 * Serialize the reply (CGI-style "Status:" line, headers, blank line,
 * body) through put, in pieces.  A failed arena, buffer or header turns
 * the reply into a plain 500 built without allocating.  HEAD requests
 * and 204/304 replies get no body.  Returns the status actually sent.
 */
int	 resp_write(struct req *r,
	    void (*put)(void *arg, const char *s, size_t n), void *arg);

/* resp_write() to r->out with FCGX_PutStr; returns the status sent. */
int	 resp_flush(struct req *r);

enum { RESP_SEND_FALLBACK = 0 };

/*
 * The whole reply, the end of the FastCGI stdout stream and the
 * END_REQUEST record, written to the connection fd in one writev(2)
 * (libfcgi writes 8 KB records, one write and one wake-up of nginx
 * each).  Nothing may have gone through r->out before.  Afterwards the
 * request is over on the wire and the caller only closes fd.  Returns
 * the status sent, -1 when the write failed, or RESP_SEND_FALLBACK
 * (nothing written) for a reply too large for one gather: then use
 * resp_flush().
 */
int	 resp_send_fcgi(struct req *r, int fd, int request_id);

#endif /* TOPPER_RESP_H */
