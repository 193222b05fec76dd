/*
 * page_history.c: GET /g/{id}/history (page_history.h).
 *
 * One pass over the log: set the game up exactly as a replay does
 * (record_replay to ply 0), then parse and apply each move, writing
 * its sentence from the state just before it (so "took 3Rh" names the
 * card) and keeping a copy of the state after move N for the board.
 * The history is not on the hot path, so it replays; the game page
 * never does.
 */
#include "page_history.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "arena.h"
#include "buf.h"
#include "db.h"
#include "form.h"
#include "page.h"
#include "game_web.h"
#include "page_game.h"
#include "page_leave_view.h"
#include "page_lobby_words.h"
#include "page_scores.h"
#include "page_table.h"
#include "record.h"
#include "req.h"
#include "resp.h"
#include "serve.h"
#include "sess.h"
#include "store_game.h"
#include "tpl.h"
#include "words.h"

/* One move of the list. */
struct hmove {
	int		 ply;		/* after this move, from 1 */
	const char	*words;		/* HTML */
	const char	*text;
	const char	*hand_end;	/* a hand ended with this move, or NULL */
	int		 current;
};

struct history_page {
	struct req		*r;
	struct store_game	*g;
	struct page_game_names	 names;
	int			 ply;		/* the position shown */
	int			 last;		/* moves in the log */
	struct hmove		*moves;
	int			 nmoves;
	struct tpl_val		 board;
	const char		*seed;		/* hex, once over */
	const char		*title;
	const char		*error;		/* the log stopped replaying */
	struct tpl_val		 table;		/* the chat: page_table.h */
	struct tpl_val		 leave;		/* resigned, aborted: page_leave.h */
	struct tpl_val		 sheet;		/* page_scores.h */
};

static const char *const history_js[] = { "/static/js/game.js" };

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
move_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct hmove	*m = data;

	if (strcmp(key, "mply") == 0)
		return tpl_int(out, m->ply);
	if (strcmp(key, "words_html") == 0)
		return tpl_str(out, m->words);
	if (strcmp(key, "text") == 0)
		return tpl_str(out, m->text);
	if (strcmp(key, "hand_end") == 0)
		return tpl_str(out, m->hand_end);
	if (strcmp(key, "current") == 0)
		return tpl_bool(out, m->current);
	return tpl_none(out);
}

static int
move_item(const void *list, size_t i, struct tpl_ctx *out)
{
	const struct hmove	*m = list;

	out->lookup = move_lookup;
	out->data = &m[i];
	return 0;
}

static int
history_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct history_page	*p = data;
	const struct game_web		*web = game_web_find(p->g->rules->slug);
	const char *const		*css;
	int				 n;

	if (strcmp(key, "id") == 0)
		return tpl_int(out, p->g->id);
	if (strcmp(key, "options") == 0)	/* in words */
		return tpl_str(out, page_lobby_words_options(p->r->arena,
		    p->g->rules, p->g->options));
	if (strcmp(key, "game_name") == 0)
		return tpl_str(out, p->g->rules->name);
	if (strcmp(key, "game_slug") == 0)
		return tpl_str(out, p->g->rules->slug);
	if (strcmp(key, "ply") == 0)
		return tpl_int(out, p->ply);
	if (strcmp(key, "last") == 0)
		return tpl_int(out, p->last);
	if (strcmp(key, "has_prev") == 0)
		return tpl_bool(out, p->ply > 0);
	if (strcmp(key, "prev") == 0)
		return tpl_int(out, p->ply - 1);
	if (strcmp(key, "has_next") == 0)
		return tpl_bool(out, p->ply < p->last);
	if (strcmp(key, "next") == 0)
		return tpl_int(out, p->ply + 1);
	if (strcmp(key, "at_move_html") == 0)
		return p->ply > 0 && p->ply <= p->nmoves ?
		    tpl_str(out, p->moves[p->ply - 1].words) : tpl_none(out);
	if (strcmp(key, "moves") == 0)
		return tpl_list(out, (size_t)p->nmoves, move_item, p->moves);
	if (strcmp(key, "board") == 0) {
		*out = p->board;
		return 0;
	}
	if (strcmp(key, "over") == 0)
		return tpl_bool(out, p->g->over);
	if (strcmp(key, "commitment") == 0)
		return tpl_str(out, p->g->commitment);
	if (strcmp(key, "seed") == 0)
		return tpl_str(out, p->seed);
	if (strcmp(key, "error") == 0)
		return tpl_str(out, p->error);
	if (strcmp(key, "score_sheet") == 0) {
		*out = p->sheet;
		return 0;
	}
	if (strcmp(key, "table") == 0) {
		*out = p->table;
		return 0;
	}
	if (strcmp(key, "leave") == 0) {
		*out = p->leave;
		return 0;
	}
	if (strcmp(key, "css") == 0 && web != NULL) {
		css = game_web_css(web, &n);
		return tpl_list(out, (size_t)n, string_item, css);
	}
	if (strcmp(key, "board_tpl_html") == 0 && web != NULL)
		return tpl_template(out, page_template(p->r, web->board_tpl));
	if (strcmp(key, "scripts") == 0)
		return tpl_list(out, 1, string_item, history_js);
	return tpl_none(out);
}

static const char *
hex(struct req *r, const uint8_t *b, size_t n)
{
	static const char	 digits[] = "0123456789abcdef";
	char			*s;
	size_t			 i;

	if ((s = arena_alloc(r->arena, 2 * n + 1)) == NULL)
		return "";
	for (i = 0; i < n; i++) {
		s[2 * i] = digits[b[i] >> 4];
		s[2 * i + 1] = digits[b[i] & 15];
	}
	s[2 * n] = '\0';
	return s;
}

