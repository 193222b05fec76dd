/*
 * buf.h: a growable output buffer on an arena.
 *
 * Pages render into one buffer with plain copies (DESIGN.md "Speed": no
 * printf per fragment).  A failed growth is sticky in b->failed; later
 * appends do nothing, and the reply turns it into a 500.
 */
#ifndef TOPPER_BUF_H
#define TOPPER_BUF_H

#include <stdarg.h>
#include <stddef.h>

struct arena;

struct buf {
	struct arena	*arena;
	char		*data;		/* NUL-terminated while not failed */
	size_t		 len;
	size_t		 cap;
	int		 failed;
};

void	buf_init(struct buf *b, struct arena *a);
void	buf_put(struct buf *b, const char *s, size_t n);
void	buf_puts(struct buf *b, const char *s);
void	buf_putc(struct buf *b, char c);
void	buf_printf(struct buf *b, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
void	buf_vprintf(struct buf *b, const char *fmt, va_list ap);
void	buf_reset(struct buf *b);	/* empty, keeps the storage */

#endif /* TOPPER_BUF_H */
