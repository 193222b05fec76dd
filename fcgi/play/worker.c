/*
 * worker.c: the jobs of "topper worker" and its poll loop (the bot
 * job is worker_bots.c's).
 *
 * Each job reads a batch of due seats with one small indexed query,
 * then handles the seats one at a time, each in its own short
 * transaction, so a request waiting on BEGIN IMMEDIATE never queues
 * behind a whole batch.  The slow part of a bot move (building the
 * view, choosing) happens before the write lock is taken; inside it
 * there is only a reload and play_move(), which checks the ply.
 *
 * The few queries on seats that only the worker runs live here (and in
 * worker_bots.c) rather than in store_game.c: they read and clear the
 * worker's own markers (deadline, remind_at) and never touch a game's
 * state.
 */
#include "worker.h"

#include <errno.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bot.h"
#include "config.h"
#include "db.h"
#include "deadline.h"
#include "game.h"
#include "mail_queue.h"
#include "mail_send.h"
#include "migrate.h"
#include "play.h"
#include "when.h"
#include "store_game.h"
#include "store_invite.h"
#include "worker_jobs.h"
#include "worker_think.h"

static void
on_stop(int sig)
{
	(void)sig;
	worker_ask_stop();
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
 * Deadlines (deadline.h).  One job, three steps, each seat or user in
 * its own short transaction: vacations that ran out end (their clocks
 * move on), reminders go out at a quarter of the time left, and
 * clocks that ran out make the rules' default moves or hand the seat
 * to a bot.  A user on vacation is neither reminded nor timed out.
 */

/*
 * Vacations whose days ran out (index users_vacation).  The user id
 * comes back in struct worker_due's game member, so worker_due_list()
 * serves.
 */
static const char SQL_VACATIONS_OVER[] =
    "SELECT id, 0 FROM users WHERE vacation_from IS NOT NULL AND "
    "vacation_until <= ?1 ORDER BY vacation_until LIMIT ?2";

/* Not for a player on vacation ("u" is the seat's user). */
#define NOT_ON_VACATION \
    "NOT EXISTS (SELECT 1 FROM users u WHERE u.id = s.\"user\" AND " \
    "(u.vacation_from IS NOT NULL OR u.vacation_until > ?1))"

/* Seats to remind (index seats_remind_at). */
static const char SQL_REMINDERS_LIST[] =
    "SELECT s.game, s.seat FROM seats s WHERE s.remind_at IS NOT NULL AND "
    "s.remind_at <= ?1 AND " NOT_ON_VACATION
    " ORDER BY s.remind_at LIMIT ?2";

/* Once per turn: the caller's transaction decides. */
static const char SQL_REMIND_CLEAR[] =
    "UPDATE seats SET remind_at = NULL WHERE game = ?1 AND seat = ?2 AND "
    "remind_at <= ?3 RETURNING (SELECT ply FROM games WHERE id = ?1), "
    "deadline, (SELECT tz FROM users WHERE id = seats.\"user\")";

/* Seats whose deadline passed (index seats_deadline). */
static const char SQL_DEADLINES_LIST[] =
    "SELECT s.game, s.seat FROM seats s WHERE s.deadline IS NOT NULL AND "
    "s.deadline <= ?1 AND " NOT_ON_VACATION
    " ORDER BY s.deadline LIMIT ?2";

/*
 * Take the clock away, and read what the table does about it.  The
 * caller's transaction decides; a move that leaves the seat to act
 * starts a fresh clock (sql/004_deadlines.sql).
 */
static const char SQL_DEADLINE_CLEAR[] =
    "UPDATE seats SET deadline = NULL, remind_at = NULL, turn_start = NULL "
    "WHERE game = ?1 AND seat = ?2 AND deadline <= ?3 RETURNING timeouts, "
    "(SELECT CASE WHEN on_timeout = 'bot' THEN 1 ELSE 0 END FROM games "
    "WHERE id = ?1)";

/* Clear a clock outside a transaction, after a refused default move. */
static const char SQL_DEADLINE_DROP[] =
    "UPDATE seats SET deadline = NULL, remind_at = NULL, turn_start = NULL "
    "WHERE game = ?1 AND seat = ?2 AND deadline <= ?3";

static int
deadline_drop(struct worker *w, const struct worker_due *d, int64_t now)
{
	struct db_stmt	*st;

	w->failed++;
	if ((st = db_stmt(w->db, SQL_DEADLINE_DROP)) == NULL)
		return -1;
	db_bind_int64(st, 1, d->game);
	db_bind_int(st, 2, d->seat);
	db_bind_int64(st, 3, now);
	return db_step_done(w->db, st) == DB_OK ? 0 : -1;
}

/* After the default moves: count them, or hand the seat to a bot. */
static const char SQL_TIMEOUT_COUNT[] =
    "UPDATE seats SET timeouts = ?3, "
    "is_bot = CASE WHEN ?4 <> 0 THEN 1 ELSE is_bot END, "
    "bot_due = CASE WHEN ?4 <> 0 THEN ?5 ELSE bot_due END, "
    "deadline = CASE WHEN ?4 <> 0 THEN NULL ELSE deadline END, "
    "remind_at = CASE WHEN ?4 <> 0 THEN NULL ELSE remind_at END, "
    "turn_start = CASE WHEN ?4 <> 0 THEN NULL ELSE turn_start END "
    "WHERE game = ?1 AND seat = ?2";

/* End one user's vacation that ran out.  1 when ended, 0, -1. */
static int
vacation_over(struct worker *w, const struct worker_due *d, int64_t now)
{
	enum db_rc	 rc;

	if ((rc = db_begin_immediate(w->db)) != DB_OK)
		return rc == DB_BUSY ? 0 : -1;
	rc = deadline_vacation_stop(w->db, d->game, now);
	if (rc == DB_OK && db_commit(w->db) != DB_OK)
		rc = DB_ERROR;
	db_rollback_if_open(w->db);
	return rc == DB_OK ? 1 : rc == DB_NOTFOUND ? 0 : -1;
}

/* Queue (game, seat)'s reminder once.  1 when queued, 0, -1. */
static int
remind_seat(struct worker *w, const struct worker_due *d, int64_t now)
{
	struct db_stmt	*st;
	enum db_rc	 rc;
	char		 when[WHEN_TIME_MAX], left[WHEN_LEFT_MAX], note[160];
	int		 ply, queued = 0, ret = -1;

	if ((rc = db_begin_immediate(w->db)) != DB_OK)
		return rc == DB_BUSY ? 0 : -1;
	if ((st = db_stmt(w->db, SQL_REMIND_CLEAR)) == NULL)
		goto out;
	db_bind_int64(st, 1, d->game);
	db_bind_int(st, 2, d->seat);
	db_bind_int64(st, 3, now);
	switch (db_step(st)) {
	case DB_ROW:
		ply = db_column_int(st, 0);
		/* The due time in the player's own zone. */
		snprintf(note, sizeof(note), "Your move is due by %s (%s).",
		    when_format((const char *)db_column_text(st, 2),
		    db_column_int64(st, 1), when),
		    when_left(db_column_int64(st, 1) - now, left));
		db_reset(st);
		break;
	case DB_DONE:
		db_reset(st);
		ret = 0;		/* another worker took it */
		goto out;
	default:
		db_fail(w->db, st);
		goto out;
	}
	if (mail_queue_game(w->db, d->game, d->seat, ply, MAIL_WHY_REMINDER,
	    note, &queued) != DB_OK)
		goto out;
	if (db_commit(w->db) != DB_OK)
		goto out;
	ret = queued;
	w->reminded += queued;
out:
	db_rollback_if_open(w->db);
	return ret;
}

/*
 * The rules' default moves for seat until its turn is over (a turn of
 * draw then discard is two moves), at most DEADLINE_TURN_MOVES_MAX, in
 * the caller's transaction.  Returns the moves made, or -1 (logged;
 * the caller rolls back) with *db_failed set when the database failed.
 */
static int
timeout_turn(struct worker *w, struct store_game *g, int seat, int *failed)
{
	struct game_status	 gs;
	struct game_move	 mv;
	char			 text[GAME_MOVE_TEXT_MAX], why[GAME_WHY_MAX];
	int			 n, hand;

	*failed = 0;
	g->rules->status(g->state, &gs);
	hand = gs.hand;
	for (n = 0; n < DEADLINE_TURN_MOVES_MAX; n++) {
		g->rules->status(g->state, &gs);
		if (gs.over || gs.hand != hand || seat >= g->nseats ||
		    !(gs.to_act & (1u << seat)))
			break;
		if (g->rules->timeout_move(g->state, seat, &mv) != GAME_OK ||
		    g->rules->format(&mv, text, sizeof(text)) >=
		    sizeof(text)) {
			fprintf(stderr, "topper worker: game %lld seat %d: no "
			    "default move\n", (long long)g->id, seat);
			return -1;
		}
		switch (play_move(w->db, g, seat, 0, 0, text, why)) {
		case PLAY_OK:
			break;
		case PLAY_REFUSED:
			/* A rules bug: say so. */
			fprintf(stderr, "topper worker: game %lld seat %d: "
			    "default move \"%s\" refused: %s\n",
			    (long long)g->id, seat, text, why);
			return -1;
		default:
			*failed = 1;
			return -1;
		}
	}
	return n;
}

/*
 * Time out (game, seat) in one transaction: clear the clock first (so
 * a clock started by the moves themselves survives), then play the
 * rules' default moves for the rest of the turn, or hand the seat to a
 * bot when the table says so or the seat has now timed out
 * DEADLINE_TIMEOUTS_TO_BOT times in a row (the player is told).
 * Returns 1 when something was done, 0 when not, -1 on a database
 * error.
 */
static int
deadline_seat(struct worker *w, const struct worker_due *d, int64_t now)
{
	static const char	 note[] = "Your time ran out too often, so a "
	    "bot plays your seat in this game from now on.";
	struct store_game	 g;
	struct game_status	 gs;
	struct db_stmt		*st;
	enum db_rc		 rc;
	int			 ret = -1, count, to_bot, failed;

	if ((rc = db_begin_immediate(w->db)) != DB_OK)
		return rc == DB_BUSY ? 0 : -1;
	if ((st = db_stmt(w->db, SQL_DEADLINE_CLEAR)) == NULL)
		goto out;
	db_bind_int64(st, 1, d->game);
	db_bind_int(st, 2, d->seat);
	db_bind_int64(st, 3, now);
	switch (db_step(st)) {
	case DB_ROW:
		count = db_column_int(st, 0) + 1;
		to_bot = db_column_int(st, 1) ||
		    count >= DEADLINE_TIMEOUTS_TO_BOT;
		db_reset(st);
		break;
	case DB_DONE:
		db_reset(st);
		ret = 0;		/* another worker took it */
		goto out;
	default:
		db_fail(w->db, st);
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
	if (!to_bot && timeout_turn(w, &g, d->seat, &failed) < 0) {
		db_rollback_if_open(w->db);
		/* A rules bug (logged): the clock stays cleared. */
		return failed ? -1 : deadline_drop(w, d, now);
	}
	/* Told first: no mail goes to a bot seat. */
	if (to_bot && (mail_queue_game(w->db, d->game, d->seat, g.ply,
	    MAIL_WHY_NOTE, note, NULL) != DB_OK))
		goto out;
	if ((st = db_stmt(w->db, SQL_TIMEOUT_COUNT)) == NULL)
		goto out;
	db_bind_int64(st, 1, d->game);
	db_bind_int(st, 2, d->seat);
	db_bind_int(st, 3, count);
	db_bind_int(st, 4, to_bot);
	db_bind_int64(st, 5, now);
	if (db_step_done(w->db, st) != DB_OK)
		goto out;
	ret = 1;
commit:
	if (db_commit(w->db) != DB_OK)
		ret = -1;
	else if (ret == 1)
		w->timeouts++;
out:
	db_rollback_if_open(w->db);
	return ret;
}

/* Run fn on each row of list (at most a batch); the count done or -1. */
static int
each_due(struct worker *w, const char *list, int64_t now,
    int (*fn)(struct worker *, const struct worker_due *, int64_t))
{
	struct worker_due	 d[WORKER_BATCH];
	int		 n, i, rc, done = 0;

	if ((n = worker_due_list(w, list, now, d)) < 0)
		return -1;
	for (i = 0; i < n && !worker_stopping(); i++) {
		arena_reset(&w->arena);
		if ((rc = fn(w, &d[i], now)) < 0)
			return -1;
		done += rc;
	}
	arena_reset(&w->arena);
	return done;
}

int
worker_deadlines(struct worker *w, int64_t now)
{
	int	 a, b, c;

	if ((a = each_due(w, SQL_VACATIONS_OVER, now, vacation_over)) < 0 ||
	    (b = each_due(w, SQL_REMINDERS_LIST, now, remind_seat)) < 0 ||
	    (c = each_due(w, SQL_DEADLINES_LIST, now, deadline_seat)) < 0)
		return -1;
	return a + b + c;
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
	int	 n;

	if (w->mail == NULL)
		return 0;
	n = mail_send_due(w->mail, w->db, &w->arena, now);
	arena_reset(&w->arena);
	return n;
}

/*
 * Invitations unanswered in time (store_invite.h): their seats open to
 * anyone, and each inviter is told, in one transaction.
 */
static int
worker_invites(struct worker *w, int64_t now)
{
	struct store_invite	*v;
	enum db_rc		 rc;
	int			 n = 0, i;

	if ((rc = db_begin_immediate(w->db)) != DB_OK)
		return rc == DB_BUSY ? 0 : -1;
	rc = store_invite_expire(w->db, &w->arena, now, WORKER_BATCH, &v, &n);
	for (i = 0; rc == DB_OK && i < n; i++)
		rc = mail_queue_answer(w->db, &v[i], 0);
	if (rc == DB_OK && db_commit(w->db) != DB_OK)
		rc = DB_ERROR;
	db_rollback_if_open(w->db);
	arena_reset(&w->arena);
	return rc == DB_OK ? n : -1;
}

/* Every job, in the order one poll runs them. */
static const struct {
	const char	*name;
	int		(*fn)(struct worker *, int64_t);
} jobs[] = {
	{ "bots",	worker_bots },
	{ "deadlines",	worker_deadlines },
	{ "invitations", worker_invites },
	{ "mail",	worker_mail },
};

int
worker_poll(struct worker *w)
{
	size_t	 i;
	int	 n, done = 0, failed = 0;

	for (i = 0; i < sizeof(jobs) / sizeof(jobs[0]) && !worker_stopping(); i++) {
		n = jobs[i].fn(w, w->now != 0 ? w->now : db_now());
		if (n < 0) {
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
	while (!worker_stopping() && nanosleep(&ts, &ts) == -1 && errno == EINTR)
		continue;
}

int
worker_run(const struct config *cf, int once, int64_t now)
{
	struct sigaction	 sa;
	struct worker		 w;
	struct worker_think	*think = NULL;
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
	w.now = now;
	/* --once thinks strong moves inline, so one poll makes them. */
	if (!once && ((think = calloc(1, sizeof(*think))) == NULL ||
	    worker_think_start(think) != 0)) {
		free(think);
		worker_free(&w);
		db_close(db);
		return 1;
	}
	w.think = think;
	if ((w.mail = mail_sender_new(cf, db)) == NULL)
		fprintf(stderr, "topper worker: mail.smtp_url is not set (or "
		    "not usable): mail stays in the outbox\n");
	fprintf(stderr, "topper worker[%ld]: polling %s every %d ms\n",
	    (long)getpid(), cf->db, WORKER_POLL_MS);
	while (!worker_stopping()) {
		n = worker_poll(&w);
		/* A failing database is retried, but not in a tight loop. */
		errors = n < 0 ? errors + 1 : 0;
		if (once)
			break;
		nap(errors > 0 ? WORKER_POLL_MS * (errors < 25 ? errors : 25) :
		    WORKER_POLL_MS);
	}
	fprintf(stderr, "topper worker[%ld]: stopped: %ld moves, %ld stale, "
	    "%ld timeouts, %ld reminders, %ld put back\n", (long)getpid(),
	    w.moved, w.stale, w.timeouts, w.reminded, w.failed);
	if (w.mail != NULL) {
		struct mail_send_stats	 ss;

		mail_send_stats(w.mail, &ss);
		fprintf(stderr, "topper worker[%ld]: mail: %ld sent, %ld held "
		    "while the player was at the table, %ld dropped (they "
		    "moved first), %ld retried, %ld failed\n", (long)getpid(),
		    ss.sent, ss.held, ss.dropped, ss.retried, ss.failed);
	}
	mail_sender_free(w.mail);
	if (think != NULL)
		worker_think_stop(think);
	free(think);
	worker_free(&w);
	db_close(db);
	return once && n < 0 ? 1 : 0;
}
