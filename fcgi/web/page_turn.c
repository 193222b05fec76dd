/*
 * page_turn.c: seen marks and the waiting count for a request
 * (page_turn.h).
 */
#include "page_turn.h"

#include <stdio.h>

#include "db.h"
#include "req.h"
#include "serve.h"
#include "sess.h"
#include "store_turn.h"

int
page_turn_peek(struct req *r, int64_t game)
{
	const struct sess_user	*u;
	int64_t			 seen;
	int			 waiting;

	if (r->app == NULL || r->app->db == NULL)
		return -1;
	if (r->app->rq.waiting_known)
		return r->app->rq.waiting;
	if ((u = sess_current(r)) == NULL || u->is_bot)
		return -1;
	if (store_turn_peek(r->app->db, u->id, game, &seen, &waiting) != DB_OK)
		return -1;
	if (game > 0 && store_turn_seen_stale(seen, db_now()))
		r->app->rq.seen_game = game;
	r->app->rq.waiting = waiting;
	r->app->rq.waiting_known = 1;
	return waiting;
}

void
page_turn_after(struct req *r)
{
	const struct sess_user	*u;
	struct db		*db;

	if (r->app == NULL || (db = r->app->db) == NULL ||
	    r->app->rq.seen_game <= 0 || (u = sess_current(r)) == NULL)
		return;
	if (!r->app->rq.writable && db_query_only(db, 0) != DB_OK)
		return;
	if (store_turn_seen(db, u->id, r->app->rq.seen_game, db_now()) !=
	    DB_OK)
		fprintf(stderr, "topper: game %lld: the seen mark was not "
		    "written\n", (long long)r->app->rq.seen_game);
	if (!r->app->rq.writable)
		(void)db_query_only(db, 1);
	r->app->rq.seen_game = 0;
}
