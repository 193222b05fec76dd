/*
 * test_six_suit_seeded.c: Six Suit from seeds.  A seeded set-up is the
 * same for the same seed, and its timeout moves are repeatable, leave
 * the state alone and are legal; whole seeded matches: the bot against
 * random play must win most, and random team matches keep every card,
 * view and score right after every move.  The rules in play are in
 * test_six_suit_play.c.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "bot.h"
#include "rng.h"
#include "test_six_suit.h"

static void
test_timeouts_and_seeds(void **state)
{
	struct six_state	 s, t, copy;
	struct game_setup	 su = { 5, NULL, NULL, -1 };
	struct game_move	 mv, mv2;
	uint8_t			 seed[32];
	char			 why[GAME_WHY_MAX];
	int			 i;

	(void)state;
	memset(seed, 7, sizeof(seed));
	su.seed = seed;
	assert_int_equal(R->setup(&s, &su, why), GAME_OK);
	assert_int_equal(R->setup(&t, &su, why), GAME_OK);
	assert_memory_equal(&s, &t, sizeof(s));
	check_audit(&s);
	for (i = 0; i < 5; i++)
		assert_int_equal(s.nhand[i], 1);
	assert_int_equal(s.nstock, SIX_DECK - 35);
	assert_int_equal(s.turn, (s.dealer + 1) % 5);
	seed[0] = 8;
	assert_int_equal(R->setup(&t, &su, why), GAME_OK);
	assert_memory_not_equal(&s.top, &t.top, sizeof(s.top));

	copy = s;
	assert_int_equal(R->timeout_move(&s, s.turn, &mv), GAME_OK);
	assert_int_equal(R->timeout_move(&s, s.turn, &mv2), GAME_OK);
	assert_memory_equal(&mv, &mv2, sizeof(mv));
	assert_memory_equal(&s, &copy, sizeof(s));
	assert_int_equal(mv.verb, SIX_PREDICT);
	assert_int_equal(mv.ncards, 1);
	assert_int_equal(R->timeout_move(&s, (s.turn + 1) % 5, &mv),
	    GAME_REFUSED);
	assert_int_equal(R->apply(&s, &t, s.turn, &mv2, NULL, why), GAME_OK);
	assert_int_equal(R->timeout_move(&t, t.turn, &mv), GAME_OK);
	assert_int_equal(mv.verb, SIX_DISCARD);
	assert_int_equal(mv.cards[0], t.hands[t.turn][0]);
}

/* Whole matches: the bot at one seat, random play at the others. */
static void
test_bot_beats_random(void **state)
{
	struct six_state	 s, next, v;
	struct game_setup	 su = { 3, "deals=2", NULL, -1 };
	struct game_status	 gs;
	struct game_move	 mv;
	struct rng		 r;
	uint8_t			 seed[32], noise[32];
	char			 why[GAME_WHY_MAX];
	int			 g, i, seat, bot, wins = 0, games = 30, moves;

	(void)state;
	for (g = 0; g < games; g++) {
		memset(seed, 0, sizeof(seed));
		seed[0] = (uint8_t)g;
		seed[1] = 0x5e;
		su.nseats = 3 + g % 2;
		su.seed = seed;
		assert_int_equal(R->setup(&s, &su, why), GAME_OK);
		rng_init(&r, seed);
		bot = g % su.nseats;
		for (moves = 0; moves < 100000; moves++) {
			R->status(&s, &gs);
			if (gs.over)
				break;
			seat = game_first_seat(gs.to_act);
			for (i = 0; i < 32; i++)
				noise[i] = (uint8_t)rng_next(&r);
			R->view(&s, seat, &v);
			if (seat == bot)
				assert_int_equal(six_bot_choose(&v, seat, noise,
				    &mv), GAME_OK);
			else
				assert_int_equal(bot_random(R, &v, seat, noise,
				    &mv), GAME_OK);
			if (R->apply(&s, &next, seat, &mv, NULL, why) != GAME_OK)
				fail_msg("seat %d's move refused: %s", seat, why);
			s = next;
		}
		assert_true(gs.over);
		if (gs.winners & (1u << bot))
			wins++;
	}
	if (wins < games * 8 / 10)
		fail_msg("the bot won only %d of %d matches", wins, games);
}

/* Random team matches: every card, view and score checked after every move. */
static void
test_random_teams(void **state)
{
	static const struct {
		int		 n;
		const char	*options;
	} games[] = {
		{ 4, "teams=2 deals=2" }, { 6, "teams=3 deals=1" },
		{ 6, "teams=2 deals=1 veto=0" }, { 8, "teams=4 deals=1" },
		{ 12, "teams=6 deals=1 orbit_cap=5" },
	};
	struct six_state	 s, next, v;
	struct game_setup	 su;
	struct game_status	 gs;
	struct game_events	 ev;
	struct game_move	 mv;
	struct rng		 r;
	int64_t			 sums[GAME_SEATS_MAX];
	uint8_t			 seed[32], noise[32];
	char			 why[GAME_WHY_MAX];
	size_t			 g;
	int			 i, j, seat, moves, t;

	(void)state;
	for (g = 0; g < sizeof(games) / sizeof(games[0]); g++) {
		memset(seed, 0x2b, sizeof(seed));
		seed[0] = (uint8_t)g;
		su.nseats = games[g].n;
		su.options = games[g].options;
		su.seed = seed;
		su.dealer = -1;
		assert_int_equal(R->setup(&s, &su, why), GAME_OK);
		rng_init(&r, seed);
		memset(sums, 0, sizeof(sums));
		for (moves = 0; moves < 200000; moves++) {
			check_audit(&s);
			for (seat = GAME_VIEW_SPECTATOR; seat < su.nseats; seat++) {
				R->view(&s, seat, &v);
				if (R->audit_view(&s, &v, seat, why) != 0)
					fail_msg("view %d: %s", seat, why);
			}
			R->status(&s, &gs);
			for (i = 0; i < su.nseats; i++) {
				assert_int_equal(gs.scores[i], sums[i]);
				t = six_team(&s, i);
				assert_int_equal(gs.team_scores[t], gs.scores[i]);
			}
			if (gs.over)
				break;
			seat = game_first_seat(gs.to_act);
			for (j = 0; j < 32; j++)
				noise[j] = (uint8_t)rng_next(&r);
			R->view(&s, seat, &v);
			assert_int_equal(bot_random(R, &v, seat, noise, &mv),
			    GAME_OK);
			if (R->apply(&s, &next, seat, &mv, &ev, why) != GAME_OK)
				fail_msg("a legal move was refused: %s", why);
			for (j = 0; j < ev.n; j++)
				for (i = 0; i < su.nseats; i++)
					sums[i] += ev.ev[j].delta[i];
			s = next;
		}
		assert_true(gs.over);
		assert_int_not_equal(gs.winners, 0);
		assert_int_equal(gs.nteams, s.nfactions);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_timeouts_and_seeds),
		cmocka_unit_test(test_bot_beats_random),
		cmocka_unit_test(test_random_teams),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
