/*
 * worker_think.h: the strong bot's thinking, off the worker's poll
 * loop (issue 20).
 *
 * A strong move (engine/search.h) takes up to its budget, about a
 * second; mail, deadlines and the easy bots of other tables must not
 * wait for it.  So "topper worker" runs one thinking thread: the poll
 * loop posts a seat's view (never the state) and noise, and goes on;
 * the thread searches (WORKER_THINK_PLAYOUTS, stopped at
 * WORKER_THINK_MS) and leaves the move's text; a later poll takes it
 * and applies it through the same path as every bot move (reload,
 * ply check, play_move()), dropping it when someone moved
 * first.  One move at a time: other strong seats wait their turn.
 */
#ifndef TOPPER_WORKER_THINK_H
#define TOPPER_WORKER_THINK_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include "game.h"

enum {
	WORKER_THINK_PLAYOUTS = 1000,	/* the lobby's budget a move */
	WORKER_THINK_MS = 1000,		/* and its time cap */
	WORKER_THINK_STACK = 16 * 1024 * 1024
};

enum worker_think_state {
	WORKER_THINK_IDLE,		/* nothing posted */
	WORKER_THINK_BUSY,		/* posted, thinking */
	WORKER_THINK_DONE		/* a move (or none) waits to be taken */
};

struct worker_think {
	pthread_t		 th;
	pthread_mutex_t		 mu;
	pthread_cond_t		 cv;
	int			 started, stop;
	enum worker_think_state	 state;
	/* The job. */
	int64_t			 game;
	int			 seat, ply;
	const struct game_rules	*rules;
	uint8_t			 noise[32];
	union {
		max_align_t	 align;
		unsigned char	 b[GAME_STATE_MAX];
	}			 view;
	/* The answer. */
	int			 ok;		/* found a move */
	char			 text[GAME_MOVE_TEXT_MAX];
};

/* Start the thread.  0, or -1 (logged). */
int	worker_think_start(struct worker_think *t);

/* Stop it (after the move it is thinking about). */
void	worker_think_stop(struct worker_think *t);

/*
 * Post (game, seat) at ply: view_size bytes of view and noise.
 * 0 when taken, 1 when the thread is busy or holds an answer.
 */
int	worker_think_post(struct worker_think *t, int64_t game, int seat,
	    int ply, const struct game_rules *rules, const void *view,
	    const uint8_t noise[32]);

/* Is (game, seat) the job posted or answered? */
int	worker_think_has(struct worker_think *t, int64_t game, int seat);

/*
 * Take the answer: 1 with game, seat, ply, *ok and text (the move,
 * when *ok), the thread idle again; 0 when there is none yet.
 */
int	worker_think_take(struct worker_think *t, int64_t *game, int *seat,
	    int *ply, int *ok, char text[GAME_MOVE_TEXT_MAX]);

/*
 * The strong move itself, on the caller's thread: seat's move from
 * view within the budget above.  0 with text, or -1 (no move).
 */
int	worker_think_choose(const struct game_rules *rules, const void *view,
	    int seat, const uint8_t noise[32], char text[GAME_MOVE_TEXT_MAX]);

#endif /* TOPPER_WORKER_THINK_H */
