/*
 * routes.h: every URL the program answers (prefix routes_).
 *
 * One table lists them with their flags, so the whole attack surface can
 * be audited on one screen (STYLE.md 3.8, like cgit's def_cmd); the
 * matching and the checks are http/route.c's.  "topper fcgi" installs
 * the checks and the error page, then hands routes_dispatch() to the
 * request loop (serve_opts.dispatch).
 */
#ifndef TOPPER_ROUTES_H
#define TOPPER_ROUTES_H

#include <stddef.h>

struct req;
struct route;

/* The program's table, and its length. */
const struct route *routes_table(size_t *n);

/*
 * Route r over the table: 404, 405 (with Allow), 403 for a cross-site
 * POST, the checks, then the handler; the reply is left in r->resp.
 */
void	routes_dispatch(struct req *r);

/* Plug the session, CSRF and login checks and the error page in (once a process). */
void	routes_install(void);

#endif /* TOPPER_ROUTES_H */
