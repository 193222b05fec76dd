/* rng.c: ChaCha20 (RFC 8439) and the draws built on it (RULES.md 0.3). */
#include "rng.h"

#include <string.h>

static uint32_t
rotl(uint32_t v, int n)
{
	return (v << n) | (v >> (32 - n));
}

static uint32_t
load32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 |
	    (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

#define QR(a, b, c, d) do {					\
	a += b; d ^= a; d = rotl(d, 16);			\
	c += d; b ^= c; b = rotl(b, 12);			\
	a += b; d ^= a; d = rotl(d, 8);				\
	c += d; b ^= c; b = rotl(b, 7);				\
} while (0)

/* The block function on words: constants, key, counter, nonce. */
static void
block_words(const uint32_t key[8], uint32_t counter,
    const uint32_t nonce[3], uint32_t out[16])
{
	uint32_t	 in[16], x[16];
	int		 i;

	in[0] = 0x61707865;
	in[1] = 0x3320646e;
	in[2] = 0x79622d32;
	in[3] = 0x6b206574;
	for (i = 0; i < 8; i++)
		in[4 + i] = key[i];
	in[12] = counter;
	in[13] = nonce[0];
	in[14] = nonce[1];
	in[15] = nonce[2];
	memcpy(x, in, sizeof(x));
	for (i = 0; i < 10; i++) {
		QR(x[0], x[4], x[8], x[12]);
		QR(x[1], x[5], x[9], x[13]);
		QR(x[2], x[6], x[10], x[14]);
		QR(x[3], x[7], x[11], x[15]);
		QR(x[0], x[5], x[10], x[15]);
		QR(x[1], x[6], x[11], x[12]);
		QR(x[2], x[7], x[8], x[13]);
		QR(x[3], x[4], x[9], x[14]);
	}
	for (i = 0; i < 16; i++)
		out[i] = x[i] + in[i];
}

void
rng_chacha20_block(const uint8_t key[32], uint32_t counter,
    const uint8_t nonce[12], uint8_t out[64])
{
	uint32_t	 k[8], n[3], w[16];
	int		 i;

	for (i = 0; i < 8; i++)
		k[i] = load32(key + 4 * i);
	for (i = 0; i < 3; i++)
		n[i] = load32(nonce + 4 * i);
	block_words(k, counter, n, w);
	for (i = 0; i < 16; i++) {
		out[4 * i] = (uint8_t)w[i];
		out[4 * i + 1] = (uint8_t)(w[i] >> 8);
		out[4 * i + 2] = (uint8_t)(w[i] >> 16);
		out[4 * i + 3] = (uint8_t)(w[i] >> 24);
	}
}

void
rng_init(struct rng *r, const uint8_t seed[32])
{
	int	 i;

	memset(r, 0, sizeof(*r));
	for (i = 0; i < 8; i++)
		r->key[i] = load32(seed + 4 * i);
	r->counter = 0;
	r->used = 16;
}

uint32_t
rng_next(struct rng *r)
{
	static const uint32_t	 zero_nonce[3];

	if (r->used >= 16) {
		block_words(r->key, r->counter, zero_nonce, r->block);
		r->counter++;
		r->used = 0;
	}
	return r->block[r->used++];
}

uint32_t
rng_uniform(struct rng *r, uint32_t n)
{
	uint64_t	 limit;
	uint32_t	 w;

	/* Reject the top 2^32 mod n words so every residue is equally likely. */
	limit = (uint64_t)1 << 32;
	limit -= limit % n;
	do
		w = rng_next(r);
	while ((uint64_t)w >= limit);
	return w % n;
}

void
rng_shuffle(struct rng *r, card_t *a, int n)
{
	card_t	 t;
	int	 i, j;

	for (i = n - 1; i > 0; i--) {
		j = (int)rng_uniform(r, (uint32_t)i + 1);
		t = a[i];
		a[i] = a[j];
		a[j] = t;
	}
}

void
rng_shuffle_u8(struct rng *r, uint8_t *a, int n)
{
	rng_shuffle(r, a, n);	/* card_t is uint8_t */
}
