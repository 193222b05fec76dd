/*
 * auth.c: the route checks of STYLE.md 3.8 and the login rate limit.
 *
 * The order of a POST's checks is Fossil's: route.c refuses a cross-site
 * request first, then auth_before() wants a user where the route says
 * so, then the token.  The database stays read-only (PRAGMA query_only)
 * between requests and during every request whose route does not say
 * R_WRITES; auth_after() puts it back after a writing one, so even
 * routes without flags, which skip auth_before(), cannot write.
 */
#include "auth.h"

#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "config.h"
#include "csrf.h"
#include "db.h"
#include "esc.h"
#include "page_turn.h"
#include "req.h"
#include "resp.h"
#include "route.h"
#include "serve.h"
#include "sess.h"

enum { NEXT_MAX = 1024 };	/* longer "next" targets are dropped */

static const struct route_checks checks = { auth_before, auth_after };

void
auth_install(void)
{
	route_set_checks(&checks);
}

const char *
auth_next(const char *path)
{
	size_t	 i;

	if (path == NULL || path[0] != '/' || path[1] == '/' ||
	    path[1] == '\\')
		return "/";
	for (i = 0; path[i] != '\0'; i++)
		if ((unsigned char)path[i] < 0x20 || path[i] == 0x7f ||
		    path[i] == '\\' || i >= NEXT_MAX)
			return "/";
	return path;
}

/* Nobody is signed in on a route that needs someone. */
static int
need_login(struct req *r, unsigned flags)
{
	struct buf	 b;

	if (flags & R_API) {
		resp_header(r, "WWW-Authenticate", "Bearer");
		resp_fail(r, 401, "Sign in, or send a personal API token "
		    "as \"Authorization: Bearer TOKEN\".");
		return 1;
	}
	if (r->method == REQ_POST) {
		resp_fail(r, 403, "Please log in first.");
		return 1;
	}
	buf_init(&b, r->arena);
	buf_puts(&b, "/login?next=");
	esc_url_arg(&b, r->path, strlen(r->path));
	if (*r->query != '\0') {
		buf_puts(&b, "%3F");
		esc_url_arg(&b, r->query, strlen(r->query));
	}
	if (b.failed || b.len > NEXT_MAX)
		resp_redirect(r, 303, "/login");
	else
		resp_redirect(r, 303, "%s", b.data);
	return 1;
}

/* A refused request never reaches auth_after(): read-only again here. */
static int
refuse(struct req *r, int rc)
{
	if (r->app->rq.writable) {
		(void)db_query_only(r->app->db, 1);
		r->app->rq.writable = 0;
	}
	return rc;
}

int
auth_before(struct req *r, unsigned flags)
{
	const struct sess_user	*u;
	struct db		*db;

	if (r->app == NULL || (db = r->app->db) == NULL) {
		resp_fail(r, 503, "The game database is not available right "
		    "now; please try again in a minute.");
		return 1;
	}
	if (r->method == REQ_GET || r->method == REQ_HEAD)
		(void)db_begin_read(db);
	/*
	 * A write reads its session on the writing connection too: the
	 * read-only one drops its page cache after every commit, so the
	 * writer process would read those pages again on each request.
	 */
	if ((flags & R_WRITES) && r->method == REQ_POST) {
		if (db_query_only(db, 0) != DB_OK) {
			resp_fail(r, 503, "The server is busy; please try "
			    "again.");
			return 1;
		}
		r->app->rq.writable = 1;
	}
	u = sess_current(r);
	if ((flags & R_LOGIN) && u == NULL)
		return refuse(r, need_login(r, flags));
	if (r->method == REQ_POST && (flags & (R_POST_CSRF | R_API)) &&
	    (u == NULL || u->via != SESS_VIA_BEARER) && !csrf_check(r)) {
		resp_fail(r, 403, (flags & R_API) ?
		    "The X-CSRF-Token header is missing or wrong." :
		    "This form has expired or did not come from this site. "
		    "Please reload the page and try again.");
		return refuse(r, 1);
	}
	return 0;
}

void
auth_after(struct req *r, unsigned flags)
{
	struct db	*db;

	if (r->app == NULL || (db = r->app->db) == NULL)
		return;
	db_end_read(db);
	if (db_in_txn(db)) {		/* a handler's bug: never carry it on */
		fprintf(stderr, "topper: %s %s left a transaction open; "
		    "rolled back\n", r->method_text, r->path);
		db_rollback_if_open(db);
	}
	if ((((flags & R_TOUCH) && (r->method == REQ_GET ||
	    r->method == REQ_HEAD)) || (flags & R_API)) &&
	    r->resp.status < 400)
		sess_touch(r);		/* R_API: the token's last use */
	if (r->resp.status < 400)
		page_turn_after(r);
	if (r->app->rq.writable) {
		(void)db_query_only(db, 1);
		r->app->rq.writable = 0;
	}
}

