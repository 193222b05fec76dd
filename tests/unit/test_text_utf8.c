/*
 * test_text_utf8.c: UTF-8 validation and cleaning (fcgi/text_utf8.h).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>

#include <cmocka.h>

#include "arena.h"
#include "text_utf8.h"

static int
valid(const char *s)
{
	return text_utf8_valid(s, strlen(s));
}

static void
test_valid(void **state)
{
	(void)state;
	assert_true(valid(""));
	assert_true(valid("pass"));
	assert_true(valid("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x82\xa1"));
	assert_false(valid("\xff\xfe<b>x"));		/* the bytes */
	assert_false(valid("\xc3"));			/* cut short */
	assert_false(valid("\xc0\xaf"));		/* overlong '/' */
	assert_false(valid("\xe0\x80\xaf"));		/* overlong, 3 bytes */
	assert_false(valid("\xed\xa0\x80"));		/* a surrogate */
	assert_false(valid("\xf4\x90\x80\x80"));	/* above U+10FFFF */
	assert_false(valid("\x80"));			/* a lone continuation */
	assert_false(valid("caf\xe9"));			/* ISO-8859-1 */
}

static void
test_clean(void **state)
{
	struct arena	 a;
	char		*s;

	(void)state;
	arena_init(&a, 0);
	s = text_utf8_clean(&a, "\xff\xfe<b>x");
	assert_string_equal(s, "\xef\xbf\xbd\xef\xbf\xbd<b>x");
	assert_true(valid(s));
	assert_string_equal(text_utf8_clean(&a, "a\rb\x1b[0m\tc\nd"),
	    "a?b?[0m\tc\nd");
	assert_string_equal(text_utf8_clean(&a, "caf\xc3\xa9"), "caf\xc3\xa9");
	assert_string_equal(text_utf8_clean(&a, NULL), "");
	arena_free(&a);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_valid),
		cmocka_unit_test(test_clean),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
