/*
 * mail_in_parse.c: reading one RFC 5322 message for moves by reply
 * (mail_in.h).  Everything here is pure but for the arena, so the fuzz
 * target (tests/fuzz/fuzz_mail.c) can run it on any bytes.
 *
 * Only what a reply needs is read: a few top-level headers, and the
 * first text/plain part that is not an attachment.  Anything odd in a
 * part (a broken boundary, bad base64) makes that part unreadable, not
 * the message, so the sender still gets an answer saying so.
 */
#include "mail_in.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "arena.h"

/* Where the recipient headers are looked at for a token, best first. */
enum { RCPT_DELIVERED, RCPT_ORIGINAL, RCPT_ENVELOPE, RCPT_TO, RCPT_CC,
    RCPT__MAX, RCPT_VALUES_MAX = 8 };

/* One entity's headers that matter (values unfolded, in the arena). */
struct entity {
	const char	*ctype;		/* Content-Type, or NULL */
	const char	*cte;		/* Content-Transfer-Encoding */
	const char	*cdisp;		/* Content-Disposition */
};

/* The top level's, besides its entity headers. */
struct top {
	const char	*from, *reply_to, *message_id, *return_path;
	int		 automatic;
	const char	*rcpt[RCPT__MAX][RCPT_VALUES_MAX];
	int		 nrcpt[RCPT__MAX];
};

/* A header field name: printable ASCII but ':', at least one. */
static size_t
field_name(const char *p, const char *end)
{
	const char	*q = p;

	while (q < end && *q > 32 && *q < 127 && *q != ':')
		q++;
	return q < end && *q == ':' && q > p ? (size_t)(q - p) : 0;
}

/* The end of the line at p (after its '\n', or end). */
static const char *
line_end(const char *p, const char *end)
{
	const char	*nl = memchr(p, '\n', (size_t)(end - p));

	return nl != NULL ? nl + 1 : end;
}

/* A line holding nothing but its end ("\n" or "\r\n"). */
static int
blank_line(const char *p, const char *end)
{
	return (p < end && *p == '\n') ||
	    (end - p >= 2 && p[0] == '\r' && p[1] == '\n');
}

/* The value of a header from after its ':' to its last folded line. */
static char *
unfold(struct arena *a, const char *p, const char *end)
{
	char	*out, *o;

	if ((out = arena_alloc(a, (size_t)(end - p) + 1)) == NULL)
		return NULL;
	o = out;
	for (; p < end; p++)
		if (*p != '\r' && *p != '\n')
			*o++ = *p == '\t' ? ' ' : *p;
	*o = '\0';
	/* Trim. */
	while (o > out && o[-1] == ' ')
		*--o = '\0';
	for (o = out; *o == ' '; o++)
		;
	return o;
}

/*
 * Walk the header section at p: call back on each field with its name
 * and unfolded value.  *body gets where the body starts.  Returns the
 * number of fields, or -1 when the arena refused.  A line that is not a
 * field ends the section (it belongs to the body).
 */
static int
headers(struct arena *a, const char *p, const char *end, const char **body,
    void (*cb)(void *, const char *, size_t, const char *), void *ctx)
{
	const char	*vend;
	size_t		 n;
	char		*v;
	int		 count = 0;

	while (p < end) {
		if (blank_line(p, end)) {
			p = line_end(p, end);
			break;
		}
		if ((n = field_name(p, end)) == 0)
			break;
		/* The value runs on over lines that start with white space. */
		vend = line_end(p, end);
		while (vend < end && (*vend == ' ' || *vend == '\t'))
			vend = line_end(vend, end);
		if ((v = unfold(a, p + n + 1, vend)) == NULL)
			return -1;
		cb(ctx, p, n, v);
		count++;
		p = vend;
	}
	*body = p;
	return count;
}

static int
named(const char *name, size_t n, const char *want)
{
	return strlen(want) == n && strncasecmp(name, want, n) == 0;
}

