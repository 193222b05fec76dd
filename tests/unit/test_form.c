/* test_form.c: validators, urlencoded input and cookies (STYLE.md 3.7). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "arena.h"
#include "form.h"

struct valid_case {
	const char	*(*fn)(const struct form_field *, struct form_val *);
	size_t		 max;
	const char	*in;
	int		 ok;
};

#define OK(fn, in)		{ fn, 0, in, 1 }
#define NO(fn, in)		{ fn, 0, in, 0 }
#define OKM(fn, max, in)	{ fn, max, in, 1 }
#define NOM(fn, max, in)	{ fn, max, in, 0 }

static const struct valid_case cases[] = {
	OK(form_uint, "0"), OK(form_uint, "42"), OK(form_uint, "007"),
	OK(form_uint, "18446744073709551615"),
	NO(form_uint, "18446744073709551616"), NO(form_uint, "-1"),
	NO(form_uint, "+1"), NO(form_uint, "1.5"), NO(form_uint, " 1"),
	NO(form_uint, "1e3"), NO(form_uint, "0x10"), NO(form_uint, "1\n"),
	OKM(form_uint, 10, "10"), NOM(form_uint, 10, "11"),

	OK(form_int, "-5"), OK(form_int, "0"), OK(form_int, "-0"),
	OK(form_int, "9223372036854775807"), OK(form_int, "-9223372036854775808"),
	NO(form_int, "9223372036854775808"), NO(form_int, "-9223372036854775809"),
	NO(form_int, "-"), NO(form_int, "--1"), NO(form_int, "1-"),
	OKM(form_int, 3, "-100"), NOM(form_int, 3, "4"),

	OK(form_line, "discard 4Bc"), OK(form_line, "caf\xc3\xa9 \xe2\x99\xa5"),
	OK(form_line, "\xf0\x9f\x82\xa1 emoji"), NO(form_line, "two\nlines"),
	NO(form_line, "tab\there"), NO(form_line, "cr\r"), NO(form_line, "\x7f"),
	NO(form_line, "c1 \xc2\x85 nel"), NO(form_line, "bad \xc3"),
	NO(form_line, "overlong \xc0\xaf"), NO(form_line, "\xe0\x80\xaf"),
	NO(form_line, "surrogate \xed\xa0\x80"), NO(form_line, "\xf4\x90\x80\x80"),
	NO(form_line, "\xff"), NO(form_line, "\x80"),
	OKM(form_line, 3, "\xc3\xa9\xc3\xa9\xc3\xa9"),	/* characters, not bytes */
	NOM(form_line, 3, "abcd"),

	OK(form_text, "line one\r\nline two\n\ttabbed"),
	NO(form_text, "bell\a"), NO(form_text, "esc\x1b[0m"),
	NO(form_text, "\xc3\x28"), OKM(form_text, 5, "a\nb\nc"),
	NOM(form_text, 4, "a\nb\nc"),

	OK(form_token, "0123456789abcdef0123456789ABCDEF"),
	OK(form_token, "a-b_c-d_e-f_g-h_"), NO(form_token, "short"),
	NO(form_token, "0123456789abcdef0123456789abcde="),
	NO(form_token, "0123456789abcdef/123456789abcdef"),
	NO(form_token, "0123456789abcdef 123456789abcdef"),
	NOM(form_token, 20, "0123456789abcdef0123456789"),

	OK(form_email, "ann@example.com"), OK(form_email, "a.b+c@mail.example.org"),
	OK(form_email, "x@localhost"), OK(form_email, "o'brien@ex-ample.co"),
	NO(form_email, "plain"), NO(form_email, "@example.com"),
	NO(form_email, "ann@"), NO(form_email, "ann@@example.com"),
	NO(form_email, "a..b@example.com"), NO(form_email, ".a@example.com"),
	NO(form_email, "a.@example.com"), NO(form_email, "ann@-ex.com"),
	NO(form_email, "ann@ex-.com"), NO(form_email, "ann@ex..com"),
	NO(form_email, "ann@ex_ample.com"), NO(form_email, "ann smith@ex.com"),
	NO(form_email, "ann@ex.com\n"), NO(form_email, "\"ann\"@ex.com"),
	NO(form_email, "ann@exam<ple.com"),

	OK(form_username, "ann"), OK(form_username, "Bob_the-2nd"),
	OK(form_username, "abcdefghijklmnopqrst"),
	NO(form_username, "ab"), NO(form_username, "abcdefghijklmnopqrstu"),
	NO(form_username, "ann smith"), NO(form_username, "ann.s"),
	NO(form_username, "\xc3\xa9mile"), NO(form_username, "<script>"),
};

