/*
 * cards.c: Triple Topper cards as inline SVG.
 *
 * Every piece of a card comes from the static tables below, so the
 * only text that needs escaping is a caller's note.  What every card
 * shares (the face, the back, the suit shapes, the corner glyphs) is
 * drawn once per page in the defs and referenced with <use>, so a face
 * is about 190 bytes of markup, most of it its label, and a back about
 * 110; a hidden hand is one picture of overlapping backs.  A game page
 * shows dozens of cards, and its size is what nginx, the FastCGI hop
 * and the network pay for (DESIGN.md "Speed").
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
 * glyph once.  A number's glyph also draws the white face under it, so
 * a card is three <use>s: face and number, color letter, suit shape.
 */
#define GLYPH(id, under, y, size, text) \
    "<g id=\"tt-" id "\">" under "<text id=\"tt-" id "t\" " \
    "x=\"8\" y=\"" y "\" font-size=\"" size "\" " \
    "font-family=\"sans-serif\" font-weight=\"bold\" fill=\"#111\" " \
    "text-anchor=\"middle\">" text "</text><use href=\"#tt-" id "t\" " \
    "transform=\"rotate(180 25 35)\"/></g>"
#define NUM(id, text) \
    GLYPH(id, "<use href=\"#tt-face\"/>", "15", "14", text)
#define COL(id, text)	GLYPH(id, "", "25", "9", text)

/* The glyph ids' letters: number_ids[n], then color_letters[col]. */
static const char *const number_ids[] = { "1", "2", "3", "4", "Q" };

/*
 * The defs in two parts: what a card of the Squares deck (numbers 1-4,
 * red, yellow, green, blue, the first four shapes: Gin Vodka's deck)
 * refers to, and what the rest of the full deck adds (black, the blob,
 * the question mark, the jokers).  One pattern per color: the fill
 * color and a texture that survives any color vision (solid, stripes,
 * dots, grid, diagonals).
 */
#define DEFS_OPEN \
    "<svg class=\"card-defs\" width=\"0\" height=\"0\" " \
    "aria-hidden=\"true\"><defs>"
#define DEFS_CLOSE	"</defs></svg>"

static const char defs_squares[] =
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
    /* The back: the pattern inside a white frame. */
    "<g id=\"tt-backface\"><rect x=\"1\" y=\"1\" width=\"48\" height=\"68\" "
    "rx=\"5\" fill=\"url(#tt-back)\" stroke=\"#333\" stroke-width=\"1.2\"/>"
    "<rect x=\"6\" y=\"6\" width=\"38\" height=\"58\" rx=\"3\" fill=\"none\" "
    "stroke=\"#fff\" stroke-width=\"1\"/></g>"
    /*
     * The corner glyphs: the number (tt-n1..4) and under it the color
     * letter (tt-cR..B).
     */
    NUM("n1", "1") NUM("n2", "2") NUM("n3", "3") NUM("n4", "4")
    COL("cR", "R") COL("cY", "Y") COL("cG", "G") COL("cB", "B");

static const char defs_more[] =
    "<pattern id=\"tt-K\" width=\"5\" height=\"5\" "
    "patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">"
    "<rect width=\"5\" height=\"5\" fill=\"#222\"/>"
    "<rect width=\"1.6\" height=\"5\" fill=\"#fff\"/></pattern>"
    "<path id=\"tt-blob\" d=\"M15 33C12 25 23 22 27 27C32 21 41 26 37 34C43 "
    "41 36 51 28 46C22 53 11 48 15 41C10 39 11 35 15 33Z\" stroke=\"#222\" "
    "stroke-width=\"1.5\"/>"
    "<polygon id=\"tt-star\" points=\"25,23 28.5,33 39,33 30.5,39.5 33.5,50 "
    "25,43.5 16.5,50 19.5,39.5 11,33 21.5,33\" stroke=\"#222\" "
    "stroke-width=\"1.5\"/>"
    /* tt-nQ is drawn "?"; a joker shows J over its 1 or 2. */
    NUM("nQ", "?") NUM("nJ", "J")
    COL("cK", "K") COL("c1", "1") COL("c2", "2");

void
cards_defs(struct buf *b)
{
	buf_puts(b, DEFS_OPEN);
	buf_put(b, defs_squares, sizeof(defs_squares) - 1);
	buf_put(b, defs_more, sizeof(defs_more) - 1);
	buf_puts(b, DEFS_CLOSE);
}

