/* test_tpl.c: the Mustache-subset templates (STYLE.md 3.6). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <cmocka.h>

#include <json.h>

#include "arena.h"
#include "buf.h"
#include "tpl.h"

/*
 * A tiny context over tables: an object is an array of fields ended
 * by a NULL key; a list field points at an array of objects.
 */
struct obj;

struct field {
	const char		*key;
	enum tpl_kind		 kind;
	const char		*s;
	long long		 n;
	const struct obj	*items;
	size_t			 nitems;
};

struct obj {
	const struct field	*f;
};

static int	obj_lookup(const void *, const char *, struct tpl_val *);

static int
obj_item(const void *list, size_t i, struct tpl_ctx *out)
{
	const struct obj	*items = list;

	out->lookup = obj_lookup;
	out->data = &items[i];
	return 0;
}

static int
obj_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct obj	*o = data;
	const struct field	*f;

	for (f = o->f; f->key != NULL; f++) {
		if (strcmp(f->key, key) != 0)
			continue;
		switch (f->kind) {
		case TPL_STRING:
			return tpl_str(out, f->s);
		case TPL_INT:
			return tpl_int(out, f->n);
		case TPL_BOOL:
			return tpl_bool(out, (int)f->n);
		case TPL_LIST:
			return tpl_list(out, f->nitems, obj_item, f->items);
		default:
			return tpl_none(out);
		}
	}
	return tpl_none(out);
}

#define S(k, v)		{ k, TPL_STRING, v, 0, NULL, 0 }
#define I(k, v)		{ k, TPL_INT, NULL, v, NULL, 0 }
#define B(k, v)		{ k, TPL_BOOL, NULL, v, NULL, 0 }
#define L(k, v, n)	{ k, TPL_LIST, NULL, 0, v, n }
#define END		{ NULL, TPL_NONE, NULL, 0, NULL, 0 }

static struct arena	 arena;

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

static const struct field no_fields[] = { END };
static const struct obj empty = { no_fields };

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
add(struct tpl_set *set, const char *name, const char *src)
{
	struct tpl_err	 err;

	if (tpl_set_add(set, name, src, strlen(src), &err) != TPL_OK)
		fail_msg("%s:%d: %s", err.name, err.line, err.msg);
}

static void
test_partials(void **state)
{
	static const struct field s1[] = { S("name", "Ann"), END };
	static const struct field s2[] = { S("name", "Bob"), END };
	static const struct obj seats[] = { { s1 }, { s2 } };
	static const struct field f[] = { S("title", "T&T"),
		L("seats", seats, 2), END };
	const struct obj o = { f };
	struct tpl_ctx	 ctx = { obj_lookup, &o };
	struct tpl_set	*set;
	struct tpl_err	 err;
	struct buf	 b;

	(void)state;
	assert_non_null(set = tpl_set_new());
	add(set, "page", "{{> header}}{{#seats}}{{>seat}}{{/seats}}"
	    "{{> footer }}");
	add(set, "header", "<h1>{{title}}</h1>");
	add(set, "seat", "<li>{{name}} in {{title}}</li>");
	add(set, "footer", "<hr>");
	assert_int_equal(tpl_set_add(set, "seat", "x", 1, &err),
	    TPL_ERR_SYNTAX);
	assert_string_equal(err.name, "seat");
	buf_init(&b, &arena);
	assert_int_equal(tpl_render(set, "page", &ctx, &b), TPL_ERR_PARTIAL);
	assert_int_equal(tpl_set_link(set, &err), TPL_OK);
	buf_reset(&b);
	assert_int_equal(tpl_render(set, "page", &ctx, &b), TPL_OK);
	assert_string_equal(b.data, "<h1>T&amp;T</h1><li>Ann in T&amp;T</li>"
	    "<li>Bob in T&amp;T</li><hr>");
	buf_reset(&b);
	assert_int_equal(tpl_render(set, "nope", &ctx, &b), TPL_ERR_NOTFOUND);
	tpl_set_free(set);
	arena_reset(&arena);
}

static void
test_partial_errors(void **state)
{
	struct tpl_set	*set;
	struct tpl_err	 err;
	struct tpl	*t;
	struct buf	 b;
	struct tpl_ctx	 ctx = { obj_lookup, &empty };

	(void)state;
	set = tpl_set_new();
	add(set, "page", "a\nb\n{{> missing}}");
	assert_int_equal(tpl_set_link(set, &err), TPL_ERR_PARTIAL);
	assert_string_equal(err.name, "page");
	assert_int_equal(err.line, 3);
	assert_non_null(strstr(err.msg, "missing"));
	tpl_set_free(set);

	set = tpl_set_new();
	add(set, "a", "{{> b}}");
	add(set, "b", "x\n{{#y}}{{> c}}{{/y}}");
	add(set, "c", "{{> a}}");
	add(set, "d", "{{> d}}");
	assert_int_equal(tpl_set_link(set, &err), TPL_ERR_PARTIAL);
	assert_non_null(strstr(err.msg, "includes itself"));
	tpl_set_free(set);

	/* Without a set, a partial cannot be rendered. */
	assert_int_equal(tpl_compile("{{>x}}", 6, &t, NULL), TPL_OK);
	buf_init(&b, &arena);
	assert_int_equal(tpl_render_tpl(t, &ctx, &b), TPL_ERR_PARTIAL);
	tpl_free(t);
	arena_reset(&arena);
}

