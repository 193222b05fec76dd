/*
 * cards.h: Triple Topper cards drawn as inline SVG (DESIGN.md "Pages
 * and the API").
 *
 * A face carries each attribute twice, so no player needs to tell
 * colors apart: the suit is a shape (circle, heart, triangle, square,
 * blob), the color is a fill AND a pattern (red solid, yellow
 * stripes, green dots, blue cross-hatch, black diagonals) AND its
 * letter in the corner, under the number (Q is drawn "?").  Every card
 * is role="img" named by its <title>, such as "red heart 3 (3Rh)", so
 * screen readers and tooltips read it in words.  Its size comes from
 * static/css/cards.css (svg.card), which every page with cards links.
 *
 * The patterns live once per page in cards_defs(); a card refers to
 * them by id ("url(#tt-Y)"), so a page that draws cards must include
 * the defs (pages put them in a *_html key).  Output is appended to a
 * buf; nothing else is allocated, and a failed buf stays failed.
 */
#ifndef TOPPER_CARDS_H
#define TOPPER_CARDS_H

#include <stddef.h>

#include "card.h"

struct buf;

enum {
	CARDS_LABEL_MAX = 64,		/* "yellow triangle question mark (QYt)" + NUL */
	CARDS_FAN_STEP = 17		/* cards_backs_svg: back to back */
};

/*
 * The label of a Triple Topper card in words with its token:
 * "red heart 3 (3Rh)", "black blob question mark (QKb)", "joker 1
 * (JK1)"; "unknown card" for an id that is not one.  Returns the
 * length written (always NUL-terminated, truncated to outsz).
 */
size_t	cards_label(card_t c, char *out, size_t outsz);

/*
 * The face of a Triple Topper card in text, as its board picture shows
 * it: the number ("?" for Q), the color's letter, the suit's shape as a
 * sign (circle ●, heart ♥, triangle ▲, square ■, blob ☁): "3R♥",
 * "?K☁"; "Joker 1", "Joker 2"; "?" for an id that is not one.  What a
 * person reads where the notation ("3Rh") is for typing.  Returns the
 * length written (NUL-terminated, truncated to outsz).
 */
size_t	cards_short(card_t c, char *out, size_t outsz);

enum {
	CARDS_SHORT_MAX = 16		/* "3R♥" or "Joker 2" + NUL */
};

/*
 * The <svg> of card c.  note, if not NULL or "", is appended to the
 * label after a comma ("red heart 3 (3Rh), just drawn") and is
 * HTML-escaped.  An id that is not a card draws a back labelled
 * "unknown card".
 */
void	cards_svg(struct buf *b, card_t c, const char *note);

/*
 * The opening <svg> of a card of class cls ("card", or "card std" for
 * cards_std.h's), with data-card="tok" unless tok is NULL, and its
 * <title>: label, then ", note" when there is one.
 */
void	cards_svg_open(struct buf *b, const char *cls, const char *tok,
	    const char *label, const char *note);

/*
 * The same, made once per process and kept until it exits: the label
 * of c ("unknown card" for an id that is not one), and the <svg> of c
 * without a note (NULL for an id that is not a card), its length in
 * *len if len is not NULL.  The bytes are those cards_label() and
 * cards_svg(b, c, NULL) write.
 */
const char	*cards_label_str(card_t c);
const char	*cards_face(card_t c, size_t *len);

/* The <svg> of a face-down card, labelled "face-down card". */
void	cards_back_svg(struct buf *b);

/*
 * A hidden hand of n cards as ONE <svg class="fan">: n backs, each
 * CARDS_FAN_STEP of the card's 50 units right of the one before, so
 * they overlap like cards held in a hand.  aria-hidden: the page says
 * how many cards it is in words.  Nothing for n <= 0.
 */
void	cards_backs_svg(struct buf *b, int n);

/*
 * The pattern definitions every card refers to, as one hidden <svg>
 * (zero size, aria-hidden).  Emit it once per page, before or after
 * the cards.
 */
void	cards_defs(struct buf *b);

/*
 * The same for a page that shows only cards of the Squares deck
 * (deck_has(DECK_SQUARES, c): Gin Vodka's): about a third smaller.
 */
void	cards_defs_squares(struct buf *b);

#endif /* TOPPER_CARDS_H */
