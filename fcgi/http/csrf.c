/*
 * csrf.c: CSRF tokens: the session's, or an anonymous visitor's
 * double-submit cookie (csrf.h).
 */
#include "csrf.h"

#include <string.h>

#include <sodium.h>

#include "arena.h"
#include "form.h"
#include "req.h"
#include "resp.h"
#include "route.h"
#include "serve.h"
#include "sess.h"

int
csrf_equal(const char *a, const char *b)
{
	size_t	 n;

	if (a == NULL || b == NULL)
		return 0;
	n = strlen(a);
	if (n == 0 || n != strlen(b))
		return 0;
	return sodium_memcmp(a, b, n) == 0;
}

/* The anonymous token from the visitor's cookie, if well formed. */
static const char *
anon_cookie(struct req *r)
{
	const char	*tok;

	tok = req_cookie(r, CSRF_COOKIE);
	return sess_token_valid(tok) ? tok : NULL;
}

const char *
csrf_token(struct req *r)
{
	const struct sess_user	*u;
	const char		*tok, *c;
	char			 fresh[SESS_TOKEN_TEXT];

	if ((u = sess_current(r)) != NULL && u->via == SESS_VIA_COOKIE)
		return u->csrf;
	if (r->app != NULL && r->app->rq.csrf != NULL)
		return r->app->rq.csrf;
	if ((tok = anon_cookie(r)) == NULL) {
		sess_token_new(fresh);
		if ((tok = arena_strdup(r->arena, fresh)) == NULL)
			return NULL;
		c = sess_cookie(r, CSRF_COOKIE, tok, SESS_LIFETIME,
		    strcmp(r->scheme, "https") == 0);
		if (c == NULL)
			return NULL;
		resp_header(r, "Set-Cookie", c);
	}
	if (r->app != NULL)
		r->app->rq.csrf = tok;
	return tok;
}

const char *
csrf_field(struct req *r, const char *body, size_t len, const char *name)
{
	struct form_field	 f[1];
	struct form_val		 v[1];

	memset(f, 0, sizeof(f));
	memset(v, 0, sizeof(v));
	f[0].name = name;
	f[0].valid = form_token;
	if (form_parse(r->arena, f, 1, body, len, NULL, v, NULL) != FORM_OK ||
	    !v[0].present)
		return NULL;
	return v[0].s;
}

const char *
csrf_sent(struct req *r)
{
	static const char urlenc[] = "application/x-www-form-urlencoded";

	if (r->route != NULL && (r->route->flags & R_API))
		return r->csrf_header;
	if (r->content_type == NULL ||
	    strncmp(r->content_type, urlenc, sizeof(urlenc) - 1) != 0)
		return NULL;
	return csrf_field(r, r->body, r->body_len, CSRF_FIELD);
}

int
csrf_check(struct req *r)
{
	const struct sess_user	*u;
	const char		*sent;

	if ((sent = csrf_sent(r)) == NULL)
		return 0;
	if ((u = sess_current(r)) != NULL && u->via == SESS_VIA_COOKIE &&
	    csrf_equal(sent, u->csrf))
		return 1;
	/*
	 * A form rendered before signing in (login, register) carries the
	 * visitor's cookie token; it is good only where no sign-in is
	 * needed, so it can never authorise an account's action.
	 */
	if (r->route != NULL && (r->route->flags & R_LOGIN))
		return 0;
	return csrf_equal(sent, anon_cookie(r));
}