static void
test_render_depth(void **state)
{
	static const struct field f[] = { B("t", 1), END };
	const struct obj o = { f };
	struct tpl_ctx	 ctx = { obj_lookup, &o };
	struct tpl_set	*set;
	struct buf	 b;
	char		 src[600];
	int		 i;

	(void)state;
	/* 20 sections around a partial holding 20 more. */
	src[0] = '\0';
	for (i = 0; i < 20; i++)
		strcat(src, "{{#t}}");
	strcat(src, "{{> inner}}");
	for (i = 0; i < 20; i++)
		strcat(src, "{{/t}}");
	set = tpl_set_new();
	add(set, "outer", src);
	src[0] = '\0';
	for (i = 0; i < 20; i++)
		strcat(src, "{{#t}}");
	strcat(src, "deep");
	for (i = 0; i < 20; i++)
		strcat(src, "{{/t}}");
	add(set, "inner", src);
	assert_int_equal(tpl_set_link(set, NULL), TPL_OK);
	buf_init(&b, &arena);
	assert_int_equal(tpl_render(set, "inner", &ctx, &b), TPL_OK);
	assert_string_equal(b.data, "deep");
	assert_int_equal(tpl_render(set, "outer", &ctx, &b), TPL_ERR_DEPTH);
	tpl_set_free(set);
	arena_reset(&arena);
}

/* A layout's context: three keys name templates of the set. */
struct layout {
	const struct tpl_set	*set;
	const struct obj	*o;
};

static int
layout_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct layout	*l = data;

	if (strcmp(key, "body_html") == 0)
		return tpl_template(out, tpl_set_find(l->set, "page"));
	if (strcmp(key, "again_html") == 0)
		return tpl_template(out, tpl_set_find(l->set, "again"));
	if (strcmp(key, "gone_html") == 0)	/* no such template: none */
		return tpl_template(out, tpl_set_find(l->set, "gone"));
	return obj_lookup(l->o, key, out);
}

static void
test_template_value(void **state)
{
	static const struct field s1[] = { S("name", "Ann"), END };
	static const struct field s2[] = { S("name", "<Bob>"), END };
	static const struct obj seats[] = { { s1 }, { s2 } };
	static const struct field f[] = { S("title", "T&T"),
		L("seats", seats, 2), END };
	const struct obj o = { f };
	struct tpl_set	*set;
	struct layout	 l;
	struct tpl_ctx	 ctx = { layout_lookup, &l };
	struct buf	 b;

	(void)state;
	assert_non_null(set = tpl_set_new());
	add(set, "layout", "<title>{{title}}</title><main>{{{body_html}}}"
	    "</main>[{{body_html}}]{{#body_html}}y{{/body_html}}"
	    "{{^body_html}}n{{/body_html}}[{{{gone_html}}}]"
	    "{{#seats}}({{&body_html}}){{/seats}}");
	add(set, "page", "<h1>{{title}}</h1>{{#name}}{{> who}}{{/name}}");
	add(set, "who", "<i>{{name}}</i>");
	add(set, "again", "x{{{again_html}}}");
	l.set = set;
	l.o = &o;
	/* Found only once the set is linked. */
	assert_null(tpl_set_find(set, "page"));
	assert_int_equal(tpl_set_link(set, NULL), TPL_OK);
	assert_non_null(tpl_set_find(set, "page"));
	assert_null(tpl_set_find(set, "gone"));
	assert_null(tpl_set_find(NULL, "page"));
	/*
	 * In place, with the contexts of the tag: in a list, the item's
	 * keys; escaped as always; a plain tag renders nothing.
	 */
	buf_init(&b, &arena);
	assert_int_equal(tpl_render(set, "layout", &ctx, &b), TPL_OK);
	assert_string_equal(b.data, "<title>T&amp;T</title><main><h1>T&amp;T"
	    "</h1></main>[]y[]"
	    "(<h1>T&amp;T</h1><i>Ann</i>)(<h1>T&amp;T</h1><i>&lt;Bob&gt;</i>)");
	/* A template that renders itself stops at the depth limit. */
	buf_reset(&b);
	assert_int_equal(tpl_render(set, "again", &ctx, &b), TPL_ERR_DEPTH);
	tpl_set_free(set);
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

/* The realistic page: a template directory like templates/. */

static void
write_file(const char *dir, const char *name, const char *text)
{
	char	 path[512];
	FILE	*f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	assert_non_null(f = fopen(path, "w"));
	fputs(text, f);
	fclose(f);
}

static void
remove_tree(const char *dir)
{
	static const char *const files[] = { "game.html", "bad.html",
		"partials/header.html", "partials/footer.html",
		"partials/card.html", "notes.txt" };
	char	 path[512];
	size_t	 i;

	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, files[i]);
		unlink(path);
	}
	snprintf(path, sizeof(path), "%s/partials", dir);
	rmdir(path);
	rmdir(dir);
}

