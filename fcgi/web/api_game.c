/*
 * api_game.c: GET /api/games/{id}, POST /api/games/{id}/moves and
 * GET /api/games/{id}/ply (api_game.h says what each answers).
 *
 * The move path is the one of DESIGN.md "A move, from click to email":
 * BEGIN IMMEDIATE, load, and play_move(): 403 without a seat, 409 when
 * stale, 422 with the engine's reason when refused, mails queued;
 * every early exit rolls back, so a refusal writes nothing.  json-c
 * trees built here have one owner, the handler, which puts the root
 * once after resp_json_object() has copied the text.
 *
 * Two small reads live here instead of store_game.c because only the
 * API needs them: the ply poll (two columns, no state blob, as pages
 * call it every 3 s) and the list of finished hands.
 */
#include "api_game.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "arena.h"
#include "codec.h"
#include "db.h"
#include "game.h"
#include "page_turn.h"
#include "play.h"
#include "req.h"
#include "resp.h"
#include "serve.h"
#include "store_game.h"
#include "store_record.h"
#include "text_utf8.h"

enum {
	LEGAL_FIRST = 256		/* moves asked for before sizing exactly */
};

/* The connection of this process, or NULL after a 503. */
static struct db *
db_of(struct req *r)
{
	if (r->app == NULL || r->app->db == NULL) {
		resp_fail(r, 503, "The game store is not available.");
		return NULL;
	}
	return r->app->db;
}

/*
 * The seat uid holds in g, or -1.  A user holding several seats (a
 * table someone plays alone) gets the first one that must act, else the
 * first one.
 */
static int
seat_of(const struct store_game *g, long long uid)
{
	int	 s, first = -1;

	if (uid <= 0)
		return -1;
	for (s = 0; s < g->nseats && s < GAME_SEATS_MAX; s++) {
		if (g->user[s] != uid)
			continue;
		if (g->to_act & (1u << s))
			return s;
		if (first < 0)
			first = s;
	}
	return first;
}

static const char SQL_HANDS[] =
    "SELECT hand, kind, deltas, text, ply FROM hands WHERE game = ?1 "
    "ORDER BY id";

/* The finished hands of game id, as topper play lists them; NULL on error. */
static struct json_object *
hands_json(struct db *db, int64_t id)
{
	struct json_object	*a, *o, *d;
	struct db_stmt		*st;
	const char		*s;
	int			 rc;

	if ((st = db_stmt(db, SQL_HANDS)) == NULL)
		return NULL;
	if ((a = json_object_new_array()) == NULL) {
		db_reset(st);
		return NULL;
	}
	db_bind_int64(st, 1, id);
	while ((rc = db_step(st)) == DB_ROW) {
		o = json_object_new_object();
		json_object_object_add(o, "hand",
		    json_object_new_int(db_column_int(st, 0)));
		s = (const char *)db_column_text(st, 1);
		json_object_object_add(o, "kind",
		    json_object_new_string(s != NULL ? s : ""));
		s = (const char *)db_column_text(st, 2);
		d = s != NULL ? json_tokener_parse(s) : NULL;
		json_object_object_add(o, "delta", d != NULL ? d :
		    json_object_new_array());
		s = (const char *)db_column_text(st, 3);
		json_object_object_add(o, "text",
		    json_object_new_string(s != NULL ? s : ""));
		json_object_object_add(o, "ply",
		    json_object_new_int(db_column_int(st, 4)));
		json_object_array_add(a, o);
	}
	if (rc != DB_DONE) {
		db_fail(db, st);
		json_object_put(a);
		return NULL;
	}
	db_reset(st);
	return a;
}

/* The legal moves of seat in view as text; NULL when the arena refused. */
static struct json_object *
legal_json(struct req *r, const struct game_rules *rules, const void *view,
    int seat)
{
	struct game_move	 first[LEGAL_FIRST], *mv = first;
	int			 n;

	n = rules->legal(view, seat, first, LEGAL_FIRST);
	if (n > LEGAL_FIRST) {
		if (n > GAME_LEGAL_MAX)
			n = GAME_LEGAL_MAX;
		if ((mv = arena_alloc(r->arena, (size_t)n * sizeof(*mv))) ==
		    NULL)
			return NULL;
		n = rules->legal(view, seat, mv, n);
		if (n > GAME_LEGAL_MAX)
			n = GAME_LEGAL_MAX;
	}
	if (n <= 0)
		return json_object_new_array();
	return codec_moves_json(rules, mv, n);
}

