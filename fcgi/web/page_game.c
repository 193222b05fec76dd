/*
 * page_game.c: GET /g/{id} (page_game.h), and page_game_render() for
 * the POSTs that answer with the page.
 *
 * The page is built from the stored snapshot (no replay, no JSON): the
 * engine projects it for the viewer, and templates read that view
 * through the lookups here and in the game's web side (game_web.h).
 * The move handler, POST /g/{id}/move, is page_game_move.c's.
 */
#include "page_game.h"

#include <string.h>

#include "arena.h"
#include "buf.h"
#include "db.h"
#include "game_web.h"
#include "page.h"
#include "page_deadline.h"
#include "page_leave_view.h"
#include "page_invite.h"
#include "page_lobby_words.h"
#include "page_scores.h"
#include "page_turn.h"
#include "page_table.h"
#include "req.h"
#include "resp.h"
#include "serve.h"
#include "sess.h"
#include "store_account.h"
#include "store_game.h"
#include "store_lobby.h"
#include "store_turn.h"
#include "tpl.h"
#include "words.h"

/* What the game page shows; every pointer is in the request arena. */
struct game_page {
	struct req			*r;
	struct store_game		*g;
	struct page_game_names		 names;
	const struct game_web		*web;
	int				 seat;		/* the viewer's, or -1 */
	const char			*title;
	const char			*notice;	/* a refusal, or NULL */
	int				 refresh;	/* a bot is due */
	int				 open;		/* a seat waits for a player */
	int				 can_join;
	int				 my_turn;
	int				 can_undo;	/* game_web.h */
	int				 confirm_moves;	/* page_confirm.h */
	int64_t				 next_game;	/* waits for the viewer, or 0 */
	struct tpl_val			 board;
	struct tpl_val			 play;
	int				 nrecent, first_recent;
	const char			**recent;	/* words, HTML */
	int				 nfolded;	/* of recent, before the fold */
	int				 since_mine;	/* recent starts at the viewer's move */
	const char			*seed;		/* hex, once over */
	const char			*updated;
	struct tpl_val			 table;		/* chat, note: page_table.h */
	struct tpl_val			 leave;		/* page_leave.h */
	struct tpl_val			 invites;	/* page_invite.h */
	struct tpl_val			 sheet;		/* page_scores.h */
};

/* ---- the page's lookup ---- */

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

/* One of the recent moves: data points at its words. */
static int
recent_lookup(const void *data, const char *key, struct tpl_val *out)
{
	if (strcmp(key, "words_html") == 0)
		return tpl_str(out, *(const char *const *)data);
	return tpl_none(out);
}

static int
recent_item(const void *list, size_t i, struct tpl_ctx *out)
{
	const struct game_page	*p = list;

	out->lookup = recent_lookup;
	out->data = &p->recent[p->nfolded + (int)i];
	return 0;
}

/* The moves folded away: the first nfolded of recent. */
static int
folded_item(const void *list, size_t i, struct tpl_ctx *out)
{
	const struct game_page	*p = list;

	out->lookup = recent_lookup;
	out->data = &p->recent[i];
	return 0;
}

