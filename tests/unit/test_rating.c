/*
 * test_rating.c: Glicko-2 against the paper's worked example, and
 * Weng-Lin Plackett-Luce against values worked out by hand.
 *
 * Weng-Lin, all players new (r 1500, RD 350) with tau 3.5 added first:
 * s2 = 350^2 + 3.5^2 = 122512.25 per player, beta^2 = 175^2 = 30625.
 * When every team has the same mu, every exp(mu/c) is the same E, so
 * C_q = (teams placed at or below q) * E and each quotient is 1 over
 * that count: Omega and Delta reduce to sums of fractions.
 *
 *  Two players, a win: c = sqrt(2 (s2 + beta^2)) = 553.42073; the
 *  winner's Omega = s2/c (1 - 1/2), the loser's s2/c (0 - 1/2 + 0), so
 *  mu moves by s2 / (2c) = 110.68636 (1610.68636 / 1389.31364); both
 *  Delta = gamma s2/c^2 * 1/4 with gamma = sqrt(s2)/c, sigma' =
 *  sqrt(s2 (1 - Delta)) = 338.76786.
 *
 *  Five players placed 1..5: c = sqrt(5 (s2 + beta^2)) = 875.03500;
 *  Omega_i = s2/c (1 - sum_{q<=i} 1/(6-q)) = s2/c * (0.8, 0.55,
 *  0.216667, -0.283333, -1.283333): mu' = 1612.00672, 1577.00462,
 *  1530.33515, 1460.33095, 1320.32255; Delta_i = gamma s2/c^2 * sum
 *  (1/(6-q))(1 - 1/(6-q)) = (0.16, 0.3475, 0.569444, 0.819444,
 *  0.819444): sigma' = 348.22074, 346.10330, 343.57684, 340.71218,
 *  340.71218.
 *
 *  Three players, two sharing first (places 1, 1, 3): A = 2 for the
 *  tied pair; c = sqrt(3 (s2 + beta^2)); each of the pair gets Omega =
 *  s2/c ((1 - 1/3)/2 + (0 - 1/3)/2) = s2/c / 6, the last s2/c (-1/3/2
 *  - 1/3/2 + 0) = -s2/c / 3.
 *
 *  Two teams of two (places 1, 2): a team's mu is 3000 and its
 *  variance 2 s2; c = sqrt(2 (2 s2 + beta^2)); the team's Omega is
 *  2 s2/c * 1/2 and each member takes half (its share of the team's
 *  variance): mu moves by s2/c / 2 ... = s2 / (2c).
 */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include "rating.h"

#define NEAR(a, b, eps)	assert_true(fabs((a) - (b)) < (eps))

static const double S2 = 350.0 * 350.0 + 3.5 * 3.5;
static const double BETA2 = 175.0 * 175.0;

/* Glickman's example: 1500/200/0.06 against three opponents, tau 0.5. */
static void
test_glicko2_paper(void **state)
{
	struct rating	 self = { 1500, 200, 0.06 }, out;
	struct rating	 opp[3] = { { 1400, 30, 0.06 }, { 1550, 100, 0.06 },
			    { 1700, 300, 0.06 } };
	double		 score[3] = { 1, 0, 0 };

	(void)state;
	rating_glicko2(&self, opp, score, 3, 0.5, &out);
	NEAR(out.r, 1464.06, 0.01);
	NEAR(out.rd, 151.52, 0.01);
	NEAR(out.vol, 0.05999, 0.00001);
}

/* No game in the period: only RD grows, sqrt(phi^2 + sigma^2). */
static void
test_glicko2_idle(void **state)
{
	struct rating	 self = { 1600, 50, 0.06 }, out;
	double		 phi = 50 / 173.7178;

	(void)state;
	rating_glicko2(&self, NULL, NULL, 0, 0.5, &out);
	NEAR(out.r, 1600, 1e-9);
	NEAR(out.rd, sqrt(phi * phi + 0.0036) * 173.7178, 1e-6);
}

/*
 * Two new players (1500/350/0.06), one game: the numbers the e2e suite
 * expects (tests/e2e/ratings.sh), from the same steps worked by hand.
 */
