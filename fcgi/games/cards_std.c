/*
 * cards_std.c: standard cards as inline SVG (cards_std.h).
 *
 * Every piece of a card comes from the static tables below, so the
 * only text that needs escaping is a caller's note.  The suit shapes
 * are <symbol>s drawn in a 20 x 20 box, placed at any size with <use>;
 * the red suits get a light fill and a thick outline, the black ones
 * are solid, so the two colors differ in texture as well as hue.
 */
#include "cards_std.h"

#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "cards.h"

static const char *const rank_words[] = {
	"ace", "two", "three", "four", "five", "six", "seven", "eight",
	"nine", "ten", "jack", "queen", "king"
};
static const char *const rank_glyphs[] = {
	"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"
};
static const char *const suit_words[] = {
	"spades", "hearts", "diamonds", "clubs"
};
static const char *const suit_letters[] = { "S", "H", "D", "C" };
/* UTF-8 for the suit signs, for text outside the SVG. */
static const char *const suit_signs[] = {
	"\xe2\x99\xa0", "\xe2\x99\xa5", "\xe2\x99\xa6", "\xe2\x99\xa3"
};
/* fill and outline of a suit shape: red suits light and outlined. */
static const char *const suit_paint[] = {
	"fill=\"#111\" stroke=\"#111\"",
	"fill=\"#fde4e4\" stroke=\"#c62828\" stroke-width=\"2.2\"",
	"fill=\"#fde4e4\" stroke=\"#c62828\" stroke-width=\"2.2\"",
	"fill=\"#111\" stroke=\"#111\""
};
/* The corner text: dark red for red suits, black for black ones. */
static const char *const suit_ink[] = { "#111", "#b71c1c", "#b71c1c", "#111" };

static const char defs[] =
    "<svg class=\"card-defs\" width=\"0\" height=\"0\" aria-hidden=\"true\">"
    "<defs>"
    "<symbol id=\"cs-S\" viewBox=\"0 0 20 20\">"
    "<path d=\"M10 1.5C12.8 5.8 18.3 8.2 18.3 12.2A3.9 3.9 0 0 1 11.2 "
    "14.2L12.6 18.6H7.4L8.8 14.2A3.9 3.9 0 0 1 1.7 12.2C1.7 8.2 7.2 "
    "5.8 10 1.5Z\"/></symbol>"
    "<symbol id=\"cs-H\" viewBox=\"0 0 20 20\">"
    "<path d=\"M10 18.2L2.7 10.6A4.3 4.3 0 1 1 10 5A4.3 4.3 0 1 1 17.3 "
    "10.6Z\"/></symbol>"
    "<symbol id=\"cs-D\" viewBox=\"0 0 20 20\">"
    "<path d=\"M10 1.5L17 10L10 18.5L3 10Z\"/></symbol>"
    "<symbol id=\"cs-C\" viewBox=\"0 0 20 20\">"
    "<circle cx=\"10\" cy=\"6\" r=\"4.2\"/>"
    "<circle cx=\"5.4\" cy=\"11.8\" r=\"4.2\"/>"
    "<circle cx=\"14.6\" cy=\"11.8\" r=\"4.2\"/>"
    "<path d=\"M8.9 10H11.1L12.6 18.6H7.4Z\"/></symbol>"
    "<symbol id=\"cs-star\" viewBox=\"0 0 20 20\">"
    "<polygon points=\"10,1 12.4,7.2 19,7.5 13.8,11.6 15.6,18 10,14.3 "
    "4.4,18 6.2,11.6 1,7.5 7.6,7.2\"/></symbol>"
    "<pattern id=\"cs-back\" width=\"6\" height=\"6\" "
    "patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">"
    "<rect width=\"6\" height=\"6\" fill=\"#7a2e2e\"/>"
    "<rect width=\"2\" height=\"6\" fill=\"#b35a5a\"/></pattern>"
    "</defs></svg>";

