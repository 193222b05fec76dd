/*
 * mail_in_mime.c: reading one RFC 5322 message for moves by reply
 * (mail_in.h), with GMime.
 *
 * GMime parses the message: headers (folded, RFC 2047 encoded words),
 * address lists, MIME multipart nesting, quoted-printable and base64,
 * and converts the text part from its charset (windows-1252,
 * ISO-8859-1, ...) to UTF-8.  What is ours: which headers matter, which
 * part is the reply (the first text/plain that is not an attachment),
 * and the first line that is not quoted (mail_in_first_line).  Nothing
 * here touches the database or the clock, so the fuzz target
 * (tests/fuzz/fuzz_mail.c) runs it on any bytes.
 */
#include "mail_in.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include <gmime/gmime.h>

#include "arena.h"
#include "mail_mime.h"

/* Where the recipient headers are looked at for a token, best first. */
static const char *const rcpt_headers[] = { "Delivered-To",
    "X-Original-To", "Envelope-To", "To", "Cc", NULL };

static const char *
line_end(const char *p, const char *end)
{
	const char	*nl = memchr(p, '\n', (size_t)(end - p));

	return nl != NULL ? nl + 1 : end;
}

/* A header field name at p: printable ASCII but ':', then ':'. */
static int
header_first(const char *p, const char *end)
{
	const char	*s = p;

	while (p < end && *p > ' ' && *p < 127 && *p != ':')
		p++;
	return p > s && p < end && *p == ':';
}

/* Skip white space and a UTF-8 no-break space or byte order mark. */
static const char *
skip_space(const char *p, const char *end)
{
	for (;;) {
		if (p < end && (*p == ' ' || *p == '\t' || *p == '\r'))
			p++;
		else if (end - p >= 2 && (unsigned char)p[0] == 0xc2 &&
		    (unsigned char)p[1] == 0xa0)
			p += 2;
		else if (end - p >= 3 && (unsigned char)p[0] == 0xef &&
		    (unsigned char)p[1] == 0xbb && (unsigned char)p[2] == 0xbf)
			p += 3;
		else
			return p;
	}
}

/* One line of text, without its end and the spaces around it. */
struct tline {
	const char	*s, *e;		/* trimmed */
	const char	*next;		/* the next line */
	int		 sig;		/* "-- " (before trimming) */
};

static void
tline_at(const char *p, const char *end, struct tline *l)
{
	const char	*e, *cr;

	l->next = line_end(p, end);
	e = l->next;
	if (e > p && e[-1] == '\n')
		e--;
	/* A CR ends the line too, with or without its LF. */
	if ((cr = memchr(p, '\r', (size_t)(e - p))) != NULL)
		e = cr;
	l->sig = (e - p == 3 && memcmp(p, "-- ", 3) == 0) ||
	    (e - p == 2 && memcmp(p, "--", 2) == 0);
	l->s = skip_space(p, e);
	while (e > l->s && (e[-1] == ' ' || e[-1] == '\t'))
		e--;
	l->e = e;
}

static int
starts(const struct tline *l, const char *w)
{
	size_t	 n = strlen(w);

	return (size_t)(l->e - l->s) >= n && strncasecmp(l->s, w, n) == 0;
}

/* The next line at p that holds something: 1 and *l, or 0. */
static int
next_nonblank(const char *p, const char *end, struct tline *l)
{
	while (p < end) {
		tline_at(p, end, l);
		if (l->s < l->e)
			return 1;
		p = l->next;
	}
	return 0;
}

/* A line ending in ':' just above quoted lines: an attribution. */
static int
attribution(const struct tline *l, const char *end)
{
	struct tline	 q;

	return l->e > l->s && l->e[-1] == ':' &&
	    next_nonblank(l->next, end, &q) && q.s < q.e && *q.s == '>';
}

size_t
mail_in_first_line(const char *text, size_t len, char out[MAIL_IN_LINE_MAX])
{
	const char	*p = text, *end = text + len;
	struct tline	 l, n;
	size_t		 k;

	out[0] = '\0';
	while (p < end) {
		tline_at(p, end, &l);
		p = l.next;
		if (l.sig || starts(&l, "-----Original Message") ||
		    starts(&l, "---------- Forwarded message") ||
		    starts(&l, "________________________________") ||
		    starts(&l, "Begin forwarded message"))
			break;
		if (l.s == l.e || *l.s == '>' || attribution(&l, end))
			continue;
		/* "On <date>, <name>" folded before its "wrote:" line. */
		if (starts(&l, "On ") && p < end) {
			tline_at(p, end, &n);
			if (!n.sig && n.s < n.e && *n.s != '>' &&
			    attribution(&n, end)) {
				p = n.next;
				continue;
			}
		}
		k = (size_t)(l.e - l.s);
		if (k >= MAIL_IN_LINE_MAX)
			k = MAIL_IN_LINE_MAX - 1;
		memcpy(out, l.s, k);
		out[k] = '\0';
		/* No NUL inside: the line is a C string from here on. */
		return strlen(out);
	}
	return 0;
}

