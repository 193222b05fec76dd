/*
 * test_casino_score.c: the Casino Macedonia scoring examples C-1..C-3
 * of RULES.md 4g.  Each seat's captured cards are a list found to have
 * exactly the example's counts (cards, reds, circles, ones, red
 * circles, the blue square 4, yellow hearts) with the example's burned
 * card left out; cm_score() must give the example's points.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include "card.h"
#include "casino.h"
#include "game.h"
#include "test_casino.h"

/*
 * A fresh deal with nothing captured yet: the examples count the
 * captures only (test_casino.h's empty_state empties the hands and
 * the stock as well).
 */
static void
dealt_state(struct cm_state *s, int nseats, const char *options)
{
	struct game_setup	 su = { nseats, options, NULL, 0 };
	char			 why[GAME_WHY_MAX];

	assert_int_equal(R->setup(s, &su, why), GAME_OK);
	memset(s->pile_of, CM_NOBODY, sizeof(s->pile_of));
	memset(s->won, CM_NOBODY, sizeof(s->won));
}

static const char c1_0[] =
	    "1Rc 1Rh 1Rs 1Yh 1Yt 1Ys 1Yb 1Gh 1Gs 1Bt 1Bs 1Kh 1Ks 1Kb 2Rc "
	    "2Rb 2Yh 2Yt 2Yb 2Gc 2Gh 2Gt 2Gb 2Bc 2Bh 2Bt 2Bs 2Bb 2Kh 2Ks "
	    "3Rh 3Rt 3Rs 3Rb 3Yc 3Yh 3Gh 3Gt 3Gb 3Bt 3Bs 3Bb 3Kh 3Ks 3Kb "
	    "4Rc 4Rh 4Rt 4Yh 4Yb 4Gc 4Gt 4Gs 4Bc QRh QRt QRs QYc QYh QYt "
	    "QYs QYb QGc QGh QGt QGs QGb QBc QBh QKc ";
static const char c1_1[] =
	    "1Rt 1Rb 1Yc 1Gc 1Gt 1Gb 1Bc 1Bh 1Bb 1Kt 2Rh 2Rt 2Rs 2Yc 2Ys "
	    "2Gs 2Kc 2Kt 2Kb 3Rc 3Yt 3Ys 3Yb 3Gc 3Gs 3Bc 3Bh 3Kc 3Kt 4Rs "
	    "4Rb 4Yc 4Yt 4Ys 4Gh 4Gb 4Bh 4Bt 4Bs 4Bb 4Kc 4Kh 4Kt 4Ks 4Kb "
	    "QRc QRb QBt QBs QBb QKh QKt QKs QKb ";
static const char c2_0[] =
	    "1Rc 1Rt 1Rb 1Gh 1Gb 1Bs 1Kt 1Ks 1Kb 2Rt 2Yh 2Yt 2Yb 2Gc 2Gh "
	    "2Gs 3Rh 3Rb 3Yh 3Yt 3Ys 3Gc 3Gt 3Gs 3Gb 3Bb 3Kc 3Kt 4Rh 4Rt "
	    "4Yb 4Gc 4Gh 4Gs 4Bh 4Kt QRh QRs QYc QYs QGs QGb QBc QBb QKt ";
static const char c2_1[] =
	    "1Rs 1Yh 1Yt 1Gt 1Gs 1Bt 1Bb 1Kc 2Rc 2Rh 2Ys 2Gb 2Bc 2Bt 2Bs "
	    "2Bb 2Kc 2Kh 2Kt 2Ks 2Kb 3Rc 3Rt 3Yc 3Yb 3Gh 3Bh 3Bt 3Kh 3Ks "
	    "4Rs 4Yh 4Yt 4Gt 4Bc 4Bb 4Kh 4Kb QRt QRb QYb QGt QBh QBt QBs ";
static const char c2_2[] =
	    "1Rh 1Yc 1Ys 1Yb 1Gc 1Bc 1Bh 1Kh 2Rs 2Rb 2Yc 2Bh 3Rs 3Bc 3Bs "
	    "3Kb 4Rc 4Rb 4Yc 4Ys 4Gb 4Bt 4Bs 4Kc 4Ks QRc QYh QYt QGc QGh "
	    "QKc QKh QKs QKb ";
