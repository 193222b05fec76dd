/*
 * test_six_suit_dist.c: the bot's counted tops (six_suit_dist.h) give
 * six_distance's and card_tt_matches' own figures, on random tops with
 * and without empty piles (CARD_NONE), for every card and pile, and on
 * tops built to be one card short of a six suit.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "rng.h"
#include "six_suit_dist.h"

/* Every card on every pile of tops against the reference functions. */
static void
check_tops(const card_t tops[SIX_PILES])
{
	struct six_tops	 t;
	struct six_attr	 ca;
	card_t		 with[SIX_PILES];
	int		 c, p;

	six_tops_set(&t, tops);
	assert_int_equal(t.d0, six_distance(tops));
	for (c = 0; c < CARD_TT_COUNT; c++) {
		six_attr_of((card_t)c, &ca);
		for (p = 0; p < SIX_PILES; p++) {
			memcpy(with, tops, sizeof(with));
			with[p] = (card_t)c;
			assert_int_equal(six_tops_distance_with(&t, p, &ca),
			    six_distance(with));
			assert_int_equal(six_tops_matches(&t, p, &ca),
			    card_tt_matches((card_t)c, tops[p]));
		}
	}
}

/* Random tops; with none_in_8, about one pile in 8 has no card. */
static void
random_tops(struct rng *r, int none_in_8, card_t tops[SIX_PILES])
{
	int	 p;

	for (p = 0; p < SIX_PILES; p++)
		tops[p] = none_in_8 && rng_uniform(r, 8) == 0 ? CARD_NONE :
		    (card_t)rng_uniform(r, CARD_TT_COUNT);
}

static void
test_dist_random_tops(void **state)
{
	struct rng	 r;
	uint8_t		 seed[32];
	card_t		 tops[SIX_PILES];
	int		 i;

	(void)state;
	memset(seed, 0x5d, sizeof(seed));
	rng_init(&r, seed);
	for (i = 0; i < 400; i++) {
		random_tops(&r, i % 2, tops);
		check_tops(tops);
	}
}

/*
 * Five tops of one suit (some of them wild) and one other: one card
 * short, and every special value in play.
 */
static void
test_dist_near_six_suits(void **state)
{
	struct rng	 r;
	uint8_t		 seed[32];
	card_t		 tops[SIX_PILES];
	int		 i, p, s;

	(void)state;
	memset(seed, 0x17, sizeof(seed));
	rng_init(&r, seed);
	for (i = 0; i < 200; i++) {
		s = (int)rng_uniform(&r, 5);
		for (p = 0; p < SIX_PILES; p++)
			tops[p] = card_tt_make((int)rng_uniform(&r, 5),
			    (int)rng_uniform(&r, 5), p == i % SIX_PILES ?
			    (int)rng_uniform(&r, 5) : s);
		check_tops(tops);
	}
}

int
main(void)
{
	const struct CMUnitTest	 tests[] = {
		cmocka_unit_test(test_dist_random_tops),
		cmocka_unit_test(test_dist_near_six_suits),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
