/*
 * test_cards_std.c: the standard SVG cards.  Every one of the 52 cards
 * and the joker carries its label in words (the <title> naming its img),
 * its rank and suit letter in both corners and its suit's shape; red
 * and black suits differ by more than color; a wild laid as another
 * card says so in its label and on its face; a caller's note is
 * escaped; the short text and the labels truncate safely.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "arena.h"
#include "buf.h"
#include "card.h"
#include "cards_std.h"

static const char *const glyphs[] = { "A", "2", "3", "4", "5", "6", "7",
	"8", "9", "10", "J", "Q", "K" };
static const char letters[] = "SHDC";

static int
count(const char *hay, const char *needle)
{
	int	 n = 0;

	while ((hay = strstr(hay, needle)) != NULL) {
		n++;
		hay += strlen(needle);
	}
	return n;
}

static card_t
std(const char *tok)
{
	card_t	 c = card_parse(CARD_STD, tok, NULL);

	assert_int_not_equal(c, CARD_NONE);
	return c;
}

static void
test_label(void **state)
{
	char	 out[CARDS_STD_LABEL_MAX];

	(void)state;
	cards_std_label(std("7H"), out, sizeof(out));
	assert_string_equal(out, "seven of hearts (7H)");
	cards_std_label(std("TS"), out, sizeof(out));
	assert_string_equal(out, "ten of spades (TS)");
	cards_std_label(std("AC"), out, sizeof(out));
	assert_string_equal(out, "ace of clubs (AC)");
	cards_std_label(std("QD"), out, sizeof(out));
	assert_string_equal(out, "queen of diamonds (QD)");
	cards_std_label(CARD_STD_JK, out, sizeof(out));
	assert_string_equal(out, "joker (JK)");
	cards_std_label(CARD_NONE, out, sizeof(out));
	assert_string_equal(out, "unknown card");
	cards_std_label(53, out, sizeof(out));
	assert_string_equal(out, "unknown card");
	/* Truncation keeps the NUL and reports what was written. */
	assert_int_equal(cards_std_label(std("7H"), out, 6), 5);
	assert_string_equal(out, "seven");

	cards_std_wild_label(std("2S"), std("7H"), out, sizeof(out));
	assert_string_equal(out, "two of spades (2S) as seven of hearts (7H)");
	cards_std_wild_label(CARD_STD_JK, std("QD"), out, sizeof(out));
	assert_string_equal(out, "joker (JK) as queen of diamonds (QD)");
	cards_std_wild_label(std("2D"), CARD_NONE, out, sizeof(out));
	assert_string_equal(out, "two of diamonds (2D)");
	/* The longest pair fits. */
	cards_std_wild_label(std("2D"), std("QD"), out, sizeof(out));
	assert_string_equal(out,
	    "two of diamonds (2D) as queen of diamonds (QD)");
	assert_int_equal(cards_std_wild_label(std("2D"), std("QD"), out, 10),
	    9);
	assert_string_equal(out, "two of di");

	assert_string_equal(cards_std_rank_word(6), "seven");
	assert_string_equal(cards_std_rank_word(13), "");
	assert_string_equal(cards_std_suit_word(3), "clubs");
	assert_string_equal(cards_std_suit_word(-1), "");
}

static void
test_short(void **state)
{
	char	 out[CARDS_STD_SHORT_MAX];

	(void)state;
	cards_std_short(std("7H"), out, sizeof(out));
	assert_string_equal(out, "7\xe2\x99\xa5");
	cards_std_short(std("TS"), out, sizeof(out));
	assert_string_equal(out, "10\xe2\x99\xa0");
	cards_std_short(std("KD"), out, sizeof(out));
	assert_string_equal(out, "K\xe2\x99\xa6");
	cards_std_short(std("AC"), out, sizeof(out));
	assert_string_equal(out, "A\xe2\x99\xa3");
	cards_std_short(CARD_STD_JK, out, sizeof(out));
	assert_string_equal(out, "Joker");
	cards_std_short(CARD_NONE, out, sizeof(out));
	assert_string_equal(out, "?");
}

