/*
 * form.c: urlencoded input against validator tables, and cookies.
 *
 * Limits are checked on the raw bytes before anything is decoded or
 * copied, so a hostile body costs at most one pass.  Validators are
 * pure functions over the decoded text (kcgi's kvalid_*), and the
 * first failure becomes one sentence for the 400 page.
 */
#include "form.h"

#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "arena.h"
#include "esc.h"

/* Validators. */

static int
digit(char c)
{
	return c >= '0' && c <= '9';
}

/* Digits of s[0..n) into *out; -1 when not digits or too large. */
static int
parse_digits(const char *s, size_t n, unsigned long long *out)
{
	unsigned long long	 v = 0;
	size_t			 i;

	if (n == 0)
		return -1;
	for (i = 0; i < n; i++) {
		if (!digit(s[i]))
			return -1;
		if (v > (ULLONG_MAX - (unsigned)(s[i] - '0')) / 10)
			return -2;
		v = v * 10 + (unsigned)(s[i] - '0');
	}
	*out = v;
	return 0;
}

const char *
form_uint(const struct form_field *f, struct form_val *v)
{
	unsigned long long	 u;
	int			 rc;

	if ((rc = parse_digits(v->s, v->len, &u)) == -1)
		return "must be a whole number";
	if (rc != 0 || (f->max != 0 && u > f->max))
		return "is too large";
	v->u = u;
	return NULL;
}

const char *
form_int(const struct form_field *f, struct form_val *v)
{
	unsigned long long	 u;
	int			 neg, rc;

	neg = v->len > 0 && v->s[0] == '-';
	if ((rc = parse_digits(v->s + neg, v->len - neg, &u)) == -1)
		return "must be a whole number";
	if (rc != 0 || u > (unsigned long long)LLONG_MAX + neg)
		return neg ? "is too small" : "is too large";
	v->i = neg ? (long long)(0ULL - u) : (long long)u;
	if (f->max != 0 && !neg && u > f->max)
		return "is too large";
	return NULL;
}

/*
 * The code point of the UTF-8 sequence at s[0..n): its length, or 0
 * when it is not the shortest form of a scalar value.
 */
static size_t
utf8_next(const unsigned char *s, size_t n, uint32_t *cp)
{
	size_t		 len, i;
	uint32_t	 c, min;

	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	}
	if (s[0] >= 0xc2 && s[0] <= 0xdf) {
		len = 2, c = s[0] & 0x1f, min = 0x80;
	} else if (s[0] >= 0xe0 && s[0] <= 0xef) {
		len = 3, c = s[0] & 0x0f, min = 0x800;
	} else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
		len = 4, c = s[0] & 0x07, min = 0x10000;
	} else
		return 0;
	if (len > n)
		return 0;
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (s[i] & 0x3f);
	}
	if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	*cp = c;
	return len;
}

/*
 * UTF-8 text without control characters (C0, DEL, C1), except those
 * in allow; at most max code points.
 */
static const char *
check_text(const struct form_val *v, size_t max, const char *allow)
{
	const unsigned char	*s = (const unsigned char *)v->s;
	size_t			 i, len, count = 0;
	uint32_t		 cp;

	for (i = 0; i < v->len; i += len) {
		if ((len = utf8_next(s + i, v->len - i, &cp)) == 0)
			return "is not valid UTF-8 text";
		if ((cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) &&
		    (cp == 0 || strchr(allow, (int)cp) == NULL))
			return "contains a control character";
		if (++count > max)
			return "is too long";
	}
	return NULL;
}

const char *
form_line(const struct form_field *f, struct form_val *v)
{
	return check_text(v, f->max ? f->max : FORM_LINE_MAX, "");
}

const char *
form_text(const struct form_field *f, struct form_val *v)
{
	return check_text(v, f->max ? f->max : FORM_TEXT_MAX, "\t\r\n");
}

static int
word_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    digit(c) || c == '_' || c == '-';
}

/* Between min and max of [A-Za-z0-9_-]; 0 when it is. */
static int
check_word(const struct form_val *v, size_t min, size_t max)
{
	size_t	 i;

	if (v->len < min || v->len > max)
		return -1;
	for (i = 0; i < v->len; i++)
		if (!word_char(v->s[i]))
			return -1;
	return 0;
}

const char *
form_token(const struct form_field *f, struct form_val *v)
{
	if (check_word(v, FORM_TOKEN_MIN, f->max ? f->max : FORM_TOKEN_MAX))
		return "is not a valid token";
	return NULL;
}

