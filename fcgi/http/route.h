/*
 * route.h: method + path -> handler, with the checks each route needs.
 *
 * The table of every URL the program answers is web/routes.c's (one
 * screen, STYLE.md 3.8).  Patterns are literal segments
 * and captures: "{id}" takes a positive decimal integer (at most 18
 * digits, no sign, no leading zero) and "{name:s}" a non-empty segment
 * of [A-Za-z0-9_.~-] (a slug or a token).  The matched route and its
 * captures are stored in the request (r->route, r->caps).
 *
 * The session and CSRF checks live in other modules and are plugged in
 * with route_set_checks().  Until they are, a route whose flags need
 * them is refused with a 500: the table fails closed.
 */
#ifndef TOPPER_ROUTE_H
#define TOPPER_ROUTE_H

#include <stddef.h>

#include "req.h"

enum route_flag {
	R_LOGIN		= 1 << 0,	/* needs a signed-in user */
	R_POST_CSRF	= 1 << 1,	/* POST: same origin + CSRF token */
	R_WRITES	= 1 << 2,	/* may write the database (POST only) */
	R_TOUCH		= 1 << 3,	/* GET: one tiny last_seen write after */
	R_SIGNED	= 1 << 4,	/* POST authorised by a signed token */
	R_API		= 1 << 5	/* JSON; Bearer token or X-CSRF-Token */
};

/* Flags that only make sense on a POST route, and those that need checks. */
#define R_POST_ONLY	(R_POST_CSRF | R_WRITES | R_SIGNED)
#define R_CHECKED	(R_LOGIN | R_POST_CSRF | R_WRITES | R_TOUCH | \
			    R_SIGNED | R_API)

struct route {
	enum req_method	 method;	/* REQ_GET (and HEAD) or REQ_POST */
	const char	*pattern;	/* "/g/{id}/move" */
	void		(*fn)(struct req *r);
	unsigned	 flags;		/* enum route_flag */
};

enum route_rc {
	ROUTE_FOUND = 0,
	ROUTE_NOT_FOUND,		/* 404 */
	ROUTE_BAD_METHOD		/* 405: the path takes other methods */
};

/*
 * The checks other modules provide.  before() runs after matching and
 * the same-origin check, and before the handler: it loads the session,
 * checks R_LOGIN, the CSRF or signed token and sets the database to
 * read-only unless R_WRITES.  It returns 0 to go on, or another value
 * after it has set the reply itself (resp_fail, resp_redirect).  after()
 * runs after the handler (R_TOUCH).  Either may be NULL.
 */
struct route_checks {
	int	(*before)(struct req *r, unsigned flags);
	void	(*after)(struct req *r, unsigned flags);
};

/* Plug in the checks (process-wide; the pointer is kept, not copied). */
void	route_set_checks(const struct route_checks *c);

/*
 * Match method and path against table[0..n-1].  On ROUTE_FOUND, *out is
 * the route and caps[0..*ncaps-1] the captures, whose str members point
 * into path (not NUL-terminated: caps_len gives each length).  On
 * ROUTE_BAD_METHOD, *allow holds the methods the path accepts ("GET,
 * HEAD, POST" at most).  Pure: no allocation.
 */
enum route_rc route_match(const struct route *table, size_t n,
	    enum req_method m, const char *path, const struct route **out,
	    struct req_cap caps[REQ_CAPS_MAX], size_t caps_len[REQ_CAPS_MAX],
	    int *ncaps, char allow[32]);

/*
 * Same origin for a POST: a present Sec-Fetch-Site must be "same-origin"
 * (or "none", a user's own navigation); a present Origin must equal
 * scheme://Host.  With both absent (curl, old browsers) the token
 * decides, so this returns 1.  Returns 0 for a cross-site request.
 */
int	route_same_origin(const struct req *r);

/*
 * Route r over table[0..n-1]: 404, 405 (with Allow), 403 for a
 * cross-site POST, the checks, then the handler.  The reply is left in
 * r->resp.  The program's own table is web/routes.c's.
 */
void	route_dispatch_table(struct req *r, const struct route *table,
	    size_t n);

#endif /* TOPPER_ROUTE_H */
