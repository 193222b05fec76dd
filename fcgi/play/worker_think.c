/* worker_think.c: the strong bot's thread in the worker (worker_think.h). */
#include "worker_think.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "search.h"

static double
mono(void)
{
	struct timespec	 ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* search.h's stop callback: past the deadline in *arg? */
static int
past(void *arg)
{
	return mono() >= *(const double *)arg;
}

int
worker_think_choose(const struct game_rules *rules, const void *view,
    int seat, const uint8_t noise[32], char text[GAME_MOVE_TEXT_MAX])
{
	struct search_budget	 b;
	struct game_move	 mv;
	double			 end = mono() + WORKER_THINK_MS / 1000.0;

	memset(&b, 0, sizeof(b));
	b.playouts = WORKER_THINK_PLAYOUTS;
	b.policy = SEARCH_POLICY_EASY;
	b.stop = past;
	b.arg = &end;
	if (search_choose(rules, view, seat, noise, &b, &mv, NULL) != GAME_OK)
		return -1;
	if (rules->format(&mv, text, GAME_MOVE_TEXT_MAX) >= GAME_MOVE_TEXT_MAX)
		return -1;
	return 0;
}

static void *
run(void *arg)
{
	struct worker_think	*t = arg;
	char			 text[GAME_MOVE_TEXT_MAX];
	int			 ok;

	pthread_mutex_lock(&t->mu);
	for (;;) {
		while (!t->stop && t->state != WORKER_THINK_BUSY)
			pthread_cond_wait(&t->cv, &t->mu);
		if (t->stop)
			break;
		/* The job stays put while BUSY: the poll loop only reads it. */
		pthread_mutex_unlock(&t->mu);
		ok = worker_think_choose(t->rules, t->view.b, t->seat,
		    t->noise, text) == 0;
		pthread_mutex_lock(&t->mu);
		t->ok = ok;
		memcpy(t->text, text, sizeof(text));
		t->state = WORKER_THINK_DONE;
	}
	pthread_mutex_unlock(&t->mu);
	return NULL;
}

int
worker_think_start(struct worker_think *t)
{
	pthread_attr_t	 at;
	int		 rc;

	memset(t, 0, sizeof(*t));
	pthread_mutex_init(&t->mu, NULL);
	pthread_cond_init(&t->cv, NULL);
	pthread_attr_init(&at);
	/* The search keeps its buffers on the stack (search.h). */
	pthread_attr_setstacksize(&at, WORKER_THINK_STACK);
	rc = pthread_create(&t->th, &at, run, t);
	pthread_attr_destroy(&at);
	if (rc != 0) {
		fprintf(stderr, "topper worker: cannot start the strong bot's "
		    "thread: %s\n", strerror(rc));
		return -1;
	}
	t->started = 1;
	return 0;
}

void
worker_think_stop(struct worker_think *t)
{
	if (!t->started)
		return;
	pthread_mutex_lock(&t->mu);
	t->stop = 1;
	pthread_cond_signal(&t->cv);
	pthread_mutex_unlock(&t->mu);
	pthread_join(t->th, NULL);
	pthread_mutex_destroy(&t->mu);
	pthread_cond_destroy(&t->cv);
	t->started = 0;
}

int
worker_think_post(struct worker_think *t, int64_t game, int seat, int ply,
    const struct game_rules *rules, const void *view,
    const uint8_t noise[32])
{
	pthread_mutex_lock(&t->mu);
	if (t->state != WORKER_THINK_IDLE) {
		pthread_mutex_unlock(&t->mu);
		return 1;
	}
	t->game = game;
	t->seat = seat;
	t->ply = ply;
	t->rules = rules;
	memcpy(t->view.b, view, rules->view_size);
	memcpy(t->noise, noise, sizeof(t->noise));
	t->state = WORKER_THINK_BUSY;
	pthread_cond_signal(&t->cv);
	pthread_mutex_unlock(&t->mu);
	return 0;
}

int
worker_think_has(struct worker_think *t, int64_t game, int seat)
{
	int	 has;

	pthread_mutex_lock(&t->mu);
	has = t->state != WORKER_THINK_IDLE && t->game == game &&
	    t->seat == seat;
	pthread_mutex_unlock(&t->mu);
	return has;
}

int
worker_think_take(struct worker_think *t, int64_t *game, int *seat,
    int *ply, int *ok, char text[GAME_MOVE_TEXT_MAX])
{
	pthread_mutex_lock(&t->mu);
	if (t->state != WORKER_THINK_DONE) {
		pthread_mutex_unlock(&t->mu);
		return 0;
	}
	*game = t->game;
	*seat = t->seat;
	*ply = t->ply;
	*ok = t->ok;
	memcpy(text, t->text, GAME_MOVE_TEXT_MAX);
	t->state = WORKER_THINK_IDLE;
	pthread_mutex_unlock(&t->mu);
	return 1;
}
