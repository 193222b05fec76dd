/*
 * test_cards.c: the SVG cards.  Every one of the 125 cards carries its
 * label (the <title> that names its role="img", said once), its suit's
 * shape, its color's pattern and letter and its number (glyphs drawn
 * once in the defs, the number's with the face under it); the patterns
 * differ by more than their color; a caller's note is escaped; a face
 * from the per-process cache equals the first drawn; a hidden hand is
 * one picture of n backs.
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
#include "cards.h"
#include "deck.h"

static const char *const colors[] = { "red", "yellow", "green", "blue",
	"black" };
static const char *const suits[] = { "circle", "heart", "triangle",
	"square", "blob" };
static const char letters[] = "RYGBK";
static const char glyphs[] = "1234?";
static const char glyph_ids[] = "1234Q";

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

static void
test_label(void **state)
{
	char	 out[CARDS_LABEL_MAX];

	(void)state;
	cards_label(card_parse(CARD_TT, "3Rh", NULL), out, sizeof(out));
	assert_string_equal(out, "red heart 3 (3Rh)");
	cards_label(card_parse(CARD_TT, "QKb", NULL), out, sizeof(out));
	assert_string_equal(out, "black blob question mark (QKb)");
	cards_label(card_parse(CARD_TT, "4Bs", NULL), out, sizeof(out));
	assert_string_equal(out, "blue square 4 (4Bs)");
	cards_label(CARD_TT_JK2, out, sizeof(out));
	assert_string_equal(out, "joker 2 (JK2)");
	cards_label(CARD_NONE, out, sizeof(out));
	assert_string_equal(out, "unknown card");
	/* Truncation keeps the NUL and reports what was written. */
	assert_int_equal(cards_label(0, out, 5), 4);
	assert_string_equal(out, "red ");
}

static void
test_every_card(void **state)
{
	struct arena	 a;
	struct buf	 b;
	char		 label[CARDS_LABEL_MAX], tok[CARD_TEXT_MAX];
	char		 want[160];
	card_t		 c;
	int		 n, col, s, other;

	(void)state;
	arena_init(&a, 0);
	for (c = 0; c < CARD_TT_COUNT; c++) {
		buf_init(&b, &a);
		cards_svg(&b, c, NULL);
		assert_int_equal(b.failed, 0);
		n = card_tt_number(c);
		col = card_tt_color(c);
		s = card_tt_suit(c);
		card_format(CARD_TT, c, tok);
		cards_label(c, label, sizeof(label));
		/* The words in the label name all three attributes. */
		assert_non_null(strstr(label, colors[col]));
		assert_non_null(strstr(label, suits[s]));
		assert_non_null(strstr(label, tok));

		assert_int_equal(strncmp(b.data, "<svg ", 5), 0);
		assert_int_equal(count(b.data, "<svg"), 1);
		assert_int_equal(count(b.data, "</svg>"), 1);
		assert_non_null(strstr(b.data, "role=\"img\""));
		snprintf(want, sizeof(want), "<title>%s</title>", label);
		assert_int_equal(count(b.data, want), 1);
		/* Named by the title alone; sized by cards.css. */
		assert_null(strstr(b.data, "aria-label"));
		assert_null(strstr(b.data, "width="));
		assert_non_null(strstr(b.data, "viewBox=\"0 0 50 70\""));
		snprintf(want, sizeof(want), "data-card=\"%s\"", tok);
		assert_non_null(strstr(b.data, want));

		/* Exactly one shape, the suit's own. */
		for (other = 0; other < 5; other++) {
			snprintf(want, sizeof(want), "href=\"#tt-%s\"",
			    suits[other]);
			assert_int_equal(count(b.data, want),
			    other == s ? 1 : 0);
		}
		assert_null(strstr(b.data, "#tt-star"));
		/* Three pieces: face and number, color letter, shape. */
		assert_int_equal(count(b.data, "<use "), 3);

		/* The color's pattern, and no other. */
		snprintf(want, sizeof(want), "fill=\"url(#tt-%c)\"",
		    letters[col]);
		assert_int_equal(count(b.data, want), 1);
		assert_int_equal(count(b.data, "url(#tt-"), 1);

		/* Number and color letter: the defs draw both corners. */
		snprintf(want, sizeof(want), "href=\"#tt-n%c\"", glyph_ids[n]);
		assert_int_equal(count(b.data, want), 1);
		assert_int_equal(count(b.data, "href=\"#tt-n"), 1);
		for (other = 0; other < 5; other++) {
			snprintf(want, sizeof(want), "href=\"#tt-c%c\"",
			    letters[other]);
			assert_int_equal(count(b.data, want),
			    other == col ? 1 : 0);
		}
	}
	arena_free(&a);
}

