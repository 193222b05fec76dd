/*
 * page_mlink.c: GET and POST /m/TOKEN, a move from the mail
 * (page_mlink.h).
 */
#include "page_mlink.h"

#include <stdio.h>
#include <string.h>

#include <sodium.h>

#include "arena.h"
#include "db.h"
#include "game.h"
#include "game_web.h"
#include "mail_links.h"
#include "page.h"
#include "page_game.h"
#include "play.h"
#include "req.h"
#include "resp.h"
#include "serve.h"
#include "sess.h"
#include "store_game.h"
#include "token.h"
#include "tpl.h"

/* What the page shows; every pointer in the request arena. */
struct mlink {
	struct req		*r;
	struct token		 t;
	int			 k;
	uint8_t			 dig[TOKEN_DIGEST_BYTES];
	struct store_game	 g;
	int			 loaded;
	const struct game_web	*web;
	struct page_game_names	 names;
	struct tpl_val		 board;
	const char		*move;		/* the move's text */
	const char		*error;		/* why not, or NULL */
	int			 played;
};

static const char SQL_USED[] =
    "SELECT 1 FROM mail_tokens_used WHERE digest = ?1";
static const char SQL_USE[] =
    "INSERT INTO mail_tokens_used (digest, game, used) VALUES (?1, ?2, ?3)";

/* 1 used, 0 not, -1 error. */
static int
used(struct db *db, const uint8_t dig[TOKEN_DIGEST_BYTES])
{
	struct db_stmt	*st;
	int		 rc;

	if ((st = db_stmt(db, SQL_USED)) == NULL)
		return -1;
	db_bind_blob(st, 1, dig, TOKEN_DIGEST_BYTES, DB_STATIC);
	rc = db_step(st);
	db_reset(st);
	return rc == DB_ROW ? 1 : rc == DB_DONE ? 0 : -1;
}

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
mlink_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct mlink	*m = data;
	const char *const	*list;
	int			 n;

	if (strcmp(key, "error") == 0)
		return tpl_str(out, m->error);
	if (strcmp(key, "move") == 0)
		return tpl_str(out, m->move);
	if (strcmp(key, "played") == 0)
		return tpl_bool(out, m->played);
	if (strcmp(key, "can_play") == 0)
		return tpl_bool(out, m->error == NULL && !m->played);
	if (strcmp(key, "action") == 0)
		return tpl_str(out, m->r->path);
	if (strcmp(key, "gid") == 0)
		return m->loaded ? tpl_int(out, m->g.id) : tpl_none(out);
	if (strcmp(key, "game_name") == 0)
		return m->loaded ? tpl_str(out, m->g.rules->name) :
		    tpl_none(out);
	if (strcmp(key, "player") == 0)
		return m->loaded && m->t.seat >= 0 && m->t.seat <
		    GAME_SEATS_MAX ? tpl_str(out, m->names.name[m->t.seat]) :
		    tpl_none(out);
	if (strcmp(key, "board") == 0) {
		*out = m->board;
		return 0;
	}
	if (strcmp(key, "board_tpl_html") == 0)
		return m->web != NULL ? tpl_template(out,
		    page_template(m->r, m->web->board_tpl)) : tpl_none(out);
	if (strcmp(key, "css") == 0 && m->web != NULL) {
		list = game_web_css(m->web, &n);
		return tpl_list(out, (size_t)n, string_item, list);
	}
	return tpl_none(out);
}

static void
answer(struct req *r, struct mlink *m, int status)
{
	struct tpl_ctx	 c = { mlink_lookup, m };

	resp_header(r, "X-Robots-Tag", "noindex");
	resp_cache(r, "no-store");
	page_render_status(r, status, "mlink", &c, m->played ? "Move played" :
	    m->error != NULL ? "Move not played" : "Play this move?");
}

/*
 * Check the link and the game in the current read or transaction:
 * 0 with m->move and the board set, else the status to answer with
 * m->error set (or 500 with it NULL).
 */
