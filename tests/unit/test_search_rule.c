/*
 * test_search_rule.c: the strong bot's replacement rule (search.h) on
 * toy games whose results are known: a move replaces the easy one
 * only when it won on SEARCH_ROUNDS_MIN samples or more, and a small
 * gain that a few samples happen to agree on (no spread) is no
 * certainty while other moves show how much a sample can swing; and
 * a game's share of the budget (search_share) weighs a decision, and
 * its take-backs (search_skip) are never tried.
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

/*
 * Seat 0 says "good" or "bad" once and the game ends, won by seat 0 on
 * "good".  Every sample gives the same results, so "good" beats "bad"
 * by the same margin every time: no spread at all.
 */
struct toy_state {
	int	 said;			/* -1 before the move, 0 bad, 1 good */
};

static int
toy_legal(const void *p, int seat, struct game_move *out, int max)
{
	const struct toy_state	*s = p;
	int			 i;

	if (seat != 0 || s->said >= 0)
		return 0;
	for (i = 0; i < 2 && i < max; i++) {
		memset(&out[i], 0, sizeof(out[i]));
		out[i].verb = (uint8_t)i;
	}
	return 2;
}

static enum game_rc
toy_apply(const void *in, void *out, int seat, const struct game_move *mv,
    struct game_events *ev, char why[GAME_WHY_MAX])
{
	struct toy_state	*s = out;

	memcpy(out, in, sizeof(*s));
	if (ev != NULL)
		memset(ev, 0, sizeof(*ev));
	if (seat != 0 || s->said >= 0 || mv->verb > 1) {
		snprintf(why, GAME_WHY_MAX, "That move is not open.");
		return GAME_REFUSED;
	}
	s->said = mv->verb;
	return GAME_OK;
}

static void
toy_status(const void *p, struct game_status *out)
{
	const struct toy_state	*s = p;

	memset(out, 0, sizeof(*out));
	out->nseats = 2;
	out->hand = 1;
	out->over = s->said >= 0;
	out->to_act = s->said < 0 ? 1u : 0;
	out->winners = s->said == 1 ? 1u : s->said == 0 ? 2u : 0;
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
	return (size_t)snprintf(buf, bufsz, "%s", mv->verb ? "good" : "bad");
}

