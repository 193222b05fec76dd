/*
 * test_tpl_set.c: template sets (tpl.h): partials and their link
 * errors (missing, including itself), the render depth across
 * partials, a template as a value (a layout's body), and a template
 * directory like templates/ loaded and rendered as a page.  The
 * template language itself is in test_tpl.c.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <cmocka.h>

#include "arena.h"
#include "buf.h"
#include "tpl.h"
#include "test_tpl.h"

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

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_partials),
		cmocka_unit_test(test_partial_errors),
		cmocka_unit_test(test_render_depth),
		cmocka_unit_test(test_template_value),
		cmocka_unit_test(test_load_and_render_page),
	};

	arena_init(&arena, 0);
	return cmocka_run_group_tests(tests, NULL, teardown);
}
