/*
 * test_rummy500_play.c: Rummy 500 seeded deals, views, random play with
 * every invariant, the view JSON and the bot against random play.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "bot.h"
#include "card.h"
#include "codec.h"
#include "game.h"
#include "rng.h"
#include "rummy500.h"

static const struct game_rules *const R = &r500_rules;

static void
seed_from(struct rng *r, uint8_t seed[32])
{
	int	 i;

	for (i = 0; i < 32; i++)
		seed[i] = (uint8_t)rng_next(r);
}

/* The same seed deals the same cards; the registry finds the game. */
static void
test_seeded_deals(void **state)
{
	struct r500_state	 a, b;
	struct game_setup	 su = { 3, NULL, NULL, -1 };
	uint8_t			 seed[32];
	char			 why[GAME_WHY_MAX];

	(void)state;
	assert_ptr_equal(game_find("rummy-500"), R);
	memset(seed, 7, sizeof(seed));
	su.seed = seed;
	assert_int_equal(R->setup(&a, &su, why), GAME_OK);
	assert_int_equal(R->setup(&b, &su, why), GAME_OK);
	assert_memory_equal(&a, &b, sizeof(a));
	assert_int_equal(R->audit(&a, why), 0);
	assert_int_equal(a.nhand[0] + a.nhand[1] + a.nhand[2], 21);
	assert_int_equal(a.ndiscard, 1);
	assert_int_equal(a.nstock, 52 - 22);
	assert_int_equal(a.turn, (a.dealer + 1) % 3);
	seed[0] ^= 1;
	assert_int_equal(R->setup(&b, &su, why), GAME_OK);
	assert_memory_not_equal(a.hands, b.hands, sizeof(a.hands));
}

/* Views hide other hands, the stock and a card drawn from the stock. */
static void
test_views(void **state)
{
	struct r500_state	 s, next, v;
	struct game_setup	 su = { 2, NULL, NULL, 0 };
	struct game_move	 mv;
	struct game_events	 ev;
	struct json_object	*j;
	uint8_t			 seed[32];
	char			 why[GAME_WHY_MAX];
	const char		*txt;
	int			 i, me;

	(void)state;
	memset(seed, 3, sizeof(seed));
	su.seed = seed;
	assert_int_equal(R->setup(&s, &su, why), GAME_OK);
	me = s.turn;
	assert_int_equal(R->parse("draw", &mv, why), GAME_OK);
	assert_int_equal(R->apply(&s, &next, me, &mv, &ev, why), GAME_OK);
	s = next;
	R->view(&s, me ^ 1, &v);
	assert_int_equal(R->audit_view(&s, &v, me ^ 1, why), 0);
	assert_int_equal(v.drawn, CARD_NONE);
	for (i = 0; i < R500_HAND_MAX; i++)
		assert_int_equal(v.hands[me][i], CARD_NONE);
	for (i = 0; i < R500_DECK; i++)
		assert_int_equal(v.stock[i], CARD_NONE);
	assert_int_equal(v.nhand[me], 11);
	assert_int_equal(v.nstock, s.nstock);
	assert_int_equal(R->legal(&v, me, NULL, 0), 0);
	R->view(&s, me, &v);
	assert_int_equal(R->audit_view(&s, &v, me, why), 0);
	assert_int_equal(v.drawn, s.drawn);
	assert_memory_equal(v.hands[me], s.hands[me], 11);
	/* A view that shows too much is caught. */
	v.hands[me ^ 1][0] = s.hands[me ^ 1][0];
	assert_int_equal(R->audit_view(&s, &v, me, why), -1);
	R->view(&s, GAME_VIEW_SPECTATOR, &v);
	assert_int_equal(R->audit_view(&s, &v, GAME_VIEW_SPECTATOR, why), 0);
	assert_int_equal(v.drawn, CARD_NONE);
	/* GAME_VIEW_ALL before the end is a spectator's view. */
	R->view(&s, GAME_VIEW_ALL, &v);
	assert_int_equal(v.viewer, GAME_VIEW_SPECTATOR);
	v.rng.used = 1;
	assert_int_equal(R->audit_view(&s, &v, GAME_VIEW_SPECTATOR, why), -1);
	/* The JSON never names a hidden card. */
	R->view(&s, me ^ 1, &v);
	j = codec_view_json(R, &v);
	assert_non_null(j);
	txt = json_object_to_json_string_ext(j, JSON_C_TO_STRING_PLAIN);
	assert_non_null(strstr(txt, "\"game\":\"rummy-500\""));
	assert_non_null(strstr(txt, "\"cards\":null"));
	for (i = 0; i < s.nhand[me]; i++) {
		char	 tok[CARD_TEXT_MAX], q[8];

		card_format(CARD_STD, s.hands[me][i], tok);
		snprintf(q, sizeof(q), "\"%s\"", tok);
		assert_null(strstr(txt, q));
	}
	json_object_put(j);
}