static void
test_every_card(void **state)
{
	struct arena	 a;
	struct buf	 b;
	char		 label[CARDS_STD_LABEL_MAX], tok[CARD_TEXT_MAX];
	char		 want[200];
	card_t		 c;
	int		 r, s, other;

	(void)state;
	arena_init(&a, 0);
	for (c = 0; c < CARD_STD_COUNT; c++) {
		buf_init(&b, &a);
		cards_std_svg(&b, c, NULL);
		assert_int_equal(b.failed, 0);
		r = card_std_rank(c);
		s = card_std_suit(c);
		card_format(CARD_STD, c, tok);
		cards_std_label(c, label, sizeof(label));

		assert_int_equal(strncmp(b.data, "<svg ", 5), 0);
		assert_int_equal(count(b.data, "<svg"), 1);
		assert_int_equal(count(b.data, "</svg>"), 1);
		assert_non_null(strstr(b.data, "role=\"img\""));
		snprintf(want, sizeof(want), "<title>%s</title>", label);
		assert_int_equal(count(b.data, want), 1);
		/* Named by the title alone; sized by cards.css. */
		assert_null(strstr(b.data, "aria-label"));
		assert_null(strstr(b.data, "width=\"50\""));
		snprintf(want, sizeof(want), "data-card=\"%s\"", tok);
		assert_non_null(strstr(b.data, want));

		/* Rank and suit letter in both corners. */
		snprintf(want, sizeof(want), ">%s</text>", glyphs[r]);
		assert_int_equal(count(b.data, want), 2);
		snprintf(want, sizeof(want), "class=\"suit-letter\" x=\"9\" "
		    "y=\"25\" font-size=\"9\">%c</text>", letters[s]);
		assert_int_equal(count(b.data, want), 2);
		/* One suit shape, the suit's own. */
		snprintf(want, sizeof(want), "href=\"#cs-%c\"", letters[s]);
		assert_int_equal(count(b.data, want), 1);
		assert_int_equal(count(b.data, "href=\"#cs-"), 1);
		for (other = 0; other < 4; other++)
			if (other != s) {
				snprintf(want, sizeof(want), "#cs-%c",
				    letters[other]);
				assert_null(strstr(b.data, want));
			}
		/*
		 * Red suits are outlined on a light fill, black ones
		 * solid: a difference in texture, not hue alone.
		 */
		if (s == 1 || s == 2) {
			assert_non_null(strstr(b.data, "class=\"face red\""));
			assert_non_null(strstr(b.data, "fill=\"#fde4e4\""));
		} else {
			assert_non_null(strstr(b.data, "class=\"face black\""));
			assert_non_null(strstr(b.data,
			    "fill=\"#111\" stroke=\"#111\""));
		}
		assert_null(strstr(b.data, "class=\"as\""));
	}
	arena_free(&a);
}

static void
test_joker_and_back(void **state)
{
	struct arena	 a;
	struct buf	 b;

	(void)state;
	arena_init(&a, 0);
	buf_init(&b, &a);
	cards_std_svg(&b, CARD_STD_JK, NULL);
	assert_non_null(strstr(b.data, "<title>joker (JK)</title>"));
	assert_non_null(strstr(b.data, "data-card=\"JK\""));
	assert_non_null(strstr(b.data, ">JOKER</text>"));
	assert_non_null(strstr(b.data, "href=\"#cs-star\""));

	buf_init(&b, &a);
	cards_std_back_svg(&b);
	assert_non_null(strstr(b.data, "<title>face-down card</title>"));
	assert_null(strstr(b.data, "data-card"));

	buf_init(&b, &a);
	cards_std_svg(&b, CARD_NONE, NULL);
	assert_non_null(strstr(b.data, "<title>unknown card</title>"));
	assert_null(strstr(b.data, "data-card"));
	assert_int_equal(b.failed, 0);
	arena_free(&a);
}

