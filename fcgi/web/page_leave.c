/*
 * page_leave.c: resign, abort and rematch on the page and in the API
 * (page_leave.h).  Each POST is page_game_move()'s shape: one BEGIN
 * IMMEDIATE, the play layer's call, COMMIT, 303; every refusal goes
 * out through a rollback.
 */
#include "page_leave.h"

#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "arena.h"
#include "db.h"
#include "form.h"
#include "leave.h"
#include "page_game.h"
#include "req.h"
#include "resp.h"
#include "serve.h"
#include "sess.h"
#include "store_game.h"
#include "tpl.h"

enum leave_what { LW_RESIGN, LW_ABORT, LW_REMATCH };

/* ---- the POSTs ---- */

enum { LF_CSRF, LF_CONFIRM, LF__MAX };

static const struct form_field leave_fields[LF__MAX] = {
	[LF_CSRF] = { "csrf", NULL, 0, 0 },
	[LF_CONFIRM] = { "confirm", form_uint, 0, 1 },
};

/* The seat uid holds in g: the first one, or -1. */
static int
seat_of(const struct store_game *g, long long uid)
{
	int	 s;

	for (s = 0; uid > 0 && s < g->nseats; s++)
		if (g->user[s] == uid)
			return s;
	return -1;
}

static enum leave_rc
act(struct db *db, enum leave_what what, struct store_game *g, int seat,
    int64_t *new_game, char why[GAME_WHY_MAX])
{
	*new_game = 0;
	switch (what) {
	case LW_RESIGN:
		return leave_resign(db, g, seat, why);
	case LW_ABORT:
		return leave_abort(db, g, seat, why);
	default:
		return leave_rematch(db, g, seat, new_game, why);
	}
}

/* Load game id into g inside the write transaction; answers on failure. */
static int
load(struct req *r, struct store_game *g)
{
	switch (store_game_load(r->app->db, r->arena, req_id(r, 0), g)) {
	case DB_OK:
		return 0;
	case DB_NOTFOUND:
		resp_fail(r, 404, "There is no such game.");
		return -1;
	default:
		resp_fail(r, 500, "This game could not be loaded.");
		return -1;
	}
}

/*
 * The step shared by the form and the API: in one write transaction,
 * load the game and act for the signed-in user's seat.  0: done and
 * committed, g as it is now, *new_game the rematch (or 0).  1: refused
 * by the rules, nothing changed, the reason in why for the caller to
 * answer.  -1: already answered, nothing changed.
 */
static int
run(struct req *r, enum leave_what what, struct store_game *g,
    int64_t *new_game, char why[GAME_WHY_MAX])
{
	enum leave_rc	 rc;

	if (db_begin_immediate(r->app->db) != DB_OK) {
		resp_fail(r, 503, "The server is busy; please try again.");
		return -1;
	}
	if (load(r, g) != 0) {
		db_rollback_if_open(r->app->db);
		return -1;
	}
	switch ((rc = act(r->app->db, what, g, seat_of(g, r->uid), new_game,
	    why))) {
	case LEAVE_OK:
		if (db_commit(r->app->db) == DB_OK)
			return 0;
		resp_fail(r, 500, "That could not be saved.");
		break;
	case LEAVE_REFUSED:
		break;
	case LEAVE_NOT_SEATED:
		resp_fail(r, 403, "You do not hold a seat in this game.");
		break;
	case LEAVE_CONFLICT:
		resp_fail(r, 409, "%s", why);
		break;
	default:
		resp_fail(r, 500, "That could not be saved.");
		break;
	}
	db_rollback_if_open(r->app->db);
	return rc == LEAVE_REFUSED ? 1 : -1;
}

static void
page_post(struct req *r, enum leave_what what)
{
	struct store_game	 g;
	struct form_val		 v[LF__MAX];
	struct form_err		 err;
	char			 why[GAME_WHY_MAX];
	int64_t			 new_game;

	if (form_parse(r->arena, leave_fields, LF__MAX, r->body, r->body_len,
	    NULL, v, &err) != FORM_OK) {
		resp_fail(r, 400, "%s", err.why);
		return;
	}
	if (what == LW_RESIGN && (!v[LF_CONFIRM].present ||
	    v[LF_CONFIRM].u != 1)) {
		resp_fail(r, 400, "Resigning is final: confirm it with the "
		    "button \"Yes, resign\" on the game's page.");
		return;
	}
	switch (run(r, what, &g, &new_game, why)) {
	case 0:
		resp_redirect(r, 303, "/g/%lld", (long long)(new_game > 0 ?
		    new_game : g.id));
		break;
	case 1:
		/* The game's page again, with the reason above the table. */
		if (load(r, &g) == 0)
			page_game_render(r, &g, 422, why);
		break;
	}
}

void
page_leave_resign(struct req *r)
{
	page_post(r, LW_RESIGN);
}

void
page_leave_abort(struct req *r)
{
	page_post(r, LW_ABORT);
}

void
page_leave_rematch(struct req *r)
{
	page_post(r, LW_REMATCH);
}

/* The API: no form, a JSON answer with the game's state after it. */
static void
api_post(struct req *r, enum leave_what what)
{
	struct store_game	 g;
	struct json_object	*o;
	char			 why[GAME_WHY_MAX];
	const char		*how;
	int64_t			 new_game;

	if (r->uid <= 0) {
		resp_fail(r, 401, "Sign in first.");
		return;
	}
	switch (run(r, what, &g, &new_game, why)) {
	case 0:
		break;
	case 1:
		resp_fail(r, 422, "%s", why);
		return;
	default:
		return;
	}
	o = json_object_new_object();
	json_object_object_add(o, "game", json_object_new_int64(g.id));
	json_object_object_add(o, "over", json_object_new_boolean(g.over));
	how = outcome_name(g.outcome.end);
	json_object_object_add(o, "ended", how != NULL ?
	    json_object_new_string(how) : NULL);
	if (new_game > 0)
		json_object_object_add(o, "rematch",
		    json_object_new_int64(new_game));
	resp_json_object(r, 200, o);
	json_object_put(o);
}

void
api_leave_resign(struct req *r)
{
	api_post(r, LW_RESIGN);
}

void
api_leave_abort(struct req *r)
{
	api_post(r, LW_ABORT);
}

void
api_leave_rematch(struct req *r)
{
	api_post(r, LW_REMATCH);
}
