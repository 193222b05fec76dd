/*
 * test_token.c: signed mail tokens (fcgi/token.c): round trip, every
 * refusal, the address helpers.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include <sodium.h>

#include "token.h"

static uint8_t	 key[TOKEN_KEY_BYTES], key2[TOKEN_KEY_BYTES];

static int
setup(void **state)
{
	static const uint8_t s1[32] = { 1, 2, 3 }, s2[32] = { 1, 2, 4 };

	(void)state;
	if (sodium_init() < 0)
		return -1;
	token_key_from_secret(s1, sizeof(s1), key);
	token_key_from_secret(s2, sizeof(s2), key2);
	return 0;
}

static void
test_roundtrip(void **state)
{
	struct token	 t = { TOKEN_REPLY, 42, 4000000000LL, 3, 117, 2000 };
	struct token	 u;
	char		 tok[TOKEN_TEXT_MAX];

	(void)state;
	assert_int_equal(token_sign(&t, key, tok), 0);
	assert_int_equal(strlen(tok), TOKEN_TEXT_LEN);
	assert_int_equal(token_verify(tok, strlen(tok), TOKEN_REPLY, key, 1999,
	    &u), TOKEN_OK);
	assert_int_equal(u.purpose, TOKEN_REPLY);
	assert_int_equal(u.user, 42);
	assert_true(u.game == 4000000000LL);
	assert_int_equal(u.seat, 3);
	assert_int_equal(u.ply, 117);
	assert_int_equal(u.expires, 2000);

	t.seat = TOKEN_SEAT_NONE;
	t.expires = 0;
	t.purpose = TOKEN_UNSUBSCRIBE;
	assert_int_equal(token_sign(&t, key, tok), 0);
	assert_int_equal(token_verify(tok, strlen(tok), TOKEN_UNSUBSCRIBE, key,
	    INT64_C(9000000000), &u), TOKEN_OK);
	assert_int_equal(u.seat, TOKEN_SEAT_NONE);
}

static void
test_refusals(void **state)
{
	struct token	 t = { TOKEN_REPLY, 7, 9, 1, 5, 1000 };
	struct token	 u;
	char		 tok[TOKEN_TEXT_MAX], bad[TOKEN_TEXT_MAX];
	size_t		 i;

	(void)state;
	assert_int_equal(token_sign(&t, key, tok), 0);
	assert_int_equal(token_verify(tok, strlen(tok), TOKEN_REPLY, key, 1000,
	    &u), TOKEN_EXPIRED);
	assert_int_equal(u.user, 0);
	assert_int_equal(token_verify(tok, strlen(tok), TOKEN_UNSUBSCRIBE, key,
	    10, &u), TOKEN_WRONG_PURPOSE);
	assert_int_equal(token_verify(tok, strlen(tok), TOKEN_REPLY, key2, 10,
	    &u), TOKEN_FORGED);
	assert_int_equal(token_verify(tok, strlen(tok) - 1, TOKEN_REPLY, key,
	    10, &u), TOKEN_MALFORMED);
	assert_int_equal(token_verify(NULL, 0, TOKEN_REPLY, key, 10, &u),
	    TOKEN_MALFORMED);
	/* Every single-character change is refused. */
	for (i = 0; i < TOKEN_TEXT_LEN; i++) {
		memcpy(bad, tok, sizeof(bad));
		bad[i] = bad[i] == 'A' ? 'B' : 'A';
		assert_int_not_equal(token_verify(bad, strlen(bad), TOKEN_REPLY,
		    key, 10, &u), TOKEN_OK);
	}
	memcpy(bad, tok, sizeof(bad));
	bad[5] = '+';
	assert_int_equal(token_verify(bad, strlen(bad), TOKEN_REPLY, key, 10,
	    &u), TOKEN_MALFORMED);
	/* Out-of-range fields are not signed. */
	t.seat = 255;
	assert_int_equal(token_sign(&t, key, tok), -1);
	assert_string_equal(tok, "");
	t.seat = 0;
	t.user = -1;
	assert_int_equal(token_sign(&t, key, tok), -1);
	t.user = 1;
	t.purpose = (enum token_purpose)9;
	assert_int_equal(token_sign(&t, key, tok), -1);
	assert_string_equal(token_rc_str(TOKEN_FORGED),
	    "the token's signature does not match");
}

static void
test_address(void **state)
{
	struct token	 t = { TOKEN_REPLY, 1, 2, 0, 3, 0 };
	char		 tok[TOKEN_TEXT_MAX], addr[128], wrapped[160];
	const char	*p;
	size_t		 n;

	(void)state;
	assert_int_equal(token_sign(&t, key, tok), 0);
	assert_int_equal(token_address("play@example.org", tok, addr,
	    sizeof(addr)), 0);
	assert_int_equal(strlen(addr), strlen("play+@example.org") +
	    TOKEN_TEXT_LEN);
	p = token_in_address(addr, &n);
	assert_non_null(p);
	assert_int_equal(n, TOKEN_TEXT_LEN);
	assert_memory_equal(p, tok, n);
	snprintf(wrapped, sizeof(wrapped), "Topper <%s>", addr);
	p = token_in_address(wrapped, &n);
	assert_non_null(p);
	assert_memory_equal(p, tok, n);
	assert_null(token_in_address("play@example.org", &n));
	assert_null(token_in_address("play+short@example.org", &n));
	assert_null(token_in_address(NULL, &n));
	assert_int_equal(token_address("noat", tok, addr, sizeof(addr)), -1);
	assert_int_equal(token_address("a@b", tok, addr, 10), -1);
}

static void
test_digest(void **state)
{
	uint8_t	 a[TOKEN_DIGEST_BYTES], b[TOKEN_DIGEST_BYTES];

	(void)state;
	token_digest("abc", 3, a);
	token_digest("abd", 3, b);
	assert_memory_not_equal(a, b, sizeof(a));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_roundtrip),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_address),
		cmocka_unit_test(test_digest),
	};
	return cmocka_run_group_tests(tests, setup, NULL);
}