static void
test_game_two(void **state)
{
	struct rating	 in[2], out[2];
	int		 team[2] = { 0, 1 }, win[2] = { 1, 2 }, tie[2] = { 1, 1 };

	(void)state;
	rating_new(&in[0]);
	rating_new(&in[1]);
	assert_int_equal(rating_game(in, team, win, 2, out), 0);
	NEAR(out[0].r, 1662.31, 0.01);
	NEAR(out[1].r, 1337.69, 0.01);
	NEAR(out[0].rd, 290.32, 0.01);
	NEAR(out[1].rd, 290.32, 0.01);
	assert_int_equal(rating_game(in, team, tie, 2, out), 0);
	NEAR(out[0].r, 1500, 1e-6);
	NEAR(out[1].r, 1500, 1e-6);
}

static void
test_wl_two(void **state)
{
	struct rating	 in[2], out[2];
	int		 team[2] = { 0, 1 }, place[2] = { 2, 1 };
	double		 c = sqrt(2 * (S2 + BETA2));

	(void)state;
	rating_new(&in[0]);
	rating_new(&in[1]);
	assert_int_equal(rating_wl(in, team, place, 2, 175, 0.0001, 3.5,
	    out), 0);
	NEAR(out[1].r, 1500 + S2 / (2 * c), 1e-6);
	NEAR(out[1].r, 1610.68636, 1e-4);
	NEAR(out[0].r, 1389.31364, 1e-4);
	NEAR(out[0].rd, 338.76786, 1e-4);
	NEAR(out[1].rd, 338.76786, 1e-4);
}

static void
test_wl_five(void **state)
{
	static const double mu[5] = { 1612.00672, 1577.00462, 1530.33515,
	    1460.33095, 1320.32255 };
	static const double sd[5] = { 348.22074, 346.10330, 343.57684,
	    340.71218, 340.71218 };
	struct rating	 in[5], out[5];
	int		 team[5], place[5], i;

	(void)state;
	/* Seats in another order than places, to catch an index mix-up. */
	for (i = 0; i < 5; i++) {
		rating_new(&in[i]);
		team[i] = i;
		place[i] = 5 - i;
	}
	assert_int_equal(rating_game(in, team, place, 5, out), 0);
	for (i = 0; i < 5; i++) {
		NEAR(out[i].r, mu[4 - i], 1e-4);
		NEAR(out[i].rd, sd[4 - i], 1e-4);
		NEAR(out[i].vol, 0.06, 1e-12);
	}
}

static void
test_wl_tie(void **state)
{
	struct rating	 in[3], out[3];
	int		 team[3] = { 0, 1, 2 }, place[3] = { 1, 3, 1 };
	double		 c = sqrt(3 * (S2 + BETA2));

	(void)state;
	rating_new(&in[0]);
	rating_new(&in[1]);
	rating_new(&in[2]);
	assert_int_equal(rating_game(in, team, place, 3, out), 0);
	NEAR(out[0].r, 1500 + S2 / c / 6, 1e-6);
	NEAR(out[2].r, 1500 + S2 / c / 6, 1e-6);
	NEAR(out[1].r, 1500 - S2 / c / 3, 1e-6);
}

static void
test_wl_teams(void **state)
{
	struct rating	 in[4], out[4];
	int		 team[4] = { 0, 1, 0, 1 }, place[4] = { 2, 1, 2, 1 };
	double		 c = sqrt(2 * (2 * S2 + BETA2));
	int		 i;

	(void)state;
	for (i = 0; i < 4; i++)
		rating_new(&in[i]);
	assert_int_equal(rating_game(in, team, place, 4, out), 0);
	NEAR(out[1].r, 1500 + S2 / (2 * c), 1e-6);
	NEAR(out[3].r, 1500 + S2 / (2 * c), 1e-6);
	NEAR(out[0].r, 1500 - S2 / (2 * c), 1e-6);
	NEAR(out[2].r, 1500 - S2 / (2 * c), 1e-6);
}