static void
entity_field(void *ctx, const char *name, size_t n, const char *v)
{
	struct entity	*e = ctx;

	if (named(name, n, "Content-Type") && e->ctype == NULL)
		e->ctype = v;
	else if (named(name, n, "Content-Transfer-Encoding") && e->cte == NULL)
		e->cte = v;
	else if (named(name, n, "Content-Disposition") && e->cdisp == NULL)
		e->cdisp = v;
}

/* The top level: the entity's fields and the message's own. */
struct top_ctx {
	struct entity	 e;
	struct top	 t;
};

static void
top_field(void *ctx, const char *name, size_t n, const char *v)
{
	static const char *const rcpt[RCPT__MAX] = { "Delivered-To",
	    "X-Original-To", "Envelope-To", "To", "Cc" };
	struct top_ctx	*c = ctx;
	struct top	*t = &c->t;
	int		 i;

	entity_field(&c->e, name, n, v);
	for (i = 0; i < RCPT__MAX; i++)
		if (named(name, n, rcpt[i]) && t->nrcpt[i] < RCPT_VALUES_MAX)
			t->rcpt[i][t->nrcpt[i]++] = v;
	if (named(name, n, "From") && t->from == NULL)
		t->from = v;
	else if (named(name, n, "Reply-To") && t->reply_to == NULL)
		t->reply_to = v;
	else if (named(name, n, "Message-ID") && t->message_id == NULL)
		t->message_id = v;
	else if (named(name, n, "Return-Path") && t->return_path == NULL)
		t->return_path = v;
	/* RFC 3834: never answer an automatic message. */
	else if (named(name, n, "Auto-Submitted") && strncasecmp(v, "no", 2))
		t->automatic = 1;
	else if (named(name, n, "Precedence") && (strcasecmp(v, "bulk") == 0 ||
	    strcasecmp(v, "junk") == 0 || strcasecmp(v, "list") == 0))
		t->automatic = 1;
	else if (named(name, n, "X-Autoreply") || named(name, n,
	    "X-Autorespond") || named(name, n, "List-Id"))
		t->automatic = 1;
}

/*
 * Parameter name of a Content-Type or -Disposition value into out
 * (unquoted), or "" when absent.
 */
static void
param(const char *v, const char *name, char *out, size_t outsz)
{
	const char	*p = v;
	size_t		 n = strlen(name), k;

	out[0] = '\0';
	while (v != NULL && (p = strchr(p, ';')) != NULL) {
		p++;
		while (*p == ' ')
			p++;
		if (strncasecmp(p, name, n) != 0 || p[n] != '=')
			continue;
		p += n + 1;
		k = 0;
		if (*p == '"') {
			for (p++; *p != '\0' && *p != '"' && k + 1 < outsz;
			    p++) {
				if (*p == '\\' && p[1] != '\0')
					p++;
				out[k++] = *p;
			}
		} else
			while (*p != '\0' && *p != ';' && *p != ' ' &&
			    k + 1 < outsz)
				out[k++] = *p++;
		out[k] = '\0';
		return;
	}
}

/* 1 when value v starts with the media type (or disposition) want. */
static int
is_type(const char *v, const char *want)
{
	size_t	 n = strlen(want);

	return v != NULL && strncasecmp(v, want, n) == 0 &&
	    (v[n] == '\0' || v[n] == ';' || v[n] == ' ');
}