static int
game_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct game_page	*p = data;
	const struct store_game	*g = p->g;
	const char *const	*list;
	int			 n;

	switch (key[0]) {
	case 'b':
		if (strcmp(key, "board") == 0) {
			*out = p->board;
			return 0;
		}
		if (strcmp(key, "board_tpl_html") == 0)
			return tpl_template(out, page_template(p->r,
			    p->web->board_tpl));
		break;
	case 'c':
		if (strcmp(key, "css") == 0) {
			list = game_web_css(p->web, &n);
			return tpl_list(out, (size_t)n, string_item, list);
		}
		if (strcmp(key, "can_undo") == 0)
			return tpl_bool(out, p->can_undo);
		if (strcmp(key, "confirm_moves") == 0)
			return tpl_bool(out, p->confirm_moves);
		if (strcmp(key, "can_join") == 0)
			return tpl_bool(out, p->can_join);
		if (strcmp(key, "commitment") == 0)
			return tpl_str(out, g->commitment);
		if (strcmp(key, "clocks") == 0)	/* deadlines */
			return page_deadline_clocks(p->r, g, &p->names, out);
		break;
	case 'g':
		if (strcmp(key, "game_name") == 0)
			return tpl_str(out, g->rules->name);
		if (strcmp(key, "game_slug") == 0)
			return tpl_str(out, g->rules->slug);
		break;
	case 'f':
		if (strcmp(key, "folded") == 0)
			return tpl_list(out, (size_t)p->nfolded, folded_item,
			    p);
		if (strcmp(key, "folded_start") == 0)
			return tpl_int(out, p->first_recent + 1);
		if (strcmp(key, "folded_words") == 0)
			return tpl_str(out, arena_printf(p->r->arena,
			    "%d earlier move%s since your last one",
			    p->nfolded, p->nfolded == 1 ? "" : "s"));
		break;
	case 'h':
		if (strcmp(key, "has_recent") == 0)
			return tpl_bool(out, p->nrecent > 0);
		if (strcmp(key, "has_folded") == 0)
			return tpl_bool(out, p->nfolded > 0);
		break;
	case 'i':
		if (strcmp(key, "id") == 0)
			return tpl_int(out, g->id);
		if (strcmp(key, "invites") == 0) {
			*out = p->invites;
			return 0;
		}
		break;
	case 'l':
		if (strcmp(key, "leave") == 0) {
			*out = p->leave;
			return 0;
		}
		break;
	case 'm':
		if (strcmp(key, "my_turn") == 0)
			return tpl_bool(out, p->my_turn);
		break;
	case 'n':
		if (strcmp(key, "notice") == 0)
			return tpl_str(out, p->notice);
		if (strcmp(key, "nrecent") == 0)
			return tpl_int(out, p->nrecent);
		if (strcmp(key, "next_game") == 0)
			return p->next_game > 0 ? tpl_int(out, p->next_game) :
			    tpl_none(out);
		break;
	case 'o':
		if (strcmp(key, "over") == 0)
			return tpl_bool(out, g->over);
		/* The board's turn marks are the rules'; the table ended it. */
		if (strcmp(key, "over_by_table") == 0)
			return tpl_bool(out, g->outcome.end != OUTCOME_RULES);
		/* The moves before the listed ones, in the history. */
		if (strcmp(key, "older_ply") == 0)
			return p->first_recent > 0 ? tpl_int(out,
			    p->first_recent) : tpl_none(out);
		if (strcmp(key, "open") == 0)
			return tpl_bool(out, p->open);
		if (strcmp(key, "options") == 0)	/* in words */
			return tpl_str(out, page_lobby_words_options(
			    p->r->arena, g->rules, g->options));
		break;
	case 'p':
		if (strcmp(key, "ply") == 0)
			return tpl_int(out, g->ply);
		/*
		 * Polled on the player's turn too: the poll marks the
		 * table seen (the quiet rule) and updates the count of
		 * games waiting.
		 */
		if (strcmp(key, "poll") == 0)
			return tpl_bool(out, !g->over);
		if (strcmp(key, "play") == 0) {
			*out = p->play;
			return 0;
		}
		if (strcmp(key, "play_tpl_html") == 0)
			return tpl_template(out, page_template(p->r,
			    p->web->play_tpl));
		break;
	case 'r':
		if (strcmp(key, "refresh") == 0)
			return p->refresh ? tpl_int(out, 5) : tpl_none(out);
		if (strcmp(key, "recent") == 0)	/* after the fold */
			return tpl_list(out, (size_t)(p->nrecent -
			    p->nfolded), recent_item, p);
		if (strcmp(key, "recent_start") == 0)
			return tpl_int(out, p->first_recent + p->nfolded + 1);
		break;
	case 's':
		if (strcmp(key, "scripts") == 0) {
			list = game_web_js(p->web, &n);
			return tpl_list(out, (size_t)n, string_item, list);
		}
		if (strcmp(key, "score_sheet") == 0) {
			*out = p->sheet;
			return 0;
		}
		if (strcmp(key, "seated") == 0)
			return tpl_bool(out, p->seat >= 0);
		if (strcmp(key, "seed") == 0)
			return tpl_str(out, p->seed);
		if (strcmp(key, "since_mine") == 0)
			return tpl_bool(out, p->since_mine);
		break;
	case 't':
		if (strcmp(key, "table") == 0) {
			*out = p->table;
			return 0;
		}
		break;
	case 'u':
		if (strcmp(key, "undo_move") == 0)
			return tpl_str(out, p->web->undo);
		if (strcmp(key, "undo_says") == 0)
			return tpl_str(out, p->web->undo_says);
		if (strcmp(key, "updated") == 0)
			return tpl_str(out, p->updated);
		break;
	}
	return tpl_none(out);
}

