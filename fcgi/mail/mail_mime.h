/*
 * mail_mime.h: the outgoing message, written with GMime.
 *
 * mail_compose_message() (mail_compose.h) calls it: From, To, Subject
 * (RFC 2047 encoded words when not ASCII), Date, Message-ID, MIME-
 * Version, Auto-Submitted, the extra header lines (ours, ASCII:
 * written as they are, since GMime would fold a long URL into encoded
 * words; a line that is not printable ASCII is dropped), and a text/plain
 * part, or a multipart/alternative of text/plain and text/html, each
 * UTF-8 quoted-printable, CRLF line endings.  The text is made valid
 * UTF-8 first (text_utf8_clean), so every mail is.  The boundary comes
 * from the Message-ID, so a retry sends the same bytes.  GMime is
 * started on first use (also by the parser, mail_in_mime.c).
 */
#ifndef TOPPER_MAIL_MIME_H
#define TOPPER_MAIL_MIME_H

#include <stddef.h>
#include <stdint.h>

struct arena;

/* Start GMime once per process (g_mime_init). */
void	 mail_mime_init(void);

/*
 * The message, NUL-terminated in the arena, *len its length; NULL when
 * the arena refused or an address could not be parsed.  from and to
 * are address lists ("Name <a@b>"); headers is "Name: value" lines
 * joined by CRLF (or LF), or NULL; html may be NULL; message_id has no
 * angle brackets; date is UTC seconds.
 */
char	*mail_mime_write(struct arena *a, const char *from, const char *to,
	    const char *subject, const char *text, const char *html,
	    const char *headers, const char *message_id, int64_t date,
	    size_t *len);

#endif /* TOPPER_MAIL_MIME_H */
