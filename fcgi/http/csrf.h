/*
 * csrf.h: the tokens that prove a POST came from our own form
 * (STYLE.md 3.8).
 *
 * A signed-in browser's token is stored with its session and embedded
 * by templates as {{csrf}} (page.h).  An anonymous visitor (the login
 * and register forms) gets a token in its own cookie, "topper_csrf",
 * and the form carries a copy: a double-submit token, so a login form
 * cannot be posted from another site either.  R_API routes with a
 * session cookie send the token in the X-CSRF-Token header instead.
 * Tokens are compared in constant time (sodium_memcmp).
 */
#ifndef TOPPER_CSRF_H
#define TOPPER_CSRF_H

#include <stddef.h>

struct req;

#define CSRF_COOKIE	"topper_csrf"
#define CSRF_FIELD	"csrf"
/* The R_API header arrives as r->csrf_header (req.h). */

/*
 * The token for forms on this page: the session's when signed in, else
 * the visitor's cookie token, made (and its cookie set) on first use.
 * In the arena or the session; NULL when the arena refused.
 */
const char	*csrf_token(struct req *r);

/*
 * The token the request sent: the "csrf" field of a urlencoded body, or
 * for R_API the X-CSRF-Token header.  NULL when absent.  Arena.
 */
const char	*csrf_sent(struct req *r);

/*
 * Check a POST: 1 when the token sent equals the expected one (the
 * session's, or the anonymous cookie's when nobody is signed in), else
 * 0.  The caller answers 403.
 */
int		 csrf_check(struct req *r);

/* Constant-time equality of two NUL-terminated tokens; NULL is unequal. */
int		 csrf_equal(const char *a, const char *b);

/*
 * The value of field name in a urlencoded body (a "csrf=..." pair),
 * decoded into the arena; NULL when absent.  Pure but for the arena.
 */
const char	*csrf_field(struct req *r, const char *body, size_t len,
		    const char *name);

#endif /* TOPPER_CSRF_H */
