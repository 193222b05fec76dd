/*
 * test_rummy500_timeout.c: the Rummy 500 timeout move (RULES.md 0.3)
 * in positions built card by card.  Draw from the stock; while a card
 * taken from the discard pile is owed, meld or lay off toward it (the
 * nearest card first when only a chain of lay-offs reaches it); then
 * discard the card drawn from the stock, or else the lowest-id card.
 * The other rules are in test_rummy500.c.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "card.h"
#include "game.h"
#include "rummy500.h"
#include "test_rummy500.h"

/* The timeout default of RULES.md 0.3. */
static void
test_timeouts(void **state)
{
	struct r500_state	 s;
	struct game_move	 mv;
	struct game_events	 ev;
	char			 buf[GAME_MOVE_TEXT_MAX];

	(void)state;
	empty_table(&s, 2, NULL);
	put_meld(&s, 1, "3C 4C 5C");
	give(&s, 0, "6C 7C 2H 2S KD");
	give(&s, 1, "9S");
	put_discards(&s, "8C 2D QH");
	finish(&s, 0, R500_PHASE_DRAW, 20);
	assert_int_equal(R->timeout_move(&s, 1, &mv), GAME_REFUSED);
	assert_int_equal(R->timeout_move(&s, 0, &mv), GAME_OK);
	R->format(&mv, buf, sizeof(buf));
	assert_string_equal(buf, "draw");
	/* 8C owed: lay 6C, then 7C, then 8C on the club run. */
	play(&s, 0, "take 8C", &ev);
	assert_int_equal(R->timeout_move(&s, 0, &mv), GAME_OK);
	R->format(&mv, buf, sizeof(buf));
	assert_string_equal(buf, "meld 6C 7C 8C");
	play(&s, 0, "layoff 6C on 3C", &ev);
	assert_int_equal(R->timeout_move(&s, 0, &mv), GAME_OK);
	R->format(&mv, buf, sizeof(buf));
	assert_string_equal(buf, "layoff 7C on 3C");
	play(&s, 0, buf, &ev);
	assert_int_equal(R->timeout_move(&s, 0, &mv), GAME_OK);
	R->format(&mv, buf, sizeof(buf));
	assert_string_equal(buf, "layoff 8C on 3C");
	play(&s, 0, buf, &ev);
	/* Nothing owed, taken from the pile: the lowest-id card. */
	assert_int_equal(R->timeout_move(&s, 0, &mv), GAME_OK);
	R->format(&mv, buf, sizeof(buf));
	assert_string_equal(buf, "discard 2S");
	play(&s, 0, buf, &ev);
	/* Seat 1 draws from the stock and discards the drawn card. */
	play(&s, 1, "draw", &ev);
	assert_int_equal(R->timeout_move(&s, 1, &mv), GAME_OK);
	assert_int_equal(mv.cards[0], s.drawn);
}

/* Chains: the timeout lays the nearest card when only a chain reaches. */
static void
test_chain_timeout(void **state)
{
	struct r500_state	 s;
	struct game_move	 mv;
	struct game_events	 ev;
	char			 buf[GAME_MOVE_TEXT_MAX];

	(void)state;
	empty_table(&s, 2, NULL);
	put_meld(&s, 1, "3C 4C 5C");
	give(&s, 0, "6C KD");
	give(&s, 1, "9S");
	put_discards(&s, "7C");
	finish(&s, 0, R500_PHASE_DRAW, 20);
	assert_true(listed(&s, 0, "take 7C"));
	play(&s, 0, "take 7C", &ev);
	refused(&s, 0, "discard 6C", "Lay 7C");
	assert_int_equal(R->timeout_move(&s, 0, &mv), GAME_OK);
	R->format(&mv, buf, sizeof(buf));
	assert_string_equal(buf, "layoff 6C on 3C");
	play(&s, 0, buf, &ev);
	assert_int_equal(R->timeout_move(&s, 0, &mv), GAME_OK);
	R->format(&mv, buf, sizeof(buf));
	assert_string_equal(buf, "layoff 7C on 3C");
	play(&s, 0, buf, &ev);
	assert_int_equal(R->timeout_move(&s, 0, &mv), GAME_OK);
	R->format(&mv, buf, sizeof(buf));
	assert_string_equal(buf, "discard KD");
	assert_int_equal(play(&s, 0, buf, &ev), 1);
	assert_int_equal(ev.ev[0].delta[0], 13);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_timeouts),
		cmocka_unit_test(test_chain_timeout),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
