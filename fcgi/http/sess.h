/*
 * sess.h: who is asking: browser sessions and personal API tokens.
 *
 * A browser signs in with a session cookie, "topper_session", holding
 * 32 random bytes in base64url; only their SHA-256 is stored (table
 * sessions), with the session's CSRF token and an expiry 30 days out.
 * The cookie is HttpOnly, SameSite=Lax, Path=/, and Secure when the
 * request came over https.  A script may instead send
 * "Authorization: Bearer <token>" with a personal API token (a user
 * holds at most one; only its SHA-256 is stored, in users.api_token);
 * a token is accepted only on R_API routes.
 *
 * The session is loaded at most once per request: by the route checks
 * (auth.h) on routes with flags, or on first use of sess_current() on
 * the others (GET / shows the signed-in nav too).  It lives in the
 * request arena; r->uid is set when someone is signed in.
 */
#ifndef TOPPER_SESS_H
#define TOPPER_SESS_H

#include <stddef.h>
#include <stdint.h>

#include "store_user.h"

struct req;

#define SESS_COOKIE	"topper_session"

enum {
	SESS_TOKEN_BYTES = 32,		/* random bytes in a token */
	SESS_TOKEN_TEXT = 44,		/* base64url of them (43) + NUL */
	SESS_HASH_BYTES = 32,		/* SHA-256 */
	SESS_LIFETIME = 30 * 24 * 3600,	/* seconds a session lasts */
	SESS_IDLE_DEFAULT = 14 * 24 * 3600,	/* session_idle: unused this long, it ends */
	SESS_API_DAYS = 90		/* api_token_days: a new API token lasts */
};

enum sess_via {
	SESS_ANON = 0,			/* nobody signed in */
	SESS_VIA_COOKIE,		/* the session cookie */
	SESS_VIA_BEARER			/* a personal API token (R_API only) */
};

/* The signed-in user of one request. */
struct sess_user {
	int64_t		 id;
	char		 name[STORE_USER_NAME_MAX + 1];
	char		 tz[STORE_USER_TZ_MAX];		/* IANA zone */
	int		 is_bot;
	enum sess_via	 via;
	char		 csrf[SESS_TOKEN_TEXT];	/* cookie sessions; "" else */
	unsigned char	 hash[SESS_HASH_BYTES];	/* the session row's key */
	int64_t		 expires;		/* cookie sessions */
	int64_t		 last_seen;		/* cookie sessions */
};

/*
 * The signed-in user, or NULL for an anonymous request (no cookie, an
 * unknown or expired one, or no database).  Loads the session on the
 * first call of a request and sets r->uid; later calls are free.  A
 * Bearer token counts only on R_API routes.  The result lives in the
 * request arena.
 */
const struct sess_user *sess_current(struct req *r);

/*
 * Start a session for uid: store it, set the cookie, and make it this
 * request's session (sess_current() returns it).  Needs a writable
 * database (an R_WRITES route).  Also removes expired sessions.
 * Returns 0, or -1 after logging (the reply is not touched).
 */
int	 sess_login(struct req *r, int64_t uid);

/* End this request's session (row and cookie); fine when anonymous. */
void	 sess_logout(struct req *r);

/*
 * A new personal API token for the signed-in user, replacing any old
 * one: the text goes to out (shown once), its hash to the database.
 * sess_api_revoke() removes it.  Return 0, or -1 after logging.
 */
int	 sess_api_create(struct req *r, char out[SESS_TOKEN_TEXT]);
int	 sess_api_revoke(struct req *r);

/* 1 when the signed-in user holds a personal API token. */
int	 sess_api_exists(struct req *r);

/*
 * Seconds a session may go unused before it ends (topper.conf
 * session_idle; SESS_IDLE_DEFAULT).  Only R_TOUCH pages refresh
 * last_seen, at most once a minute.
 */
int	 sess_idle_secs(const struct req *r);

/*
 * R_TOUCH: refresh the session's last_seen and, once a day at most, its
 * expiry (and the cookie's); for an API token, its last use (once an
 * hour at most).  Turns query_only off for that one write.
 */
void	 sess_touch(struct req *r);

/* Pure helpers, for the tests. */

/* 32 random bytes as base64url text (43 characters and a NUL). */
void	 sess_token_new(char out[SESS_TOKEN_TEXT]);

/* SHA-256 of the token text. */
void	 sess_token_hash(const char *text, unsigned char out[SESS_HASH_BYTES]);

/*
 * 1 when text looks like one of our tokens (43 characters of base64url),
 * so junk is refused before any database lookup.
 */
int	 sess_token_valid(const char *text);

/*
 * The Set-Cookie value for cookie name = value: HttpOnly, SameSite=Lax,
 * Path=/, Max-Age=max_age (0 deletes it), "; Secure" when secure.  In
 * the arena; NULL when it refused.
 */
char	*sess_cookie(struct req *r, const char *name, const char *value,
	    long max_age, int secure);

#endif /* TOPPER_SESS_H */
