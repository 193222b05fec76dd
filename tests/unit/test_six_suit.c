/*
 * test_six_suit.c: the worked examples of RULES.md 7h through the real
 * rules.  Each example is a decks-mode game whose position is built by
 * moving real cards (test_six_suit.h), then played with real moves:
 * predictions, plays, discards, eliminations, the final phase and the
 * survivor bonus, extra turns and chains (rules 4A-4C).  Free time,
 * the veto, refusals, options, views, text and the bot's choices are
 * in test_six_suit_play.c; seeded set-ups, timeouts and whole matches
 * in test_six_suit_seeded.c.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "test_six_suit.h"

/* The seat's natural turn: predict, then play text. */
static void
turn_play(struct six_state *s, int seat, const char *text,
    struct game_events *ev)
{
	assert_int_equal(s->turn, seat);
	assert_int_equal(s->phase, SIX_PHASE_PREDICT);
	play(s, seat, "predict QKb", NULL);
	play(s, seat, text, ev);
}

/* Every seat from s->turn discards for n natural turns; ev gets the last. */
static void
discard_turns(struct six_state *s, int n, struct game_events *ev)
{
	int	 i;

	for (i = 0; i < n; i++) {
		assert_false(s->over);
		predict_discard(s, s->turn, ev);
	}
}

/* S-1: four individuals; A eliminates C and B, B eliminates D. */
static void
test_s1_four_individuals(void **state)
{
	struct six_state	 s;
	struct game_events	 ev;

	(void)state;
	new_game(&s, 4, "deals=1", 3);
	past_free_time(&s);
	set_tops(&s, 0, "4Rh 1Bt QGs 2Yb 3Kc 4Gh");
	set_tops(&s, 1, "3Rc 3Yh 3Gt 3Bs 3Rb 4Yc");
	set_tops(&s, 2, "1Rc 1Yh 1Gt 1Bs 1Rb 2Yc");
	set_tops(&s, 3, "2Rc 2Yh 2Gt 2Bs 2Rb 3Yc");
	set_hand(&s, 0, "1Bc 3Bc");
	set_hand(&s, 1, "2Bc");

	turn_play(&s, 0, "play 1Bc on 2Yc @2", &ev);
	assert_int_equal(ev.n, 1);
	assert_string_equal(ev.ev[0].kind, "elimination");
	assert_int_equal(ev.ev[0].delta[0], 4 + 1);
	assert_int_equal(ev.ev[0].delta[1], 1);
	assert_int_equal(ev.ev[0].delta[2], 0);
	assert_int_equal(ev.ev[0].delta[3], 1);
	assert_false(s.alive & (1u << 2));
	assert_int_equal(s.fell_by[2], 0);
	assert_int_equal(s.nhand[2], 0);
	assert_int_equal(s.top[2][0], CARD_NONE);
	assert_int_equal(s.turn, 1);	/* a single match: no extra turn */

	turn_play(&s, 1, "play 2Bc on 3Yc @3", &ev);
	assert_int_equal(ev.ev[0].delta[1], 3 + 1);
	assert_int_equal(ev.ev[0].delta[0], 1);
	assert_int_equal(ev.ev[0].delta[3], 0);
	discard_turns(&s, 2, &ev);	/* the ghosts C and D */
	assert_int_equal(s.turn, 0);
	turn_play(&s, 0, "play 3Bc on 4Yc @1", &ev);
	assert_int_equal(ev.ev[0].delta[0], 2 + 1);
	assert_int_equal(s.alive, 1u);
	assert_int_equal(s.final_left, 8);	/* 2 orbits from now */
	discard_turns(&s, 7, &ev);
	assert_false(s.over);
	assert_int_equal(s.final_left, 1);
	discard_turns(&s, 1, &ev);
	assert_true(s.over);
	assert_int_equal(ev.n, 1);
	assert_string_equal(ev.ev[0].kind, "survived");
	assert_int_equal(ev.ev[0].delta[0], 3);
	assert_int_equal(score_of(&s, 0), 12);
	assert_int_equal(score_of(&s, 1), 5);
	assert_int_equal(score_of(&s, 2), 0);
	assert_int_equal(score_of(&s, 3), 1);
	assert_int_equal(s.winners, 1u);
}

