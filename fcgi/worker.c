/*
 * worker.c: the jobs of "topper worker" and its poll loop.
 *
 * Each job reads a batch of due seats with one small indexed query,
 * then handles the seats one at a time, each in its own short
 * transaction, so a request waiting on BEGIN IMMEDIATE never queues
 * behind a whole batch.  The slow part of a bot move (building the
 * view, choosing) happens before the write lock is taken; inside it
 * there is only a reload, the ply check and store_game_play().
 *
 * The few queries on seats that only the worker runs live here rather
 * than in store_game.c: they read and clear the worker's own markers
 * (bot_due, deadline) and never touch a game's state.
 */
#include "worker.h"

#include <errno.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "bot.h"
#include "config.h"
#include "db.h"
#include "game.h"
#include "migrate.h"
#include "store_game.h"

/* A view buffer aligned for any engine struct. */
union viewbuf {
	max_align_t	 align;
	unsigned char	 b[GAME_STATE_MAX];
};

/* One due seat, as the batch queries list it. */
struct due {
	int64_t		 game;
	int		 seat;
};

static volatile sig_atomic_t	 stopping;

static void
on_stop(int sig)
{
	(void)sig;
	stopping = 1;
}

void
worker_init(struct worker *w, struct db *db)
{
	memset(w, 0, sizeof(*w));
	w->db = db;
	arena_init(&w->arena, WORKER_ARENA_LIMIT);
}

void
worker_free(struct worker *w)
{
	arena_free(&w->arena);
	w->db = NULL;
}

/*
 * Read up to WORKER_BATCH (game, seat) rows of sql, bound to now and
 * the batch size, into out.  Returns the count or -1.
 */
static int
due_list(struct worker *w, const char *sql, int64_t now,
    struct due out[WORKER_BATCH])
{
	sqlite3_stmt	*st;
	int		 n = 0, rc;

	if ((st = db_stmt(w->db, sql)) == NULL)
		return -1;
	sqlite3_bind_int64(st, 1, now);
	sqlite3_bind_int(st, 2, WORKER_BATCH);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW && n < WORKER_BATCH) {
		out[n].game = sqlite3_column_int64(st, 0);
		out[n].seat = sqlite3_column_int(st, 1);
		if (out[n].seat >= 0 && out[n].seat < GAME_SEATS_MAX)
			n++;
	}
	if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
		db_fail(w->db, st);
		return -1;
	}
	sqlite3_reset(st);
	return n;
}

/*
 * Shuffle the batch with bytes from the OS, so two workers polling at
 * once mostly take different seats first instead of racing on each.
 */
static void
shuffle(struct due *d, int n)
{
	uint32_t	 r[WORKER_BATCH];
	struct due	 t;
	int		 i, j;

	if (n < 2 || getrandom(r, sizeof(r[0]) * (size_t)n, 0) !=
	    (ssize_t)(sizeof(r[0]) * (size_t)n))
		return;
	for (i = n - 1; i > 0; i--) {
		j = (int)(r[i] % (uint32_t)(i + 1));	/* bias: harmless */
		t = d[i];
		d[i] = d[j];
		d[j] = t;
	}
}

/* Bot seats that must act, oldest first (index seats_bot_due). */
static const char SQL_BOTS_DUE_LIST[] =
    "SELECT game, seat FROM seats WHERE bot_due IS NOT NULL AND "
    "bot_due <= ?1 ORDER BY bot_due, game, seat LIMIT ?2";

/*
 * Set a seat's bot_due, but only while the game is still at ply (any
 * ply when ply < 0): a move made since has already said whether the
 * seat is due.  due NULL (clear) when the seat no longer acts, or a
 * later time (back off).
 */
static const char SQL_BOT_DUE_SET[] =
    "UPDATE seats SET bot_due = ?4 WHERE game = ?1 AND seat = ?2 AND "
    "bot_due IS NOT NULL AND "
    "(?3 < 0 OR (SELECT ply FROM games WHERE id = ?1) = ?3)";

