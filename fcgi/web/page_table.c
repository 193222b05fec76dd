/*
 * page_table.c: chat, mute and notes at a table (page_table.h).
 */
#include "page_table.h"

#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "arena.h"
#include "db.h"
#include "form.h"
#include "page.h"
#include "req.h"
#include "resp.h"
#include "serve.h"
#include "sess.h"
#include "store_game.h"
#include "store_rating.h"
#include "store_social.h"
#include "tpl.h"

struct chat_line {
	const char	*name;
	const char	*text;
	const char	*when;
	int		 ply;
};

struct table_view {
	int64_t			 id;
	struct chat_line	*lines;
	int			 nlines;
	const char		*state;		/* open, closed, muted */
	int			 seated;
	int			 signed_in;
	int			 with_note;
	int			 rated;
	const char		*note;
};

static int
line_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct chat_line	*l = data;

	if (strcmp(key, "name") == 0)
		return tpl_str(out, l->name);
	if (strcmp(key, "text") == 0)
		return tpl_str(out, l->text);
	if (strcmp(key, "when") == 0)
		return tpl_str(out, l->when);
	if (strcmp(key, "after_ply") == 0)
		return tpl_int(out, l->ply);
	return tpl_none(out);
}

static int
line_item(const void *list, size_t i, struct tpl_ctx *out)
{
	out->lookup = line_lookup;
	out->data = (const struct chat_line *)list + i;
	return 0;
}

static int
table_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct table_view	*t = data;

	if (strcmp(key, "chat") == 0)
		return tpl_list(out, (size_t)t->nlines, line_item, t->lines);
	if (strcmp(key, "has_chat") == 0)
		return tpl_bool(out, t->nlines > 0);
	if (strcmp(key, "chat_closed") == 0)
		return tpl_bool(out, strcmp(t->state, "closed") == 0);
	if (strcmp(key, "chat_muted") == 0)
		return tpl_bool(out, strcmp(t->state, "muted") == 0);
	if (strcmp(key, "can_chat") == 0)
		return tpl_bool(out, t->seated && t->with_note);
	if (strcmp(key, "can_mute") == 0)
		return tpl_bool(out, t->signed_in && t->with_note &&
		    strcmp(t->state, "closed") != 0);
	if (strcmp(key, "can_note") == 0)
		return tpl_bool(out, t->seated && t->with_note);
	if (strcmp(key, "note") == 0)
		return tpl_str(out, t->note);
	if (strcmp(key, "chat_max") == 0)
		return tpl_int(out, STORE_SOCIAL_CHAT_MAX);
	if (strcmp(key, "note_max") == 0)
		return tpl_int(out, STORE_SOCIAL_NOTE_MAX);
	if (strcmp(key, "table_id") == 0)
		return tpl_int(out, t->id);
	if (strcmp(key, "table_rated") == 0)
		return tpl_bool(out, t->rated);
	return tpl_none(out);
}

static int
table_item(const void *list, size_t i, struct tpl_ctx *out)
{
	(void)i;
	out->lookup = table_lookup;
	out->data = list;
	return 0;
}

int
page_table_value(struct req *r, const struct store_game *g, int seat,
    int with_note, struct tpl_val *out)
{
	const struct sess_user	*me = sess_current(r);
	struct table_view	*t;
	struct json_object	*arr = NULL, *o;
	char			 when[PAGE_TIME_MAX];
	char			*note = NULL;
	size_t			 i, n;

	tpl_none(out);
	if ((t = arena_calloc(r->arena, sizeof(*t))) == NULL)
		return -1;
	t->id = g->id;
	t->seated = seat >= 0 && me != NULL;
	t->signed_in = me != NULL;
	t->with_note = with_note;
	if (store_rating_is_rated(r->app->db, g->id, &t->rated) != DB_OK)
		return -1;
	if (store_social_chat_list(r->app->db, g->id, me != NULL ? me->id : 0,
	    t->seated, &arr, &t->state) != DB_OK)
		return -1;
	n = json_object_array_length(arr);
	if (n > 0 && (t->lines = arena_calloc(r->arena, n *
	    sizeof(*t->lines))) == NULL) {
		json_object_put(arr);
		return -1;
	}
	/* Copied into the arena: the tree goes before the page renders. */
	for (i = 0; i < n; i++) {
		o = json_object_array_get_idx(arr, i);
		t->lines[i].name = arena_strdup(r->arena, json_object_get_string(
		    json_object_object_get(o, "name")));
		t->lines[i].text = arena_strdup(r->arena, json_object_get_string(
		    json_object_object_get(o, "text")));
		t->lines[i].when = arena_strdup(r->arena, page_time(r,
		    json_object_get_int64(json_object_object_get(o, "at")),
		    when));
		t->lines[i].ply = json_object_get_int(json_object_object_get(o,
		    "ply"));
	}
	t->nlines = (int)n;
	json_object_put(arr);
	if (t->seated && with_note) {
		if (store_social_note_get(r->app->db, r->arena, g->id, me->id,
		    &note) != DB_OK)
			return -1;
		t->note = note;
	}
	return tpl_list(out, 1, table_item, t);
}