/* The body of pattern "tt-X" in the defs, without its color fill. */
static void
texture(const char *defs, char letter, char *out, size_t outsz)
{
	char		 id[32];
	const char	*p, *end, *fill;

	snprintf(id, sizeof(id), "<pattern id=\"tt-%c\"", letter);
	p = strstr(defs, id);
	assert_non_null(p);
	end = strstr(p, "</pattern>");
	assert_non_null(end);
	/* Skip the opening tag and the first (background) rect. */
	p = strchr(p, '>');
	assert_non_null(p);
	fill = strstr(p, "/>");
	assert_non_null(fill);
	assert_true(fill < end);
	p = fill + 2;
	snprintf(out, outsz, "%.*s", (int)(end - p), p);
}

static void
test_patterns_differ(void **state)
{
	struct arena	 a;
	struct buf	 b;
	char		 tex[5][256];
	int		 i, j;

	(void)state;
	arena_init(&a, 0);
	buf_init(&b, &a);
	cards_defs(&b);
	assert_int_equal(b.failed, 0);
	assert_non_null(strstr(b.data, "aria-hidden=\"true\""));
	/* Every shape a card uses is defined once. */
	for (i = 0; i < 5; i++) {
		char	 id[32];

		snprintf(id, sizeof(id), "id=\"tt-%s\"", suits[i]);
		assert_int_equal(count(b.data, id), 1);
	}
	assert_int_equal(count(b.data, "id=\"tt-face\""), 1);
	assert_int_equal(count(b.data, "id=\"tt-backface\""), 1);
	/* Each corner glyph once, drawing its number or letter. */
	for (i = 0; i < 5; i++) {
		char	 id[160];

		snprintf(id, sizeof(id), "id=\"tt-n%c\"", glyph_ids[i]);
		assert_int_equal(count(b.data, id), 1);
		snprintf(id, sizeof(id), ">%c</text>", glyphs[i]);
		assert_non_null(strstr(strstr(b.data, "id=\"tt-n"), id));
		snprintf(id, sizeof(id), "id=\"tt-c%c\"", letters[i]);
		assert_int_equal(count(b.data, id), 1);
		/* Both corners: the glyph, and the glyph turned half round. */
		snprintf(id, sizeof(id), "<use href=\"#tt-c%ct\" "
		    "transform=\"rotate(180 25 35)\"/>", letters[i]);
		assert_int_equal(count(b.data, id), 1);
		snprintf(id, sizeof(id), "<use href=\"#tt-n%ct\" "
		    "transform=\"rotate(180 25 35)\"/>", glyph_ids[i]);
		assert_int_equal(count(b.data, id), 1);
		snprintf(id, sizeof(id), "x=\"8\" y=\"25\" "
		    "font-size=\"9\" font-family=\"sans-serif\" "
		    "font-weight=\"bold\" fill=\"#111\" "
		    "text-anchor=\"middle\">%c</text>", letters[i]);
		assert_non_null(strstr(b.data, id));
		/* A number's glyph draws the face under it, a letter none. */
		snprintf(id, sizeof(id), "<g id=\"tt-n%c\"><use "
		    "href=\"#tt-face\"/><text ", glyph_ids[i]);
		assert_int_equal(count(b.data, id), 1);
		snprintf(id, sizeof(id), "<g id=\"tt-c%c\"><text ",
		    letters[i]);
		assert_int_equal(count(b.data, id), 1);
	}
	assert_int_equal(count(b.data, "<g id=\"tt-nJ\"><use "
	    "href=\"#tt-face\"/>"), 1);
	assert_int_equal(count(b.data, "id=\"tt-c1\""), 1);
	assert_int_equal(count(b.data, "id=\"tt-c2\""), 1);
	for (i = 0; i < 5; i++)
		texture(b.data, letters[i], tex[i], sizeof(tex[i]));
	/* Red is the plain one; every other color has its own texture. */
	assert_string_equal(tex[0], "");
	for (i = 0; i < 5; i++)
		for (j = i + 1; j < 5; j++)
			assert_string_not_equal(tex[i], tex[j]);
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
	cards_svg(&b, card_parse(CARD_TT, "1Gt", NULL),
	    "<script>\"x\" & 'y'</script>");
	assert_int_equal(b.failed, 0);
	assert_null(strstr(b.data, "<script>"));
	assert_non_null(strstr(b.data, "<title>green triangle 1 (1Gt), "
	    "&lt;script&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/script&gt;"
	    "</title>"));
	arena_free(&a);
}

