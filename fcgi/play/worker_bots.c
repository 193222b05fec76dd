/*
 * worker_bots.c: the worker's bot job (worker.h "bots").
 *
 * A poll claims the due bot seats no other worker holds (a lease on
 * seats.bot_claimed), then for each: load the game, build the seat's
 * view and choose outside any transaction (a strong seat's choice on
 * the thread of worker_think.h), then BEGIN IMMEDIATE, reload and
 * play_move(), which checks the ply.  The queries on seats here are
 * the worker's own markers (bot_due, bot_claimed); they never touch a
 * game's state.
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>

#include "bot.h"
#include "db.h"
#include "game.h"
#include "play.h"
#include "store_bot_level.h"
#include "store_game.h"
#include "worker.h"
#include "worker_jobs.h"
#include "worker_think.h"

/* A view buffer aligned for any engine struct. */
union viewbuf {
	max_align_t	 align;
	unsigned char	 b[GAME_STATE_MAX];
};

/*
 * Bot seats that must act and that no worker holds, oldest first
 * (index seats_bot_due): a cheap read, so a poll with nothing due
 * takes no write lock.
 */
#define BOTS_DUE_WHERE \
    "bot_due IS NOT NULL AND bot_due <= ?1 AND " \
    "(bot_claimed IS NULL OR bot_claimed <= ?1)"
static const char SQL_BOTS_DUE_LIST[] =
    "SELECT game, seat FROM seats WHERE " BOTS_DUE_WHERE
    " ORDER BY bot_due, game, seat LIMIT ?2";

/*
 * Claim those seats until ?3.  The outer WHERE says again what the
 * inner SELECT chose by: on PostgreSQL another worker may have claimed
 * a row between the two, and its UPDATE, after waiting for the row,
 * rechecks only the outer conditions.  PostgreSQL's form also passes
 * over the rows another worker is claiming at that moment (SKIP
 * LOCKED), so two workers take different seats.
 */
#define BOTS_CLAIM_HEAD \
    "UPDATE seats SET bot_claimed = ?3 WHERE " BOTS_DUE_WHERE " AND " \
    "(game, seat) IN (SELECT game, seat FROM seats WHERE " BOTS_DUE_WHERE \
    " ORDER BY bot_due, game, seat LIMIT ?2"
static const char SQL_BOTS_CLAIM[] = BOTS_CLAIM_HEAD
    ") RETURNING game, seat";
static const char SQL_BOTS_CLAIM_PG[] = BOTS_CLAIM_HEAD
    " FOR UPDATE SKIP LOCKED) RETURNING game, seat";

/* Give back a claim this worker took and did not use. */
static const char SQL_BOT_RELEASE[] =
    "UPDATE seats SET bot_claimed = NULL WHERE game = ?1 AND seat = ?2 "
    "AND bot_claimed = ?3";

/*
 * Claim up to WORKER_BATCH due bot seats into out.  Returns the count
 * or -1.
 */
static int
bots_claim(struct worker *w, int64_t now, struct worker_due out[WORKER_BATCH])
{
	struct db_stmt	*st;
	int		 n = 0, rc;

	if ((n = worker_due_list(w, SQL_BOTS_DUE_LIST, now, out)) <= 0)
		return n;
	n = 0;
	if ((st = db_stmt(w->db, db_is_pg(w->db) ? SQL_BOTS_CLAIM_PG :
	    SQL_BOTS_CLAIM)) == NULL)
		return -1;
	db_bind_int64(st, 1, now);
	db_bind_int(st, 2, WORKER_BATCH);
	db_bind_int64(st, 3, now + WORKER_BOT_LEASE_S);
	/* RETURNING: run the statement to its end so the UPDATE is done. */
	while ((rc = db_step(st)) == DB_ROW)
		if (n < WORKER_BATCH) {
			out[n].game = db_column_int64(st, 0);
			out[n].seat = db_column_int(st, 1);
			if (out[n].seat >= 0 && out[n].seat < GAME_SEATS_MAX)
				n++;
		}
	if (rc != DB_DONE)	/* busy: the next poll claims them */
		return db_fail(w->db, st) == DB_BUSY ? 0 : -1;
	db_reset(st);
	return n;
}

