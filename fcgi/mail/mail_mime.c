/*
 * mail_mime.c: writing a message with GMime (mail_mime.h).
 */
#include "mail_mime.h"

#include <stdio.h>
#include <string.h>

#include <gmime/gmime.h>

#include "arena.h"
#include "text_utf8.h"

void
mail_mime_init(void)
{
	static int	 done;

	if (!done) {
		g_mime_init();
		done = 1;
	}
}

/* Parse list and append its addresses to dst: 0, or -1 when none. */
static int
add_addresses(InternetAddressList *dst, const char *list)
{
	InternetAddressList	*l;
	int			 n;

	if (list == NULL || (l = internet_address_list_parse(NULL, list)) ==
	    NULL)
		return -1;
	n = internet_address_list_length(l);
	internet_address_list_append(dst, l);
	g_object_unref(l);
	return n > 0 ? 0 : -1;
}

/*
 * The extra "Name: value" lines as they are, CRLF-ended: our own lines
 * (Reply-To, List-Unsubscribe ...), ASCII, which GMime would fold into
 * encoded words when a URL runs past 76 columns.  Lines that are not
 * printable ASCII with a name are dropped.
 */
static char *
raw_headers(struct arena *a, const char *headers)
{
	const char	*p = headers, *e, *q;
	char		*out;
	size_t		 o = 0, n;

	if (headers == NULL)
		return arena_strdup(a, "");
	if ((out = arena_alloc(a, 2 * strlen(headers) + 3)) == NULL)
		return NULL;
	while (*p != '\0') {
		e = p + strcspn(p, "\r\n");
		n = (size_t)(e - p);
		for (q = p; q < e && *q >= 32 && *q < 127; q++)
			;
		if (q == e && n > 0 && memchr(p, ':', n) != NULL &&
		    *p != ':' && *p != ' ') {
			memcpy(out + o, p, n);
			o += n;
			memcpy(out + o, "\r\n", 2);
			o += 2;
		}
		p = e + strspn(e, "\r\n");
	}
	out[o] = '\0';
	return out;
}

/*
 * A text part of subtype holding text: UTF-8, quoted-printable.  Not
 * g_mime_text_part_set_text(), which would re-encode the text in the
 * smallest charset that holds it (ISO-8859-1 for most of ours).
 */
static GMimeObject *
text_part(const char *subtype, const char *text)
{
	GMimeTextPart	*tp = g_mime_text_part_new_with_subtype(subtype);
	GMimeStream	*st;
	GMimeDataWrapper *dw;

	st = g_mime_stream_mem_new_with_buffer(text, strlen(text));
	dw = g_mime_data_wrapper_new_with_stream(st,
	    GMIME_CONTENT_ENCODING_DEFAULT);
	g_mime_part_set_content(GMIME_PART(tp), dw);
	g_object_unref(dw);
	g_object_unref(st);
	g_mime_text_part_set_charset(tp, "utf-8");
	g_mime_part_set_content_encoding(GMIME_PART(tp),
	    GMIME_CONTENT_ENCODING_QUOTEDPRINTABLE);
	return GMIME_OBJECT(tp);
}

char *
mail_mime_write(struct arena *a, const char *from, const char *to,
    const char *subject, const char *text, const char *html,
    const char *headers, const char *message_id, int64_t date,
    size_t *len)
{
	GMimeMessage		*m;
	GMimeMultipart		*mp;
	GMimeObject		*body, *plain;
	GMimeFormatOptions	*fo;
	GDateTime		*dt;
	char			 boundary[40];
	char			*s = NULL, *out = NULL, *extra, *blank;
	size_t			 head;
	uint64_t		 h;
	size_t			 i;

	mail_mime_init();
	m = g_mime_message_new(TRUE);
	if (add_addresses(g_mime_message_get_from(m), from) != 0 ||
	    add_addresses(g_mime_message_get_to(m), to) != 0)
		goto out;
	g_mime_message_set_subject(m, text_utf8_clean(a, subject), "utf-8");
	dt = g_date_time_new_from_unix_utc(date);
	g_mime_message_set_date(m, dt);
	g_date_time_unref(dt);
	g_mime_message_set_message_id(m, message_id);
	g_mime_object_set_header(GMIME_OBJECT(m), "Auto-Submitted",
	    "auto-generated", NULL);
	plain = text_part("plain", text_utf8_clean(a, text));
	if (html == NULL)
		body = plain;
	else {
		/* The boundary from the Message-ID: stable across retries. */
		for (h = 1469598103934665603ULL, i = 0; message_id[i] != '\0';
		    i++)
			h = (h ^ (unsigned char)message_id[i]) *
			    1099511628211ULL;
		snprintf(boundary, sizeof(boundary), "=_topper_%016llx",
		    (unsigned long long)h);
		mp = g_mime_multipart_new_with_subtype("alternative");
		g_mime_multipart_set_boundary(mp, boundary);
		g_mime_multipart_add(mp, plain);
		g_object_unref(plain);
		plain = text_part("html", text_utf8_clean(a, html));
		g_mime_multipart_add(mp, plain);
		g_object_unref(plain);
		body = GMIME_OBJECT(mp);
	}
	g_mime_message_set_mime_part(m, body);
	g_object_unref(body);
	fo = g_mime_format_options_new();
	g_mime_format_options_set_newline_format(fo,
	    GMIME_NEWLINE_FORMAT_DOS);
	/* Our own header lines go in as they are, before the blank line. */
	if ((s = g_mime_object_to_string(GMIME_OBJECT(m), fo)) != NULL &&
	    (extra = raw_headers(a, headers)) != NULL &&
	    (blank = strstr(s, "\r\n\r\n")) != NULL) {
		head = (size_t)(blank - s) + 2;
		*len = strlen(s) + strlen(extra);
		if ((out = arena_alloc(a, *len + 1)) != NULL) {
			memcpy(out, s, head);
			memcpy(out + head, extra, strlen(extra));
			strcpy(out + head + strlen(extra), s + head);
		}
	}
	g_free(s);
	g_mime_format_options_free(fo);
out:
	g_object_unref(m);
	return out;
}
