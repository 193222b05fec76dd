/*
 * test_rng.c: ChaCha20 against the RFC 8439 vectors, and the draws of
 * RULES.md 0.3 (uniform with rejection, Fisher-Yates from the last index).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "card.h"
#include "deck.h"
#include "game.h"
#include "rng.h"

static void
hex(const char *h, uint8_t *out, size_t n)
{
	size_t	 i;
	unsigned v;

	for (i = 0; i < n; i++) {
		assert_int_equal(sscanf(h + 2 * i, "%2x", &v), 1);
		out[i] = (uint8_t)v;
	}
}

struct vector {
	const char	*key, *nonce;
	uint32_t	 counter;
	const char	*block;
};

/* RFC 8439 2.3.2 and A.1 #1-#5. */
static const struct vector vectors[] = {
	{ "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
	  "000000090000004a00000000", 1,
	  "10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4e"
	  "d2826446079faa0914c2d705d98b02a2b5129cd1de164eb9cbd083e8a2503c4e" },
	{ "0000000000000000000000000000000000000000000000000000000000000000",
	  "000000000000000000000000", 0,
	  "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7"
	  "da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586" },
	{ "0000000000000000000000000000000000000000000000000000000000000000",
	  "000000000000000000000000", 1,
	  "9f07e7be5551387a98ba977c732d080dcb0f29a048e3656912c6533e32ee7aed"
	  "29b721769ce64e43d57133b074d839d531ed1f28510afb45ace10a1f4b794d6f" },
	{ "0000000000000000000000000000000000000000000000000000000000000001",
	  "000000000000000000000000", 1,
	  "3aeb5224ecf849929b9d828db1ced4dd832025e8018b8160b82284f3c949aa5a"
	  "8eca00bbb4a73bdad192b5c42f73f2fd4e273644c8b36125a64addeb006c13a0" },
	{ "00ff000000000000000000000000000000000000000000000000000000000000",
	  "000000000000000000000000", 2,
	  "72d54dfbf12ec44b362692df94137f328fea8da73990265ec1bbbea1ae9af0ca"
	  "13b25aa26cb4a648cb9b9d1be65b2c0924a66c54d545ec1b7374f4872e99f096" },
	{ "0000000000000000000000000000000000000000000000000000000000000000",
	  "000000000000000000000002", 0,
	  "c2c64d378cd536374ae204b9ef933fcd1a8b2288b3dfa49672ab765b54ee27c7"
	  "8a970e0e955c14f3a88e741b97c286f75f8fc299e8148362fa198a39531bed6d" },
};

static void
test_rfc8439_vectors(void **state)
{
	uint8_t	 key[32], nonce[12], want[64], got[64];
	size_t	 i;

	(void)state;
	for (i = 0; i < sizeof(vectors) / sizeof(vectors[0]); i++) {
		hex(vectors[i].key, key, 32);
		hex(vectors[i].nonce, nonce, 12);
		hex(vectors[i].block, want, 64);
		rng_chacha20_block(key, vectors[i].counter, nonce, got);
		assert_memory_equal(got, want, 64);
	}
}

/* The stream is the nonce-0 keystream from block 0, read as LE words. */
static void
test_stream_is_keystream(void **state)
{
	uint8_t		 seed[32] = { 0 }, nonce[12] = { 0 }, block[64];
	struct rng	 r;
	int		 b, i;

	(void)state;
	seed[31] = 1;
	rng_init(&r, seed);
	for (b = 0; b < 3; b++) {
		rng_chacha20_block(seed, (uint32_t)b, nonce, block);
		for (i = 0; i < 16; i++) {
			uint32_t w = (uint32_t)block[4 * i] |
			    (uint32_t)block[4 * i + 1] << 8 |
			    (uint32_t)block[4 * i + 2] << 16 |
			    (uint32_t)block[4 * i + 3] << 24;
			assert_int_equal(rng_next(&r), w);
		}
	}
}

