/*
 * test_sess.h: the fixture the session and auth unit tests share: a
 * real database in a temp dir holding the user alice, requests built
 * from FastCGI-style environments as serve.c builds them, the routes
 * they run on, and a login.  Included by test_sess*.c only, after
 * cmocka.h.
 */
#ifndef TEST_SESS_H
#define TEST_SESS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "config.h"
#include "db.h"
#include "migrate.h"
#include "req.h"
#include "resp.h"
#include "route.h"
#include "serve.h"
#include "sess.h"
#include "store_user.h"
#include "test_tmpdb.h"

struct fx {
	struct tmpdb	 tmp;
	struct config	 cf;
	struct app	 app;
	struct req	 r;
	int64_t		 alice;
};

static inline void
nop(struct req *r)
{
	(void)r;
}

static const struct route rt_page = { REQ_GET, "/p", nop, R_LOGIN | R_TOUCH };
static const struct route rt_open = { REQ_GET, "/o", nop, 0 };
static const struct route rt_post = { REQ_POST, "/q", nop,
	R_LOGIN | R_POST_CSRF | R_WRITES };
static const struct route rt_api = { REQ_GET, "/api/x", nop,
	R_API | R_LOGIN };
static const struct route rt_apipost = { REQ_POST, "/api/y", nop,
	R_API | R_LOGIN | R_WRITES };

static inline int
setup(void **state)
{
	struct fx	*f;

	if ((f = calloc(1, sizeof(*f))) == NULL)
		return -1;
	if (tmpdb_make(&f->tmp, "sess") != 0)
		return -1;
	if ((f->app.db = db_open(f->tmp.path, DB_CREATE)) == NULL ||
	    migrate_apply(f->app.db) < 1 ||
	    db_query_only(f->app.db, 1) != DB_OK)
		return -1;
	f->cf.pwhash = CONFIG_PWHASH_MIN;
	f->cf.login_rate_n = 3;
	f->cf.login_rate_secs = 60;
	f->app.config = &f->cf;
	arena_init(&f->app.arena, 0);
	db_query_only(f->app.db, 0);
	if (store_user_create(f->app.db, "alice", "a@example.org",
	    "pass-word", "Europe/Paris", 0, CONFIG_PWHASH_MIN, &f->alice) !=
	    STORE_USER_OK)
		return -1;
	db_query_only(f->app.db, 1);
	*state = f;
	return 0;
}

static inline int
teardown(void **state)
{
	struct fx	*f = *state;

	db_close(f->app.db);
	arena_free(&f->app.arena);
	tmpdb_remove(&f->tmp);
	free(f);
	return 0;
}

/*
 * A new request with the given environment (NULL-terminated list of
 * "NAME=value"), on route rt, as serve.c starts one.
 */
static inline struct req *
request(struct fx *f, const struct route *rt, char **env)
{
	db_end_read(f->app.db);		/* as serve.c ends every request */
	arena_reset(&f->app.arena);
	memset(&f->app.rq, 0, sizeof(f->app.rq));
	assert_int_equal(req_init(&f->r, &f->app.arena, env), REQ_OK);
	f->r.app = &f->app;
	f->r.route = rt;
	return &f->r;
}

/* The value of the first header name in the reply head, or NULL. */
static inline const char *
header(struct req *r, const char *name)
{
	const char	*p = r->resp.head.data;
	size_t		 n = strlen(name);

	for (; p != NULL && *p != '\0'; p = strstr(p, "\r\n") + 2)
		if (strncmp(p, name, n) == 0 && p[n] == ':')
			return p + n + 2;
	return NULL;
}

/* The token of the topper_session cookie set in r's reply. */
static inline void
cookie_token(struct req *r, char out[SESS_TOKEN_TEXT])
{
	const char	*h = header(r, "Set-Cookie");

	assert_non_null(h);
	assert_true(strncmp(h, SESS_COOKIE "=", sizeof(SESS_COOKIE)) == 0);
	memcpy(out, h + sizeof(SESS_COOKIE), SESS_TOKEN_TEXT - 1);
	out[SESS_TOKEN_TEXT - 1] = '\0';
	assert_true(sess_token_valid(out));
}

static inline int64_t
count(struct fx *f, const char *sql)
{
	sqlite3_stmt	*st;
	int64_t		 n;

	assert_int_equal(sqlite3_prepare_v2(db_handle(f->app.db), sql, -1,
	    &st, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	n = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return n;
}

/* Run sql on the connection in use now (read-only or not). */
static inline int
exec(struct fx *f, const char *sql)
{
	return sqlite3_exec(db_handle(f->app.db), sql, NULL, NULL, NULL);
}

/* Log alice in through a POST request; returns her cookie token. */
static inline void
login(struct fx *f, char tok[SESS_TOKEN_TEXT])
{
	char	*env[] = { "REQUEST_METHOD=POST", "DOCUMENT_URI=/login",
		NULL };
	struct req *r = request(f, &rt_open, env);

	db_query_only(f->app.db, 0);
	assert_int_equal(sess_login(r, f->alice), 0);
	db_query_only(f->app.db, 1);
	assert_int_equal(r->uid, f->alice);
	cookie_token(r, tok);
}

#endif /* TEST_SESS_H */
