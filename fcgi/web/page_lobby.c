/*
 * page_lobby.c: the lobby, new games, joining, and "my games"
 * (page_lobby.h).  Small pages: their contexts are plain structs read
 * by lookups, and their queries live in store_lobby.c.
 */
#include "page_lobby.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <sodium.h>

#include "arena.h"
#include "db.h"
#include "form.h"
#include "page.h"
#include "page_deadline.h"
#include "page_lobby_words.h"
#include "req.h"
#include "resp.h"
#include "serve.h"
#include "sess.h"
#include "store_game.h"
#include "store_invite.h"
#include "store_lobby.h"
#include "tpl.h"

enum { LOBBY_OPEN_MAX = 50, GAMES_MAX = 200 };

/* ---- GET /lobby and its form ---- */

struct open_item {
	const struct store_lobby_open	*o;
	const char			*when;
	const char			*options;	/* in words */
	const char			*move_time;	/* "3 days" */
};

struct lobby_page {
	const char		*error;
	struct tpl_val		 forms;		/* page_lobby_forms() */
	struct open_item	*open;
	int			 nopen;
};

static int
open_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct open_item	*it = data;
	const struct store_lobby_open *o = it->o;

	if (strcmp(key, "gid") == 0)
		return tpl_int(out, o->id);
	if (strcmp(key, "game_name") == 0)
		return tpl_str(out, o->rules->name);
	if (strcmp(key, "creator") == 0)
		return tpl_str(out, o->creator[0] ? o->creator : "Someone");
	if (strcmp(key, "created") == 0)
		return tpl_str(out, it->when);
	if (strcmp(key, "mine") == 0)
		return tpl_bool(out, o->mine);
	if (strcmp(key, "invited") == 0)	/* "Bo, Cy", waiting */
		return tpl_str(out, o->invited[0] != '\0' ? o->invited :
		    NULL);
	if (strcmp(key, "options") == 0)
		return tpl_str(out, it->options);
	if (strcmp(key, "move_time") == 0)
		return tpl_str(out, it->move_time);
	return tpl_none(out);
}

static int
open_item(const void *list, size_t i, struct tpl_ctx *out)
{
	const struct open_item	*v = list;

	out->lookup = open_lookup;
	out->data = &v[i];
	return 0;
}

/* The lobby's new-game forms take their fieldsets from table_layout.css. */
static const char *const lobby_css[] = { "/static/css/cards.css",
    "/static/css/table_layout.css" };
#define NLOBBY_CSS	(sizeof(lobby_css) / sizeof(lobby_css[0]))
static const char *const games_css[] = { "/static/css/cards.css" };
static const char *const lobby_js[] = { "/static/js/lobby.js" };

static int
string_lookup(const void *data, const char *key, struct tpl_val *out)
{
	return strcmp(key, ".") == 0 ? tpl_str(out,
	    *(const char *const *)data) : tpl_none(out);
}

static int
string_item(const void *list, size_t i, struct tpl_ctx *out)
{
	out->lookup = string_lookup;
	out->data = (const char *const *)list + i;
	return 0;
}

static int
lobby_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct lobby_page	*p = data;

	if (strcmp(key, "error") == 0)
		return tpl_str(out, p->error);
	if (strcmp(key, "new_games") == 0) {
		*out = p->forms;
		return 0;
	}
	if (strcmp(key, "has_open") == 0)
		return tpl_bool(out, p->nopen > 0);
	if (strcmp(key, "css") == 0)
		return tpl_list(out, NLOBBY_CSS, string_item, lobby_css);
	if (strcmp(key, "scripts") == 0)
		return tpl_list(out, 1, string_item, lobby_js);
	if (strcmp(key, "open_games") == 0)
		return tpl_list(out, (size_t)p->nopen, open_item, p->open);
	return tpl_none(out);
}

