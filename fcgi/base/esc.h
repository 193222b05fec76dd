/*
 * esc.h: escaping for HTML text and attributes, URL parts and JSON
 * strings (STYLE.md 3.6).
 *
 * Every function appends to a buf and never fails on its own; a failed
 * growth is sticky in the buf.  Input is bytes: s need not be NUL-
 * terminated, and invalid UTF-8 passes through the HTML escaper as is
 * (the form validators keep it out of stored text).
 */
#ifndef TOPPER_ESC_H
#define TOPPER_ESC_H

#include <stddef.h>

struct buf;

/*
 * HTML: & < > " ' become entities, everything else is copied.  The same
 * output is safe in element text and in quoted attribute values.
 */
void	esc_html(struct buf *b, const char *s, size_t n);
void	esc_html_str(struct buf *b, const char *s);

/*
 * URL path segment: every byte outside A-Z a-z 0-9 - . _ ~ becomes %XX
 * (upper-case hex), "/" included, so a name cannot add a segment.
 */
void	esc_url_path(struct buf *b, const char *s, size_t n);

/*
 * URL query name or value: the same unreserved set is kept, a space
 * becomes "+", everything else %XX, so "&", "=", "+" and "#" are safe.
 */
void	esc_url_arg(struct buf *b, const char *s, size_t n);

/*
 * JSON string contents, without the surrounding quotes: " and \ are
 * backslashed, control characters and < > & U+2028 U+2029 become \uXXXX
 * (safe even if the text ends up inside HTML).
 */
void	esc_json(struct buf *b, const char *s, size_t n);

/* The value of one hex digit (either case), or -1 for any other byte. */
int	esc_hexval(int c);

#endif /* TOPPER_ESC_H */
