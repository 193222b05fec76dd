/*
 * test_vodkapolis_infer.c: what Vodkapolis 500's determinize() infers
 * from play (vodkapolis_determ.c).  A seat that has played a turn of
 * the hand lays every meld and extension it can, so it holds no three
 * cards of a line and no card that extends a meld which lay on the
 * table on its turn.  Checked both ways, from easy-bot games at 3 and
 * 4 seats: the true hands always fit (the inference is sound against
 * the bots), and the samples' hands fit too, where hands dealt with no
 * inference often do not (the control).  And
 * unseen_deal_where, the shared step that deals such a hand.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "game.h"
#include "rng.h"
#include "test_selfplay.h"
#include "unseen.h"
#include "vodkapolis.h"

enum { PLY_MAX = 6000, SAMPLES = 12 };

static _Alignas(16) struct vp_state	 st, nx, vw, det;

static void
start(int nseats, int tag)
{
	selfplay_start(&vp_rules, &st, nseats, tag, 0x7a);
}

static int
step(struct rng *nr)
{
	return selfplay_step(&vp_rules, &st, &nx, &vw, nr);
}

/* Do cards a and b agree on exactly two attributes (one line)? */
static int
same_line(card_t a, card_t b)
{
	return a != b && (card_tt_number(a) == card_tt_number(b)) +
	    (card_tt_color(a) == card_tt_color(b)) +
	    (card_tt_suit(a) == card_tt_suit(b)) == 2;
}

/*
 * Has seat x surely played this hand, seen at the start of the turn of
 * st.turn?  Every seat has once the hand is an orbit old, which the
 * stock shows (a turn draws from it or takes from the chain).
 */
static int
played(int x)
{
	int	 na = game_seat_count(st.active);

	return VP_DECK - VP_DEAL * na - 1 - st.nstock >= na && x != st.turn;
}

/* Has seat z moved since x did: strictly between x and the turn? */
static int
moved_since(const struct vp_state *s, int x, int z)
{
	int	 t;

	for (t = (x + 1) % s->nseats; t != s->turn; t = (t + 1) % s->nseats)
		if (t == z)
			return 1;
	return 0;
}

/*
 * Does hand h (n cards) break what seat x, which has played, may
 * hold: three of a line, or a card of a line that a meld of under 5
 * cards holds, but one laid by a seat that moved after x?
 */
static int
breaks(const struct vp_state *s, int x, const card_t *h, int n)
{
	const struct vp_meld	*m;
	int			 i, j, k, c;

	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++)
			for (k = j + 1; k < n; k++)
				if (same_line(h[i], h[j]) &&
				    same_line(h[i], h[k]) &&
				    same_line(h[j], h[k]))
					return 1;
	for (i = 0; i < s->nmelds; i++) {
		m = &s->melds[i];
		if (m->ncards >= VP_MELD_MAX ||
		    moved_since(s, x, m->originator))
			continue;
		for (c = 0; c < n; c++)
			if (same_line(h[c], m->cards[0]) &&
			    same_line(h[c], m->cards[1]))
				return 1;
	}
	return 0;
}

/*
 * Easy-bot games: at a turn's draw past the first orbit, every other
 * seat fits in the true state (the rule is sound against the bots)
 * and in every sample the seat to act makes.
 */
static void
test_hands_hold_no_meld_they_could_lay(void **unused)
{
	struct rng	 nr;
	uint8_t		 nz[32];
	int		 nseats, tag, ply, x, k, checked = 0, broke = 0;

	(void)unused;
	for (nseats = 3; nseats <= 4; nseats++)
		for (tag = 1; tag <= 3; tag++) {
			start(nseats, tag);
			memset(nz, 0, sizeof(nz));
			nz[0] = (uint8_t)tag;
			rng_init(&nr, nz);
			for (ply = 0; ply < PLY_MAX && step(&nr) == 0; ply++) {
				if (st.phase != VP_PHASE_DRAW || ply % 7 != 0)
					continue;
				vp_rules.view(&st, st.turn, &vw);
				for (x = 0; x < st.nseats; x++) {
					if (!(st.active & (1u << x)) ||
					    !played(x) || st.nhand[x] == 0)
						continue;
					if (breaks(&st, x, st.hands[x],
					    st.nhand[x]))
						fail_msg("%d seats, game %d, "
						    "ply %d: seat %d holds a "
						    "meld it could lay",
						    nseats, tag, ply, x);
					for (k = 0; k < SAMPLES; k++) {
						memset(nz, 0, sizeof(nz));
						nz[0] = (uint8_t)k;
						nz[1] = (uint8_t)ply;
						vp_rules.determinize(&vw,
						    st.turn, nz, &det);
						broke += breaks(&det, x,
						    det.hands[x],
						    det.nhand[x]);
					}
					checked++;
				}
			}
		}
	assert_true(checked >= 100);
	if (broke != 0)
		fail_msg("%d of %d samples deal a hand its seat would have "
		    "laid from", broke, checked * SAMPLES);
}

