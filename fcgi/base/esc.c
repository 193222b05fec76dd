/*
 * esc.c: escaping for HTML, URL parts and JSON strings.
 *
 * Each escaper copies runs of safe bytes with one buf_put, so a page
 * made mostly of plain text costs a few copies, not one call per byte
 * (DESIGN.md "Speed").
 */
#include "esc.h"

#include <string.h>

#include "buf.h"

static const char hex[] = "0123456789ABCDEF";

/* The entity for an HTML-special byte, or NULL. */
static const char *
html_entity(unsigned char c)
{
	switch (c) {
	case '&':
		return "&amp;";
	case '<':
		return "&lt;";
	case '>':
		return "&gt;";
	case '"':
		return "&quot;";
	case '\'':
		return "&#39;";
	default:
		return NULL;
	}
}

void
esc_html(struct buf *b, const char *s, size_t n)
{
	const char	*ent;
	size_t		 i, start;

	for (i = start = 0; i < n; i++) {
		if ((ent = html_entity((unsigned char)s[i])) == NULL)
			continue;
		buf_put(b, s + start, i - start);
		buf_puts(b, ent);
		start = i + 1;
	}
	buf_put(b, s + start, n - start);
}

void
esc_html_str(struct buf *b, const char *s)
{
	esc_html(b, s, strlen(s));
}

static int
unreserved(unsigned char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
	    (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_' ||
	    c == '~';
}

static void
percent(struct buf *b, unsigned char c)
{
	char	 e[3];

	e[0] = '%';
	e[1] = hex[c >> 4];
	e[2] = hex[c & 0xf];
	buf_put(b, e, 3);
}

/* Percent-encoding shared by paths and query arguments. */
static void
url_encode(struct buf *b, const char *s, size_t n, int plus)
{
	size_t	 i, start;

	for (i = start = 0; i < n; i++) {
		unsigned char	 c = (unsigned char)s[i];

		if (unreserved(c))
			continue;
		buf_put(b, s + start, i - start);
		if (plus && c == ' ')
			buf_putc(b, '+');
		else
			percent(b, c);
		start = i + 1;
	}
	buf_put(b, s + start, n - start);
}

void
esc_url_path(struct buf *b, const char *s, size_t n)
{
	url_encode(b, s, n, 0);
}

void
esc_url_arg(struct buf *b, const char *s, size_t n)
{
	url_encode(b, s, n, 1);
}

/* Bytes the JSON escaper must rewrite at s[i]; 0 when none. */
static size_t
json_special(const unsigned char *s, size_t i, size_t n)
{
	if (s[i] < 0x20 || s[i] == '"' || s[i] == '\\' || s[i] == '<' ||
	    s[i] == '>' || s[i] == '&' || s[i] == 0x7f)
		return 1;
	/* U+2028 and U+2029 end a line in JavaScript. */
	if (s[i] == 0xe2 && i + 2 < n && s[i + 1] == 0x80 &&
	    (s[i + 2] == 0xa8 || s[i + 2] == 0xa9))
		return 3;
	return 0;
}

static void
json_put(struct buf *b, const unsigned char *s, size_t len)
{
	char	 e[6] = { '\\', 'u', '0', '0', '0', '0' };

	if (len == 3) {
		buf_puts(b, s[2] == 0xa8 ? "\\u2028" : "\\u2029");
		return;
	}
	switch (s[0]) {
	case '"':
		buf_puts(b, "\\\"");
		return;
	case '\\':
		buf_puts(b, "\\\\");
		return;
	case '\n':
		buf_puts(b, "\\n");
		return;
	case '\r':
		buf_puts(b, "\\r");
		return;
	case '\t':
		buf_puts(b, "\\t");
		return;
	}
	e[4] = hex[s[0] >> 4];
	e[5] = hex[s[0] & 0xf];
	buf_put(b, e, sizeof(e));
}

void
esc_json(struct buf *b, const char *s, size_t n)
{
	const unsigned char	*u = (const unsigned char *)s;
	size_t			 i, start, len;

	for (i = start = 0; i < n; ) {
		if ((len = json_special(u, i, n)) == 0) {
			i++;
			continue;
		}
		buf_put(b, s + start, i - start);
		json_put(b, u + i, len);
		i += len;
		start = i;
	}
	buf_put(b, s + start, n - start);
}

int
esc_hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}
