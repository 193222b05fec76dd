/*
 * test_words_games.c: what a person reads of each game's moves
 * (page_game_words, words.h): players by name and the viewer as "You",
 * never a seat number; every card by its face (10♥, 3R♥) in HTML and
 * in plain text, the notation only in the HTML title; a bot by
 * the name of its seat (bot_name.h); "you" inside a sentence.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "arena.h"
#include "bot_name.h"
#include "buf.h"
#include "cards.h"
#include "game.h"
#include "page_game.h"
#include "page_lobby_words.h"
#include "casino.h"
#include "gin_vodka.h"
#include "gin_vodka/page_game_gv.h"
#include "casino/page_game_cm.h"
#include "req.h"
#include "rummy500.h"
#include "six_suit.h"
#include "six_suit/page_game_six.h"
#include "vodkapolis.h"
#include "words.h"

static struct page_game_names names;

static int
setup(void **state)
{
	(void)state;
	memset(&names, 0, sizeof(names));
	names.nseats = 3;
	names.viewer = 1;
	snprintf(names.name[0], sizeof(names.name[0]), "Ann");
	snprintf(names.name[1], sizeof(names.name[1]), "Bea");
	snprintf(names.name[2], sizeof(names.name[2]), "%s", bot_name(2));
	names.is_bot[2] = 1;
	return 0;
}

/* The words of text played by seat, as HTML (html) or plain text. */
static const char *
say(struct arena *a, const char *slug, int seat, const char *text,
    int html)
{
	const struct game_rules	*rules = game_find(slug);
	struct buf		 b;
	struct words		 w;

	assert_non_null(rules);
	buf_init(&b, a);
	w = html ? words_html(&b) : words_text(&b);
	page_game_words(&w, rules, &names, seat, text, NULL, CARD_NONE);
	assert_false(b.failed);
	return b.data;
}

/* The same in plain text, with the position before the move. */
static const char *
say_before(struct arena *a, const char *slug, int seat, const char *text,
    const void *before)
{
	const struct game_rules	*rules = game_find(slug);
	struct buf		 b;
	struct words		 w;

	assert_non_null(rules);
	buf_init(&b, a);
	w = words_text(&b);
	page_game_words(&w, rules, &names, seat, text, before, CARD_NONE);
	assert_false(b.failed);
	return b.data;
}

/* Nothing a person reads names a seat by its number. */
static void
no_seat(const char *s)
{
	assert_null(strstr(s, "seat 0"));
	assert_null(strstr(s, "seat 1"));
	assert_null(strstr(s, "seat 2"));
	assert_null(strstr(s, "Seat "));
}

static void
test_bot_names(void **state)
{
	(void)state;
	assert_string_equal(bot_name(0), "Bot Ada");
	assert_string_equal(bot_name(1), "Bot Ben");
	assert_string_equal(bot_name(BOT_NAME_COUNT - 1), "Bot Lena");
	assert_string_equal(bot_name(-1), "Bot");
	assert_string_equal(bot_name(BOT_NAME_COUNT), "Bot");
	/* Distinct, and the VALUES rows for SQL say the same. */
	for (int i = 0; i < BOT_NAME_COUNT; i++) {
		char	 q[32];

		snprintf(q, sizeof(q), "(%d, '%s')", i, bot_name(i));
		assert_non_null(strstr(BOT_NAME_VALUES, q));
		for (int j = 0; j < i; j++)
			assert_string_not_equal(bot_name(i), bot_name(j));
	}
	assert_int_equal(BOT_NAME_COUNT, GAME_SEATS_MAX);
}

static void
test_who(void **state)
{
	(void)state;
	assert_string_equal(page_game_who(&names, 1), "You");
	assert_string_equal(page_game_who_mid(&names, 1), "you");
	assert_string_equal(page_game_who_mid(&names, 0), "Ann");
	assert_string_equal(page_game_who_mid(&names, 2), "Bot Cleo");
}