static struct json_object *
seat_or_null(int v, int seat)
{
	return seat >= 0 ? json_object_new_int(v) : NULL;
}

/*
 * The game object (api_game.h) of g for the viewer at seat (-1: a
 * spectator).  NULL when something could not be built; the caller owns
 * the result.
 */
static struct json_object *
game_json(struct req *r, struct db *db, const struct store_game *g, int seat)
{
	const struct game_rules	*rules = g->rules;
	struct game_status	 gs;
	struct json_object	*o, *status, *v, *legal, *hands;
	char			 hex[65];
	void			*view;
	int			 viewer;

	store_game_status(g, &gs);	/* with how the table ended it */
	if ((view = arena_calloc(r->arena, rules->view_size)) == NULL)
		return NULL;
	/* Hidden cards leave only in their owner's view (DESIGN.md "Trust"). */
	viewer = gs.over ? GAME_VIEW_ALL : seat >= 0 ? seat :
	    GAME_VIEW_SPECTATOR;
	rules->view(g->state, viewer, view);
	if ((o = json_object_new_object()) == NULL)
		return NULL;
	json_object_object_add(o, "id", json_object_new_int64(g->id));
	if ((status = codec_status_json(rules, &gs)) == NULL) {
		json_object_put(o);
		return NULL;
	}
	json_object_object_foreach(status, key, val)
		json_object_object_add(o, key, json_object_get(val));
	json_object_put(status);
	json_object_object_add(o, "ply", json_object_new_int(g->ply));
	json_object_object_add(o, "seat", seat_or_null(seat, seat));
	json_object_object_add(o, "view_ply",
	    seat_or_null(seat >= 0 ? g->view_ply[seat] : 0, seat));
	json_object_object_add(o, "commitment",
	    json_object_new_string(g->commitment));
	if ((v = store_record_table(g)) != NULL)
		json_object_object_add(o, "table", v);
	if (gs.over && g->has_seed) {
		codec_hex_encode(g->seed, hex);
		json_object_object_add(o, "seed", json_object_new_string(hex));
	}
	v = codec_view_json(rules, view);
	json_object_object_add(o, "view", v);
	if (seat >= 0 && !gs.needs_deck &&
	    game_may_act(rules, g->state, &gs, seat))
		legal = legal_json(r, rules, view, seat);
	else
		legal = json_object_new_array();
	hands = hands_json(db, g->id);
	if (legal == NULL || hands == NULL) {
		json_object_put(legal);
		json_object_put(hands);
		json_object_put(o);
		return NULL;
	}
	json_object_object_add(o, "legal", legal);
	json_object_object_add(o, "hands", hands);
	return o;
}

/* Answer 200 with the game object of g for seat. */
static void
send_game(struct req *r, struct db *db, const struct store_game *g, int seat)
{
	struct json_object	*o;

	if ((o = game_json(r, db, g, seat)) == NULL) {
		resp_fail(r, 500, "The game could not be shown.");
		return;
	}
	resp_json_object(r, 200, o);
	json_object_put(o);
}

void
api_game_show(struct req *r)
{
	struct store_game	 g;
	struct db		*db;

	if ((db = db_of(r)) == NULL)
		return;
	switch (store_game_load(db, r->arena, req_id(r, 0), &g)) {
	case DB_OK:
		break;
	case DB_NOTFOUND:
		resp_fail(r, 404, "There is no such game.");
		return;
	default:
		resp_fail(r, 500, "The game could not be loaded.");
		return;
	}
	send_game(r, db, &g, seat_of(&g, r->uid));
}

/*
 * The body {"ply": N, "move": "TEXT"} into *ply and text.  Returns NULL,
 * or a sentence saying what is wrong with it.
 */
