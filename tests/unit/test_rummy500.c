/*
 * test_rummy500.c: the Rummy 500 rules through the engine contract.
 *
 * The worked examples F-1..F-6 of RULES.md 6f are played as positions
 * built card by card (every one of the 52 cards placed, the audit
 * passing) and then moves through apply(): the engine's own hand-end
 * event must give the example's numbers.  Then the rulings of 6e, the
 * ace's end, refusals (the input state byte-for-byte unchanged),
 * stock exhaustion, the hand cap, options and the view JSON.  The
 * timeout moves are in test_rummy500_timeout.c; deals, views, random
 * play and the bot in test_rummy500_play.c.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "card.h"
#include "codec.h"
#include "game.h"
#include "rummy500.h"
#include "test_rummy500.h"

static card_t
card(const char *tok)
{
	card_t	 c = card_parse(CARD_STD, tok, NULL);

	assert_int_not_equal(c, CARD_NONE);
	return c;
}

static void
put_layoff(struct r500_state *s, int seat, const char *c, const char *on,
    int end)
{
	int	 mi = r500_meld_of(s, card(on)), pos;

	assert_true(mi >= 0);
	pos = r500_fit(&s->melds[mi], card(c), end);
	assert_true(pos >= 0);
	r500_layoff(&s->melds[mi], card(c), pos, seat);
}

/* F-1: 7S 7H 7D (21) and the lay-off 8C (8) on the table, KD AS held: +4. */
static void
test_f1(void **state)
{
	struct r500_state	 s;
	struct game_events	 ev;

	(void)state;
	empty_table(&s, 2, NULL);
	put_meld(&s, 0, "7S 7H 7D");
	put_meld(&s, 1, "5C 6C 7C");
	put_layoff(&s, 0, "8C", "5C", -1);
	give(&s, 0, "KD AS");
	give(&s, 1, "9H");
	finish(&s, 1, R500_PHASE_PLAY, 20);
	assert_int_equal(r500_table_points(&s, 0), 29);
	assert_int_equal(play(&s, 1, "discard 9H", &ev), 1);
	assert_string_equal(ev.ev[0].kind, "out");
	assert_int_equal(ev.ev[0].delta[0], 4);
	/* The lay-off scored for seat 0, not for the run's owner. */
	assert_int_equal(ev.ev[0].delta[1], 18);
	assert_int_equal(s.scores[0], 4);
	assert_int_equal(s.last.table[0], 29);
	assert_int_equal(s.last.held[0], 25);
	assert_int_equal(s.hand, 2);
}

/* F-2: the run AC 2C 3C counts 6; QH held: -4. */
static void
test_f2(void **state)
{
	struct r500_state	 s;
	struct game_events	 ev;

	(void)state;
	empty_table(&s, 2, NULL);
	put_meld(&s, 0, "AC 2C 3C");
	give(&s, 0, "QH");
	give(&s, 1, "9H");
	finish(&s, 1, R500_PHASE_PLAY, 20);
	assert_int_equal(play(&s, 1, "discard 9H", &ev), 1);
	assert_int_equal(ev.ev[0].delta[0], -4);
}

/* F-3: AH AC AD (45) and QS KS AS (35), out by melding the last cards: +80. */
static void
test_f3(void **state)
{
	struct r500_state	 s;
	struct game_events	 ev;

	(void)state;
	empty_table(&s, 2, NULL);
	put_meld(&s, 0, "AH AC AD");
	give(&s, 0, "QS KS AS");
	give(&s, 1, "9H 2C");
	finish(&s, 0, R500_PHASE_PLAY, 20);
	/* Going out by melding everything needs no discard. */
	assert_int_equal(play(&s, 0, "meld QS KS AS", &ev), 1);
	assert_string_equal(ev.ev[0].kind, "out");
	assert_int_equal(ev.ev[0].delta[0], 80);
	assert_int_equal(ev.ev[0].delta[1], -11);
}