void
cards_defs_squares(struct buf *b)
{
	buf_puts(b, DEFS_OPEN);
	buf_put(b, defs_squares, sizeof(defs_squares) - 1);
	buf_puts(b, DEFS_CLOSE);
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

size_t
cards_short(card_t c, char *out, size_t outsz)
{
	static const char *const signs[CARD_SUIT__MAX] = {
		"\xe2\x97\x8f", "\xe2\x99\xa5", "\xe2\x96\xb2", "\xe2\x96\xa0",
		"\xe2\x98\x81"
	};
	static const char	 numbers[] = "1234?", colors[] = "RYGBK";
	size_t			 n = 0;
	char			 head[3];

	if (outsz > 0)
		out[0] = '\0';
	if (!card_valid(CARD_TT, c)) {
		cat(out, outsz, &n, "?");
		return n;
	}
	if (c == CARD_TT_JK1 || c == CARD_TT_JK2) {
		cat(out, outsz, &n, c == CARD_TT_JK1 ? "Joker 1" : "Joker 2");
		return n;
	}
	head[0] = numbers[card_tt_number(c)];
	head[1] = colors[card_tt_color(c)];
	head[2] = '\0';
	cat(out, outsz, &n, head);
	cat(out, outsz, &n, signs[card_tt_suit(c)]);
	return n;
}

/*
 * The size comes from cards.css (every page with cards links it), the
 * accessible name from <title> (an svg with role="img" is named by its
 * title), so neither is repeated on each card.
 */
void
cards_svg_open(struct buf *b, const char *cls, const char *tok,
    const char *label, const char *note)
{
	buf_puts(b, "<svg class=\"");
	buf_puts(b, cls);
	buf_puts(b, "\" viewBox=\"0 0 50 70\" role=\"img\"");
	if (tok != NULL) {
		buf_puts(b, " data-card=\"");
		buf_puts(b, tok);
		buf_puts(b, "\"");
	}
	buf_puts(b, "><title>");
	esc_html_str(b, label);
	if (note != NULL && *note != '\0') {
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

static const char back_use[] = "<use href=\"#tt-backface\"/></svg>";

void
cards_back_svg(struct buf *b)
{
	cards_svg_open(b, "card", NULL, "face-down card", NULL);
	buf_put(b, back_use, sizeof(back_use) - 1);
}

/* n >= 0 in decimal, without printf. */
static void
put_num(struct buf *b, int n)
{
	char	 d[12];
	size_t	 i = sizeof(d);

	do {
		d[--i] = (char)('0' + n % 10);
		n /= 10;
	} while (n > 0 && i > 0);
	buf_put(b, d + i, sizeof(d) - i);
}

void
cards_backs_svg(struct buf *b, int n)
{
	int	 i, w;

	if (n <= 0)
		return;
	w = 50 + CARDS_FAN_STEP * (n - 1);
	buf_puts(b, "<svg class=\"fan\" viewBox=\"0 0 ");
	put_num(b, w);
	buf_puts(b, " 70\" width=\"");
	put_num(b, w);
	buf_puts(b, "\" height=\"70\" aria-hidden=\"true\">"
	    "<use href=\"#tt-backface\"/>");
	for (i = 1; i < n; i++) {
		buf_puts(b, "<use href=\"#tt-backface\" x=\"");
		put_num(b, CARDS_FAN_STEP * i);
		buf_puts(b, "\"/>");
	}
	buf_puts(b, "</svg>");
}

static void
joker(struct buf *b, card_t c, const char *tok, const char *label,
    const char *note)
{
	cards_svg_open(b, "card", tok, label, note);
	corners(b, "J", c == CARD_TT_JK1 ? "1" : "2");
	buf_puts(b, "<use href=\"#tt-star\" fill=\"url(#tt-K)\"/></svg>");
}

static void draw(struct buf *b, card_t c, const char *note);

/*
 * The faces without a note and the labels, made once per process: a
 * page shows dozens of cards, and each is then a pointer to these (no
 * copy at all where a page keeps the pointer).  Faces are well under
 * FACE_MAX.
 */
enum { FACE_MAX = 512, CARDS_TT_IDS = CARD_TT_JK2 + 1 };

static struct {
	unsigned short	 len;		/* 0: not drawn yet */
	char		 s[FACE_MAX];	/* NUL-terminated */
} faces[CARDS_TT_IDS];

static char	 labels[CARDS_TT_IDS][CARDS_LABEL_MAX];	/* "": not yet */

const char *
cards_label_str(card_t c)
{
	if (c >= CARDS_TT_IDS || !card_valid(CARD_TT, c))
		return "unknown card";
	if (labels[c][0] == '\0')
		cards_label(c, labels[c], sizeof(labels[c]));
	return labels[c];
}

const char *
cards_face(card_t c, size_t *len)
{
	struct arena	 a;
	struct buf	 f;

	if (c >= CARDS_TT_IDS || !card_valid(CARD_TT, c))
		return NULL;
	if (faces[c].len == 0) {
		arena_init(&a, 0);
		buf_init(&f, &a);
		draw(&f, c, NULL);
		if (f.failed || f.len >= FACE_MAX) {
			arena_free(&a);
			return NULL;
		}
		memcpy(faces[c].s, f.data, f.len + 1);
		faces[c].len = (unsigned short)f.len;
		arena_free(&a);
	}
	if (len != NULL)
		*len = faces[c].len;
	return faces[c].s;
}

void
cards_svg(struct buf *b, card_t c, const char *note)
{
	const char	*s;
	size_t		 n;

	if ((note != NULL && *note != '\0') || (s = cards_face(c, &n)) == NULL)
		draw(b, c, note);
	else
		buf_put(b, s, n);
}

static void
draw(struct buf *b, card_t c, const char *note)
{
	const char	*label = cards_label_str(c);
	char		 tok[CARD_TEXT_MAX];
	int		 col, s;

	if (!card_valid(CARD_TT, c)) {
		cards_svg_open(b, "card", NULL, label, note);
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
	cards_svg_open(b, "card", tok, label, note);
	corners(b, number_ids[card_tt_number(c)], color_letters[col]);
	buf_puts(b, "<use href=\"#tt-");
	buf_puts(b, suit_words[s]);
	buf_puts(b, "\" fill=\"url(#tt-");
	buf_puts(b, color_letters[col]);
	buf_puts(b, ")\"/></svg>");
}