/* Rummy 500 and 12-Step Rummy: standard cards read as their faces. */
static void
test_standard_faces(void **state)
{
	struct arena	 a;
	const char	*s;

	(void)state;
	arena_init(&a, 0);
	s = say(&a, "rummy-500", 0, "discard TH", 1);
	assert_non_null(strstr(s, "Ann discarded <abbr title=\"ten of hearts "
	    "(TH)\">10♥</abbr>"));
	no_seat(s);
	s = say(&a, "rummy-500", 1, "meld 8S 8H 8D", 1);
	assert_non_null(strstr(s, "You "));
	assert_non_null(strstr(s, ">8♠</abbr>"));
	assert_null(strstr(s, ">8S<"));
	s = say(&a, "rummy-500", 2, "draw", 1);
	assert_non_null(strstr(s, "Bot Cleo drew"));
	/* The plain text of a mail reads the face too. */
	s = say(&a, "rummy-500", 0, "discard TH", 0);
	assert_string_equal(s, "Ann discarded 10♥.");
	s = say(&a, "twelve-step-rummy", 0, "discard QS", 0);
	assert_non_null(strstr(s, "Q♠"));
	assert_null(strstr(s, "QS"));
	s = say(&a, "twelve-step-rummy", 0, "discard QS", 1);
	assert_non_null(strstr(s, ">Q♠</abbr>"));
	no_seat(s);
	s = say(&a, "twelve-step-rummy", 1, "draw", 1);
	assert_non_null(strstr(s, "You drew"));
	arena_free(&a);
}

/* The Triple Topper games: names, "You", the card's words in a title. */
static void
test_tt_names(void **state)
{
	static const struct { const char *slug, *move; } m[] = {
		{ "gin-vodka", "discard 3Rh" },
		{ "casino-macedonia", "drop 3Rh" },
		{ "vodkapolis-500", "discard 3Rh" },
		{ "six-suit", "predict 3Rh" },
	};
	struct arena	 a;
	const char	*s;
	size_t		 i;

	(void)state;
	arena_init(&a, 0);
	for (i = 0; i < sizeof(m) / sizeof(m[0]); i++) {
		s = say(&a, m[i].slug, 0, m[i].move, 1);
		assert_true(strncmp(s, "Ann ", 4) == 0);
		assert_non_null(strstr(s, "title=\"red heart 3 (3Rh)\""));
		no_seat(s);
		s = say(&a, m[i].slug, 1, m[i].move, 1);
		assert_true(strncmp(s, "You ", 4) == 0);
		s = say(&a, m[i].slug, 2, m[i].move, 1);
		assert_true(strncmp(s, "Bot Cleo ", 9) == 0);
	}
	arena_free(&a);
}

/*
 * The Triple Topper games: a card reads as its face, number, color
 * letter and shape (2B■, ?K☁ for QKb), on a page and in a mail; the
 * notation stays in the title only.
 */
static void
test_tt_faces(void **state)
{
	static const struct { const char *slug, *move; } m[] = {
		{ "gin-vodka", "discard 2Bs" },
		{ "casino-macedonia", "drop 2Bs" },
		{ "vodkapolis-500", "discard 2Bs" },
		{ "six-suit", "predict 2Bs" },
	};
	struct arena	 a;
	const char	*s;
	char		 face[CARDS_SHORT_MAX];
	size_t		 i;

	(void)state;
	arena_init(&a, 0);
	for (i = 0; i < sizeof(m) / sizeof(m[0]); i++) {
		s = say(&a, m[i].slug, 0, m[i].move, 1);
		assert_non_null(strstr(s, "<abbr title=\"blue square 2 (2Bs)\">"
		    "2B■</abbr>"));
		assert_null(strstr(s, ">2Bs<"));
		s = say(&a, m[i].slug, 0, m[i].move, 0);
		assert_non_null(strstr(s, "2B■"));
		assert_null(strstr(s, "2Bs"));
		assert_null(strstr(s, "<"));
		no_seat(s);
	}
	assert_int_equal(cards_short(card_tt_make(CARD_N3, CARD_RED,
	    CARD_HEART), face, sizeof(face)), strlen("3R♥"));
	assert_string_equal(face, "3R♥");
	cards_short(card_tt_make(CARD_N1, CARD_GREEN, CARD_CIRCLE), face,
	    sizeof(face));
	assert_string_equal(face, "1G●");
	cards_short(card_tt_make(CARD_N4, CARD_YELLOW, CARD_TRIANGLE), face,
	    sizeof(face));
	assert_string_equal(face, "4Y▲");
	cards_short(card_tt_make(CARD_N2, CARD_BLUE, CARD_SQUARE), face,
	    sizeof(face));
	assert_string_equal(face, "2B■");
	cards_short(card_parse(CARD_TT, "QKb", NULL), face, sizeof(face));
	assert_string_equal(face, "?K☁");
	cards_short(CARD_TT_JK2, face, sizeof(face));
	assert_string_equal(face, "Joker 2");
	cards_short(CARD_NONE, face, sizeof(face));
	assert_string_equal(face, "?");
	/* Cut short, still a string. */
	cards_short(CARD_TT_JK1, face, 4);
	assert_string_equal(face, "Jok");
	arena_free(&a);
}

/*
 * words_face: the face for the sentences a page builds with printf (a
 * hand's end, a status line), for both decks; a card no face names
 * keeps its token.
 */
