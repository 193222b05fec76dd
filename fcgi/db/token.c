/*
 * token.c: signed tokens for mail links and addresses (token.h).
 *
 * Layout before encoding (35 bytes, big-endian numbers):
 *   0  version (1)        1  purpose        2  seat (0xff: none)
 *   3  user (4)           7  game (4)       11 ply (4)
 *   15 expires (4)        19 MAC (16): crypto_auth over bytes 0..18,
 *                            truncated (a forger must guess 128 bits).
 */
#include "token.h"

#include <stdio.h>
#include <string.h>

#include <sodium.h>

#include "db.h"

enum {
	TOK_VERSION = 1,
	TOK_BODY = 19,
	TOK_MAC = 16,
	TOK_RAW = TOK_BODY + TOK_MAC
};

/* Domain separation: the settings secret may key other things too. */
static const char TOK_CONTEXT[] = "topper mail token v1";

void
token_key_from_secret(const uint8_t *secret, size_t len,
    uint8_t key[TOKEN_KEY_BYTES])
{
	crypto_generichash_state st;

	crypto_generichash_init(&st, secret, len > crypto_generichash_KEYBYTES_MAX ?
	    crypto_generichash_KEYBYTES_MAX : len, TOKEN_KEY_BYTES);
	crypto_generichash_update(&st, (const unsigned char *)TOK_CONTEXT,
	    sizeof(TOK_CONTEXT) - 1);
	crypto_generichash_final(&st, key, TOKEN_KEY_BYTES);
}

int
token_key_load(struct db *db, uint8_t key[TOKEN_KEY_BYTES])
{
	char	 hex[2 * 64 + 1];
	uint8_t	 secret[64];
	size_t	 n;

	if (sodium_init() < 0)
		return -1;
	if (db_setting_get(db, "secret", hex, sizeof(hex)) != DB_OK) {
		fprintf(stderr, "token: no secret in settings (run topper init)\n");
		return -1;
	}
	if (sodium_hex2bin(secret, sizeof(secret), hex, strlen(hex), NULL,
	    &n, NULL) != 0 || n < 16) {
		fprintf(stderr, "token: the settings secret is not hex\n");
		return -1;
	}
	token_key_from_secret(secret, n, key);
	sodium_memzero(secret, sizeof(secret));
	return 0;
}

static void
put32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

static uint32_t
get32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	    (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

static int
fits32(int64_t v)
{
	return v >= 0 && v <= (int64_t)UINT32_MAX;
}

static void
mac(const uint8_t *body, const uint8_t key[TOKEN_KEY_BYTES],
    uint8_t out[TOK_MAC])
{
	uint8_t	 full[crypto_auth_BYTES];

	crypto_auth(full, body, TOK_BODY, key);
	memcpy(out, full, TOK_MAC);
}

int
token_sign(const struct token *t, const uint8_t key[TOKEN_KEY_BYTES],
    char out[TOKEN_TEXT_MAX])
{
	uint8_t	 raw[TOK_RAW];

	out[0] = '\0';
	if ((t->purpose < TOKEN_UNSUBSCRIBE || t->purpose > TOKEN_INVITE) ||
	    !fits32(t->user) || !fits32(t->game) || !fits32(t->ply) ||
	    !fits32(t->expires) || t->seat < TOKEN_SEAT_NONE || t->seat > 254)
		return -1;
	raw[0] = TOK_VERSION;
	raw[1] = (uint8_t)t->purpose;
	raw[2] = t->seat == TOKEN_SEAT_NONE ? 0xff : (uint8_t)t->seat;
	put32(raw + 3, (uint32_t)t->user);
	put32(raw + 7, (uint32_t)t->game);
	put32(raw + 11, (uint32_t)t->ply);
	put32(raw + 15, (uint32_t)t->expires);
	mac(raw, key, raw + TOK_BODY);
	sodium_bin2base64(out, TOKEN_TEXT_MAX, raw, sizeof(raw),
	    sodium_base64_VARIANT_URLSAFE_NO_PADDING);
	return 0;
}

enum token_rc
token_verify(const char *text, size_t len, enum token_purpose want,
    const uint8_t key[TOKEN_KEY_BYTES], int64_t now, struct token *out)
{
	uint8_t	 raw[TOK_RAW], m[TOK_MAC];
	size_t	 n, i;
	int64_t	 exp;

	memset(out, 0, sizeof(*out));
	if (text == NULL || len != TOKEN_TEXT_LEN)
		return TOKEN_MALFORMED;
	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)text[i];

		if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
		    (c >= '0' && c <= '9') || c == '-' || c == '_'))
			return TOKEN_MALFORMED;
	}
	if (sodium_base642bin(raw, sizeof(raw), text, len, NULL, &n, NULL,
	    sodium_base64_VARIANT_URLSAFE_NO_PADDING) != 0 || n != TOK_RAW)
		return TOKEN_MALFORMED;
	mac(raw, key, m);
	if (sodium_memcmp(m, raw + TOK_BODY, TOK_MAC) != 0)
		return TOKEN_FORGED;
	if (raw[0] != TOK_VERSION)
		return TOKEN_MALFORMED;
	if (raw[1] != (uint8_t)want)
		return TOKEN_WRONG_PURPOSE;
	exp = get32(raw + 15);
	if (exp != 0 && now >= exp)
		return TOKEN_EXPIRED;
	out->purpose = (enum token_purpose)raw[1];
	out->seat = raw[2] == 0xff ? TOKEN_SEAT_NONE : raw[2];
	out->user = get32(raw + 3);
	out->game = get32(raw + 7);
	out->ply = get32(raw + 11);
	out->expires = exp;
	return TOKEN_OK;
}

const char *
token_rc_str(enum token_rc rc)
{
	switch (rc) {
	case TOKEN_OK:
		return "valid";
	case TOKEN_MALFORMED:
		return "the token is malformed";
	case TOKEN_FORGED:
		return "the token's signature does not match";
	case TOKEN_WRONG_PURPOSE:
		return "the token is for something else";
	case TOKEN_EXPIRED:
		return "the token has expired";
	}
	return "the token is not valid";
}

static int
tokchar(char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
	    (c >= '0' && c <= '9') || c == '-' || c == '_';
}

const char *
token_in_address(const char *addr, size_t *len)
{
	const char	*p, *at;
	size_t		 i;

	*len = 0;
	if (addr == NULL)
		return NULL;
	/* The address proper: inside <...> when there is a display name. */
	if ((p = strchr(addr, '<')) != NULL)
		addr = p + 1;
	if ((at = strchr(addr, '@')) == NULL)
		return NULL;
	for (p = addr; p < at && *p != '+'; p++)
		;
	if (p >= at)
		return NULL;
	p++;
	for (i = 0; p + i < at && tokchar(p[i]); i++)
		;
	if (i != TOKEN_TEXT_LEN || p + i != at)
		return NULL;
	*len = i;
	return p;
}

int
token_address(const char *base, const char *tok, char *out, size_t outsz)
{
	const char	*at;
	int		 n;

	if (base == NULL || (at = strchr(base, '@')) == NULL || at == base)
		return -1;
	n = snprintf(out, outsz, "%.*s+%s%s", (int)(at - base), base, tok, at);
	if (n < 0 || (size_t)n >= outsz) {
		if (outsz > 0)
			out[0] = '\0';
		return -1;
	}
	return 0;
}

void
token_digest(const char *text, size_t len, uint8_t out[TOKEN_DIGEST_BYTES])
{
	crypto_generichash(out, TOKEN_DIGEST_BYTES, (const unsigned char *)text,
	    len, NULL, 0);
}
