/*
 * test_gin_vodka_bot.c: the Gin Vodka bot against uniform random play.
 *
 * 1000 seeded games to the default target; the bot takes seat 0 in even
 * games and seat 1 in odd ones.  The bot sees only its seat's view; the
 * random player picks uniformly among legal() of its own view, with
 * randomness from a local struct rng.  Every bot move must be legal
 * (apply accepts it) and the bot must win at least 90% of the games.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "game.h"
#include "gin_vodka.h"
#include "rng.h"

enum {
	GAMES = 1000,
	PLIES_MAX = 200000
};

static void
test_bot_beats_random(void **state)
{
	const struct game_rules	*R = &gv_rules;
	struct gv_state		 s, next, v;
	struct game_setup	 su = { 2, NULL, NULL, -1 };
	struct game_events	 ev;
	struct game_move	 mv, moves[GAME_LEGAL_MAX];
	struct rng		 r;
	uint8_t			 seed[32], noise[32];
	char			 why[GAME_WHY_MAX], text[GAME_MOVE_TEXT_MAX];
	int			 g, i, n, seat, bot, plies, wins = 0;
	long			 hands = 0, knocks = 0, gins = 0;

	(void)state;
	memset(seed, 0, sizeof(seed));
	seed[0] = 0x61;
	rng_init(&r, seed);
	for (g = 0; g < GAMES; g++) {
		bot = g % 2;
		for (i = 0; i < 32; i++)
			seed[i] = (uint8_t)rng_next(&r);
		su.seed = seed;
		assert_int_equal(R->setup(&s, &su, why), GAME_OK);
		for (plies = 0; !s.over; plies++) {
			assert_true(plies < PLIES_MAX);
			seat = s.turn;
			R->view(&s, seat, &v);
			if (seat == bot) {
				for (i = 0; i < 32; i++)
					noise[i] = (uint8_t)rng_next(&r);
				assert_int_equal(gv_bot_choose(&v, seat, noise,
				    &mv), GAME_OK);
				/* The bot never reads the other hand or the stock. */
				assert_int_equal(v.hands[seat ^ 1][0], CARD_NONE);
			} else {
				n = R->legal(&v, seat, moves, GAME_LEGAL_MAX);
				assert_true(n > 0 && n <= GAME_LEGAL_MAX);
				mv = moves[rng_uniform(&r, (uint32_t)n)];
			}
			if (R->apply(&s, &next, seat, &mv, &ev, why) != GAME_OK) {
				R->format(&mv, text, sizeof(text));
				fail_msg("game %d seat %d \"%s\": %s", g, seat,
				    text, why);
			}
			s = next;
			if (ev.n > 0) {
				hands++;
				if (s.last.knocker == bot) {
					knocks++;
					gins += s.last.kind == GV_END_GIN;
				}
			}
		}
		wins += s.winners == 1u << bot;
	}
	print_message("bot vs random: won %d of %d games (%.1f%%); %ld hands, "
	    "bot knocked in %ld (%ld gin)\n", wins, GAMES,
	    100.0 * wins / GAMES, hands, knocks, gins);
	assert_true(wins * 10 >= GAMES * 9);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bot_beats_random),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
