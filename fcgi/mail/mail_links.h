/*
 * mail_links.h: moves from the mail (prefix mail_links_).
 *
 * A turn mail lists each legal move of the reader's seat as a link
 * BASE/m/TOKEN.  The token is a signed token (token.h) of purpose
 * TOKEN_MOVE for (user, game, seat, ply) whose ply field also carries
 * k, the move's index in the rules' legal list at that ply: the
 * engine is pure, so the seat's view at that ply lists the same moves
 * in the same order when the link is opened, and the signature binds
 * the move as well as the player and the position.  A link plays once
 * (the page remembers token_digest() in mail_tokens_used, like a move by
 * reply) and only while the game is still at its ply; a changed
 * character breaks the signature.  The page is fcgi/web/page_mlink.c.
 */
#ifndef TOPPER_MAIL_LINKS_H
#define TOPPER_MAIL_LINKS_H

#include <stdint.h>

#include "token.h"

struct arena;
struct buf;
struct game_rules;
struct mail_conf;

enum {
	MAIL_LINKS_MAX = 40,		/* links in one mail; more: "on the site" */
	MAIL_LINKS_PLY_BITS = 20,	/* plies below 2^20; k in the bits above */
	MAIL_LINKS_K_MAX = 4095
};

/* Sign the link token of move k; 0, or -1 when a field does not fit. */
int	 mail_links_sign(const uint8_t key[TOKEN_KEY_BYTES], int64_t user,
	    int64_t game, int seat, int ply, int k, int64_t expires,
	    char out[TOKEN_TEXT_MAX]);

/*
 * Verify a link token: TOKEN_OK with *t (t->ply the position's ply) and
 * *k, or why not (token_verify's reasons).
 */
enum token_rc mail_links_verify(const char *text, size_t len,
	    const uint8_t key[TOKEN_KEY_BYTES], int64_t now, struct token *t,
	    int *k);

/*
 * Append to b, for the seat's legal moves in view at ply, one line
 * "  MOVE  URL" each (at most MAIL_LINKS_MAX), after a heading.  0, or
 * -1 when the arena refused.
 */
int	 mail_links_put(struct arena *a, const struct mail_conf *mc,
	    const struct game_rules *rules, const void *view, int64_t user,
	    int64_t game, int seat, int ply, int64_t now, struct buf *b);

#endif /* TOPPER_MAIL_LINKS_H */
