/*
 * test_mail_turn.c: who won, in the reader's words
 * (fcgi/mail/mail_turn.c); the cards' faces in the HTML part
 * (words_face(), words_faces(), mail_html_of_text_alt()).
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
#include "card.h"
#include "mail_html.h"
#include "mail_turn.h"
#include "page_game_kit.h"
#include "words.h"

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

static void
test_faces(void **state)
{
	struct arena			 a;
	struct buf			 b;
	struct words			 w;
	const struct mail_html_alt	 alt[] = { { 1, "<b>10\xe2\x99\xa5</b>" } };
	char				 face[64];
	const char			*html, *end;

	(void)state;
	arena_init(&a, 1 << 16);
	words_face(CARD_STD, card_parse(CARD_STD, "TH", &end), face,
	    sizeof(face));
	assert_string_equal(face, "10\xe2\x99\xa5");
	words_face(CARD_TT, card_parse(CARD_TT, "3Rh", &end), face,
	    sizeof(face));
	assert_string_equal(face, "3R\xe2\x99\xa5");
	buf_init(&b, &a);
	w = words_faces(&b);
	words_name(&w, "<Al>");
	words_put(&w, " took ");
	words_card(&w, CARD_TT, card_parse(CARD_TT, "3Rh", &end));
	buf_putc(&b, '\0');
	assert_string_equal(b.data, "&lt;Al&gt; took <b>3R\xe2\x99\xa5</b>");
	/* Line 1 said otherwise, its indentation kept; line 0 as it is. */
	html = mail_html_of_text_alt(&a, "T", "Hi <you>\n  took TH\n", NULL,
	    alt, 1);
	assert_non_null(html);
	assert_non_null(strstr(html, "Hi &lt;you&gt;<br>\n&nbsp;&nbsp;"
	    "<b>10\xe2\x99\xa5</b></p>"));
	assert_null(strstr(html, "took TH"));
	arena_free(&a);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_winners),
		cmocka_unit_test(test_faces),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