/* S-2: two teams of two, A(X) B(Y) C(X) D(Y). */
static void
test_s2_two_teams(void **state)
{
	struct six_state	 s;
	struct game_events	 ev;
	struct game_status	 gs;

	(void)state;
	new_game(&s, 4, "teams=2 deals=1", 0);
	past_free_time(&s);
	assert_int_equal(s.turn, 1);
	set_tops(&s, 0, "1Rc 1Yh 1Gt 1Bs 1Rb 2Yc");
	set_tops(&s, 1, "4Rh 1Bt QGs 2Yb 3Kc 4Gh");
	set_tops(&s, 2, "3Rc 3Yh 3Gt 3Bs 3Rb 4Yc");
	set_tops(&s, 3, "2Rc 2Yh 2Gt 2Bs 2Rb 3Yc");
	set_hand(&s, 1, "1Bc 3Bc");
	set_hand(&s, 2, "2Bc");

	turn_play(&s, 1, "play 1Bc on 2Yc @0", &ev);
	assert_int_equal(ev.ev[0].delta[1], 4 + 2);
	assert_int_equal(ev.ev[0].delta[3], 4 + 2);	/* a teammate's share */
	assert_int_equal(ev.ev[0].delta[2], 1);
	turn_play(&s, 2, "play 2Bc on 3Yc @3", &ev);
	assert_int_equal(ev.ev[0].delta[0], 3 + 1);
	assert_int_equal(ev.ev[0].delta[1], 1);
	discard_turns(&s, 2, &ev);
	turn_play(&s, 1, "play 3Bc on 4Yc @2", &ev);
	assert_int_equal(ev.ev[0].delta[1], 2 + 1);
	assert_int_equal(s.final_left, 8);
	discard_turns(&s, 8, &ev);
	assert_true(s.over);
	assert_int_equal(ev.ev[0].delta[1], 1);	/* (4 - 3) x (2 - 1) */
	R->status(&s, &gs);
	assert_int_equal(gs.nteams, 2);
	assert_int_equal(gs.team_scores[0], 5);
	assert_int_equal(gs.team_scores[1], 11);
	assert_int_equal(gs.scores[0], 5);
	assert_int_equal(gs.scores[3], 11);
	assert_int_equal(gs.winners, (1u << 1) | (1u << 3));
}

/* S-3 set-up: 6 seats, 3 teams; team Z (seats 2 and 5) makes 4 falls. */
static void
s3_falls(struct six_state *s)
{
	struct game_events	 ev;

	new_game(s, 6, "teams=3 deals=1", 5);
	past_free_time(s);
	set_tops(s, 0, "1Rc 1Yh 1Gt 1Bs 1Rb 2Yc");
	set_tops(s, 3, "2Rc 2Yh 2Gt 2Bs 2Rb 3Yc");
	set_tops(s, 1, "3Rc 3Yh 3Gt 3Bs 3Rb 4Yc");
	set_tops(s, 4, "4Rc 4Yh 4Gt 4Bs 4Rb 1Yt");
	set_tops(s, 2, "QRh 1Kt 2Gs 3Yb QBc 4Kh");
	set_tops(s, 5, "QYt 1Gh 2Bb 3Rs QGc 2Kt");
	set_hand(s, 2, "1Bc 2Bc 3Bc");
	set_hand(s, 5, "4Bt");
	force_turn(s, 2);
	turn_play(s, 2, "play 1Bc on 2Yc @0", &ev);
	force_turn(s, 2);
	turn_play(s, 2, "play 2Bc on 3Yc @3", &ev);
	force_turn(s, 2);
	turn_play(s, 2, "play 3Bc on 4Yc @1", &ev);
	force_turn(s, 5);
	turn_play(s, 5, "play 4Bt on 1Yt @4", &ev);
	assert_int_equal(ev.ev[0].delta[5], 3 + 2);
	assert_int_equal(s->elims, 4);
	assert_int_equal(s->alive, (1u << 2) | (1u << 5));
	assert_int_equal(s->final_left, 12);
	assert_int_equal(s->turn, 0);
}

static void
test_s3_multiple_survivors(void **state)
{
	struct six_state	 s, v;
	struct game_events	 ev;
	int			 before;

	(void)state;
	s3_falls(&s);
	before = score_of(&s, 2);
	discard_turns(&s, 12, &ev);
	assert_true(s.over);
	assert_string_equal(ev.ev[0].kind, "survived");
	assert_int_equal(ev.ev[0].delta[2], 8);
	assert_int_equal(ev.ev[0].delta[5], 8);
	assert_int_equal(ev.ev[0].delta[0], 0);
	assert_int_equal(score_of(&s, 2), before + 8);

	/* Variant: the ghost of seat 0 (team X) eliminates P in the final phase. */
	s3_falls(&v);
	set_tops(&v, 2, "4Yh QKh 1Rh 2Rh 3Gh 4Bs");
	set_hand(&v, 0, "2Bh");
	discard_turns(&v, 6, &ev);	/* one orbit of the final phase */
	assert_int_equal(v.final_left, 6);
	turn_play(&v, 0, "play 2Bh on 4Bs @2", &ev);
	assert_int_equal(ev.n, 1);
	assert_int_equal(ev.ev[0].delta[0], 2);	/* 6 - 4, not multiplied */
	assert_int_equal(ev.ev[0].delta[2], 1);	/* Q survives that fall */
	assert_int_equal(v.final_left, 12);	/* the countdown restarts */
	before = score_of(&v, 5);
	discard_turns(&v, 12, &ev);
	assert_true(v.over);
	assert_int_equal(ev.ev[0].delta[5], 2);	/* (6 - 5) x 2 */
	assert_int_equal(score_of(&v, 5), before + 2);
}

