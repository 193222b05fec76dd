/*
 * words.h: where the moves in words go (prefix words_).
 *
 * A game's web side writes a move in words once, to a struct words, and
 * the same sentence comes out as HTML for the pages (names escaped, a
 * card as its face inside an <abbr> whose title says it in words) or
 * as plain text for the mail (the face alone, nothing escaped).  Mail
 * is never made by stripping the tags off a page.
 */
#ifndef TOPPER_WORDS_H
#define TOPPER_WORDS_H

#include <stddef.h>

#include "card.h"

struct buf;

struct words {
	struct buf	*b;
	int		 text;		/* plain text, not HTML */
	int		 faces;		/* HTML, cards as their faces in text */
};

/*
 * Words to b: HTML (words_html), plain text (words_text), or HTML for a
 * mail (words_faces: a card as its face in bold text, 10♥ or 3R♥,
 * which a mail reader shows without pictures and a plain-text reader
 * keeps).
 */
struct words	words_html(struct buf *b);
struct words	words_text(struct buf *b);
struct words	words_faces(struct buf *b);

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
 * Card c of deck k by its face, as a person reads it (the notation is
 * for the API, the rules' notation section and moves typed by reply):
 * in HTML <abbr title="red heart 3 (3Rh)">3R♥</abbr>, a standard card
 * <abbr title="ten of hearts (TH)">10♥</abbr>; in plain text the face
 * alone, 3R♥ or 10♥.
 */
void	words_card(struct words *w, enum card_kind k, card_t c);

enum {
	WORDS_FACE_MAX = 16		/* "3R♥", "10♥" or "Joker 2" + NUL */
};

/*
 * The same face as plain text into out, for sentences a game's page
 * builds with printf and its template escapes (a hand's end, a status
 * line): 3R♥ or 10♥; a card no face names keeps its token.  Returns
 * out, NUL-terminated and truncated to outsz.
 */
char	*words_face(enum card_kind k, card_t c, char *out, size_t outsz);

#endif /* TOPPER_WORDS_H */
