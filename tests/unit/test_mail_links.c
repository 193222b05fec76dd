/*
 * test_mail_links.c: the one-tap move link tokens (fcgi/mail/mail_links.c):
 * the move's index and the ply survive the round trip, a link token is
 * not a reply token nor the reverse, and the fields that do not fit are
 * refused.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include <sodium.h>

#include "mail_links.h"
#include "token.h"

static uint8_t	 key[TOKEN_KEY_BYTES];

static int
setup(void **state)
{
	static const uint8_t s[32] = { 7, 7, 7 };

	(void)state;
	if (sodium_init() < 0)
		return -1;
	token_key_from_secret(s, sizeof(s), key);
	return 0;
}

static void
test_roundtrip(void **state)
{
	char		 tok[TOKEN_TEXT_MAX];
	struct token	 t;
	int		 k;

	(void)state;
	assert_int_equal(mail_links_sign(key, 42, 9, 2, 117, 13, 5000, tok), 0);
	assert_int_equal(strlen(tok), TOKEN_TEXT_LEN);
	assert_int_equal(mail_links_verify(tok, strlen(tok), key, 100, &t, &k),
	    TOKEN_OK);
	assert_int_equal(t.user, 42);
	assert_int_equal(t.game, 9);
	assert_int_equal(t.seat, 2);
	assert_int_equal(t.ply, 117);
	assert_int_equal(k, 13);
	/* The largest index and ply that fit. */
	assert_int_equal(mail_links_sign(key, 1, 1, 0,
	    (1 << MAIL_LINKS_PLY_BITS) - 1, MAIL_LINKS_K_MAX, 0, tok), 0);
	assert_int_equal(mail_links_verify(tok, strlen(tok), key, 100, &t, &k),
	    TOKEN_OK);
	assert_int_equal(t.ply, (1 << MAIL_LINKS_PLY_BITS) - 1);
	assert_int_equal(k, MAIL_LINKS_K_MAX);
}

static void
test_refusals(void **state)
{
	char		 tok[TOKEN_TEXT_MAX];
	struct token	 t, r = { TOKEN_REPLY, 42, 9, 2, 117, 0 };
	int		 k;

	(void)state;
	assert_int_equal(mail_links_sign(key, 1, 1, 0, 1 << MAIL_LINKS_PLY_BITS,
	    0, 0, tok), -1);
	assert_int_equal(mail_links_sign(key, 1, 1, 0, 5, MAIL_LINKS_K_MAX + 1,
	    0, tok), -1);
	assert_int_equal(mail_links_sign(key, 1, 1, 0, -1, 0, 0, tok), -1);
	/* A reply token opens no move link, a link is no reply token. */
	assert_int_equal(token_sign(&r, key, tok), 0);
	assert_int_equal(mail_links_verify(tok, strlen(tok), key, 100, &t, &k),
	    TOKEN_WRONG_PURPOSE);
	assert_int_equal(k, -1);
	assert_int_equal(mail_links_sign(key, 42, 9, 2, 117, 0, 0, tok), 0);
	assert_int_equal(token_verify(tok, strlen(tok), TOKEN_REPLY, key, 100,
	    &t), TOKEN_WRONG_PURPOSE);
	/* Expired, and altered. */
	assert_int_equal(mail_links_sign(key, 42, 9, 2, 117, 0, 50, tok), 0);
	assert_int_equal(mail_links_verify(tok, strlen(tok), key, 100, &t, &k),
	    TOKEN_EXPIRED);
	assert_int_equal(mail_links_sign(key, 42, 9, 2, 117, 1, 0, tok), 0);
	tok[20] = tok[20] == 'A' ? 'B' : 'A';
	assert_int_equal(mail_links_verify(tok, strlen(tok), key, 100, &t, &k),
	    TOKEN_FORGED);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_roundtrip),
		cmocka_unit_test(test_refusals),
	};
	return cmocka_run_group_tests(tests, setup, NULL);
}
