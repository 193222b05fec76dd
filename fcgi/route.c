/*
 * route.c: the table of every URL, and dispatch through it.
 *
 * The table below is the whole attack surface: each line says which
 * method and path reach which handler and what must hold first (flags,
 * route.h).  Dispatch answers 404 and 405 itself, refuses cross-site
 * POSTs, runs the session/CSRF checks other modules plug in, and only
 * then calls the handler.  Matching is a linear scan: the table is a
 * few dozen lines, and a scan of short string compares costs far less
 * than the FastCGI hop (DESIGN.md "Speed").
 */
#include "route.h"

#include <stdio.h>
#include <string.h>

#include "api_game.h"
#include "arena.h"
#include "page_account.h"
#include "page_auth.h"
#include "page_deadline.h"
#include "page_game.h"
#include "page_history.h"
#include "page_lobby.h"
#include "page_mail.h"
#include "page_rules.h"
#include "resp.h"

static const struct route_checks *checks;

/* GET /healthz: no database, tiny body (DESIGN.md "Speed"). */
static void
healthz(struct req *r)
{
	resp_text(r, 200, "ok\n");
}

/*
 * Every route.  POST routes say how they are authorised (R_POST_CSRF,
 * R_SIGNED or R_API); only POST routes write (R_WRITES); GET routes may
 * at most R_TOUCH.  tests/unit/test_route.c checks these rules on this
 * very table.
 */
static const struct route routes[] = {
	{ REQ_GET,	"/healthz",		healthz,	0 },
	{ REQ_GET,	"/",			page_auth_home,	0 },
	{ REQ_GET,	"/register",		page_auth_register_form, 0 },
	{ REQ_POST,	"/register",		page_auth_register, R_POST_CSRF | R_WRITES },
	{ REQ_GET,	"/login",		page_auth_login_form, 0 },
	{ REQ_POST,	"/login",		page_auth_login, R_POST_CSRF | R_WRITES },
	{ REQ_POST,	"/logout",		page_auth_logout, R_LOGIN | R_POST_CSRF | R_WRITES },
	{ REQ_GET,	"/account",		page_auth_account, R_LOGIN | R_TOUCH },
	{ REQ_POST,	"/account/token",	page_auth_token, R_LOGIN | R_POST_CSRF | R_WRITES },
	{ REQ_POST,	"/account/token/revoke", page_auth_token_revoke, R_LOGIN | R_POST_CSRF | R_WRITES },
	{ REQ_POST,	"/account/tz",		page_auth_tz,	R_LOGIN | R_POST_CSRF | R_WRITES },
	{ REQ_POST,	"/account/mail",	page_mail_pref,	R_LOGIN | R_POST_CSRF | R_WRITES },
	{ REQ_POST,	"/account/vacation",	page_deadline_vacation, R_LOGIN | R_POST_CSRF | R_WRITES },
	{ REQ_POST,	"/account/verify",	page_account_verify_send, R_LOGIN | R_POST_CSRF | R_WRITES },
	{ REQ_POST,	"/account/password",	page_account_password, R_LOGIN | R_POST_CSRF | R_WRITES },
	{ REQ_POST,	"/account/email",	page_account_email, R_LOGIN | R_POST_CSRF | R_WRITES },
	{ REQ_POST,	"/account/logout-all",	page_account_logout_all, R_LOGIN | R_POST_CSRF | R_WRITES },
	{ REQ_GET,	"/verify/{tok:s}",	page_account_verify_form, 0 },
	{ REQ_POST,	"/verify/{tok:s}",	page_account_verify, R_SIGNED | R_WRITES },
	{ REQ_GET,	"/reset",		page_account_reset_form, 0 },
	{ REQ_POST,	"/reset",		page_account_reset_ask, R_POST_CSRF | R_WRITES },
	{ REQ_GET,	"/reset/{tok:s}",	page_account_reset_link, 0 },
	{ REQ_POST,	"/reset/{tok:s}",	page_account_reset_set, R_POST_CSRF | R_WRITES },
	{ REQ_GET,	"/unsubscribe/{tok:s}",	page_mail_unsub_form, 0 },
	{ REQ_POST,	"/unsubscribe/{tok:s}",	page_mail_unsub, R_SIGNED | R_WRITES },
	{ REQ_GET,	"/lobby",		page_lobby_show, R_LOGIN | R_TOUCH },
	{ REQ_POST,	"/lobby/new",		page_lobby_new,	R_LOGIN | R_POST_CSRF | R_WRITES },
	{ REQ_GET,	"/games",		page_lobby_games, R_LOGIN | R_TOUCH },
	{ REQ_GET,	"/g/{id}",		page_game_show,	R_TOUCH },
	{ REQ_POST,	"/g/{id}/move",		page_game_move,	R_LOGIN | R_POST_CSRF | R_WRITES },
	{ REQ_POST,	"/g/{id}/join",		page_lobby_join, R_LOGIN | R_POST_CSRF | R_WRITES },
	{ REQ_POST,	"/g/{id}/reclaim",	page_deadline_reclaim, R_LOGIN | R_POST_CSRF | R_WRITES },
	{ REQ_GET,	"/g/{id}/history",	page_history_show, R_TOUCH },
	{ REQ_GET,	"/rules",		page_rules_index, 0 },
	{ REQ_GET,	"/rules/{slug:s}",	page_rules_show, 0 },
	{ REQ_GET,	"/api/games/{id}",	api_game_show,	R_API },
	{ REQ_POST,	"/api/games/{id}/moves", api_game_move,	R_API | R_LOGIN | R_WRITES },
	{ REQ_GET,	"/api/games/{id}/ply",	api_game_ply,	R_API },
};