static void
test_validators(void **state)
{
	struct form_field	 f = { "x", NULL, 0, 0 };
	struct form_val		 v;
	const char		*why;
	size_t			 i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		memset(&v, 0, sizeof(v));
		v.present = 1;
		v.s = cases[i].in;
		v.len = strlen(cases[i].in);
		f.max = cases[i].max;
		why = cases[i].fn(&f, &v);
		if ((why == NULL) != cases[i].ok)
			fail_msg("case %zu \"%s\": %s", i, cases[i].in,
			    why ? why : "accepted");
	}
}

static void
test_validator_values(void **state)
{
	struct form_field	 f = { "x", NULL, 0, 0 };
	struct form_val		 v = { 1, "-9223372036854775808", 20, 0, 0 };

	(void)state;
	assert_null(form_int(&f, &v));
	assert_true(v.i == INT64_MIN);
	v.s = "18446744073709551615";
	assert_null(form_uint(&f, &v));
	assert_true(v.u == UINT64_MAX);
	v.s = "x";
	v.len = 1;
	assert_string_equal(form_uint(&f, &v), "must be a whole number");
	/* A NUL inside a value is a control character. */
	v.s = "a\0b";
	v.len = 3;
	assert_non_null(form_line(&f, &v));
	assert_non_null(form_text(&f, &v));
}

/* The move form of STYLE.md 3.7. */
enum move_field { MF_PLY, MF_MOVE, MF_CSRF, MF_NOTE, MF__MAX };

static const struct form_field move_fields[MF__MAX] = {
	[MF_PLY]  = { "ply",  form_uint,  FORM_REQUIRED, 0 },
	[MF_MOVE] = { "move", form_line,  FORM_REQUIRED, 200 },
	[MF_CSRF] = { "csrf", form_token, FORM_REQUIRED, 0 },
	[MF_NOTE] = { "note", NULL,       0,             0 },
};

static const char csrf[] = "csrf=0123456789abcdef0123456789abcdef";

static enum form_rc
parse(struct arena *a, const char *in, struct form_val *v,
    struct form_err *e)
{
	return form_parse(a, move_fields, MF__MAX, in, strlen(in), NULL, v, e);
}

static void
test_parse_decodes(void **state)
{
	struct arena	 a;
	struct form_val	 v[MF__MAX];
	struct form_err	 e;
	char		 in[200];

	(void)state;
	arena_init(&a, 0);
	snprintf(in, sizeof(in), "ply=12&move=discard+4Bc%%21%%3d%%2B&%s"
	    "&other=ignored&&flag", csrf);
	assert_int_equal(parse(&a, in, v, &e), FORM_OK);
	assert_int_equal(e.rc, FORM_OK);
	assert_int_equal(v[MF_PLY].present, 1);
	assert_true(v[MF_PLY].u == 12);
	assert_string_equal(v[MF_PLY].s, "12");
	assert_string_equal(v[MF_MOVE].s, "discard 4Bc!=+");
	assert_int_equal(v[MF_MOVE].len, 14);
	assert_string_equal(v[MF_CSRF].s, "0123456789abcdef0123456789abcdef");
	assert_int_equal(v[MF_NOTE].present, 0);
	assert_null(v[MF_NOTE].s);

	/* Percent-encoded names, lower-case hex, empty optional value. */
	snprintf(in, sizeof(in), "%%70ly=3&mo%%76e=x%%c3%%a9&note=&%s", csrf);
	assert_int_equal(parse(&a, in, v, &e), FORM_OK);
	assert_true(v[MF_PLY].u == 3);
	assert_string_equal(v[MF_MOVE].s, "x\xc3\xa9");
	assert_int_equal(v[MF_NOTE].present, 0);
	arena_free(&a);
}