static void
bot_due_set(struct worker *w, int64_t game, int seat, int ply, int64_t due)
{
	sqlite3_stmt	*st;

	if ((st = db_stmt(w->db, SQL_BOT_DUE_SET)) == NULL)
		return;
	sqlite3_bind_int64(st, 1, game);
	sqlite3_bind_int(st, 2, seat);
	sqlite3_bind_int(st, 3, ply);
	if (due != 0)
		sqlite3_bind_int64(st, 4, due);
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
bot_think(struct worker *w, const struct due *d, int64_t now,
    char text[GAME_MOVE_TEXT_MAX], int *ply)
{
	struct store_game	 g;
	struct game_status	 gs;
	struct game_move	 mv;
	union viewbuf		 view;
	uint8_t			 noise[32];
	const struct game_rules	*rules;

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
	if (!g.is_bot[d->seat] || gs.over || d->seat >= g.nseats ||
	    !(gs.to_act & (1u << d->seat))) {
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
 * IMMEDIATE, reload, compare, store_game_play(), COMMIT.  Returns 1
 * when the move was committed, 0 when it was dropped, -1 on a database
 * error.
 */
static int
bot_apply(struct worker *w, const struct due *d, int ply, const char *text,
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
	if (g.ply != ply) {
		w->stale++;		/* someone moved first */
		goto out;
	}
	switch ((rc = store_game_play(w->db, &g, d->seat, text, why))) {
	case DB_OK:
		if (db_commit(w->db) != DB_OK) {
			ret = -1;
			break;
		}
		w->moved++;
		ret = 1;
		break;
	case DB_CONSTRAINT:
		w->stale++;		/* another worker took the ply */
		break;
	case DB_REFUSED:
		db_rollback_if_open(w->db);
		bot_backoff(w, d->game, d->seat, ply, now, why);
		break;
	case DB_BUSY:
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
	struct due	 d[WORKER_BATCH];
	char		 text[GAME_MOVE_TEXT_MAX];
	int		 n, i, ply, rc, done = 0;

	if ((n = due_list(w, SQL_BOTS_DUE_LIST, now, d)) < 0)
		return -1;
	shuffle(d, n);
	for (i = 0; i < n && !stopping; i++) {
		arena_reset(&w->arena);
		if ((rc = bot_think(w, &d[i], now, text, &ply)) == 1)
			rc = bot_apply(w, &d[i], ply, text, now);
		if (rc < 0)
			return -1;
		done += rc;
	}
	arena_reset(&w->arena);
	return done;
}

/* Seats whose deadline passed; a user on vacation is not timed out. */
static const char SQL_DEADLINES_LIST[] =
    "SELECT s.game, s.seat FROM seats s WHERE s.deadline IS NOT NULL AND "
    "s.deadline <= ?1 AND NOT EXISTS (SELECT 1 FROM users u WHERE "
    "u.id = s.user AND u.vacation_until > ?1) "
    "ORDER BY s.deadline LIMIT ?2";

/* Take the deadline away; the caller's transaction decides. */
static const char SQL_DEADLINE_CLEAR[] =
    "UPDATE seats SET deadline = NULL WHERE game = ?1 AND seat = ?2 AND "
    "deadline <= ?3";

/* Clear a deadline outside a transaction, after a refused default move. */
static int
deadline_drop(struct worker *w, const struct due *d, int64_t now)
{
	sqlite3_stmt	*st;

	w->failed++;
	if ((st = db_stmt(w->db, SQL_DEADLINE_CLEAR)) == NULL)
		return -1;
	sqlite3_bind_int64(st, 1, d->game);
	sqlite3_bind_int(st, 2, d->seat);
	sqlite3_bind_int64(st, 3, now);
	return db_step_done(w->db, st) == DB_OK ? 0 : -1;
}

/*
 * Time out (game, seat) in one transaction: clear the deadline first
 * (so a deadline set by the move itself survives), then play the
 * rules' default move if the seat must still act.  Returns 1 when a
 * move was made, 0 when not, -1 on a database error.
 */
static int
deadline_seat(struct worker *w, const struct due *d, int64_t now)
{
	struct store_game	 g;
	struct game_status	 gs;
	struct game_move	 mv;
	sqlite3_stmt		*st;
	char			 text[GAME_MOVE_TEXT_MAX], why[GAME_WHY_MAX];
	enum db_rc		 rc;
	int			 ret = -1;

	if ((rc = db_begin_immediate(w->db)) != DB_OK)
		return rc == DB_BUSY ? 0 : -1;
	if ((st = db_stmt(w->db, SQL_DEADLINE_CLEAR)) == NULL)
		goto out;
	sqlite3_bind_int64(st, 1, d->game);
	sqlite3_bind_int(st, 2, d->seat);
	sqlite3_bind_int64(st, 3, now);
	if (db_step_done(w->db, st) != DB_OK)
		goto out;
	if (sqlite3_changes(db_handle(w->db)) == 0) {
		ret = 0;		/* another worker took it */
		goto out;
	}
	if ((rc = store_game_load(w->db, &w->arena, d->game, &g)) != DB_OK) {
		ret = rc == DB_NOTFOUND ? 0 : -1;
		goto out;
	}
	g.rules->status(g.state, &gs);
	ret = 0;
	if (gs.over || d->seat >= g.nseats || !(gs.to_act & (1u << d->seat)))
		goto commit;		/* nothing to time out */
	if (g.rules->timeout_move(g.state, d->seat, &mv) != GAME_OK ||
	    g.rules->format(&mv, text, sizeof(text)) >= sizeof(text)) {
		fprintf(stderr, "topper worker: game %lld seat %d: no "
		    "default move; deadline dropped\n", (long long)d->game,
		    d->seat);
		goto commit;
	}
	switch (store_game_play(w->db, &g, d->seat, text, why)) {
	case DB_OK:
		ret = 1;
		break;
	case DB_REFUSED:
		/* A rules bug: keep the deadline cleared, and say so. */
		db_rollback_if_open(w->db);
		fprintf(stderr, "topper worker: game %lld seat %d: default "
		    "move \"%s\" refused: %s\n", (long long)d->game, d->seat,
		    text, why);
		return deadline_drop(w, d, now);
	default:
		ret = -1;
		goto out;
	}
commit:
	if (db_commit(w->db) != DB_OK)
		ret = -1;
	else if (ret == 1)
		w->timeouts++;
out:
	db_rollback_if_open(w->db);
	return ret;
}

int
worker_deadlines(struct worker *w, int64_t now)
{
	struct due	 d[WORKER_BATCH];
	int		 n, i, rc, done = 0;

	if ((n = due_list(w, SQL_DEADLINES_LIST, now, d)) < 0)
		return -1;
	for (i = 0; i < n && !stopping; i++) {
		arena_reset(&w->arena);
		if ((rc = deadline_seat(w, &d[i], now)) < 0)
			return -1;
		done += rc;
	}
	arena_reset(&w->arena);
	return done;
}

/*
 * The outbox (STYLE.md 3.10), not done yet.  The plan: claim a batch
 * with a lease (UPDATE outbox SET claimed_until = now + lease, attempts
 * = attempts + 1 WHERE id IN (pending, unclaimed or lease expired)
 * RETURNING ...), send each with its stable Message-ID, mark it sent,
 * and mark it failed after the last attempt.  A duplicate is better
 * than a lost turn notice, so a kill between send and mark resends.
 */
int
worker_mail(struct worker *w, int64_t now)
{
	(void)w;
	(void)now;
	return 0;
}

/* Every job, in the order one poll runs them. */
static const struct {
	const char	*name;
	int		(*fn)(struct worker *, int64_t);
} jobs[] = {
	{ "bots",	worker_bots },
	{ "deadlines",	worker_deadlines },
	{ "mail",	worker_mail },
};

int
worker_poll(struct worker *w)
{
	size_t	 i;
	int	 n, done = 0, failed = 0;

	for (i = 0; i < sizeof(jobs) / sizeof(jobs[0]) && !stopping; i++) {
		if ((n = jobs[i].fn(w, db_now())) < 0) {
			fprintf(stderr, "topper worker: the %s job failed\n",
			    jobs[i].name);
			db_rollback_if_open(w->db);
			failed = 1;	/* the other jobs still run */
			continue;
		}
		done += n;
	}
	return failed ? -1 : done;
}

/* Sleep ms, cut short by SIGTERM or SIGINT. */
static void
nap(int ms)
{
	struct timespec	 ts;

	ts.tv_sec = ms / 1000;
	ts.tv_nsec = (long)(ms % 1000) * 1000000L;
	while (!stopping && nanosleep(&ts, &ts) == -1 && errno == EINTR)
		continue;
}

int
worker_run(const struct config *cf, int once)
{
	struct sigaction	 sa;
	struct worker		 w;
	struct db		*db;
	int			 n = 0, errors = 0;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_stop;	/* no SA_RESTART: the nap must end */
	sigemptyset(&sa.sa_mask);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sa.sa_handler = SIG_IGN;
	sigaction(SIGPIPE, &sa, NULL);

	if ((db = db_open(cf->db, 0)) == NULL) {
		fprintf(stderr, "topper worker: cannot open the database %s "
		    "(run \"topper init\" first?)\n", cf->db);
		return 1;
	}
	if (migrate_check(db) == -1) {
		db_close(db);
		return 1;
	}
	worker_init(&w, db);
	fprintf(stderr, "topper worker[%ld]: polling %s every %d ms\n",
	    (long)getpid(), cf->db, WORKER_POLL_MS);
	while (!stopping) {
		n = worker_poll(&w);
		/* A failing database is retried, but not in a tight loop. */
		errors = n < 0 ? errors + 1 : 0;
		if (once)
			break;
		nap(errors > 0 ? WORKER_POLL_MS * (errors < 25 ? errors : 25) :
		    WORKER_POLL_MS);
	}
	fprintf(stderr, "topper worker[%ld]: stopped: %ld moves, %ld stale, "
	    "%ld timeouts, %ld put back\n", (long)getpid(), w.moved, w.stale,
	    w.timeouts, w.failed);
	worker_free(&w);
	db_close(db);
	return once && n < 0 ? 1 : 0;
}
