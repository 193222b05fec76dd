/*
 * test_mail_turn.c: who won, in the reader's words
 * (fcgi/mail/mail_turn.c).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "arena.h"
#include "buf.h"
#include "mail_turn.h"
#include "page_game_kit.h"

static const char *
winners(struct arena *a, int viewer, uint32_t mask)
{
	struct page_game_names	 nm;
	struct buf		 b;

	memset(&nm, 0, sizeof(nm));
	nm.nseats = 3;
	nm.viewer = viewer;
	snprintf(nm.name[0], sizeof(nm.name[0]), "Al");
	snprintf(nm.name[1], sizeof(nm.name[1]), "Bo");
	snprintf(nm.name[2], sizeof(nm.name[2]), "Cy");
	buf_init(&b, a);
	mail_turn_winners(&b, &nm, mask);
	buf_putc(&b, '\0');
	return b.data;
}

static void
test_winners(void **state)
{
	struct arena	 a;

	(void)state;
	arena_init(&a, 1 << 16);
	assert_string_equal(winners(&a, 0, 1u << 0), "You won.");
	assert_string_equal(winners(&a, 0, 1u << 1), "Bo won.");
	assert_string_equal(winners(&a, 1, 1u << 0 | 1u << 1), "Al and you won.");
	assert_string_equal(winners(&a, 0, 1u << 0 | 1u << 2), "You and Cy won.");
	assert_string_equal(winners(&a, -1, 7), "Al, Bo and Cy won.");
	assert_string_equal(winners(&a, 2, 0), "Nobody won.");
	arena_free(&a);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_winners),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
