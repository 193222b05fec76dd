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
#include "gin_vodka.h"
#include "page.h"
#include "req.h"
#include "resp.h"
#include "serve.h"
#include "sess.h"
#include "store_game.h"
#include "store_lobby.h"
#include "tpl.h"

enum { LOBBY_OPEN_MAX = 50, GAMES_MAX = 200 };

/* ---- GET /lobby and its form ---- */

struct open_item {
	const struct store_lobby_open	*o;
	const char			*when;
};

struct lobby_page {
	const char		*error;
	const char		*opponent;	/* "bot", "open" or "invite" */
	const char		*invitee;
	long long		 target, recycle_cap;
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
	if (strcmp(key, "options") == 0)
		return tpl_str(out, o->options[0] ? o->options : "defaults");
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

static const char *const lobby_css[] = { "/static/css/cards.css" };

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
	if (strcmp(key, "opp_bot") == 0)
		return tpl_bool(out, strcmp(p->opponent, "bot") == 0);
	if (strcmp(key, "opp_open") == 0)
		return tpl_bool(out, strcmp(p->opponent, "open") == 0);
	if (strcmp(key, "opp_invite") == 0)
		return tpl_bool(out, strcmp(p->opponent, "invite") == 0);
	if (strcmp(key, "invitee") == 0)
		return tpl_str(out, p->invitee);
	if (strcmp(key, "target") == 0)
		return tpl_int(out, p->target);
	if (strcmp(key, "target_max") == 0)
		return tpl_int(out, GV_TARGET_MAX);
	if (strcmp(key, "target_default") == 0)
		return tpl_int(out, GV_TARGET_DEFAULT);
	if (strcmp(key, "recycle_cap") == 0)
		return tpl_int(out, p->recycle_cap);
	if (strcmp(key, "cap_max") == 0)
		return tpl_int(out, GV_RECYCLE_CAP_MAX);
	if (strcmp(key, "cap_default") == 0)
		return tpl_int(out, GV_RECYCLE_CAP_DEFAULT);
	if (strcmp(key, "has_open") == 0)
		return tpl_bool(out, p->nopen > 0);
	if (strcmp(key, "css") == 0)
		return tpl_list(out, 1, string_item, lobby_css);
	if (strcmp(key, "open_games") == 0)
		return tpl_list(out, (size_t)p->nopen, open_item, p->open);
	return tpl_none(out);
}

/* Render the lobby with status; p holds the form's values. */
static void
lobby(struct req *r, int status, struct lobby_page *p)
{
	const struct sess_user	*u = sess_current(r);
	struct store_lobby_open	*open = NULL;
	struct open_item	*items = NULL;
	struct tpl_ctx		 ctx;
	char			 when[PAGE_TIME_MAX];
	int			 n = 0, i;

	if (store_lobby_open_games(r->app->db, r->arena, u != NULL ? u->id : 0,
	    LOBBY_OPEN_MAX, &open, &n) == DB_OK && n > 0 &&
	    (items = arena_calloc(r->arena, (size_t)n * sizeof(*items))) !=
	    NULL) {
		for (i = 0; i < n; i++) {
			items[i].o = &open[i];
			items[i].when = arena_strdup(r->arena,
			    page_time(r, open[i].created, when));
		}
		p->nopen = n;
	}
	p->open = items;
	ctx.lookup = lobby_lookup;
	ctx.data = p;
	page_render_status(r, status, "lobby", &ctx, "Lobby");
}

static void
lobby_defaults(struct lobby_page *p)
{
	memset(p, 0, sizeof(*p));
	p->opponent = "bot";
	p->invitee = "";
	p->target = GV_TARGET_DEFAULT;
	p->recycle_cap = GV_RECYCLE_CAP_DEFAULT;
}

void
page_lobby_show(struct req *r)
{
	struct lobby_page	 p;

	lobby_defaults(&p);
	lobby(r, 200, &p);
}

enum new_field { NF_CSRF, NF_GAME, NF_OPPONENT, NF_INVITEE, NF_TARGET,
	NF_CAP, NF__MAX };

static const struct form_field new_fields[NF__MAX] = {
	[NF_CSRF] = { "csrf", NULL, 0, 0 },
	[NF_GAME] = { "game", form_line, 0, 40 },
	[NF_OPPONENT] = { "opponent", form_line, FORM_REQUIRED, 10 },
	[NF_INVITEE] = { "invitee", form_line, 0, 40 },
	[NF_TARGET] = { "target", form_uint, 0, GV_TARGET_MAX },
	[NF_CAP] = { "recycle_cap", form_uint, 0, GV_RECYCLE_CAP_MAX },
};

/*
 * Create the game for me against opp (0: an open seat) with options;
 * the seed's seating puts me where the first player sits.
 */
