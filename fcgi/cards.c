/*
 * cards.c: Triple Topper cards as inline SVG.
 *
 * Every piece of a card comes from the static tables below, so the
 * only text that needs escaping is a caller's note.  What every card
 * shares (the face, the back, the suit shapes, the corner glyphs) is
 * drawn once per page in the defs and referenced with <use>, so a face
 * is about 280 bytes of markup, most of it its label, and a back about
 * 170: a game page shows dozens of cards, and its size is what the
 * FastCGI hop and the network pay for (DESIGN.md "Speed").
 */
#include "cards.h"

#include <stdio.h>
#include <string.h>

#include "arena.h"
#include "buf.h"
#include "esc.h"

static const char *const number_words[] = {
	"1", "2", "3", "4", "question mark"
};
static const char *const color_words[] = {
	"red", "yellow", "green", "blue", "black"
};
static const char *const color_letters[] = { "R", "Y", "G", "B", "K" };
/* Also the ids of their shapes in the defs: "tt-heart". */
static const char *const suit_words[] = {
	"circle", "heart", "triangle", "square", "blob"
};

/*
 * One corner glyph of the defs, in the bold type of every corner: drawn
 * top left and, turned half round, bottom right, so a card names each
 * glyph once.
 */
#define GLYPH(id, cls, y, size, text) \
    "<g id=\"tt-" id "\"><text id=\"tt-" id "t\" class=\"" cls "\" " \
    "x=\"8\" y=\"" y "\" font-size=\"" size "\" " \
    "font-family=\"sans-serif\" font-weight=\"bold\" fill=\"#111\" " \
    "text-anchor=\"middle\">" text "</text><use href=\"#tt-" id "t\" " \
    "transform=\"rotate(180 25 35)\"/></g>"

/* The glyph ids' letters: number_ids[n], then color_letters[col]. */
static const char *const number_ids[] = { "1", "2", "3", "4", "Q" };

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
    /* The back: the pattern inside a white frame. */
    "<g id=\"tt-backface\"><rect x=\"1\" y=\"1\" width=\"48\" height=\"68\" "
    "rx=\"5\" fill=\"url(#tt-back)\" stroke=\"#333\" stroke-width=\"1.2\"/>"
    "<rect x=\"6\" y=\"6\" width=\"38\" height=\"58\" rx=\"3\" fill=\"none\" "
    "stroke=\"#fff\" stroke-width=\"1\"/></g>"
    /*
     * The corner glyphs: the number (tt-n1..4, tt-nQ drawn "?", tt-nJ)
     * and under it the color letter (tt-cR..K) or the joker's 1 or 2.
     */
    GLYPH("n1", "num", "15", "14", "1") GLYPH("n2", "num", "15", "14", "2")
    GLYPH("n3", "num", "15", "14", "3") GLYPH("n4", "num", "15", "14", "4")
    GLYPH("nQ", "num", "15", "14", "?") GLYPH("nJ", "num", "15", "14", "J")
    GLYPH("cR", "col", "25", "9", "R") GLYPH("cY", "col", "25", "9", "Y")
    GLYPH("cG", "col", "25", "9", "G") GLYPH("cB", "col", "25", "9", "B")
    GLYPH("cK", "col", "25", "9", "K") GLYPH("c1", "col", "25", "9", "1")
    GLYPH("c2", "col", "25", "9", "2")
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

/* Append s to out[*n..outsz), always NUL-terminated. */
static void
cat(char *out, size_t outsz, size_t *n, const char *s)
{
	size_t	 k = strlen(s);

	if (outsz == 0)
		return;
	if (k > outsz - 1 - *n)
		k = outsz - 1 - *n;
	memcpy(out + *n, s, k);
	*n += k;
	out[*n] = '\0';
}

