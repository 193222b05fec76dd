/*
 * req.h: one request, as the FastCGI environment describes it.
 *
 * req_init() copies what a handler needs out of the FastCGI parameters
 * (method, path, query, cookies and the few headers the security checks
 * read) into the request arena, and req_read_body() reads the body with
 * a size cap.  Everything reachable from struct req lives in that arena
 * and dies at arena_reset() at the end of the request (STYLE.md 3.3),
 * so nothing here is freed by hand.  The reply being built (resp.h) is
 * part of the request.
 */
#ifndef TOPPER_REQ_H
#define TOPPER_REQ_H

#include <stddef.h>

#include "resp.h"

struct arena;
struct app;
struct route;
struct FCGX_Stream;

enum {
	REQ_BODY_MAX = 256 * 1024,	/* bytes; nginx caps the same */
	REQ_CAPS_MAX = 4,		/* {captures} in one route pattern */
	REQ_PATH_MAX = 2048		/* longer paths are refused (414) */
};

enum req_method {
	REQ_GET,
	REQ_HEAD,		/* routed like GET, answered without body */
	REQ_POST,
	REQ_OTHER,		/* PUT, DELETE, OPTIONS...: always 405 */
	REQ_METHOD__MAX
};

enum req_rc {
	REQ_OK = 0,
	REQ_TOO_LARGE,		/* body over REQ_BODY_MAX: answer 413 */
	REQ_BAD,		/* malformed length or truncated body: 400 */
	REQ_NOMEM		/* arena refused: resp_flush() sends 500 */
};

/* One {capture} of the matched route pattern (route.h). */
struct req_cap {
	long long	 num;		/* {id}: the integer, 0 for a string */
	const char	*str;		/* NUL-terminated copy in the arena */
};

struct req {
	struct arena	*arena;		/* the request arena (not owned) */
	struct app	*app;		/* process state (serve.h); may be NULL */
	struct FCGX_Stream *out;	/* reply stream; NULL in unit tests */
	enum req_method	 method;
	const char	*method_text;	/* as sent: "GET" */
	const char	*path;		/* decoded, normalised by nginx */
	const char	*query;		/* raw, after '?'; "" if none */
	const char	*cookie;	/* raw Cookie header; "" if none */
	const char	*host;		/* Host header; "" if none */
	const char	*scheme;	/* "https" when HTTPS=on, else "http" */
	const char	*origin;	/* Origin header; NULL if absent */
	const char	*fetch_site;	/* Sec-Fetch-Site; NULL if absent */
	const char	*content_type;	/* NULL if absent */
	const char	*authorization;	/* NULL if absent */
	const char	*csrf_header;	/* X-CSRF-Token (R_API); NULL if absent */
	const char	*if_none_match;	/* If-None-Match (ETag polls); NULL if absent */
	const char	*remote_addr;	/* "" if unknown */
	const char	*content_length; /* raw CONTENT_LENGTH; NULL if absent */
	char		*body;		/* NUL-terminated; "" without a body */
	size_t		 body_len;
	const struct route *route;	/* matched route, set by route_dispatch */
	struct req_cap	 caps[REQ_CAPS_MAX];
	int		 ncaps;
	long long	 uid;		/* signed-in user, 0 = anonymous */
	struct resp	 resp;		/* the reply being built */
};

/*
 * Fill r from the FastCGI parameters envp ("NAME=value" strings, as in
 * FCGX_Request.envp), with every string copied into a.  The reply starts
 * as an empty 200 text/html page.  Does not read the body.  Returns
 * REQ_OK, or REQ_NOMEM when the arena refused (the reply then becomes a
 * 500 at resp_flush()); r is usable either way.
 */
enum req_rc	 req_init(struct req *r, struct arena *a, char **envp);

/*
 * Read the body announced by CONTENT_LENGTH from in (or until end of
 * stream when there is no length), at most REQ_BODY_MAX bytes, into
 * r->body.  A body over the cap is drained, not stored, and gives
 * REQ_TOO_LARGE; a bad length or a stream ending early gives REQ_BAD.
 */
enum req_rc	 req_read_body(struct req *r, struct FCGX_Stream *in);

/*
 * What a CONTENT_LENGTH value means before anything is read: REQ_OK with
 * *len set (0 when cl is NULL or empty), REQ_TOO_LARGE above max, REQ_BAD
 * when it is not a plain decimal number.  Pure.
 */
enum req_rc	 req_body_length(const char *cl, size_t max, size_t *len);

/* The parameter name from envp ("HTTP_ORIGIN"), or NULL.  Not copied. */
const char	*req_env(char **envp, const char *name);

/*
 * The value of cookie name in the Cookie header, copied into the arena
 * (no decoding: our cookies are plain tokens), or NULL when absent or
 * on allocation failure.  The first occurrence wins.
 */
const char	*req_cookie(struct req *r, const char *name);

/* Parse a method name; anything unknown is REQ_OTHER.  Pure. */
enum req_method	 req_method_parse(const char *s);

/* The integer capture i (0-based) of the route pattern, 0 if none. */
long long	 req_id(const struct req *r, int i);

#endif /* TOPPER_REQ_H */