static void
bot_release(struct worker *w, const struct worker_due *d, int64_t now)
{
	struct db_stmt	*st;

	if ((st = db_stmt(w->db, SQL_BOT_RELEASE)) == NULL)
		return;
	db_bind_int64(st, 1, d->game);
	db_bind_int(st, 2, d->seat);
	db_bind_int64(st, 3, now + WORKER_BOT_LEASE_S);
	(void)db_step_done(w->db, st);	/* logged; the lease lapses */
}

/*
 * Set a seat's bot_due, but only while the game is still at ply (any
 * ply when ply < 0): a move made since has already said whether the
 * seat is due.  due NULL (clear) when the seat no longer acts, or a
 * later time (back off).
 */
static const char SQL_BOT_DUE_SET[] =
    "UPDATE seats SET bot_due = ?4, bot_claimed = NULL WHERE game = ?1 "
    "AND seat = ?2 AND bot_due IS NOT NULL AND "
    "(?3 < 0 OR (SELECT ply FROM games WHERE id = ?1) = ?3)";

static void
bot_due_set(struct worker *w, int64_t game, int seat, int ply, int64_t due)
{
	struct db_stmt	*st;

	if ((st = db_stmt(w->db, SQL_BOT_DUE_SET)) == NULL)
		return;
	db_bind_int64(st, 1, game);
	db_bind_int(st, 2, seat);
	db_bind_int(st, 3, ply);
	if (due != 0)
		db_bind_int64(st, 4, due);
	(void)db_step_done(w->db, st);	/* logged; retried next poll */
}

/* A bot seat that cannot move now: try again after the back-off. */
static void
bot_backoff(struct worker *w, int64_t game, int seat, int ply, int64_t now,
    const char *why)
{
	fprintf(stderr, "topper worker: game %lld seat %d at ply %d: %s; "
	    "trying again in %d s\n", (long long)game, seat, ply, why,
	    WORKER_BACKOFF_S);
	bot_due_set(w, game, seat, ply, now + WORKER_BACKOFF_S);
	w->failed++;
}

/*
 * Choose a move for the bot at (game, seat) outside any transaction.
 * Returns 1 with text and *ply (the ply chosen at) set, 0 when there is
 * nothing to do (the seat was cleared or backed off), -1 on a database
 * error.
 */
static int
bot_think(struct worker *w, const struct worker_due *d, int64_t now,
    char text[GAME_MOVE_TEXT_MAX], int *ply)
{
	struct store_game	 g;
	struct game_status	 gs;
	struct game_move	 mv;
	union viewbuf		 view;
	uint8_t			 noise[32];
	const struct game_rules	*rules;
	uint8_t			 level[GAME_SEATS_MAX];

	if (w->think != NULL && worker_think_has(w->think, d->game, d->seat))
		return 0;		/* its strong move is on the way */
	switch (store_game_load(w->db, &w->arena, d->game, &g)) {
	case DB_OK:
		break;
	case DB_NOTFOUND:
		return 0;		/* deleted: its seats went with it */
	case DB_BUSY:
		return 0;		/* next poll */
	default:
		/* Unknown rules or a log that does not replay: logged. */
		bot_backoff(w, d->game, d->seat, -1, now, "cannot load");
		return 0;
	}
	rules = g.rules;
	*ply = g.ply;
	rules->status(g.state, &gs);
	/*
	 * Nobody moves before the table is full and every invitation
	 * accepted (store_invite.h): the start marks the bot due again.
	 */
	if (!g.is_bot[d->seat] || gs.over || d->seat >= g.nseats ||
	    !(gs.to_act & (1u << d->seat)) || store_game_has_open_seat(&g)) {
		bot_due_set(w, d->game, d->seat, g.ply, 0);
		return 0;
	}
	/* The bot sees its seat's view only, never the state. */
	memset(view.b, 0, rules->view_size);
	rules->view(g.state, d->seat, view.b);
	if (getrandom(noise, sizeof(noise), 0) != (ssize_t)sizeof(noise)) {
		fprintf(stderr, "topper worker: getrandom: %s\n",
		    strerror(errno));
		return -1;
	}
	if (store_bot_levels(w->db, d->game, g.nseats, level) != DB_OK)
		return -1;
	/* A strong move is thought on its own thread (worker_think.h). */
	if (level[d->seat] == BOT_LEVEL_STRONG && w->think != NULL) {
		/* Busy with another seat: let another worker have this one. */
		if (worker_think_post(w->think, d->game, d->seat, g.ply, rules,
		    view.b, noise) != 0)
			bot_release(w, d, now);
		return 0;
	}
	if (level[d->seat] == BOT_LEVEL_STRONG)
		return worker_think_choose(rules, view.b, d->seat, noise,
		    text) == 0 ? 1 : (bot_backoff(w, d->game, d->seat, g.ply,
		    now, "the strong bot finds no move"), 0);
	if (bot_choose(rules, view.b, d->seat, noise, &mv) != GAME_OK) {
		bot_backoff(w, d->game, d->seat, g.ply, now,
		    "the bot finds no move");
		return 0;
	}
	if (rules->format(&mv, text, GAME_MOVE_TEXT_MAX) >=
	    GAME_MOVE_TEXT_MAX) {
		bot_backoff(w, d->game, d->seat, g.ply, now,
		    "the bot's move does not fit in text");
		return 0;
	}
	return 1;
}

