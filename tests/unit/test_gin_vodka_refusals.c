/*
 * test_gin_vodka_refusals.c: what Gin Vodka refuses, and the move text.
 *
 * Every kind of refusal through apply() and deal(), from the deal in
 * decks mode through the opening, the draw, the knock and the
 * defender's last play: the reason must say why, and the state must
 * stay byte-for-byte the same.  Then text that does not parse and the
 * canonical text of moves that do.  The worked examples and the rest
 * of the rules are in test_gin_vodka.c.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "card.h"
#include "deck.h"
#include "game.h"
#include "gin_vodka.h"
#include "test_gin_vodka.h"

static void
test_refusals(void **state)
{
	struct gv_state		 s, dealt, next;
	struct game_move	 mv;
	card_t			 deck[GV_DECK];
	char			 why[GAME_WHY_MAX];

	(void)state;
	/* Decks mode before the deal. */
	new_game(&s, NULL, 1);
	refused(&s, 0, "pass", "not been dealt");
	/* deal() refusals leave the state alone too. */
	memcpy(&dealt, &s, sizeof(s));
	deck_fill(DECK_SQUARES, 1, deck);
	assert_int_equal(R->deal(&s, &next, deck, 63, why), GAME_REFUSED);
	deck[5] = deck[6];
	assert_int_equal(R->deal(&s, &next, deck, 64, why), GAME_REFUSED);
	assert_non_null(strstr(why, "repeated"));
	deck[5] = card_tt_make(4, 0, 0);		/* Q: not a Squares card */
	assert_int_equal(R->deal(&s, &next, deck, 64, why), GAME_REFUSED);
	assert_non_null(strstr(why, "not in it"));
	assert_memory_equal(&s, &dealt, sizeof(s));

	start(&s, NULL, g2_a, g2_b, "1Ys", "4Rc 3Gs");
	refused(&s, 1, "pass", "It is not your turn");
	refused(&s, 5, "pass", "There is no seat 5");
	refused(&s, 0, "draw", "In the opening you may take the upcard or "
	    "pass");
	refused(&s, 0, "discard 3Gc", "First take the upcard or pass.");
	play(&s, 0, "pass", NULL);
	play(&s, 1, "pass", NULL);
	refused(&s, 0, "take", "Both players passed on the upcard, so you "
	    "must draw from the stock.");
	refused(&s, 0, "pass", "You may pass only on the upcard");
	refused(&s, 0, "discard 3Gc", "Draw from the stock or take the top "
	    "discard first.");
	play(&s, 0, "draw", NULL);
	refused(&s, 0, "draw", "You have drawn; now discard a card or knock.");
	refused(&s, 0, "discard 4Bs", "You do not hold 4Bs.");
	refused(&s, 0, "knock 4Bs | 3Gc 3Gh 3Gt", "You do not hold 4Bs.");
	refused(&s, 0, "knock 4Rc | 3Gc 3Gh 3Gt | 1Bh 2Bh 3Bh",
	    "Your deadwood would be 18; you may knock only at 10 or less.");
	refused(&s, 0, "knock 4Rc | 3Gc 3Gh 3Gt | 1Bh 2Bh 3Bh | 2Rs 3Rs 4Rs "
	    "| 1Yc", "You can name at most 3 melds");
	refused(&s, 0, "knock 4Rc | 3Gc 3Gh 3Gt | 1Yc 2Rh",
	    "A meld has 3 or 4 cards; \"1Yc 2Rh\" has 2.");
	refused(&s, 0, "knock 4Rc | 3Gc 3Gh 3Gt | 1Bh 2Bh 3Bh | 2Rs 3Rs 1Yc",
	    "\"2Rs 3Rs 1Yc\" is not a meld");
	refused(&s, 0, "knock 4Rc | 3Gc 3Gh 3Gt | 1Bh 2Bh 3Bh 3Gh",
	    "3Gh is named twice");
	refused(&s, 0, "knock 2Rh | 3Gc 3Gh 3Gt | 2Rh 2Yh 2Bh",
	    "2Rh is your knock discard");
	refused(&s, 0, "knock 4Rc | 3Gc 3Gh 3Gt | 4Rt 4Yt 4Gt",
	    "You do not hold 4Rt.");
	refused(&s, 1, "discard 4Rt", "It is not your turn");
	/* Moves built by hand, not parsed: meld cards in the discard's group. */
	parse("knock 4Rc | 3Gc 3Gh 3Gt", &mv);
	memset(mv.group, 0, sizeof(mv.group));
	mv.ngroups = 1;
	refused_move(&s, 0, &mv, "A knock names one discard, then the melds");
	parse("discard 4Rc", &mv);
	mv.cards[0] = 200;
	refused_move(&s, 0, &mv, "not in the Squares deck");
	mv.verb = 77;
	refused_move(&s, 0, &mv, "not a Gin Vodka move");
	play(&s, 0, "knock 4Rc | 3Gc 3Gh 3Gt | 1Bh 2Bh 3Bh | 2Rs 3Rs 4Rs",
	    NULL);
	refused(&s, 1, "pass", "After a knock you make one last play");
	refused(&s, 1, "discard 1Gc", "Draw from the stock or take the top "
	    "discard first.");
	refused(&s, 0, "draw", "It is not your turn");
	play(&s, 1, "take", NULL);
	refused(&s, 1, "knock 1Gc | 1Rt 2Rt 3Rt 4Rt", "you may not knock");
	refused(&s, 1, "discard 4Rc", "which you just took from the discard "
	    "pile");
	refused(&s, 1, "take", "You have drawn; now discard a card.");
	/* The knocker's discard taken in the opening: same rule. */
	start(&s, NULL, g2_a, g2_b, "1Ys", "4Rc 3Gs");
	play(&s, 0, "take", NULL);
	refused(&s, 0, "discard 1Ys", "You must discard a card other than 1Ys, "
	    "which you just took from the discard pile.");
	refused(&s, 0, "knock 1Ys | 3Gc 3Gh 3Gt | 1Bh 2Bh 3Bh | 2Rs 3Rs 4Rs",
	    "other than 1Ys");
}

