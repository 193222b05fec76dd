/*
 * test_sim_audit.c: the scoring checks "topper sim" relies on, shown
 * to catch what they must.  Casino Macedonia's audit re-adds the last
 * hand's points from its categories (RULES.md 4d); Six Suit's re-works
 * each faction's deal points from the falls (RULES.md 7f).  Each test
 * plays random legal moves from a seed until the position to check
 * arises, proves the audit passes, then breaks one number and proves
 * the audit names it.  And card_all_none(), which the views' checks
 * now use to find a hidden card shown.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include "casino.h"
#include "game.h"
#include "rng.h"
#include "six_suit.h"

static _Alignas(max_align_t) uint8_t a[GAME_STATE_MAX], b[GAME_STATE_MAX];
static struct game_move legal[GAME_LEGAL_MAX];

/* Set up game r in a[] from a seed of one repeated byte. */
static void
setup(const struct game_rules *r, int nseats, const char *options,
    uint8_t seedbyte)
{
	struct game_setup	 su;
	uint8_t			 seed[32];
	char			 why[GAME_WHY_MAX];

	memset(seed, seedbyte, sizeof(seed));
	memset(&su, 0, sizeof(su));
	su.nseats = nseats;
	su.options = options;
	su.seed = seed;
	su.dealer = -1;
	assert_int_equal(r->setup(a, &su, why), GAME_OK);
}

/*
 * Random legal moves until a move's events include kind (or the game
 * ends); returns 1 when found, the state in a[].
 */
static int
play_until(const struct game_rules *r, const char *kind, struct rng *g)
{
	struct game_status	 gs;
	struct game_events	 ev;
	char			 why[GAME_WHY_MAX];
	int			 seat, n, i, ply;

	for (ply = 0; ply < 200000; ply++) {
		r->status(a, &gs);
		if (gs.over)
			return 0;
		seat = game_first_seat(gs.to_act);
		n = r->legal(a, seat, legal, GAME_LEGAL_MAX);
		assert_true(n > 0);
		if (n > GAME_LEGAL_MAX)
			n = GAME_LEGAL_MAX;
		assert_int_equal(r->apply(a, b, seat,
		    &legal[rng_uniform(g, (uint32_t)n)], &ev, why), GAME_OK);
		memcpy(a, b, r->state_size);
		for (i = 0; i < ev.n; i++)
			if (strcmp(ev.ev[i].kind, kind) == 0)
				return 1;
	}
	return 0;
}

static void
test_casino_hand_points(void **state)
{
	const struct game_rules	*r = game_find("casino-macedonia");
	struct cm_state		*s = (struct cm_state *)a;
	struct rng		 g;
	uint8_t			 key[32];
	char			 why[GAME_WHY_MAX];
	const char		*opts[] = { "", "deck=squares",
				    "q_mode=five jokers=on" };
	int			 k;

	(void)state;
	assert_non_null(r);
	memset(key, 7, sizeof(key));
	rng_init(&g, key);
	for (k = 0; k < 3; k++) {
		setup(r, 3, opts[k], (uint8_t)k);
		assert_true(play_until(r, "hand", &g));
		assert_int_equal(r->audit(a, why), 0);
		/* A point more for one seat: no longer the categories' sum. */
		s->last.tally[1].points++;
		assert_int_not_equal(r->audit(a, why), 0);
		assert_non_null(strstr(why, "do not add up"));
		s->last.tally[1].points--;
		/* The most-cards bonus given to a seat that does not lead. */
		s->last.most_cards = (uint8_t)((s->last.most_cards + 1) % 3);
		assert_int_not_equal(r->audit(a, why), 0);
		assert_non_null(strstr(why, "unique leader"));
	}
}

static void
test_six_suit_deal_points(void **state)
{
	const struct game_rules	*r = game_find("six-suit");
	struct six_state	*s = (struct six_state *)a;
	struct rng		 g;
	uint8_t			 key[32];
	char			 why[GAME_WHY_MAX];
	const char		*opts[] = { "", "teams=2", "teams=3" };
	int			 k, found, seed;

	(void)state;
	assert_non_null(r);
	memset(key, 9, sizeof(key));
	rng_init(&g, key);
	for (k = 0; k < 3; k++) {
		/* Random play seldom eliminates: try seeds until it does. */
		for (found = 0, seed = 0; !found && seed < 50; seed++) {
			setup(r, 6, opts[k], (uint8_t)seed);
			found = play_until(r, "elimination", &g) &&
			    s->phase != SIX_PHASE_OVER && s->elims > 0;
		}
		assert_true(found);
		assert_int_equal(r->audit(a, why), 0);
		s->deal_points[six_team(s, 0)] += 1;
		assert_int_not_equal(r->audit(a, why), 0);
		assert_non_null(strstr(why, "the falls give"));
		s->deal_points[six_team(s, 0)] -= 1;
		/* A fallen seat's order no longer its own. */
		s->elims++;
		assert_int_not_equal(r->audit(a, why), 0);
	}
}

static void
test_card_all_none(void **state)
{
	card_t	 c[125];
	size_t	 i;

	(void)state;
	memset(c, CARD_NONE, sizeof(c));
	assert_true(card_all_none(c, sizeof(c)));
	assert_true(card_all_none(c, 0));
	assert_true(card_all_none(c, 1));
	for (i = 0; i < sizeof(c); i++) {
		c[i] = 0;		/* a real card, 1Rc */
		assert_false(card_all_none(c, sizeof(c)));
		assert_true(card_all_none(c, i));	/* the ones before it */
		c[i] = CARD_NONE;
	}
	c[124] = CARD_NONE - 1;
	assert_false(card_all_none(c, sizeof(c)));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_card_all_none),
		cmocka_unit_test(test_casino_hand_points),
		cmocka_unit_test(test_six_suit_deal_points),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