/* Plain copies, no printf: a page labels dozens of cards. */
size_t
cards_label(card_t c, char *out, size_t outsz)
{
	char	 tok[CARD_TEXT_MAX];
	size_t	 n = 0;

	if (outsz > 0)
		out[0] = '\0';
	if (!card_valid(CARD_TT, c)) {
		cat(out, outsz, &n, "unknown card");
		return n;
	}
	card_format(CARD_TT, c, tok);
	if (c == CARD_TT_JK1 || c == CARD_TT_JK2) {
		cat(out, outsz, &n, c == CARD_TT_JK1 ? "joker 1 (" :
		    "joker 2 (");
	} else {
		cat(out, outsz, &n, color_words[card_tt_color(c)]);
		cat(out, outsz, &n, " ");
		cat(out, outsz, &n, suit_words[card_tt_suit(c)]);
		cat(out, outsz, &n, " ");
		cat(out, outsz, &n, number_words[card_tt_number(c)]);
		cat(out, outsz, &n, " (");
	}
	cat(out, outsz, &n, tok);
	cat(out, outsz, &n, ")");
	return n;
}

/* The opening tag's label part, data-card, and <title>. */
static void
open_card(struct buf *b, const char *tok, const char *label,
    const char *note)
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
}

/*
 * Number (or "J") over the color letter (or the joker's 1 or 2), in
 * two opposite corners: the glyphs of the defs, by id.
 */
static void
corners(struct buf *b, const char *num, const char *col)
{
	buf_puts(b, "<use href=\"#tt-n");
	buf_puts(b, num);
	buf_puts(b, "\"/><use href=\"#tt-c");
	buf_puts(b, col);
	buf_puts(b, "\"/>");
}

static const char back_use[] =
    "<use class=\"back\" href=\"#tt-backface\"/></svg>";

void
cards_back_svg(struct buf *b)
{
	open_card(b, NULL, "face-down card", NULL);
	buf_put(b, back_use, sizeof(back_use) - 1);
}

static void
joker(struct buf *b, card_t c, const char *tok, const char *label,
    const char *note)
{
	open_card(b, tok, label, note);
	buf_put(b, face_rect, sizeof(face_rect) - 1);
	corners(b, "J", c == CARD_TT_JK1 ? "1" : "2");
	buf_puts(b, "<use class=\"suit suit-joker\" href=\"#tt-star\" "
	    "fill=\"url(#tt-K)\"/></svg>");
}

static void draw(struct buf *b, card_t c, const char *note);

/*
 * The faces without a note, drawn once per process: a page shows
 * dozens, and each is then one copy.  Faces are well under FACE_MAX.
 */
enum { FACE_MAX = 512 };

static struct {
	unsigned short	 len;		/* 0: not drawn yet */
	char		 s[FACE_MAX];
} faces[CARD_TT_COUNT];

void
cards_svg(struct buf *b, card_t c, const char *note)
{
	struct arena	 a;
	struct buf	 f;

	if (!card_valid(CARD_TT, c) || (note != NULL && *note != '\0') ||
	    c >= CARD_TT_COUNT) {
		draw(b, c, note);
		return;
	}
	if (faces[c].len == 0) {
		arena_init(&a, 0);
		buf_init(&f, &a);
		draw(&f, c, NULL);
		if (f.failed || f.len >= FACE_MAX) {
			arena_free(&a);
			draw(b, c, NULL);
			return;
		}
		memcpy(faces[c].s, f.data, f.len);
		faces[c].len = (unsigned short)f.len;
		arena_free(&a);
	}
	buf_put(b, faces[c].s, faces[c].len);
}

static void
draw(struct buf *b, card_t c, const char *note)
{
	char	 label[CARDS_LABEL_MAX], tok[CARD_TEXT_MAX];
	int	 col, s;

	cards_label(c, label, sizeof(label));
	if (!card_valid(CARD_TT, c)) {
		open_card(b, NULL, label, note);
		buf_put(b, back_use, sizeof(back_use) - 1);
		return;
	}
	card_format(CARD_TT, c, tok);
	if (c == CARD_TT_JK1 || c == CARD_TT_JK2) {
		joker(b, c, tok, label, note);
		return;
	}
	col = card_tt_color(c);
	s = card_tt_suit(c);
	open_card(b, tok, label, note);
	buf_put(b, face_rect, sizeof(face_rect) - 1);
	corners(b, number_ids[card_tt_number(c)], color_letters[col]);
	buf_puts(b, "<use class=\"suit suit-");
	buf_puts(b, suit_words[s]);
	buf_puts(b, "\" href=\"#tt-");
	buf_puts(b, suit_words[s]);
	buf_puts(b, "\" fill=\"url(#tt-");
	buf_puts(b, color_letters[col]);
	buf_puts(b, ")\"/></svg>");
}