/* F-4: A 480 + 30 = 510, B 470 + 45 = 515: B wins with the higher total. */
static void
test_f4(void **state)
{
	struct r500_state	 s, t;
	struct game_events	 ev;
	struct game_status	 gs;

	(void)state;
	empty_table(&s, 2, NULL);
	s.scores[0] = 480;
	s.scores[1] = 470;
	put_meld(&s, 0, "TS TH TD");
	put_meld(&s, 0, "2S 2H 2D");
	give(&s, 0, "6C");
	put_meld(&s, 1, "AH AC AD");
	give(&s, 1, "9S");
	finish(&s, 1, R500_PHASE_PLAY, 20);
	t = s;
	assert_int_equal(play(&s, 1, "discard 9S", &ev), 1);
	assert_int_equal(ev.ev[0].delta[0], 30);
	assert_int_equal(ev.ev[0].delta[1], 45);
	R->status(&s, &gs);
	assert_true(gs.over);
	assert_int_equal(gs.scores[0], 510);
	assert_int_equal(gs.scores[1], 515);
	assert_int_equal(gs.winners, 1u << 1);
	assert_int_equal(gs.to_act, 0);
	refused(&s, 0, "draw", "over");
	/* Ties share the win. */
	t.scores[1] = 465;
	assert_int_equal(play(&t, 1, "discard 9S", &ev), 1);
	R->status(&t, &gs);
	assert_true(gs.over);
	assert_int_equal(gs.winners, 3u);
}

/* F-5: pile 4H 9C 5H KD; taking 5H brings 5H KD, and 5H must be melded. */
static void
test_f5(void **state)
{
	struct r500_state	 s;
	struct game_events	 ev;
	int			 nd;

	(void)state;
	empty_table(&s, 2, NULL);
	give(&s, 0, "6H 7H 7S 7D 2C 9S");
	give(&s, 1, "3S 4S 8S JC QC TD");
	put_discards(&s, "4H 9C 5H KD");
	finish(&s, 0, R500_PHASE_DRAW, 30);
	assert_true(listed(&s, 0, "take 5H"));
	assert_true(listed(&s, 0, "take KD") == 0);
	refused(&s, 0, "take 9C", "lay it on the table");
	/* 4H brings 9C 5H KD too: 4H 5H 6H 7H is a run, so it is legal. */
	assert_true(listed(&s, 0, "take 4H"));
	refused(&s, 0, "take 3C", "not in the discard pile");
	nd = s.ndiscard;
	assert_int_equal(play(&s, 0, "take 5H", &ev), 0);
	assert_int_equal(s.nhand[0], 8);
	assert_int_equal(s.ndiscard, nd - 2);
	assert_int_equal(s.discard[nd - 3], card("9C"));
	assert_int_equal(s.owed, card("5H"));
	/* No discard while 5H is owed; no meld that strands it. */
	refused(&s, 0, "discard KD", "Lay 5H");
	refused(&s, 0, "meld 7H 7S 7D", "no longer lay 5H");
	assert_false(listed(&s, 0, "meld 7S 7H 7D"));
	assert_false(listed(&s, 0, "discard KD"));
	assert_true(listed(&s, 0, "meld 5H 6H 7H"));
	play(&s, 0, "meld 5H 6H 7H", &ev);
	assert_int_equal(s.owed, CARD_NONE);
	assert_true(listed(&s, 0, "discard KD"));
	play(&s, 0, "discard KD", &ev);
	assert_int_equal(s.turn, 1);
	assert_int_equal(s.phase, R500_PHASE_DRAW);
}

/* F-6: pile 8C JH 4D, P holds 5D 6D, no meld: 4D legal (out), JH not. */
static void
test_f6(void **state)
{
	struct r500_state	 s;
	struct game_events	 ev;

	(void)state;
	empty_table(&s, 3, NULL);
	give(&s, 1, "5D 6D");
	give(&s, 2, "2S 3C 9H");
	give(&s, 0, "KS KH 4C");
	put_discards(&s, "8C JH 4D");
	finish(&s, 1, R500_PHASE_DRAW, 30);
	assert_true(listed(&s, 1, "take 4D"));
	assert_false(listed(&s, 1, "take JH"));
	assert_false(listed(&s, 1, "take 8C"));
	refused(&s, 1, "take JH", "only if you can lay it");
	play(&s, 1, "take 4D", &ev);
	assert_int_equal(play(&s, 1, "meld 4D 5D 6D", &ev), 1);
	assert_string_equal(ev.ev[0].kind, "out");
	assert_int_equal(ev.ev[0].delta[1], 15);
	assert_int_equal(ev.ev[0].delta[2], -14);
	assert_int_equal(ev.ev[0].delta[0], -24);
}