static const char face_rect[] =
    "<rect x=\"1\" y=\"1\" width=\"48\" height=\"68\" rx=\"5\" "
    "fill=\"#fff\" stroke=\"#333\" stroke-width=\"1.2\"/>";

void
cards_std_defs(struct buf *b)
{
	buf_put(b, defs, sizeof(defs) - 1);
}

const char *
cards_std_rank_word(int rank)
{
	return rank >= 0 && rank < 13 ? rank_words[rank] : "";
}

const char *
cards_std_suit_word(int suit)
{
	return suit >= 0 && suit < 4 ? suit_words[suit] : "";
}

static size_t
clamp(int n, size_t outsz)
{
	if (n < 0)
		n = 0;
	return (size_t)n < outsz ? (size_t)n : outsz > 0 ? outsz - 1 : 0;
}

size_t
cards_std_label(card_t c, char *out, size_t outsz)
{
	char	 tok[CARD_TEXT_MAX];
	int	 n;

	if (!card_valid(CARD_STD, c))
		n = snprintf(out, outsz, "unknown card");
	else if (c == CARD_STD_JK)
		n = snprintf(out, outsz, "joker (JK)");
	else {
		card_format(CARD_STD, c, tok);
		n = snprintf(out, outsz, "%s of %s (%s)",
		    rank_words[card_std_rank(c)],
		    suit_words[card_std_suit(c)], tok);
	}
	return clamp(n, outsz);
}

size_t
cards_std_wild_label(card_t wild, card_t as, char *out, size_t outsz)
{
	size_t	 n;

	n = cards_std_label(wild, out, outsz);
	if (as == CARD_NONE || !card_valid(CARD_STD, as) || as == CARD_STD_JK)
		return n;
	if (n + 4 >= outsz)
		return n;
	memcpy(out + n, " as ", 5);
	n += 4;
	return n + cards_std_label(as, out + n, outsz - n);
}

size_t
cards_std_short(card_t c, char *out, size_t outsz)
{
	int	 n;

	if (!card_valid(CARD_STD, c))
		n = snprintf(out, outsz, "?");
	else if (c == CARD_STD_JK)
		n = snprintf(out, outsz, "Joker");
	else
		n = snprintf(out, outsz, "%s%s", rank_glyphs[card_std_rank(c)],
		    suit_signs[card_std_suit(c)]);
	return clamp(n, outsz);
}

/* The opening tag with data-card, the label as <title>, and the group. */
static void
open_card(struct buf *b, const char *cls, const char *tok,
    const char *label, const char *note)
{
	cards_svg_open(b, "card std", tok, label, note);
	buf_puts(b, "<g class=\"");
	buf_puts(b, cls);
	buf_puts(b, "\">");
}

/* A suit shape from the defs in the box (x, y, size). */
static void
suit_use(struct buf *b, int suit, const char *x, const char *y,
    const char *size)
{
	buf_puts(b, "<use href=\"#cs-");
	buf_puts(b, suit_letters[suit]);
	buf_puts(b, "\" x=\"");
	buf_puts(b, x);
	buf_puts(b, "\" y=\"");
	buf_puts(b, y);
	buf_puts(b, "\" width=\"");
	buf_puts(b, size);
	buf_puts(b, "\" height=\"");
	buf_puts(b, size);
	buf_puts(b, "\" ");
	buf_puts(b, suit_paint[suit]);
	buf_puts(b, "/>");
}

/* Rank over suit letter over a small suit, top left and bottom right. */
static void
corners(struct buf *b, int rank, int suit, int top_only)
{
	int	 i;

	buf_puts(b, "<g class=\"corner\" font-family=\"sans-serif\" "
	    "font-weight=\"bold\" text-anchor=\"middle\" fill=\"");
	buf_puts(b, suit_ink[suit]);
	buf_puts(b, "\">");
	for (i = 0; i < (top_only ? 1 : 2); i++) {
		if (i == 1)
			buf_puts(b, "<g transform=\"rotate(180 25 35)\">");
		buf_puts(b, rank == 9 ? "<text class=\"num\" x=\"9\" y=\"15\" "
		    "font-size=\"12\" letter-spacing=\"-1\">" :
		    "<text class=\"num\" x=\"9\" y=\"15\" font-size=\"14\">");
		buf_puts(b, rank_glyphs[rank]);
		buf_puts(b, "</text><text class=\"suit-letter\" x=\"9\" "
		    "y=\"25\" font-size=\"9\">");
		buf_puts(b, suit_letters[suit]);
		buf_puts(b, "</text>");
		if (i == 1)
			buf_puts(b, "</g>");
	}
	buf_puts(b, "</g>");
}

