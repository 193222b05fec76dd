/*
 * test_search_share.c: Vodkapolis 500's share of the strong bot's
 * budget (vp_search_share, game.h search_share): the seat to draw or
 * take gets VP_SEARCH_DRAW_SHARE per cent of the caller's playouts,
 * its melds, adds and discards VP_SEARCH_PLAY_SHARE, and a seat not
 * to act nothing.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "bot.h"
#include "game.h"
#include "rng.h"
#include "search.h"
#include "vodkapolis.h"

enum {
	PLAYOUTS = 30,
	PLIES = 240
};

/*
 * One position of seat (the seat to act): the search's budget.  A
 * position with more than one legal move that the search spent more
 * playouts on than a plain move's share counts in *searched (the
 * draw), one it searched at all in *played (the play).
 */
static void
check_position(const struct vp_state *v, int seat, const uint8_t nz[32],
    int *searched, int *played)
{
	struct search_budget	 b;
	struct search_stats	 st;
	struct game_move	 mv, list[GAME_LEGAL_MAX];
	int			 n, draw = v->phase == VP_PHASE_DRAW;
	int			 share = draw ? VP_SEARCH_DRAW_SHARE :
				    VP_SEARCH_PLAY_SHARE;

	assert_int_equal(vp_search_share(v, seat), share);
	assert_int_equal(vp_search_share(v, (seat + 1) % v->nseats), 0);
	memset(&b, 0, sizeof(b));
	b.playouts = PLAYOUTS;
	assert_int_equal(search_choose(&vp_rules, v, seat, nz, &b, &mv, &st),
	    GAME_OK);
	assert_true(st.playouts <= PLAYOUTS * share / 100);
	n = vp_legal(v, seat, list, GAME_LEGAL_MAX);
	if (n <= 1)
		return;
	/* Draw and a take or more: searched, past the caller's budget. */
	if (draw && st.playouts > PLAYOUTS)
		(*searched)++;
	if (!draw && st.playouts > 0)
		(*played)++;
}

static void
test_draw_gets_the_budget(void **unused)
{
	struct game_setup	 su = { 2, NULL, NULL, -1 };
	struct vp_state		 s, next, v;
	struct game_events	 ev;
	struct game_move	 mv;
	struct rng		 r;
	uint8_t			 seed[32], nz[32];
	char			 why[GAME_WHY_MAX];
	int			 ply, searched = 0, played = 0, other = 0;

	(void)unused;
	memset(seed, 0x3b, sizeof(seed));
	su.seed = seed;
	assert_int_equal(vp_rules.setup(&s, &su, why), GAME_OK);
	rng_init(&r, seed);
	for (ply = 0; ply < PLIES && !s.over; ply++) {
		vp_rules.view(&s, s.turn, &v);
		search_noise(&r, nz);
		check_position(&v, s.turn, nz, &searched, &played);
		other += v.phase != VP_PHASE_DRAW;
		assert_int_equal(bot_choose(&vp_rules, &v, s.turn, nz, &mv),
		    GAME_OK);
		assert_int_equal(vp_rules.apply(&s, &next, s.turn, &mv, &ev,
		    why), GAME_OK);
		s = next;
	}
	assert_true(searched > 0);
	assert_true(played > 0);
	assert_true(other > 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_draw_gets_the_budget),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