/* Ace high or low, never round the corner; the end named on a 2..K run. */
static void
test_aces(void **state)
{
	struct r500_state	 s, t;
	struct game_events	 ev;

	(void)state;
	empty_table(&s, 2, NULL);
	put_meld(&s, 1, "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH");
	give(&s, 0, "AH KS AS 2S QD");
	give(&s, 1, "3C 4C");
	finish(&s, 0, R500_PHASE_PLAY, 20);
	refused(&s, 0, "meld KS AS 2S", "not a meld");
	refused(&s, 0, "layoff AH on 5H", "either end");
	refused(&s, 0, "meld AS KS QD", "not a meld");
	assert_true(listed(&s, 0, "layoff AH=1 on 2H"));
	assert_true(listed(&s, 0, "layoff AH=14 on 2H"));
	assert_false(listed(&s, 0, "layoff AH on 2H"));
	t = s;
	play(&t, 0, "layoff AH=14 on 7H", &ev);
	assert_int_equal(r500_table_points(&t, 0), 15);
	assert_int_equal(t.melds[0].cards[12], card("AH"));
	play(&s, 0, "layoff AH=1 on 7H", &ev);
	assert_int_equal(r500_table_points(&s, 0), 1);
	assert_int_equal(s.melds[0].cards[0], card("AH"));
	assert_int_equal(s.melds[0].lo, 1);
	/* The run is full: nothing more fits. */
	refused(&s, 0, "layoff KS on 2H", "does not fit");
	/* A Q-K-A run counts the ace 15, an A-2-3 run 1. */
	empty_table(&t, 2, NULL);
	give(&t, 0, "QS KS AS AD 2D 3D 9C");
	give(&t, 1, "3C");
	finish(&t, 0, R500_PHASE_PLAY, 20);
	refused(&t, 0, "meld QS KS AS=1", "not a meld");
	play(&t, 0, "meld AS QS KS", &ev);
	play(&t, 0, "meld 3D AD 2D", &ev);
	assert_int_equal(r500_table_points(&t, 0), 35 + 6);
	assert_int_equal(t.melds[0].lo, 12);
	assert_int_equal(t.melds[1].lo, 1);
	assert_false(listed(&t, 0, "layoff 9C on AD"));
	assert_true(listed(&t, 0, "discard 9C"));
}

/* The cards of a meld must be held, once; a set has 3 or 4 cards. */
static void
test_refusals(void **state)
{
	struct r500_state	 s, t;
	struct game_events	 ev;

	(void)state;
	empty_table(&s, 2, NULL);
	give(&s, 0, "5S 5H 5D 5C 9S");
	give(&s, 1, "3C 4C");
	finish(&s, 0, R500_PHASE_DRAW, 20);
	refused(&s, 1, "draw", "not your turn");
	refused(&s, 5, "draw", "no seat 5");
	refused(&s, 0, "discard 9S", "First draw");
	refused(&s, 0, "meld 5S 5H 5D", "First draw");
	play(&s, 0, "draw", &ev);
	refused(&s, 0, "draw", "You have drawn");
	refused(&s, 0, "meld 5S 5H 6D", "do not hold 6D");
	refused(&s, 0, "meld 5S 5H 5S", "each card once");
	refused(&s, 0, "meld 5S 5H 9S", "not a meld");
	refused(&s, 0, "layoff 9S on 5S", "No meld");
	refused(&s, 0, "discard KH", "do not hold KH");
	t = s;
	play(&t, 0, "meld 5S 5H 5D 5C", &ev);
	assert_int_equal(t.melds[0].ncards, 4);
	play(&s, 0, "meld 5S 5H 5D", &ev);
	refused(&s, 0, "layoff 9S on 5H", "does not fit");
	play(&s, 0, "layoff 5C on 5H", &ev);
	assert_int_equal(s.melds[0].ncards, 4);
	/* Text that does not parse. */
	{
		struct game_move	 mv;
		char			 why[GAME_WHY_MAX];

		assert_int_equal(R->parse("meld 5S 5H", &mv, why),
		    GAME_BAD_TEXT);
		assert_int_equal(R->parse("layoff 5S", &mv, why),
		    GAME_BAD_TEXT);
		assert_int_equal(R->parse("take", &mv, why), GAME_BAD_TEXT);
		assert_int_equal(R->parse("draw 5S", &mv, why), GAME_BAD_TEXT);
		assert_int_equal(R->parse("discard JK", &mv, why),
		    GAME_BAD_TEXT);
		assert_int_equal(R->parse("knock 5S", &mv, why),
		    GAME_BAD_TEXT);
		assert_int_equal(R->parse("layoff 5S=14 on 5H", &mv, why),
		    GAME_BAD_TEXT);
		assert_int_equal(R->parse("discard AS=14", &mv, why),
		    GAME_BAD_TEXT);
		assert_int_equal(R->parse("layoff 4D=1 on AD", &mv, why),
		    GAME_BAD_TEXT);
		assert_int_equal(R->parse("meld 5h 6h 7h", &mv, why), GAME_OK);
		assert_int_equal(R->parse("layoff ah=14 on 2h", &mv, why),
		    GAME_OK);
		R->format(&mv, why, sizeof(why));
		assert_string_equal(why, "layoff AH=14 on 2H");
	}
}