void
cards_std_back_svg(struct buf *b)
{
	open_card(b, "back", NULL, "face-down card", NULL);
	buf_puts(b, "<rect x=\"1\" y=\"1\" width=\"48\" height=\"68\" rx=\"5\" "
	    "fill=\"url(#cs-back)\" stroke=\"#333\" stroke-width=\"1.2\"/>"
	    "<rect x=\"6\" y=\"6\" width=\"38\" height=\"58\" rx=\"3\" "
	    "fill=\"none\" stroke=\"#fff\" stroke-width=\"1\"/></g></svg>");
}

/* The joker's face: "JK" in the corner, a star, "JOKER" across. */
static void
joker_face(struct buf *b, int banded)
{
	buf_put(b, face_rect, sizeof(face_rect) - 1);
	buf_puts(b, "<g font-family=\"sans-serif\" font-weight=\"bold\" "
	    "text-anchor=\"middle\" fill=\"#111\">"
	    "<text class=\"num\" x=\"10\" y=\"14\" font-size=\"11\">JK</text>");
	if (!banded)
		buf_puts(b, "<text x=\"25\" y=\"60\" font-size=\"8.5\" "
		    "letter-spacing=\"0.5\">JOKER</text>"
		    "<use href=\"#cs-star\" x=\"13\" y=\"19\" width=\"24\" "
		    "height=\"24\" fill=\"#ffd54f\" stroke=\"#111\" "
		    "stroke-width=\"1.5\"/></g>");
	else
		buf_puts(b, "<use href=\"#cs-star\" x=\"25\" y=\"5\" "
		    "width=\"18\" height=\"18\" fill=\"#ffd54f\" "
		    "stroke=\"#111\" stroke-width=\"1.5\"/></g>");
}

/* A natural or a deuce's face; banded leaves the lower half free. */
static void
plain_face(struct buf *b, card_t c, int banded)
{
	int	 r = card_std_rank(c), s = card_std_suit(c);

	buf_put(b, face_rect, sizeof(face_rect) - 1);
	corners(b, r, s, banded);
	if (banded)
		suit_use(b, s, "23", "5", "20");
	else
		suit_use(b, s, "12", "22", "26");
}

/* The band "as 7H" with the suit shape, over the lower half. */
static void
band(struct buf *b, card_t as)
{
	int	 r = card_std_rank(as), s = card_std_suit(as);

	buf_puts(b, "<g class=\"as\"><rect x=\"2\" y=\"29\" width=\"46\" "
	    "height=\"39\" rx=\"4\" fill=\"#fff8d6\" stroke=\"#111\" "
	    "stroke-width=\"1.5\" stroke-dasharray=\"3 2\"/>"
	    "<text x=\"25\" y=\"39\" font-family=\"sans-serif\" "
	    "font-size=\"10\" font-weight=\"bold\" text-anchor=\"middle\" "
	    "fill=\"#111\">as</text>"
	    "<text x=\"15\" y=\"56\" font-family=\"sans-serif\" "
	    "font-weight=\"bold\" text-anchor=\"middle\" fill=\"");
	buf_puts(b, suit_ink[s]);
	buf_puts(b, r == 9 ? "\" font-size=\"13\" letter-spacing=\"-1\">" :
	    "\" font-size=\"16\">");
	buf_puts(b, rank_glyphs[r]);
	buf_puts(b, "</text><text x=\"15\" y=\"65\" font-family=\"sans-serif\" "
	    "font-size=\"8\" font-weight=\"bold\" text-anchor=\"middle\" "
	    "fill=\"");
	buf_puts(b, suit_ink[s]);
	buf_puts(b, "\">");
	buf_puts(b, suit_letters[s]);
	buf_puts(b, "</text>");
	suit_use(b, s, "26", "43", "18");
	buf_puts(b, "</g>");
}

