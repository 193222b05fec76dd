/*
 * cards.c: Triple Topper cards as inline SVG.
 *
 * Every piece of a card comes from the static tables below, so the
 * only text that needs escaping is a caller's note.  One card is about
 * 900 bytes of markup written with a handful of buf_puts calls.
 */
#include "cards.h"

#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "esc.h"

static const char *const number_words[] = {
	"1", "2", "3", "4", "question mark"
};
static const char *const number_glyphs[] = { "1", "2", "3", "4", "?" };
static const char *const color_words[] = {
	"red", "yellow", "green", "blue", "black"
};
static const char *const color_letters[] = { "R", "Y", "G", "B", "K" };
/* Also the ids of their shapes in the defs: "tt-heart". */
static const char *const suit_words[] = {
	"circle", "heart", "triangle", "square", "blob"
};

/*
 * One pattern per color: the fill color and a texture that survives
 * any color vision (solid, stripes, dots, grid, diagonals).
 */
static const char defs[] =
    "<svg class=\"card-defs\" width=\"0\" height=\"0\" aria-hidden=\"true\">"
    "<defs>"
    "<pattern id=\"tt-R\" width=\"4\" height=\"4\" "
    "patternUnits=\"userSpaceOnUse\">"
    "<rect width=\"4\" height=\"4\" fill=\"#d32f2f\"/></pattern>"
    "<pattern id=\"tt-Y\" width=\"4\" height=\"4\" "
    "patternUnits=\"userSpaceOnUse\">"
    "<rect width=\"4\" height=\"4\" fill=\"#f5c400\"/>"
    "<rect width=\"4\" height=\"1.6\" fill=\"#6b5400\"/></pattern>"
    "<pattern id=\"tt-G\" width=\"5\" height=\"5\" "
    "patternUnits=\"userSpaceOnUse\">"
    "<rect width=\"5\" height=\"5\" fill=\"#2e8b3e\"/>"
    "<circle cx=\"2.5\" cy=\"2.5\" r=\"1.2\" fill=\"#fff\"/></pattern>"
    "<pattern id=\"tt-B\" width=\"5\" height=\"5\" "
    "patternUnits=\"userSpaceOnUse\">"
    "<rect width=\"5\" height=\"5\" fill=\"#1f5fbf\"/>"
    "<path d=\"M0 2.5H5M2.5 0V5\" stroke=\"#fff\" stroke-width=\"1\"/>"
    "</pattern>"
    "<pattern id=\"tt-K\" width=\"5\" height=\"5\" "
    "patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">"
    "<rect width=\"5\" height=\"5\" fill=\"#222\"/>"
    "<rect width=\"1.6\" height=\"5\" fill=\"#fff\"/></pattern>"
    "<pattern id=\"tt-back\" width=\"6\" height=\"6\" "
    "patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">"
    "<rect width=\"6\" height=\"6\" fill=\"#34495e\"/>"
    "<rect width=\"2\" height=\"6\" fill=\"#5d7a96\"/></pattern>"
    /* The face, and the suit shapes centred near (25, 37) in 50 x 70. */
    "<rect id=\"tt-face\" x=\"1\" y=\"1\" width=\"48\" height=\"68\" "
    "rx=\"5\" fill=\"#fff\" stroke=\"#333\" stroke-width=\"1.2\"/>"
    "<circle id=\"tt-circle\" cx=\"25\" cy=\"37\" r=\"12.5\" "
    "stroke=\"#222\" stroke-width=\"1.5\"/>"
    "<path id=\"tt-heart\" d=\"M25 50L13 38.5A6.6 6.6 0 1 1 25 28A6.6 6.6 "
    "0 1 1 37 38.5Z\" stroke=\"#222\" stroke-width=\"1.5\"/>"
    "<polygon id=\"tt-triangle\" points=\"25,23.5 38,49 12,49\" "
    "stroke=\"#222\" stroke-width=\"1.5\"/>"
    "<rect id=\"tt-square\" x=\"14\" y=\"26\" width=\"22\" height=\"22\" "
    "stroke=\"#222\" stroke-width=\"1.5\"/>"
    "<path id=\"tt-blob\" d=\"M15 33C12 25 23 22 27 27C32 21 41 26 37 34C43 "
    "41 36 51 28 46C22 53 11 48 15 41C10 39 11 35 15 33Z\" stroke=\"#222\" "
    "stroke-width=\"1.5\"/>"
    "<polygon id=\"tt-star\" points=\"25,23 28.5,33 39,33 30.5,39.5 33.5,50 "
    "25,43.5 16.5,50 19.5,39.5 11,33 21.5,33\" stroke=\"#222\" "
    "stroke-width=\"1.5\"/>"
    "</defs></svg>";

static const char svg_open[] =
    "<svg class=\"card\" viewBox=\"0 0 50 70\" width=\"50\" height=\"70\" "
    "role=\"img\" ";
static const char face_rect[] = "<use href=\"#tt-face\"/>";

void
cards_defs(struct buf *b)
{
	buf_put(b, defs, sizeof(defs) - 1);
}

