/*
 * test_page_game.c: the pure parts of the game pages: the knock form's
 * fields turned into move text, the card each "take" took as the move
 * texts tell, and moves in words (escaped names, cards in <abbr>).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "arena.h"
#include "buf.h"
#include "gin_vodka.h"
#include "page_game.h"
#include "gin_vodka/page_game_gv.h"
#include "record.h"
#include "six_suit.h"
#include "words.h"

static void
test_knock_text(void **state)
{
	const char	*rows[] = { "1Rc:1", "2Rc:1", "3Rc:1", "1Yh:2", "1Yt:2",
		"1Ys:2", "4Bc:0", NULL, "3Bs:3", "2Gh:4", "3Gh:4", "4Gh:4" };
	char		 out[GAME_MOVE_TEXT_MAX], why[GAME_WHY_MAX];

	(void)state;
	/* The discard's own row is ignored, empty melds are skipped. */
	assert_int_equal(page_game_knock_text("3Bs", rows, 12, out,
	    sizeof(out), why), 0);
	assert_string_equal(out, "knock 3Bs | 1Rc 2Rc 3Rc | 1Yh 1Yt 1Ys | "
	    "2Gh 3Gh 4Gh");
	assert_int_equal(page_game_knock_text("3bs", rows, 0, out,
	    sizeof(out), why), 0);
	assert_string_equal(out, "knock 3Bs");

	assert_int_equal(page_game_knock_text(NULL, rows, 12, out,
	    sizeof(out), why), -1);
	assert_int_equal(page_game_knock_text("3Bsx", rows, 12, out,
	    sizeof(out), why), -1);
	rows[7] = "1Bc:5";
	assert_int_equal(page_game_knock_text("3Bs", rows, 12, out,
	    sizeof(out), why), -1);
	assert_non_null(strstr(why, "row 8"));
	rows[7] = "1Bc:1 | 2Bc";
	assert_int_equal(page_game_knock_text("3Bs", rows, 12, out,
	    sizeof(out), why), -1);
	rows[7] = "<b>:1";
	assert_int_equal(page_game_knock_text("3Bs", rows, 12, out,
	    sizeof(out), why), -1);
}

static void
test_took(void **state)
{
	static const struct record_move moves[] = {
		{ 0, "take" },			/* the upcard */
		{ 0, "discard 4Bs" },
		{ 1, "take" },			/* 4Bs */
		{ 1, "knock 2Gs | 2Bt 3Bt 1Bt" },
		{ 0, "take" },			/* 2Gs, the knock discard */
		{ 0, "discard 1Rc" },		/* ends the hand */
		{ 1, "pass" },
		{ 0, "take" },			/* the next hand's upcard */
		{ 0, "discard 3Rc" },
		{ 1, "draw" },
		{ 1, "knock 1Bc | 1Rc 2Rc 3Rc 4Rc | 1Yh 1Yt 1Ys | 2Gh 3Gh 4Gh 1Gh" },
		{ 0, "take" },			/* gin ended the hand: upcard */
	};
	card_t	 took[12];
	int	 n = (int)(sizeof(moves) / sizeof(moves[0]));

	(void)state;
	page_game_took(&gv_rules, moves, n, NULL, took);
	assert_int_equal(took[0], CARD_NONE);
	assert_int_equal(took[2], card_parse(CARD_TT, "4Bs", NULL));
	assert_int_equal(took[4], card_parse(CARD_TT, "2Gs", NULL));
	assert_int_equal(took[7], CARD_NONE);
	assert_int_equal(took[11], CARD_NONE);
	assert_int_equal(took[1], CARD_NONE);
}

/*
 * Read from the middle of a game (the game page reads only the last
 * PAGE_GAME_RECENT + PAGE_GAME_RECENT_LEAD moves), every move after the
 * first PAGE_GAME_RECENT_LEAD of the window takes what it takes in the
 * whole log, wherever the window starts: here across two hand ends
 * (a knock with the defender's last draw, and gin).
 */
