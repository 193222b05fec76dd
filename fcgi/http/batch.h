/*
 * batch.h: the request loop of a "topper fcgi" worker process, and the
 * writer's group commit ("topper fcgi --batch N").
 *
 * Without --batch a process takes one request at a time.  nginx sends
 * every POST to one writer process (nginx/topper.conf.in), started with
 * --batch N: its loop takes the requests that are waiting when it is
 * free, up to N, and handles them one after the other as savepoints of
 * a single transaction (db_batch_begin): one commit, so one fsync, for
 * the lot (group commit).  No reply goes out before that commit, so a 303 still
 * means the move is on disk; a commit that fails becomes a 503 for
 * every request of its batch, since none of their writes was saved.
 * Nothing waits for more requests to arrive: a lone request is a batch
 * of one.  The WAL checkpoint, when one is due, runs after the replies
 * are out.
 */
#ifndef TOPPER_BATCH_H
#define TOPPER_BATCH_H

#include <signal.h>

struct app;

/*
 * Serve listen_fd until *stopping, waiting in ppoll() with waitmask,
 * app->batch requests a batch at most (below 1: one).  Returns 0, or -1
 * when the socket failed.  A writer logs at the end how many requests
 * came in how many batches and commits.
 */
int	batch_loop(struct app *app, int listen_fd, const sigset_t *waitmask,
	    volatile sig_atomic_t *stopping);

#endif /* TOPPER_BATCH_H */
