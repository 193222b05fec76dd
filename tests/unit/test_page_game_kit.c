/*
 * test_page_game_kit.c: the pieces the game pages share
 * (page_game_kit.c): a card as <abbr> in words for both decks, a card's
 * SVG, a hidden hand's known cards, the option lists of the move forms
 * and the one-item lists.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "arena.h"
#include "buf.h"
#include "cards.h"
#include "page_game.h"
#include "req.h"
#include "tpl.h"

static void
test_put_card(void **state)
{
	struct arena	 a;
	struct buf	 b;

	(void)state;
	arena_init(&a, 0);
	buf_init(&b, &a);
	page_game_put_card(&b, CARD_TT, card_parse(CARD_TT, "3Rh", NULL));
	buf_puts(&b, "|");
	page_game_put_card(&b, CARD_STD, card_parse(CARD_STD, "8C", NULL));
	assert_false(b.failed);
	assert_string_equal(b.data, "<abbr title=\"red heart 3 (3Rh)\">3R♥"
	    "</abbr>|<abbr title=\"eight of clubs (8C)\">8♣</abbr>");
	/* Made once per process, then copied: the same bytes again. */
	buf_reset(&b);
	page_game_put_card(&b, CARD_TT, card_parse(CARD_TT, "3Rh", NULL));
	page_game_put_card(&b, CARD_TT, CARD_TT_JK2);
	page_game_put_card(&b, CARD_TT, card_parse(CARD_TT, "QYt", NULL));
	assert_string_equal(b.data, "<abbr title=\"red heart 3 (3Rh)\">3R♥"
	    "</abbr><abbr title=\"joker 2 (JK2)\">Joker 2</abbr>"
	    "<abbr title=\"yellow triangle question mark (QYt)\">?Y▲</abbr>");
	arena_free(&a);
}

static void
test_svg(void **state)
{
	struct arena	 a;
	struct req	 r;
	const char	*s;

	(void)state;
	arena_init(&a, 0);
	memset(&r, 0, sizeof(r));
	r.arena = &a;
	s = page_game_svg(&r, CARD_TT, card_parse(CARD_TT, "3Rh", NULL),
	    "drawn this turn");
	assert_non_null(strstr(s, "<svg"));
	assert_non_null(strstr(s, "red heart 3 (3Rh), drawn this turn"));
	s = page_game_svg(&r, CARD_STD, card_parse(CARD_STD, "8C", NULL),
	    NULL);
	assert_non_null(strstr(s, "<svg"));
	assert_non_null(strstr(s, "eight of clubs (8C)"));
	/* A face without a note is the process's own copy, not the arena's. */
	s = page_game_svg(&r, CARD_TT, card_parse(CARD_TT, "3Rh", NULL),
	    NULL);
	assert_ptr_equal(s, cards_face(card_parse(CARD_TT, "3Rh", NULL),
	    NULL));
	assert_ptr_equal(page_game_svg(&r, CARD_TT, card_parse(CARD_TT,
	    "3Rh", NULL), ""), s);
	arena_free(&a);
}

/* A hidden hand's known cards: every face says the note, none is "last". */
static void
test_cards_known(void **state)
{
	struct arena		 a;
	struct req		 r;
	struct page_game_cards	 l;
	card_t			 cs[2];

	(void)state;
	arena_init(&a, 0);
	memset(&r, 0, sizeof(r));
	r.arena = &a;
	cs[0] = card_parse(CARD_STD, "KS", NULL);
	cs[1] = card_parse(CARD_STD, "4D", NULL);
	assert_int_equal(page_game_cards_known(&r, &l, CARD_STD, cs, 2,
	    "taken from the discard pile"), 0);
	assert_int_equal(l.n, 2);
	assert_string_equal(l.v[0].tok, "KS");
	assert_string_equal(l.v[1].tok, "4D");
	assert_non_null(strstr(l.v[0].svg,
	    "king of spades (KS), taken from the discard pile"));
	assert_non_null(strstr(l.v[1].svg,
	    "four of diamonds (4D), taken from the discard pile"));
	assert_false(l.v[1].last);
	assert_int_equal(page_game_cards_known(&r, &l, CARD_TT, cs, 0,
	    "taken"), 0);
	assert_int_equal(l.n, 0);
	arena_free(&a);
}