/* Call fn on the address (addr-spec) of each mailbox of list v. */
static void
each_mailbox(GMimeParserOptions *po, const char *v,
    void (*fn)(void *, const char *), void *ctx)
{
	InternetAddressList	*l, *members;
	InternetAddress		*ia;
	const char		*addr;
	int			 i, j, n;

	if (v == NULL || (l = internet_address_list_parse(po, v)) == NULL)
		return;
	n = internet_address_list_length(l);
	for (i = 0; i < n; i++) {
		ia = internet_address_list_get_address(l, i);
		if (INTERNET_ADDRESS_IS_MAILBOX(ia)) {
			if ((addr = internet_address_mailbox_get_addr(
			    INTERNET_ADDRESS_MAILBOX(ia))) != NULL)
				fn(ctx, addr);
			continue;
		}
		if (!INTERNET_ADDRESS_IS_GROUP(ia))
			continue;
		members = internet_address_group_get_members(
		    INTERNET_ADDRESS_GROUP(ia));
		for (j = 0; members != NULL &&
		    j < internet_address_list_length(members); j++) {
			ia = internet_address_list_get_address(members, j);
			if (INTERNET_ADDRESS_IS_MAILBOX(ia) && (addr =
			    internet_address_mailbox_get_addr(
			    INTERNET_ADDRESS_MAILBOX(ia))) != NULL)
				fn(ctx, addr);
		}
	}
	g_object_unref(l);
}

static void
add_token(void *ctx, const char *addr)
{
	struct mail_in	*m = ctx;
	const char	*t;
	size_t		 n;
	int		 i;

	if ((t = token_in_address(addr, &n)) == NULL || n >= TOKEN_TEXT_MAX)
		return;
	for (i = 0; i < m->ntokens; i++)
		if (strlen(m->tokens[i]) == n &&
		    memcmp(m->tokens[i], t, n) == 0)
			return;
	if (m->ntokens < MAIL_IN_TOKENS_MAX) {
		memcpy(m->tokens[m->ntokens], t, n);
		m->tokens[m->ntokens++][n] = '\0';
	}
}

/* The first usable bare address into out (MAIL_IN_ADDR_MAX). */
static void
bare_first(void *ctx, const char *addr)
{
	char	*out = ctx;
	size_t	 n = strlen(addr), i;

	if (out[0] != '\0' || n == 0 || n >= MAIL_IN_ADDR_MAX ||
	    strchr(addr, '@') == NULL)
		return;
	for (i = 0; i < n; i++)
		if ((unsigned char)addr[i] <= 32 ||
		    (unsigned char)addr[i] >= 127 ||
		    strchr("<>()[]\\,;:\"", addr[i]) != NULL)
			return;
	memcpy(out, addr, n + 1);
}

/* The top-level headers that matter, and the automatic marks. */
struct top {
	const char	*from, *reply_to, *return_path;
	int		 automatic;
};

static void
top_headers(GMimeObject *o, GMimeParserOptions *po, struct mail_in *m,
    struct top *t)
{
	GMimeHeaderList	*hl = g_mime_object_get_header_list(o);
	GMimeHeader	*h;
	const char	*name, *v, *raw;
	int		 i, k, n;

	n = hl != NULL ? g_mime_header_list_get_count(hl) : 0;
	/* Recipients best first: all Delivered-To, then X-Original-To ... */
	for (k = 0; rcpt_headers[k] != NULL; k++)
		for (i = 0; i < n; i++) {
			h = g_mime_header_list_get_header_at(hl, i);
			if (strcasecmp(g_mime_header_get_name(h),
			    rcpt_headers[k]) == 0)
				each_mailbox(po, g_mime_header_get_raw_value(h),
				    add_token, m);
		}
	for (i = 0; i < n; i++) {
		h = g_mime_header_list_get_header_at(hl, i);
		name = g_mime_header_get_name(h);
		raw = g_mime_header_get_raw_value(h);
		if ((v = g_mime_header_get_value(h)) == NULL)
			v = "";
		if (strcasecmp(name, "From") == 0 && t->from == NULL)
			t->from = raw;
		else if (strcasecmp(name, "Reply-To") == 0 &&
		    t->reply_to == NULL)
			t->reply_to = raw;
		else if (strcasecmp(name, "Return-Path") == 0 &&
		    t->return_path == NULL)
			t->return_path = v;
		/* RFC 3834: never answer an automatic message. */
		else if (strcasecmp(name, "Auto-Submitted") == 0 &&
		    strncasecmp(v, "no", 2) != 0)
			t->automatic = 1;
		else if (strcasecmp(name, "Precedence") == 0 &&
		    (strcasecmp(v, "bulk") == 0 || strcasecmp(v, "junk") == 0 ||
		    strcasecmp(v, "list") == 0))
			t->automatic = 1;
		else if (strcasecmp(name, "X-Autoreply") == 0 ||
		    strcasecmp(name, "X-Autorespond") == 0 ||
		    strcasecmp(name, "List-Id") == 0)
			t->automatic = 1;
	}
}

