/*
 * test_vodkapolis_bot.c: the Vodkapolis 500 bot against uniform random
 * play.
 *
 * Seeded games of 2 to 4 players to 500 (first_to_500): the bot takes
 * one seat, turning through the seats, the others play uniformly random
 * legal moves of their own views.  The bot sees only its seat's view;
 * every move it makes must be legal, and it must win clearly more than
 * its fair share (at least 90% of the games, against 1/n by chance).
 * Then its parts, and the strong bot's careful discard.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include <limits.h>

#include "bot.h"
#include "game.h"
#include "rng.h"
#include "search.h"
#include "vodkapolis.h"

enum {
	GAMES = 600,
	PLIES_MAX = 200000
};

static void
test_bot_beats_random(void **state)
{
	const struct game_rules	*R = &vp_rules;
	struct vp_state		 s, next, v;
	struct game_setup	 su = { 2, NULL, NULL, -1 };
	struct game_events	 ev;
	struct game_move	 mv, moves[GAME_LEGAL_MAX];
	struct rng		 r;
	uint8_t			 seed[32], noise[32];
	char			 why[GAME_WHY_MAX], text[GAME_MOVE_TEXT_MAX];
	int			 g, i, n, seat, bot, plies, wins = 0, outs = 0;

	(void)state;
	memset(seed, 0, sizeof(seed));
	seed[0] = 0x56;
	rng_init(&r, seed);
	for (g = 0; g < GAMES; g++) {
		su.nseats = 2 + g % 3;
		bot = g % su.nseats;
		for (i = 0; i < 32; i++)
			seed[i] = (uint8_t)rng_next(&r);
		su.seed = seed;
		assert_int_equal(R->setup(&s, &su, why), GAME_OK);
		for (plies = 0; !s.over; plies++) {
			assert_true(plies < PLIES_MAX);
			seat = s.turn;
			R->view(&s, seat, &v);
			if (seat == bot) {
				for (i = 0; i < 32; i++)
					noise[i] = (uint8_t)rng_next(&r);
				assert_int_equal(vp_bot_choose(&v, seat, noise,
				    &mv), GAME_OK);
			} else {
				n = R->legal(&v, seat, moves, GAME_LEGAL_MAX);
				assert_true(n > 0);
				if (n > GAME_LEGAL_MAX)
					n = GAME_LEGAL_MAX;
				mv = moves[rng_uniform(&r, (uint32_t)n)];
			}
			if (R->apply(&s, &next, seat, &mv, &ev, why) != GAME_OK) {
				R->format(&mv, text, sizeof(text));
				fail_msg("game %d seat %d \"%s\": %s", g, seat,
				    text, why);
			}
			s = next;
			if (ev.n > 0 && s.last.out == bot)
				outs++;
		}
		wins += (s.winners >> bot) & 1;
	}
	print_message("bot vs random: won %d of %d games (%.1f%%), went out "
	    "%d times\n", wins, GAMES, 100.0 * wins / GAMES, outs);
	assert_true(wins * 10 >= GAMES * 9);
}

/*
 * Seat 0 holds 1Bh 2Bh 4Bh 1Rc in the meld phase of a 3-player hand:
 * the bot lays the meld, in front of the chosen opponent.
 */
static int
target_of(int score1, int score2, int n1, int n2, int32_t own)
{
	struct vp_state		 s, v;
	struct game_setup	 su = { 3, NULL, NULL, 0 };
	struct game_move	 mv;
	uint8_t			 seed[32], noise[32];
	char			 why[GAME_WHY_MAX];

	memset(seed, 7, sizeof(seed));
	memset(noise, 0, sizeof(noise));
	su.seed = seed;
	assert_int_equal(vp_rules.setup(&s, &su, why), GAME_OK);
	s.phase = VP_PHASE_PLAY;
	s.turn = 0;
	s.drawn = s.taken = CARD_NONE;
	s.nhand[0] = 4;
	s.hands[0][0] = card_tt_make(0, 0, 0);	/* 1Rc */
	s.hands[0][1] = card_tt_make(0, 3, 1);	/* 1Bh */
	s.hands[0][2] = card_tt_make(1, 3, 1);	/* 2Bh */
	s.hands[0][3] = card_tt_make(3, 3, 1);	/* 4Bh */
	s.nhand[1] = (uint8_t)n1;
	s.nhand[2] = (uint8_t)n2;
	s.scores[0] = own;
	s.scores[1] = score1;
	s.scores[2] = score2;
	vp_rules.view(&s, 0, &v);
	assert_int_equal(vp_bot_choose(&v, 0, noise, &mv), GAME_OK);
	assert_int_equal(mv.verb, VP_MELD);
	return mv.at;
}

