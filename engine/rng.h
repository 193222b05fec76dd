/*
 * rng.h: the seeded random stream every game draws from.
 *
 * ChaCha20 as RFC 8439 defines it, key = the game's 256-bit seed,
 * nonce 0, block counter from 0, output read as 32-bit little-endian
 * words (RULES.md 0.3).  The struct is plain data and lives inside each
 * game's state, so a saved state resumes the stream exactly.  The
 * engine links no crypto library; rng.c is checked against the RFC's
 * test vectors.  Nothing here allocates or does I/O.
 */
#ifndef TOPPER_RNG_H
#define TOPPER_RNG_H

#include <stdint.h>

#include "card.h"

struct rng {
	uint32_t	key[8];		/* seed as little-endian words */
	uint32_t	counter;	/* next block to generate */
	uint32_t	block[16];	/* current keystream block */
	uint32_t	used;		/* words of block already read (16 = none left) */
};

/* Start the stream for a 32-byte seed. */
void	rng_init(struct rng *r, const uint8_t seed[32]);

/* The next 32-bit word of the stream. */
uint32_t rng_next(struct rng *r);

/*
 * Uniform integer in [0, n), n >= 1: the first word w with
 * w < 2^32 - (2^32 mod n), returned as w mod n.
 */
uint32_t rng_uniform(struct rng *r, uint32_t n);

/* Fisher-Yates from the last index down: a[i] <-> a[uniform(i + 1)]. */
void	rng_shuffle(struct rng *r, card_t *a, int n);

/* The same shuffle over small integers (seat orders). */
void	rng_shuffle_u8(struct rng *r, uint8_t *a, int n);

/*
 * One ChaCha20 block (RFC 8439 2.3): 64 bytes of keystream for a key,
 * a block counter and a 96-bit nonce.  Exposed for the RFC vectors.
 */
void	rng_chacha20_block(const uint8_t key[32], uint32_t counter,
	    const uint8_t nonce[12], uint8_t out[64]);

#endif /* TOPPER_RNG_H */
