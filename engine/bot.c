/*
 * bot.c: the bots of every game, found by slug; a game without its own
 * bot plays uniformly random legal moves.
 */
#include "bot.h"

#include <string.h>

#include "casino.h"
#include "gin_vodka.h"
#include "vodkapolis.h"
#include "rng.h"
#include "rummy500.h"
#include "six_suit.h"
#include "twelve_step.h"

static enum game_rc
gin_vodka(const void *view, int seat, const uint8_t noise[32],
    struct game_move *out)
{
	return gv_bot_choose(view, seat, noise, out);
}

static enum game_rc
vodkapolis(const void *view, int seat, const uint8_t noise[32],
    struct game_move *out)
{
	return vp_bot_choose(view, seat, noise, out);
}

static enum game_rc
rummy500(const void *view, int seat, const uint8_t noise[32],
    struct game_move *out)
{
	return r500_bot_choose(view, seat, noise, out);
}

static enum game_rc
six_suit(const void *view, int seat, const uint8_t noise[32],
    struct game_move *out)
{
	return six_bot_choose(view, seat, noise, out);
}

static enum game_rc
twelve_step(const void *view, int seat, const uint8_t noise[32],
    struct game_move *out)
{
	return tsr_bot_choose(view, seat, noise, out);
}

/* Each game with a bot of its own adds a line. */
static const struct {
	const char	*slug;
	enum game_rc	(*choose)(const void *, int, const uint8_t[32],
			    struct game_move *);
} bots[] = {
	{ "gin-vodka", gin_vodka },
	{ "casino-macedonia", cm_bot_choose },
	{ "vodkapolis-500", vodkapolis },
	{ "rummy-500", rummy500 },
	{ "six-suit", six_suit },
	{ "twelve-step-rummy", twelve_step },
};

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

enum game_rc
bot_choose(const struct game_rules *rules, const void *view, int seat,
    const uint8_t noise[32], struct game_move *out)
{
	size_t	 i;

	for (i = 0; i < sizeof(bots) / sizeof(bots[0]); i++)
		if (strcmp(bots[i].slug, rules->slug) == 0)
			return bots[i].choose(view, seat, noise, out);
	return bot_random(rules, view, seat, noise, out);
}
