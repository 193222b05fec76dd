/*
 * mail_in.h: moves by reply (issue 8; "topper mail-in").
 *
 * A turn mail's Reply-To is "LOCAL+TOKEN@DOMAIN" (mail.reply_to with a
 * signed TOKEN_REPLY token for that user, game, seat and ply:
 * token_address() in token.h, written by mail_compose_game.c).  The MTA
 * pipes the player's reply to "topper mail-in", which reads one RFC
 * 5322 message, finds the token in the envelope and recipient headers
 * (Delivered-To, X-Original-To, Envelope-To, To, Cc), takes the first
 * line of the reply that is not quoted, and plays it as the seat's
 * move through play_move().  With a valid token it answers by
 * mail, in the same transaction, at the account's own verified address
 * only: the new position (a game mail with a fresh token when the seat
 * must act again), or why nothing changed.  A mail without a valid
 * token is dropped with a log line, never answered.
 *
 * Refused, with nothing changed: a token that is not ours (forged,
 * altered, expired), one already used (mail_tokens_used remembers
 * token_digest() of each token that moved), a stale one (the seat's
 * view moved past the token's ply: DESIGN.md "A move, from click to
 * email"), a reply without a move line, and a move the engine refuses
 * (its reason is quoted).  Mail that announces itself as automatic
 * (Auto-Submitted, Precedence bulk/list/junk, a null sender) is
 * dropped without an answer, so two robots cannot loop.
 *
 * The parser (mail_in_parse, mail_in_mime.c) reads the message with
 * GMime and touches no database or clock: headers unfolded and RFC 2047
 * decoded, address lists parsed, MIME multipart walked to the first
 * text/plain part that is not an attachment (multipart/alternative,
 * mixed, nested), quoted-printable and base64 decoded, and the text
 * converted from its charset (windows-1252, ISO-8859-1, ...) to UTF-8.
 */
#ifndef TOPPER_MAIL_IN_H
#define TOPPER_MAIL_IN_H

#include <stddef.h>
#include <stdint.h>

#include "token.h"

struct arena;
struct db;
struct mail_conf;

enum {
	MAIL_IN_MAX = 1 << 20,		/* bytes of a message read (the rest: attachments) */
	MAIL_IN_ADDR_MAX = 320,		/* an address, NUL included */
	MAIL_IN_ID_MAX = 256,		/* a Message-ID, NUL included */
	MAIL_IN_LINE_MAX = 256,		/* the move line, NUL included */
	MAIL_IN_TOKENS_MAX = 8,		/* candidate tokens kept */
	MAIL_IN_DEPTH_MAX = 8,		/* MIME nesting followed */
	MAIL_IN_WHY_MAX = 256
};

/* What a message says, as far as moves by reply care. */
struct mail_in {
	char	 from[MAIL_IN_ADDR_MAX];	/* Reply-To, else From: bare address, or "" */
	char	 message_id[MAIL_IN_ID_MAX];	/* "<...>", or "" */
	int	 automatic;			/* an auto-reply, a list, a bounce */
	int	 ntokens;
	char	 tokens[MAIL_IN_TOKENS_MAX][TOKEN_TEXT_MAX];	/* as found, best first */
	int	 has_text;			/* a readable text/plain part was found */
	char	 text_why[MAIL_IN_WHY_MAX];	/* why not, when has_text = 0 */
	char	 line[MAIL_IN_LINE_MAX];	/* the move line, trimmed; "" if none */
};

/*
 * Read the len bytes at msg into m.  Returns 0 when it is a message
 * (even one without text or token: m says what is missing), or -1 with
 * why[] when it cannot be read at all (no header section), which the
 * command turns into a bounce.
 */
int	mail_in_parse(struct arena *a, const char *msg, size_t len,
	    struct mail_in *m, char why[MAIL_IN_WHY_MAX]);

/*
 * The first line of a reply that is not quoted: lines starting with
 * '>' are skipped, so is an attribution ("On ... wrote:", or any line
 * ending in ':' right above quoted lines), and reading stops at a
 * signature ("-- ") or a forwarded or original message marker.  Spaces
 * around it are trimmed.  out is "" when there is none; returns its
 * length.
 */
size_t	mail_in_first_line(const char *text, size_t len,
	    char out[MAIL_IN_LINE_MAX]);

/* How one message was handled. */
enum mail_in_rc {
	MAIL_IN_MOVED = 0,	/* the move was played; answered */
	MAIL_IN_REFUSED,	/* answered: why nothing changed */
	MAIL_IN_DROPPED,	/* automatic mail, or no valid token: no answer */
	MAIL_IN_UNREADABLE,	/* not a message: bounce it */
	MAIL_IN_FAILED		/* the database failed: try again later */
};

/*
 * Handle one message: parse, check the token, play the move and queue
 * the answer, all in one BEGIN IMMEDIATE transaction (a refusal queues
 * only its answer).  mc holds the token key.  why[] says what happened
 * in one line, for the log.
 */
enum mail_in_rc	mail_in_handle(struct db *db, struct arena *a,
		    const struct mail_conf *mc, const char *msg, size_t len,
		    int64_t now, char why[MAIL_IN_WHY_MAX]);

#endif /* TOPPER_MAIL_IN_H */
