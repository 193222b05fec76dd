/*
 * test_tpl.c: the Mustache-subset templates (STYLE.md 3.6): escaping,
 * raw values for _html keys only, compile errors, sections, lists and
 * their scoping, "." and standalone lines, a failed lookup or buffer,
 * and a JSON context.  Partials, template sets and values, and loading
 * a directory are in test_tpl_set.c.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include <json.h>

#include "arena.h"
#include "buf.h"
#include "tpl.h"
#include "test_tpl.h"

/* Compile src, render it with root, compare with want. */
static void
expect(const char *src, const struct obj *root, const char *want)
{
	struct tpl	*t;
	struct tpl_err	 err;
	struct buf	 b;
	struct tpl_ctx	 ctx = { obj_lookup, root };

	if (tpl_compile(src, strlen(src), &t, &err) != TPL_OK)
		fail_msg("compile \"%s\": line %d: %s", src, err.line, err.msg);
	buf_init(&b, &arena);
	assert_int_equal(tpl_render_tpl(t, &ctx, &b), TPL_OK);
	assert_string_equal(b.data, want);
	tpl_free(t);
	arena_reset(&arena);
}

/* Compiling src fails on line with a message containing part. */
static void
refuse(const char *src, int line, const char *part)
{
	struct tpl	*t = (struct tpl *)&t;
	struct tpl_err	 err;

	assert_int_equal(tpl_compile(src, strlen(src), &t, &err),
	    TPL_ERR_SYNTAX);
	assert_null(t);
	if (err.line != line || strstr(err.msg, part) == NULL)
		fail_msg("\"%s\": got line %d \"%s\", want line %d \"%s\"",
		    src, err.line, err.msg, line, part);
}

static void
test_escapes_by_default(void **state)
{
	static const struct field f[] = {
		S("name", "<b>Tom & \"Jerry\"'s</b>"),
		S("card_html", "<svg class=\"c\">&amp;</svg>"),
		I("n", -42), I("big", LLONG_MIN), I("zero", 0),
		B("yes", 1), END };
	const struct obj o = { f };

	(void)state;
	expect("<p>{{name}}</p>", &o,
	    "<p>&lt;b&gt;Tom &amp; &quot;Jerry&quot;&#39;s&lt;/b&gt;</p>");
	expect("<a title=\"{{ name }}\">", &o, "<a title=\"&lt;b&gt;Tom "
	    "&amp; &quot;Jerry&quot;&#39;s&lt;/b&gt;\">");
	expect("{{{card_html}}}|{{& card_html }}", &o,
	    "<svg class=\"c\">&amp;</svg>|<svg class=\"c\">&amp;</svg>");
	expect("{{card_html}}", &o,
	    "&lt;svg class=&quot;c&quot;&gt;&amp;amp;&lt;/svg&gt;");
	expect("{{n}} {{big}} {{zero}} {{yes}}", &o,
	    "-42 -9223372036854775808 0 true");
	expect("[{{missing}}]", &o, "[]");
	expect("no tags at all\n", &o, "no tags at all\n");
	expect("", &o, "");
	expect("a { b } {c} }} d", &o, "a { b } {c} }} d");
}

static void
test_raw_only_for_html_keys(void **state)
{
	(void)state;
	refuse("line one\n\n{{{name}}}", 3, "_html");
	refuse("{{&title}}", 1, "_html");
	refuse("x\n{{{html}}}", 2, "_html");
	refuse("{{{body_htm}}}", 1, "_html");
	expect("{{{_html}}}{{{x_html}}}", &empty, "");
}

static void
test_compile_errors(void **state)
{
	char	 deep[400];
	int	 i;

	(void)state;
	refuse("a\nb {{name", 2, "not closed");
	refuse("{{{x_html}}", 1, "not closed");
	refuse("{{{x_html}} }", 1, "}}}");
	refuse("1\n2\n{{#a}}\n4\n", 3, "{{#a}} is not closed");
	refuse("{{^a}}{{#b}}\n{{/a}}", 2, "{{/a}} closes {{#b}} opened on "
	    "line 1");
	refuse("\n\n\n{{/a}}", 4, "closes no section");
	refuse("{{}}", 1, "bad tag name");
	refuse("{{a b}}", 1, "bad tag name");
	refuse("\n{{a.b}}", 2, "bad tag name");
	refuse("{{=<% %>=}}", 1, "delimiters");
	refuse("{{! multi\nline\ncomment }}\n{{#x}}", 4, "not closed");
	deep[0] = '\0';
	for (i = 0; i < TPL_DEPTH_MAX + 1; i++)
		strcat(deep, "{{#a}}");
	refuse(deep, 1, "deeper");
}

