/*
 * worker_jobs.c: what the worker's jobs share (worker_jobs.h): the
 * stop flag and the batch read of due seats.  Its own file so that
 * worker.c (the poll loop) and worker_bots.c both use it and neither
 * uses the other's insides.
 */
#include "worker_jobs.h"

#include <signal.h>

#include "db.h"
#include "game.h"

static volatile sig_atomic_t	 stopping;

void
worker_ask_stop(void)
{
	stopping = 1;
}

int
worker_stopping(void)
{
	return stopping != 0;
}

int
worker_due_list(struct worker *w, const char *sql, int64_t now,
    struct worker_due out[WORKER_BATCH])
{
	struct db_stmt	*st;
	int		 n = 0, rc;

	if ((st = db_stmt(w->db, sql)) == NULL)
		return -1;
	db_bind_int64(st, 1, now);
	db_bind_int(st, 2, WORKER_BATCH);
	while ((rc = db_step(st)) == DB_ROW && n < WORKER_BATCH) {
		out[n].game = db_column_int64(st, 0);
		out[n].seat = db_column_int(st, 1);
		if (out[n].seat >= 0 && out[n].seat < GAME_SEATS_MAX)
			n++;
	}
	if (rc != DB_ROW && rc != DB_DONE) {
		db_fail(w->db, st);
		return -1;
	}
	db_reset(st);
	return n;
}
