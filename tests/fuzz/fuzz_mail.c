/*
 * fuzz_mail.c: the reply parser of "topper mail-in" (mail_in.h), which
 * reads the message with GMime (fcgi/mail_in_mime.c).
 *
 * The input is parsed as a whole message (headers, MIME parts, transfer
 * encodings and charsets all through GMime), then fed to the first-line
 * finder on its own.  Invariants checked: a refusal says why; the move
 * line, sender and Message-ID are C strings within their buffers, on
 * one line; every token found is TOKEN_TEXT_LEN characters.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "mail_in.h"

int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
one_line(const char *s, size_t max)
{
	size_t	 n = strnlen(s, max);

	if (n >= max || strpbrk(s, "\r\n") != NULL)
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char	*in = (const char *)data;
	struct mail_in	 m;
	struct arena	 a;
	char		 why[MAIL_IN_WHY_MAX], line[MAIL_IN_LINE_MAX];
	int		 i;

	arena_init(&a, 1 << 24);
	if (mail_in_parse(&a, in, size, &m, why) != 0) {
		if (why[0] == '\0')
			abort();
	} else {
		one_line(m.line, sizeof(m.line));
		one_line(m.from, sizeof(m.from));
		one_line(m.message_id, sizeof(m.message_id));
		if (strchr(m.from, ' ') != NULL ||
		    (m.from[0] != '\0' && strchr(m.from, '@') == NULL))
			abort();
		if (m.ntokens < 0 || m.ntokens > MAIL_IN_TOKENS_MAX)
			abort();
		for (i = 0; i < m.ntokens; i++)
			if (strlen(m.tokens[i]) != TOKEN_TEXT_LEN)
				abort();
		if (!m.has_text && (m.line[0] != '\0' || m.text_why[0] ==
		    '\0'))
			abort();
	}
	if (mail_in_first_line(in, size, line) != strlen(line))
		abort();
	one_line(line, sizeof(line));
	arena_free(&a);
	return 0;
}