static const char game_html[] =
    "{{> header}}\n"
    "<h1>{{title}}</h1>\n"
    "{{#my_turn}}\n"
    "<p class=\"turn\">Your move.</p>\n"
    "{{/my_turn}}\n"
    "<ul class=\"hand\">\n"
    "{{#hand}}\n"
    "  <li>{{> card}}</li>\n"
    "{{/hand}}\n"
    "</ul>\n"
    "<form method=\"post\" action=\"{{move_url}}\">\n"
    "  <input type=\"hidden\" name=\"csrf\" value=\"{{csrf}}\">\n"
    "  <input type=\"hidden\" name=\"ply\" value=\"{{ply}}\">\n"
    "</form>\n"
    "{{> footer}}\n";

static const struct field card1[] = { S("label", "three of red hearts"),
	S("svg_html", "<svg aria-hidden=\"true\"></svg>"), END };
static const struct field card2[] = { S("label", "four of blue clubs"),
	S("svg_html", "<svg></svg>"), END };
static const struct obj hand[] = { { card1 }, { card2 } };
static const struct field page[] = { S("title", "Ann vs. <Bob>"),
	B("my_turn", 1), L("hand", hand, 2), S("move_url", "/g/42/move"),
	S("csrf", "a\"b"), I("ply", 7), END };

static void
test_load_and_render_page(void **state)
{
	char		 dir[] = "/tmp/test_tpl.XXXXXX", sub[600];
	const struct obj root = { page };
	struct tpl_ctx	 ctx = { obj_lookup, &root };
	struct tpl_set	*set;
	struct tpl_err	 err;
	struct buf	 b;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(sub, sizeof(sub), "%s/partials", dir);
	assert_int_equal(mkdir(sub, 0700), 0);
	write_file(dir, "game.html", game_html);
	write_file(dir, "notes.txt", "{{{not a template}}}");
	write_file(dir, "partials/header.html", "<!DOCTYPE html>\n<html "
	    "lang=\"en\">\n<head><title>{{title}}</title></head>\n<body>\n");
	write_file(dir, "partials/footer.html", "</body>\n</html>\n");
	write_file(dir, "partials/card.html",
	    "{{{svg_html}}}<span class=\"sr\">{{label}}</span>");
	assert_int_equal(tpl_set_load(dir, &set, &err), TPL_OK);
	buf_init(&b, &arena);
	assert_int_equal(tpl_render(set, "game", &ctx, &b), TPL_OK);
	assert_string_equal(b.data,
	    "<!DOCTYPE html>\n<html lang=\"en\">\n"
	    "<head><title>Ann vs. &lt;Bob&gt;</title></head>\n<body>\n"
	    "<h1>Ann vs. &lt;Bob&gt;</h1>\n"
	    "<p class=\"turn\">Your move.</p>\n"
	    "<ul class=\"hand\">\n"
	    "  <li><svg aria-hidden=\"true\"></svg><span class=\"sr\">three "
	    "of red hearts</span></li>\n"
	    "  <li><svg></svg><span class=\"sr\">four of blue clubs</span>"
	    "</li>\n"
	    "</ul>\n"
	    "<form method=\"post\" action=\"/g/42/move\">\n"
	    "  <input type=\"hidden\" name=\"csrf\" value=\"a&quot;b\">\n"
	    "  <input type=\"hidden\" name=\"ply\" value=\"7\">\n"
	    "</form>\n"
	    "</body>\n</html>\n");
	assert_int_equal(tpl_render(set, "header", &ctx, &b), TPL_OK);
	tpl_set_free(set);

	/* A bad template names its file and line. */
	write_file(dir, "bad.html", "ok\n{{#x}}\n{{{raw}}}\n{{/x}}\n");
	assert_int_equal(tpl_set_load(dir, &set, &err), TPL_ERR_SYNTAX);
	assert_null(set);
	assert_string_equal(err.name, "bad.html");
	assert_int_equal(err.line, 3);
	remove_tree(dir);

	assert_int_equal(tpl_set_load(dir, &set, &err), TPL_ERR_IO);
	assert_null(set);
	arena_reset(&arena);
}

static int
teardown(void **state)
{
	(void)state;
	arena_free(&arena);
	return 0;
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
		cmocka_unit_test(test_partials),
		cmocka_unit_test(test_partial_errors),
		cmocka_unit_test(test_render_depth),
		cmocka_unit_test(test_template_value),
		cmocka_unit_test(test_buf_failure),
		cmocka_unit_test(test_json_context),
		cmocka_unit_test(test_load_and_render_page),
	};

	arena_init(&arena, 0);
	return cmocka_run_group_tests(tests, NULL, teardown);
}
