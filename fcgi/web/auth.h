/*
 * auth.h: the route checks (STYLE.md 3.8) and the login rate limit.
 *
 * auth_install() plugs auth_before() and auth_after() into the route
 * table (route_set_checks), once per process.  auth_before() runs for
 * every route with flags, after route.c has refused a cross-site POST:
 *
 *	- loads the session (sess.h), or on R_API the Bearer token;
 *	- R_LOGIN without a user: GET 303 to /login?next=PATH, POST 403,
 *	  R_API 401 JSON;
 *	- R_POST_CSRF: the "csrf" field must equal the session's token (or
 *	  the anonymous cookie's); R_API with the cookie: X-CSRF-Token; a
 *	  Bearer request needs none; a mismatch is a 403 page saying to
 *	  reload and try again;
 *	- PRAGMA query_only = 1 unless R_WRITES (GET never writes), and a
 *	  503 when a route needs the database and it is not open.
 *
 * auth_after() does the one write a GET may make: R_TOUCH refreshes the
 * session's last_seen (sess_touch).
 *
 * Failed logins are counted per name and client address in the table
 * login_attempts; at login_rate_n failures within login_rate_secs
 * (topper.conf "login_rate = N/SECONDS") the next attempt gets a 429
 * before any password is checked.
 */
#ifndef TOPPER_AUTH_H
#define TOPPER_AUTH_H

#include <stdint.h>

struct db;
struct req;

/* Plug the checks below into the route table (route_set_checks). */
void	 auth_install(void);

int	 auth_before(struct req *r, unsigned flags);
void	 auth_after(struct req *r, unsigned flags);

/*
 * The login rate limit.  auth_rate_limited: 1 when name from ip has had
 * max failures since now - window (0 otherwise, or on a database error,
 * logged).  auth_rate_fail records one failure (and drops rows older
 * than the window); auth_rate_clear forgets name+ip after a success.
 * Names compare ignoring case.  The writes need a writable database.
 */
int	 auth_rate_limited(struct db *db, const char *name, const char *ip,
	    int max, int64_t window, int64_t now);
int	 auth_rate_fail(struct db *db, const char *name, const char *ip,
	    int64_t window, int64_t now);
int	 auth_rate_clear(struct db *db, const char *name, const char *ip);

/*
 * A safe local "next" target: path when it is a local path ("/x", not
 * "//x" or "/\x", no control characters), else "/".  Pure.
 */
const char *auth_next(const char *path);

#endif /* TOPPER_AUTH_H */
