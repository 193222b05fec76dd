/*
 * acct_limit.c: the limits on opening games (acct_limit.h).
 */
#include "acct_limit.h"

#include <stdio.h>

#include "arena.h"
#include "config.h"
#include "db.h"
#include "page_auth.h"
#include "req.h"
#include "resp.h"
#include "serve.h"

static const char SQL_GAMES_RECENT[] =
    "SELECT count(*), coalesce(min(created), 0) FROM games "
    "WHERE created_by = ?1 AND created > ?2";
static const char SQL_GAMES_OPEN[] =
    "SELECT count(*) FROM games WHERE created_by = ?1 AND status != 'over'";

/* Run a count for uid (and since); -1 on error (logged). */
static int
count(struct db *db, const char *sql, int64_t uid, int64_t since,
    int64_t *oldest)
{
	struct db_stmt	*st;
	int		 n;

	if ((st = db_stmt(db, sql)) == NULL)
		return -1;
	db_bind_int64(st, 1, uid);
	if (oldest != NULL)
		db_bind_int64(st, 2, since);
	if (db_step(st) != DB_ROW) {
		(void)db_fail(db, st);
		return -1;
	}
	n = db_column_int(st, 0);
	if (oldest != NULL)
		*oldest = db_column_int64(st, 1);
	db_reset(st);
	return n;
}

const char *
acct_limit_games(struct req *r, int64_t uid)
{
	const struct config	*cf = r->app->config;
	struct db		*db = r->app->db;
	int64_t			 now = db_now(), oldest = 0, wait;
	int			 n, secs, max_open, k;

	max_open = config_num(cf, "games_open", 10);
	if ((k = count(db, SQL_GAMES_OPEN, uid, 0, NULL)) >= max_open)
		return arena_printf(r->arena, "You have %d games that are not "
		    "over yet, the most one player may open (%d). Finish one, "
		    "or join another player's table, before you open another.",
		    k, max_open);
	config_rate(cf, "games_rate", 10, 3600, &n, &secs);
	if ((k = count(db, SQL_GAMES_RECENT, uid, now - secs, &oldest)) >= n) {
		wait = oldest + secs - now;
		if (wait < 1)
			wait = 1;
		resp_header(r, "Retry-After", arena_printf(r->arena, "%lld",
		    (long long)wait));
		return arena_printf(r->arena, "You opened %d games lately, the "
		    "most one player may open in %s. Please try again in %s.",
		    k, page_auth_wait_text(r, secs), page_auth_wait_text(r,
		    wait));
	}
	return NULL;
}