static void
test_sections(void **state)
{
	static const struct field f[] = {
		B("t", 1), B("f", 0), I("zero", 0), I("one", 1),
		S("es", ""), S("s", "x"), L("nil", NULL, 0), END };
	const struct obj o = { f };

	(void)state;
	expect("{{#t}}T{{/t}}{{#f}}F{{/f}}{{#missing}}M{{/missing}}", &o, "T");
	expect("{{^t}}T{{/t}}{{^f}}F{{/f}}{{^missing}}M{{/missing}}", &o, "FM");
	expect("{{#zero}}z{{/zero}}{{#one}}o{{/one}}{{#es}}e{{/es}}"
	    "{{#s}}s{{/s}}{{#nil}}n{{/nil}}", &o, "os");
	expect("{{^zero}}z{{/zero}}{{^one}}o{{/one}}{{^es}}e{{/es}}"
	    "{{^s}}s{{/s}}{{^nil}}n{{/nil}}", &o, "zen");
	expect("{{#t}}a{{#f}}b{{/f}}{{^f}}c{{#t}}d{{/t}}{{/f}}e{{/t}}", &o,
	    "acde");
	expect("{{! a comment }}x{{!\n{{#not a tag\n}}y", &o, "xy");
}

static void
test_lists_and_scoping(void **state)
{
	static const struct field c1[] = { S("card", "3Rh"), END };
	static const struct field c2[] = { S("card", "4Bc"), END };
	static const struct obj hand1[] = { { c1 }, { c2 } };
	static const struct field s1[] = { S("name", "Ann"), I("score", 12),
		L("hand", hand1, 2), B("me", 1), END };
	static const struct field s2[] = { S("name", "<Bob>"), I("score", 3),
		L("hand", NULL, 0), END };
	static const struct obj seats[] = { { s1 }, { s2 } };
	static const struct field f[] = { S("game", "g7"), S("name", "root"),
		L("seats", seats, 2), B("me", 0), END };
	const struct obj o = { f };

	(void)state;
	/* Items are the innermost context, misses fall back outward. */
	expect("{{#seats}}[{{name}} {{score}} {{game}}]{{/seats}}", &o,
	    "[Ann 12 g7][&lt;Bob&gt; 3 g7]");
	expect("{{#seats}}{{name}}:{{#hand}}{{card}}@{{name}}/{{game}} "
	    "{{/hand}}{{^hand}}none{{/hand}};{{/seats}}", &o,
	    "Ann:3Rh@Ann/g7 4Bc@Ann/g7 ;&lt;Bob&gt;:none;");
	/* A false value in an item hides the outer one's true. */
	expect("{{#seats}}{{#me}}*{{/me}}{{name}} {{/seats}}{{name}}", &o,
	    "*Ann &lt;Bob&gt; root");
	expect("{{#seats}}{{/seats}}|{{^seats}}empty{{/seats}}", &o, "|");
}

/* A list of plain strings through "." */
static int
word_lookup(const void *data, const char *key, struct tpl_val *out)
{
	if (strcmp(key, ".") == 0)
		return tpl_str(out, data);
	return tpl_none(out);
}

static const char *const words[] = { "one", "t<w>o", "three" };

static int
word_item(const void *list, size_t i, struct tpl_ctx *out)
{
	const char *const	*w = list;

	out->lookup = word_lookup;
	out->data = w[i];
	return 0;
}

static int
words_lookup(const void *data, const char *key, struct tpl_val *out)
{
	(void)data;
	if (strcmp(key, "words") == 0)
		return tpl_list(out, 3, word_item, words);
	if (strcmp(key, "fail") == 0)
		return -1;
	return tpl_none(out);
}