static void
test_bad_text(void **state)
{
	static const char *const bad[] = {
		"", "fold", "knock", "discard", "discard 1Rc 2Rc", "draw 1Rc",
		"take @1", "discard QKb", "discard 1Rc=2", "pass 3",
		"knock | 1Rc 2Rc 3Rc", "knock 1Rc 2Rc | 3Rc 4Rc 1Yc",
		"discard 1Rc on 2Rc", NULL
	};
	static const char *const good[] = {
		"pass", "take", "draw", "discard 3Rc", "knock 4Bs | 1Rc 2Rc 3Rc",
		"knock 4Bs | 1Rc 2Rc 3Rc | 1Yh 1Yt 1Ys 1Yc", NULL
	};
	struct game_move	 mv;
	char			 why[GAME_WHY_MAX], text[GAME_MOVE_TEXT_MAX];
	int			 i;

	(void)state;
	for (i = 0; bad[i] != NULL; i++) {
		why[0] = '\0';
		if (R->parse(bad[i], &mv, why) != GAME_BAD_TEXT)
			fail_msg("\"%s\" parsed", bad[i]);
		assert_true(why[0] != '\0');
	}
	for (i = 0; good[i] != NULL; i++) {
		parse(good[i], &mv);
		R->format(&mv, text, sizeof(text));
		assert_string_equal(text, good[i]);
	}
	parse("  KNOCK 4bs |1rc 2RC 3rc", &mv);
	R->format(&mv, text, sizeof(text));
	assert_string_equal(text, "knock 4Bs | 1Rc 2Rc 3Rc");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_bad_text),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