const struct route *
route_table(size_t *n)
{
	*n = sizeof(routes) / sizeof(routes[0]);
	return routes;
}

void
route_set_checks(const struct route_checks *c)
{
	checks = c;
}

static int
slug_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.' ||
	    c == '~';
}

/*
 * Match one capture "{...}" at *pp against the segment at *sp; advances
 * both on success.  Returns 0 when the segment does not fit.
 */
static int
match_cap(const char **pp, const char **sp, struct req_cap *cap,
    size_t *len)
{
	const char	*p = *pp, *s = *sp, *end, *seg;
	long long	 num;
	size_t		 n, i;
	int		 str;

	if ((end = strchr(p, '}')) == NULL)
		return 0;			/* malformed pattern */
	str = end - p >= 3 && end[-2] == ':' && end[-1] == 's';
	n = strcspn(s, "/");
	seg = s;
	if (n == 0)
		return 0;
	if (str) {
		for (i = 0; i < n; i++)
			if (!slug_char(seg[i]))
				return 0;
		num = 0;
	} else {
		if (n > 18 || seg[0] == '0')
			return 0;
		for (num = 0, i = 0; i < n; i++) {
			if (seg[i] < '0' || seg[i] > '9')
				return 0;
			num = num * 10 + (seg[i] - '0');
		}
	}
	cap->num = num;
	cap->str = seg;
	*len = n;
	*pp = end + 1;
	*sp = s + n;
	return 1;
}

/* 1 when path fits pattern; fills caps. */
static int
match_path(const char *p, const char *s, struct req_cap *caps,
    size_t *caps_len, int *ncaps)
{
	*ncaps = 0;
	while (*p != '\0') {
		if (*p == '{') {
			if (*ncaps == REQ_CAPS_MAX ||
			    !match_cap(&p, &s, &caps[*ncaps],
			    &caps_len[*ncaps]))
				return 0;
			(*ncaps)++;
			continue;
		}
		if (*p != *s)
			return 0;
		p++;
		s++;
	}
	return *s == '\0';
}