const char *
form_username(const struct form_field *f, struct form_val *v)
{
	(void)f;
	if (check_word(v, 3, 20) != 0)
		return "must be 3 to 20 letters, digits, \"_\" or \"-\"";
	return NULL;
}

/* RFC 5322 atext, the characters of a dot-atom local part. */
static int
atext(char c)
{
	return word_char(c) || (c != '\0' && strchr("!#$%&'*+/=?^`{|}~", c));
}

/* Dot-separated runs of ok() characters, none empty. */
static int
dotted(const char *s, size_t n, int (*ok)(char))
{
	size_t	 i;

	if (n == 0 || s[0] == '.' || s[n - 1] == '.')
		return 0;
	for (i = 0; i < n; i++)
		if (s[i] == '.' ? s[i + 1] == '.' : !ok(s[i]))
			return 0;
	return 1;
}

static int
label_char(char c)
{
	return word_char(c) && c != '_';
}

/* Domain labels of letters, digits and inner hyphens, up to 63 each. */
static int
domain_ok(const char *s, size_t n)
{
	size_t	 i, start;

	if (!dotted(s, n, label_char))
		return 0;
	for (i = start = 0; i <= n; i++) {
		if (i < n && s[i] != '.')
			continue;
		if (i - start > 63 || s[start] == '-' || s[i - 1] == '-')
			return 0;
		start = i + 1;
	}
	return 1;
}

const char *
form_email(const struct form_field *f, struct form_val *v)
{
	const char	*at;
	size_t		 local;

	(void)f;
	if (v->len > FORM_EMAIL_MAX ||
	    (at = memchr(v->s, '@', v->len)) == NULL)
		return "is not an email address";
	local = (size_t)(at - v->s);
	if (local > 64 || !dotted(v->s, local, atext) ||
	    !domain_ok(at + 1, v->len - local - 1))
		return "is not an email address";
	return NULL;
}

/* Decoding. */

size_t
form_urldecode(char *dst, const char *src, size_t n, int plus)
{
	size_t	 i, o;
	int	 hi, lo;

	for (i = o = 0; i < n; i++) {
		if (src[i] == '+' && plus)
			dst[o++] = ' ';
		else if (src[i] != '%')
			dst[o++] = src[i];
		else if (i + 2 < n && (hi = esc_hexval(src[i + 1])) >= 0 &&
		    (lo = esc_hexval(src[i + 2])) >= 0) {
			dst[o++] = (char)(hi << 4 | lo);
			i += 2;
		} else
			return (size_t)-1;
	}
	dst[o] = '\0';
	return o;
}

/* Parsing a whole input. */

struct parse {
	struct arena			*a;
	const struct form_field		*fields;
	size_t				 nfields;
	struct form_val			*vals;
	struct form_err			*err;
	size_t				 max_fields;
	size_t				 max_len;
};