static void
test_took_window(void **state)
{
	static const struct record_move moves[] = {
		{ 1, "draw" },
		{ 1, "discard 4Bs" },
		{ 0, "take" },		/* 4Bs */
		{ 0, "knock 2Gs | 2Bt 3Bt 1Bt" },
		{ 1, "take" },		/* 2Gs, the knock discard */
		{ 1, "discard 1Rc" },	/* ends the hand */
		{ 0, "pass" },
		{ 1, "take" },		/* the next hand's upcard */
		{ 1, "discard 3Rc" },
		{ 0, "take" },		/* 3Rc */
		{ 0, "knock 1Yc | 1Yh 1Yt 1Ys" },
		{ 1, "draw" },		/* the defender's last draw */
		{ 1, "discard 2Rh" },	/* ends the hand */
		{ 0, "take" },		/* the upcard at once */
		{ 0, "discard 4Yt" },
		{ 1, "draw" },
		/* gin: the hand ends at once */
		{ 1, "knock 1Bc | 1Rc 2Rc 3Rc 4Rc | 1Yh 1Yt 1Ys | 2Gh 3Gh "
		    "4Gh 1Gh" },
		{ 0, "take" },		/* the upcard */
		{ 0, "discard 2Bs" },
		{ 1, "take" },		/* 2Bs */
	};
	enum { N = sizeof(moves) / sizeof(moves[0]) };
	card_t	 whole[N], part[N];
	int	 from, i, seen = 0;

	(void)state;
	page_game_took(&gv_rules, moves, N, NULL, whole);
	assert_int_equal(whole[13], CARD_NONE);
	assert_int_equal(whole[9], card_parse(CARD_TT, "3Rc", NULL));
	assert_int_equal(whole[19], card_parse(CARD_TT, "2Bs", NULL));
	for (from = 0; from < N; from++) {
		page_game_took(&gv_rules, moves + from, N - from, NULL, part);
		for (i = from + PAGE_GAME_RECENT_LEAD; i < N; i++) {
			if (part[i - from] != whole[i])
				fail_msg("window from %d: move %d took %d, "
				    "not %d", from, i, part[i - from],
				    whole[i]);
			seen++;
		}
	}
	assert_true(seen > 100);
	/* The lead is needed: a shorter one misreads. */
	page_game_took(&gv_rules, moves + 11, N - 11, NULL, part);
	assert_int_not_equal(part[13 - 11], whole[13]);
}

static void
test_words(void **state)
{
	struct page_game_names	 names;
	struct arena		 a;
	struct buf		 b;
	struct words		 w = words_html(&b);

	(void)state;
	memset(&names, 0, sizeof(names));
	names.nseats = 2;
	names.viewer = 1;
	snprintf(names.name[0], sizeof(names.name[0]), "<al&ce>");
	snprintf(names.name[1], sizeof(names.name[1]), "bob");
	arena_init(&a, 0);

	buf_init(&b, &a);
	page_game_words(&w, &gv_rules, &names, 0, "discard 3rh", NULL,
	    CARD_NONE);
	assert_string_equal(b.data, "&lt;al&amp;ce&gt; discarded <abbr "
	    "title=\"red heart 3 (3Rh)\">3R♥</abbr>.");
	buf_init(&b, &a);
	page_game_words(&w, &gv_rules, &names, 1, "draw", NULL, CARD_NONE);
	assert_string_equal(b.data, "You drew from the stock.");
	buf_init(&b, &a);
	page_game_words(&w, &gv_rules, &names, 1, "take", NULL,
	    card_parse(CARD_TT, "4Bs", NULL));
	assert_string_equal(b.data, "You took <abbr title=\"blue square 4 "
	    "(4Bs)\">4B■</abbr>, from the discard pile.");
	buf_init(&b, &a);
	page_game_words(&w, &gv_rules, &names, 0, "take", NULL, CARD_NONE);
	assert_string_equal(b.data, "&lt;al&amp;ce&gt; took the upcard.");
	buf_init(&b, &a);
	page_game_words(&w, &gv_rules, &names, 0, "pass", NULL, CARD_NONE);
	assert_string_equal(b.data, "&lt;al&amp;ce&gt; passed on the upcard.");
	buf_init(&b, &a);
	page_game_words(&w, &gv_rules, &names, 1,
	    "knock 1Bc | 1Rc 2Rc 3Rc | 1Yh 1Yt 1Ys", NULL, CARD_NONE);
	assert_non_null(strstr(b.data, "You knocked, discarding <abbr"));
	assert_non_null(strstr(b.data, "3R●</abbr>; <abbr"));
	buf_init(&b, &a);
	page_game_words(&w, &gv_rules, &names, 1,
	    "knock 1Bc | 1Rc 2Rc 3Rc 4Rc | 1Yh 1Yt 1Ys | 2Gh 3Gh 4Gh 1Gh",
	    NULL, CARD_NONE);
	assert_non_null(strstr(b.data, "You went gin, discarding"));
	/* Text that does not parse is shown as text, escaped. */
	buf_init(&b, &a);
	page_game_words(&w, &gv_rules, &names, 1, "<x> & y", NULL, CARD_NONE);
	assert_string_equal(b.data, "You played <code>&lt;x&gt; &amp; "
	    "y</code>.");
	buf_init(&b, &a);
	w = words_text(&b);
	page_game_words(&w, &gv_rules, &names, 0, "discard 3rh", NULL,
	    CARD_NONE);
	assert_string_equal(b.data, "<al&ce> discarded 3R♥.");
	assert_int_equal(b.failed, 0);
	arena_free(&a);
}