static void
test_wild(void **state)
{
	struct arena	 a;
	struct buf	 b;

	(void)state;
	arena_init(&a, 0);
	buf_init(&b, &a);
	cards_std_wild_svg(&b, std("2S"), std("7H"), NULL);
	assert_int_equal(b.failed, 0);
	assert_non_null(strstr(b.data, "<title>two of spades (2S) as seven "
	    "of hearts (7H)</title>"));
	/* The wild is still itself (its token) and shows what it stands for. */
	assert_non_null(strstr(b.data, "data-card=\"2S\""));
	assert_non_null(strstr(b.data, "class=\"as\""));
	assert_non_null(strstr(b.data, ">as</text>"));
	assert_non_null(strstr(b.data, ">7</text>"));
	assert_non_null(strstr(b.data, ">H</text>"));
	assert_non_null(strstr(b.data, "href=\"#cs-H\""));
	assert_non_null(strstr(b.data, "href=\"#cs-S\""));

	buf_init(&b, &a);
	cards_std_wild_svg(&b, CARD_STD_JK, std("TD"), "laid by Ann");
	assert_non_null(strstr(b.data, "<title>joker (JK) as ten of "
	    "diamonds (TD), laid by Ann</title>"));
	assert_non_null(strstr(b.data, ">10</text>"));

	/* A wild in a set stands for a rank, of any suit. */
	buf_init(&b, &a);
	cards_std_set_wild_svg(&b, std("2H"), 6, NULL);
	assert_non_null(strstr(b.data, "<title>two of hearts (2H) as a "
	    "seven</title>"));
	assert_non_null(strstr(b.data, "class=\"as\""));
	assert_non_null(strstr(b.data, ">7</text>"));
	buf_init(&b, &a);
	cards_std_set_wild_svg(&b, CARD_STD_JK, 0, NULL);
	assert_non_null(strstr(b.data, "<title>joker (JK) as an ace</title>"));
	buf_init(&b, &a);
	cards_std_set_wild_svg(&b, CARD_STD_JK, 13, NULL);
	assert_non_null(strstr(b.data, "<title>joker (JK)</title>"));
	assert_null(strstr(b.data, "class=\"as\""));

	/* No value: the plain face. */
	buf_init(&b, &a);
	cards_std_wild_svg(&b, std("2C"), CARD_NONE, NULL);
	assert_null(strstr(b.data, "class=\"as\""));
	assert_non_null(strstr(b.data, "<title>two of clubs (2C)</title>"));
	arena_free(&a);
}

static void
test_defs(void **state)
{
	struct arena	 a;
	struct buf	 b;
	int		 i;
	char		 id[32];

	(void)state;
	arena_init(&a, 0);
	buf_init(&b, &a);
	cards_std_defs(&b);
	assert_int_equal(b.failed, 0);
	assert_non_null(strstr(b.data, "aria-hidden=\"true\""));
	for (i = 0; i < 4; i++) {
		snprintf(id, sizeof(id), "id=\"cs-%c\"", letters[i]);
		assert_int_equal(count(b.data, id), 1);
	}
	assert_int_equal(count(b.data, "id=\"cs-star\""), 1);
	assert_int_equal(count(b.data, "id=\"cs-back\""), 1);
	arena_free(&a);
}

static void
test_note_escaped(void **state)
{
	struct arena	 a;
	struct buf	 b;

	(void)state;
	arena_init(&a, 0);
	buf_init(&b, &a);
	cards_std_svg(&b, std("9C"), "<script>\"x\" & 'y'</script>");
	assert_int_equal(b.failed, 0);
	assert_null(strstr(b.data, "<script>"));
	assert_non_null(strstr(b.data, "<title>nine of clubs (9C), "
	    "&lt;script&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/script&gt;"
	    "</title>"));
	arena_free(&a);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_label),
		cmocka_unit_test(test_short),
		cmocka_unit_test(test_every_card),
		cmocka_unit_test(test_joker_and_back),
		cmocka_unit_test(test_wild),
		cmocka_unit_test(test_defs),
		cmocka_unit_test(test_note_escaped),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
