/*
 * bot.h: computer players (DESIGN.md "How bots act").
 *
 * A bot chooses from one seat's view only (rules->view(state, seat)),
 * never the full state, and draws its randomness from the caller's
 * 32 bytes of noise, never from the game's own stream: the worker
 * passes bytes from getrandom(), "topper sim" bytes derived from its
 * seed, so simulations replay.  Nothing here allocates or does I/O.
 */
#ifndef TOPPER_BOT_H
#define TOPPER_BOT_H

#include <stdint.h>

#include "game.h"

/*
 * Choose seat's move from view with the game's own bot (registry.c),
 * or with bot_random() for a game that has none.  GAME_OK with *out set,
 * or GAME_REFUSED when the seat has no legal move.
 */
enum game_rc	bot_choose(const struct game_rules *rules, const void *view,
		    int seat, const uint8_t noise[32], struct game_move *out);

/*
 * The strong bot's base move for seat in view, the one its search
 * starts from and keeps unless another beats it (search.h): the
 * game's own rule for the strong level where it has one better than
 * its easy bot's (registry.c: Vodkapolis 500's careful discard, Six
 * Suit's push), else
 * bot_choose's.  Same contract as bot_choose.
 */
enum game_rc	bot_base_choose(const struct game_rules *rules,
		    const void *view, int seat, const uint8_t noise[32],
		    struct game_move *out);

/*
 * A uniformly random legal move of seat (rules->legal() on view), drawn
 * with a ChaCha20 stream keyed by noise (rng_uniform over the count;
 * over the first GAME_LEGAL_MAX when a game lists more).  GAME_OK, or
 * GAME_REFUSED when there is none.
 */
enum game_rc	bot_random(const struct game_rules *rules, const void *view,
		    int seat, const uint8_t noise[32], struct game_move *out);

/*
 * The index bot_random() picks among n >= 1 listed moves for noise:
 * rng_uniform(n) on the ChaCha20 stream keyed by noise.  For callers
 * that already hold the list (topper sim).
 */
int		bot_random_index(const uint8_t noise[32], int n);

#endif /* TOPPER_BOT_H */
