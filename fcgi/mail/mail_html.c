/*
 * mail_html.c: a game mail's HTML part from its text (mail_html.h).
 */
#include "mail_html.h"

#include <string.h>

#include "arena.h"
#include "buf.h"
#include "esc.h"

#define P_STYLE	"margin:0 0 14px;overflow-wrap:anywhere;word-break:break-word"
#define BUTTON	"display:inline-block;margin:0 8px 8px 0;padding:10px 16px;" \
		"border-radius:6px;background:#0b5c3b;color:#ffffff;" \
		"font-weight:bold;text-decoration:none"

/*
 * A move link line, "  MOVE  URL" with "/m/" in URL: sets the label's
 * and the URL's spans.
 */
static int
move_line(const char *p, size_t n, size_t *lab, size_t *url)
{
	size_t	 i;

	if (n < 4 || p[0] != ' ' || p[1] != ' ' || p[2] == ' ')
		return 0;
	for (i = n - 1; i > 3; i--)
		if (p[i - 2] == ' ' && p[i - 1] == ' ' &&
		    strncmp(p + i, "http", 4) == 0)
			break;
	if (i <= 3 || memchr(p + i, ' ', n - i) != NULL ||
	    memmem(p + i, n - i, "/m/", 3) == NULL)
		return 0;
	*lab = i - 2;
	*url = i;
	return 1;
}

/* One ordinary line: leading spaces kept, addresses as links. */
static void
put_line(struct buf *b, const char *p, size_t n)
{
	const char	*e = p + n, *h, *w;

	while (p < e && *p == ' ') {
		buf_puts(b, "&nbsp;");
		p++;
	}
	while (p < e) {
		h = memmem(p, (size_t)(e - p), "http", 4);
		if (h == NULL || (strncmp(h, "http://", 7) != 0 &&
		    strncmp(h, "https://", 8) != 0)) {
			esc_html(b, p, (size_t)((h != NULL ? h + 4 : e) - p));
			p = h != NULL ? h + 4 : e;
			continue;
		}
		esc_html(b, p, (size_t)(h - p));
		for (w = h; w < e && *w != ' '; w++)
			;
		/* A sentence's full stop is not part of the address. */
		while (w > h && strchr(".,;:)", w[-1]) != NULL)
			w--;
		buf_puts(b, "<a href=\"");
		esc_html(b, h, (size_t)(w - h));
		buf_puts(b, "\">");
		esc_html(b, h, (size_t)(w - h));
		buf_puts(b, "</a>");
		p = w;
	}
}

char *
mail_html_of_text(struct arena *a, const char *title, const char *text,
    const char *link)
{
	return mail_html_of_text_alt(a, title, text, link, NULL, 0);
}

/* The HTML given for line, or NULL. */
static const char *
alt_of(const struct mail_html_alt *alt, int nalt, int line)
{
	int	 i;

	for (i = 0; i < nalt; i++)
		if (alt[i].line == line)
			return alt[i].html;
	return NULL;
}

char *
mail_html_of_text_alt(struct arena *a, const char *title, const char *text,
    const char *link, const struct mail_html_alt *alt, int nalt)
{
	struct buf	 b;
	const char	*p, *q, *h;
	size_t		 n, lab, url;
	int		 open = 0;	/* 1: in a paragraph, 2: in buttons */
	int		 line = -1;

	buf_init(&b, a);
	buf_puts(&b, "<!DOCTYPE html>\n<html lang=\"en\"><head>"
	    "<meta charset=\"utf-8\"><meta name=\"viewport\" "
	    "content=\"width=device-width, initial-scale=1\"><title>");
	esc_html_str(&b, title);
	buf_puts(&b, "</title></head><body style=\"margin:0;padding:0\">\n"
	    "<div style=\"max-width:600px;margin:0 auto;padding:16px;"
	    "font-family:sans-serif;font-size:16px;line-height:1.45;"
	    "color:#1b1b1b\">\n");
	for (p = text; *p != '\0'; p = *q != '\0' ? q + 1 : q) {
		line++;
		q = strchr(p, '\n');
		if (q == NULL)
			q = p + strlen(p);
		n = (size_t)(q - p);
		if (n > 0 && p[n - 1] == '\r')
			n--;
		if (n == 0) {
			if (open)
				buf_puts(&b, "</p>\n");
			open = 0;
			continue;
		}
		if (move_line(p, n, &lab, &url)) {
			if (open == 1)
				buf_puts(&b, "</p>\n");
			if (open != 2)
				buf_puts(&b, "<p style=\"margin:0 0 10px\">");
			open = 2;
			buf_puts(&b, "<a style=\"" BUTTON "\" href=\"");
			esc_html(&b, p + url, n - url);
			buf_puts(&b, "\">");
			esc_html(&b, p + 2, lab - 2);
			buf_puts(&b, "</a>\n");
			continue;
		}
		if (open == 2)
			buf_puts(&b, "</p>\n");
		if (open != 1)
			buf_puts(&b, "<p style=\"" P_STYLE "\">");
		else
			buf_puts(&b, "<br>\n");
		open = 1;
		if ((h = alt_of(alt, nalt, line)) != NULL) {
			while (n > 0 && *p == ' ') {
				buf_puts(&b, "&nbsp;");
				p++;
				n--;
			}
			buf_puts(&b, h);
		} else
			put_line(&b, p, n);
	}
	if (open)
		buf_puts(&b, "</p>\n");
	if (link != NULL) {
		buf_puts(&b, "<p style=\"" P_STYLE "\"><a style=\"" BUTTON
		    "\" href=\"");
		esc_html_str(&b, link);
		buf_puts(&b, "\">Open the game</a></p>\n");
	}
	buf_puts(&b, "</div>\n</body></html>\n");
	buf_putc(&b, '\0');
	return b.failed ? NULL : b.data;
}