/* Random legal play to the end: audits, views, text, termination. */
static void
test_random_games(void **state)
{
	struct r500_state	 s, next, v;
	struct game_setup	 su = { 2, NULL, NULL, -1 };
	struct game_events	 ev;
	struct game_move	 mv[GAME_LEGAL_MAX], back, tmo;
	struct game_status	 gs;
	struct rng		 r;
	uint8_t			 seed[32];
	char			 why[GAME_WHY_MAX], text[GAME_MOVE_TEXT_MAX];
	int			 g, n, i, seat, plies, hands = 0, outs = 0, w;
	int32_t			 sum[R500_SEATS_MAX];

	(void)state;
	memset(seed, 0, sizeof(seed));
	rng_init(&r, seed);
	for (g = 0; g < 60; g++) {
		seed_from(&r, seed);
		su.seed = seed;
		su.nseats = 2 + g % 3;
		su.options = g % 2 ? "hand_cap=5" : "hand_cap=8 "
		    "two_player_cards=13";
		assert_int_equal(R->setup(&s, &su, why), GAME_OK);
		memset(sum, 0, sizeof(sum));
		for (plies = 0; !s.over && plies < 200000; plies++) {
			seat = s.turn;
			R->view(&s, seat, &v);
			if (R->audit_view(&s, &v, seat, why) != 0)
				fail_msg("audit_view: %s", why);
			n = R->legal(&v, seat, mv, GAME_LEGAL_MAX);
			assert_true(n > 0 && n <= GAME_LEGAL_MAX);
			assert_int_equal(R->legal(&s, seat, mv + 0, 0), n);
			for (i = 0; i < n; i++) {
				R->format(&mv[i], text, sizeof(text));
				assert_int_equal(R->parse(text, &back, why),
				    GAME_OK);
				assert_memory_equal(&back, &mv[i], sizeof(back));
			}
			/* The timeout move is always legal. */
			assert_int_equal(R->timeout_move(&s, seat, &tmo),
			    GAME_OK);
			if (R->apply(&s, &next, seat, &tmo, &ev, why) != GAME_OK) {
				R->format(&tmo, text, sizeof(text));
				fail_msg("timeout move \"%s\" refused: %s",
				    text, why);
			}
			i = (int)rng_uniform(&r, (uint32_t)n);
			/* Play the timeout move now and then. */
			if (rng_uniform(&r, 4) == 0)
				mv[i] = tmo;
			if (R->apply(&s, &next, seat, &mv[i], &ev, why) !=
			    GAME_OK) {
				R->format(&mv[i], text, sizeof(text));
				fail_msg("legal move \"%s\" refused: %s", text,
				    why);
			}
			s = next;
			if (R->audit(&s, why) != 0)
				fail_msg("audit: %s", why);
			if (ev.n > 0) {
				hands++;
				outs += strcmp(ev.ev[0].kind, "out") == 0;
				for (w = 0; w < su.nseats; w++)
					sum[w] += ev.ev[0].delta[w];
			}
		}
		assert_true(s.over);
		R->status(&s, &gs);
		for (w = 0; w < su.nseats; w++)
			assert_int_equal(gs.scores[w], sum[w]);
		assert_true(gs.winners != 0);
		for (w = 0; w < su.nseats; w++)
			if (gs.winners & (1u << w))
				for (i = 0; i < su.nseats; i++)
					assert_true(gs.scores[w] >= gs.scores[i]);
		R->view(&s, GAME_VIEW_ALL, &v);
		assert_int_equal(R->audit_view(&s, &v, GAME_VIEW_ALL, why), 0);
		assert_int_equal(v.viewer, GAME_VIEW_ALL);
	}
	print_message("random games: %d hands, %d went out\n", hands, outs);
	assert_true(outs > 50);
}

/* The bot, from its view only, clearly beats random play. */
static void
test_bot(void **state)
{
	struct r500_state	 s, next, v;
	struct game_setup	 su = { 2, NULL, NULL, -1 };
	struct game_move	 mv;
	struct game_events	 ev;
	struct rng		 r;
	uint8_t			 seed[32], noise[32];
	char			 why[GAME_WHY_MAX];
	int			 g, seat, bot, won = 0, games = 60, plies;

	(void)state;
	memset(seed, 9, sizeof(seed));
	rng_init(&r, seed);
	for (g = 0; g < games; g++) {
		seed_from(&r, seed);
		su.seed = seed;
		su.nseats = 2 + g % 2;
		bot = g % su.nseats;
		assert_int_equal(R->setup(&s, &su, why), GAME_OK);
		for (plies = 0; !s.over && plies < 200000; plies++) {
			seat = s.turn;
			R->view(&s, seat, &v);
			seed_from(&r, noise);
			if (seat == bot)
				assert_int_equal(r500_bot_choose(&v, seat, noise,
				    &mv), GAME_OK);
			else
				assert_int_equal(bot_random(R, &v, seat, noise,
				    &mv), GAME_OK);
			if (R->apply(&s, &next, seat, &mv, &ev, why) != GAME_OK)
				fail_msg("move refused: %s", why);
			s = next;
		}
		assert_true(s.over);
		if (s.winners & (1u << bot))
			won++;
	}
	print_message("bot: won %d of %d\n", won, games);
	/* Measured: about 90% of two-player and 96% of three-player games. */
	assert_true(won >= games * 4 / 5);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_seeded_deals),
		cmocka_unit_test(test_views),
		cmocka_unit_test(test_random_games),
		cmocka_unit_test(test_bot),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
