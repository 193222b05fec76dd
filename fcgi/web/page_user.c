/*
 * page_user.c: player pages (page_user.h).  One json-c tree holds the
 * facts; the JSON answer prints it and the page renders it through
 * tpl_ctx_json, so the two cannot disagree.
 */
#include "page_user.h"

#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "arena.h"
#include "db.h"
#include "form.h"
#include "page.h"
#include "plot.h"
#include "req.h"
#include "resp.h"
#include "serve.h"
#include "sess.h"
#include "store_archive.h"
#include "store_rating.h"
#include "store_social.h"
#include "store_user.h"
#include "tpl.h"

enum { USER_FINISHED_MAX = 20, USER_RUNNING_MAX = 50 };

/* The name in the path, without ".json"; *json set when it had it. */
static const char *
path_name(struct req *r, int *json)
{
	const char	*s = r->caps[0].str;
	size_t		 n = strlen(s);

	*json = n > 5 && strcmp(s + n - 5, ".json") == 0;
	return *json ? arena_strndup(r->arena, s, n - 5) : s;
}

/* A player's place and score in each listed game ("you" = user). */
static void
mark_results(struct json_object *rows, const char *name)
{
	struct json_object	*g, *ps, *p;
	size_t			 i, j;

	for (i = 0; i < json_object_array_length(rows); i++) {
		g = json_object_array_get_idx(rows, i);
		ps = json_object_object_get(g, "players");
		for (j = 0; j < json_object_array_length(ps); j++) {
			p = json_object_array_get_idx(ps, j);
			if (strcasecmp(json_object_get_string(
			    json_object_object_get(p, "name")), name) != 0)
				continue;
			json_object_object_add(g, "my_score", json_object_get(
			    json_object_object_get(p, "score")));
			json_object_object_add(g, "my_place", json_object_get(
			    json_object_object_get(p, "place")));
			json_object_object_add(g, "my_won", json_object_get(
			    json_object_object_get(p, "won")));
		}
	}
}

/* The facts about u as seen by viewer (0: anonymous), or NULL. */
static struct json_object *
user_facts(struct req *r, const struct store_user *u, int64_t viewer)
{
	struct store_archive_query q;
	struct json_object	*root, *rows;
	int			 more, won, lost, drawn;

	root = json_object_new_object();
	json_object_object_add(root, "name", json_object_new_string(u->name));
	json_object_object_add(root, "bot", json_object_new_boolean(u->is_bot));
	json_object_object_add(root, "member_since",
	    json_object_new_int64(u->created));

	memset(&q, 0, sizeof(q));
	q.user = u->id;
	q.status = 1;
	q.limit = USER_RUNNING_MAX;
	if (store_archive_list(r->app->db, &q, &rows, &more) != DB_OK)
		goto fail;
	json_object_object_add(root, "running", rows);
	q.status = 0;
	q.limit = USER_FINISHED_MAX;
	if (store_archive_list(r->app->db, &q, &rows, &more) != DB_OK)
		goto fail;
	mark_results(rows, u->name);
	json_object_object_add(root, "finished", rows);
	json_object_object_add(root, "more_finished",
	    json_object_new_boolean(more));
	if (store_rating_of_user(r->app->db, u->id, &rows) != DB_OK)
		goto fail;
	json_object_object_add(root, "ratings", rows);
	if (viewer != 0 && viewer != u->id) {
		if (store_archive_h2h(r->app->db, viewer, u->id, &won, &lost,
		    &drawn) != DB_OK)
			goto fail;
		rows = json_object_new_object();
		json_object_object_add(rows, "won", json_object_new_int(won));
		json_object_object_add(rows, "lost", json_object_new_int(lost));
		json_object_object_add(rows, "drawn",
		    json_object_new_int(drawn));
		json_object_object_add(root, "vs_you", rows);
	}
	return root;
fail:
	json_object_put(root);
	return NULL;
}