/*
 * The control: hands of the same sizes dealt at random from what the
 * seat cannot see often break the rule, so the check above can fail.
 */
static void
test_random_hands_break_it(void **unused)
{
	struct unseen	 u;
	struct rng	 nr, r;
	uint8_t		 nz[32];
	card_t		 h[VP_HAND_MAX];
	int		 ply, x, i, n, checked = 0, broke = 0;

	(void)unused;
	start(4, 1);
	memset(nz, 0, sizeof(nz));
	nz[0] = 1;
	rng_init(&nr, nz);
	for (ply = 0; ply < PLY_MAX && step(&nr) == 0; ply++) {
		if (st.phase != VP_PHASE_DRAW || ply % 7 != 0)
			continue;
		x = (st.turn + st.nseats - 1) % st.nseats;
		if (!played(x) || st.nhand[x] < 3)
			continue;
		unseen_init(&u, DECK_TT_FULL, 1);
		unseen_see(&u, st.hands[st.turn], st.nhand[st.turn]);
		unseen_see(&u, st.chain, st.nchain);
		for (i = 0; i < st.nmelds; i++)
			unseen_see(&u, st.melds[i].cards, st.melds[i].ncards);
		nz[2] = (uint8_t)ply;
		rng_init(&r, nz);
		unseen_shuffle(&u, &r);
		for (n = 0; n < st.nhand[x]; n++)
			h[n] = unseen_next(&u);
		broke += breaks(&st, x, h, n);
		checked++;
	}
	assert_true(checked >= 10);
	assert_true(broke * 5 >= checked);
}

/* Accepts the cards of odd id; counts its calls. */
static int
odd_only(void *arg, card_t c)
{
	(*(int *)arg)++;
	return c % 2 == 1;
}

static int
none_fit(void *arg, card_t c)
{
	(void)arg;
	(void)c;
	return 0;
}

/* The first fitting cards, the rest in order; completed when short. */
static void
test_deal_where(void **unused)
{
	struct unseen	 u;
	int		 calls = 0;
	struct rng	 r;
	uint8_t		 nz[32];
	card_t		 hand[8], before[DECK_CARDS_MAX], first, second;
	int		 n0, i, j, w;

	(void)unused;
	memset(nz, 9, sizeof(nz));
	rng_init(&r, nz);
	unseen_init(&u, DECK_TT_FULL, 1);
	unseen_shuffle(&u, &r);
	n0 = u.n;
	memcpy(before, u.list, sizeof(before));
	hand[0] = 200;			/* a card already held stays */
	assert_int_equal(unseen_deal_where(&u, hand, 1, 6, odd_only, &calls), 6);
	assert_true(calls >= 5);
	assert_int_equal(hand[0], 200);
	for (i = 1; i < 6; i++)
		assert_true(hand[i] % 2 == 1);
	assert_int_equal(u.n, n0 - 5);
	for (i = 0, j = 1, w = 0; i < n0; i++) {
		if (j < 6 && before[i] == hand[j]) {
			j++;
			continue;
		}
		assert_int_equal(u.list[w++], before[i]);
	}
	assert_int_equal(j, 6);
	/* Nothing fits: the hand comes from the list, in its order. */
	w = u.next;
	first = u.list[w];
	second = u.list[w + 1];
	assert_int_equal(unseen_deal_where(&u, hand, 0, 2, none_fit, NULL), 2);
	assert_int_equal(hand[0], first);
	assert_int_equal(hand[1], second);
	/* The list ran out: what there was. */
	while (unseen_next(&u) != CARD_NONE)
		;
	assert_int_equal(unseen_deal_where(&u, hand, 1, 3, none_fit, NULL), 1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hands_hold_no_meld_they_could_lay),
		cmocka_unit_test(test_random_hands_break_it),
		cmocka_unit_test(test_deal_where),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