/* "End of hand 2 (knock): Alice +10." from an event. */
static const char *
hand_end(struct req *r, const struct history_page *p,
    const struct game_event *e)
{
	struct buf	 b;
	int		 s, any = 0;

	buf_init(&b, r->arena);
	buf_printf(&b, "End of hand %d (%s):", e->hand, e->kind);
	for (s = 0; s < p->g->nseats && s < GAME_SEATS_MAX; s++)
		if (e->delta[s] != 0) {
			buf_printf(&b, "%s %s %+d", any++ ? "," : "",
			    page_game_who(&p->names, s), (int)e->delta[s]);
		}
	buf_puts(&b, any ? "." : " nobody scores.");
	return b.failed ? "" : b.data;
}

/*
 * Replay rec, filling p->moves and the state after move upto into at
 * (rules->state_size bytes).  Returns the number of moves applied.
 */
static int
replay(struct req *r, struct history_page *p, const struct record *rec,
    int upto, void *at)
{
	const struct game_rules	*rules = rec->rules;
	struct record_result	 res;
	struct game_move	 mv;
	struct words		 w;
	struct game_events	 ev;
	struct buf		 b;
	char			 why[GAME_WHY_MAX];
	void			*cur, *next, *tmp;
	int			 i, k;

	cur = arena_calloc(r->arena, rules->state_size);
	next = arena_calloc(r->arena, rules->state_size);
	p->moves = arena_calloc(r->arena, (size_t)(rec->nmoves + 1) *
	    sizeof(*p->moves));
	if (cur == NULL || next == NULL || p->moves == NULL)
		return 0;
	if (record_replay(rec, 0, cur, next, NULL, NULL, &res) != 0) {
		p->error = arena_strdup(r->arena, res.why);
		return 0;
	}
	if (upto == 0)
		memcpy(at, cur, rules->state_size);
	for (i = 0; i < rec->nmoves; i++) {
		const struct record_move	*m = &rec->moves[i];
		struct hmove			*h = &p->moves[i];

		buf_init(&b, r->arena);
		w = words_html(&b);
		page_game_words(&w, rules, &p->names, m->seat, m->text, cur,
		    CARD_NONE);
		h->ply = i + 1;
		h->words = b.failed ? "" : b.data;
		h->text = m->text;
		h->current = i + 1 == upto;
		why[0] = '\0';
		if (rules->parse(m->text, &mv, why) != GAME_OK ||
		    rules->apply(cur, next, m->seat, &mv, &ev, why) !=
		    GAME_OK) {
			p->error = arena_printf(r->arena, "Move %d does not "
			    "replay: %s", i + 1, why);
			return i;
		}
		tmp = cur;
		cur = next;
		next = tmp;
		if (record_feed_decks(rec, cur, next, why) != 0) {
			p->error = arena_strdup(r->arena, why);
			return i + 1;
		}
		for (k = 0; k < ev.n && k < GAME_EVENTS_MAX; k++)
			h->hand_end = hand_end(r, p, &ev.ev[k]);
		p->nmoves = i + 1;
		if (i + 1 == upto)
			memcpy(at, cur, rules->state_size);
	}
	return rec->nmoves;
}

enum hist_field { HF_PLY, HF__MAX };

static const struct form_field hist_fields[HF__MAX] = {
	[HF_PLY] = { "ply", form_uint, 0, 1000000 },
};

void
page_history_show(struct req *r)
{
	const struct sess_user	*u = sess_current(r);
	const struct game_rules	*rules;
	struct history_page	 p;
	struct store_game	 g;
	struct record		 rec;
	struct form_val		 v[HF__MAX];
	struct tpl_ctx		 ctx;
	void			*at, *view;
	int			 done, viewer;

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
	rules = g.rules;
	memset(&p, 0, sizeof(p));
	p.r = r;
	p.g = &g;
	p.last = g.ply;
	p.ply = g.ply;
	if (form_parse(r->arena, hist_fields, HF__MAX, r->query,
	    strlen(r->query), NULL, v, NULL) == FORM_OK && v[HF_PLY].present)
		p.ply = v[HF_PLY].u > (unsigned long long)g.ply ? g.ply :
		    (int)v[HF_PLY].u;
	page_game_names(r, &g, u != NULL ? u->id : 0, &p.names);
	if (store_game_record(r->app->db, r->arena, &g, &rec) != DB_OK ||
	    (at = arena_calloc(r->arena, rules->state_size)) == NULL ||
	    (view = arena_calloc(r->arena, rules->view_size)) == NULL) {
		resp_fail(r, 500, "This game's history could not be read.");
		return;
	}
	done = replay(r, &p, &rec, p.ply, at);
	if (done < p.ply) {
		/* The log stopped early: show where it stopped. */
		p.ply = done;
		replay(r, &p, &rec, p.ply, at);
	}
	viewer = p.names.viewer;
	if (!g.over || rules->reveal(at, viewer, view) != 0)
		rules->view(at, viewer >= 0 ? viewer : GAME_VIEW_SPECTATOR,
		    view);
	if (page_game_board(r, rules, view, &p.names, PAGE_GAME_SHOW,
	    &p.board) != 0) {
		resp_fail(r, 500, "This position could not be shown.");
		return;
	}
	if (g.over && g.has_seed)
		p.seed = hex(r, g.seed, sizeof(g.seed));
	p.title = arena_printf(r->arena, "History of %s #%lld", rules->name,
	    (long long)g.id);
	page_table_value(r, &g, viewer, 0, &p.table);	/* the chat only */
	page_leave_view_value(r, &g, -1, &p.names, &p.leave);	/* no buttons */
	page_scores_value(r, &g, &p.names, 1, &p.sheet);
	ctx.lookup = history_lookup;
	ctx.data = &p;
	page_render(r, "history", &ctx, p.title);
}