/* Targets with a reason (vodkapolis_bot.c, target_worth). */
static void
test_bot_target(void **state)
{
	(void)state;
	/* Equal scores: the opponent holding more cards, either seat. */
	assert_int_equal(target_of(100, 100, 3, 9, 100), 2);
	assert_int_equal(target_of(100, 100, 9, 3, 100), 1);
	/* The leader (lowest penalty) first, whatever the cards. */
	assert_int_equal(target_of(300, 100, 11, 3, 200), 2);
	/* The bot leads a first_to_500 game: the highest score. */
	assert_int_equal(target_of(450, 300, 3, 11, 100), 1);
}

/*
 * The floor under the greedy play's cost (vodkapolis_bot.c): a card
 * counts (penalty + 3) unless one of its lines holds 3 cards of the
 * hand or a table meld with room.
 */
static void
test_bot_floor(void **state)
{
	struct vp_state	 s;
	card_t		 h[8];

	(void)state;
	memset(&s, 0, sizeof(s));
	s.nseats = 2;
	/* 1Rc 2Rc 4Rc: a line of three (number varies); 3Gt alone. */
	h[0] = card_tt_make(0, 0, 0);
	h[1] = card_tt_make(1, 0, 0);
	h[2] = card_tt_make(3, 0, 0);
	h[3] = card_tt_make(2, 2, 2);
	assert_int_equal(vp_bot_floor(&s, h, 3), 0);
	assert_int_equal(vp_bot_floor(&s, h, 4),
	    vp_card_value(h[3]) + 3);
	/* Two of a line are not a meld: both count. */
	assert_int_equal(vp_bot_floor(&s, h, 2),
	    vp_card_value(h[0]) + vp_card_value(h[1]) + 6);
	/* A meld on 3Gt's color-and-number line (suit varies) with room. */
	s.nmelds = 1;
	s.melds[0].ncards = 3;
	s.melds[0].cards[0] = card_tt_make(2, 2, 0);
	s.melds[0].cards[1] = card_tt_make(2, 2, 1);
	s.melds[0].cards[2] = card_tt_make(2, 2, 3);
	assert_int_equal(vp_bot_floor(&s, h, 4), 0);
	/* Full (5 cards): no room. */
	s.melds[0].ncards = 5;
	s.melds[0].cards[3] = card_tt_make(2, 2, 4);
	s.melds[0].cards[4] = card_tt_make(2, 2, 2);
	assert_int_equal(vp_bot_floor(&s, h, 4),
	    vp_card_value(h[3]) + 3);
	/* A meld on no one line: no floor at all. */
	s.melds[0].ncards = 3;
	s.melds[0].cards[1] = card_tt_make(4, 4, 4);
	assert_int_equal(vp_bot_floor(&s, h, 4), 0);
}

/*
 * vp_bot_take_floors against vp_bot_floor of each take's hand, at the
 * draws of random games (long chains, tables of every shape), and
 * vp_card_value against card_tt_special over the whole deck.
 */
static void
test_bot_take_floors(void **state)
{
	const struct game_rules	*R = &vp_rules;
	struct vp_state		 s, next, v;
	struct game_setup	 su = { 2, NULL, NULL, -1 };
	struct game_move	 moves[GAME_LEGAL_MAX];
	struct rng		 r;
	card_t			 h[VP_HAND_MAX + VP_DECK];
	uint8_t			 seed[32];
	char			 why[GAME_WHY_MAX];
	int			 fl[VP_DECK], g, i, n, nh, checked = 0;

	(void)state;
	for (i = 0; i < 127; i++)
		assert_int_equal(vp_card_value((card_t)i),
		    5 * (1 + card_tt_special((card_t)i)));
	memset(seed, 0, sizeof(seed));
	seed[0] = 0x57;
	rng_init(&r, seed);
	for (g = 0; g < 40; g++) {
		su.nseats = 2 + g % 3;
		for (i = 0; i < 32; i++)
			seed[i] = (uint8_t)rng_next(&r);
		su.seed = seed;
		assert_int_equal(R->setup(&s, &su, why), GAME_OK);
		while (!s.over) {
			R->view(&s, s.turn, &v);
			if (v.phase == VP_PHASE_DRAW && v.nchain > 0) {
				vp_bot_take_floors(&v, v.turn, fl);
				nh = v.nhand[v.turn];
				memcpy(h, v.hands[v.turn], (size_t)nh);
				for (i = 0; i < v.nchain; i++) {
					n = v.nchain - i;
					memcpy(h + nh, v.chain + i, (size_t)n);
					assert_int_equal(fl[i],
					    vp_bot_floor(&v, h, nh + n));
					checked++;
				}
			}
			n = R->legal(&v, s.turn, moves, GAME_LEGAL_MAX);
			assert_true(n > 0);
			if (n > GAME_LEGAL_MAX)
				n = GAME_LEGAL_MAX;
			assert_int_equal(R->apply(&s, &next, s.turn,
			    &moves[rng_uniform(&r, (uint32_t)n)], NULL, why),
			    GAME_OK);
			s = next;
		}
	}
	assert_true(checked > 1000);
}