static void
toy_determinize(const void *view, int seat, const uint8_t noise[32],
    void *out)
{
	(void)seat;
	(void)noise;
	memcpy(out, view, sizeof(struct toy_state));
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

/* Records the easy move and the chosen one of each search. */
struct pick {
	int	 easy, chosen, n;
};

static void
pick_trace(void *arg, const struct search_trace *t)
{
	struct pick	*p = arg;

	p->easy = t->easy->verb;
	p->chosen = t->chosen->verb;
	p->n++;
}

/* A fresh toy game, and a budget whose trace fills *p. */
static void
toy_start(struct toy_state *s0, struct search_budget *b, struct pick *p)
{
	s0->said = -1;
	memset(b, 0, sizeof(*b));
	memset(p, 0, sizeof(*p));
	b->trace = pick_trace;
	b->trace_arg = p;
}

/*
 * With 2 x SEARCH_ROUNDS_MIN playouts a move the screen alone runs
 * ("good" would win every round with no spread, in a game without
 * luck) and the easy move stands, "bad" for some noise (the toy has
 * no bot of its own, so the easy move is a random one); with twice
 * that, the fresh samples confirm "good" for every noise.
 */
static void
test_replacement_needs_rounds(void **unused)
{
	struct toy_state	 s0;
	struct search_budget	 b;
	struct search_stats	 stt;
	struct game_move	 mv;
	struct pick		 p;
	uint8_t			 nz[32];
	int			 k, kept = 0;

	(void)unused;
	toy_start(&s0, &b, &p);
	for (k = 0; k < 16; k++) {
		memset(nz, k, sizeof(nz));
		b.playouts = 2 * SEARCH_ROUNDS_MIN;
		assert_int_equal(search_choose(&toy_rules, &s0, 0, nz, &b, &mv,
		    &stt), GAME_OK);
		assert_int_equal(p.chosen, p.easy);
		assert_int_equal(stt.rounds, SEARCH_ROUNDS_MIN);
		kept += mv.verb == 0;
		b.playouts = 4 * SEARCH_ROUNDS_MIN;
		assert_int_equal(search_choose(&toy_rules, &s0, 0, nz, &b, &mv,
		    &stt), GAME_OK);
		assert_int_equal(mv.verb, 1);
		assert_int_equal(stt.rounds, p.easy == 1 ? SEARCH_ROUNDS_MIN :
		    2 * SEARCH_ROUNDS_MIN);
	}
	assert_int_equal(p.n, 32);
	assert_true(kept > 0);
}

/*
 * A budget that affords more screens them longer: half of it, shared
 * by the candidates, so that the screen's best is picked on more than
 * a few samples' luck.  At 400 playouts the toy's 2 moves get 100
 * rounds each: all of them when the easy move is "good" (nothing beats
 * it, so nothing is confirmed), and the fresh samples' rounds on top
 * when it is "bad".
 */
static void
test_screen_takes_half_the_budget(void **unused)
{
	struct toy_state	 s0;
	struct search_budget	 b;
	struct search_stats	 stt;
	struct game_move	 mv;
	struct pick		 p;
	uint8_t			 nz[32];
	int			 k, both = 0;

	(void)unused;
	toy_start(&s0, &b, &p);
	b.playouts = 400;
	for (k = 0; k < 16; k++) {
		memset(nz, k, sizeof(nz));
		assert_int_equal(search_choose(&toy_rules, &s0, 0, nz, &b, &mv,
		    &stt), GAME_OK);
		assert_int_equal(mv.verb, 1);
		assert_int_equal(stt.candidates, 2);
		assert_true(stt.playouts <= 400);
		if (p.easy == 1) {
			assert_int_equal(stt.rounds, 100);
			assert_int_equal(stt.playouts, 200);
		} else
			assert_true(stt.rounds > 100);
		both |= 1 << p.easy;
	}
	assert_int_equal(both, 3);
}

/* "good" as a take-back, for the test below. */
static int
skip_good(const struct game_move *mv)
{
	return mv->verb == 1;
}

/*
 * A game's take-backs (search_skip: Vodkapolis 500's undo) are never
 * tried: with "good" marked one, the search keeps "bad" when that is
 * the easy move however much budget it has, and "good" only when the
 * easy move is "good" itself.
 */
static void
test_take_backs_are_not_tried(void **unused)
{
	struct game_rules	 r = toy_rules;
	struct toy_state	 s0;
	struct search_budget	 b;
	struct search_stats	 stt;
	struct game_move	 mv;
	uint8_t			 nz[32];
	int			 k, both = 0;

	(void)unused;
	r.search_skip = skip_good;
	s0.said = -1;
	memset(&b, 0, sizeof(b));
	b.playouts = 400;
	for (k = 0; k < 16; k++) {
		memset(nz, k, sizeof(nz));
		assert_int_equal(search_choose(&r, &s0, 0, nz, &b, &mv, &stt),
		    GAME_OK);
		/*
		 * A "good" base move is searched against "bad" and stands;
		 * a "bad" one is alone, "good" untried.
		 */
		assert_true(stt.candidates == 1 || stt.candidates == 2);
		assert_int_equal(mv.verb, stt.candidates == 2);
		both |= 1 << mv.verb;
	}
	assert_int_equal(both, 3);
}

static int
share_none(const void *view, int seat)
{
	(void)view;
	(void)seat;
	return 0;
}

static int
share_half(const void *view, int seat)
{
	(void)view;
	(void)seat;
	return 50;
}

static int
share_double(const void *view, int seat)
{
	(void)view;
	(void)seat;
	return 200;
}

/*
 * A game's search_share scales the budget: at 0 the easy move stands
 * unsearched; at 50 per cent, 4 x SEARCH_ROUNDS_MIN playouts are the
 * screen's alone and the easy move stands; at 200, 2 x
 * SEARCH_ROUNDS_MIN are enough for "good" to replace it every time.
 */
static void
test_share_weighs_the_budget(void **unused)
{
	struct game_rules	 r = toy_rules;
	struct toy_state	 s0;
	struct search_budget	 b;
	struct search_stats	 stt;
	struct game_move	 mv, easy;
	struct pick		 p;
	uint8_t			 nz[32];
	int			 k;

	(void)unused;
	toy_start(&s0, &b, &p);
	for (k = 0; k < 16; k++) {
		memset(nz, k, sizeof(nz));
		r.search_share = share_none;
		b.playouts = 100;
		assert_int_equal(search_choose(&r, &s0, 0, nz, &b, &mv, &stt),
		    GAME_OK);
		assert_int_equal(bot_choose(&r, &s0, 0, nz, &easy), GAME_OK);
		assert_int_equal(mv.verb, easy.verb);
		assert_int_equal(stt.candidates, 1);
		assert_int_equal(stt.playouts, 0);
		r.search_share = share_half;
		b.playouts = 4 * SEARCH_ROUNDS_MIN;
		assert_int_equal(search_choose(&r, &s0, 0, nz, &b, &mv, &stt),
		    GAME_OK);
		assert_int_equal(p.chosen, p.easy);
		assert_true(stt.playouts <= 2 * SEARCH_ROUNDS_MIN);
		r.search_share = share_double;
		b.playouts = 2 * SEARCH_ROUNDS_MIN;
		assert_int_equal(search_choose(&r, &s0, 0, nz, &b, &mv, &stt),
		    GAME_OK);
		assert_int_equal(mv.verb, 1);
		assert_true(stt.playouts <= 4 * SEARCH_ROUNDS_MIN);
	}
	/* The unsearched moves are not traced: nothing was seen. */
	assert_int_equal(p.n, 32);
}

/*
 * The second toy: seat 0 says "flat", "edge" or "wild" and the game
 * ends with its score; the sample (determinize) draws x in 0..7.
 * "flat" scores 0; "edge" 5, or -60 when x is 6 or 7 (worth -11.25 on
 * average, but +5 on every one of a few samples a third of the time);
 * "wild" 100 on even x, -100 on odd.
 */
struct toy2_state {
	int	 said;			/* -1 before the move */
	int	 x;
};

static int
toy2_legal(const void *p, int seat, struct game_move *out, int max)
{
	const struct toy2_state	*s = p;
	int			 i;

	if (seat != 0 || s->said >= 0)
		return 0;
	for (i = 0; i < 3 && i < max; i++) {
		memset(&out[i], 0, sizeof(out[i]));
		out[i].verb = (uint8_t)i;
	}
	return 3;
}

static enum game_rc
toy2_apply(const void *in, void *out, int seat, const struct game_move *mv,
    struct game_events *ev, char why[GAME_WHY_MAX])
{
	struct toy2_state	*s = out;

	memcpy(out, in, sizeof(*s));
	if (ev != NULL)
		memset(ev, 0, sizeof(*ev));
	if (seat != 0 || s->said >= 0 || mv->verb > 2) {
		snprintf(why, GAME_WHY_MAX, "That move is not open.");
		return GAME_REFUSED;
	}
	s->said = mv->verb;
	return GAME_OK;
}

static void
toy2_status(const void *p, struct game_status *out)
{
	const struct toy2_state	*s = p;

	memset(out, 0, sizeof(*out));
	out->nseats = 2;
	out->hand = 1;
	out->over = s->said >= 0;
	out->to_act = s->said < 0 ? 1u : 0;
	if (s->said == 1)
		out->scores[0] = s->x < 6 ? 5 : -60;
	else if (s->said == 2)
		out->scores[0] = s->x % 2 == 0 ? 100 : -100;
}

static void
toy2_view(const void *p, int viewer, void *out)
{
	(void)viewer;
	memcpy(out, p, sizeof(struct toy2_state));
}

static size_t
toy2_format(const struct game_move *mv, char *buf, size_t bufsz)
{
	static const char *const words[] = { "flat", "edge", "wild" };

	return (size_t)snprintf(buf, bufsz, "%s", words[mv->verb % 3]);
}

static void
toy2_determinize(const void *view, int seat, const uint8_t noise[32],
    void *out)
{
	struct toy2_state	*s = out;

	(void)seat;
	memcpy(out, view, sizeof(*s));
	s->x = noise[0] % 8;
}

static const struct game_rules toy2_rules = {
	.slug = "toy2",
	.state_size = sizeof(struct toy2_state),
	.view_size = sizeof(struct toy2_state),
	.legal = toy2_legal,
	.apply = toy2_apply,
	.status = toy2_status,
	.view = toy2_view,
	.format = toy2_format,
	.determinize = toy2_determinize,
	.score_sign = 1
};

struct seen {
	int	 flat_easy;		/* searches whose easy move was "flat" */
	int	 edge_chosen;		/* "edge" replacing "flat" */
	int	 replaced;		/* any move replacing the easy one */
};

static void
toy2_trace(void *arg, const struct search_trace *t)
{
	struct seen	*s = arg;

	s->replaced += t->chosen->verb != t->easy->verb;
	if (t->easy->verb != 0)
		return;
	s->flat_easy++;
	s->edge_chosen += t->chosen->verb == 1;
}

/*
 * "edge" against an easy "flat": a few samples often all say +5 (no
 * spread, which once read as an infinite t), yet "wild" shows on the
 * screen that a sample swings by 100, so "edge" is never chosen.  No
 * move is worth more than "flat", and the easy move (a random one:
 * the toy has no bot) is replaced in about SEARCH_ALPHA of the
 * searches, by luck.
 */
/* 96 searches of toy2 under rules, each with its own noise, into *seen. */
static void
search_toy2(const struct game_rules *rules, struct seen *seen)
{
	struct toy2_state	 s0;
	struct search_budget	 b;
	struct game_move	 mv;
	uint8_t			 nz[32];
	int			 k;

	s0.said = -1;
	s0.x = 0;
	memset(seen, 0, sizeof(*seen));
	memset(&b, 0, sizeof(b));
	b.playouts = 3 * 2 * SEARCH_ROUNDS_MIN + 2 * 8;
	b.trace = toy2_trace;
	b.trace_arg = seen;
	for (k = 0; k < 96; k++) {
		memset(nz, k, sizeof(nz));
		nz[1] = (uint8_t)(k * 37);
		assert_int_equal(search_choose(rules, &s0, 0, nz, &b, &mv,
		    NULL), GAME_OK);
	}
}

static void
test_no_spread_is_no_proof(void **unused)
{
	struct seen		 seen;

	(void)unused;
	search_toy2(&toy2_rules, &seen);
	assert_true(seen.flat_easy > 10);
	assert_int_equal(seen.edge_chosen, 0);
	assert_true(seen.replaced <= 96 / 10);
}

/*
 * A game's own alpha (game.h search_alpha) is the one the search
 * uses: on the same searches of toy2, where "flat" and "wild" are
 * worth the same, a game that trusts the search more (0.4) replaces
 * its easy move by luck far more often than the default.
 */
static void
test_game_alpha_is_used(void **unused)
{
	struct game_rules	 trusting = toy2_rules;
	struct seen		 by_default, trusted;

	(void)unused;
	trusting.search_alpha = 0.4;
	search_toy2(&toy2_rules, &by_default);
	search_toy2(&trusting, &trusted);
	assert_true(trusted.replaced > 2 * by_default.replaced);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_replacement_needs_rounds),
		cmocka_unit_test(test_screen_takes_half_the_budget),
		cmocka_unit_test(test_take_backs_are_not_tried),
		cmocka_unit_test(test_no_spread_is_no_proof),
		cmocka_unit_test(test_game_alpha_is_used),
		cmocka_unit_test(test_share_weighs_the_budget),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