/* uniform(n) rejects words at or above 2^32 - (2^32 mod n). */
static void
test_uniform_rejects_the_top(void **state)
{
	struct rng	 r;

	(void)state;
	memset(&r, 0, sizeof(r));
	r.counter = 1;		/* a later refill would be block 1 */
	r.used = 0;
	r.block[0] = 0xffffffffu;	/* 2^32 mod 3 = 1: rejected */
	r.block[1] = 0xfffffffeu;	/* accepted: 4294967294 mod 3 = 2 */
	assert_int_equal(rng_uniform(&r, 3), 2);
	assert_int_equal(r.used, 2);
	r.block[2] = 0xfffffffbu;	/* n = 5: 2^32 mod 5 = 1, limit 2^32-1 */
	assert_int_equal(rng_uniform(&r, 5), 0xfffffffbu % 5);
	r.block[3] = 7;
	assert_int_equal(rng_uniform(&r, 1), 0);
}

/*
 * A known deal, re-derived outside the engine from the RFC keystream
 * (seed 00..1f): seating of 2, first dealer, then the Squares deck
 * shuffled from id order.  Anyone with the revealed seed can repeat it.
 */
static void
test_known_shuffle(void **state)
{
	static const char *const want[] = { "3Bt", "4Bs", "2Rs", "1Yc",
	    "4Ys", "3Gh", "1Bt", "4Gs", "3Rt", "4Rc", "1Ys", "1Rh" };
	uint8_t		 seed[32], seating[GAME_SEATS_MAX];
	card_t		 deck[64];
	struct rng	 r;
	char		 t[CARD_TEXT_MAX];
	int		 i, dealer;

	(void)state;
	for (i = 0; i < 32; i++)
		seed[i] = (uint8_t)i;
	rng_init(&r, seed);
	assert_int_equal(rng_next(&r), 0x7d2bfd39u);
	rng_init(&r, seed);
	dealer = game_draw_seating(&r, 2, -1, seating);
	assert_int_equal(seating[0], 0);
	assert_int_equal(seating[1], 1);
	assert_int_equal(dealer, 1);
	assert_int_equal(deck_fill(DECK_SQUARES, 1, deck), 64);
	rng_shuffle(&r, deck, 64);
	for (i = 0; i < 12; i++) {
		card_format(CARD_TT, deck[i], t);
		assert_string_equal(t, want[i]);
	}
	/* 65 words were read: 2 + 63 shuffle draws, none rejected. */
	assert_int_equal(r.counter, 5);
	assert_int_equal(r.used, 1);
}

/* A dealer override changes only the dealer, not the shuffles after it. */
static void
test_dealer_override_keeps_stream(void **state)
{
	uint8_t		 seed[32] = { 9 }, seating[GAME_SEATS_MAX];
	struct rng	 a, b;

	(void)state;
	rng_init(&a, seed);
	rng_init(&b, seed);
	assert_int_equal(game_draw_seating(&b, 4, 3, seating), 3);
	game_draw_seating(&a, 4, -1, seating);
	assert_memory_equal(&a, &b, sizeof(a));
}

/* Every residue of a small n turns up, and none outside [0, n). */
static void
test_uniform_covers_range(void **state)
{
	uint8_t		 seed[32] = { 42 };
	struct rng	 r;
	int		 seen[7] = { 0 }, i;
	uint32_t	 v;

	(void)state;
	rng_init(&r, seed);
	for (i = 0; i < 7000; i++) {
		v = rng_uniform(&r, 7);
		assert_true(v < 7);
		seen[v]++;
	}
	for (i = 0; i < 7; i++)
		assert_in_range(seen[i], 800, 1200);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rfc8439_vectors),
		cmocka_unit_test(test_stream_is_keystream),
		cmocka_unit_test(test_uniform_rejects_the_top),
		cmocka_unit_test(test_known_shuffle),
		cmocka_unit_test(test_dealer_override_keeps_stream),
		cmocka_unit_test(test_uniform_covers_range),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