static enum form_rc
refuse(struct parse *p, enum form_rc rc, int field, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static enum form_rc
refuse(struct parse *p, enum form_rc rc, int field, const char *fmt, ...)
{
	va_list	 ap;

	if (p->err != NULL) {
		p->err->rc = rc;
		p->err->field = field;
		va_start(ap, fmt);
		vsnprintf(p->err->why, sizeof(p->err->why), fmt, ap);
		va_end(ap);
	}
	return rc;
}

/* Index of the declared field named s[0..n), or -1. */
static int
field_index(const struct parse *p, const char *s, size_t n)
{
	size_t	 i;

	for (i = 0; i < p->nfields; i++)
		if (strlen(p->fields[i].name) == n &&
		    memcmp(p->fields[i].name, s, n) == 0)
			return (int)i;
	return -1;
}

/* Decode the raw name or value s[0..n) into the arena. */
static enum form_rc
decode(struct parse *p, const char *s, size_t n, char **out, size_t *len)
{
	if ((*out = arena_alloc(p->a, n + 1)) == NULL)
		return refuse(p, FORM_NOMEM, -1, "Out of memory.");
	if ((*len = form_urldecode(*out, s, n, 1)) == (size_t)-1)
		return FORM_BADESC;
	return FORM_OK;
}

/* One "name=value" pair, raw, not empty. */
static enum form_rc
pair(struct parse *p, const char *s, size_t n)
{
	const char	*eq;
	char		*name, *value;
	size_t		 nlen, vlen, rawname;
	enum form_rc	 rc;
	int		 k;

	eq = memchr(s, '=', n);
	rawname = eq ? (size_t)(eq - s) : n;
	if (rawname > p->max_len || n - rawname > p->max_len + 1)
		return refuse(p, FORM_TOOLONG, -1, "A form field is longer "
		    "than %zu bytes.", p->max_len);
	if ((rc = decode(p, s, rawname, &name, &nlen)) == FORM_BADESC)
		return refuse(p, rc, -1, "A field name has a bad %%-escape.");
	if (rc != FORM_OK || (k = field_index(p, name, nlen)) < 0)
		return rc;
	if (p->vals[k].present)
		return refuse(p, FORM_DUP, k, "The field \"%s\" was given "
		    "twice.", p->fields[k].name);
	rc = eq ? decode(p, eq + 1, n - rawname - 1, &value, &vlen) :
	    decode(p, "", 0, &value, &vlen);
	if (rc == FORM_BADESC)
		return refuse(p, rc, k, "The field \"%s\" has a bad "
		    "%%-escape.", p->fields[k].name);
	if (rc != FORM_OK)
		return rc;
	p->vals[k].present = 1;
	p->vals[k].s = value;
	p->vals[k].len = vlen;
	return FORM_OK;
}

/* Split on "&" and take each pair, counting them against the limit. */
static enum form_rc
pairs(struct parse *p, const char *in, size_t len)
{
	const char	*amp;
	size_t		 i, n, count = 0;
	enum form_rc	 rc;

	for (i = 0; i < len; i += n + 1) {
		amp = memchr(in + i, '&', len - i);
		n = amp ? (size_t)(amp - (in + i)) : len - i;
		if (n == 0)
			continue;
		if (++count > p->max_fields)
			return refuse(p, FORM_TOOMANY, -1, "The form has more "
			    "than %zu fields.", p->max_fields);
		if ((rc = pair(p, in + i, n)) != FORM_OK)
			return rc;
	}
	return FORM_OK;
}

/* Required fields present, and every present value valid. */
static enum form_rc
check(struct parse *p)
{
	const struct form_field	*f;
	struct form_val		*v;
	const char		*why;
	size_t			 i;

	for (i = 0; i < p->nfields; i++) {
		f = &p->fields[i];
		v = &p->vals[i];
		if (v->present && v->len == 0)
			memset(v, 0, sizeof(*v));
		if (!v->present) {
			if (f->flags & FORM_REQUIRED)
				return refuse(p, FORM_MISSING, (int)i,
				    "The field \"%s\" is required.", f->name);
			continue;
		}
		if (f->valid != NULL && (why = f->valid(f, v)) != NULL)
			return refuse(p, FORM_INVALID, (int)i,
			    "The field \"%s\" %s.", f->name, why);
	}
	return FORM_OK;
}

enum form_rc
form_parse(struct arena *a, const struct form_field *fields,
    size_t nfields, const char *in, size_t len,
    const struct form_limits *lim, struct form_val *vals,
    struct form_err *err)
{
	struct parse	 p;
	enum form_rc	 rc;

	memset(vals, 0, nfields * sizeof(*vals));
	p.a = a;
	p.fields = fields;
	p.nfields = nfields;
	p.vals = vals;
	p.err = err;
	p.max_fields = lim && lim->max_fields ? lim->max_fields :
	    FORM_FIELDS_MAX;
	p.max_len = lim && lim->max_len ? lim->max_len : FORM_FIELD_LEN_MAX;
	if (err != NULL) {
		err->rc = FORM_OK;
		err->field = -1;
		err->why[0] = '\0';
	}
	if ((rc = pairs(&p, in, len)) == FORM_OK)
		rc = check(&p);
	return rc;
}

/* Cookies. */

static int
blank(char c)
{
	return c == ' ' || c == '\t';
}

/* Trim blanks from both ends of [*s, *e). */
static void
trim(const char **s, const char **e)
{
	while (*s < *e && blank(**s))
		(*s)++;
	while (*e > *s && blank((*e)[-1]))
		(*e)--;
}

char *
form_cookie(struct arena *a, const char *header, const char *name)
{
	const char	*p, *end, *eq, *ns, *ne, *vs, *ve;
	size_t		 nlen = strlen(name);

	if (header == NULL)
		return NULL;
	for (p = header; *p != '\0'; p = *end ? end + 1 : end) {
		if ((end = strchr(p, ';')) == NULL)
			end = p + strlen(p);
		if ((eq = memchr(p, '=', (size_t)(end - p))) == NULL)
			continue;
		ns = p, ne = eq;
		trim(&ns, &ne);
		if ((size_t)(ne - ns) != nlen || memcmp(ns, name, nlen) != 0)
			continue;
		vs = eq + 1, ve = end;
		trim(&vs, &ve);
		if (ve - vs >= 2 && vs[0] == '"' && ve[-1] == '"')
			vs++, ve--;
		return arena_strndup(a, vs, (size_t)(ve - vs));
	}
	return NULL;
}
