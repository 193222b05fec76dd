/*
 * bench_search.h: the strong bot's playouts a second per core, for
 * "topper bench-engine" (make bench) and make bench-bots.
 */
#ifndef TOPPER_BENCH_SEARCH_H
#define TOPPER_BENCH_SEARCH_H

/*
 * For every game at 2 seats and at 4 where it seats 4: strong moves
 * (search.h, easy-bot playouts, 200 a move) chosen along easy-bot
 * games for secs of this thread's CPU time each; prints one line
 * "bench-engine: SLUG strong bot, N seats: R playouts/s (target
 * 10000; M moves)" per figure.  0, or 1 with a message when a game
 * breaks.
 */
int	bench_search_rates(double secs);

#endif /* TOPPER_BENCH_SEARCH_H */