size_t
mail_in_qp_decode(char *dst, const char *src, size_t n)
{
	static const char	 hex[] = "0123456789ABCDEF";
	const char		*h1, *h2;
	size_t			 i, o = 0;

	for (i = 0; i < n; i++) {
		if (src[i] != '=') {
			dst[o++] = src[i];
			continue;
		}
		/* A soft line break: '=' and white space to the line end. */
		if (i + 1 < n && (src[i + 1] == '\r' || src[i + 1] == '\n' ||
		    src[i + 1] == ' ' || src[i + 1] == '\t')) {
			size_t j = i + 1;

			while (j < n && (src[j] == ' ' || src[j] == '\t'))
				j++;
			if (j == n || src[j] == '\r' || src[j] == '\n') {
				if (j < n && src[j] == '\r')
					j++;
				if (j < n && src[j] == '\n')
					j++;
				i = j - 1;
				continue;
			}
		} else if (i + 1 == n)
			continue;	/* a soft break at the very end */
		if (i + 2 < n &&
		    (h1 = strchr(hex, toupper((unsigned char)src[i + 1]))) !=
		    NULL && src[i + 1] != '\0' &&
		    (h2 = strchr(hex, toupper((unsigned char)src[i + 2]))) !=
		    NULL && src[i + 2] != '\0') {
			dst[o++] = (char)((h1 - hex) << 4 | (h2 - hex));
			i += 2;
		} else
			dst[o++] = '=';		/* not an escape: keep it */
	}
	return o;
}

