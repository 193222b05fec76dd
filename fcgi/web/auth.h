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
 * Failed logins (table login_attempts) are counted twice before any
 * password is checked: per client address across names (login_rate =
 * N/SECONDS: at N failures in SECONDS, 429 until the window passes),
 * so random names from one address are limited; and per name across
 * addresses within a day (login_delay = FREE/MAX: after FREE failures
 * each attempt waits 1, 2, 4 ... up to MAX seconds after the last
 * failure), so a guessed account slows down without ever being locked:
 * its owner gets in with the password reset mail, which clears the
 * name's failures, as a successful login does.
 */
#ifndef TOPPER_AUTH_H
#define TOPPER_AUTH_H

#include <stdint.h>

struct config;
struct db;
struct req;

/* Plug the checks below into the route table (route_set_checks). */
void	 auth_install(void);

int	 auth_before(struct req *r, unsigned flags);
void	 auth_after(struct req *r, unsigned flags);

/* The login limits, from topper.conf (auth_rate_config). */
struct auth_rate {
	int		 addr_n;	/* login_rate: failures per address */
	int64_t		 addr_secs;	/* ... within these seconds */
	int		 account_free;	/* login_delay: failures before a delay */
	int64_t		 account_max;	/* ... and the longest delay */
};

enum auth_wait {
	AUTH_WAIT_NONE = 0,
	AUTH_WAIT_ADDR,			/* this address failed too often */
	AUTH_WAIT_ACCOUNT		/* this name failed too often */
};

/* Fill lim from cf (NULL: the defaults, 20/600 and 5/900). */
void	 auth_rate_config(const struct config *cf, struct auth_rate *lim);

/*
 * Seconds the next login of name from ip must wait (0: go on), with
 * *why saying which limit; 0 on a database error (logged).
 * auth_rate_fail records one failure (and drops rows older than a day
 * or the address window); auth_rate_clear forgets the name's failures
 * (a success, a password reset).  Names compare ignoring case.  The
 * writes need a writable database.
 */
int64_t	 auth_rate_wait(struct db *db, const char *name, const char *ip,
	    const struct auth_rate *lim, int64_t now, enum auth_wait *why);
int	 auth_rate_fail(struct db *db, const char *name, const char *ip,
	    const struct auth_rate *lim, int64_t now);
int	 auth_rate_clear(struct db *db, const char *name);

/* The delay after failures of one name: 0 below free, then 1, 2, 4 ... max. */
int64_t	 auth_rate_delay(int failures, int free_n, int64_t max);

/*
 * A safe local "next" target: path when it is a local path ("/x", not
 * "//x" or "/\x", no control characters), else "/".  Pure.
 */
const char *auth_next(const char *path);

#endif /* TOPPER_AUTH_H */