/* ---- building the page ---- */

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

/*
 * The moves since the viewer's last one (at least PAGE_GAME_RECENT, at
 * most PAGE_GAME_SINCE_MAX) in words; the template folds all but the
 * last PAGE_GAME_RECENT.  PAGE_GAME_RECENT_LEAD moves more are read so
 * that a "take" at the start still knows the card it took; the log is
 * never read whole here.
 */
static void
recent_moves(struct req *r, struct game_page *p)
{
	struct record_move	*moves = NULL;
	struct buf		 b;
	struct words		 w;
	card_t			*took;
	int			 n = 0, i, first, ply0 = 0, mine = 0, want;

	want = PAGE_GAME_RECENT;
	if (p->seat >= 0 && store_lobby_last_move_of(r->app->db, p->g->id,
	    p->seat, &mine) == DB_OK && mine > 0 &&
	    p->g->ply - mine + 1 > want) {
		want = p->g->ply - mine + 1;
		if (want > PAGE_GAME_SINCE_MAX)
			want = PAGE_GAME_SINCE_MAX;
	}
	if (store_lobby_last_moves(r->app->db, r->arena, p->g->id,
	    want + PAGE_GAME_RECENT_LEAD, &moves, &n, &ply0) !=
	    DB_OK || n == 0)
		return;
	if ((p->recent = arena_alloc(r->arena, (size_t)want *
	    sizeof(*p->recent))) == NULL ||
	    (took = arena_alloc(r->arena, (size_t)n * sizeof(*took))) == NULL)
		return;
	page_game_took(p->g->rules, moves, n, p->g->state, took);
	first = n > want ? n - want : 0;
	for (i = first; i < n; i++) {
		buf_init(&b, r->arena);
		w = words_html(&b);
		page_game_words(&w, p->g->rules, &p->names, moves[i].seat,
		    moves[i].text, NULL, took[i]);
		p->recent[p->nrecent++] = b.failed ? "" : b.data;
	}
	p->first_recent = ply0 + first;
	p->nfolded = p->nrecent > PAGE_GAME_RECENT ?
	    p->nrecent - PAGE_GAME_RECENT : 0;
	p->since_mine = mine > 0 && p->first_recent + 1 == mine;
}

/* "NAME #42" in the arena, without printf. */
static const char *
game_title(struct req *r, const char *name, int64_t id)
{
	char		 d[24];
	size_t		 i = sizeof(d);
	uint64_t	 u = id < 0 ? 0 : (uint64_t)id;
	struct buf	 b;

	do {
		d[--i] = (char)('0' + u % 10);
		u /= 10;
	} while (u != 0);
	buf_init(&b, r->arena);
	buf_puts(&b, name);
	buf_puts(&b, " #");
	buf_put(&b, d + i, sizeof(d) - i);
	return b.failed ? "" : b.data;
}

/* May seat move now (to_act, or the game's may_act: a "May I?" withdraw)? */
static int
page_game_may_act(const struct store_game *g, int seat)
{
	struct game_status	 gs;

	g->rules->status(g->state, &gs);
	return game_may_act(g->rules, g->state, &gs, seat);
}

/*
 * Render the page of g for the signed-in user (or a spectator) with
 * status and an optional notice (a refused move).
 */