/*
 * Six Suit: a play on another seat's pile that its owner answered next
 * was a free-time proposal; the last move is one when the state after
 * it waits for the answer.  Without a state before the move, the words
 * say "proposed" from what page_game_took() found.
 */
static void
test_six_took(void **state)
{
	static const struct record_move moves[] = {
		{ 0, "predict 3Rh" },
		{ 0, "play 2Gh on 2Rc @1" },	/* proposed: answered next */
		{ 1, "reject" },
		{ 0, "discard 1Rc" },
		{ 1, "play 3Yc on 1Rh @0" },	/* played: no answer follows */
		{ 1, "play 3Yh on 3Yc @1" },	/* on its own pile */
		{ 2, "play 2Gs on 2Gh @0" },	/* the last: ask the state */
	};
	static const struct record_move other[] = {
		{ 0, "play 2Gh on 2Rc @1" },
		{ 2, "accept" },
	};
	enum { N = sizeof(moves) / sizeof(moves[0]) };
	struct page_game_names	 names;
	struct six_state	 now;
	struct arena		 a;
	struct buf		 b;
	struct words		 w = words_html(&b);
	card_t			 took[N];
	int			 i;

	(void)state;
	page_game_took(&six_rules, moves, N, NULL, took);
	for (i = 0; i < N; i++)
		assert_int_equal(took[i], i == 1 ?
		    card_parse(CARD_TT, "2Gh", NULL) : CARD_NONE);
	memset(&now, 0, sizeof(now));
	now.phase = SIX_PHASE_VETO;
	page_game_took(&six_rules, moves, N, &now, took);
	assert_int_equal(took[1], card_parse(CARD_TT, "2Gh", NULL));
	assert_int_equal(took[4], CARD_NONE);
	assert_int_equal(took[6], card_parse(CARD_TT, "2Gs", NULL));
	/* An answer from another seat than the pile's owner is none. */
	page_game_took(&six_rules, other, 2, NULL, took);
	assert_int_equal(took[0], CARD_NONE);

	memset(&names, 0, sizeof(names));
	names.nseats = 3;
	names.viewer = 2;
	snprintf(names.name[0], sizeof(names.name[0]), "alice");
	snprintf(names.name[1], sizeof(names.name[1]), "bob");
	snprintf(names.name[2], sizeof(names.name[2]), "carol");
	arena_init(&a, 0);
	buf_init(&b, &a);
	page_game_words(&w, &six_rules, &names, 0, moves[1].text, NULL,
	    card_parse(CARD_TT, "2Gh", NULL));
	assert_string_equal(b.data, "alice proposed to play <abbr "
	    "title=\"green heart 2 (2Gh)\">2G♥</abbr> on bob’s <abbr "
	    "title=\"red circle 2 (2Rc)\">2R●</abbr>.");
	buf_init(&b, &a);
	page_game_words(&w, &six_rules, &names, 1, moves[4].text, NULL,
	    CARD_NONE);
	assert_non_null(strstr(b.data, "bob played <abbr"));
	/* The same words for a mail: plain text, no tag, no entity. */
	buf_init(&b, &a);
	w = words_text(&b);
	page_game_words(&w, &six_rules, &names, 0, moves[1].text, NULL,
	    card_parse(CARD_TT, "2Gh", NULL));
	assert_string_equal(b.data, "alice proposed to play 2G♥ on bob’s "
	    "2R●.");
	assert_int_equal(b.failed, 0);
	arena_free(&a);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_knock_text),
		cmocka_unit_test(test_six_took),
		cmocka_unit_test(test_took),
		cmocka_unit_test(test_took_window),
		cmocka_unit_test(test_words),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