static void
test_wl_refused(void **state)
{
	struct rating	 in[3], out[3];
	int		 one[3] = { 0, 0, 0 }, place[3] = { 1, 1, 1 };
	int		 team[3] = { 0, 1, 0 }, split[3] = { 1, 2, 2 };

	(void)state;
	rating_new(&in[0]);
	rating_new(&in[1]);
	rating_new(&in[2]);
	assert_int_equal(rating_wl(in, one, place, 3, 175, 1e-4, 0, out), -1);
	/* One team, two places. */
	assert_int_equal(rating_wl(in, team, split, 3, 175, 1e-4, 0, out),
	    -1);
	assert_int_equal(rating_wl(in, team, place, 1, 175, 1e-4, 0, out),
	    -1);
}

/* The bot at three seats of four: one result, the mean of its seats'. */
static void
test_merge(void **state)
{
	struct rating	 in[4], out[4], ref[4];
	long long	 who[4] = { 7, 9, 9, 9 };
	int		 team[4] = { 0, 1, 2, 3 }, place[4] = { 2, 1, 3, 4 };
	int		 i;

	(void)state;
	for (i = 0; i < 4; i++)
		rating_new(&in[i]);
	assert_int_equal(rating_game(in, team, place, 4, out), 0);
	memcpy(ref, out, sizeof(ref));
	rating_merge(in, who, 4, out);
	NEAR(out[0].r, ref[0].r, 1e-12);	/* a person alone: as is */
	NEAR(out[0].rd, ref[0].rd, 1e-12);
	for (i = 1; i < 4; i++) {
		NEAR(out[i].r, 1500 + (ref[1].r + ref[2].r + ref[3].r -
		    3 * 1500) / 3, 1e-9);
		NEAR(out[i].rd, (ref[1].rd + ref[2].rd + ref[3].rd) / 3, 1e-9);
	}
	/* Its seats placed 1, 3 and 4 of 4: on the whole it lost ground
	 * to the person placed 2, who gained. */
	assert_true(out[1].r < 1500);
	assert_true(out[0].r > 1500);
}

static void
test_places(void **state)
{
	struct game_status	 gs;
	int			 place[GAME_SEATS_MAX], team[GAME_SEATS_MAX];

	(void)state;
	/* Higher is better: the winner has the most. */
	memset(&gs, 0, sizeof(gs));
	gs.nseats = 5;
	gs.winners = 1u << 3;
	gs.scores[0] = 10; gs.scores[1] = 30; gs.scores[2] = 10;
	gs.scores[3] = 60; gs.scores[4] = -5;
	rating_places(&gs, place, team);
	assert_int_equal(place[3], 1);
	assert_int_equal(place[1], 2);
	assert_int_equal(place[0], 3);
	assert_int_equal(place[2], 3);
	assert_int_equal(place[4], 5);
	assert_int_equal(team[4], 4);

	/* Lower is better: the winners (two, sharing) have the least. */
	gs.nseats = 4;
	gs.winners = (1u << 0) | (1u << 2);
	gs.scores[0] = 5; gs.scores[1] = 40; gs.scores[2] = 5;
	gs.scores[3] = 20;
	rating_places(&gs, place, team);
	assert_int_equal(place[0], 1);
	assert_int_equal(place[2], 1);
	assert_int_equal(place[3], 3);
	assert_int_equal(place[1], 4);

	/* Teams: seat s on team s % 2; team 1 won. */
	memset(&gs, 0, sizeof(gs));
	gs.nseats = 4;
	gs.nteams = 2;
	gs.winners = (1u << 1) | (1u << 3);
	gs.team_scores[0] = 3; gs.team_scores[1] = 9;
	gs.team[0] = 0; gs.team[1] = 1; gs.team[2] = 0; gs.team[3] = 1;
	rating_places(&gs, place, team);
	assert_int_equal(place[1], 1);
	assert_int_equal(place[3], 1);
	assert_int_equal(place[0], 2);
	assert_int_equal(place[2], 2);
	assert_int_equal(team[2], 0);
	assert_int_equal(team[3], 1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_glicko2_paper),
		cmocka_unit_test(test_glicko2_idle),
		cmocka_unit_test(test_game_two),
		cmocka_unit_test(test_wl_two),
		cmocka_unit_test(test_wl_five),
		cmocka_unit_test(test_wl_tie),
		cmocka_unit_test(test_wl_teams),
		cmocka_unit_test(test_wl_refused),
		cmocka_unit_test(test_merge),
		cmocka_unit_test(test_places),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