long
mail_in_b64_decode(unsigned char *dst, const char *src, size_t n)
{
	static const char	 b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	    "abcdefghijklmnopqrstuvwxyz0123456789+/";
	const char		*p;
	unsigned long		 acc = 0;
	long			 o = 0;
	size_t			 i;
	int			 bits = 0, pad = 0;

	for (i = 0; i < n; i++) {
		if (isspace((unsigned char)src[i]))
			continue;
		if (src[i] == '=') {
			pad++;
			continue;
		}
		if (pad > 0 || src[i] == '\0' ||
		    (p = strchr(b64, src[i])) == NULL)
			return -1;	/* data after padding, or not base64 */
		acc = (acc << 6 | (unsigned long)(p - b64)) & 0xffffff;
		if ((bits += 6) >= 8) {
			bits -= 8;
			dst[o++] = (unsigned char)(acc >> bits);
		}
	}
	return pad > 2 ? -1 : o;
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

/* What the walk found: the first text/plain part's decoded text. */
struct found {
	const char	*text;
	size_t		 len;
	char		 charset[32];
	int		 html_seen;
	char		 why[MAIL_IN_WHY_MAX];	/* a part that could not be read */
};

static int walk(struct arena *, const char *, const char *, int,
    struct found *);

/* Decode a text/plain body (e's encoding) into f.  0, or -1 with f->why. */
static int
take_text(struct arena *a, const char *p, const char *end,
    const struct entity *e, struct found *f)
{
	size_t	 n = (size_t)(end - p);
	char	*d;
	long	 m;

	if ((d = arena_alloc(a, n + 1)) == NULL)
		return -1;
	if (e->cte == NULL || is_type(e->cte, "7bit") ||
	    is_type(e->cte, "8bit") || is_type(e->cte, "binary")) {
		memcpy(d, p, n);
		m = (long)n;
	} else if (is_type(e->cte, "quoted-printable"))
		m = (long)mail_in_qp_decode(d, p, n);
	else if (is_type(e->cte, "base64")) {
		if ((m = mail_in_b64_decode((unsigned char *)d, p, n)) < 0) {
			snprintf(f->why, sizeof(f->why), "The text of the "
			    "mail is not valid base64.");
			return -1;
		}
	} else {
		snprintf(f->why, sizeof(f->why), "The text of the mail is in "
		    "an encoding I cannot read.");
		return -1;
	}
	d[m] = '\0';
	f->text = d;
	f->len = (size_t)m;
	param(e->ctype, "charset", f->charset, sizeof(f->charset));
	return 0;
}

/* Walk the parts of multipart body p..end with boundary b. */
static int
parts(struct arena *a, const char *p, const char *end, const char *b,
    int depth, struct found *f)
{
	const char	*part = NULL, *line, *q, *stop;
	size_t		 bn = strlen(b);
	int		 close;

	for (line = p; line < end; line = line_end(line, end)) {
		if (end - line < (long)bn + 2 || line[0] != '-' ||
		    line[1] != '-' || memcmp(line + 2, b, bn) != 0)
			continue;
		q = line + 2 + bn;
		close = end - q >= 2 && q[0] == '-' && q[1] == '-';
		if (close)
			q += 2;
		while (q < end && (*q == ' ' || *q == '\t' || *q == '\r'))
			q++;
		if (q < end && *q != '\n')
			continue;		/* only starts like a boundary */
		if (part != NULL) {
			/* The line end before a boundary is the boundary's. */
			stop = line;
			if (stop > part && stop[-1] == '\n')
				stop--;
			if (stop > part && stop[-1] == '\r')
				stop--;
			if (walk(a, part, stop, depth + 1, f) != 0 ||
			    f->text != NULL)
				return f->text != NULL ? 0 : -1;
		}
		if (close)
			return 0;
		part = line_end(line, end);
	}
	if (part == NULL)
		snprintf(f->why, sizeof(f->why), "The parts of the mail could "
		    "not be found (no boundary line).");
	/* No closing boundary: the last part runs to the end. */
	else if (part < end)
		return walk(a, part, end, depth + 1, f);
	return 0;
}

/*
 * The body p..end of an entity whose headers are e: a text/plain part
 * not attached is taken, a multipart one walked.  Returns 0 (f->text
 * set when found), or -1 when the arena refused.
 */
static int
walk_body(struct arena *a, const char *p, const char *end, int depth,
    struct found *f, const struct entity *e)
{
	char	 b[201];

	if (is_type(e->cdisp, "attachment"))
		return 0;
	if (e->ctype == NULL || is_type(e->ctype, "text/plain"))
		return take_text(a, p, end, e, f) == 0 || a->failed == 0 ?
		    0 : -1;
	if (is_type(e->ctype, "text/html")) {
		f->html_seen = 1;
		return 0;
	}
	if (strncasecmp(e->ctype, "multipart/", 10) != 0)
		return 0;
	if (depth >= MAIL_IN_DEPTH_MAX) {
		snprintf(f->why, sizeof(f->why), "The parts of the mail are "
		    "nested too deep.");
		return 0;
	}
	param(e->ctype, "boundary", b, sizeof(b));
	if (b[0] == '\0') {
		snprintf(f->why, sizeof(f->why), "The mail is in parts, but "
		    "says no boundary between them.");
		return 0;
	}
	return parts(a, p, end, b, depth, f);
}

/* One part: its headers, then its body. */
static int
walk(struct arena *a, const char *p, const char *end, int depth,
    struct found *f)
{
	struct entity	 e;
	const char	*body;

	memset(&e, 0, sizeof(e));
	if (headers(a, p, end, &body, entity_field, &e) < 0)
		return -1;
	return walk_body(a, body, end, depth, f, &e);
}

/*
 * Call fn on each address of list v (split at commas outside quotes
 * and angle brackets), as a NUL-terminated copy.
 */
static void
each_address(const char *v, void (*fn)(void *, const char *), void *ctx)
{
	char		 buf[1024];
	const char	*p;
	size_t		 k = 0;
	int		 quoted = 0, angle = 0;

	for (p = v; ; p++) {
		if (*p == '\0' || (*p == ',' && !quoted && !angle)) {
			buf[k] = '\0';
			if (k > 0)
				fn(ctx, buf);
			k = 0;
			if (*p == '\0')
				return;
			continue;
		}
		if (*p == '"' && (p == v || p[-1] != '\\'))
			quoted = !quoted;
		else if (*p == '<' && !quoted)
			angle = 1;
		else if (*p == '>' && !quoted)
			angle = 0;
		if (k + 1 < sizeof(buf))
			buf[k++] = *p;
	}
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

/* The bare address of the first of list v into out, or "" if unusable. */
static void
bare_first(void *ctx, const char *addr)
{
	char		*out = ctx;
	const char	*p = addr, *e;
	size_t		 n, i;

	if (out[0] != '\0')
		return;
	if ((p = strrchr(addr, '<')) != NULL) {
		p++;
		if ((e = strchr(p, '>')) == NULL)
			return;
	} else {
		for (p = addr; *p == ' '; p++)
			;
		for (e = p + strlen(p); e > p && e[-1] == ' '; e--)
			;
	}
	n = (size_t)(e - p);
	if (n == 0 || n >= MAIL_IN_ADDR_MAX || memchr(p, '@', n) == NULL)
		return;
	for (i = 0; i < n; i++)
		if ((unsigned char)p[i] <= 32 || (unsigned char)p[i] >= 127 ||
		    strchr("<>()[]\\,;:\"", p[i]) != NULL)
			return;
	memcpy(out, p, n);
	out[n] = '\0';
}

/* A line's bytes as the answer may quote them: printable ASCII only. */
static void
ascii_only(char *s)
{
	for (; *s != '\0'; s++)
		if ((unsigned char)*s < 32 || (unsigned char)*s >= 127)
			*s = '?';
}

int
mail_in_parse(struct arena *a, const char *msg, size_t len,
    struct mail_in *m, char why[MAIL_IN_WHY_MAX])
{
	struct top_ctx	 c;
	struct found	 f;
	const char	*p = msg, *end = msg + len, *body, *cs;
	size_t		 i, n;
	int		 k, ascii;

	memset(m, 0, sizeof(*m));
	memset(&c, 0, sizeof(c));
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
	k = headers(a, p, end, &body, top_field, &c);
	if (k <= 0) {
		snprintf(why, MAIL_IN_WHY_MAX, k < 0 ? "out of memory" :
		    "no header section: this is not a mail message");
		return -1;
	}
	m->automatic = c.t.automatic;
	if (c.t.return_path != NULL && strcmp(c.t.return_path, "<>") == 0)
		m->automatic = 1;
	if (c.t.reply_to != NULL)
		each_address(c.t.reply_to, bare_first, m->from);
	if (m->from[0] == '\0' && c.t.from != NULL)
		each_address(c.t.from, bare_first, m->from);
	if (strncasecmp(m->from, "mailer-daemon@", 14) == 0)
		m->automatic = 1;
	if (c.t.message_id != NULL && (n = strlen(c.t.message_id)) > 2 &&
	    n < MAIL_IN_ID_MAX && c.t.message_id[0] == '<' &&
	    c.t.message_id[n - 1] == '>') {
		for (i = 0; i < n; i++)
			if ((unsigned char)c.t.message_id[i] <= 32 ||
			    (unsigned char)c.t.message_id[i] >= 127)
				break;
		if (i == n)
			memcpy(m->message_id, c.t.message_id, n + 1);
	}
	for (k = 0; k < RCPT__MAX; k++)
		for (i = 0; i < (size_t)c.t.nrcpt[k]; i++)
			each_address(c.t.rcpt[k][i], add_token, m);

	if (walk_body(a, body, end, 0, &f, &c.e) != 0) {
		snprintf(why, MAIL_IN_WHY_MAX, "out of memory");
		return -1;
	}
	if (f.text == NULL) {
		snprintf(m->text_why, sizeof(m->text_why), "%s",
		    f.why[0] != '\0' ? f.why : f.html_seen ? "The mail has "
		    "no plain-text part: please send plain text." :
		    "The mail holds no text.");
		return 0;
	}
	m->has_text = 1;
	mail_in_first_line(f.text, f.len, m->line);
	cs = f.charset;
	for (ascii = 1, i = 0; m->line[i] != '\0'; i++)
		ascii &= (unsigned char)m->line[i] < 128;
	if (!ascii && cs[0] != '\0' && strcasecmp(cs, "utf-8") != 0 &&
	    strcasecmp(cs, "utf8") != 0 && strcasecmp(cs, "us-ascii") != 0) {
		snprintf(m->text_why, sizeof(m->text_why), "The text is in "
		    "the character set \"%.40s\"; please send UTF-8.", cs);
		ascii_only(m->text_why);
		m->has_text = 0;
		m->line[0] = '\0';
		return 0;
	}
	return 0;
}
