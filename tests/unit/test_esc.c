/* test_esc.c: HTML, URL and JSON escaping, table-driven. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include "arena.h"
#include "buf.h"
#include "esc.h"

struct esc_case {
	const char	*in;
	const char	*want;
};

static void
run(void (*fn)(struct buf *, const char *, size_t),
    const struct esc_case *c, size_t n)
{
	struct arena	 a;
	struct buf	 b;
	size_t		 i;

	arena_init(&a, 0);
	for (i = 0; i < n; i++) {
		buf_init(&b, &a);
		buf_puts(&b, "[");
		fn(&b, c[i].in, strlen(c[i].in));
		buf_puts(&b, "]");
		assert_int_equal(b.failed, 0);
		assert_string_equal(b.data + 1, c[i].want);
	}
	arena_free(&a);
}

static void
test_html(void **state)
{
	static const struct esc_case c[] = {
		{ "", "]" },
		{ "plain text", "plain text]" },
		{ "<script>alert('x')</script>",
		    "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;]" },
		{ "a & b \"q\"", "a &amp; b &quot;q&quot;]" },
		{ "&amp;", "&amp;amp;]" },
		{ "\" onmouseover=\"x", "&quot; onmouseover=&quot;x]" },
		{ "caf\xc3\xa9 \xe2\x99\xa5", "caf\xc3\xa9 \xe2\x99\xa5]" },
		{ "<<>>", "&lt;&lt;&gt;&gt;]" },
	};

	(void)state;
	run(esc_html, c, sizeof(c) / sizeof(c[0]));
}

static void
test_html_bytes(void **state)
{
	struct arena	 a;
	struct buf	 b;

	(void)state;
	arena_init(&a, 0);
	buf_init(&b, &a);
	esc_html(&b, "a\0<b", 4);	/* length, not NUL, ends the input */
	assert_int_equal(b.len, 7);
	assert_memory_equal(b.data, "a\0&lt;b", 8);
	buf_reset(&b);
	esc_html_str(&b, "x>y");
	assert_string_equal(b.data, "x&gt;y");
	arena_free(&a);
}

static void
test_url_path(void **state)
{
	static const struct esc_case c[] = {
		{ "gin-vodka", "gin-vodka]" },
		{ "a b/c", "a%20b%2Fc]" },
		{ "../etc", "..%2Fetc]" },
		{ "x?y#z&w=v", "x%3Fy%23z%26w%3Dv]" },
		{ "A_z.0~", "A_z.0~]" },
		{ "caf\xc3\xa9", "caf%C3%A9]" },
		{ "100%", "100%25]" },
		{ "a+b", "a%2Bb]" },
	};

	(void)state;
	run(esc_url_path, c, sizeof(c) / sizeof(c[0]));
}

static void
test_url_arg(void **state)
{
	static const struct esc_case c[] = {
		{ "hello world", "hello+world]" },
		{ "a&b=c", "a%26b%3Dc]" },
		{ "1+1", "1%2B1]" },
		{ "#frag", "%23frag]" },
		{ "\"<'>", "%22%3C%27%3E]" },
		{ "\n", "%0A]" },
	};

	(void)state;
	run(esc_url_arg, c, sizeof(c) / sizeof(c[0]));
}

static void
test_json(void **state)
{
	static const struct esc_case c[] = {
		{ "plain", "plain]" },
		{ "say \"hi\"", "say \\\"hi\\\"]" },
		{ "back\\slash", "back\\\\slash]" },
		{ "line\nnext\r\ttab", "line\\nnext\\r\\ttab]" },
		{ "\x01\x1f\x7f", "\\u0001\\u001F\\u007F]" },
		{ "</script>", "\\u003C/script\\u003E]" },
		{ "a&b", "a\\u0026b]" },
		{ "x\xe2\x80\xa8y\xe2\x80\xa9z", "x\\u2028y\\u2029z]" },
		{ "\xe2\x80", "\xe2\x80]" },	/* cut short: bytes pass */
		{ "caf\xc3\xa9", "caf\xc3\xa9]" },
	};

	(void)state;
	run(esc_json, c, sizeof(c) / sizeof(c[0]));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_html),
		cmocka_unit_test(test_html_bytes),
		cmocka_unit_test(test_url_path),
		cmocka_unit_test(test_url_arg),
		cmocka_unit_test(test_json),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