/* The hand ends when a turn ends with the stock empty. */
static void
test_stock_out(void **state)
{
	struct r500_state	 s;
	struct game_events	 ev;

	(void)state;
	empty_table(&s, 2, NULL);
	give(&s, 0, "5S 9H");
	give(&s, 1, "KC");
	finish(&s, 0, R500_PHASE_DRAW, 1);
	assert_int_equal(s.nstock, 1);
	assert_int_equal(play(&s, 0, "draw", &ev), 0);
	assert_int_equal(play(&s, 0, "discard 9H", &ev), 1);
	assert_string_equal(ev.ev[0].kind, "stock");
	assert_int_equal(s.last.out, R500_NOBODY);
	assert_int_equal(ev.ev[0].delta[1], -10);
	/* The next hand waits for its deck, the next dealer deals. */
	assert_int_equal(s.phase, R500_PHASE_DEAL);
	assert_int_equal(s.dealer, 1);
	assert_int_equal(s.hand, 2);
}

/* Options, seat counts, the deal and the hand cap. */
static void
test_options(void **state)
{
	struct r500_state	 s, t;
	struct game_setup	 su = { 2, NULL, NULL, 1 };
	struct game_events	 ev;
	struct game_status	 gs;
	card_t			 deck[R500_DECK];
	char			 why[GAME_WHY_MAX];
	int			 i;

	(void)state;
	for (i = 0; i < R500_DECK; i++)
		deck[i] = (card_t)i;
	assert_int_equal(R->setup(&s, &su, why), GAME_OK);
	assert_int_equal(R->deal(&s, &t, deck, R500_DECK, why), GAME_OK);
	assert_int_equal(t.nhand[0], 10);
	assert_int_equal(t.nhand[1], 10);
	assert_int_equal(t.turn, 0);		/* the dealer's left */
	assert_int_equal(t.hands[0][0], 0);	/* first card to seat 0 */
	assert_int_equal(t.discard[0], 20);	/* the upcard */
	assert_int_equal(t.stock[t.nstock - 1], 21);
	assert_int_equal(t.nstock, 31);
	deck[5] = deck[6];
	assert_int_equal(R->deal(&s, &t, deck, R500_DECK, why), GAME_REFUSED);
	deck[5] = 5;
	assert_int_equal(R->deal(&s, &t, deck, 51, why), GAME_REFUSED);
	su.options = "two_player_cards=13";
	assert_int_equal(R->setup(&s, &su, why), GAME_OK);
	assert_int_equal(R->deal(&s, &t, deck, R500_DECK, why), GAME_OK);
	assert_int_equal(t.nhand[1], 13);
	su.nseats = 4;
	assert_int_equal(R->setup(&s, &su, why), GAME_OK);
	assert_int_equal(R->deal(&s, &t, deck, R500_DECK, why), GAME_OK);
	for (i = 0; i < 4; i++)
		assert_int_equal(t.nhand[i], 7);
	assert_int_equal(t.nstock, 52 - 28 - 1);
	assert_int_equal(t.turn, 2);
	su.nseats = 5;
	assert_int_equal(R->setup(&s, &su, why), GAME_BAD_OPTIONS);
	su.nseats = 1;
	assert_int_equal(R->setup(&s, &su, why), GAME_BAD_OPTIONS);
	su.nseats = 2;
	su.options = "two_player_cards=11";
	assert_int_equal(R->setup(&s, &su, why), GAME_BAD_OPTIONS);
	su.options = "hand_cap=0";
	assert_int_equal(R->setup(&s, &su, why), GAME_BAD_OPTIONS);
	su.options = "jokers=1";
	assert_int_equal(R->setup(&s, &su, why), GAME_BAD_OPTIONS);
	/* hand_cap=1: after one hand, the highest total wins, even below 500. */
	empty_table(&s, 3, "hand_cap=1");
	assert_int_equal(s.hand_cap, 1);
	give(&s, 0, "5S");
	give(&s, 1, "KH");
	give(&s, 2, "9C 2D");
	finish(&s, 0, R500_PHASE_PLAY, 20);
	play(&s, 0, "discard 5S", &ev);
	R->status(&s, &gs);
	assert_true(gs.over);
	assert_int_equal(gs.winners, 1u << 0);
	assert_int_equal(gs.scores[2], -11);
}