enum route_rc
route_match(const struct route *table, size_t n, enum req_method m,
    const char *path, const struct route **out,
    struct req_cap caps[REQ_CAPS_MAX], size_t caps_len[REQ_CAPS_MAX],
    int *ncaps, char allow[32])
{
	struct req_cap	 tcaps[REQ_CAPS_MAX];
	size_t		 tlen[REQ_CAPS_MAX], i;
	int		 get = 0, post = 0, k, tn;

	*out = NULL;
	*ncaps = 0;
	allow[0] = '\0';
	if (m == REQ_HEAD)
		m = REQ_GET;
	for (i = 0; i < n; i++) {
		if (!match_path(table[i].pattern, path, tcaps, tlen, &tn))
			continue;
		if (table[i].method == m) {
			*out = &table[i];
			for (k = 0; k < tn; k++) {
				caps[k] = tcaps[k];
				caps_len[k] = tlen[k];
			}
			*ncaps = tn;
			return ROUTE_FOUND;
		}
		if (table[i].method == REQ_GET)
			get = 1;
		else if (table[i].method == REQ_POST)
			post = 1;
	}
	if (!get && !post)
		return ROUTE_NOT_FOUND;
	snprintf(allow, 32, "%s%s%s", get ? "GET, HEAD" : "",
	    get && post ? ", " : "", post ? "POST" : "");
	return ROUTE_BAD_METHOD;
}

int
route_same_origin(const struct req *r)
{
	size_t	 n;

	if (r->fetch_site != NULL && strcmp(r->fetch_site, "same-origin") != 0 &&
	    strcmp(r->fetch_site, "none") != 0)
		return 0;
	if (r->origin != NULL) {
		n = strlen(r->scheme);
		if (strncmp(r->origin, r->scheme, n) != 0 ||
		    strncmp(r->origin + n, "://", 3) != 0 ||
		    *r->host == '\0' || strcmp(r->origin + n + 3, r->host) != 0)
			return 0;
	}
	return 1;
}

/* A request carrying "Authorization: Bearer ...". */
static int
has_bearer(const struct req *r)
{
	return r->authorization != NULL &&
	    strncmp(r->authorization, "Bearer ", 7) == 0;
}

void
route_dispatch(struct req *r)
{
	route_dispatch_table(r, routes, sizeof(routes) / sizeof(routes[0]));
}

void
route_dispatch_table(struct req *r, const struct route *table, size_t n)
{
	const struct route	*rt;
	size_t			 lens[REQ_CAPS_MAX];
	char			 allow[32];
	int			 i;

	if (strlen(r->path) > REQ_PATH_MAX) {
		resp_fail(r, 414, "That address is too long.");
		return;
	}
	switch (route_match(table, n, r->method, r->path, &rt, r->caps,
	    lens, &r->ncaps, allow)) {
	case ROUTE_NOT_FOUND:
		resp_fail(r, 404, "There is no page at this address.");
		return;
	case ROUTE_BAD_METHOD:
		resp_header(r, "Allow", allow);
		resp_fail(r, 405, "This address does not accept the %s "
		    "method.", r->method_text);
		return;
	case ROUTE_FOUND:
		break;
	}
	r->route = rt;
	for (i = 0; i < r->ncaps; i++)	/* captures point into r->path */
		r->caps[i].str = arena_strndup(r->arena, r->caps[i].str,
		    lens[i]);
	if (r->method == REQ_POST && !((rt->flags & R_API) && has_bearer(r)) &&
	    !route_same_origin(r)) {
		resp_fail(r, 403, "This form was sent from another site.");
		return;
	}
	if (rt->flags & R_CHECKED) {
		if (checks == NULL || checks->before == NULL) {
			fprintf(stderr, "topper: route %s needs checks that "
			    "are not configured\n", rt->pattern);
			resp_fail(r, 500, "This page is not available.");
			return;
		}
		if (checks->before(r, rt->flags) != 0)
			return;
	}
	rt->fn(r);
	if (checks != NULL && checks->after != NULL)
		checks->after(r, rt->flags);
}
