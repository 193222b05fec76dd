/*
 * bot.c: the bot every game may fall back on, uniformly random legal
 * moves; each game's own bot is found through registry.c.
 */
#include "bot.h"

#include <string.h>

#include "rng.h"

int
bot_random_index(const uint8_t noise[32], int n)
{
	struct rng	 r;

	rng_init(&r, noise);
	return (int)rng_uniform(&r, (uint32_t)n);
}

enum game_rc
bot_random(const struct game_rules *rules, const void *view, int seat,
    const uint8_t noise[32], struct game_move *out)
{
	struct game_move	 moves[GAME_LEGAL_MAX];
	int			 n;

	n = rules->legal(view, seat, moves, GAME_LEGAL_MAX);
	if (n <= 0)
		return GAME_REFUSED;
	if (n > GAME_LEGAL_MAX)
		n = GAME_LEGAL_MAX;
	*out = moves[bot_random_index(noise, n)];
	return GAME_OK;
}
