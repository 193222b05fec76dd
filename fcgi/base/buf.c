/*
 * buf.c: a growable output buffer on an arena.
 *
 * Storage doubles on growth, so a page of n bytes costs O(n) copies
 * and leaves at most about n bytes of old storage in the arena until
 * the request ends.  Until the first append the buffer points at a
 * shared empty string, so buf_init() cannot fail.
 */
#include "buf.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "arena.h"

enum { BUF_MIN = 256 };

static char	 empty[1];	/* data of a buffer with no storage yet */

void
buf_init(struct buf *b, struct arena *a)
{
	b->arena = a;
	b->data = empty;
	b->len = 0;
	b->cap = 0;
	b->failed = 0;
}

/* Room for n more bytes plus the NUL; 0 on success, -1 failed. */
static int
reserve(struct buf *b, size_t n)
{
	size_t	 cap;
	char	*p;

	if (b->failed)
		return -1;
	if (b->cap - b->len > n)	/* cap is 0 or at least len + 1 */
		return 0;
	if (n > SIZE_MAX / 2 - b->len - 1) {
		b->failed = 1;
		return -1;
	}
	cap = b->cap ? b->cap : BUF_MIN;
	while (cap < b->len + n + 1)
		cap *= 2;
	if ((p = arena_alloc(b->arena, cap)) == NULL) {
		b->failed = 1;
		return -1;
	}
	memcpy(p, b->data, b->len + 1);
	b->data = p;
	b->cap = cap;
	return 0;
}

void
buf_put(struct buf *b, const char *s, size_t n)
{
	if (reserve(b, n) != 0)
		return;
	if (n > 0)
		memcpy(b->data + b->len, s, n);
	b->len += n;
	b->data[b->len] = '\0';
}

void
buf_puts(struct buf *b, const char *s)
{
	buf_put(b, s, strlen(s));
}

void
buf_putc(struct buf *b, char c)
{
	if (reserve(b, 1) != 0)
		return;
	b->data[b->len++] = c;
	b->data[b->len] = '\0';
}

void
buf_printf(struct buf *b, const char *fmt, ...)
{
	va_list	 ap;

	va_start(ap, fmt);
	buf_vprintf(b, fmt, ap);
	va_end(ap);
}

void
buf_vprintf(struct buf *b, const char *fmt, va_list ap)
{
	va_list	 again;
	size_t	 room;
	int	 n;

	if (b->failed)
		return;
	room = b->cap ? b->cap - b->len : 0;
	va_copy(again, ap);
	n = vsnprintf(room ? b->data + b->len : NULL, room, fmt, ap);
	if (n < 0) {
		b->failed = 1;
		va_end(again);
		return;
	}
	if ((size_t)n >= room) {
		if (reserve(b, (size_t)n) != 0) {
			va_end(again);
			return;
		}
		vsnprintf(b->data + b->len, (size_t)n + 1, fmt, again);
	}
	va_end(again);
	b->len += (size_t)n;
}

void
buf_reset(struct buf *b)
{
	b->len = 0;
	if (b->cap != 0)
		b->data[0] = '\0';
}
