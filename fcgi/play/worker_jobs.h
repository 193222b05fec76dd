/*
 * worker_jobs.h: what the jobs of "topper worker" share inside
 * fcgi/play (worker.c's poll loop and deadlines, worker_bots.c's bot
 * seats; worker_jobs.c); the public face is worker.h.
 */
#ifndef TOPPER_WORKER_JOBS_H
#define TOPPER_WORKER_JOBS_H

#include <stdint.h>

#include "worker.h"

/* One due seat, as the batch queries list it. */
struct worker_due {
	int64_t		 game;
	int		 seat;
};

/*
 * Read up to WORKER_BATCH (game, seat) rows of sql, bound to ?1 = now
 * and ?2 = the batch size, into out.  Returns the count or -1 (logged).
 */
int	worker_due_list(struct worker *w, const char *sql, int64_t now,
	    struct worker_due out[WORKER_BATCH]);

/*
 * The stop flag: worker_ask_stop() (async-signal-safe: the handler of
 * SIGTERM and SIGINT calls it) makes worker_stopping() 1, and a job
 * ends after the seat it is on.
 */
void	worker_ask_stop(void);
int	worker_stopping(void);

#endif
