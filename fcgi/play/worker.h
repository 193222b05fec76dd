/*
 * worker.h: "topper worker", the background role (DESIGN.md "One
 * binary, three roles", "How bots act"; STYLE.md 3.10).
 *
 * The worker does what must not happen inside a request.  Each poll
 * (every WORKER_POLL_MS) runs every job once, in this order:
 *
 *   bots       every bot seat whose seats.bot_due has come and that no
 *              other worker holds: claim it (seats.bot_claimed, a
 *              lease of WORKER_BOT_LEASE_S; on PostgreSQL the rows
 *              other workers are claiming are passed over, FOR UPDATE
 *              SKIP LOCKED), load the game, build that seat's view and let bot_choose() pick a
 *              move with 32 bytes from getrandom(), all outside any
 *              transaction; then BEGIN IMMEDIATE, reload, re-check the
 *              ply and apply through play_move().  A stale choice
 *              (someone moved first, or another worker did) is dropped
 *              and the bot chooses again on the next poll.  A strong
 *              bot's seat (store_bot_level.h) is thought on the
 *              thread of worker_think.h: the poll posts its view and
 *              goes on, a later poll applies the move the same way.
 *   deadlines  the clocks of deadline.h: vacations whose days ran out
 *              end; seats at a quarter of their time get a reminder
 *              (once per turn); every seat whose seats.deadline has
 *              passed (users on vacation excepted) gets the rules'
 *              timeout_move() for the rest of its turn, or is handed
 *              to a bot (the table's choice, or after
 *              DEADLINE_TIMEOUTS_TO_BOT timeouts in a row; the player
 *              is told by mail).
 *   mail       the outbox (mail_send.h): claim a due row with a lease,
 *              compose it if needed, send it over SMTP, mark it sent;
 *              back off after a failure, mark it failed after the cap.
 *
 * Safe to kill at any moment: every change is one transaction, so a
 * SIGKILL loses at most a choice not yet committed.  Safe to run twice:
 * the moves table's (game, ply) key refuses a second move at a ply,
 * which a worker treats as stale.  A seat whose bot cannot move (no
 * legal move, a refused choice) is put back WORKER_BACKOFF_S seconds,
 * so one broken game cannot spin a worker.
 */
#ifndef TOPPER_WORKER_H
#define TOPPER_WORKER_H

#include <stdint.h>

#include "arena.h"

struct config;
struct mail_sender;
struct worker_think;
struct db;

enum {
	WORKER_POLL_MS = 200,		/* between polls */
	WORKER_BATCH = 256,		/* seats one job takes per poll */
	WORKER_BACKOFF_S = 60,		/* seconds a stuck bot waits */
	WORKER_BOT_LEASE_S = 30,	/* a claimed bot seat's lease */
	WORKER_ARENA_LIMIT = 64 * 1024 * 1024
};

/* What one worker process keeps; counters are for logs and tests. */
struct worker {
	struct db	*db;		/* not owned */
	struct arena	 arena;		/* reset after every seat */
	long		 moved;		/* bot moves committed */
	long		 stale;		/* bot choices dropped */
	long		 timeouts;	/* deadline moves committed */
	long		 reminded;	/* reminders queued */
	int64_t		 now;		/* tests: the clock; 0: db_now() */
	long		 failed;	/* seats put back after an error */
	struct mail_sender *mail;	/* outbox delivery (mail_send.h), or NULL: mail waits */
	struct worker_think *think;	/* strong bots' thread (worker_think.h), or NULL: inline */
};

/* A worker on db (kept open by the caller); free with worker_free(). */
void	worker_init(struct worker *w, struct db *db);
void	worker_free(struct worker *w);

/*
 * One poll: run every job once.  Returns the number of changes made
 * (moves, timeouts, mails), or -1 when the database failed in a way a
 * retry will not fix (logged).
 */
int	worker_poll(struct worker *w);

/*
 * The jobs one by one, each returning what it changed or -1.  now is
 * the time to compare bot_due and deadline with (db_now() in the loop).
 */
int	worker_bots(struct worker *w, int64_t now);
int	worker_deadlines(struct worker *w, int64_t now);
int	worker_mail(struct worker *w, int64_t now);

/*
 * The whole "topper worker" run: open the database named by cf, then
 * poll every WORKER_POLL_MS until SIGTERM or SIGINT (once: a single
 * poll).  now: 0, or the time every poll takes as "now" (tests of
 * deadlines).  A signal lets the current seat finish.  Returns the
 * exit status: 0 after a clean stop, 1 when the database cannot be
 * used.
 */
int	worker_run(const struct config *cf, int once, int64_t now);

#endif /* TOPPER_WORKER_H */
