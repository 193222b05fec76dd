/*
 * form.h: validator tables, typed form values and cookies (STYLE.md 3.7).
 *
 * A handler declares the fields it accepts in a table indexed by an
 * enum, the way kcgi does:
 *
 *	enum move_field { MF_PLY, MF_MOVE, MF_CSRF, MF__MAX };
 *	static const struct form_field move_fields[MF__MAX] = {
 *		[MF_PLY]  = { "ply",  form_uint,  FORM_REQUIRED, 0 },
 *		[MF_MOVE] = { "move", form_line,  FORM_REQUIRED, 200 },
 *		[MF_CSRF] = { "csrf", form_token, FORM_REQUIRED, 0 },
 *	};
 *
 * (Write all four members: clang's -Wextra refuses a missing max.)
 *
 * form_parse() decodes an application/x-www-form-urlencoded body or a
 * query string against the table into vals[MF__MAX], checking limits
 * before decoding and running each field's validator once, so the
 * handler reads typed values and never raw text.
 */
#ifndef TOPPER_FORM_H
#define TOPPER_FORM_H

#include <stddef.h>

struct arena;
struct form_field;

enum {
	FORM_REQUIRED = 1		/* flags: absent or empty is an error */
};

enum {
	FORM_FIELDS_MAX = 64,		/* defaults: pairs in one input, */
	FORM_FIELD_LEN_MAX = 16384,	/* and raw bytes of a name or value */
	FORM_LINE_MAX = 200,		/* form_line default, in characters */
	FORM_TEXT_MAX = 10000,		/* form_text default, in characters */
	FORM_TOKEN_MIN = 16,		/* form_token, in characters */
	FORM_TOKEN_MAX = 128,
	FORM_EMAIL_MAX = 254,
	FORM_WHY_MAX = 160		/* bytes in form_err.why */
};

/* One field's value after form_parse (all zero when absent). */
struct form_val {
	int			 present;	/* given, not empty */
	const char		*s;		/* decoded, NUL-terminated */
	size_t			 len;
	long long		 i;		/* set by form_int */
	unsigned long long	 u;		/* set by form_uint */
};

/*
 * A validator is pure: it reads v->s[0..v->len) (never empty), may set
 * v->i or v->u, and returns NULL when the value is good or a phrase
 * that completes "The field "name" ..." (for example "must be a whole
 * number").  f->max bounds the value (numbers) or its length (text);
 * 0 means the validator's default.
 */
struct form_field {
	const char	*name;
	const char	*(*valid)(const struct form_field *f,
			    struct form_val *v);	/* NULL: any text */
	int		 flags;
	size_t		 max;
};

/*
 * The validators:
 *	form_uint	digits only, at most max (if set)
 *	form_int	an optional "-" and digits, at most max (if set)
 *	form_line	one line of UTF-8 without control characters,
 *			at most max (FORM_LINE_MAX) characters
 *	form_text	UTF-8, controls other than tab, CR and LF refused,
 *			at most max (FORM_TEXT_MAX) characters
 *	form_token	FORM_TOKEN_MIN to max (FORM_TOKEN_MAX) characters
 *			of [A-Za-z0-9_-]: hex or base64url without padding
 *	form_email	local@domain in plain ASCII, at most 254 bytes
 *	form_username	3 to 20 characters of [A-Za-z0-9_-]
 */
const char	*form_uint(const struct form_field *, struct form_val *);
const char	*form_int(const struct form_field *, struct form_val *);
const char	*form_line(const struct form_field *, struct form_val *);
const char	*form_text(const struct form_field *, struct form_val *);
const char	*form_token(const struct form_field *, struct form_val *);
const char	*form_email(const struct form_field *, struct form_val *);
const char	*form_username(const struct form_field *, struct form_val *);

enum form_rc {
	FORM_OK,
	FORM_TOOMANY,		/* more pairs than allowed */
	FORM_TOOLONG,		/* a raw name or value over the limit */
	FORM_BADESC,		/* "%" not followed by two hex digits */
	FORM_DUP,		/* a declared field given twice */
	FORM_MISSING,		/* a required field absent or empty */
	FORM_INVALID,		/* the validator refused the value */
	FORM_NOMEM		/* the arena refused */
};

/* Limits on one input; a zero member takes the default above. */
struct form_limits {
	size_t		 max_fields;
	size_t		 max_len;
};

/* What failed: field is an index into the table, or -1. */
struct form_err {
	enum form_rc	 rc;
	int		 field;
	char		 why[FORM_WHY_MAX];	/* one sentence, for a 400 */
};

/*
 * Decode in[0..len) ("a=1&b=x+y%21") against fields[0..nfields) into
 * vals[0..nfields).  "+" is a space and %XX a byte; a pair without "="
 * has an empty value; empty pairs are skipped; undeclared names are
 * ignored but count toward the limits.  An empty value counts as
 * absent.  Decoded strings live in the arena.  lim may be NULL.
 * Returns FORM_OK, or the first failure with err filled (err may be
 * NULL); declared fields are checked in table order.
 */
enum form_rc	 form_parse(struct arena *a, const struct form_field *fields,
		    size_t nfields, const char *in, size_t len,
		    const struct form_limits *lim, struct form_val *vals,
		    struct form_err *err);

/*
 * Percent-decode src[0..n) into dst (room for n + 1 bytes), turning
 * "+" into a space when plus is set; NUL-terminates.  Returns the
 * decoded length, or (size_t)-1 on a bad escape.  Pure.
 */
size_t		 form_urldecode(char *dst, const char *src, size_t n, int plus);

/*
 * The value of cookie name in a Cookie header ("a=1; b=2"), copied
 * into the arena, surrounding blanks and one pair of double quotes
 * removed; the first match wins.  NULL when absent (or header is
 * NULL), or when the arena refuses (a->failed says which).
 */
char		*form_cookie(struct arena *a, const char *header,
		    const char *name);

#endif /* TOPPER_FORM_H */
