/*
 * page_deadline.c: clocks and vacations on the pages (page_deadline.h).
 * Times are the viewer's (page_time); the clock arithmetic is
 * deadline.c's.
 */
#include "page_deadline.h"

#include <stdio.h>
#include <string.h>

#include "arena.h"
#include "db.h"
#include "deadline.h"
#include "form.h"
#include "page.h"
#include "page_game.h"
#include "req.h"
#include "resp.h"
#include "serve.h"
#include "sess.h"
#include "store_game.h"
#include "tpl.h"

/* One clock as the game page shows it. */
struct clock_item {
	const char	*who;
	const char	*left;
	const char	*until;
	int		 paused;
	int		 mine;
	int		 reclaim;	/* not a clock: "play your seat again" */
};

static int
clock_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct clock_item	*c = data;

	if (strcmp(key, "who") == 0)
		return tpl_str(out, c->who);
	if (strcmp(key, "left") == 0)
		return tpl_str(out, c->left);
	if (strcmp(key, "until") == 0)
		return tpl_str(out, c->until);
	if (strcmp(key, "paused") == 0)
		return tpl_bool(out, c->paused);
	if (strcmp(key, "mine") == 0)
		return tpl_bool(out, c->mine);
	if (strcmp(key, "reclaim") == 0)
		return tpl_bool(out, c->reclaim);
	return tpl_none(out);
}

static int
clock_item(const void *list, size_t i, struct tpl_ctx *out)
{
	out->lookup = clock_lookup;
	out->data = (const struct clock_item *)list + i;
	return 0;
}

int
page_deadline_clocks(struct req *r, const struct store_game *g,
    const struct page_game_names *names, struct tpl_val *out)
{
	const struct sess_user	*u = sess_current(r);
	struct deadline_clock	 clk[GAME_SEATS_MAX];
	struct clock_item	*items;
	char			 left[WHEN_LEFT_MAX], when[PAGE_TIME_MAX];
	int64_t			 now = db_now();
	int			 s, n = 0, v = names->viewer;

	if (g->over)
		return tpl_list(out, 0, clock_item, NULL);
	if ((items = arena_calloc(r->arena, sizeof(*items) *
	    (size_t)(g->nseats + 1))) == NULL)
		return -1;
	/* The loaded game holds the clocks' columns: no query here. */
	for (s = 0; s < g->nseats; s++) {
		deadline_clock(g->deadline[s], g->turn_start[s],
		    g->vacation_from[s], now, &clk[s]);
		if (!clk[s].running)
			continue;
		items[n].who = page_game_who(names, s);
		items[n].left = arena_strdup(r->arena, when_left(clk[s].left,
		    left));
		items[n].until = clk[s].paused ? NULL : arena_strdup(r->arena,
		    page_time(r, clk[s].deadline, when));
		items[n].paused = clk[s].paused;
		items[n].mine = s == v;
		n++;
	}
	/* A person whose seat a bot took over may take it back (not
	 * after resigning it). */
	if (v >= 0 && v < g->nseats && g->is_bot[v] && u != NULL &&
	    !u->is_bot && !g->over && !((g->outcome.resigned >> v) & 1))
		items[n++].reclaim = 1;
	return tpl_list(out, (size_t)n, clock_item, items);
}

const char *
page_deadline_summary(struct req *r, int64_t game)
{
	struct deadline_clock	 clk[GAME_SEATS_MAX];
	char			 left[WHEN_LEFT_MAX];
	int64_t			 ms;
	int			 s, best = -1;

	if (deadline_clocks(r->app->db, game, db_now(), clk, GAME_SEATS_MAX,
	    &ms) != DB_OK)
		return NULL;
	for (s = 0; s < GAME_SEATS_MAX; s++)
		if (clk[s].running && (best < 0 || clk[s].left <
		    clk[best].left))
			best = s;
	if (best < 0)
		return NULL;
	if (clk[best].paused)
		return "clock paused (vacation)";
	return arena_printf(r->arena, "%s", when_left(clk[best].left, left));
}

const char *
page_deadline_vacation_text(struct req *r, int64_t uid, int *on)
{
	struct deadline_vacation v;
	char			 when[PAGE_TIME_MAX];

	*on = 0;
	if (deadline_vacation_get(r->app->db, uid, db_now(), &v) != DB_OK)
		return NULL;
	*on = v.on;
	if (v.on)
		return arena_printf(r->arena, "Your vacation is on: your "
		    "clocks stand still until you switch it off, or at the "
		    "latest until %s. Every day begun counts.",
		    page_time(r, v.until, when));
	return arena_printf(r->arena, "You have %d vacation day%s left in "
	    "%d. While your vacation is on, your clocks stand still and "
	    "nothing is played for you; each day begun counts.", v.days_left,
	    v.days_left == 1 ? "" : "s", v.year);
}

