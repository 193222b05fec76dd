/* words.c: moves in words as HTML or plain text (words.h). */
#include "words.h"

#include <stdarg.h>
#include <stdio.h>

#include "buf.h"
#include "cards.h"
#include "cards_std.h"
#include "esc.h"
#include "page_game_kit.h"

struct words
words_html(struct buf *b)
{
	struct words	 w = { b, 0, 0 };

	return w;
}

struct words
words_text(struct buf *b)
{
	struct words	 w = { b, 1, 0 };

	return w;
}

struct words
words_faces(struct buf *b)
{
	struct words	 w = { b, 0, 1 };

	return w;
}

void
words_put(struct words *w, const char *s)
{
	buf_puts(w->b, s);
}

void
words_putc(struct words *w, char c)
{
	buf_putc(w->b, c);
}

void
words_printf(struct words *w, const char *fmt, ...)
{
	va_list	 ap;

	va_start(ap, fmt);
	buf_vprintf(w->b, fmt, ap);
	va_end(ap);
}

void
words_name(struct words *w, const char *s)
{
	if (w->text)
		buf_puts(w->b, s);
	else
		esc_html_str(w->b, s);
}

void
words_code(struct words *w, const char *s)
{
	if (w->text) {
		buf_puts(w->b, s);
		return;
	}
	buf_puts(w->b, "<code>");
	esc_html_str(w->b, s);
	buf_puts(w->b, "</code>");
}

char *
words_face(enum card_kind k, card_t c, char *out, size_t outsz)
{
	char	 tok[CARD_TEXT_MAX];

	if (outsz == 0)
		return out;
	/* The face, as on a page; a card no face names keeps its token. */
	if (k == CARD_STD && card_valid(CARD_STD, c))
		cards_std_short(c, out, outsz);
	else if (k == CARD_TT && card_valid(CARD_TT, c))
		cards_short(c, out, outsz);
	else {
		card_format(k, c, tok);
		snprintf(out, outsz, "%s", tok);
	}
	return out;
}

void
words_card(struct words *w, enum card_kind k, card_t c)
{
	char	 face[WORDS_FACE_MAX];

	if (w->faces) {
		words_face(k, c, face, sizeof(face));
		buf_puts(w->b, "<b>");
		esc_html_str(w->b, face);
		buf_puts(w->b, "</b>");
		return;
	}
	if (!w->text) {
		page_game_put_card(w->b, k, c);
		return;
	}
	buf_puts(w->b, words_face(k, c, face, sizeof(face)));
}
