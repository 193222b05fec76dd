/*
 * text_utf8.c: UTF-8 validation and cleaning (text_utf8.h).
 */
#include "text_utf8.h"

#include <stdint.h>
#include <string.h>

#include "arena.h"

/* Length of the valid sequence at s (n bytes left), or 0. */
static size_t
seq_len(const unsigned char *s, size_t n)
{
	uint32_t	 cp;
	size_t		 len, i;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		len = 2, cp = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		len = 3, cp = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		len = 4, cp = s[0] & 0x07;
	else
		return 0;
	if (len > n)
		return 0;
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if ((len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
	    (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
		return 0;
	return len;
}

int
text_utf8_valid(const char *s, size_t n)
{
	const unsigned char	*p = (const unsigned char *)s;
	size_t			 i = 0, k;

	while (i < n) {
		if ((k = seq_len(p + i, n - i)) == 0)
			return 0;
		i += k;
	}
	return 1;
}

char *
text_utf8_clean(struct arena *a, const char *s)
{
	const unsigned char	*p = (const unsigned char *)s;
	char			*out;
	size_t			 n, i = 0, o = 0, k;

	if (s == NULL)
		return arena_strdup(a, "");
	n = strlen(s);
	/* Each bad byte becomes 3 bytes at most. */
	if ((out = arena_alloc(a, 3 * n + 1)) == NULL)
		return NULL;
	while (i < n) {
		if ((k = seq_len(p + i, n - i)) == 0) {
			memcpy(out + o, "\xef\xbf\xbd", 3);
			o += 3;
			i++;
			continue;
		}
		if (k == 1 && (p[i] < 0x20 || p[i] == 0x7f) && p[i] != '\t' &&
		    p[i] != '\n')
			out[o++] = '?';
		else {
			memcpy(out + o, p + i, k);
			o += k;
		}
		i += k;
	}
	out[o] = '\0';
	return out;
}