static void
show(struct req *r, struct store_game *g, int status, const char *notice)
{
	const struct sess_user	*u = sess_current(r);
	const struct game_rules	*rules = g->rules;
	struct game_page	 p;
	struct store_account	 acct;
	struct tpl_ctx		 ctx;
	char			 when[PAGE_TIME_MAX];
	void			*view;
	int			 s, free_seat;

	memset(&p, 0, sizeof(p));
	p.r = r;
	p.g = g;
	p.notice = notice;
	if ((p.web = game_web_find(rules->slug)) == NULL) {
		resp_fail(r, 500, "This game could not be shown.");
		return;
	}
	page_game_names(r, g, u != NULL ? u->id : 0, &p.names);
	p.seat = p.names.viewer;
	for (s = 0; s < g->nseats; s++) {
		p.open |= g->user[s] == 0;
		if (!g->over && (g->to_act >> s) & 1 && g->is_bot[s])
			p.refresh = 1;
	}
	/* A seat an invitation holds is open to its invitee only. */
	free_seat = p.open;
	if (page_invite_value(r, g, u != NULL ? u->id : 0, &p.invites,
	    &free_seat, &p.names) != 0)
		tpl_none(&p.invites);
	p.can_join = free_seat && !g->over && u != NULL && p.seat < 0;
	p.my_turn = !g->over && !p.open && p.seat >= 0 &&
	    page_game_may_act(g, p.seat);
	/* After a move: the waiting game with the least time left. */
	if (p.seat >= 0 && !p.my_turn && u != NULL &&
	    store_turn_next(r->app->db, u->id, g->id, &p.next_game) != DB_OK)
		p.next_game = 0;
	if ((view = arena_calloc(r->arena, rules->view_size)) == NULL) {
		resp_fail(r, 500, "This game could not be shown.");
		return;
	}
	/*
	 * Once the game is over everyone sees everything; a game the table
	 * ended (outcome.h) stopped mid-hand, so each sees it as they did.
	 */
	rules->view(g->state, g->over && g->outcome.end == OUTCOME_RULES ?
	    GAME_VIEW_ALL : p.seat >= 0 ? p.seat : GAME_VIEW_SPECTATOR, view);
	if (page_game_board(r, rules, view, &p.names,
	    p.my_turn ? PAGE_GAME_PLAY : PAGE_GAME_SHOW, &p.board) != 0 ||
	    page_game_play(r, rules, view, &p.names, p.my_turn ? p.seat : -1,
	    &p.play) != 0) {
		resp_fail(r, 500, "This game could not be shown.");
		return;
	}
	p.can_undo = p.my_turn && game_web_can_undo(r, p.web, view, p.seat);
	p.confirm_moves = p.my_turn && store_account_get(r->app->db,
	    r->uid, &acct) == STORE_USER_OK && acct.confirm_moves;
	recent_moves(r, &p);
	if (g->over && g->has_seed)
		p.seed = hex(r, g->seed, sizeof(g->seed));
	p.updated = arena_strdup(r->arena, page_time(r, g->updated, when));
	p.title = game_title(r, rules->name, g->id);
	page_table_value(r, g, p.seat, 1, &p.table);	/* none on a failure */
	page_leave_view_value(r, g, p.seat, &p.names, &p.leave);
	page_scores_value(r, g, &p.names, g->over, &p.sheet);
	ctx.lookup = game_lookup;
	ctx.data = &p;
	page_render_status(r, status, "game", &ctx, p.title);
}

void
page_game_render(struct req *r, struct store_game *g, int status,
    const char *notice)
{
	show(r, g, status, notice);
}

void
page_game_show(struct req *r)
{
	struct store_game	 g;

	switch (store_game_load(r->app->db, r->arena, req_id(r, 0), &g)) {
	case DB_OK:
		(void)page_turn_peek(r, g.id);	/* a look at the table */
		show(r, &g, 200, NULL);
		return;
	case DB_NOTFOUND:
		resp_fail(r, 404, "There is no such game.");
		return;
	default:
		resp_fail(r, 500, "This game could not be loaded.");
		return;
	}
}