static void	draw(struct buf *, card_t, card_t, const char *);

/* The band "as 7" of a wild in a set: the rank alone, any suit. */
static void
rank_band(struct buf *b, int r)
{
	buf_puts(b, "<g class=\"as\"><rect x=\"2\" y=\"29\" width=\"46\" "
	    "height=\"39\" rx=\"4\" fill=\"#fff8d6\" stroke=\"#111\" "
	    "stroke-width=\"1.5\" stroke-dasharray=\"3 2\"/>"
	    "<text x=\"25\" y=\"39\" font-family=\"sans-serif\" "
	    "font-size=\"10\" font-weight=\"bold\" text-anchor=\"middle\" "
	    "fill=\"#111\">as</text>"
	    "<text x=\"25\" y=\"60\" font-family=\"sans-serif\" "
	    "font-weight=\"bold\" text-anchor=\"middle\" fill=\"#111\" "
	    "font-size=\"18\">");
	buf_puts(b, rank_glyphs[r]);
	buf_puts(b, "</text></g>");
}

void
cards_std_set_wild_svg(struct buf *b, card_t wild, int rank,
    const char *note)
{
	char	 label[CARDS_STD_LABEL_MAX], tok[CARD_TEXT_MAX];
	size_t	 n;

	if (rank < 0 || rank > 12 || !card_valid(CARD_STD, wild)) {
		draw(b, wild, CARD_NONE, note);
		return;
	}
	n = cards_std_label(wild, label, sizeof(label));
	snprintf(label + n, sizeof(label) - n, " as %s %s",
	    rank == 0 || rank == 7 ? "an" : "a", rank_words[rank]);
	card_format(CARD_STD, wild, tok);
	if (wild == CARD_STD_JK) {
		open_card(b, "joker wild", tok, label, note);
		joker_face(b, 1);
	} else {
		open_card(b, "face wild", tok, label, note);
		plain_face(b, wild, 1);
	}
	rank_band(b, rank);
	buf_puts(b, "</g></svg>");
}

static void
draw(struct buf *b, card_t c, card_t as, const char *note)
{
	char	 label[CARDS_STD_LABEL_MAX], tok[CARD_TEXT_MAX];
	int	 banded;

	if (!card_valid(CARD_STD, c)) {
		open_card(b, "back", NULL, "unknown card", note);
		buf_puts(b, "<rect x=\"1\" y=\"1\" width=\"48\" "
		    "height=\"68\" rx=\"5\" fill=\"url(#cs-back)\" "
		    "stroke=\"#333\"/></g></svg>");
		return;
	}
	banded = as != CARD_NONE && card_valid(CARD_STD, as) &&
	    as != CARD_STD_JK;
	cards_std_wild_label(c, banded ? as : CARD_NONE, label, sizeof(label));
	card_format(CARD_STD, c, tok);
	if (c == CARD_STD_JK) {
		open_card(b, banded ? "joker wild" : "joker", tok, label, note);
		joker_face(b, banded);
	} else {
		open_card(b, banded ? "face wild" : card_std_suit(c) == 1 ||
		    card_std_suit(c) == 2 ? "face red" : "face black", tok,
		    label, note);
		plain_face(b, c, banded);
	}
	if (banded)
		band(b, as);
	buf_puts(b, "</g></svg>");
}

void
cards_std_svg(struct buf *b, card_t c, const char *note)
{
	draw(b, c, CARD_NONE, note);
}

void
cards_std_wild_svg(struct buf *b, card_t wild, card_t as, const char *note)
{
	draw(b, wild, as, note);
}
