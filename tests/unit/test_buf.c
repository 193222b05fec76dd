/* test_buf.c: the growable output buffer. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include "arena.h"
#include "buf.h"

static void
test_empty_and_appends(void **state)
{
	struct arena	 a;
	struct buf	 b;

	(void)state;
	arena_init(&a, 0);
	buf_init(&b, &a);
	assert_string_equal(b.data, "");
	assert_int_equal(b.len, 0);
	buf_puts(&b, "<p>");
	buf_put(&b, "hello world", 5);
	buf_putc(&b, '!');
	buf_printf(&b, " %d/%zu %s", -3, (size_t)7, "x");
	buf_put(&b, NULL, 0);
	assert_string_equal(b.data, "<p>hello! -3/7 x");
	assert_int_equal(b.len, strlen("<p>hello! -3/7 x"));
	assert_int_equal(b.failed, 0);
	arena_free(&a);
}

static void
test_growth_keeps_content(void **state)
{
	struct arena	 a;
	struct buf	 b;
	size_t		 i, caps = 0, lastcap = 0;

	(void)state;
	arena_init(&a, 0);
	buf_init(&b, &a);
	for (i = 0; i < 100000; i++) {
		buf_putc(&b, (char)('a' + i % 26));
		if (b.cap != lastcap) {
			caps++;
			lastcap = b.cap;
		}
	}
	assert_int_equal(b.len, 100000);
	assert_true(b.cap > b.len);
	assert_true(caps < 20);		/* geometric, not linear */
	for (i = 0; i < 100000; i++)
		assert_int_equal(b.data[i], 'a' + i % 26);
	assert_int_equal(b.data[b.len], '\0');
	/* Arena holds at most a few times the final size. */
	assert_true(a.used < 4 * b.cap);
	arena_free(&a);
}

static void
test_printf_longer_than_room(void **state)
{
	struct arena	 a;
	struct buf	 b;
	char		 want[3001];

	(void)state;
	arena_init(&a, 0);
	buf_init(&b, &a);
	buf_puts(&b, "ab");
	buf_printf(&b, "%3000s", "z");
	memset(want, ' ', sizeof(want));
	want[0] = 'a';
	want[1] = 'b';
	assert_int_equal(b.len, 3002);
	assert_memory_equal(b.data, want, 3001);
	assert_int_equal(b.data[3001], 'z');
	assert_int_equal(b.data[3002], '\0');
	buf_printf(&b, "%s", "");
	assert_int_equal(b.len, 3002);
	arena_free(&a);
}

static void
test_reset_keeps_storage(void **state)
{
	struct arena	 a;
	struct buf	 b;
	char		*data;
	size_t		 cap, used;

	(void)state;
	arena_init(&a, 0);
	buf_init(&b, &a);
	buf_reset(&b);
	assert_string_equal(b.data, "");
	buf_printf(&b, "%500d", 5);
	data = b.data;
	cap = b.cap;
	used = a.used;
	buf_reset(&b);
	assert_int_equal(b.len, 0);
	assert_string_equal(b.data, "");
	buf_puts(&b, "again");
	assert_ptr_equal(b.data, data);
	assert_int_equal(b.cap, cap);
	assert_int_equal(a.used, used);
	assert_string_equal(b.data, "again");
	arena_free(&a);
}

static void
test_failure_is_sticky(void **state)
{
	struct arena	 a;
	struct buf	 b;
	char		 big[4000];

	(void)state;
	memset(big, 'x', sizeof(big));
	arena_init(&a, 2048);
	buf_init(&b, &a);
	buf_puts(&b, "ok");
	buf_put(&b, big, sizeof(big));	/* needs more than the limit */
	assert_int_equal(b.failed, 1);
	assert_int_equal(a.failed, 1);
	buf_puts(&b, "more");
	buf_putc(&b, 'c');
	buf_printf(&b, "%d", 1);
	assert_int_equal(b.len, 2);
	assert_int_equal(b.failed, 1);
	buf_reset(&b);
	assert_int_equal(b.failed, 1);
	arena_free(&a);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_empty_and_appends),
		cmocka_unit_test(test_growth_keeps_content),
		cmocka_unit_test(test_printf_longer_than_room),
		cmocka_unit_test(test_reset_keeps_storage),
		cmocka_unit_test(test_failure_is_sticky),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