static void
test_back_and_others(void **state)
{
	struct arena	 a;
	struct buf	 b;

	(void)state;
	arena_init(&a, 0);
	buf_init(&b, &a);
	cards_back_svg(&b);
	assert_non_null(strstr(b.data, "role=\"img\"><title>face-down card"
	    "</title>"));
	assert_non_null(strstr(b.data, "href=\"#tt-backface\""));
	assert_null(strstr(b.data, "data-card"));
	/* Small: the back itself is in the defs. */
	assert_true(b.len < 120);

	buf_init(&b, &a);
	cards_svg(&b, CARD_NONE, NULL);
	assert_non_null(strstr(b.data, "<title>unknown card</title>"));
	assert_non_null(strstr(b.data, "href=\"#tt-backface\""));
	assert_null(strstr(b.data, "url(#tt-"));

	buf_init(&b, &a);
	cards_svg(&b, CARD_TT_JK1, "wild");
	assert_non_null(strstr(b.data, "<title>joker 1 (JK1), wild</title>"));
	assert_int_equal(count(b.data, "href=\"#tt-star\" "
	    "fill=\"url(#tt-K)\""), 1);
	assert_non_null(strstr(b.data, "data-card=\"JK1\""));
	assert_int_equal(count(b.data, "href=\"#tt-nJ\""), 1);
	assert_int_equal(count(b.data, "href=\"#tt-c1\""), 1);
	assert_int_equal(b.failed, 0);
	arena_free(&a);
}

/* A face drawn from the per-process cache is the same as the first. */
static void
test_cached_same(void **state)
{
	struct arena	 a;
	struct buf	 one, two, noted;
	card_t		 c = card_parse(CARD_TT, "2Yh", NULL);

	(void)state;
	arena_init(&a, 0);
	buf_init(&one, &a);
	buf_init(&two, &a);
	buf_init(&noted, &a);
	cards_svg(&one, c, NULL);
	cards_svg(&two, c, NULL);
	cards_svg(&noted, c, "drawn this turn");
	assert_int_equal(one.failed + two.failed + noted.failed, 0);
	assert_string_equal(one.data, two.data);
	/* Appended, not replaced: the cache writes into the caller's buf. */
	cards_svg(&two, c, "");
	assert_int_equal(two.len, 2 * one.len);
	/* A note is never cached. */
	assert_non_null(strstr(noted.data, "(2Yh), drawn this turn</title>"));
	assert_null(strstr(one.data, "drawn"));
	arena_free(&a);
}

/* The kept face and label are the bytes cards_svg and cards_label write. */
static void
test_kept(void **state)
{
	struct arena	 a;
	struct buf	 b;
	char		 label[CARDS_LABEL_MAX];
	const char	*face;
	size_t		 n;
	card_t		 c;

	(void)state;
	arena_init(&a, 0);
	for (c = 0; c <= CARD_TT_JK2; c++) {
		buf_init(&b, &a);
		cards_svg(&b, c, NULL);
		face = cards_face(c, &n);
		assert_non_null(face);
		assert_int_equal(n, b.len);
		assert_string_equal(face, b.data);
		/* The same pointer every time: kept, not redrawn. */
		assert_ptr_equal(cards_face(c, NULL), face);
		cards_label(c, label, sizeof(label));
		assert_string_equal(cards_label_str(c), label);
		assert_ptr_equal(cards_label_str(c), cards_label_str(c));
	}
	assert_null(cards_face(CARD_NONE, &n));
	assert_null(cards_face(CARD_TT_JK2 + 1, NULL));
	assert_string_equal(cards_label_str(CARD_NONE), "unknown card");
	arena_free(&a);
}

