/*
 * mail_html.h: the text/html part of a game mail, made from its text
 * part (prefix mail_html_), so both say the same thing.
 *
 * One column at most 600 px wide; every line escaped; a line's leading
 * spaces kept (as no-break spaces), long words and addresses broken
 * anywhere so nothing overflows; addresses become links; and the lines
 * of one-tap move links ("  MOVE  URL/m/TOKEN", mail_links.h) become
 * buttons, side by side as they fit.  Inline styles only: mail readers
 * drop style sheets.
 */
#ifndef TOPPER_MAIL_HTML_H
#define TOPPER_MAIL_HTML_H

struct arena;

/* The page for text under title, ending with a link (NULL: none). */
char	*mail_html_of_text(struct arena *a, const char *title,
	    const char *text, const char *link);

/*
 * A line of the text said otherwise in HTML: line (from 0) of text is
 * written as html (markup of the caller's, names already escaped)
 * instead, as the position's cards as faces where the text has their
 * notation (words_faces()).  Its leading spaces are kept.
 */
struct mail_html_alt {
	int		 line;
	const char	*html;
};

/* The same, with nalt lines of text replaced (alt in any order). */
char	*mail_html_of_text_alt(struct arena *a, const char *title,
	    const char *text, const char *link,
	    const struct mail_html_alt *alt, int nalt);

#endif /* TOPPER_MAIL_HTML_H */
