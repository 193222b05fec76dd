/*
 * site.c: the site in this process (site.h).
 */
#include "site.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "arena.h"
#include "auth.h"
#include "db.h"
#include "migrate.h"
#include "page.h"
#include "req.h"
#include "resp.h"
#include "route.h"
#include "routes.h"
#include "sess.h"
#include "tpl.h"

int
site_open(struct site *s, const char *config_path)
{
	struct tpl_err	 err;
	char		 why[512], dir[4096];

	memset(s, 0, sizeof(*s));
	if (config_load(&s->cf, config_path, why, sizeof(why)) != 0) {
		fprintf(stderr, "site: %s\n", why);
		return -1;
	}
	s->app.config = &s->cf;
	arena_init(&s->app.arena, SERVE_ARENA_LIMIT);
	if ((s->app.db = db_open(s->cf.db, 0)) == NULL ||
	    migrate_check(s->app.db) != 0) {
		fprintf(stderr, "site: cannot open %s\n", s->cf.db);
		site_close(s);
		return -1;
	}
	snprintf(dir, sizeof(dir), "%s/templates", s->cf.data_dir);
	memset(&err, 0, sizeof(err));
	if (tpl_set_load(dir, &s->app.tpl, &err) != TPL_OK) {
		fprintf(stderr, "site: templates %s: %s:%d: %s\n", dir,
		    err.name, err.line, err.msg);
		site_close(s);
		return -1;
	}
	routes_install();
	return 0;
}

void
site_close(struct site *s)
{
	tpl_set_free(s->app.tpl);
	s->app.tpl = NULL;
	db_close(s->app.db);
	s->app.db = NULL;
	arena_free(&s->app.arena);
	config_free(&s->cf);
}

static void
put(void *arg, const char *p, size_t n)
{
	struct site_reply	*o = arg;
	char			*t;
	size_t			 cap;

	if (o->len + n + 1 > o->cap) {
		cap = (o->len + n + 1) * 2;
		if ((t = realloc(o->text, cap)) == NULL) {
			fprintf(stderr, "site: out of memory\n");
			abort();
		}
		o->text = t;
		o->cap = cap;
	}
	memcpy(o->text + o->len, p, n);
	o->len += n;
	o->text[o->len] = '\0';
}

int
site_request(struct site *s, const struct site_req *q, struct site_reply *out)
{
	struct req	 r;
	char		*env[16], buf[16][1024];
	int		 n = 0;

#define ENV(name, val) do {						\
	if ((val) != NULL) {						\
		snprintf(buf[n], sizeof(buf[n]), "%s=%s", name, val);	\
		env[n] = buf[n];					\
		n++;							\
	}								\
} while (0)
	char	 cl[32];

	ENV("REQUEST_METHOD", q->method);
	ENV("DOCUMENT_URI", q->path);
	ENV("QUERY_STRING", q->query != NULL ? q->query : "");
	ENV("HTTP_COOKIE", q->cookie);
	ENV("HTTP_HOST", "127.0.0.1");
	ENV("HTTP_X_CSRF_TOKEN", q->csrf);
	ENV("HTTP_AUTHORIZATION", q->auth);
	ENV("HTTP_IF_NONE_MATCH", q->if_none_match);
	ENV("REMOTE_ADDR", "127.0.0.1");
	if (q->body != NULL) {
		snprintf(cl, sizeof(cl), "%zu", strlen(q->body));
		ENV("CONTENT_LENGTH", cl);
		ENV("CONTENT_TYPE", q->content_type != NULL ?
		    q->content_type : "application/json");
	}
#undef ENV
	env[n] = NULL;

	memset(&s->app.rq, 0, sizeof(s->app.rq));
	if (req_init(&r, &s->app.arena, env) != REQ_OK) {
		fprintf(stderr, "site: req_init failed\n");
		abort();
	}
	r.app = &s->app;
	if (q->body != NULL) {
		r.body = arena_strndup(&s->app.arena, q->body,
		    strlen(q->body));
		r.body_len = strlen(q->body);
	}
	routes_dispatch(&r);
	if (s->app.db != NULL)
		db_end_read(s->app.db);
	out->len = 0;
	put(out, "", 0);
	out->status = resp_write(&r, put, out);
	arena_reset(&s->app.arena);
	return out->status;
}

void
site_reply_free(struct site_reply *out)
{
	free(out->text);
	memset(out, 0, sizeof(*out));
}

int
site_login(struct site *s, const char *name, long long now,
    struct site_who *w)
{
	unsigned char	 h[SESS_HASH_BYTES];
	char		 tok[SESS_TOKEN_TEXT];
	sqlite3		*db;
	sqlite3_stmt	*st = NULL;
	int		 rc = -1;

	memset(w, 0, sizeof(*w));
	snprintf(w->name, sizeof(w->name), "%s", name);
	if (sqlite3_open(s->cf.db, &db) != SQLITE_OK)
		goto out;
	sqlite3_busy_timeout(db, 5000);
	if (sqlite3_prepare_v2(db, "SELECT id FROM users WHERE name = ?1",
	    -1, &st, NULL) != SQLITE_OK)
		goto out;
	sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
	if (sqlite3_step(st) != SQLITE_ROW)
		goto out;
	w->uid = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	sess_token_new(tok);
	sess_token_new(w->csrf);
	sess_token_hash(tok, h);
	snprintf(w->cookie, sizeof(w->cookie), "%s=%s", SESS_COOKIE, tok);
	if (sqlite3_prepare_v2(db, "INSERT INTO sessions (token_hash, user, "
	    "csrf, created, expires, last_seen) VALUES (?1, ?2, ?3, ?4, ?5, "
	    "?4)", -1, &st, NULL) != SQLITE_OK)
		goto out;
	sqlite3_bind_blob(st, 1, h, sizeof(h), SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, w->uid);
	sqlite3_bind_text(st, 3, w->csrf, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 4, now);
	sqlite3_bind_int64(st, 5, now + SESS_LIFETIME);
	if (sqlite3_step(st) == SQLITE_DONE)
		rc = 0;
out:
	if (rc != 0)
		fprintf(stderr, "site: cannot sign %s in: %s\n", name,
		    db != NULL ? sqlite3_errmsg(db) : "no database");
	sqlite3_finalize(st);
	sqlite3_close(db);
	return rc;
}