/* What the walk found: the first text/plain part's text, as UTF-8. */
struct found {
	char		*text;		/* g_malloc'd */
	int		 html_seen;
};

static void
walk(GMimeObject *o, int depth, struct found *f)
{
	GMimeContentType	*ct;
	const char		*disp;
	int			 i, n;

	if (o == NULL || f->text != NULL || depth > MAIL_IN_DEPTH_MAX)
		return;
	if (GMIME_IS_MULTIPART(o)) {
		n = g_mime_multipart_get_count(GMIME_MULTIPART(o));
		for (i = 0; i < n && f->text == NULL; i++)
			walk(g_mime_multipart_get_part(GMIME_MULTIPART(o), i),
			    depth + 1, f);
		return;
	}
	if (!GMIME_IS_TEXT_PART(o))	/* attachments, forwarded messages */
		return;
	ct = g_mime_object_get_content_type(o);
	disp = g_mime_object_get_disposition(o);
	if (disp != NULL && strcasecmp(disp, "attachment") == 0)
		return;
	if (ct != NULL && g_mime_content_type_is_type(ct, "text", "html")) {
		f->html_seen = 1;
		return;
	}
	if (ct == NULL || g_mime_content_type_is_type(ct, "text", "plain"))
		f->text = g_mime_text_part_get_text(GMIME_TEXT_PART(o));
}

int
mail_in_parse(struct arena *a, const char *msg, size_t len,
    struct mail_in *m, char why[MAIL_IN_WHY_MAX])
{
	GMimeParserOptions	*po;
	GMimeStream		*stream;
	GMimeParser		*parser;
	GMimeMessage		*gm;
	struct top		 t;
	struct found		 f;
	const char		*p = msg, *end = msg + len, *id;
	size_t			 i, n;

	(void)a;
	memset(m, 0, sizeof(*m));
	memset(&t, 0, sizeof(t));
	memset(&f, 0, sizeof(f));
	why[0] = '\0';
	if (len > MAIL_IN_MAX) {
		snprintf(why, MAIL_IN_WHY_MAX, "the message is larger than "
		    "%d bytes", MAIL_IN_MAX);
		return -1;
	}
	/* An mbox "From " line, as some pipes prepend. */
	if (len >= 5 && memcmp(p, "From ", 5) == 0)
		p = line_end(p, end);
	if (!header_first(p, end)) {
		snprintf(why, MAIL_IN_WHY_MAX, "no header section: this is "
		    "not a mail message");
		return -1;
	}
	mail_mime_init();
	po = g_mime_parser_options_new();
	g_mime_parser_options_set_address_compliance_mode(po,
	    GMIME_RFC_COMPLIANCE_LOOSE);
	g_mime_parser_options_set_rfc2047_compliance_mode(po,
	    GMIME_RFC_COMPLIANCE_LOOSE);
	stream = g_mime_stream_mem_new_with_buffer(p, (size_t)(end - p));
	parser = g_mime_parser_new_with_stream(stream);
	g_mime_parser_set_format(parser, GMIME_FORMAT_MESSAGE);
	gm = g_mime_parser_construct_message(parser, po);
	g_object_unref(parser);
	g_object_unref(stream);
	if (gm == NULL) {
		g_mime_parser_options_free(po);
		snprintf(why, MAIL_IN_WHY_MAX, "no header section: this is "
		    "not a mail message");
		return -1;
	}
	top_headers(GMIME_OBJECT(gm), po, m, &t);
	m->automatic = t.automatic;
	if (t.return_path != NULL && strstr(t.return_path, "<>") != NULL)
		m->automatic = 1;
	each_mailbox(po, t.reply_to, bare_first, m->from);
	if (m->from[0] == '\0')
		each_mailbox(po, t.from, bare_first, m->from);
	if (strncasecmp(m->from, "mailer-daemon@", 14) == 0)
		m->automatic = 1;
	if ((id = g_mime_message_get_message_id(gm)) != NULL &&
	    (n = strlen(id)) > 0 && n + 3 <= MAIL_IN_ID_MAX) {
		for (i = 0; i < n; i++)
			if ((unsigned char)id[i] <= 32 ||
			    (unsigned char)id[i] >= 127 || id[i] == '<' ||
			    id[i] == '>')
				break;
		if (i == n)
			snprintf(m->message_id, sizeof(m->message_id), "<%s>",
			    id);
	}
	walk(g_mime_message_get_mime_part(gm), 0, &f);
	g_object_unref(gm);
	g_mime_parser_options_free(po);
	if (f.text == NULL) {
		snprintf(m->text_why, sizeof(m->text_why), "%s", f.html_seen ?
		    "The mail has no plain-text part: please send plain text." :
		    "The mail holds no text.");
		return 0;
	}
	m->has_text = 1;
	mail_in_first_line(f.text, strlen(f.text), m->line);
	g_free(f.text);
	return 0;
}
