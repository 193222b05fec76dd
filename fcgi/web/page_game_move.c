/*
 * page_game_move.c: POST /g/{id}/move (page_game.h), the move handler
 * of the game page: the form's fields, the move text they make, and
 * STYLE.md 3.4's one BEGIN IMMEDIATE, play_move() (seat, staleness,
 * parse, apply, store, mail), COMMIT, 303; every refusal goes out
 * through a rollback, a refused move with the position
 * (page_game_render).  Apart from page_game.c, which builds the page,
 * so that neither passes the 600-line limit.
 */
#include "page_game.h"

#include <stdio.h>

#include "arena.h"
#include "buf.h"
#include "db.h"
#include "form.h"
#include "game_web.h"
#include "page_confirm.h"
#include "play.h"
#include "req.h"
#include "resp.h"
#include "serve.h"
#include "store_game.h"

enum move_field {
	MF_PLY, MF_MOVE, MF_CSRF, MF_TAIL, MF_CONFIRM, MF_W0, MF_W1, MF_W2,
	MF_C0,
	MF__MAX = MF_C0 + PAGE_GAME_PICKS
};

/* The fields this form accepts; csrf is checked by the route already. */
static const struct form_field move_fields[MF__MAX] = {
	[MF_PLY] = { "ply", form_uint, FORM_REQUIRED, 1000000 },
	[MF_MOVE] = { "move", form_line, FORM_REQUIRED, 200 },
	[MF_CSRF] = { "csrf", NULL, 0, 0 },
	[MF_TAIL] = { "tail", form_line, 0, 100 },
	[MF_CONFIRM] = { "confirm", form_uint, 0, 1 },	/* page_confirm.h */
	[MF_W0] = { "w0", form_line, 0, 2 },
	[MF_W1] = { "w1", form_line, 0, 2 },
	[MF_W2] = { "w2", form_line, 0, 2 },
#define PICK(i) [MF_C0 + i] = { "c" #i, form_line, 0, 8 }
	PICK(0), PICK(1), PICK(2), PICK(3), PICK(4), PICK(5), PICK(6),
	PICK(7), PICK(8), PICK(9), PICK(10), PICK(11), PICK(12), PICK(13),
	PICK(14), PICK(15), PICK(16), PICK(17), PICK(18), PICK(19),
	PICK(20), PICK(21), PICK(22), PICK(23), PICK(24), PICK(25),
	PICK(26), PICK(27), PICK(28), PICK(29), PICK(30), PICK(31),
	PICK(32), PICK(33), PICK(34), PICK(35), PICK(36), PICK(37),
	PICK(38), PICK(39),
#undef PICK
};
_Static_assert(PAGE_GAME_PICKS == 40, "move_fields lists c0..c39");

/*
 * The move text the form means: the game's own fields first (a form of
 * its own, game_web.h), else the "move" field with the parts
 * of one token, the picks and the tail.  NULL with why[] when the
 * game's fields do not read.
 */
static const char *
move_text(struct req *r, const struct game_web *web, const struct form_val *v,
    char why[GAME_WHY_MAX])
{
	struct form_field	 own[GAME_WEB_FIELDS_MAX];
	struct form_val		 ov[GAME_WEB_FIELDS_MAX];
	const char		*value[GAME_WEB_FIELDS_MAX];
	char			 text[GAME_MOVE_TEXT_MAX];
	struct buf		 b;
	size_t			 n;
	int			 i, rc;

	for (n = 0; web != NULL && web->fields != NULL &&
	    n < GAME_WEB_FIELDS_MAX &&
	    web->fields[n] != NULL; n++)
		own[n] = (struct form_field){ web->fields[n], form_line, 0, 8 };
	if (n > 0 && web->move_text != NULL) {
		if (form_parse(r->arena, own, n, r->body, r->body_len, NULL, ov,
		    NULL) != FORM_OK) {
			snprintf(why, GAME_WHY_MAX, "The fields of that move "
			    "form do not read.");
			return NULL;
		}
		for (i = 0; i < (int)n; i++)
			value[i] = ov[i].present ? ov[i].s : NULL;
		rc = web->move_text(v[MF_MOVE].s, value, text, sizeof(text),
		    why);
		if (rc < 0)
			return NULL;
		if (rc > 0)
			return arena_strdup(r->arena, text);
	}
	/* The parts of one token, the picks and the tail follow the verb. */
	buf_init(&b, r->arena);
	buf_puts(&b, v[MF_MOVE].s);
	if (v[MF_W0].present || v[MF_W1].present || v[MF_W2].present)
		buf_putc(&b, ' ');
	for (i = MF_W0; i <= MF_W2; i++)
		if (v[i].present)
			buf_puts(&b, v[i].s);
	for (i = MF_C0; i < MF__MAX; i++)
		if (v[i].present) {
			buf_putc(&b, ' ');
			buf_puts(&b, v[i].s);
		}
	if (v[MF_TAIL].present) {
		buf_putc(&b, ' ');
		buf_puts(&b, v[MF_TAIL].s);
	}
	if (b.failed || b.len >= GAME_MOVE_TEXT_MAX) {
		snprintf(why, GAME_WHY_MAX, "That move is too long.");
		return NULL;
	}
	return b.data;
}

