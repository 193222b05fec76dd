/*
 * test_md.c: rule pages through cmark.  Slugs that could leave the
 * rules directory are refused before any file is opened; raw HTML and
 * javascript: links are dropped (safe mode); a page is read once and
 * then served from the cache, even after its file is gone.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arena.h"
#include "buf.h"
#include "md.h"

static void
test_slug(void **state)
{
	static const char *const good[] = { "gin-vodka", "a", "six-suit",
		"rummy-500" };
	static const char *const bad[] = { "", "..", "../etc/passwd",
		"gin.vodka", "Gin-Vodka", "a/b", "a b", "~x", "gin_vodka",
		"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" };
	size_t	 i;

	(void)state;
	for (i = 0; i < sizeof(good) / sizeof(good[0]); i++)
		assert_true(md_slug_ok(good[i]));
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		assert_false(md_slug_ok(bad[i]));
}

static void
test_title(void **state)
{
	char	 t[MD_TITLE_MAX];
	const char *s = "intro\n## Not this\n# Gin Vodka #\nmore\n";

	(void)state;
	md_title(s, strlen(s), t);
	assert_string_equal(t, "Gin Vodka");
	md_title("no heading\n", 11, t);
	assert_string_equal(t, "");
}

static void
test_render_safe(void **state)
{
	struct arena	 a;
	struct buf	 b;
	const char	*s = "# T\n\n<script>alert(1)</script>\n\n"
	    "[x](javascript:alert(1)) *em* `3Rh`\n";

	(void)state;
	arena_init(&a, 0);
	buf_init(&b, &a);
	md_render(&b, s, strlen(s));
	assert_int_equal(b.failed, 0);
	assert_non_null(strstr(b.data, "<h1>T</h1>"));
	assert_non_null(strstr(b.data, "<em>em</em>"));
	assert_non_null(strstr(b.data, "<code>3Rh</code>"));
	assert_null(strstr(b.data, "<script"));
	assert_null(strstr(b.data, "javascript:"));
	arena_free(&a);
}

static void
test_page_cache(void **state)
{
	char		 dir[] = "/tmp/test_md.XXXXXX", path[256];
	struct md_doc	 d1, d2;
	FILE		*f;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/templates", dir);
	assert_int_equal(mkdir(path, 0700), 0);
	snprintf(path, sizeof(path), "%s/templates/rules", dir);
	assert_int_equal(mkdir(path, 0700), 0);
	snprintf(path, sizeof(path), "%s/templates/rules/toy.md", dir);
	assert_non_null(f = fopen(path, "w"));
	fputs("# Toy game\n\nPlay <b>nicely</b>.\n", f);
	fclose(f);

	assert_int_equal(md_page(dir, "../toy", NULL, &d1), MD_BAD_SLUG);
	assert_int_equal(md_page(dir, "nope", NULL, &d1), MD_NOTFOUND);
	assert_int_equal(md_page(dir, "toy", NULL, &d1), MD_OK);
	assert_string_equal(d1.title, "Toy game");
	assert_non_null(strstr(d1.html, "<h1>Toy game</h1>"));
	assert_null(strstr(d1.html, "<b>"));
	assert_int_equal(d1.len, strlen(d1.html));

	/* Served from the cache once read: the file may go. */
	assert_int_equal(unlink(path), 0);
	assert_int_equal(md_page(dir, "toy", NULL, &d2), MD_OK);
	assert_ptr_equal(d1.html, d2.html);
	md_cache_free();
	assert_int_equal(md_page(dir, "toy", NULL, &d2), MD_NOTFOUND);

	snprintf(path, sizeof(path), "%s/templates/rules", dir);
	rmdir(path);
	snprintf(path, sizeof(path), "%s/templates", dir);
	rmdir(path);
	rmdir(dir);
}

/* A stand-in for a game's card faces: "<i>TOK</i>", "X" is no card. */
static int
fake_cards(struct buf *b, const char *slug, const char *tokens, size_t len)
{
	assert_string_equal(slug, "toy");
	if (tokens == NULL) {
		buf_puts(b, "<defs/>");
		return 0;
	}
	if (memchr(tokens, 'X', len) != NULL)
		return -1;
	buf_puts(b, "<i>");
	buf_put(b, tokens, len);
	buf_puts(b, "</i>");
	return 0;
}

/*
 * md_finish: ids on the sections, a contents list after the title,
 * card markers drawn outside code only, a marker no card fills kept.
 */
static void
test_finish(void **state)
{
	static const char md[] = "# Toy\n\nIntro [[3Rh 4Bs]].\n\n"
	    "## The deal\n\nKeep `[[3Rh]]` and [[X1]].\n\n"
	    "## Move *notation*\n\n    [[2Rc]]\n";
	struct arena	 a;
	struct buf	 raw, b;

	(void)state;
	arena_init(&a, 0);
	buf_init(&raw, &a);
	buf_init(&b, &a);
	md_render(&raw, md, strlen(md));
	md_finish(&b, raw.data, "toy", fake_cards);
	assert_false(b.failed);
	assert_non_null(strstr(b.data, "<h1>Toy</h1>\n<nav class=\"toc\" "
	    "aria-labelledby=\"toc-h\"><h2 id=\"toc-h\">Contents</h2><ol>"
	    "<li><a href=\"#s-the-deal\">The deal</a></li>"
	    "<li><a href=\"#s-move-notation\">Move <em>notation</em></a></li>"
	    "</ol></nav>"));
	assert_non_null(strstr(b.data, "<h2 id=\"s-the-deal\">The deal</h2>"));
	assert_non_null(strstr(b.data, "Intro <i>3Rh 4Bs</i>."));
	assert_non_null(strstr(b.data, "<code>[[3Rh]]</code>"));
	assert_non_null(strstr(b.data, "and [[X1]]."));
	assert_non_null(strstr(b.data, "<code>[[2Rc]]"));
	/* The defs once, after the page. */
	assert_non_null(strstr(b.data, "</pre>\n<defs/>"));
	/* Without a drawer the markers stay; one section: no contents. */
	buf_reset(&b);
	md_finish(&b, "<h1>T</h1>\n<h2>Only</h2>\n<p>[[3Rh]]</p>\n", "toy",
	    NULL);
	assert_string_equal(b.data, "<h1>T</h1>\n<h2 id=\"s-only\">Only</h2>"
	    "\n<p>[[3Rh]]</p>\n");
	arena_free(&a);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_slug),
		cmocka_unit_test(test_title),
		cmocka_unit_test(test_render_safe),
		cmocka_unit_test(test_page_cache),
		cmocka_unit_test(test_finish),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