/* The viewer's seat in game id (loaded into g), or -1; 404/500 sent. */
static int
load_seat(struct req *r, struct store_game *g, int *seat)
{
	int	 s;

	switch (store_game_load(r->app->db, r->arena, req_id(r, 0), g)) {
	case DB_OK:
		break;
	case DB_NOTFOUND:
		resp_fail(r, 404, "There is no such game.");
		return -1;
	default:
		resp_fail(r, 500, "This game could not be loaded.");
		return -1;
	}
	*seat = -1;
	for (s = 0; s < g->nseats; s++)
		if (g->user[s] != 0 && g->user[s] == r->uid && *seat < 0)
			*seat = s;
	return 0;
}

enum { CF_CSRF, CF_TEXT, CF__MAX };
static const struct form_field chat_fields[CF__MAX] = {
	[CF_CSRF] = { "csrf", NULL, 0, 0 },
	[CF_TEXT] = { "text", form_line, FORM_REQUIRED,
	    STORE_SOCIAL_CHAT_MAX },
};

void
page_table_chat(struct req *r)
{
	struct store_game	 g;
	struct form_val		 v[CF__MAX];
	struct form_err		 err;
	char			 why[STORE_SOCIAL_WHY_MAX];
	int			 seat, blocked;
	enum db_rc		 rc;

	if (form_parse(r->arena, chat_fields, CF__MAX, r->body, r->body_len,
	    NULL, v, &err) != FORM_OK) {
		resp_fail(r, 400, "%s", err.rc == FORM_MISSING ?
		    "Write a message first." : err.why);
		return;
	}
	if (db_begin_immediate(r->app->db) != DB_OK) {
		resp_fail(r, 503, "The server is busy; please try again.");
		return;
	}
	if (load_seat(r, &g, &seat) != 0)
		goto out;
	if (seat < 0) {
		resp_fail(r, 403, "Only the players at this table may write "
		    "in its chat.");
		goto out;
	}
	rc = store_social_chat_add(r->app->db, g.id, seat, r->uid, g.ply,
	    v[CF_TEXT].s, &blocked, why);
	if (rc == DB_REFUSED) {
		resp_fail(r, blocked ? 403 : 429, "%s", why);
		goto out;
	}
	if (rc != DB_OK || db_commit(r->app->db) != DB_OK) {
		resp_fail(r, 500, "The message could not be saved.");
		goto out;
	}
	resp_redirect(r, 303, "/g/%lld#chat", (long long)g.id);
out:
	db_rollback_if_open(r->app->db);
}

enum { MF_CSRF, MF_MUTE, MF__MAX };
static const struct form_field mute_fields[MF__MAX] = {
	[MF_CSRF] = { "csrf", NULL, 0, 0 },
	[MF_MUTE] = { "mute", form_uint, FORM_REQUIRED, 1 },
};

void
page_table_mute(struct req *r)
{
	struct store_game	 g;
	struct form_val		 v[MF__MAX];
	struct form_err		 err;
	int			 seat;

	if (form_parse(r->arena, mute_fields, MF__MAX, r->body, r->body_len,
	    NULL, v, &err) != FORM_OK) {
		resp_fail(r, 400, "%s", err.why);
		return;
	}
	if (db_begin_immediate(r->app->db) != DB_OK) {
		resp_fail(r, 503, "The server is busy; please try again.");
		return;
	}
	if (load_seat(r, &g, &seat) != 0)
		goto out;
	if (store_social_mute(r->app->db, g.id, r->uid, v[MF_MUTE].u == 1) !=
	    DB_OK || db_commit(r->app->db) != DB_OK) {
		resp_fail(r, 500, "That could not be saved.");
		goto out;
	}
	resp_redirect(r, 303, "/g/%lld#chat", (long long)g.id);
out:
	db_rollback_if_open(r->app->db);
}

enum { NF_CSRF, NF_NOTE, NF__MAX };
static const struct form_field note_fields[NF__MAX] = {
	[NF_CSRF] = { "csrf", NULL, 0, 0 },
	[NF_NOTE] = { "note", form_text, 0, STORE_SOCIAL_NOTE_MAX },
};

void
page_table_note(struct req *r)
{
	struct store_game	 g;
	struct form_val		 v[NF__MAX];
	struct form_err		 err;
	int			 seat;

	if (form_parse(r->arena, note_fields, NF__MAX, r->body, r->body_len,
	    NULL, v, &err) != FORM_OK) {
		resp_fail(r, 400, "%s", err.why);
		return;
	}
	if (db_begin_immediate(r->app->db) != DB_OK) {
		resp_fail(r, 503, "The server is busy; please try again.");
		return;
	}
	if (load_seat(r, &g, &seat) != 0)
		goto out;
	if (seat < 0) {
		resp_fail(r, 403, "Only the players at this table keep notes "
		    "on it.");
		goto out;
	}
	if (store_social_note_put(r->app->db, g.id, r->uid,
	    v[NF_NOTE].present ? v[NF_NOTE].s : "") != DB_OK ||
	    db_commit(r->app->db) != DB_OK) {
		resp_fail(r, 500, "The note could not be saved.");
		goto out;
	}
	resp_redirect(r, 303, "/g/%lld#note", (long long)g.id);
out:
	db_rollback_if_open(r->app->db);
}