static int
check(struct req *r, struct mlink *m)
{
	uint8_t			 key[TOKEN_KEY_BYTES];
	const char		*tok = r->ncaps > 0 ? r->caps[0].str : NULL;
	const struct sess_user	*u;
	const struct game_rules	*rules;
	struct game_status	 gs;
	struct game_move	*mv;
	char			 text[GAME_MOVE_TEXT_MAX];
	void			*view;
	enum token_rc		 trc;
	int			 n;

	memset(m, 0, sizeof(*m));
	m->r = r;
	if (token_key_load(r->app->db, key) != 0)
		return 500;
	trc = mail_links_verify(tok, tok != NULL ? strlen(tok) : 0, key,
	    db_now(), &m->t, &m->k);
	sodium_memzero(key, sizeof(key));
	if (trc == TOKEN_EXPIRED) {
		m->error = "This link has expired. Open the game to play.";
		return 410;
	}
	if (trc != TOKEN_OK) {
		m->error = "This link is not valid: it was changed, or it was "
		    "not made by this site. Please use the link as it came "
		    "in the mail.";
		return 403;
	}
	token_digest(tok, strlen(tok), m->dig);
	switch (store_game_load(r->app->db, r->arena, m->t.game, &m->g)) {
	case DB_OK:
		break;
	case DB_NOTFOUND:
		m->error = "This game no longer exists.";
		return 404;
	default:
		return 500;
	}
	m->loaded = 1;
	rules = m->g.rules;
	m->web = game_web_find(rules->slug);
	page_game_names(r, &m->g, m->t.user, &m->names);
	switch (used(r->app->db, m->dig)) {
	case 0:
		break;
	case 1:
		m->error = "This link was used already: its move was played.";
		return 409;
	default:
		return 500;
	}
	if ((u = sess_current(r)) != NULL && u->id != m->t.user) {
		m->error = "This link was sent to another player. You are "
		    "signed in as someone else, so it plays nothing.";
		return 403;
	}
	if (m->t.seat < 0 || m->t.seat >= m->g.nseats ||
	    m->g.user[m->t.seat] != m->t.user || m->g.is_bot[m->t.seat]) {
		m->error = "This link's seat is no longer that player's.";
		return 403;
	}
	rules->status(m->g.state, &gs);
	if (gs.over) {
		m->error = "The game is over, so this link plays nothing.";
		return 409;
	}
	if (m->g.ply != m->t.ply) {
		m->error = "The game has moved on since this mail was "
		    "written, so this link is stale.";
		return 409;
	}
	if ((view = arena_calloc(r->arena, rules->view_size)) == NULL ||
	    (mv = arena_alloc(r->arena, GAME_LEGAL_MAX * sizeof(*mv))) == NULL)
		return 500;
	rules->view(m->g.state, m->t.seat, view);
	n = rules->legal(view, m->t.seat, mv, GAME_LEGAL_MAX);
	if (!(gs.to_act & (1u << m->t.seat)) || m->k < 0 || m->k >= n ||
	    n > GAME_LEGAL_MAX || rules->format(&mv[m->k], text,
	    sizeof(text)) >= sizeof(text)) {
		m->error = "This move cannot be played now.";
		return 409;
	}
	m->move = arena_strdup(r->arena, text);
	if (m->move == NULL || page_game_board(r, rules, view, &m->names,
	    PAGE_GAME_SHOW, &m->board) != 0)
		return 500;
	return 0;
}

void
page_mlink_show(struct req *r)
{
	struct mlink	*m;
	int		 status;

	if ((m = arena_calloc(r->arena, sizeof(*m))) == NULL) {
		resp_fail(r, 500, "This link could not be read.");
		return;
	}
	status = check(r, m);
	if (status == 500 || (status != 0 && m->error == NULL)) {
		resp_fail(r, 500, "This link could not be read.");
		return;
	}
	answer(r, m, status != 0 ? status : 200);
}

void
page_mlink_play(struct req *r)
{
	struct db	*db = r->app->db;
	struct mlink	*m;
	struct db_stmt	*st;
	char		 why[GAME_WHY_MAX];
	int		 status;

	if ((m = arena_calloc(r->arena, sizeof(*m))) == NULL ||
	    db_begin_immediate(db) != DB_OK) {
		resp_fail(r, 503, "The server is busy; please try again.");
		return;
	}
	if ((status = check(r, m)) != 0) {
		db_rollback_if_open(db);
		if (status == 500 || m->error == NULL)
			resp_fail(r, 500, "This link could not be read.");
		else
			answer(r, m, status);
		return;
	}
	switch (play_move(db, &m->g, m->t.seat, m->t.ply, PLAY_SEEN_PLY |
	    PLAY_FULL_TABLE, m->move, why)) {
	case PLAY_OK:
		break;
	case PLAY_STALE:
	case PLAY_CONFLICT:
		db_rollback_if_open(db);
		m->error = "The game has moved on since this mail was "
		    "written, so this link is stale.";
		answer(r, m, 409);
		return;
	case PLAY_BUSY:
		db_rollback_if_open(db);
		resp_fail(r, 503, "The server is busy; please try again.");
		return;
	case PLAY_ERROR:
		db_rollback_if_open(db);
		resp_fail(r, 500, "The move could not be stored.");
		return;
	default:
		db_rollback_if_open(db);
		m->error = arena_strdup(r->arena, why);
		answer(r, m, 409);
		return;
	}
	if ((st = db_stmt(db, SQL_USE)) == NULL) {
		db_rollback_if_open(db);
		resp_fail(r, 500, "The move could not be stored.");
		return;
	}
	db_bind_blob(st, 1, m->dig, TOKEN_DIGEST_BYTES, DB_STATIC);
	db_bind_int64(st, 2, m->g.id);
	db_bind_int64(st, 3, db_now());
	if (db_step_done(db, st) != DB_OK || db_commit(db) != DB_OK) {
		db_rollback_if_open(db);
		resp_fail(r, 500, "The move could not be stored.");
		return;
	}
	m->played = 1;
	m->board.kind = TPL_NONE;	/* the position before the move */
	answer(r, m, 200);
}
