/*
 * card.h: Triple Topper and standard cards as small integers.
 *
 * A card is a uint8_t so hands are plain arrays and bots stay fast.
 * Triple Topper ids are 25*n + 5*c + s (RULES.md 0.1): 0..124, jokers
 * JK1 = 125 and JK2 = 126.  Standard ids are 13*suit + rank (0..51) and
 * JK = 52; copies of a standard card share an id.  The two families
 * overlap as integers, so every text function names the family.
 * Nothing here allocates or does I/O.
 */
#ifndef TOPPER_CARD_H
#define TOPPER_CARD_H

#include <stddef.h>
#include <stdint.h>

typedef uint8_t card_t;

enum card_kind {
	CARD_TT,		/* Triple Topper: "3Rh", "JK1" */
	CARD_STD		/* standard: "TS", "JK" */
};

enum card_number { CARD_N1, CARD_N2, CARD_N3, CARD_N4, CARD_NQ };
enum card_color { CARD_RED, CARD_YELLOW, CARD_GREEN, CARD_BLUE,
	CARD_BLACK, CARD_COLOR__MAX };
enum card_suit { CARD_CIRCLE, CARD_HEART, CARD_TRIANGLE, CARD_SQUARE,
	CARD_BLOB, CARD_SUIT__MAX };

enum {
	CARD_TT_COUNT = 125,	/* ids 0..124 without jokers */
	CARD_TT_JK1 = 125,
	CARD_TT_JK2 = 126,
	CARD_STD_COUNT = 52,
	CARD_STD_JK = 52,
	CARD_NONE = 0xff,	/* "no card": never a valid card */
	CARD_TEXT_MAX = 4	/* "3Rh" or "JK1" plus NUL */
};

/* Triple Topper attributes, each an index 0..4 (4 is the special one). */
static inline int	card_tt_number(card_t c) { return c / 25; }
static inline int	card_tt_color(card_t c) { return (c / 5) % 5; }
static inline int	card_tt_suit(card_t c) { return c % 5; }
static inline card_t	card_tt_make(int n, int c, int s)
{ return (card_t)(25 * n + 5 * c + s); }

/* Number of special elements (Q, black, blob) on a Triple Topper card. */
int	card_tt_special(card_t c);

/*
 * How many of the three attributes two Triple Topper cards share
 * (inline: the bots' playouts call it in their inner loops).
 */
static inline int	card_tt_matches(card_t a, card_t b)
{
	return (card_tt_number(a) == card_tt_number(b)) +
	    (card_tt_color(a) == card_tt_color(b)) +
	    (card_tt_suit(a) == card_tt_suit(b));
}

/* Standard attributes: rank 0 (ace) .. 12 (king), suit 0..3 = S H D C. */
static inline int	card_std_rank(card_t c) { return c % 13; }
static inline int	card_std_suit(card_t c) { return c / 13; }

/*
 * Parse one card token of the given family, ignoring case.  On success
 * returns the id and, if end is not NULL, sets *end just past the
 * token; the token must end at NUL, space, '|', '=' or ','.  Returns
 * CARD_NONE and leaves *end alone on bad text.
 */
card_t	card_parse(enum card_kind k, const char *text, const char **end);

/* Writes the canonical token (at most CARD_TEXT_MAX bytes with NUL). */
size_t	card_format(enum card_kind k, card_t c, char out[CARD_TEXT_MAX]);

/* Is c a valid id of the family (jokers included)? */
int	card_valid(enum card_kind k, card_t c);

/*
 * Small card arrays (hands, melds), shared by every game.  Hands are
 * short, so the loops are plain.
 */
int	card_find(const card_t *a, int n, card_t c);	/* index, or -1 */
void	card_sort(card_t *a, int n);			/* by id */

/* Insert c into a[0..n-1], sorted by id, with room for one more. */
void	card_insert_sorted(card_t *a, int n, card_t c);

/*
 * Remove the first c from a[0..n-1], closing the gap; the freed last
 * slot becomes CARD_NONE.  Returns 0, or -1 (a unchanged) without c.
 */
int	card_remove(card_t *a, int n, card_t c);

/*
 * Is every a[0..n-1] CARD_NONE?  One memcmp of the array against itself
 * shifted by one: views' checks run it for every seat after every move.
 */
int	card_all_none(const card_t *a, size_t n);

#endif /* TOPPER_CARD_H */