/* Render the lobby with status, the new-game forms fs and an error. */
void
page_lobby_render(struct req *r, int status, const struct lobby_forms *fs,
    const char *error)
{
	const struct sess_user	*u = sess_current(r);
	struct store_lobby_open	*open = NULL;
	struct open_item	*items = NULL;
	struct lobby_page	 p;
	struct tpl_ctx		 ctx;
	char			 when[PAGE_TIME_MAX];
	int			 n = 0, i;

	memset(&p, 0, sizeof(p));
	p.error = error;
	if (page_lobby_forms(r->arena, fs, &p.forms) != 0) {
		resp_fail(r, 500, "The lobby could not be shown.");
		return;
	}
	if (store_lobby_open_games(r->app->db, r->arena, u != NULL ? u->id : 0,
	    LOBBY_OPEN_MAX, &open, &n) == DB_OK && n > 0 &&
	    (items = arena_calloc(r->arena, (size_t)n * sizeof(*items))) !=
	    NULL) {
		for (i = 0; i < n; i++) {
			items[i].o = &open[i];
			items[i].when = arena_strdup(r->arena,
			    page_time(r, open[i].created, when));
			items[i].options = page_lobby_words_options(r->arena,
			    open[i].rules, open[i].options);
			items[i].move_time = page_lobby_words_time(r->arena,
			    open[i].move_secs);
		}
		p.nopen = n;
	}
	p.open = items;
	ctx.lookup = lobby_lookup;
	ctx.data = &p;
	page_render_status(r, status, "lobby", &ctx, "Lobby");
}

void
page_lobby_show(struct req *r)
{
	struct lobby_forms	*fs;

	if ((fs = page_lobby_forms_new(r->arena)) == NULL) {
		resp_fail(r, 500, "The lobby could not be shown.");
		return;
	}
	page_lobby_render(r, 200, fs, NULL);
}

/* ---- POST /g/{id}/join ---- */

void
page_lobby_join(struct req *r)
{
	const struct sess_user	*u = sess_current(r);
	char			 why[GAME_WHY_MAX];
	long long		 id = req_id(r, 0);
	enum db_rc		 rc;

	if (u == NULL) {
		resp_fail(r, 403, "Please log in first.");
		return;
	}
	if (db_begin_immediate(r->app->db) != DB_OK) {
		resp_fail(r, 503, "The server is busy; please try again.");
		return;
	}
	rc = store_lobby_join(r->app->db, id, -1, u->id, why);
	if (rc == DB_OK && db_commit(r->app->db) == DB_OK) {
		resp_redirect(r, 303, "/g/%lld", id);
		return;
	}
	db_rollback_if_open(r->app->db);
	if (rc == DB_NOTFOUND)
		resp_fail(r, 404, "There is no such game.");
	else if (rc == DB_REFUSED)
		resp_fail(r, 409, "%s", why);
	else
		resp_fail(r, 500, "The seat could not be taken.");
}

/* ---- GET /games ---- */

struct game_row {
	const struct store_lobby_game	*g;
	const char			*when;
	const char			*scores;
	const char			*state;
	const char			*clock;		/* deadlines, or NULL */
};

struct games_page {
	struct game_row	*rows[3];	/* your turn, running, finished */
	int		 n[3];
	struct invite_row *inv;		/* waiting for the player's answer */
	int		 ninv;
};

/* An invitation waiting for the player (store_invite.h). */
struct invite_row {
	const struct store_invite	*v;
	const char			*game_name;
	const char			*until;
};

static int
invite_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct invite_row	*w = data;

	if (strcmp(key, "gid") == 0)
		return tpl_int(out, w->v->game);
	if (strcmp(key, "game_name") == 0)
		return tpl_str(out, w->game_name);
	if (strcmp(key, "from") == 0)
		return tpl_str(out, w->v->from_name);
	if (strcmp(key, "until") == 0)
		return tpl_str(out, w->until);
	return tpl_none(out);
}

static int
invite_item(const void *list, size_t i, struct tpl_ctx *out)
{
	out->lookup = invite_lookup;
	out->data = (const struct invite_row *)list + i;
	return 0;
}

static int
row_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct game_row	*w = data;

	if (strcmp(key, "gid") == 0)
		return tpl_int(out, w->g->id);
	if (strcmp(key, "game_name") == 0)
		return tpl_str(out, w->g->rules != NULL ? w->g->rules->name :
		    "Unknown game");
	if (strcmp(key, "others") == 0)
		return tpl_str(out, w->g->others);
	if (strcmp(key, "when") == 0)
		return tpl_str(out, w->when);
	if (strcmp(key, "scores") == 0)
		return tpl_str(out, w->scores);
	if (strcmp(key, "state") == 0)
		return tpl_str(out, w->state);
	if (strcmp(key, "clock") == 0)
		return tpl_str(out, w->clock);
	return tpl_none(out);
}

static int
row_item(const void *list, size_t i, struct tpl_ctx *out)
{
	const struct game_row	*v = list;

	out->lookup = row_lookup;
	out->data = &v[i];
	return 0;
}