/* vp_greedy_fast on s against the moves played (vp_bot_greedy). */
static int
greedy_same(const struct vp_state *s, int seat, int limit)
{
	struct vp_state	 t;
	int		 fast, slow;

	fast = vp_greedy_fast(s, seat, limit);
	memcpy(&t, s, sizeof(t));
	slow = vp_bot_greedy(&t, seat, limit);
	if (fast >= 0 && fast != slow)
		fail_msg("greedy: fast %d, slow %d (limit %d)", fast, slow,
		    limit);
	return fast >= 0;
}

/*
 * With no meld or add, the bot's discard against its rule written
 * plainly: 4 x penalty - 30 x partners (held cards sharing two
 * attributes) + a noise bit, the first of the highest; none while the
 * card taken is owed.
 */
static void
discard_spec(const struct vp_state *s, int seat, const uint8_t nz[32])
{
	struct game_move	 mv;
	const card_t		*h = s->hands[seat];
	int			 i, j, p, k, best = -1, bk = 0, u = s->nlog > 0;

	assert_int_equal(vp_bot_choose(s, seat, nz, &mv), GAME_OK);
	if (vp_obliged(s)) {
		assert_int_equal(mv.verb, VP_UNDO);
		return;
	}
	for (i = 0; i < s->nhand[seat]; i++) {
		for (p = 0, j = 0; j < s->nhand[seat]; j++)
			p += j != i && card_tt_matches(h[i], h[j]) == 2;
		k = 4 * vp_card_value(h[i]) - 30 * p + (nz[(u + i) % 32] & 1);
		if (best < 0 || k > bk) {
			bk = k;
			best = i;
		}
	}
	assert_int_equal(mv.verb, VP_DISCARD);
	assert_int_equal(mv.cards[0], h[best]);
}

/*
 * vp_meld_fast against best_meld's listed choice (vp_bot_meld) for
 * seat in s, under noise nz; 1 when modeled.
 */
static int
meld_same(const struct vp_state *s, int seat, const uint8_t nz[32])
{
	struct game_move	 a, b;
	char			 ta[GAME_MOVE_TEXT_MAX], tb[GAME_MOVE_TEXT_MAX];
	int			 fast, slow;

	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	fast = vp_meld_fast(s, seat, nz, &a);
	slow = vp_bot_meld(s, seat, nz, &b);
	if (slow == 0)
		discard_spec(s, seat, nz);
	if (fast < 0)
		return 0;
	assert_int_equal(fast, slow);
	if (fast && memcmp(&a, &b, sizeof(a)) != 0) {
		vp_rules.format(&a, ta, sizeof(ta));
		vp_rules.format(&b, tb, sizeof(tb));
		fail_msg("meld: fast \"%s\", slow \"%s\"", ta, tb);
	}
	return 1;
}

/*
 * vp_greedy_take of v's take that gave t against vp_greedy_fast of t
 * (c: its cost), unlimited and limited.
 */
static void
take_same(const struct vp_state *v, const struct vp_state *t, int seat, int c)
{
	int	 from, lims[4] = { INT_MAX, c, c + 1, c / 2 }, i;

	from = card_find(v->chain, v->nchain, t->taken);
	assert_true(from >= 0);
	for (i = 0; i < 4; i++)
		assert_int_equal(vp_greedy_take(v, seat, from, lims[i]),
		    vp_greedy_fast(t, seat, lims[i]));
}

