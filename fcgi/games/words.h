/*
 * words.h: where the moves in words go (prefix words_).
 *
 * A game's web side writes a move in words once, to a struct words, and
 * the same sentence comes out as HTML for the pages (names escaped, a
 * card as its token inside an <abbr> whose title says it in words) or
 * as plain text for the mail (the token alone, nothing escaped).  Mail
 * is never made by stripping the tags off a page.
 */
#ifndef TOPPER_WORDS_H
#define TOPPER_WORDS_H

#include "card.h"

struct buf;

struct words {
	struct buf	*b;
	int		 text;		/* plain text, not HTML */
	int		 faces;		/* HTML, cards as their faces in text */
};

/*
 * Words to b: HTML (words_html), plain text (words_text), or HTML for a
 * mail (words_faces: a card as its face in bold text, 10♥ or "red
 * heart 3", which a mail reader shows without pictures and a
 * plain-text reader keeps).
 */
struct words	words_html(struct buf *b);
struct words	words_text(struct buf *b);
struct words	words_faces(struct buf *b);

/*
 * The face of card c of deck k in text, as the pages draw it: a
 * standard card "10♥", "Joker"; a Triple Topper card its color, suit and
 * number, "red heart 3", "yellow triangle question mark".  Returns the
 * length written (NUL-terminated, truncated to outsz).
 */
size_t	words_face(enum card_kind k, card_t c, char *out, size_t outsz);

/* Text of our own, which holds no markup: written as it is. */
void	words_put(struct words *w, const char *s);
void	words_putc(struct words *w, char c);
void	words_printf(struct words *w, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));

/* Text from outside (a player's name): escaped in HTML. */
void	words_name(struct words *w, const char *s);

/* A move's text as typed: in <code> (escaped) in HTML, as it is in plain text. */
void	words_code(struct words *w, const char *s);

/*
 * Card c of deck k: in HTML <abbr title="red heart 3 (3Rh)">3Rh</abbr>,
 * a standard card by its face (<abbr title="ten of hearts (TH)">10♥
 * </abbr>); in plain text its token, 3Rh or TH (the notation a move by
 * reply is typed in).
 */
void	words_card(struct words *w, enum card_kind k, card_t c);

#endif /* TOPPER_WORDS_H */