static const char *
parse_body(const struct req *r, int *ply, char text[GAME_MOVE_TEXT_MAX])
{
	struct json_tokener	*tok;
	struct json_object	*root, *p, *m;
	const char		*why = NULL, *s;
	size_t			 i, n;
	int64_t			 v;

	i = 0;
	if (r->body_len == 0)
		return "Send {\"ply\": N, \"move\": \"TEXT\"} as JSON.";
	/* JSON is UTF-8; nothing else gets as far as a reply (issue 18). */
	if (!text_utf8_valid(r->body, r->body_len))
		return "The body is not valid UTF-8.";
	if ((tok = json_tokener_new()) == NULL)
		return "The request could not be read.";
	root = json_tokener_parse_ex(tok, r->body, (int)r->body_len);
	if (root != NULL &&
	    json_tokener_get_error(tok) == json_tokener_success)
		for (i = json_tokener_get_parse_end(tok); i < r->body_len; i++)
			if (r->body[i] != ' ' && r->body[i] != '\t' &&
			    r->body[i] != '\r' && r->body[i] != '\n')
				break;	/* something after the value */
	if (root == NULL ||
	    json_tokener_get_error(tok) != json_tokener_success ||
	    i < r->body_len)
		why = "The body is not valid JSON.";
	else if (!json_object_is_type(root, json_type_object))
		why = "Send {\"ply\": N, \"move\": \"TEXT\"} as JSON.";
	else if (!json_object_object_get_ex(root, "ply", &p) ||
	    !json_object_is_type(p, json_type_int) ||
	    (v = json_object_get_int64(p)) < 0 || v > INT32_MAX)
		why = "\"ply\" must be the ply you saw, a whole number.";
	else if (!json_object_object_get_ex(root, "move", &m) ||
	    !json_object_is_type(m, json_type_string) ||
	    (n = (size_t)json_object_get_string_len(m)) == 0 ||
	    n >= GAME_MOVE_TEXT_MAX)
		why = "\"move\" must be the move as one line of text.";
	else {
		s = json_object_get_string(m);
		for (i = 0; i < n; i++)
			if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f)
				break;
		if (i < n || !text_utf8_valid(s, n))	/* \\u escapes */
			why = "\"move\" must be the move as one line of text.";
		else {
			memcpy(text, s, n + 1);
			*ply = (int)v;
		}
	}
	json_object_put(root);
	json_tokener_free(tok);
	return why;
}

void
api_game_move(struct req *r)
{
	struct store_game	 g;
	struct db		*db;
	char			 text[GAME_MOVE_TEXT_MAX], why[GAME_WHY_MAX];
	const char		*bad;
	enum db_rc		 rc;
	int			 ply = 0, seat;

	if (r->uid <= 0) {		/* auth_before says so first */
		resp_fail(r, 401, "Sign in first.");
		return;
	}
	if ((bad = parse_body(r, &ply, text)) != NULL) {
		resp_fail(r, 400, "%s", bad);
		return;
	}
	if ((db = db_of(r)) == NULL)
		return;
	if ((rc = db_begin_immediate(db)) != DB_OK) {
		resp_fail(r, rc == DB_BUSY ? 503 : 500,
		    "The server is busy; please try again.");
		return;
	}
	switch (store_game_load(db, r->arena, req_id(r, 0), &g)) {
	case DB_OK:
		break;
	case DB_NOTFOUND:
		resp_fail(r, 404, "There is no such game.");
		goto out;
	default:
		resp_fail(r, 500, "The game could not be loaded.");
		goto out;
	}
	seat = seat_of(&g, r->uid);
	/* Stale only if this seat's view changed (DESIGN.md, step 3). */
	switch (play_move(db, &g, seat, ply, PLAY_SEEN_VIEW | PLAY_FULL_TABLE,
	    text, why)) {
	case PLAY_OK:
		break;
	case PLAY_OPEN:		/* a seat waits for a player or an answer */
		resp_fail(r, 409, "%s", why);
		goto out;
	case PLAY_NOT_SEATED:
		resp_fail(r, 403, "You do not hold a seat in this game.");
		goto out;
	case PLAY_STALE:
		resp_fail(r, 409, "The game has moved on to ply %d; "
		    "see the new position.", g.ply);
		goto out;
	case PLAY_REFUSED:
		resp_fail(r, 422, "%s", why);
		goto out;
	case PLAY_CONFLICT:
		resp_fail(r, 409, "Someone moved first; see the new "
		    "position.");
		goto out;
	case PLAY_BUSY:
		resp_fail(r, 503, "The server is busy; please try again.");
		goto out;
	default:
		resp_fail(r, 500, "The move could not be saved.");
		goto out;
	}
	if (db_commit(db) != DB_OK) {
		resp_fail(r, 500, "The move could not be saved.");
		goto out;
	}
	send_game(r, db, &g, seat);
out:
	db_rollback_if_open(db);	/* no-op after a commit */
}