struct parse_case {
	const char	*in;		/* csrf is appended */
	enum form_rc	 rc;
	int		 field;
	const char	*why;
};

static const struct parse_case bad[] = {
	{ "move=x", FORM_MISSING, MF_PLY,
	    "The field \"ply\" is required." },
	{ "ply=&move=x", FORM_MISSING, MF_PLY,
	    "The field \"ply\" is required." },
	{ "ply=1", FORM_MISSING, MF_MOVE,
	    "The field \"move\" is required." },
	{ "ply=one&move=x", FORM_INVALID, MF_PLY,
	    "The field \"ply\" must be a whole number." },
	{ "ply=1&move=a%0Ab", FORM_INVALID, MF_MOVE,
	    "The field \"move\" contains a control character." },
	{ "ply=1&move=a%00b", FORM_INVALID, MF_MOVE,
	    "The field \"move\" contains a control character." },
	{ "ply=1&move=%FF", FORM_INVALID, MF_MOVE,
	    "The field \"move\" is not valid UTF-8 text." },
	{ "ply=1&ply=2&move=x", FORM_DUP, MF_PLY,
	    "The field \"ply\" was given twice." },
	{ "ply=1&move=x&p%6Cy=2", FORM_DUP, MF_PLY,
	    "The field \"ply\" was given twice." },
	{ "ply=1&move=50%", FORM_BADESC, MF_MOVE,
	    "The field \"move\" has a bad %-escape." },
	{ "ply=1&move=%4", FORM_BADESC, MF_MOVE,
	    "The field \"move\" has a bad %-escape." },
	{ "ply=1&move=%G0", FORM_BADESC, MF_MOVE,
	    "The field \"move\" has a bad %-escape." },
	{ "ply=1&move=x&junk%zz=1", FORM_BADESC, -1,
	    "A field name has a bad %-escape." },
};

static void
test_parse_refusals(void **state)
{
	struct arena	 a;
	struct form_val	 v[MF__MAX];
	struct form_err	 e;
	char		 in[300];
	size_t		 i;

	(void)state;
	arena_init(&a, 0);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		snprintf(in, sizeof(in), "%s&%s", bad[i].in, csrf);
		if (parse(&a, in, v, &e) != bad[i].rc || e.rc != bad[i].rc ||
		    e.field != bad[i].field || strcmp(e.why, bad[i].why) != 0)
			fail_msg("\"%s\": rc %d field %d \"%s\"", bad[i].in,
			    e.rc, e.field, e.why);
	}
	/* The table's max: 200 characters pass, 201 do not. */
	memset(in, 'm', sizeof(in));
	memcpy(in, "ply=1&move=", 11);
	in[11 + 200] = '&';
	memcpy(in + 11 + 201, csrf, sizeof(csrf));
	assert_int_equal(parse(&a, in, v, &e), FORM_OK);
	assert_int_equal(v[MF_MOVE].len, 200);
	memmove(in + 11 + 201, in + 11 + 200, sizeof(csrf) + 1);
	in[11 + 200] = 'm';
	assert_int_equal(parse(&a, in, v, &e), FORM_INVALID);
	assert_int_equal(e.field, MF_MOVE);
	assert_string_equal(e.why, "The field \"move\" is too long.");
	assert_null(strchr(e.why, '\n'));
	assert_int_equal(parse(&a, "", v, &e), FORM_MISSING);
	arena_free(&a);
}