/* vp_legal_takes against the draw phase's list moves[0..n-1]. */
static void
takes_listed(const struct vp_state *v, int seat,
    const struct game_move *moves, int n)
{
	uint8_t	 ok[VP_DECK];
	int	 i, j = 0;

	assert_int_equal(vp_legal_takes(v, seat, ok), n);
	if (v->nstock > 0)
		assert_int_equal(moves[j++].verb, VP_DRAW);
	for (i = 0; i < v->nchain; i++)
		if (ok[i]) {
			assert_true(j < n);
			assert_int_equal(moves[j].verb, VP_TAKE);
			assert_int_equal(moves[j++].cards[0], v->chain[i]);
		}
	assert_int_equal(j, n);
}

/*
 * The compact greedy play against the listed one, as choose_draw
 * asks it: at the draws of random games, for the hand as it is and
 * after every take (owed cards, long chains), unlimited and with
 * limits about the cost; and at every play phase.
 */
static void
test_greedy_fast(void **state)
{
	const struct game_rules	*R = &vp_rules;
	struct vp_state		 s, next, v, t;
	struct game_setup	 su = { 2, NULL, NULL, -1 };
	struct game_move	 moves[GAME_LEGAL_MAX], mv;
	struct rng		 r;
	uint8_t			 seed[32], noise[32];
	char			 why[GAME_WHY_MAX];
	int			 g, i, n, c, seat, modeled = 0, all = 0;
	int			 mmodeled = 0, mall = 0;

	(void)state;
	memset(seed, 0, sizeof(seed));
	seed[0] = 0x58;
	rng_init(&r, seed);
	for (g = 0; g < 60; g++) {
		su.nseats = 2 + g / 2 % 5;
		for (i = 0; i < 32; i++)
			seed[i] = (uint8_t)rng_next(&r);
		su.seed = seed;
		assert_int_equal(R->setup(&s, &su, why), GAME_OK);
		while (!s.over) {
			seat = s.turn;
			R->view(&s, seat, &v);
			v.viewer = VP_NOT_A_VIEW;
			n = R->legal(&v, seat, moves, GAME_LEGAL_MAX);
			assert_true(n > 0);
			if (n > GAME_LEGAL_MAX)
				n = GAME_LEGAL_MAX;
			if (v.phase == VP_PHASE_DRAW)
				takes_listed(&v, seat, moves, n);
			for (i = 0; i < n && v.phase == VP_PHASE_DRAW; i++) {
				if (moves[i].verb != VP_TAKE)
					continue;
				/* A listed take is never refused. */
				assert_int_equal(R->apply(&v, &t, seat,
				    &moves[i], NULL, why), GAME_OK);
				memcpy(&next, &t, sizeof(next));
				c = vp_bot_greedy(&next, seat, INT_MAX);
				modeled += greedy_same(&t, seat, INT_MAX);
				greedy_same(&t, seat, c);
				greedy_same(&t, seat, c + 1);
				greedy_same(&t, seat, c / 2);
				take_same(&v, &t, seat, c);
				all++;
			}
			if (v.phase == VP_PHASE_DRAW)
				v.phase = VP_PHASE_PLAY;
			modeled += greedy_same(&v, seat, INT_MAX);
			greedy_same(&v, seat, 20);
			all++;
			/* The play phase's meld or add under a few noises. */
			for (i = 0; i < 3 && s.phase == VP_PHASE_PLAY; i++) {
				for (c = 0; c < 32; c++)
					noise[c] = (uint8_t)rng_next(&r);
				R->view(&s, seat, &t);
				mmodeled += meld_same(&t, seat, noise);
				mall++;
			}
			/* Half the games the bot's own tables, melds and adds. */
			mv = moves[rng_uniform(&r, (uint32_t)n)];
			for (i = 0; i < 32; i++)
				noise[i] = (uint8_t)rng_next(&r);
			if (g % 2 == 1) {
				R->view(&s, seat, &v);
				assert_int_equal(vp_bot_choose(&v, seat, noise,
				    &mv), GAME_OK);
			}
			assert_int_equal(R->apply(&s, &next, seat, &mv, NULL,
			    why), GAME_OK);
			s = next;
		}
	}
	print_message("greedy: %d of %d modeled; melds %d of %d\n",
	    modeled, all, mmodeled, mall);
	assert_true(all > 5000 && modeled * 100 >= all * 99);
	assert_true(mall > 5000 && mmodeled * 100 >= mall * 99);
	/*
	 * A hand of 110 cards lists more new melds than the bot's 512
	 * moves: left to the slow play; 30 are modeled.
	 */
	su.nseats = 2;
	assert_int_equal(R->setup(&s, &su, why), GAME_OK);
	s.phase = VP_PHASE_PLAY;
	s.turn = 0;
	s.drawn = s.taken = CARD_NONE;
	for (i = 0; i < 110; i++)
		s.hands[0][i] = (card_t)i;
	s.nhand[0] = 110;
	assert_int_equal(vp_greedy_fast(&s, 0, INT_MAX), -1);
	s.nhand[0] = 30;
	assert_true(greedy_same(&s, 0, INT_MAX));
}