void
page_game_move(struct req *r)
{
	struct store_game	 g;
	struct form_val		 v[MF__MAX];
	struct form_err		 err;
	const char		*text;
	char			 why[GAME_WHY_MAX], bad[GAME_WHY_MAX];
	long long		 ply;
	int			 seat, s;
	enum db_rc		 rc;

	if (form_parse(r->arena, move_fields, MF__MAX, r->body, r->body_len,
	    NULL, v, &err) != FORM_OK) {
		resp_fail(r, 400, "%s", err.why);
		return;
	}
	ply = (long long)v[MF_PLY].u;
	/*
	 * Read the game before taking the write lock and check its ply
	 * inside: every change to what is read here moves the ply, but a
	 * join, which only an open game sees.  Writers queue for the lock
	 * (db.h), so what need not be inside it is not (DESIGN.md "Speed").
	 */
	if ((rc = store_game_load(r->app->db, r->arena, req_id(r, 0), &g)) !=
	    DB_OK) {
		if (rc == DB_NOTFOUND)
			resp_fail(r, 404, "There is no such game.");
		else
			resp_fail(r, 500, "This game could not be loaded.");
		return;
	}
	if (db_begin_immediate(r->app->db) != DB_OK) {
		resp_fail(r, 503, "The server is busy; please try again.");
		return;
	}
	if ((rc = store_game_ply(r->app->db, g.id, &s)) != DB_OK ||
	    s != g.ply) {
		/* A move came in between: read it again, under the lock. */
		if (rc == DB_OK)
			rc = store_game_load(r->app->db, r->arena, g.id, &g);
		if (rc != DB_OK) {
			if (rc == DB_NOTFOUND)
				resp_fail(r, 404, "There is no such game.");
			else
				resp_fail(r, 500, "This game could not be "
				    "loaded.");
			goto out;
		}
	}
	for (seat = -1, s = 0; s < g.nseats; s++)
		if (g.user[s] != 0 && g.user[s] == r->uid && seat < 0)
			seat = s;
	/* The form's own decoding; play_move() says when its NULL counts. */
	text = move_text(r, game_web_find(g.rules->slug), v, bad);
	/* A player who asked for a second tap gets it first. */
	if (page_confirm_move(r, &g, seat, text, v[MF_CONFIRM].present)) {
		db_rollback_if_open(r->app->db);
		return;
	}
	/* DESIGN.md: stale only when this seat's view changed since. */
	switch (play_move(r->app->db, &g, seat, ply,
	    PLAY_SEEN_VIEW | PLAY_FULL_TABLE, text, why)) {
	case PLAY_OK:
		break;
	case PLAY_NOT_SEATED:
		resp_fail(r, 403, "You do not hold a seat in this game.");
		goto out;
	case PLAY_OPEN:
		db_rollback_if_open(r->app->db);
		page_game_render(r, &g, 409, "The table still waits for a "
		    "player; the game starts when every seat is taken.");
		return;
	case PLAY_STALE:
		db_rollback_if_open(r->app->db);
		page_game_render(r, &g, 409, "Someone moved first; here is "
		    "the new position.");
		return;
	case PLAY_NO_TEXT:
		db_rollback_if_open(r->app->db);
		page_game_render(r, &g, 422, bad);
		return;
	case PLAY_REFUSED:
		db_rollback_if_open(r->app->db);
		page_game_render(r, &g, 422, why);
		return;
	case PLAY_CONFLICT:
		db_rollback_if_open(r->app->db);
		resp_fail(r, 409, "Someone moved first; please reload the "
		    "game.");
		return;
	default:
		resp_fail(r, 500, "The move could not be saved.");
		goto out;
	}
	if (db_commit(r->app->db) != DB_OK) {
		resp_fail(r, 500, "The move could not be saved.");
		goto out;
	}
	resp_redirect(r, 303, "/g/%lld", (long long)g.id);
out:
	db_rollback_if_open(r->app->db);
}
