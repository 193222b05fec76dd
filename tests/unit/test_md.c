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

	assert_int_equal(md_page(dir, "../toy", &d1), MD_BAD_SLUG);
	assert_int_equal(md_page(dir, "nope", &d1), MD_NOTFOUND);
	assert_int_equal(md_page(dir, "toy", &d1), MD_OK);
	assert_string_equal(d1.title, "Toy game");
	assert_non_null(strstr(d1.html, "<h1>Toy game</h1>"));
	assert_null(strstr(d1.html, "<b>"));
	assert_int_equal(d1.len, strlen(d1.html));

	/* Served from the cache once read: the file may go. */
	assert_int_equal(unlink(path), 0);
	assert_int_equal(md_page(dir, "toy", &d2), MD_OK);
	assert_ptr_equal(d1.html, d2.html);
	md_cache_free();
	assert_int_equal(md_page(dir, "toy", &d2), MD_NOTFOUND);

	snprintf(path, sizeof(path), "%s/templates/rules", dir);
	rmdir(path);
	snprintf(path, sizeof(path), "%s/templates", dir);
	rmdir(path);
	rmdir(dir);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_slug),
		cmocka_unit_test(test_title),
		cmocka_unit_test(test_render_safe),
		cmocka_unit_test(test_page_cache),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
