/* test_arena.c: the request arena (STYLE.md 3.3). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include "arena.h"

static int
aligned(const void *p)
{
	return (uintptr_t)p % _Alignof(max_align_t) == 0;
}

static void
test_alignment_and_no_overlap(void **state)
{
	struct arena	 a;
	unsigned char	*p[200];
	size_t		 i, j, n;

	(void)state;
	arena_init(&a, 0);
	for (i = 0; i < 200; i++) {
		n = 1 + (i * 37) % 3000;	/* odd sizes, several blocks */
		p[i] = arena_alloc(&a, n);
		assert_non_null(p[i]);
		assert_true(aligned(p[i]));
		memset(p[i], (int)(i & 0xff), n);
	}
	for (i = 0; i < 200; i++) {
		n = 1 + (i * 37) % 3000;
		for (j = 0; j < n; j++)
			assert_int_equal(p[i][j], i & 0xff);
	}
	assert_int_equal(a.failed, 0);
	arena_free(&a);
	assert_null(a.head);
}

static void
test_large_allocation(void **state)
{
	struct arena	 a;
	char		*small, *big, *after;

	(void)state;
	arena_init(&a, 0);
	small = arena_alloc(&a, 10);
	big = arena_alloc(&a, 1 << 20);
	assert_non_null(small);
	assert_non_null(big);
	assert_true(aligned(big));
	memset(big, 'x', 1 << 20);
	/* The small block's tail is still used after the big one. */
	after = arena_alloc(&a, 10);
	assert_non_null(after);
	assert_ptr_equal(after, small + (10 + _Alignof(max_align_t) - 1) /
	    _Alignof(max_align_t) * _Alignof(max_align_t));
	arena_free(&a);
}

static void
test_limit_and_sticky_failure(void **state)
{
	struct arena	 a;
	void		*first;

	(void)state;
	arena_init(&a, 1000);
	first = arena_alloc(&a, 600);
	assert_non_null(first);
	assert_int_equal(a.failed, 0);
	assert_null(arena_alloc(&a, 600));	/* over the limit */
	assert_int_equal(a.failed, 1);
	assert_null(arena_alloc(&a, 1));	/* sticky until reset */
	assert_null(arena_strdup(&a, "x"));
	assert_null(arena_printf(&a, "%d", 1));
	assert_int_equal(a.failed, 1);
	arena_reset(&a);
	assert_int_equal(a.failed, 0);
	assert_int_equal(a.used, 0);
	assert_ptr_equal(arena_alloc(&a, 600), first);	/* block reused */
	arena_free(&a);
}

static void
test_overflow_refused(void **state)
{
	struct arena	 a;

	(void)state;
	arena_init(&a, 0);
	assert_null(arena_alloc(&a, SIZE_MAX));
	assert_int_equal(a.failed, 1);
	arena_reset(&a);
	assert_null(arena_alloc(&a, SIZE_MAX - 8));
	arena_reset(&a);
	assert_null(arena_strndup(&a, "abc", SIZE_MAX));
	assert_int_equal(a.failed, 1);
	arena_free(&a);
}

static void
test_reset_keeps_first_block(void **state)
{
	struct arena	 a;
	void		*first, *head;
	int		 i;

	(void)state;
	arena_init(&a, 0);
	first = arena_alloc(&a, 100);
	head = a.head;
	for (i = 0; i < 100; i++)	/* several more blocks */
		assert_non_null(arena_alloc(&a, 5000));
	assert_non_null(arena_alloc(&a, 1 << 20));
	assert_ptr_not_equal(a.head, head);
	arena_reset(&a);
	assert_ptr_equal(a.head, head);
	assert_ptr_equal(arena_alloc(&a, 100), first);
	arena_free(&a);

	/* A first allocation too big for a block is not kept. */
	arena_init(&a, 0);
	assert_non_null(arena_alloc(&a, 1 << 20));
	arena_reset(&a);
	assert_null(a.head);
	assert_non_null(arena_alloc(&a, 1));
	arena_free(&a);
}

static void
test_strings(void **state)
{
	struct arena	 a;
	const char	 bytes[] = { 'a', 0, 'b' };
	char		*s;
	unsigned char	*z;
	size_t		 i;

	(void)state;
	arena_init(&a, 0);
	assert_string_equal(arena_strdup(&a, "hello"), "hello");
	assert_string_equal(arena_strndup(&a, "hello", 3), "hel");
	assert_string_equal(arena_strndup(&a, "", 0), "");
	s = arena_printf(&a, "%s-%zu-%05d", "x", (size_t)42, 7);
	assert_string_equal(s, "x-42-00007");
	s = arena_printf(&a, "%2000d", 1);	/* longer than any guess */
	assert_int_equal(strlen(s), 2000);
	assert_memory_equal(arena_memdup(&a, bytes, 3), bytes, 3);
	assert_non_null(arena_memdup(&a, NULL, 0));
	z = arena_alloc(&a, 64);
	memset(z, 0xff, 64);
	arena_reset(&a);
	z = arena_calloc(&a, 64);
	for (i = 0; i < 64; i++)
		assert_int_equal(z[i], 0);
	assert_non_null(arena_alloc(&a, 0));
	assert_ptr_not_equal(arena_alloc(&a, 0), arena_alloc(&a, 0));
	arena_free(&a);
}

static void
test_used_counts_bytes(void **state)
{
	struct arena	 a;

	(void)state;
	arena_init(&a, 0);
	arena_alloc(&a, 1);
	assert_int_equal(a.used, _Alignof(max_align_t));
	arena_alloc(&a, 100);
	assert_true(a.used >= 101);
	assert_true(a.used <= 101 + 2 * _Alignof(max_align_t));
	arena_free(&a);
	assert_int_equal(a.used, 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_alignment_and_no_overlap),
		cmocka_unit_test(test_large_allocation),
		cmocka_unit_test(test_limit_and_sticky_failure),
		cmocka_unit_test(test_overflow_refused),
		cmocka_unit_test(test_reset_keeps_first_block),
		cmocka_unit_test(test_strings),
		cmocka_unit_test(test_used_counts_bytes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
