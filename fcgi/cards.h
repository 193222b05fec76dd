/*
 * cards.h: Triple Topper cards drawn as inline SVG (DESIGN.md "Pages
 * and the API").
 *
 * A face carries each attribute twice, so no player needs to tell
 * colors apart: the suit is a shape (circle, heart, triangle, square,
 * blob), the color is a fill AND a pattern (red solid, yellow
 * stripes, green dots, blue cross-hatch, black diagonals) AND its
 * letter in the corner, under the number (Q is drawn "?").  Every card
 * is role="img" with an aria-label and a <title> such as "red heart 3
 * (3Rh)", so screen readers and tooltips read it in words.
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
	CARDS_LABEL_MAX = 64		/* "yellow triangle question mark (QYt)" + NUL */
};

/*
 * The label of a Triple Topper card in words with its token:
 * "red heart 3 (3Rh)", "black blob question mark (QKb)", "joker 1
 * (JK1)"; "unknown card" for an id that is not one.  Returns the
 * length written (always NUL-terminated, truncated to outsz).
 */
size_t	cards_label(card_t c, char *out, size_t outsz);

/*
 * The <svg> of card c.  note, if not NULL or "", is appended to the
 * label after a comma ("red heart 3 (3Rh), just drawn") and is
 * HTML-escaped.  An id that is not a card draws a back labelled
 * "unknown card".
 */
void	cards_svg(struct buf *b, card_t c, const char *note);

/* The <svg> of a face-down card, labelled "face-down card". */
void	cards_back_svg(struct buf *b);

/*
 * The pattern definitions every card refers to, as one hidden <svg>
 * (zero size, aria-hidden).  Emit it once per page, before or after
 * the cards.
 */
void	cards_defs(struct buf *b);

#endif /* TOPPER_CARDS_H */