/* S-4: predictions, extra cards and what the others see. */
static void
test_s4_predictions(void **state)
{
	static const struct {
		const char	*decl, *drawn;
		int		 k, extra;
	} rows[] = {
		{ "3Bc", "3Bh", 2, 1 },
		{ "2Rh", "2Kh", 2, 1 },
		{ "4Kc", "4Kb", 2, 1 },
		{ "QKb", "QKb", 3, 2 },
		{ "1Rc", "1Kb", 1, 0 },
	};
	struct six_state	 s, v;
	char			 text[32];
	size_t			 i;
	int			 stock;

	(void)state;
	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		new_game(&s, 2, NULL, 1);
		stock_top(&s, rows[i].drawn);
		stock = s.nstock;
		snprintf(text, sizeof(text), "predict %s", rows[i].decl);
		play(&s, 0, text, NULL);
		assert_int_equal(s.k, rows[i].k);
		assert_int_equal(s.ndrawn, 1 + rows[i].extra);
		assert_int_equal(s.nstock, stock - 1 - rows[i].extra);
		assert_int_equal(s.drawn[0], card(rows[i].drawn));
		assert_int_equal(s.nhand[0], 2 + rows[i].extra);
		assert_int_equal(s.shown, rows[i].k >= 2);
		assert_int_equal(s.phase, SIX_PHASE_PLAY);
		R->view(&s, 1, &v);
		assert_int_equal(v.drawn[0], rows[i].k >= 2 ?
		    card(rows[i].drawn) : CARD_NONE);
		assert_int_equal(v.drawn[1], CARD_NONE);
		assert_int_equal(v.k, rows[i].k >= 2 ? rows[i].k : 0);
		assert_int_equal(v.pred, card(rows[i].decl));
		R->view(&s, 0, &v);
		assert_int_equal(v.drawn[0], card(rows[i].drawn));
		assert_int_equal(v.k, rows[i].k);
	}
}

/* S-5: six-suit detection, exposure, elimination and the chain. */
static void
test_s5_detection(void **state)
{
	card_t	 t[SIX_PILES];
	int	 i;
	static const char *const yes[] = {
		"1Kc 2Kh 3Kt 4Ks QKb 1Rc", "QRc QYh 1Gt 1Bs 1Rb 1Kh",
		"1Rh 2Kh 3Yb 4Gh QBh 1Rb", "QKb QKh QKc QKt QKs 2Kb",
	};
	static const char *const no[] = {
		"1Rh 2Yc 3Yb 4Gh QBh 1Rb", "1Rc 1Yh 1Gt 1Bs 1Rb 2Yc",
	};
	const char	*p, *end;
	size_t		 j;

	(void)state;
	for (j = 0; j < sizeof(yes) / sizeof(yes[0]); j++) {
		for (i = 0, p = yes[j]; i < SIX_PILES; i++, p = end + 1)
			t[i] = card_parse(CARD_TT, p, &end);
		assert_true(six_is_six_suit(t));
		assert_int_equal(six_distance(t), 0);
	}
	for (j = 0; j < sizeof(no) / sizeof(no[0]); j++) {
		for (i = 0, p = no[j]; i < SIX_PILES; i++, p = end + 1)
			t[i] = card_parse(CARD_TT, p, &end);
		assert_false(six_is_six_suit(t));
		assert_int_equal(six_distance(t), 1);
	}
}

static void
s5_position(struct six_state *s)
{
	new_game(s, 4, "teams=2", 3);
	past_free_time(s);
	set_tops(s, 0, "1Rh 2Yc 3Yb 4Gh QBh 1Rb");
	set_tops(s, 1, "2Rc 3Bt 4Rs QYs 1Bt 3Gc");
	set_tops(s, 2, "3Rs 4Bc 1Yc 2Ys QGt 4Ys");
	set_tops(s, 3, "2Gc 3Bs 4Rt QYh 1Bh 2Rt");
	set_hand(s, 0, "2Kh");
	set_hand(s, 1, "3Rh");
	set_hand(s, 2, "4Gt 1Rs 2Gs");
	/* A makes its own six suit: exposed, not eliminated. */
	turn_play(s, 0, "play 2Kh on 2Yc @0", NULL);
	assert_true(s->alive & 1u);
	assert_true(six_is_six_suit(s->top[0]));
	assert_int_equal(s->turn, 1);
}