static void
test_face_text(void **state)
{
	char	 f[WORDS_FACE_MAX];

	(void)state;
	assert_string_equal(words_face(CARD_TT, card_parse(CARD_TT, "3Bs",
	    NULL), f, sizeof(f)), "3B■");
	assert_string_equal(words_face(CARD_TT, card_parse(CARD_TT, "QKb",
	    NULL), f, sizeof(f)), "?K☁");
	assert_string_equal(words_face(CARD_STD, card_parse(CARD_STD, "TH",
	    NULL), f, sizeof(f)), "10♥");
	assert_string_equal(words_face(CARD_STD, card_parse(CARD_STD, "QS",
	    NULL), f, sizeof(f)), "Q♠");
	words_face(CARD_TT, CARD_NONE, f, sizeof(f));
	assert_string_equal(f, "??");	/* card_format's, as the API says it */
	words_face(CARD_TT, card_parse(CARD_TT, "3Bs", NULL), f, 2);
	assert_string_equal(f, "3");
}

/*
 * Plurals and capitals in each game's sentences: a count of 1 reads
 * "1 card", more "2 cards"; the viewer is "You" opening a sentence and
 * "you"/"your" inside one; other players by name, never a seat.
 */
static void
test_plurals_capitals(void **state)
{
	static struct r500_state	 r5;
	static struct vp_state		 vp;
	static struct six_state		 six;
	static struct cm_state		 cm;
	static struct gv_result		 gv;
	struct cm_play			 pl;
	struct game_move		 mv;
	struct arena			 a;
	struct req			 r;
	struct buf			 b;
	const char			*s;

	(void)state;
	arena_init(&a, 0);
	memset(&r, 0, sizeof(r));
	r.arena = &a;

	/* Rummy 500: the cards above the one taken from the discard pile. */
	memset(&r5, 0, sizeof(r5));
	r5.ndiscard = 3;
	r5.discard[0] = card_parse(CARD_STD, "2C", NULL);
	r5.discard[1] = card_parse(CARD_STD, "TH", NULL);
	r5.discard[2] = card_parse(CARD_STD, "5D", NULL);
	s = say_before(&a, "rummy-500", 1, "take TH", &r5);
	assert_string_equal(s, "You took 10♥ and the 1 card above it from "
	    "the discard pile.");
	s = say_before(&a, "rummy-500", 0, "take 2C", &r5);
	assert_string_equal(s, "Ann took 2♣ and the 2 cards above it from "
	    "the discard pile.");
	no_seat(s);

	/* Vodkapolis: the cards after the one taken from the chain. */
	memset(&vp, 0, sizeof(vp));
	vp.nchain = 3;
	vp.chain[0] = card_parse(CARD_TT, "1Rc", NULL);
	vp.chain[1] = card_parse(CARD_TT, "3Rh", NULL);
	vp.chain[2] = card_parse(CARD_TT, "2Bs", NULL);
	s = say_before(&a, "vodkapolis-500", 1, "take 3Rh", &vp);
	assert_string_equal(s, "You took 3R♥ and the 1 card after it from "
	    "the chain.");
	s = say_before(&a, "vodkapolis-500", 2, "take 1Rc", &vp);
	assert_string_equal(s, "Bot Cleo took 1R● and the 2 cards after it "
	    "from the chain.");
	no_seat(s);

	/* Six Suit: matches and extra cards of a prediction, by face. */
	memset(&six, 0, sizeof(six));
	six.phase = SIX_PHASE_PLAY;
	six.nseats = 3;
	six.turn = 1;
	six.pred = card_parse(CARD_TT, "QKb", NULL);
	six.drawn[0] = card_parse(CARD_TT, "1Rc", NULL);
	six.k = 1;
	six.ndrawn = 1;
	s = page_game_six_draw(&r, &six, &names, 1);
	assert_string_equal(s, "You predicted ?K☁ and drew 1R●: 1 match, "
	    "0 extra cards.");
	six.k = 2;
	six.ndrawn = 2;
	six.shown = 1;
	six.turn = 0;
	s = page_game_six_draw(&r, &six, &names, 1);
	assert_string_equal(s, "Ann predicted ?K☁ and drew 1R●: 2 matches, "
	    "1 extra card, shown to everyone.");
	six.k = 3;
	six.ndrawn = 3;
	s = page_game_six_draw(&r, &six, &names, 1);
	assert_non_null(strstr(s, ": 3 matches, 2 extra cards,"));
	no_seat(s);
	/* "your" inside a sentence, "their own" for the mover's own. */
	s = say(&a, "six-suit", 0, "play 2Gh on 2Rc @1", 1);
	assert_non_null(strstr(s, "Ann played "));
	assert_non_null(strstr(s, " on your <abbr"));
	s = say(&a, "six-suit", 1, "play 2Gh on 2Rc @1", 0);
	assert_string_equal(s, "You played 2G♥ on your own 2R●.");

	/* Casino: the cards a sweep takes, in the move options' words. */
	memset(&cm, 0, sizeof(cm));
	memset(&pl, 0, sizeof(pl));
	memset(&mv, 0, sizeof(mv));
	pl.sweep = 1;
	pl.h = card_parse(CARD_TT, "3Rh", NULL);
	mv.ncards = 1;
	mv.cards[0] = pl.h;
	buf_init(&b, &a);
	pcm_move_words(&b, &cm, &mv, &pl);
	assert_string_equal(b.data, "Sweep the whole table (1 card)");
	cm.npiles = 1;
	cm.piles[0].ncards = 2;
	buf_init(&b, &a);
	pcm_move_words(&b, &cm, &mv, &pl);
	assert_string_equal(b.data, "Sweep the whole table (3 cards)");
	s = say(&a, "casino-macedonia", 1, "drop 3Rh", 0);
	assert_string_equal(s, "You dropped 3R♥.");

	/* Gin Vodka's hand end: cards laid off, who scores, by face. */
	memset(&gv, 0, sizeof(gv));
	gv.kind = GV_END_KNOCK;
	gv.knocker = 1;
	gv.hand = 2;
	gv.knock_discard = card_parse(CARD_TT, "3Bs", NULL);
	gv.kdead = 9;
	gv.ddead = 11;
	gv.points = 2;
	gv.karr.nmelds = 1;
	gv.karr.melds[0].nlaid = 1;
	s = page_game_gv_result(&r, &names, &gv);
	assert_string_equal(s, "Hand 2: You knocked with 9 deadwood, "
	    "discarding 3B■; Ann laid off 1 card and kept 11 deadwood. You "
	    "score 11 - 9 = 2.");
	gv.knocker = 0;
	gv.karr.melds[0].nlaid = 2;
	s = page_game_gv_result(&r, &names, &gv);
	assert_string_equal(s, "Hand 2: Ann knocked with 9 deadwood, "
	    "discarding 3B■; you laid off 2 cards and kept 11 deadwood. Ann "
	    "scores 11 - 9 = 2.");
	no_seat(s);

	/* Gin Vodka and 12-Step Rummy: "You" opens, "your" inside. */
	s = say(&a, "gin-vodka", 1, "discard 3Rh", 0);
	assert_string_equal(s, "You discarded 3R♥.");
	s = say(&a, "gin-vodka", 0, "discard 3Rh", 0);
	assert_string_equal(s, "Ann discarded 3R♥.");
	s = say(&a, "twelve-step-rummy", 1, "withdraw", 0);
	assert_string_equal(s, "You withdrew your \"May I?\".");
	s = say(&a, "twelve-step-rummy", 2, "withdraw", 0);
	assert_non_null(strstr(s, "Bot Cleo withdrew "));
	assert_null(strstr(s, "your"));
	no_seat(s);
	arena_free(&a);
}

