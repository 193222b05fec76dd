/*
 * page.h: what every HTML page shares: the layout, the context keys
 * every template may use, and times written for the reader.
 *
 * page_render(r, "lobby", &ctx, "Lobby") renders templates/lobby.html
 * with ctx, then wraps it in templates/layout.html (site name, the nav
 * for a signed-in or anonymous visitor, the title).  A page template is
 * only the content of <main>: no <html>, no header.  Keys the handler's
 * ctx does not know fall back to these, so any template may use them:
 *
 *	csrf		the CSRF token for a form's hidden "csrf" field
 *			(an anonymous visitor gets one too, in a cookie)
 *	signed_in	true when someone is signed in
 *	user_name	the signed-in user's name
 *	flash		a one-line notice set with page_flash(), or none
 *	title		the page title
 *	path		the request path
 *
 * The handler's keys win over these, so never name a key "csrf".
 * The layout also reads these keys from the handler's ctx, if given:
 *
 *	refresh		seconds: <meta http-equiv="refresh"> (no-JS polling)
 *	css		list of stylesheet URLs after topper.css and
 *			community.css ("/static/css/cards.css"), each
 *			as {{.}}
 *	scripts		list of script URLs, loaded with defer (the CSP
 *			forbids inline script)
 */
#ifndef TOPPER_PAGE_H
#define TOPPER_PAGE_H

#include "when.h"

#include <stddef.h>
#include <stdint.h>

struct req;
struct tpl;
struct tpl_ctx;

enum {
	PAGE_TIME_MAX = WHEN_TIME_MAX	/* page_time()'s buffer */
};

/*
 * Render template name (with ctx, which may be NULL) inside the layout
 * into the reply body, as text/html, keeping the status already set.
 * title is plain text (escaped).  A missing template or a render error
 * becomes a 500 (logged).  page_render_status() sets status first.
 */
void	 page_render(struct req *r, const char *name,
	    const struct tpl_ctx *ctx, const char *title);
void	 page_render_status(struct req *r, int status, const char *name,
	    const struct tpl_ctx *ctx, const char *title);

/* A notice shown above the content of the page rendered next (copied). */
void	 page_flash(struct req *r, const char *msg);

/*
 * The error page (templates/error.html in the layout) for status with
 * msg, as resp_fail() uses it for HTML routes.  Returns 0, or -1 when
 * the templates are not loaded (the caller then writes a plain page).
 */
int	 page_error(struct req *r, int status, const char *msg);

/*
 * Unix time t in the signed-in user's zone (UTC when anonymous), with
 * the zone's abbreviation: "2025-03-01 14:05 CET".  Writes buf and
 * returns it.
 */
const char *page_time(struct req *r, int64_t t, char buf[PAGE_TIME_MAX]);

/*
 * The template of the loaded set named name (a game's board or play
 * template, for a TPL_TEMPLATE value), or NULL: no name, no set.
 */
const struct tpl *page_template(const struct req *r, const char *name);

#endif /* TOPPER_PAGE_H */
