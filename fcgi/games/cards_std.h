/*
 * cards_std.h: standard cards (engine/card.h CARD_STD: ranks A..K,
 * suits S H D C, jokers "JK") drawn as inline SVG, for Rummy 500 and
 * 12-Step Rummy.
 *
 * A face never relies on color: the corner shows the rank over the
 * suit letter (S H D C), the middle shows the suit's shape (spade,
 * heart, diamond, club all differ in outline), and red suits are drawn
 * as an outlined shape with a light fill while black suits are solid,
 * so red and black differ in shape and texture too.  A joker says
 * "JOKER" and draws a star.  A wild laid in a meld carries a band
 * "as 7H" with the suit shape, so the card it stands for is readable
 * on the table.  Every card is role="img" named by its <title> in
 * words: "seven of hearts (7H)", "joker (JK)", "two of spades (2S) as
 * seven of hearts (7H)"; its size comes from cards.css.
 *
 * The suit shapes live once per page in cards_std_defs(); a card
 * refers to them by id ("#cs-H"), so a page that draws standard cards
 * must include the defs once.  Output is appended to a buf; nothing
 * else is allocated, and a failed buf stays failed.
 */
#ifndef TOPPER_CARDS_STD_H
#define TOPPER_CARDS_STD_H

#include <stddef.h>

#include "card.h"

struct buf;

enum {
	/* "two of diamonds (2D) as queen of diamonds (QD)" fits twice. */
	CARDS_STD_LABEL_MAX = 96,
	/* "10♥" or "Joker" with NUL: the short text of a card. */
	CARDS_STD_SHORT_MAX = 8
};

/*
 * The label of a standard card in words with its token: "seven of
 * hearts (7H)", "ten of spades (TS)", "joker (JK)"; "unknown card"
 * for an id that is not one.  Returns the length written (always
 * NUL-terminated, truncated to outsz).
 */
size_t	cards_std_label(card_t c, char *out, size_t outsz);

/*
 * The label of a wild standing for another card: "two of spades (2S)
 * as seven of hearts (7H)"; as CARD_NONE gives the plain label.
 */
size_t	cards_std_wild_label(card_t wild, card_t as, char *out,
	    size_t outsz);

/*
 * The short text of a card for option lists and prose: "7♥", "10♠",
 * "Joker" (UTF-8); "?" for an id that is not a card.
 */
size_t	cards_std_short(card_t c, char *out, size_t outsz);

/* The rank or suit as a word: "seven", "hearts"; "" when out of range. */
const char	*cards_std_rank_word(int rank);
const char	*cards_std_suit_word(int suit);

/*
 * The <svg> of card c.  note, if not NULL or "", is appended to the
 * label after a comma ("seven of hearts (7H), just drawn") and is
 * HTML-escaped.  An id that is not a card draws a back labelled
 * "unknown card".
 */
void	cards_std_svg(struct buf *b, card_t c, const char *note);

/*
 * The <svg> of a wild (a deuce or a joker) laid as card as: the wild's
 * own face with a band "as 7♥" across its lower half, labelled by
 * cards_std_wild_label.  as == CARD_NONE draws plain cards_std_svg.
 */
void	cards_std_wild_svg(struct buf *b, card_t wild, card_t as,
	    const char *note);

/*
 * The <svg> of a wild in a set of rank (0 = ace .. 12 = king), which
 * stands for that rank in any suit: a band "as 7", labelled "two of
 * spades (2S) as a seven".  A rank out of range draws cards_std_svg.
 */
void	cards_std_set_wild_svg(struct buf *b, card_t wild, int rank,
	    const char *note);

/* The <svg> of a face-down card, labelled "face-down card". */
void	cards_std_back_svg(struct buf *b);

/*
 * The suit shapes every face refers to, as one hidden <svg> (zero
 * size, aria-hidden).  Emit it once per page.
 */
void	cards_std_defs(struct buf *b);

#endif /* TOPPER_CARDS_STD_H */