/* The page's extras: times, plots, the viewer's block state. */
static void
page_extras(struct req *r, struct json_object *root, const char *name,
    int64_t uid, int64_t viewer)
{
	struct json_object	*rs, *o, *h;
	double			 y[PLOT_POINTS_MAX];
	char			 when[PAGE_TIME_MAX], svg[PLOT_SVG_MAX];
	char			 label[128];
	size_t			 i, j, n;
	const char		*keys[2] = { "running", "finished" };
	int			 k;

	json_object_object_add(root, "since", json_object_new_string(
	    page_time(r, json_object_get_int64(json_object_object_get(root,
	    "member_since")), when)));
	for (k = 0; k < 2; k++) {
		rs = json_object_object_get(root, keys[k]);
		for (i = 0; i < json_object_array_length(rs); i++) {
			o = json_object_array_get_idx(rs, i);
			json_object_object_add(o, "when", json_object_new_string(
			    page_time(r, json_object_get_int64(
			    json_object_object_get(o, k ? "finished" :
			    "updated")), when)));
		}
	}
	rs = json_object_object_get(root, "ratings");
	for (i = 0; i < json_object_array_length(rs); i++) {
		o = json_object_array_get_idx(rs, i);
		h = json_object_object_get(o, "history");
		n = json_object_array_length(h);
		for (j = 0; j < n && j < PLOT_POINTS_MAX; j++)
			y[j] = json_object_get_double(json_object_object_get(
			    json_object_array_get_idx(h, j), "rating"));
		snprintf(label, sizeof(label), "Rating of %s in %s after each "
		    "rated game", name, json_object_get_string(
		    json_object_object_get(o, "game_name")));
		if (plot_svg(y, (int)j, label, svg, sizeof(svg)) > 0)
			json_object_object_add(o, "plot_html",
			    json_object_new_string(svg));
	}
	json_object_object_add(root, "has_running", json_object_new_boolean(
	    json_object_array_length(json_object_object_get(root,
	    "running")) > 0));
	json_object_object_add(root, "has_finished", json_object_new_boolean(
	    json_object_array_length(json_object_object_get(root,
	    "finished")) > 0));
	json_object_object_add(root, "has_ratings", json_object_new_boolean(
	    json_object_array_length(rs) > 0));
	if (viewer != 0 && viewer == uid &&
	    store_social_block_list(r->app->db, uid, &o) == DB_OK) {
		json_object_object_add(root, "has_blocks",
		    json_object_new_boolean(json_object_array_length(o) > 0));
		json_object_object_add(root, "blocks", o);
	}
	if (viewer != 0 && viewer != uid) {
		json_object_object_add(root, "can_block",
		    json_object_new_boolean(1));
		json_object_object_add(root, "blocked", json_object_new_boolean(
		    store_social_blocks(r->app->db, viewer, uid)));
	}
}

void
page_user_show(struct req *r)
{
	const struct sess_user	*me = sess_current(r);
	struct store_user	 u;
	struct json_object	*root;
	struct tpl_ctx		 ctx;
	const char		*name;
	char			 title[64];
	int			 json;
	int64_t			 viewer = me != NULL ? me->id : 0;

	name = path_name(r, &json);
	if (name == NULL || store_user_check_name(name) != STORE_USER_OK ||
	    store_user_by_name(r->app->db, name, &u) != STORE_USER_OK) {
		if (json)
			resp_json(r, 404, "{\"error\":\"There is no such "
			    "player.\"}");
		else
			resp_fail(r, 404, "There is no player by that name.");
		return;
	}
	if ((root = user_facts(r, &u, viewer)) == NULL) {
		resp_fail(r, 500, "This player's page could not be made.");
		return;
	}
	if (json) {
		resp_json_object(r, 200, root);
		json_object_put(root);
		return;
	}
	page_extras(r, root, u.name, u.id, viewer);
	snprintf(title, sizeof(title), "%s", u.name);
	ctx = tpl_ctx_json(root);
	page_render(r, "user", &ctx, title);
	json_object_put(root);
}

enum { BF_CSRF, BF_BLOCK, BF__MAX };
static const struct form_field block_fields[BF__MAX] = {
	[BF_CSRF] = { "csrf", NULL, 0, 0 },
	[BF_BLOCK] = { "block", form_uint, FORM_REQUIRED, 1 },
};

void
page_user_block(struct req *r)
{
	const struct sess_user	*me = sess_current(r);
	struct store_user	 u;
	struct form_val		 v[BF__MAX];
	struct form_err		 err;

	if (me == NULL) {
		resp_fail(r, 403, "Please log in first.");
		return;
	}
	if (form_parse(r->arena, block_fields, BF__MAX, r->body, r->body_len,
	    NULL, v, &err) != FORM_OK) {
		resp_fail(r, 400, "%s", err.why);
		return;
	}
	if (store_user_check_name(r->caps[0].str) != STORE_USER_OK ||
	    store_user_by_name(r->app->db, r->caps[0].str, &u) !=
	    STORE_USER_OK) {
		resp_fail(r, 404, "There is no player by that name.");
		return;
	}
	if (u.id == me->id) {
		resp_fail(r, 400, "You cannot block yourself.");
		return;
	}
	if (db_begin_immediate(r->app->db) != DB_OK) {
		resp_fail(r, 503, "The server is busy; please try again.");
		return;
	}
	if (store_social_block(r->app->db, me->id, u.id, v[BF_BLOCK].u == 1) !=
	    DB_OK || db_commit(r->app->db) != DB_OK) {
		db_rollback_if_open(r->app->db);
		resp_fail(r, 500, "That could not be saved.");
		return;
	}
	resp_redirect(r, 303, "/u/%s", u.name);
}
