/*
 * page_rating.c: the leaderboards (page_rating.h).  The page's context
 * is a json-c tree (tpl_ctx_json), the same rows the store returns.
 */
#include "page_rating.h"

#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "form.h"
#include "game.h"
#include "page.h"
#include "req.h"
#include "resp.h"
#include "serve.h"
#include "store_rating.h"
#include "tpl.h"

/* Every game's name and slug, for the index and the board's menu. */
static struct json_object *
games_list(const char *current)
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
		json_object_object_add(o, "current", json_object_new_boolean(
		    current != NULL && strcmp(current, all[i]->slug) == 0));
		json_object_array_add(arr, o);
	}
	return arr;
}

void
page_rating_index(struct req *r)
{
	struct json_object	*root = json_object_new_object();
	struct tpl_ctx		 ctx;

	json_object_object_add(root, "games", games_list(NULL));
	json_object_object_add(root, "index", json_object_new_boolean(1));
	ctx = tpl_ctx_json(root);
	page_render(r, "ratings", &ctx, "Ratings");
	json_object_put(root);
}

enum { BF_MIN, BF__MAX };
static const struct form_field board_fields[BF__MAX] = {
	[BF_MIN] = { "min", form_uint, 0, 10000 },
};

void
page_rating_board(struct req *r)
{
	const struct game_rules	*rules;
	struct form_val		 v[BF__MAX];
	struct json_object	*root, *rows = NULL;
	struct tpl_ctx		 ctx;
	char			 title[96];
	int			 min = STORE_RATING_BOARD_MIN;

	if ((rules = game_find(r->caps[0].str)) == NULL) {
		resp_fail(r, 404, "There is no game by that name.");
		return;
	}
	if (form_parse(r->arena, board_fields, BF__MAX, r->query,
	    strlen(r->query), NULL, v, NULL) != FORM_OK) {
		resp_fail(r, 400, "The minimum number of games must be a "
		    "whole number.");
		return;
	}
	if (v[BF_MIN].present)
		min = v[BF_MIN].u < 1 ? 1 : (int)v[BF_MIN].u;
	if (store_rating_board(r->app->db, rules->slug, min, &rows) !=
	    DB_OK) {
		resp_fail(r, 500, "The ratings could not be read.");
		return;
	}
	root = json_object_new_object();
	json_object_object_add(root, "games", games_list(rules->slug));
	json_object_object_add(root, "game_name",
	    json_object_new_string(rules->name));
	json_object_object_add(root, "slug",
	    json_object_new_string(rules->slug));
	json_object_object_add(root, "min", json_object_new_int(min));
	json_object_object_add(root, "has_rows", json_object_new_boolean(
	    json_object_array_length(rows) > 0));
	json_object_object_add(root, "rows", rows);
	snprintf(title, sizeof(title), "Ratings: %s", rules->name);
	ctx = tpl_ctx_json(root);
	page_render(r, "ratings", &ctx, title);
	json_object_put(root);
}