/* The view JSON: melds with who laid each card, the card owed. */
static void
test_view_json(void **state)
{
	struct r500_state	 s, v;
	struct game_events	 ev;
	struct json_object	*j;
	const char		*txt;

	(void)state;
	empty_table(&s, 2, NULL);
	put_meld(&s, 1, "3C 4C 5C");
	give(&s, 0, "6H 7H 6C 9S");
	give(&s, 1, "KD QD");
	put_discards(&s, "5H");
	finish(&s, 0, R500_PHASE_DRAW, 20);
	play(&s, 0, "take 5H", &ev);
	play(&s, 0, "layoff 6C on 4C", &ev);
	R->view(&s, 1, &v);
	j = codec_view_json(R, &v);
	assert_non_null(j);
	txt = json_object_to_json_string_ext(j, JSON_C_TO_STRING_PLAIN);
	assert_non_null(strstr(txt, "\"must_lay\":\"5H\""));
	assert_non_null(strstr(txt, "\"melds\":[{\"kind\":\"run\",\"owner\":1,"
	    "\"cards\":[\"3C\",\"4C\",\"5C\",\"6C\"],\"by\":[1,1,1,0],"
	    "\"low\":3}]"));
	assert_non_null(strstr(txt, "\"table_points\":[6,12]"));
	/* The 5H taken face up is public while seat 0 holds it. */
	assert_non_null(strstr(txt, "{\"count\":4,\"cards\":null,"
	    "\"known\":[\"5H\"]}"));
	assert_non_null(strstr(txt, "\"KD\""));
	assert_null(strstr(txt, "\"9S\""));
	assert_null(strstr(txt, "\"6H\""));
	json_object_put(j);
	play(&s, 0, "meld 5H 6H 7H", &ev);
	R->view(&s, 1, &v);
	j = codec_view_json(R, &v);
	txt = json_object_to_json_string_ext(j, JSON_C_TO_STRING_PLAIN);
	assert_non_null(strstr(txt, "\"must_lay\":null"));
	assert_non_null(strstr(txt, "\"taken\":\"5H\""));
	assert_non_null(strstr(txt, "{\"count\":1,\"cards\":null,"
	    "\"known\":[]}"));
	json_object_put(j);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_f1),
		cmocka_unit_test(test_f2),
		cmocka_unit_test(test_f3),
		cmocka_unit_test(test_f4),
		cmocka_unit_test(test_f5),
		cmocka_unit_test(test_f6),
		cmocka_unit_test(test_aces),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_stock_out),
		cmocka_unit_test(test_options),
		cmocka_unit_test(test_view_json),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