/* One pass when it fits, two when it does not: the same text. */
static void
test_printf(void **state)
{
	struct arena	 a;
	struct req	 r;
	char		 want[2000];
	const char	*s;

	(void)state;
	arena_init(&a, 0);
	memset(&r, 0, sizeof(r));
	r.arena = &a;
	assert_string_equal(page_game_printf(&r, "%s knocked with %d.",
	    "Ann", 7), "Ann knocked with 7.");
	memset(want, 'x', 1500);
	want[1500] = '\0';
	s = page_game_printf(&r, "%s%d", want, 42);
	assert_int_equal(strlen(s), 1502);
	assert_int_equal(strncmp(s, want, 1500), 0);
	assert_string_equal(s + 1500, "42");
	want[511] = '\0';		/* 512 with the NUL: two passes */
	assert_string_equal(page_game_printf(&r, "%s", want), want);
	want[510] = '\0';
	assert_string_equal(page_game_printf(&r, "%s", want), want);
	arena_free(&a);
}

static const char *
key_str(const struct tpl_ctx *c, const char *key, enum tpl_kind *kind,
    int *flag)
{
	struct tpl_val	 v;

	memset(&v, 0, sizeof(v));
	assert_int_equal(c->lookup(c->data, key, &v), 0);
	*kind = v.kind;
	*flag = v.flag;
	return v.kind == TPL_STRING ? v.str : NULL;
}

static void
test_opts(void **state)
{
	struct arena		 a;
	struct req		 r;
	struct page_game_opts	 l;
	struct tpl_val		 v;
	struct tpl_ctx		 c;
	enum tpl_kind		 kind;
	int			 flag;

	(void)state;
	arena_init(&a, 0);
	memset(&r, 0, sizeof(r));
	r.arena = &a;
	assert_int_equal(page_game_opts_alloc(&r, &l, 3), 0);
	assert_int_equal(l.n, 0);
	strcpy(l.v[0].value, "on 5H");
	l.v[0].text = "run of hearts";
	l.v[0].data = "5H";
	strcpy(l.v[1].value, "@2");
	l.v[1].text = "in front of bob";
	l.v[1].selected = 1;
	l.n = 2;
	assert_int_equal(page_game_opts_val(&v, &l), 0);
	assert_int_equal(v.kind, TPL_LIST);
	assert_int_equal(v.count, 2);
	assert_int_equal(v.item(v.list, 0, &c), 0);
	assert_string_equal(key_str(&c, "opt_value", &kind, &flag), "on 5H");
	assert_string_equal(key_str(&c, "opt_text", &kind, &flag),
	    "run of hearts");
	assert_string_equal(key_str(&c, "opt_data", &kind, &flag), "5H");
	key_str(&c, "opt_selected", &kind, &flag);
	assert_int_equal(kind, TPL_BOOL);
	assert_int_equal(flag, 0);
	assert_int_equal(v.item(v.list, 1, &c), 0);
	assert_string_equal(key_str(&c, "opt_value", &kind, &flag), "@2");
	key_str(&c, "opt_selected", &kind, &flag);
	assert_int_equal(flag, 1);
	key_str(&c, "opt_data", &kind, &flag);
	assert_int_equal(kind, TPL_NONE);	/* no data: no attribute */
	key_str(&c, "nonesuch", &kind, &flag);
	assert_int_equal(kind, TPL_NONE);
	arena_free(&a);
}

static int
one_lookup(const void *data, const char *key, struct tpl_val *out)
{
	return strcmp(key, "n") == 0 ? tpl_int(out, *(const int *)data) :
	    tpl_none(out);
}

static void
test_one(void **state)
{
	struct arena	 a;
	struct req	 r;
	struct tpl_val	 v;
	struct tpl_ctx	 c;
	int		 seven = 7;

	(void)state;
	arena_init(&a, 0);
	memset(&r, 0, sizeof(r));
	r.arena = &a;
	assert_int_equal(page_game_one(&r, &v, 0, one_lookup, &seven), 0);
	assert_int_equal(v.kind, TPL_LIST);
	assert_int_equal(v.count, 0);
	assert_int_equal(page_game_one(&r, &v, 1, one_lookup, &seven), 0);
	assert_int_equal(v.count, 1);
	memset(&c, 0, sizeof(c));
	assert_int_equal(v.item(v.list, 0, &c), 0);
	assert_ptr_equal(c.lookup, one_lookup);
	assert_ptr_equal(c.data, &seven);
	arena_free(&a);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_put_card),
		cmocka_unit_test(test_svg),
		cmocka_unit_test(test_cards_known),
		cmocka_unit_test(test_printf),
		cmocka_unit_test(test_opts),
		cmocka_unit_test(test_one),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