static void
test_s5_elimination_and_chain(void **state)
{
	struct six_state	 s, b, c;
	struct game_events	 ev;

	(void)state;
	s5_position(&s);
	/* B keeps the six hearts: A falls, credited to B. */
	b = s;
	turn_play(&b, 1, "play 3Rh on 1Rb @0", &ev);
	assert_int_equal(ev.n, 1);
	assert_false(b.alive & 1u);
	assert_int_equal(b.fell_by[0], 1);
	assert_int_equal(ev.ev[0].delta[1], 4 + 2);
	assert_int_equal(ev.ev[0].delta[2], 1);

	/* B plays elsewhere; C breaks the six suit with a double match. */
	predict_discard(&s, 1, NULL);
	turn_play(&s, 2, "play 4Gt on 4Gh @0", &ev);
	assert_int_equal(ev.n, 0);
	assert_false(six_is_six_suit(s.top[0]));
	assert_int_equal(s.turn, 2);
	assert_false(s.natural);
	assert_int_equal(s.chain_target, 0);
	assert_int_equal(s.phase, SIX_PHASE_PREDICT);
	c = s;
	/* A double match on A again continues the chain... */
	turn_play(&s, 2, "play 1Rs on 1Rb @0", NULL);
	assert_int_equal(s.turn, 2);
	assert_false(s.natural);
	assert_int_equal(s.extras, 2);
	/* ...one on anyone else does not (4A). */
	turn_play(&c, 2, "play 2Gs on 2Gc @3", NULL);
	assert_int_equal(c.turn, 3);
	assert_true(c.natural);
	assert_int_equal(c.chain_target, SIX_NOBODY);
}

/* 4B: a double match that eliminates lets a double match on anyone continue. */
static void
test_chain_after_elimination(void **state)
{
	struct six_state	 s, d;

	(void)state;
	new_game(&s, 3, NULL, 2);
	past_free_time(&s);
	set_tops(&s, 0, "4Rh 1Bt QGs 2Yb 3Kc 4Gh");
	set_tops(&s, 1, "1Rc 1Yh 1Gt 1Bs 1Rb 2Yc");
	set_tops(&s, 2, "2Gc 3Bs 4Rt QYh 3Bh 2Rt");
	set_hand(&s, 0, "1Yc 2Gs 4Gc 3Rt");
	turn_play(&s, 0, "play 1Yc on 2Yc @1", NULL);
	assert_false(s.alive & 2u);
	assert_int_equal(s.turn, 0);
	assert_true(s.relaxed);
	assert_int_equal(s.chain_target, 1);
	/* Any target now: seat 2. */
	turn_play(&s, 0, "play 2Gs on 2Gc @2", NULL);
	assert_int_equal(s.turn, 0);
	assert_false(s.relaxed);
	assert_int_equal(s.chain_target, 2);
	/* A discard is never a double match and ends the chain (4C). */
	d = s;
	turn_play(&d, 0, "discard 3Rt", NULL);
	assert_int_equal(d.turn, 1);	/* the ghost's natural turn */
	assert_true(d.natural);
	/* A double match on its own pile is not on the chain target. */
	turn_play(&s, 0, "play 4Gc on 4Gh @0", NULL);
	assert_int_equal(s.turn, 1);
	assert_int_equal(s.chain_target, SIX_NOBODY);
}

/* Extra turns on one's own pile (7g.5) and the chain cap. */
static void
test_own_pile_and_chain_cap(void **state)
{
	struct six_state	 s, c;

	(void)state;
	new_game(&s, 2, NULL, 1);
	past_free_time(&s);
	set_tops(&s, 0, "4Rh 1Bt QGs 2Yb 3Kc 4Gh");
	set_hand(&s, 0, "4Rc 1Bs");
	c = s;
	turn_play(&s, 0, "play 4Rc on 4Rh @0", NULL);
	assert_int_equal(s.turn, 0);
	assert_false(s.natural);
	assert_int_equal(s.chain_target, 0);
	assert_int_equal(s.nat, c.nat);	/* extra turns are not natural */
	c.extras = SIX_CHAIN_CAP;
	turn_play(&c, 0, "play 4Rc on 4Rh @0", NULL);
	assert_int_equal(c.turn, 1);
	assert_int_equal(c.extras, 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_s1_four_individuals),
		cmocka_unit_test(test_s2_two_teams),
		cmocka_unit_test(test_s3_multiple_survivors),
		cmocka_unit_test(test_s4_predictions),
		cmocka_unit_test(test_s5_detection),
		cmocka_unit_test(test_s5_elimination_and_chain),
		cmocka_unit_test(test_chain_after_elimination),
		cmocka_unit_test(test_own_pile_and_chain_cap),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