static const char c3_0[] =
	    "1Rc 1Rh 1Rt 1Yh 1Ys 1Gs 1Bc 1Bh 1Bs 2Rh 2Rt 2Yh 2Gc 2Gs 2Bt "
	    "2Bs 3Rc 3Rs 3Yh 3Ys 3Gs 3Bh 3Bt 3Bs 4Rh 4Rs 4Yc 4Yh 4Ys 4Gc "
	    "4Gt 4Bc 4Bh 4Bt 4Bs ";
static const char c3_1[] =
	    "1Rs 1Yc 1Yt 1Gh 1Gt 1Bt 2Rc 2Rs 2Yc 2Yt 2Ys 2Gh 2Gt 2Bc 2Bh "
	    "3Rh 3Rt 3Yc 3Yt 3Gc 3Gh 3Gt 3Bc 4Rc 4Rt 4Yt 4Gh 4Gs ";

static void
test_c1_two_players(void **state)
{
	static struct cm_state	 s;
	struct cm_result	 r;

	(void)state;
	dealt_state(&s, 2, NULL);
	give(&s, 0, c1_0);
	give(&s, 1, c1_1);
	assert_int_equal(s.won[card("1Kc")], CM_NOBODY);	/* burned */
	cm_score(&s, &r);
	assert_int_equal(r.tally[0].cards, 70);
	assert_int_equal(r.tally[1].cards, 54);
	assert_int_equal(r.tally[0].reds, 15);
	assert_int_equal(r.tally[0].circles, 12);
	assert_int_equal(r.tally[1].circles, 12);
	assert_int_equal(r.tally[0].ones, 14);
	assert_int_equal(r.tally[0].red_circles, 3);
	assert_int_equal(r.tally[1].blue_square, 1);
	assert_int_equal(r.tally[0].yellow_hearts, 5);
	assert_int_equal(r.most_cards, 0);
	assert_int_equal(r.most_reds, 0);
	assert_int_equal(r.most_circles, CM_NOBODY);
	assert_int_equal(r.tally[0].points, 108);
	assert_int_equal(r.tally[1].points, 31);
}

static void
test_c2_three_players(void **state)
{
	static struct cm_state	 s;
	struct cm_result	 r;

	(void)state;
	dealt_state(&s, 3, NULL);
	give(&s, 0, c2_0);
	give(&s, 1, c2_1);
	give(&s, 2, c2_2);
	cm_score(&s, &r);
	assert_int_equal(r.tally[0].cards, 45);
	assert_int_equal(r.tally[1].cards, 45);
	assert_int_equal(r.tally[2].cards, 34);
	assert_int_equal(r.most_cards, CM_NOBODY);
	assert_int_equal(r.most_reds, 0);
	assert_int_equal(r.most_circles, 2);
	assert_int_equal(r.tally[2].blue_square, 1);
	assert_int_equal(r.tally[0].yellow_hearts, 2);
	assert_int_equal(r.tally[0].points, 22);
	assert_int_equal(r.tally[1].points, 14);
	assert_int_equal(r.tally[2].points, 39);
}

static void
test_c3_squares(void **state)
{
	static struct cm_state	 s;
	struct cm_result	 r;

	(void)state;
	dealt_state(&s, 2, "deck=squares");
	assert_int_equal(s.ndeck, 64);
	give(&s, 0, c3_0);
	give(&s, 1, c3_1);
	cm_score(&s, &r);
	assert_int_equal(r.tally[0].cards, 35);
	assert_int_equal(r.tally[1].cards, 28);
	assert_int_equal(r.tally[0].red_circles, 2);
	assert_int_equal(r.tally[1].red_circles, 2);
	assert_int_equal(r.tally[0].yellow_hearts, 4);
	assert_int_equal(r.tally[0].points, 55);
	assert_int_equal(r.tally[1].points, 14);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_c1_two_players),
		cmocka_unit_test(test_c2_three_players),
		cmocka_unit_test(test_c3_squares),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
