/*
 * token.h: signed tokens for links and addresses in mail (unsubscribe
 * links, the Reply-To address of turn mails).
 *
 * A token is a short binary record (purpose, user, game, seat, ply,
 * expiry) followed by a 16-byte truncated HMAC (libsodium crypto_auth,
 * HMAC-SHA-512-256) and written in base64url without padding: always
 * TOKEN_TEXT_LEN characters of [A-Za-z0-9_-], so it fits in a URL path
 * segment and in the local part of an address ("play+TOKEN@host" stays
 * under the 64-character limit).
 *
 * The key is derived from the server secret that "topper init" stores
 * in the settings table (key 'secret'); it never leaves the server, so
 * a token cannot be forged or altered without it.  The token itself is
 * not secret from its recipient (the fields are readable), and it says
 * nothing about use: single use (reply tokens) is the caller's business,
 * e.g. by refusing a token whose ply is no longer the game's ply, or by
 * remembering token_digest() of the tokens already used.
 *
 * Everything here is pure except token_key_load(), which reads the
 * settings table.
 */
#ifndef TOPPER_TOKEN_H
#define TOPPER_TOKEN_H

#include <stddef.h>
#include <stdint.h>

struct db;

/* What a token allows; a token verified for another purpose is refused. */
enum token_purpose {
	TOKEN_UNSUBSCRIBE = 1,	/* stop mail to token.user (no expiry) */
	TOKEN_REPLY = 2,	/* a move by reply: user, game, seat, ply */
	TOKEN_VERIFY = 3,	/* confirm user's address; ply: users.email_gen */
	TOKEN_RESET = 4,	/* set user's password; ply: users.pw_gen */
	TOKEN_MOVE = 5,		/* one move by a link (mail_links.h): the
				   ply field also holds which move */
	TOKEN_INVITE = 6	/* answer an invitation (mail_invite.h):
				   the ply field holds its id */
};

enum {
	TOKEN_KEY_BYTES = 32,	/* the derived key */
	TOKEN_TEXT_LEN = 47,	/* characters of a token, always */
	TOKEN_TEXT_MAX = 48,	/* buffer for a token and its NUL */
	TOKEN_DIGEST_BYTES = 32,	/* token_digest() */
	TOKEN_SEAT_NONE = -1	/* a token about no seat */
};

/* The signed fields.  Ids and ply fit in 32 bits; seat in -1..254. */
struct token {
	enum token_purpose purpose;
	int64_t		 user;		/* user id, or 0 */
	int64_t		 game;		/* game id, or 0 */
	int		 seat;		/* seat, or TOKEN_SEAT_NONE */
	int64_t		 ply;		/* the game's ply when issued, or 0 */
	int64_t		 expires;	/* UTC seconds it stops working; 0: never */
};

/* Why token_verify() refused. */
enum token_rc {
	TOKEN_OK = 0,
	TOKEN_MALFORMED,	/* not a token: wrong length or characters */
	TOKEN_FORGED,		/* the signature does not match */
	TOKEN_WRONG_PURPOSE,	/* signed, but for something else */
	TOKEN_EXPIRED		/* signed, but past its expiry */
};

/*
 * Derive the token key from the settings table's 'secret' (hex of 32
 * bytes).  Returns 0, or -1 after logging (no secret: "topper init"
 * was not run).
 */
int	 token_key_load(struct db *db, uint8_t key[TOKEN_KEY_BYTES]);

/* Derive the token key from a raw secret (tests; token_key_load's core). */
void	 token_key_from_secret(const uint8_t *secret, size_t len,
	    uint8_t key[TOKEN_KEY_BYTES]);

/*
 * Sign t into out (TOKEN_TEXT_LEN characters and a NUL).  Returns 0, or
 * -1 when a field is out of range (negative, above 32 bits, seat not
 * in -1..254, unknown purpose); out is then "".
 */
int	 token_sign(const struct token *t, const uint8_t key[TOKEN_KEY_BYTES],
	    char out[TOKEN_TEXT_MAX]);

/*
 * Check the len bytes at text (need not be NUL-terminated): the
 * signature, then the purpose (want), then the expiry against now.
 * On TOKEN_OK fills *out; otherwise *out is zeroed.  Constant time in
 * the signature comparison.
 */
enum token_rc token_verify(const char *text, size_t len,
	    enum token_purpose want, const uint8_t key[TOKEN_KEY_BYTES],
	    int64_t now, struct token *out);

/* A short English reason for rc ("the link is not valid", ...). */
const char *token_rc_str(enum token_rc rc);

/*
 * Find a token in an address: the TOKEN_TEXT_LEN characters after the
 * first '+' of the local part, as in "play+TOKEN@host" or
 * "Name <play+TOKEN@host>".  Returns a pointer into addr and sets *len,
 * or NULL when there is none.  Does not verify it.
 */
const char *token_in_address(const char *addr, size_t *len);

/*
 * Make "LOCAL+TOKEN@DOMAIN" from base "LOCAL@DOMAIN" (the mail.reply_to
 * key) into out.  Returns 0, or -1 when base has no '@' or out is too
 * small.
 */
int	 token_address(const char *base, const char *tok, char *out,
	    size_t outsz);

/* A digest of a token's text, to remember used tokens by (BLOB key). */
void	 token_digest(const char *text, size_t len,
	    uint8_t out[TOKEN_DIGEST_BYTES]);

#endif /* TOPPER_TOKEN_H */