/* The login rate limit. */

/* Failures older than this count for nothing (the account's delay). */
enum { ACCOUNT_WINDOW = 24 * 3600 };

void
auth_rate_config(const struct config *cf, struct auth_rate *lim)
{
	int	 free_n, max;

	lim->addr_n = cf != NULL ? cf->login_rate_n : 20;
	lim->addr_secs = cf != NULL ? cf->login_rate_secs : 600;
	config_rate(cf, "login_delay", 5, 900, &free_n, &max);
	lim->account_free = free_n;
	lim->account_max = max;
}

static const char SQL_RATE_ADDR[] =
    "SELECT count(*) FROM login_attempts WHERE addr = ?1 AND at > ?2";
static const char SQL_RATE_NAME[] =
    "SELECT count(*), max(at) FROM login_attempts "
    "WHERE name = ?1 AND at > ?2";
static const char SQL_RATE_ADD[] =
    "INSERT INTO login_attempts (name, addr, at) VALUES (?1, ?2, ?3)";
static const char SQL_RATE_PRUNE[] =
    "DELETE FROM login_attempts WHERE at <= ?1";
static const char SQL_RATE_CLEAR[] =
    "DELETE FROM login_attempts WHERE name = ?1";

int64_t
auth_rate_delay(int failures, int free_n, int64_t max)
{
	int64_t	 d = 1;
	int	 k;

	if (failures < free_n)
		return 0;
	for (k = free_n; k < failures && d < max; k++)
		d *= 2;
	return d < max ? d : max;
}

int64_t
auth_rate_wait(struct db *db, const char *name, const char *ip,
    const struct auth_rate *lim, int64_t now, enum auth_wait *why)
{
	struct db_stmt	*st;
	int64_t		 last, wait;
	int		 n;

	*why = AUTH_WAIT_NONE;
	if ((st = db_stmt(db, SQL_RATE_ADDR)) == NULL)
		return 0;
	db_bind_text(st, 1, ip, -1, DB_STATIC);
	db_bind_int64(st, 2, now - lim->addr_secs);
	if (db_step(st) != DB_ROW) {
		(void)db_fail(db, st);
		return 0;
	}
	n = db_column_int(st, 0);
	db_reset(st);
	if (n >= lim->addr_n) {
		*why = AUTH_WAIT_ADDR;
		return lim->addr_secs;
	}
	if ((st = db_stmt(db, SQL_RATE_NAME)) == NULL)
		return 0;
	db_bind_text(st, 1, name, -1, DB_STATIC);
	db_bind_int64(st, 2, now - ACCOUNT_WINDOW);
	if (db_step(st) != DB_ROW) {
		(void)db_fail(db, st);
		return 0;
	}
	n = db_column_int(st, 0);
	last = db_column_int64(st, 1);
	db_reset(st);
	wait = last + auth_rate_delay(n, lim->account_free,
	    lim->account_max) - now;
	if (n >= lim->account_free && wait > 0) {
		*why = AUTH_WAIT_ACCOUNT;
		return wait;
	}
	return 0;
}

int
auth_rate_fail(struct db *db, const char *name, const char *ip,
    const struct auth_rate *lim, int64_t now)
{
	struct db_stmt	*st;
	enum db_rc	 rc;
	int64_t		 keep;

	keep = lim->addr_secs > ACCOUNT_WINDOW ? lim->addr_secs :
	    ACCOUNT_WINDOW;
	if ((rc = db_begin_immediate(db)) != DB_OK)
		return -1;
	if ((st = db_stmt(db, SQL_RATE_ADD)) == NULL) {
		rc = DB_ERROR;
		goto out;
	}
	db_bind_text(st, 1, name, -1, DB_STATIC);
	db_bind_text(st, 2, ip, -1, DB_STATIC);
	db_bind_int64(st, 3, now);
	if ((rc = db_step_done(db, st)) != DB_OK)
		goto out;
	if ((st = db_stmt(db, SQL_RATE_PRUNE)) == NULL) {
		rc = DB_ERROR;
		goto out;
	}
	db_bind_int64(st, 1, now - keep);
	if ((rc = db_step_done(db, st)) != DB_OK)
		goto out;
	rc = db_commit(db);
out:
	db_rollback_if_open(db);
	return rc == DB_OK ? 0 : -1;
}

int
auth_rate_clear(struct db *db, const char *name)
{
	struct db_stmt	*st;

	if ((st = db_stmt(db, SQL_RATE_CLEAR)) == NULL)
		return -1;
	db_bind_text(st, 1, name, -1, DB_STATIC);
	return db_step_done(db, st) == DB_OK ? 0 : -1;
}