/*
 * Apply text for (game, seat) if the game is still at ply: BEGIN
 * IMMEDIATE, reload, play_move() (which compares the ply), COMMIT.
 * Returns 1 when the move was committed, 0 when it was dropped, -1 on
 * a database error.
 */
static int
bot_apply(struct worker *w, const struct worker_due *d, int ply, const char *text,
    int64_t now)
{
	struct store_game	 g;
	char			 why[GAME_WHY_MAX];
	enum db_rc		 rc;
	int			 ret = 0;

	if ((rc = db_begin_immediate(w->db)) != DB_OK)
		return rc == DB_BUSY ? 0 : -1;
	if ((rc = store_game_load(w->db, &w->arena, d->game, &g)) != DB_OK) {
		ret = rc == DB_NOTFOUND ? 0 : -1;
		goto out;
	}
	switch (play_move(w->db, &g, d->seat, ply, PLAY_SEEN_PLY, text,
	    why)) {
	case PLAY_OK:
		if (db_commit(w->db) != DB_OK) {
			ret = -1;
			break;
		}
		w->moved++;
		ret = 1;
		break;
	case PLAY_STALE:		/* someone moved first */
	case PLAY_CONFLICT:		/* another worker took the ply */
		w->stale++;
		break;
	case PLAY_NOT_SEATED:
	case PLAY_REFUSED:
		db_rollback_if_open(w->db);
		bot_backoff(w, d->game, d->seat, ply, now, why);
		break;
	case PLAY_BUSY:
		break;
	default:
		ret = -1;
		break;
	}
out:
	db_rollback_if_open(w->db);
	return ret;
}

int
worker_bots(struct worker *w, int64_t now)
{
	struct worker_due	 d[WORKER_BATCH], t;
	char		 text[GAME_MOVE_TEXT_MAX];
	int		 n, i, ply, rc = 0, ok, done = 0;

	/* A strong move the thread finished goes in first. */
	if (w->think != NULL && worker_think_take(w->think, &t.game, &t.seat,
	    &ply, &ok, text)) {
		arena_reset(&w->arena);
		if (!ok)		/* logged by the thread */
			bot_release(w, &t, now);
		else if ((rc = bot_apply(w, &t, ply, text, now)) < 0)
			return -1;
		else
			done += rc;
	}
	if ((n = bots_claim(w, now, d)) < 0)
		return -1;
	for (i = 0; i < n && !worker_stopping(); i++) {
		arena_reset(&w->arena);
		if ((rc = bot_think(w, &d[i], now, text, &ply)) == 1)
			rc = bot_apply(w, &d[i], ply, text, now);
		if (rc < 0)
			break;
		done += rc;
	}
	/* Stopping, or an error: the seats not reached go back at once. */
	for (; i < n; i++)
		bot_release(w, &d[i], now);
	arena_reset(&w->arena);
	return rc < 0 ? -1 : done;
}
