/*
 * page_leave_view.c: the game page's section on leaving the game
 * (page_leave_view.h).  Apart from the POSTs (page_leave.c), which
 * render the game page on a refusal, so no object links back.
 */
#include "page_leave_view.h"

#include <stdio.h>
#include <string.h>

#include "arena.h"
#include "buf.h"
#include "db.h"
#include "leave.h"
#include "page_game_kit.h"
#include "req.h"
#include "serve.h"
#include "store_game.h"
#include "store_leave.h"
#include "store_user.h"
#include "tpl.h"

struct leave_view {
	const char	*ended;		/* a sentence, or NULL */
	const char	*resigned;	/* who resigned, or NULL */
	int		 may_resign, may_abort;
	int		 can_rematch;	/* may offer or accept */
	int		 offered;	/* a rematch was offered */
	int		 waiting;	/* the viewer accepted; others not yet */
	int64_t		 rematch;	/* the new game, or 0 */
	int		 two_seats;
};

static int
leave_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct leave_view	*v = data;

	if (strcmp(key, "ended") == 0)
		return tpl_str(out, v->ended);
	if (strcmp(key, "resigned") == 0)
		return tpl_str(out, v->resigned);
	if (strcmp(key, "may_resign") == 0)
		return tpl_bool(out, v->may_resign);
	if (strcmp(key, "may_abort") == 0)
		return tpl_bool(out, v->may_abort);
	if (strcmp(key, "can_rematch") == 0)
		return tpl_bool(out, v->can_rematch);
	if (strcmp(key, "rematch_offered") == 0)
		return tpl_bool(out, v->offered);
	if (strcmp(key, "rematch_waiting") == 0)
		return tpl_bool(out, v->waiting);
	if (strcmp(key, "has_buttons") == 0)
		return tpl_bool(out, v->may_resign || v->may_abort ||
		    v->can_rematch || v->waiting);
	if (strcmp(key, "two_seats") == 0)
		return tpl_bool(out, v->two_seats);
	if (strcmp(key, "rematch_game") == 0)
		return v->rematch > 0 ? tpl_int(out, v->rematch) :
		    tpl_none(out);
	return tpl_none(out);
}

static int
leave_item(const void *list, size_t i, struct tpl_ctx *out)
{
	(void)i;
	out->lookup = leave_lookup;
	out->data = list;
	return 0;
}

/* The account name of seat's player (a bot may play the seat now). */
static const char *
player_name(struct req *r, const struct store_game *g,
    const struct page_game_names *nm, int seat)
{
	struct store_user	 u;

	if (g->user[seat] != 0 && store_user_by_id(r->app->db, g->user[seat],
	    &u) == STORE_USER_OK)
		return arena_strdup(r->arena, u.name);
	return nm->name[seat];
}

int
page_leave_view_value(struct req *r, const struct store_game *g, int seat,
    const struct page_game_names *nm, struct tpl_val *out)
{
	struct leave_view	*v;
	struct buf		 b;
	uint32_t		 moved = 0, accepted = 0;
	int			 s, k, n;

	tpl_none(out);
	if ((v = arena_calloc(r->arena, sizeof(*v))) == NULL)
		return -1;
	v->two_seats = g->nseats == 2;
	switch (g->outcome.end) {
	case OUTCOME_RESIGN:
		s = g->outcome.seat;
		if (s < 0 || s > 1 || g->nseats != 2)
			break;
		v->ended = arena_printf(r->arena, "%s resigned after %d "
		    "move%s, so %s.", nm->viewer == s ? "You" :
		    player_name(r, g, nm, s), g->outcome.ply,
		    g->outcome.ply == 1 ? "" : "s",
		    nm->viewer == 1 - s ? "you won" :
		    arena_printf(r->arena, "%s won", nm->name[1 - s]));
		break;
	case OUTCOME_ABORT:
		v->ended = "The game was aborted before every player had "
		    "moved: it has no result and is not rated.";
		break;
	default:
		break;
	}
	if (g->outcome.end != OUTCOME_RESIGN && g->outcome.resigned != 0) {
		buf_init(&b, r->arena);
		n = 0;
		for (s = 0; s < g->nseats; s++)
			if ((g->outcome.resigned >> s) & 1)
				n++;
		for (k = 0, s = 0; s < g->nseats; s++) {
			if (!((g->outcome.resigned >> s) & 1))
				continue;
			if (k > 0)
				buf_puts(&b, k == n - 1 ? " and " : ", ");
			buf_puts(&b, player_name(r, g, nm, s));
			buf_puts(&b, arena_printf(r->arena, " (after %d move%s)",
			    g->resigned_ply[s], g->resigned_ply[s] == 1 ? "" :
			    "s"));
			k++;
		}
		buf_puts(&b, n > 1 ? " resigned: bots play their seats on, and "
		    "they rank last." : " resigned: a bot plays the seat on, "
		    "and the player ranks last.");
		v->resigned = b.failed ? NULL : b.data;
	}
	if (seat >= 0 && !g->over) {
		if (store_leave_moved(r->app->db, g->id, &moved) != DB_OK)
			return -1;
		v->may_resign = leave_may_resign(g, seat);
		v->may_abort = leave_may_abort(g, seat, moved);
	}
	if (g->over && store_leave_rematch(r->app->db, g->id, &v->offered,
	    &accepted, &v->rematch) != DB_OK)
		return -1;
	if (seat >= 0 && g->over && v->rematch == 0) {
		v->waiting = (accepted >> seat) & 1;
		v->can_rematch = !v->waiting;
		for (s = 0; s < g->nseats; s++)
			v->can_rematch &= g->user[s] != 0;
	}
	return tpl_list(out, 1, leave_item, v);
}

