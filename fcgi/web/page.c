/*
 * page.c: the layout every HTML page shares, its fallback context, the
 * templated error page, and times shown in the reader's zone.
 *
 * A page renders in one pass straight into the reply: templates/
 * layout.html, whose body_html (a key filled by our own template and
 * so allowed raw, STYLE.md 3.6) is the named template, rendered in
 * place (a TPL_TEMPLATE value): no scratch buffer, no copy of the
 * page.  Both see the same context: the handler's keys first, then
 * the keys listed in page.h, so a handler can also fill layout keys
 * such as "scripts" or "refresh".
 */
#include "page.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "arena.h"
#include "buf.h"
#include "csrf.h"
#include "req.h"
#include "resp.h"
#include "page_turn.h"
#include "serve.h"
#include "sess.h"
#include "store_user.h"
#include "tpl.h"
#include "when.h"

#define TYPE_HTML	"text/html; charset=utf-8"

struct page_data {
	struct req		*r;
	const struct tpl_ctx	*inner;		/* the handler's, or NULL */
	const char		*title;
	const struct tpl	*body;		/* the page's template */
};

static int
page_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct page_data	*p = data;
	const struct sess_user	*u;
	struct req		*r = p->r;
	int			 n;

	if (p->inner != NULL && p->inner->lookup != NULL) {
		memset(out, 0, sizeof(*out));
		if (p->inner->lookup(p->inner->data, key, out) != 0)
			return -1;
		if (out->kind != TPL_NONE)
			return 0;
	}
	switch (key[0]) {
	case 'b':
		if (strcmp(key, "body_html") == 0)
			return tpl_template(out, p->body);
		break;
	case 'c':
		if (strcmp(key, "csrf") == 0)
			return tpl_str(out, csrf_token(r));
		break;
	case 'f':
		if (strcmp(key, "flash") == 0 && r->app != NULL)
			return tpl_str(out, r->app->rq.flash);
		break;
	case 'p':
		if (strcmp(key, "path") == 0)
			return tpl_str(out, r->path);
		break;
	case 's':
		if (strcmp(key, "signed_in") == 0)
			return tpl_bool(out, sess_current(r) != NULL);
		break;
	case 't':
		if (strcmp(key, "title") == 0)
			return tpl_str(out, p->title);
		/* Games waiting for the viewer: header and title (page_turn.h). */
		if (strcmp(key, "turns") == 0 && sess_current(r) != NULL &&
		    (n = page_turn_peek(r, 0)) >= 0)
			return tpl_int(out, n);
		break;
	case 'u':
		if (strcmp(key, "user_name") == 0 &&
		    (u = sess_current(r)) != NULL)
			return tpl_str(out, u->name);
		break;
	}
	return tpl_none(out);
}

static const char *
rc_text(enum tpl_rc rc)
{
	switch (rc) {
	case TPL_ERR_NOTFOUND:
		return "no such template";
	case TPL_ERR_DEPTH:
		return "nested too deep";
	case TPL_ERR_LOOKUP:
		return "a lookup failed";
	case TPL_ERR_NOMEM:
		return "out of memory";
	default:
		return "error";
	}
}

/*
 * Render name in the layout into the reply body.  Returns 0, or -1
 * after logging, with the body left empty.
 */
static int
render(struct req *r, const char *name, const struct tpl_ctx *ctx,
    const char *title)
{
	struct page_data	 p;
	struct tpl_ctx		 c;
	enum tpl_rc		 rc;

	if (r->app == NULL || r->app->tpl == NULL) {
		fprintf(stderr, "topper: page %s: templates not loaded\n",
		    name);
		return -1;
	}
	memset(&p, 0, sizeof(p));
	p.r = r;
	p.inner = ctx;
	p.title = title;
	if ((p.body = tpl_set_find(r->app->tpl, name)) == NULL) {
		fprintf(stderr, "topper: page %s: %s\n", name,
		    rc_text(TPL_ERR_NOTFOUND));
		return -1;
	}
	c.lookup = page_lookup;
	c.data = &p;
	buf_reset(&r->resp.body);
	if ((rc = tpl_render(r->app->tpl, "layout", &c, &r->resp.body)) !=
	    TPL_OK) {
		fprintf(stderr, "topper: page %s (in the layout): %s\n",
		    name, rc_text(rc));
		buf_reset(&r->resp.body);
		return -1;
	}
	resp_type(r, TYPE_HTML);
	return 0;
}

void
page_render(struct req *r, const char *name, const struct tpl_ctx *ctx,
    const char *title)
{
	if (render(r, name, ctx, title) != 0)
		resp_fail(r, 500, "This page could not be shown.");
}

void
page_render_status(struct req *r, int status, const char *name,
    const struct tpl_ctx *ctx, const char *title)
{
	resp_status(r, status);
	page_render(r, name, ctx, title);
}

void
page_flash(struct req *r, const char *msg)
{
	if (r->app != NULL)
		r->app->rq.flash = msg != NULL ?
		    arena_strdup(r->arena, msg) : NULL;
}

struct error_data {
	int		 status;
	const char	*reason;
	const char	*message;
};

static int
error_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct error_data	*e = data;

	if (strcmp(key, "status") == 0)
		return tpl_int(out, e->status);
	if (strcmp(key, "reason") == 0)
		return tpl_str(out, e->reason);
	if (strcmp(key, "message") == 0)
		return tpl_str(out, e->message);
	return tpl_none(out);
}

int
page_error(struct req *r, int status, const char *msg)
{
	static int		 busy;	/* no error page for the error page */
	struct error_data	 e;
	struct tpl_ctx		 c;
	const char		*title;
	int			 rc;

	if (busy)
		return -1;
	busy = 1;
	e.status = status;
	e.reason = resp_reason(status);
	if (*e.reason == '\0')
		e.reason = "Error";
	e.message = msg;
	c.lookup = error_lookup;
	c.data = &e;
	title = e.reason;
	resp_status(r, status);
	rc = render(r, "error", &c, title);
	busy = 0;
	return rc;
}

const char *
page_time(struct req *r, int64_t t, char buf[PAGE_TIME_MAX])
{
	const struct sess_user	*u;

	/*
	 * A visitor who is not signed in: the zone their browser reported
	 * (tz.js's cookie); when_format takes only a zone it knows, else
	 * UTC, which the time then names.
	 */
	u = sess_current(r);
	return when_format(u != NULL ? u->tz : req_cookie(r, "topper_tz"), t,
	    buf);
}

const struct tpl *
page_template(const struct req *r, const char *name)
{
	if (name == NULL || r->app == NULL || r->app->tpl == NULL)
		return NULL;
	return tpl_set_find(r->app->tpl, name);
}