static const char SQL_PLY[] =
    "SELECT ply, to_act, CASE WHEN status = 'over' THEN 1 ELSE 0 END "
    "FROM games WHERE id = ?1";

/* 1 when the If-None-Match list holds etag (or is "*"). */
static int
etag_matches(const char *inm, const char *etag)
{
	const char	*p;
	size_t		 n = strlen(etag);

	if (inm == NULL)
		return 0;
	for (p = inm; *p != '\0'; ) {
		while (*p == ' ' || *p == ',' || *p == '\t')
			p++;
		if (*p == '*')
			return 1;
		if (strncmp(p, "W/", 2) == 0)	/* weak compare */
			p += 2;
		if (strncmp(p, etag, n) == 0 && (p[n] == '\0' ||
		    p[n] == ',' || p[n] == ' ' || p[n] == '\t'))
			return 1;
		while (*p != '\0' && *p != ',')
			p++;
	}
	return 0;
}

/* Copy s to p (room known); returns the end, NUL written. */
static char *
put(char *p, const char *s)
{
	while (*s != '\0')
		*p++ = *s++;
	*p = '\0';
	return p;
}

/* The decimal digits of v at p (room for 11 known); returns the end. */
static char *
put_int(char *p, int v)
{
	char		 d[12];
	unsigned	 u = v < 0 ? 0u - (unsigned)v : (unsigned)v;
	int		 n = 0;

	if (v < 0)
		*p++ = '-';
	do {
		d[n++] = (char)('0' + u % 10);
		u /= 10;
	} while (u != 0);
	while (n > 0)
		*p++ = d[--n];
	*p = '\0';
	return p;
}

void
api_game_ply(struct req *r)
{
	struct db	*db;
	struct db_stmt	*st;
	char		 etag[32], body[96 + GAME_SEATS_MAX * 4], *p;
	uint32_t	 to_act;
	int		 ply, s, rc, waiting, over;

	if ((db = db_of(r)) == NULL)
		return;
	if ((st = db_stmt(db, SQL_PLY)) == NULL) {
		resp_fail(r, 500, "The game could not be loaded.");
		return;
	}
	db_bind_int64(st, 1, req_id(r, 0));
	if ((rc = db_step(st)) != DB_ROW) {
		if (rc == DB_DONE) {
			db_reset(st);
			resp_fail(r, 404, "There is no such game.");
		} else {
			db_fail(db, st);
			resp_fail(r, 500, "The game could not be loaded.");
		}
		return;
	}
	ply = db_column_int(st, 0);
	to_act = (uint32_t)db_column_int64(st, 1);
	over = db_column_int(st, 2);
	db_reset(st);
	/* The viewer's games waiting (-1: anonymous); notes the visit. */
	waiting = page_turn_peek(r, req_id(r, 0));

	/*
	 * to_act changes only with the ply, or when the table ends the
	 * game (a resignation, an abort: "over" without a move), so the
	 * ply, the end and the viewer's count of waiting games are the
	 * version.  Written by hand: the most served request, and
	 * snprintf() cost it more than its queries (make bench, part p).
	 */
	p = put(etag, "\"p");
	p = put_int(p, ply);
	if (over)
		*p++ = 'x';
	*p++ = '.';
	p = put_int(p, waiting);
	p = put(p, "\"");
	resp_header(r, "ETag", etag);
	resp_cache(r, "no-cache");
	if (etag_matches(r->if_none_match, etag)) {
		resp_status(r, 304);
		return;
	}
	p = put(body, "{\"ply\":");
	p = put_int(p, ply);
	p = put(p, ",\"to_act\":[");
	for (s = 0; s < GAME_SEATS_MAX; s++)
		if (to_act & (1u << s)) {
			if (p[-1] != '[')
				*p++ = ',';
			p = put_int(p, s);
		}
	*p++ = ']';
	if (over)
		p = put(p, ",\"over\":true");
	if (waiting >= 0) {
		p = put(p, ",\"waiting\":");
		p = put_int(p, waiting);
	}
	put(p, "}");
	resp_json(r, 200, body);
}