static int
games_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct games_page	*p = data;
	static const char *const keys[3] = { "turn", "running", "finished" };
	static const char *const has[3] = { "has_turn", "has_running",
		"has_finished" };
	int			 i;

	for (i = 0; i < 3; i++) {
		if (strcmp(key, keys[i]) == 0)
			return tpl_list(out, (size_t)p->n[i], row_item,
			    p->rows[i]);
		if (strcmp(key, has[i]) == 0)
			return tpl_bool(out, p->n[i] > 0);
	}
	if (strcmp(key, "none") == 0)
		return tpl_bool(out, p->n[0] + p->n[1] + p->n[2] + p->ninv ==
		    0);
	if (strcmp(key, "invitations") == 0)
		return tpl_list(out, (size_t)p->ninv, invite_item, p->inv);
	if (strcmp(key, "has_invitations") == 0)
		return tpl_bool(out, p->ninv > 0);
	if (strcmp(key, "css") == 0)
		return tpl_list(out, 1, string_item, games_css);
	return tpl_none(out);
}

/* "You 12, Alice 30" from the snapshot's scores and the names. */
static const char *
score_line(struct req *r, const struct store_lobby_game *g)
{
	const char	*p = g->others, *comma;
	char		 line[STORE_LOBBY_NAMES_MAX + 64];
	size_t		 len;
	int		 s;

	if (!g->has_status)
		return "";
	len = (size_t)snprintf(line, sizeof(line), "You %d",
	    (int)g->st.scores[g->seat]);
	for (s = 0; s < g->st.nseats && len < sizeof(line); s++) {
		if (s == g->seat)
			continue;
		comma = strstr(p, ", ");
		len += (size_t)snprintf(line + len, sizeof(line) - len,
		    ", %.*s %d", (int)(comma != NULL ? (size_t)(comma - p) :
		    strlen(p)), p, (int)g->st.scores[s]);
		p = comma != NULL ? comma + 2 : p + strlen(p);
	}
	return arena_strdup(r->arena, line);
}

static const char *
state_text(const struct store_lobby_game *g)
{
	if (g->status == STORE_LOBBY_OVER)
		return g->has_status && (g->st.winners >> g->seat) & 1 ?
		    "You won" : "Finished";
	if (g->status == STORE_LOBBY_OPEN)
		return "Waiting for a player";
	return g->my_turn ? "Your turn" : "Their turn";
}

void
page_lobby_games(struct req *r)
{
	const struct sess_user	*u = sess_current(r);
	struct store_lobby_game	*games = NULL;
	struct store_invite	*inv;
	struct games_page	 p;
	struct tpl_ctx		 ctx;
	char			 when[PAGE_TIME_MAX];
	int			 n = 0, i, k;

	if (u == NULL) {
		resp_fail(r, 403, "Please log in first.");
		return;
	}
	if (store_lobby_my_games(r->app->db, r->arena, u->id, GAMES_MAX,
	    &games, &n) != DB_OK) {
		resp_fail(r, 500, "Your games could not be listed.");
		return;
	}
	memset(&p, 0, sizeof(p));
	for (k = 0; k < 3; k++)
		if (n > 0 && (p.rows[k] = arena_calloc(r->arena, (size_t)n *
		    sizeof(*p.rows[k]))) == NULL)
			return;
	for (i = 0; i < n; i++) {
		struct game_row	*w;

		k = games[i].my_turn ? 0 : games[i].status == STORE_LOBBY_OVER ?
		    2 : 1;
		w = &p.rows[k][p.n[k]++];
		w->g = &games[i];
		w->when = arena_strdup(r->arena, page_time(r,
		    games[i].status == STORE_LOBBY_OVER && games[i].finished ?
		    games[i].finished : games[i].updated, when));
		w->scores = score_line(r, &games[i]);
		w->state = state_text(&games[i]);
		if (games[i].status == STORE_LOBBY_ACTIVE)
			w->clock = page_deadline_summary(r, games[i].id);
	}
	if (store_invite_of_user(r->app->db, r->arena, u->id, &inv, &n) !=
	    DB_OK) {
		resp_fail(r, 500, "Your invitations could not be listed.");
		return;
	}
	if (n > 0 && (p.inv = arena_calloc(r->arena, (size_t)n *
	    sizeof(*p.inv))) == NULL)
		return;
	for (i = 0; i < n; i++) {
		const struct game_rules *rules = game_find(inv[i].rules);

		p.inv[i].v = &inv[i];
		p.inv[i].game_name = rules != NULL ? rules->name :
		    "Unknown game";
		p.inv[i].until = arena_strdup(r->arena, page_time(r,
		    inv[i].expires, when));
	}
	p.ninv = n;
	ctx.lookup = games_lookup;
	ctx.data = &p;
	page_render(r, "games", &ctx, "My games");
}
