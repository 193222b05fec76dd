/*
 * mail_invite.h: the invitation mail and its answer link (prefix
 * mail_invite_).
 *
 * An invited player (store_invite.h) gets one mail saying who invites
 * them to what (the game, the players, the time per move), until when
 * the invitation runs in their own zone, and a link BASE/i/TOKEN: a
 * signed token (token.h) of purpose TOKEN_INVITE for (invitee, game,
 * seat) whose ply field holds the invitation's id, expiring with it.
 * The link opens a page (fcgi/web/page_invite.c) whose buttons accept
 * or decline by POST, so a mail scanner that opens links answers
 * nothing.  The mail shows no card: the seat is not the player's until
 * they accept.
 */
#ifndef TOPPER_MAIL_INVITE_H
#define TOPPER_MAIL_INVITE_H

#include <stdint.h>

#include "token.h"

struct arena;
struct db;
struct mail_conf;
struct mail_game_row;
struct mail_msg;

/* Sign the answer link's token; 0, or -1 when a field does not fit. */
int	mail_invite_sign(const uint8_t key[TOKEN_KEY_BYTES], int64_t user,
	    int64_t game, int seat, int64_t id, int64_t expires,
	    char out[TOKEN_TEXT_MAX]);

/* Verify one: TOKEN_OK with *t (t->ply the invitation's id), or why not. */
enum token_rc mail_invite_verify(const char *text, size_t len,
	    const uint8_t key[TOKEN_KEY_BYTES], int64_t now, struct token *t);

/*
 * Compose the invitation mail of row (why MAIL_WHY_INVITE) to its
 * user: 0, 1 when there is nothing to send (no such invitation, game
 * or user), -1 on a database or arena failure.
 */
int	mail_invite_compose(struct db *db, struct arena *a,
	    const struct mail_conf *mc, const struct mail_game_row *row,
	    int64_t now, struct mail_msg *out);

#endif /* TOPPER_MAIL_INVITE_H */
