/*
 * site.h: the whole site in this process, without nginx or FastCGI, for
 * the soak drivers (tests/soak/).
 *
 * site_open() does what one "topper fcgi" worker does at start (open the
 * database, check the migrations, load the templates, plug in the route
 * checks), and site_request() what it does per request: parse the
 * parameters nginx would pass, route, and serialize the reply exactly as
 * it would go to nginx (status line, headers, blank line, body).  So a
 * comparison of two replies compares every byte a client could read,
 * minus what nginx adds.
 */
#ifndef TOPPER_SOAK_SITE_H
#define TOPPER_SOAK_SITE_H

#include <stddef.h>

#include "config.h"
#include "serve.h"

struct site {
	struct config	 cf;
	struct app	 app;
};

/* One request; NULL strings are left out of the parameters. */
struct site_req {
	const char	*method;	/* "GET" */
	const char	*path;		/* "/g/7" */
	const char	*query;		/* "ply=3", or NULL */
	const char	*cookie;	/* "topper_session=...", or NULL */
	const char	*csrf;		/* X-CSRF-Token, or NULL */
	const char	*auth;		/* Authorization, or NULL */
	const char	*if_none_match;	/* or NULL */
	const char	*body;		/* POST body, or NULL */
	const char	*content_type;	/* of the body; NULL: application/json */
};

/* A reply: malloc'ed text (status line, headers, body), its length. */
struct site_reply {
	int		 status;
	char		*text;
	size_t		 len;
	size_t		 cap;
};

/* A signed-in user as a browser holds it: the cookie and its CSRF token. */
struct site_who {
	char		 name[32];
	long long	 uid;		/* 0: anonymous */
	char		 cookie[96];	/* "topper_session=..."; "" anonymous */
	char		 csrf[48];
};

/*
 * Sign user name in, as sess_login() does: a new row in sessions (written
 * through its own connection, at time now).  0, or -1 with a message.
 */
int	site_login(struct site *s, const char *name, long long now,
	    struct site_who *w);

/* 0, or -1 with a message on stderr. */
int	site_open(struct site *s, const char *config_path);
void	site_close(struct site *s);

/* Answer one request into out (its text replaced); returns the status. */
int	site_request(struct site *s, const struct site_req *q,
	    struct site_reply *out);

void	site_reply_free(struct site_reply *out);

#endif /* TOPPER_SOAK_SITE_H */