/* A hidden hand: one <svg>, n backs CARDS_FAN_STEP apart, nothing for 0. */
static void
test_backs_fan(void **state)
{
	struct arena	 a;
	struct buf	 b;
	char		 want[64];

	(void)state;
	arena_init(&a, 0);
	buf_init(&b, &a);
	cards_backs_svg(&b, 11);
	assert_int_equal(b.failed, 0);
	assert_int_equal(count(b.data, "<svg"), 1);
	assert_int_equal(count(b.data, "</svg>"), 1);
	assert_int_equal(count(b.data, "<use href=\"#tt-backface\""), 11);
	snprintf(want, sizeof(want), "viewBox=\"0 0 %d 70\"",
	    50 + 10 * CARDS_FAN_STEP);
	assert_non_null(strstr(b.data, want));
	snprintf(want, sizeof(want), " x=\"%d\"/>", 10 * CARDS_FAN_STEP);
	assert_non_null(strstr(b.data, want));
	assert_non_null(strstr(b.data, "aria-hidden=\"true\""));
	assert_null(strstr(b.data, "<title>"));
	/* Far smaller than eleven cards (about 110 bytes each). */
	assert_true(b.len < 11 * 50);

	buf_init(&b, &a);
	cards_backs_svg(&b, 1);
	assert_non_null(strstr(b.data, "viewBox=\"0 0 50 70\""));
	assert_int_equal(count(b.data, "<use "), 1);
	assert_null(strstr(b.data, " x=\""));

	buf_init(&b, &a);
	cards_backs_svg(&b, 0);
	cards_backs_svg(&b, -3);
	assert_int_equal(b.len, 0);
	arena_free(&a);
}

/* Every id svg refers to (href="#x", url(#x)) is defined in defs. */
static void
refs_defined(const char *svg, const char *defs)
{
	static const char *const marks[] = { "href=\"#", "url(#" };
	const char	*p, *end;
	char		 want[64];
	size_t		 i;

	for (i = 0; i < 2; i++)
		for (p = svg; (p = strstr(p, marks[i])) != NULL; p = end) {
			p += strlen(marks[i]);
			end = p + strcspn(p, "\")");
			snprintf(want, sizeof(want), "id=\"%.*s\"",
			    (int)(end - p), p);
			if (count(defs, want) != 1)
				fail_msg("%s: %s defined %d times", svg, want,
				    count(defs, want));
		}
}

/* A card's pieces are all in the defs; the Squares defs do for its deck. */
static void
test_defs_cover(void **state)
{
	struct arena	 a;
	struct buf	 full, squares, b;
	card_t		 c;
	int		 nsq = 0;

	(void)state;
	arena_init(&a, 0);
	buf_init(&full, &a);
	buf_init(&squares, &a);
	cards_defs(&full);
	cards_defs_squares(&squares);
	assert_int_equal(full.failed + squares.failed, 0);
	assert_true(squares.len < full.len * 3 / 4);
	assert_int_equal(count(squares.data, "<svg"), 1);
	assert_int_equal(count(squares.data, "</defs></svg>"), 1);
	for (c = 0; c <= CARD_TT_JK2; c++) {
		buf_init(&b, &a);
		cards_svg(&b, c, NULL);
		refs_defined(b.data, full.data);
		if (c < CARD_TT_COUNT && deck_has(DECK_SQUARES, c)) {
			refs_defined(b.data, squares.data);
			nsq++;
		}
	}
	assert_int_equal(nsq, 64);
	/* Backs, hidden hands and unknown cards too. */
	buf_init(&b, &a);
	cards_back_svg(&b);
	cards_backs_svg(&b, 3);
	cards_svg(&b, CARD_NONE, NULL);
	refs_defined(b.data, squares.data);
	/* What only the full deck needs is not in the Squares defs. */
	assert_null(strstr(squares.data, "id=\"tt-blob\""));
	assert_null(strstr(squares.data, "id=\"tt-K\""));
	assert_null(strstr(squares.data, "id=\"tt-nQ\""));
	arena_free(&a);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_label),
		cmocka_unit_test(test_every_card),
		cmocka_unit_test(test_patterns_differ),
		cmocka_unit_test(test_note_escaped),
		cmocka_unit_test(test_back_and_others),
		cmocka_unit_test(test_cached_same),
		cmocka_unit_test(test_backs_fan),
		cmocka_unit_test(test_kept),
		cmocka_unit_test(test_defs_cover),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
