/*
 * page_archive.c: the archive and record downloads (page_archive.h).
 */
#include "page_archive.h"

#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "form.h"
#include "game.h"
#include "page.h"
#include "req.h"
#include "resp.h"
#include "serve.h"
#include "store_archive.h"
#include "store_game.h"
#include "store_record.h"
#include "store_user.h"
#include "tpl.h"

enum { AF_GAME, AF_PLAYER, AF_BEFORE, AF__MAX };
static const struct form_field archive_fields[AF__MAX] = {
	[AF_GAME] = { "game", form_line, 0, 40 },
	[AF_PLAYER] = { "player", form_line, 0, 20 },
	[AF_BEFORE] = { "before", form_uint, 0, 0 },
};

/* The game menu, with slug selected. */
static struct json_object *
game_menu(const char *slug)
{
	const struct game_rules *const	*all = game_all();
	struct json_object		*arr = json_object_new_array(), *o;
	int				 i;

	for (i = 0; all[i] != NULL; i++) {
		o = json_object_new_object();
		json_object_object_add(o, "slug",
		    json_object_new_string(all[i]->slug));
		json_object_object_add(o, "name",
		    json_object_new_string(all[i]->name));
		json_object_object_add(o, "selected", json_object_new_boolean(
		    slug != NULL && strcmp(slug, all[i]->slug) == 0));
		json_object_array_add(arr, o);
	}
	return arr;
}

/* "When" text for each row's finished time, in the reader's zone. */
static void
add_times(struct req *r, struct json_object *rows)
{
	struct json_object	*o;
	char			 when[PAGE_TIME_MAX];
	size_t			 i, n = json_object_array_length(rows);

	for (i = 0; i < n; i++) {
		o = json_object_array_get_idx(rows, i);
		json_object_object_add(o, "when", json_object_new_string(
		    page_time(r, json_object_get_int64(json_object_object_get(
		    o, "finished")), when)));
	}
}

void
page_archive_show(struct req *r)
{
	const struct game_rules	*rules = NULL;
	struct store_archive_query q;
	struct store_user	 u;
	struct form_val		 v[AF__MAX];
	struct form_err		 err;
	struct json_object	*root, *rows = NULL;
	struct tpl_ctx		 ctx;
	const char		*player = NULL, *error = NULL;
	char			 next[160];
	int			 more = 0, nobody = 0;
	size_t			 n, len;

	if (form_parse(r->arena, archive_fields, AF__MAX, r->query,
	    strlen(r->query), NULL, v, &err) != FORM_OK) {
		resp_fail(r, 400, "%s", err.why);
		return;
	}
	memset(&q, 0, sizeof(q));
	q.limit = STORE_ARCHIVE_PAGE;
	if (v[AF_GAME].present && (rules = game_find(v[AF_GAME].s)) == NULL)
		error = "There is no game by that name.";
	else if (rules != NULL)
		q.slug = rules->slug;
	if (v[AF_PLAYER].present) {
		player = v[AF_PLAYER].s;
		if (store_user_check_name(player) != STORE_USER_OK ||
		    store_user_by_name(r->app->db, player, &u) !=
		    STORE_USER_OK)
			nobody = 1;
		else
			q.user = u.id;
	}
	if (v[AF_BEFORE].present)
		q.before = (int64_t)v[AF_BEFORE].u;
	if (error == NULL && !nobody &&
	    store_archive_list(r->app->db, &q, &rows, &more) != DB_OK) {
		resp_fail(r, 500, "The archive could not be read.");
		return;
	}
	if (rows == NULL)
		rows = json_object_new_array();
	add_times(r, rows);
	n = json_object_array_length(rows);
	root = json_object_new_object();
	json_object_object_add(root, "games", game_menu(q.slug));
	json_object_object_add(root, "player",
	    json_object_new_string(player != NULL ? player : ""));
	if (error != NULL)
		json_object_object_add(root, "error",
		    json_object_new_string(error));
	if (nobody)
		json_object_object_add(root, "nobody",
		    json_object_new_boolean(1));
	json_object_object_add(root, "has_rows",
	    json_object_new_boolean(n > 0));
	json_object_object_add(root, "rows", rows);
	if (more && n > 0) {
		/* The next page keeps the filters (names are [A-Za-z0-9_-]). */
		len = (size_t)snprintf(next, sizeof(next), "/archive?");
		if (q.slug != NULL)
			len += (size_t)snprintf(next + len, sizeof(next) - len,
			    "game=%s&", q.slug);
		if (player != NULL)
			len += (size_t)snprintf(next + len, sizeof(next) - len,
			    "player=%s&", player);
		snprintf(next + len, sizeof(next) - len, "before=%lld",
		    (long long)json_object_get_int64(json_object_object_get(
		    json_object_array_get_idx(rows, n - 1), "id")));
		json_object_object_add(root, "next",
		    json_object_new_string(next));
	}
	ctx = tpl_ctx_json(root);
	page_render_status(r, error != NULL ? 404 : 200, "archive", &ctx,
	    "Archive");
	json_object_put(root);
}

void
page_archive_record(struct req *r)
{
	struct store_game	 g;
	struct json_object	*o;
	char			 cd[80];

	switch (store_game_load(r->app->db, r->arena, req_id(r, 0), &g)) {
	case DB_OK:
		break;
	case DB_NOTFOUND:
		resp_fail(r, 404, "There is no such game.");
		return;
	default:
		resp_fail(r, 500, "This game could not be loaded.");
		return;
	}
	if (!g.over) {
		resp_fail(r, 409, "The record can be downloaded once the game "
		    "is over.");
		return;
	}
	if ((o = store_record_json(r->app->db, r->arena, &g)) == NULL) {
		resp_fail(r, 500, "This game's record could not be made.");
		return;
	}
	snprintf(cd, sizeof(cd), "attachment; filename=\"topper-%lld.json\"",
	    (long long)g.id);
	resp_json(r, 200, store_record_text(o));
	resp_puts(r, "\n");	/* byte for byte what "topper export" prints */
	resp_header(r, "Content-Disposition", cd);
	json_object_put(o);
}