size_t
cards_label(card_t c, char *out, size_t outsz)
{
	char	 tok[CARD_TEXT_MAX];
	int	 n;

	if (!card_valid(CARD_TT, c))
		n = snprintf(out, outsz, "unknown card");
	else if (c == CARD_TT_JK1 || c == CARD_TT_JK2) {
		card_format(CARD_TT, c, tok);
		n = snprintf(out, outsz, "joker %d (%s)",
		    c == CARD_TT_JK1 ? 1 : 2, tok);
	} else {
		card_format(CARD_TT, c, tok);
		n = snprintf(out, outsz, "%s %s %s (%s)",
		    color_words[card_tt_color(c)],
		    suit_words[card_tt_suit(c)],
		    number_words[card_tt_number(c)], tok);
	}
	if (n < 0)
		n = 0;
	return (size_t)n < outsz ? (size_t)n : outsz > 0 ? outsz - 1 : 0;
}

/* The opening tag's label part, data-card, and <title>. */
static void
open_card(struct buf *b, const char *cls, const char *tok,
    const char *label, const char *note)
{
	int	 has_note = note != NULL && *note != '\0';

	buf_put(b, svg_open, sizeof(svg_open) - 1);
	if (tok != NULL) {
		buf_puts(b, "data-card=\"");
		buf_puts(b, tok);
		buf_puts(b, "\" ");
	}
	buf_puts(b, "aria-label=\"");
	esc_html_str(b, label);
	if (has_note) {
		buf_puts(b, ", ");
		esc_html_str(b, note);
	}
	buf_puts(b, "\"><title>");
	esc_html_str(b, label);
	if (has_note) {
		buf_puts(b, ", ");
		esc_html_str(b, note);
	}
	buf_puts(b, "</title>");
	if (cls != NULL) {
		buf_puts(b, "<g class=\"");
		buf_puts(b, cls);
		buf_puts(b, "\">");
	} else
		buf_puts(b, "<g>");
}

/* Number (or "J") over the color letter, in two opposite corners. */
static void
corners(struct buf *b, const char *big, const char *small)
{
	int	 i;

	buf_puts(b, "<g class=\"corner\" font-family=\"sans-serif\" "
	    "font-weight=\"bold\" fill=\"#111\" text-anchor=\"middle\">");
	for (i = 0; i < 2; i++) {
		if (i == 1)
			buf_puts(b, "<g transform=\"rotate(180 25 35)\">");
		buf_puts(b, "<text class=\"num\" x=\"8\" y=\"15\" "
		    "font-size=\"14\">");
		buf_puts(b, big);
		buf_puts(b, "</text><text class=\"col\" x=\"8\" y=\"25\" "
		    "font-size=\"9\">");
		buf_puts(b, small);
		buf_puts(b, "</text>");
	}
	buf_puts(b, "</g></g>");
}

void
cards_back_svg(struct buf *b)
{
	open_card(b, "back", NULL, "face-down card", NULL);
	buf_puts(b, "<rect x=\"1\" y=\"1\" width=\"48\" height=\"68\" rx=\"5\" "
	    "fill=\"url(#tt-back)\" stroke=\"#333\" stroke-width=\"1.2\"/>"
	    "<rect x=\"6\" y=\"6\" width=\"38\" height=\"58\" rx=\"3\" "
	    "fill=\"none\" stroke=\"#fff\" stroke-width=\"1\"/></g></svg>");
}

static void
joker(struct buf *b, card_t c, const char *tok, const char *label,
    const char *note)
{
	const char	*k = c == CARD_TT_JK1 ? "1" : "2";

	open_card(b, "joker", tok, label, note);
	buf_put(b, face_rect, sizeof(face_rect) - 1);
	corners(b, "J", k);
	buf_puts(b, "<use class=\"suit suit-joker\" href=\"#tt-star\" "
	    "fill=\"url(#tt-K)\"/></g></svg>");
}

void
cards_svg(struct buf *b, card_t c, const char *note)
{
	char	 label[CARDS_LABEL_MAX], tok[CARD_TEXT_MAX];
	int	 n, col, s;

	cards_label(c, label, sizeof(label));
	if (!card_valid(CARD_TT, c)) {
		open_card(b, "back", NULL, label, note);
		buf_puts(b, "<rect x=\"1\" y=\"1\" width=\"48\" "
		    "height=\"68\" rx=\"5\" fill=\"url(#tt-back)\" "
		    "stroke=\"#333\"/></g></svg>");
		return;
	}
	card_format(CARD_TT, c, tok);
	if (c == CARD_TT_JK1 || c == CARD_TT_JK2) {
		joker(b, c, tok, label, note);
		return;
	}
	n = card_tt_number(c);
	col = card_tt_color(c);
	s = card_tt_suit(c);
	open_card(b, NULL, tok, label, note);
	buf_put(b, face_rect, sizeof(face_rect) - 1);
	corners(b, number_glyphs[n], color_letters[col]);
	buf_puts(b, "<use class=\"suit suit-");
	buf_puts(b, suit_words[s]);
	buf_puts(b, "\" href=\"#tt-");
	buf_puts(b, suit_words[s]);
	buf_puts(b, "\" fill=\"url(#tt-");
	buf_puts(b, color_letters[col]);
	buf_puts(b, ")\"/></g></svg>");
}
