/*
 * test_six_suit_bot.c: how the Six Suit bot weighs an attack (pushing
 * an opponent towards a six suit) against a small repair of its own
 * piles.  The attack is worth it when the faction moving next cannot
 * take the elimination from us: with two factions always, with more
 * only when the next seat is ours or the target's own.  The strong
 * bot's careful rule still pushes, at an eighth, past a third party.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "bot.h"
#include "test_six_suit.h"

/*
 * Seat 0 to play 2Gh, after free time.  On its own 1Gt (green) it takes
 * its piles from 2 cards short of six 1s to 3 short; on the target's
 * 2Ys (the 2) it leaves the target one heart short of six hearts.  No
 * play is a double match or an elimination.
 */
static void
position(struct six_state *s, int n, const char *options, int target)
{
	static const char *const far[] = { "4Rt 3Bc 1Ys 2Rs 3Yt 1Bc",
		"4Gc 3Gs 2Bt 4Rs 1Yt 2Bc", "4Bc 3Yc QRs 2Kt 3Gt 2Yt" };
	int	 q, k = 0;

	new_game(s, n, options, n - 1);
	past_free_time(s);
	set_tops(s, 0, "1Rc 1Yh 1Gt 1Bs 3Rs 4Yc");
	for (q = 1; q < n; q++)
		set_tops(s, q, q == target ? "3Rh 3Yh 4Bh 1Bh 2Ys 3Rc" :
		    far[k++]);
	for (q = 0; q < n; q++)
		set_hand(s, q, "");
	force_turn(s, 0);
	stock_top(s, "2Gh");
	play(s, 0, "predict QKb", NULL);
	assert_int_equal(s->nhand[0], 1);
	assert_int_equal(six_distance(s->top[0]), 2);
	assert_int_equal(six_distance(s->top[target]), 2);
}

/* Seat 0's move by the easy bot, or with careful the strong bot's rule. */
static const char *
move_by(const struct six_state *s, int careful, char buf[GAME_MOVE_TEXT_MAX])
{
	struct six_state	 v;
	struct game_move	 mv;
	uint8_t			 noise[32];

	memset(noise, 5, sizeof(noise));
	R->view(s, 0, &v);
	assert_int_equal(careful ? six_bot_choose_careful(&v, 0, noise, &mv) :
	    six_bot_choose(&v, 0, noise, &mv), GAME_OK);
	R->format(&mv, buf, GAME_MOVE_TEXT_MAX);
	return buf;
}

static const char *
bot_move(const struct six_state *s, char buf[GAME_MOVE_TEXT_MAX])
{
	return move_by(s, 0, buf);
}

/* Two teams: the opponent is pushed, the repair waits. */
static void
test_bot_attacks_in_two_teams(void **state)
{
	struct six_state	 s;
	char			 buf[GAME_MOVE_TEXT_MAX];

	(void)state;
	position(&s, 4, "teams=2", 1);
	assert_string_equal(bot_move(&s, buf), "play 2Gh on 2Ys @1");
}

/* Four alone: pushing the next seat is fine, it moves first. */
static void
test_bot_attacks_the_next_seat(void **state)
{
	struct six_state	 s;
	char			 buf[GAME_MOVE_TEXT_MAX];

	(void)state;
	position(&s, 4, NULL, 1);
	assert_string_equal(bot_move(&s, buf), "play 2Gh on 2Ys @1");
}

/*
 * Four alone: seat 1 would finish seat 2 for its own points, so the
 * bot repairs its own piles instead (1Gt or 1Yh: either takes it to 3
 * cards short).
 */
static void
test_bot_leaves_a_third_party_nothing(void **state)
{
	struct six_state	 s;
	char			 buf[GAME_MOVE_TEXT_MAX];

	(void)state;
	position(&s, 4, NULL, 2);
	bot_move(&s, buf);
	if (strcmp(buf, "play 2Gh on 1Gt @0") != 0 &&
	    strcmp(buf, "play 2Gh on 1Yh @0") != 0)
		fail_msg("the bot played \"%s\", not a repair", buf);
}

/*
 * Four alone, seat 0's own piles far from a six suit (nothing to
 * repair): the easy bot will not push seat 2 with seat 1 between, the
 * strong bot's careful rule does (bot_base_choose too), and in the
 * position above, with a repair to make, it repairs as the easy bot.
 */
static void
test_careful_pushes_past_a_third_party(void **state)
{
	struct six_state	 s;
	struct six_state	 v;
	struct game_move	 mv;
	uint8_t			 noise[32];
	char			 buf[GAME_MOVE_TEXT_MAX];

	(void)state;
	position(&s, 4, NULL, 2);
	set_tops(&s, 0, "4Rt 3Bc 1Ys 2Rs 3Yt 1Bc");
	assert_true(six_distance(s.top[0]) >= 3);
	assert_string_not_equal(move_by(&s, 0, buf), "play 2Gh on 2Ys @2");
	assert_string_equal(move_by(&s, 1, buf), "play 2Gh on 2Ys @2");
	memset(noise, 5, sizeof(noise));
	R->view(&s, 0, &v);
	assert_int_equal(bot_base_choose(R, &v, 0, noise, &mv), GAME_OK);
	R->format(&mv, buf, sizeof(buf));
	assert_string_equal(buf, "play 2Gh on 2Ys @2");
	position(&s, 4, NULL, 2);
	move_by(&s, 1, buf);
	if (strcmp(buf, "play 2Gh on 1Gt @0") != 0 &&
	    strcmp(buf, "play 2Gh on 1Yh @0") != 0)
		fail_msg("the careful rule played \"%s\", not a repair", buf);
}

int
main(void)
{
	const struct CMUnitTest	 tests[] = {
		cmocka_unit_test(test_bot_attacks_in_two_teams),
		cmocka_unit_test(test_bot_attacks_the_next_seat),
		cmocka_unit_test(test_bot_leaves_a_third_party_nothing),
		cmocka_unit_test(test_careful_pushes_past_a_third_party),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