static enum db_rc
create(struct req *r, const struct game_rules *rules, const char *options,
    int64_t me, int64_t opp, int64_t *id, char why[GAME_WHY_MAX])
{
	union {
		max_align_t	 align;
		unsigned char	 b[GAME_STATE_MAX];
	}			 st;
	struct store_game_new	 n;
	struct game_setup	 su;
	struct game_status	 gs;
	uint8_t			 seed[32];
	enum db_rc		 rc;

	randombytes_buf(seed, sizeof(seed));
	memset(&su, 0, sizeof(su));
	su.nseats = rules->seats_min;
	su.options = options;
	su.seed = seed;
	su.dealer = -1;
	why[0] = '\0';
	if (rules->setup(st.b, &su, why) != GAME_OK) {
		sodium_memzero(seed, sizeof(seed));
		return DB_REFUSED;
	}
	rules->status(st.b, &gs);
	memset(&n, 0, sizeof(n));
	n.rules = rules;
	n.options = options;
	n.nseats = su.nseats;
	n.dealer = -1;
	n.seed = seed;
	n.users[gs.seating[0]] = me;
	if (su.nseats > 1)
		n.users[gs.seating[1]] = opp;
	n.created_by = me;
	rc = store_game_create(r->app->db, &n, id, why);
	sodium_memzero(seed, sizeof(seed));
	sodium_memzero(st.b, sizeof(st.b));
	return rc;
}

void
page_lobby_new(struct req *r)
{
	const struct sess_user	*u = sess_current(r);
	const struct game_rules	*rules;
	struct lobby_page	 p;
	struct form_val		 v[NF__MAX];
	struct form_err		 err;
	struct store_user	 who;
	char			 options[RECORD_OPTIONS_MAX], why[GAME_WHY_MAX];
	int64_t			 opp = 0, id = 0;
	enum db_rc		 rc;

	lobby_defaults(&p);
	if (u == NULL) {
		resp_fail(r, 403, "Please log in first.");
		return;
	}
	if (form_parse(r->arena, new_fields, NF__MAX, r->body, r->body_len,
	    NULL, v, &err) != FORM_OK) {
		p.error = arena_strdup(r->arena, err.why);
		lobby(r, 400, &p);
		return;
	}
	p.opponent = v[NF_OPPONENT].s;
	if (strcmp(p.opponent, "bot") != 0 && strcmp(p.opponent, "open") != 0 &&
	    strcmp(p.opponent, "invite") != 0) {
		p.opponent = "bot";
		p.error = "Choose whom to play against.";
		lobby(r, 400, &p);
		return;
	}
	if (v[NF_INVITEE].present)
		p.invitee = v[NF_INVITEE].s;
	if (v[NF_TARGET].present)
		p.target = (long long)v[NF_TARGET].u;
	if (v[NF_CAP].present)
		p.recycle_cap = (long long)v[NF_CAP].u;
	rules = game_find(v[NF_GAME].present ? v[NF_GAME].s : "gin-vodka");
	if (rules == NULL || strcmp(rules->slug, "gin-vodka") != 0) {
		p.error = "The lobby offers Gin Vodka only for now.";
		lobby(r, 400, &p);
		return;
	}
	if (p.target < 1) {
		p.error = "The target must be at least 1 point.";
		lobby(r, 400, &p);
		return;
	}
	/* Only what differs from the defaults goes into the record. */
	options[0] = '\0';
	if (p.target != GV_TARGET_DEFAULT)
		snprintf(options, sizeof(options), "target=%lld", p.target);
	if (p.recycle_cap != GV_RECYCLE_CAP_DEFAULT)
		snprintf(options + strlen(options), sizeof(options) -
		    strlen(options), "%srecycle_cap=%lld",
		    options[0] ? " " : "", p.recycle_cap);

	if (db_begin_immediate(r->app->db) != DB_OK) {
		resp_fail(r, 503, "The server is busy; please try again.");
		return;
	}
	if (strcmp(p.opponent, "bot") == 0) {
		if ((rc = store_lobby_bot(r->app->db, &opp)) != DB_OK) {
			db_rollback_if_open(r->app->db);
			if (rc == DB_REFUSED) {
				p.error = "The bot account is not available.";
				lobby(r, 422, &p);
			} else
				resp_fail(r, 500, "The bot could not be seated.");
			return;
		}
	} else if (strcmp(p.opponent, "invite") == 0) {
		if (store_user_check_name(p.invitee) != STORE_USER_OK ||
		    store_user_by_name(r->app->db, p.invitee, &who) !=
		    STORE_USER_OK) {
			db_rollback_if_open(r->app->db);
			p.error = arena_printf(r->arena, "There is no player "
			    "named \"%s\".", p.invitee);
			lobby(r, 422, &p);
			return;
		}
		if (who.id == u->id) {
			db_rollback_if_open(r->app->db);
			p.error = "Invite someone else: you hold the other "
			    "seat.";
			lobby(r, 422, &p);
			return;
		}
		opp = who.id;
	}
	rc = create(r, rules, options, u->id, opp, &id, why);
	if (rc == DB_REFUSED) {
		db_rollback_if_open(r->app->db);
		p.error = arena_strdup(r->arena, why);
		lobby(r, 422, &p);
		return;
	}
	if (rc != DB_OK || db_commit(r->app->db) != DB_OK) {
		db_rollback_if_open(r->app->db);
		resp_fail(r, 500, "The game could not be created.");
		return;
	}
	resp_redirect(r, 303, "/g/%lld", (long long)id);
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
};

struct games_page {
	struct game_row	*rows[3];	/* your turn, running, finished */
	int		 n[3];
};

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
		return tpl_bool(out, p->n[0] + p->n[1] + p->n[2] == 0);
	if (strcmp(key, "css") == 0)
		return tpl_list(out, 1, string_item, lobby_css);
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
	}
	ctx.lookup = games_lookup;
	ctx.data = &p;
	page_render(r, "games", &ctx, "My games");
}
