/*
 * test_selfplay.h: games played by the easy bots for unit tests that
 * need real positions of any game (the strong bot's samples, what they
 * infer).  Included after cmocka.h; the caller owns the buffers, each
 * GAME_STATE_MAX bytes and 16-byte aligned.
 */
#ifndef TEST_SELFPLAY_H
#define TEST_SELFPLAY_H

#include <string.h>

#include "bot.h"
#include "game.h"
#include "rng.h"
#include "search.h"

/* Set r up in st at nseats from a seed made of tag and salt. */
static inline void
selfplay_start(const struct game_rules *r, void *st, int nseats, int tag,
    int salt)
{
	struct game_setup	 su;
	uint8_t			 seed[32];
	char			 why[GAME_WHY_MAX];

	assert_non_null(r);
	memset(seed, 0, sizeof(seed));
	seed[0] = (uint8_t)tag;
	seed[1] = (uint8_t)salt;
	memset(&su, 0, sizeof(su));
	su.nseats = nseats;
	su.seed = seed;
	su.dealer = -1;
	memset(st, 0, r->state_size);
	assert_int_equal(r->setup(st, &su, why), GAME_OK);
}

/*
 * One easy-bot move in st, its noise from nr (nx and vw are scratch);
 * 0, or -1 when the game is over or nobody may act.
 */
static inline int
selfplay_step(const struct game_rules *r, void *st, void *nx, void *vw,
    struct rng *nr)
{
	struct game_status	 gs;
	struct game_events	 ev;
	struct game_move	 mv;
	uint8_t			 nz[32];
	char			 why[GAME_WHY_MAX];
	int			 seat;

	r->status(st, &gs);
	if (gs.over || gs.to_act == 0)
		return -1;
	seat = game_first_seat(gs.to_act);
	r->view(st, seat, vw);
	search_noise(nr, nz);
	assert_int_equal(bot_choose(r, vw, seat, nz, &mv), GAME_OK);
	assert_int_equal(r->apply(st, nx, seat, &mv, &ev, why), GAME_OK);
	memcpy(st, nx, r->state_size);
	return 0;
}

#endif /* TEST_SELFPLAY_H */
