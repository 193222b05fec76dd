/*
 * cli_bench.h: what the hidden bench commands share (prefix bench_).
 *
 * The commands behind "make bench" are three files: cli_bench.c fills
 * the bench database (bench-fill, bench-table) and holds this frame,
 * cli_bench_moves.c writes the move script (bench-moves) and
 * cli_bench_write.c times a bare durable write (bench-write).  Each
 * command opens its configuration, connection and arena the same way,
 * reads its options the same way, and (but bench-write) lets the bots
 * play from the same fixed seeds, so the frame is written once, here.
 * Helpers of a benchmark, not a library: they print their own messages
 * to stderr and leave the exit status to the command.
 */
#ifndef TOPPER_CLI_BENCH_H
#define TOPPER_CLI_BENCH_H

#include <stddef.h>
#include <stdint.h>

#include "arena.h"
#include "config.h"
#include "game.h"

struct db;
struct rng;

/* A state or view buffer aligned for any engine struct. */
union bench_statebuf {
	max_align_t	 align;
	unsigned char	 b[GAME_STATE_MAX];
};

/* One move of a game played in memory. */
struct bench_move {
	int		 seat;
	char		 text[GAME_MOVE_TEXT_MAX];
};

/* What every command holds: configuration, connection, arena. */
struct bench_ctx {
	const char	*cmd;
	struct config	 cf;
	struct db	*db;
	struct arena	 a;
};

/*
 * Take --config out of argv and load the configuration; starts
 * libsodium.  Returns 0, or the exit status; bench_ctx_close() either
 * way.
 */
int	bench_ctx_open(struct bench_ctx *c, const char *cmd, int *argc,
	    char **argv);

/* Open the configured database.  Returns 0, or the exit status. */
int	bench_ctx_db(struct bench_ctx *c);

/* Roll back what is open; close the database, free the arena. */
void	bench_ctx_close(struct bench_ctx *c);

/* The game of --game SLUG, the registry's first without it; NULL: unknown. */
const struct game_rules *bench_take_game(const char *cmd, int *argc,
	    char **argv);

/* A positive integer option value (at most max), or -1. */
long	bench_count_arg(const char *s, long max);

/* Seconds on the monotonic clock. */
double	bench_now_s(void);

/* SHA-256(tag || le64(n)): the bench's fixed seeds. */
void	bench_derive(const char *tag, uint64_t n, uint8_t out[32]);

/*
 * From state st, let the bots play up to max moves into mv[] (the
 * first seat to act moves, seeing its own view only; noise from
 * noise_rng); st ends at the last position.  Returns the number of
 * moves (*over set when the game ended), or -1 with a message.
 */
int	bench_bot_play(const struct game_rules *rules, void *st,
	    struct rng *noise_rng, struct bench_move *mv, int max, int *over);

#endif /* TOPPER_CLI_BENCH_H */