/*
 * The strong bot's careful discard (vp_bot_choose_careful) against the
 * easy bot's, seat 0 of 2 holding two cards of no common line: ?Kb
 * (black blob "?", the highest penalty) whose lines are all out of
 * sight, and 1Rc (the lowest) whose twelve line-mates all lie in the
 * chain, so no opponent can hold a pair to meld it with.  The easy bot
 * sheds the penalty (?Kb); the careful one the card nobody can use
 * (1Rc), and ?Kb when the chain holds its line-mates instead.
 */
static void
test_careful_discard(void **state)
{
	struct vp_state		 s, v;
	struct game_setup	 su = { 2, NULL, NULL, 0 };
	struct game_move	 mv;
	struct search_budget	 b;
	uint8_t			 seed[32], noise[32];
	char			 why[GAME_WHY_MAX];
	card_t			 hi, lo;
	int			 k, i;

	(void)state;
	memset(seed, 3, sizeof(seed));
	memset(noise, 0, sizeof(noise));
	su.seed = seed;
	assert_int_equal(vp_rules.setup(&s, &su, why), GAME_OK);
	hi = card_tt_make(CARD_NQ, CARD_BLACK, CARD_BLOB);
	lo = card_tt_make(0, 0, 0);
	assert_true(vp_card_value(hi) > vp_card_value(lo));
	s.phase = VP_PHASE_PLAY;
	s.turn = 0;
	s.drawn = s.taken = CARD_NONE;
	s.nlog = 0;
	s.nmelds = 0;
	s.nhand[0] = 2;
	s.hands[0][0] = lo;
	s.hands[0][1] = hi;
	s.nchain = 0;
	for (k = 1; k < 5; k++) {
		s.chain[s.nchain++] = card_tt_make(k, 0, 0);
		s.chain[s.nchain++] = card_tt_make(0, k, 0);
		s.chain[s.nchain++] = card_tt_make(0, 0, k);
	}
	vp_rules.view(&s, 0, &v);
	assert_int_equal(vp_bot_choose(&v, 0, noise, &mv), GAME_OK);
	assert_int_equal(mv.verb, VP_DISCARD);
	assert_int_equal(mv.cards[0], hi);
	assert_int_equal(vp_bot_choose_careful(&v, 0, noise, &mv), GAME_OK);
	assert_int_equal(mv.verb, VP_DISCARD);
	assert_int_equal(mv.cards[0], lo);
	/*
	 * The strong bot's base move (bot.h), and its search's choice
	 * where 1 playout a move leaves the base move standing.
	 */
	assert_int_equal(bot_base_choose(&vp_rules, &v, 0, noise, &mv),
	    GAME_OK);
	assert_int_equal(mv.cards[0], lo);
	assert_int_equal(bot_choose(&vp_rules, &v, 0, noise, &mv), GAME_OK);
	assert_int_equal(mv.cards[0], hi);
	memset(&b, 0, sizeof(b));
	b.playouts = 1;
	assert_int_equal(search_choose(&vp_rules, &v, 0, noise, &b, &mv,
	    NULL), GAME_OK);
	assert_int_equal(mv.cards[0], lo);
	/* The other way round: ?Kb's line-mates in the chain, not 1Rc's. */
	s.nchain = 0;
	for (i = 0; i < 3; i++)
		for (k = 0; k < 4; k++)
			s.chain[s.nchain++] = card_tt_make(
			    i == 0 ? k : CARD_NQ, i == 1 ? k : CARD_BLACK,
			    i == 2 ? k : CARD_BLOB);
	vp_rules.view(&s, 0, &v);
	assert_int_equal(vp_bot_choose_careful(&v, 0, noise, &mv), GAME_OK);
	assert_int_equal(mv.cards[0], hi);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bot_beats_random),
		cmocka_unit_test(test_bot_target),
		cmocka_unit_test(test_bot_floor),
		cmocka_unit_test(test_bot_take_floors),
		cmocka_unit_test(test_greedy_fast),
		cmocka_unit_test(test_careful_discard),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