enum vac_field { VF_VACATION, VF_CSRF, VF__MAX };

static const struct form_field vac_fields[VF__MAX] = {
	[VF_VACATION] = { "vacation", form_line, FORM_REQUIRED, 3 },
	[VF_CSRF] = { "csrf", NULL, 0, 0 },
};

void
page_deadline_vacation(struct req *r)
{
	const struct sess_user	*s = sess_current(r);
	struct form_val		 v[VF__MAX];
	char			 why[DEADLINE_WHY_MAX];
	enum db_rc		 rc;
	int			 on;

	if (form_parse(r->arena, vac_fields, VF__MAX, r->body, r->body_len,
	    NULL, v, NULL) != FORM_OK || (strcmp(v[VF_VACATION].s, "on") != 0 &&
	    strcmp(v[VF_VACATION].s, "off") != 0)) {
		resp_fail(r, 400, "Please switch the vacation on or off.");
		return;
	}
	on = strcmp(v[VF_VACATION].s, "on") == 0;
	if (s == NULL || db_begin_immediate(r->app->db) != DB_OK) {
		resp_fail(r, 503, "The server is busy; please try again.");
		return;
	}
	rc = on ? deadline_vacation_start(r->app->db, s->id, db_now(), why) :
	    deadline_vacation_stop(r->app->db, s->id, db_now());
	if (rc == DB_NOTFOUND && !on)
		rc = DB_OK;		/* off already: nothing to do */
	if (rc == DB_OK && db_commit(r->app->db) == DB_OK) {
		resp_redirect(r, 303, "/account");
		return;
	}
	db_rollback_if_open(r->app->db);
	if (rc == DB_REFUSED)
		resp_fail(r, 409, "%s", why);
	else
		resp_fail(r, 500, "Your vacation could not be saved.");
}

/*
 * The seat of user in game back from the bot, with a fresh clock when
 * it must act (the triggers of sql/004_deadlines.sql only follow
 * games; this row changes by itself).  Not for a bot account.
 */
static const char SQL_RECLAIM[] =
    "UPDATE seats SET is_bot = 0, bot_due = NULL, timeouts = 0, "
    "turn_start = CASE WHEN a THEN CAST(?3 AS BIGINT) END, "
    "deadline = CASE WHEN a THEN ?3 + ms END, "
    "remind_at = CASE WHEN a THEN ?3 + ms - ms / 4 END "
    "FROM (SELECT g.status = 'active' AND "
    "((g.to_act >> CAST(s.seat AS INTEGER)) & 1) = 1 AS a, "
    "g.move_secs AS ms FROM games g JOIN seats s ON s.game = g.id "
    "WHERE g.id = ?1 AND s.\"user\" = ?2) AS r "
    "WHERE game = ?1 AND \"user\" = ?2 AND is_bot = 1 AND "
    "resigned_ply IS NULL AND "
    "(SELECT is_bot FROM users WHERE id = ?2) = 0";

void
page_deadline_reclaim(struct req *r)
{
	const struct sess_user	*u = sess_current(r);
	struct db_stmt		*st;
	long long		 id = req_id(r, 0);
	int			 n;

	if (u == NULL || db_begin_immediate(r->app->db) != DB_OK) {
		resp_fail(r, 503, "The server is busy; please try again.");
		return;
	}
	if ((st = db_stmt(r->app->db, SQL_RECLAIM)) == NULL)
		goto fail;
	db_bind_int64(st, 1, id);
	db_bind_int64(st, 2, u->id);
	db_bind_int64(st, 3, db_now());
	if (db_step_done(r->app->db, st) != DB_OK)
		goto fail;
	n = db_changes(r->app->db);
	if (db_commit(r->app->db) != DB_OK)
		goto fail;
	if (n == 0) {
		resp_fail(r, 409, "No bot plays a seat of yours in this game.");
		return;
	}
	resp_redirect(r, 303, "/g/%lld", id);
	return;
fail:
	db_rollback_if_open(r->app->db);
	resp_fail(r, 500, "Your seat could not be taken back.");
}