static void
test_parse_limits(void **state)
{
	struct arena		 a;
	struct form_val		 v[MF__MAX];
	struct form_err		 e;
	struct form_limits	 lim = { 4, 10 };
	const char		*in;
	char			 many[400];
	int			 i;

	(void)state;
	arena_init(&a, 0);
	in = "ply=1&move=abc&csrf=0123456789abcdef&x=1";
	assert_int_equal(form_parse(&a, move_fields, MF__MAX, in, strlen(in),
	    &lim, v, &e), FORM_TOOLONG);		/* csrf value > 10 */
	assert_int_equal(e.field, -1);
	in = "ply=1&move=abc&a&b&c";
	assert_int_equal(form_parse(&a, move_fields, MF__MAX, in, strlen(in),
	    &lim, v, &e), FORM_TOOMANY);
	assert_string_equal(e.why, "The form has more than 4 fields.");
	in = "ply=1&&&&&&&&move=0123456789";		/* empty pairs are free */
	lim.max_fields = 2;
	assert_int_equal(form_parse(&a, move_fields, MF__MAX, in, strlen(in),
	    &lim, v, &e), FORM_MISSING);
	assert_int_equal(e.field, MF_CSRF);
	/* The defaults: 64 fields. */
	many[0] = '\0';
	for (i = 0; i < 65; i++)
		strcat(many, "a=1&");
	assert_int_equal(parse(&a, many, v, &e), FORM_TOOMANY);
	/* The arena's limit becomes FORM_NOMEM. */
	arena_free(&a);
	arena_init(&a, 64);
	assert_int_equal(parse(&a, "ply=1&move=0123456789012345678901234567"
	    "89012345678901234567890123456789", v, &e), FORM_NOMEM);
	arena_free(&a);
}

static void
test_urldecode(void **state)
{
	char	 out[32];

	(void)state;
	assert_int_equal(form_urldecode(out, "a+b%20c", 7, 1), 5);
	assert_string_equal(out, "a b c");
	assert_int_equal(form_urldecode(out, "a+b%2f", 6, 0), 4);
	assert_string_equal(out, "a+b/");
	assert_int_equal(form_urldecode(out, "%", 1, 1), (size_t)-1);
	assert_int_equal(form_urldecode(out, "%%41", 4, 1), (size_t)-1);
	assert_int_equal(form_urldecode(out, "%41%", 4, 1), (size_t)-1);
	assert_int_equal(form_urldecode(out, "%41", 2, 1), (size_t)-1);
	assert_int_equal(form_urldecode(out, "", 0, 1), 0);
	assert_string_equal(out, "");
}

struct cookie_case {
	const char	*header;
	const char	*name;
	const char	*want;		/* NULL: absent */
};

static const struct cookie_case cookies[] = {
	{ "sid=abc", "sid", "abc" },
	{ "a=1; sid=xyz; b=2", "sid", "xyz" },
	{ "a=1;sid=xyz;b=2", "sid", "xyz" },
	{ "  sid = spaced ;", "sid", "spaced" },
	{ "sid=\"quoted\"", "sid", "quoted" },
	{ "sid=\"", "sid", "\"" },
	{ "sid=first; sid=second", "sid", "first" },
	{ "xsid=no; sidx=no", "sid", NULL },
	{ "SID=case", "sid", NULL },
	{ "sid", "sid", NULL },
	{ "sid=", "sid", "" },
	{ "a=b=c", "a", "b=c" },
	{ "", "sid", NULL },
	{ ";;;", "sid", NULL },
	{ "theme=dark; sid=t0k3n_-", "sid", "t0k3n_-" },
};

static void
test_cookies(void **state)
{
	struct arena	 a;
	const char	*got;
	size_t		 i;

	(void)state;
	arena_init(&a, 0);
	for (i = 0; i < sizeof(cookies) / sizeof(cookies[0]); i++) {
		got = form_cookie(&a, cookies[i].header, cookies[i].name);
		if (cookies[i].want == NULL ? got != NULL :
		    got == NULL || strcmp(got, cookies[i].want) != 0)
			fail_msg("\"%s\": got %s", cookies[i].header,
			    got ? got : "(null)");
	}
	assert_null(form_cookie(&a, NULL, "sid"));
	assert_int_equal(a.failed, 0);
	arena_free(&a);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_validators),
		cmocka_unit_test(test_validator_values),
		cmocka_unit_test(test_parse_decodes),
		cmocka_unit_test(test_parse_refusals),
		cmocka_unit_test(test_parse_limits),
		cmocka_unit_test(test_urldecode),
		cmocka_unit_test(test_cookies),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