static void
test_dot_and_standalone_lines(void **state)
{
	const char	*src = "<ul>\n  {{#words}}\n  <li>{{.}}</li>\n"
	    "  {{/words}}\n  {{! note }}\n</ul>\n{{#words}}{{.}} {{/words}}\n";
	struct tpl_ctx	 ctx = { words_lookup, NULL };
	struct tpl	*t;
	struct buf	 b;

	(void)state;
	assert_int_equal(tpl_compile(src, strlen(src), &t, NULL), TPL_OK);
	buf_init(&b, &arena);
	assert_int_equal(tpl_render_tpl(t, &ctx, &b), TPL_OK);
	assert_string_equal(b.data, "<ul>\n  <li>one</li>\n"
	    "  <li>t&lt;w&gt;o</li>\n  <li>three</li>\n</ul>\n"
	    "one t&lt;w&gt;o three \n");
	tpl_free(t);

	/* CRLF lines, and a tag sharing its line is not standalone. */
	src = "a\r\n{{#words}}\r\n.\r\n{{/words}}\r\nb {{#words}}\n{{/words}}";
	assert_int_equal(tpl_compile(src, strlen(src), &t, NULL), TPL_OK);
	buf_reset(&b);
	assert_int_equal(tpl_render_tpl(t, &ctx, &b), TPL_OK);
	assert_string_equal(b.data, "a\r\n.\r\n.\r\n.\r\nb \n\n\n");
	tpl_free(t);
	arena_reset(&arena);
}

static void
test_lookup_failure(void **state)
{
	const char	*src = "a{{#words}}{{fail}}{{/words}}";
	struct tpl_ctx	 ctx = { words_lookup, NULL };
	struct tpl	*t;
	struct buf	 b;

	(void)state;
	assert_int_equal(tpl_compile(src, strlen(src), &t, NULL), TPL_OK);
	buf_init(&b, &arena);
	assert_int_equal(tpl_render_tpl(t, &ctx, &b), TPL_ERR_LOOKUP);
	tpl_free(t);
	arena_reset(&arena);
}

static void
test_buf_failure(void **state)
{
	struct arena	 small;
	struct tpl	*t;
	struct buf	 b;
	struct tpl_ctx	 ctx = { words_lookup, NULL };
	char		 src[3000];

	(void)state;
	memset(src, 'x', sizeof(src) - 1);
	src[sizeof(src) - 1] = '\0';
	assert_int_equal(tpl_compile(src, strlen(src), &t, NULL), TPL_OK);
	arena_init(&small, 1024);
	buf_init(&b, &small);
	assert_int_equal(tpl_render_tpl(t, &ctx, &b), TPL_ERR_NOMEM);
	tpl_free(t);
	arena_free(&small);
}

static void
test_json_context(void **state)
{
	const char		*doc = "{\"title\": \"<Lobby>\", \"n\": 3, "
	    "\"ratio\": 1.5, \"open\": true, \"closed\": false, "
	    "\"gone\": null, \"tags\": [\"a&b\", \"c\"], "
	    "\"user\": {\"name\": \"Zoe\"}, \"games\": [{\"id\": 1, "
	    "\"slug\": \"gin-vodka\"}, {\"id\": 2}], \"body_html\": \"<i>x</i>\"}";
	const char		*src = "{{title}} {{n}} {{ratio}} {{#open}}O{{/open}}"
	    "{{#closed}}C{{/closed}}{{^gone}}G{{/gone}}[{{#tags}}{{.}},{{/tags}}]"
	    "{{#user}}{{name}}{{/user}}{{#games}}({{id}} {{slug}} {{n}}){{/games}}"
	    "{{{body_html}}}";
	struct json_object	*root;
	struct tpl_ctx		 ctx;
	struct tpl		*t;
	struct buf		 b;

	(void)state;
	assert_non_null(root = json_tokener_parse(doc));
	ctx = tpl_ctx_json(root);
	assert_int_equal(tpl_compile(src, strlen(src), &t, NULL), TPL_OK);
	buf_init(&b, &arena);
	assert_int_equal(tpl_render_tpl(t, &ctx, &b), TPL_OK);
	assert_string_equal(b.data, "&lt;Lobby&gt; 3 1.5 OG[a&amp;b,c,]Zoe"
	    "(1 gin-vodka 3)(2  3)<i>x</i>");
	tpl_free(t);
	json_object_put(root);
	arena_reset(&arena);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_escapes_by_default),
		cmocka_unit_test(test_raw_only_for_html_keys),
		cmocka_unit_test(test_compile_errors),
		cmocka_unit_test(test_sections),
		cmocka_unit_test(test_lists_and_scoping),
		cmocka_unit_test(test_dot_and_standalone_lines),
		cmocka_unit_test(test_lookup_failure),
		cmocka_unit_test(test_buf_failure),
		cmocka_unit_test(test_json_context),
	};

	arena_init(&arena, 0);
	return cmocka_run_group_tests(tests, NULL, teardown);
}