/* A table's options in words, as the lobby, game page and history say. */
static void
test_options_words(void **state)
{
	struct arena	 a;

	(void)state;
	arena_init(&a, 0);
	assert_string_equal(page_lobby_words_options(&a,
	    game_find("twelve-step-rummy"), "mayi=0 dummy=1"),
	    "May I?: No; Dummy Rummy: Yes");
	assert_string_equal(page_lobby_words_options(&a,
	    game_find("vodkapolis-500"), "end_mode=last_standing"),
	    "End of the game: When one player is left");
	assert_string_equal(page_lobby_words_options(&a,
	    game_find("rummy-500"), "two_player_cards=13"),
	    "Cards each with two players: 13 cards");
	/* Defaults are left out; a number without words stays a number. */
	assert_string_equal(page_lobby_words_options(&a,
	    game_find("gin-vodka"), "target=50"), "the usual rules");
	assert_string_equal(page_lobby_words_options(&a,
	    game_find("gin-vodka"), "target=80"), "Target score: 80");
	arena_free(&a);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bot_names),
		cmocka_unit_test_setup(test_who, setup),
		cmocka_unit_test_setup(test_standard_faces, setup),
		cmocka_unit_test_setup(test_tt_names, setup),
		cmocka_unit_test_setup(test_tt_faces, setup),
		cmocka_unit_test(test_face_text),
		cmocka_unit_test_setup(test_plurals_capitals, setup),
		cmocka_unit_test(test_options_words),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
