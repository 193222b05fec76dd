/*
 * text_utf8.h: UTF-8 checks for what comes in and what goes out (issue
 * 18: every JSON reply and every mail is valid UTF-8; refusals never
 * echo raw input bytes).
 *
 * Valid means RFC 3629: shortest forms only, no surrogates, nothing
 * above U+10FFFF.  Pure.
 */
#ifndef TOPPER_TEXT_UTF8_H
#define TOPPER_TEXT_UTF8_H

#include <stddef.h>

struct arena;

/* 1 when the n bytes at s are valid UTF-8 (NUL bytes count as valid). */
int	 text_utf8_valid(const char *s, size_t n);

/*
 * A copy of the NUL-terminated s in the arena with every invalid byte
 * replaced by U+FFFD and every control character but tab and newline
 * by '?': fit to quote in an answer.  NULL when the arena is full; ""
 * for NULL.
 */
char	*text_utf8_clean(struct arena *a, const char *s);

#endif /* TOPPER_TEXT_UTF8_H */
