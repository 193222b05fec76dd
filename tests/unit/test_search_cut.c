/*
 * test_search_cut.c: a game's search_depth and search_eval (game.h).
 * A toy hand of one choice and many passes, whose points come only
 * when it ends: cut short of the end with no search_eval, the search
 * sees every move alike; with it, it sees the points the choice has
 * already won, and each playout stops at the game's depth unless the
 * caller sets its own.
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
#include "search.h"

enum {
	TOY_PASSES = 60,		/* moves between the choice and the hand's end */
	TOY_DEPTH = 6			/* the toy's search_depth */
};

/*
 * Seat 0 says "bad" (verb 0) or "good" (verb 1), then the two seats pass
 * in turn TOY_PASSES times; the hand then ends and "good" is worth 10
 * points to seat 0.  Until then the points are only pending.
 */
struct toy_state {
	int	 said;			/* -1 before the choice */
	int	 passes;
	int	 score0;		/* seat 0's total, at the hand's end */
};

static int
toy_turn(const struct toy_state *s)
{
	return s->said < 0 ? 0 : s->passes % 2;
}

static int
toy_over(const struct toy_state *s)
{
	return s->said >= 0 && s->passes >= TOY_PASSES;
}

static int
toy_legal(const void *p, int seat, struct game_move *out, int max)
{
	const struct toy_state	*s = p;
	int			 i, n = s->said < 0 ? 2 : 1;

	if (toy_over(s) || seat != toy_turn(s))
		return 0;
	for (i = 0; i < n && i < max; i++) {
		memset(&out[i], 0, sizeof(out[i]));
		out[i].verb = (uint8_t)(s->said < 0 ? i : 2);
	}
	return n;
}

static enum game_rc
toy_apply(const void *in, void *out, int seat, const struct game_move *mv,
    struct game_events *ev, char why[GAME_WHY_MAX])
{
	struct toy_state	*s = out;

	memcpy(out, in, sizeof(*s));
	if (ev != NULL)
		memset(ev, 0, sizeof(*ev));
	if (toy_over(s) || seat != toy_turn(s) ||
	    (s->said < 0) != (mv->verb < 2) || mv->verb > 2) {
		snprintf(why, GAME_WHY_MAX, "That move is not open.");
		return GAME_REFUSED;
	}
	if (s->said < 0)
		s->said = mv->verb;
	else if (++s->passes == TOY_PASSES) {
		s->score0 = s->said == 1 ? 10 : 0;
		if (ev != NULL)
			ev->n = 1;
	}
	return GAME_OK;
}

static void
toy_status(const void *p, struct game_status *out)
{
	const struct toy_state	*s = p;

	memset(out, 0, sizeof(*out));
	out->nseats = 2;
	out->hand = 1;
	out->scores[0] = s->score0;
	out->over = toy_over(s);
	out->to_act = out->over ? 0 : 1u << toy_turn(s);
}

static void
toy_view(const void *p, int viewer, void *out)
{
	(void)viewer;
	memcpy(out, p, sizeof(struct toy_state));
}

static size_t
toy_format(const struct game_move *mv, char *buf, size_t bufsz)
{
	return (size_t)snprintf(buf, bufsz, "%s", mv->verb == 2 ? "pass" :
	    mv->verb ? "good" : "bad");
}

static void
toy_determinize(const void *view, int seat, const uint8_t noise[32],
    void *out)
{
	(void)seat;
	(void)noise;
	memcpy(out, view, sizeof(struct toy_state));
}

/* The points "good" has won for seat 0 before the hand ends. */
static double
toy_eval(const void *st, int seat)
{
	const struct toy_state	*s = st;
	int			 pending = s->said == 1 && !toy_over(s) ? 10 : 0;

	return seat == 0 ? pending : -pending;
}

static int
toy_depth(const void *view)
{
	(void)view;
	return TOY_DEPTH;
}

static const struct game_rules toy_rules = {
	.slug = "toy",
	.state_size = sizeof(struct toy_state),
	.view_size = sizeof(struct toy_state),
	.legal = toy_legal,
	.apply = toy_apply,
	.status = toy_status,
	.view = toy_view,
	.format = toy_format,
	.determinize = toy_determinize,
	.score_sign = 1
};

/*
 * How many of 16 searches (16 noises) chose "good", the caller's depth
 * cap being depth (0: none); *moves: the longest playout of any.
 */
static int
goods(const struct game_rules *r, int depth, long *moves)
{
	struct toy_state	 s0;
	struct search_budget	 b;
	struct search_stats	 st;
	struct game_move	 mv;
	uint8_t			 nz[32];
	int			 k, n = 0;

	memset(&s0, 0, sizeof(s0));
	s0.said = -1;
	memset(&b, 0, sizeof(b));
	b.playouts = 40;
	b.depth = depth;
	*moves = 0;
	for (k = 0; k < 16; k++) {
		memset(nz, k, sizeof(nz));
		assert_int_equal(search_choose(r, &s0, 0, nz, &b, &mv, &st),
		    GAME_OK);
		n += mv.verb == 1;
		assert_true(st.playouts > 0);
		if (st.moves / st.playouts > *moves)
			*moves = st.moves / st.playouts;
	}
	return n;
}

/* Played to the hand's end, "good" is found every time. */
static void
test_full_playouts_find_good(void **unused)
{
	long	 moves;

	(void)unused;
	assert_int_equal(goods(&toy_rules, 0, &moves), 16);
	assert_int_equal(moves, TOY_PASSES + 1);
}

/*
 * Cut by the caller at TOY_DEPTH with no search_eval, every playout
 * scores 0: the easy move (the toy has no bot: a random one) stands,
 * "bad" for some noises.
 */
static void
test_cut_blind_without_eval(void **unused)
{
	long	 moves;
	int	 n;

	(void)unused;
	n = goods(&toy_rules, TOY_DEPTH, &moves);
	assert_true(n > 0 && n < 16);
	assert_int_equal(moves, TOY_DEPTH + 1);
}

/*
 * The game's depth and search_eval: every playout stops at TOY_DEPTH,
 * or at the caller's depth when it sets one, and "good" is still found
 * every time.
 */
static void
test_cut_playouts_count_the_hand_so_far(void **unused)
{
	struct game_rules	 r = toy_rules;
	long			 moves;

	(void)unused;
	r.search_depth = toy_depth;
	r.search_eval = toy_eval;
	assert_int_equal(goods(&r, 0, &moves), 16);
	assert_int_equal(moves, TOY_DEPTH + 1);
	assert_int_equal(goods(&r, 3, &moves), 16);
	assert_int_equal(moves, 3 + 1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_full_playouts_find_good),
		cmocka_unit_test(test_cut_blind_without_eval),
		cmocka_unit_test(test_cut_playouts_count_the_hand_so_far),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
