/*
 * mail_compose.h: what a mail says, and the message as it goes on the
 * wire (RFC 5322, MIME).
 *
 * A game mail is useful on its own: the game, whose turn it is, what
 * changed since the recipient last acted (moves in words, as the game
 * page says them), the hand's end and the scores, the recipient's own
 * hidden cards in text notation, the verbs of their legal moves, and a
 * link.  It is made from that seat's view only (rules->view), so it
 * can hold no other seat's hidden card.  A turn mail's Reply-To
 * carries a signed reply token (token.h) for that game, seat and ply
 * when mail.reply_to is configured.  Every mail to a user carries
 * List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) with a signed
 * unsubscribe link.  All memory is the caller's arena.
 */
#ifndef TOPPER_MAIL_COMPOSE_H
#define TOPPER_MAIL_COMPOSE_H

#include <stddef.h>
#include <stdint.h>

#include "token.h"

struct arena;
struct config;
struct db;

enum {
	MAIL_REPLY_DAYS = 30,		/* a reply token works this long */
	MAIL_MOVES_SHOWN = 24,		/* moves "since your last move" listed */
	MAIL_ALT_MAX = MAIL_MOVES_SHOWN + 1,	/* lines the HTML part says with faces */
	MAIL_VERBS_MAX = 24		/* distinct verbs listed */
};

/* What composing needs from topper.conf (mail_conf_of). */
struct mail_conf {
	const char	*base_url;	/* "https://cards.example.org", no trailing '/' needed */
	const char	*from;		/* mail.from: "Topper <topper@example.org>" */
	const char	*reply_to;	/* mail.reply_to: "play@example.org", or NULL */
	const char	*domain;	/* for Message-IDs: from's domain, or "localhost" */
	char		 domain_buf[256];
	uint8_t		 key[TOKEN_KEY_BYTES];	/* token key (token_key_load) */
};

/* Fill mc from cf; the key stays zero (the caller loads it). */
void	mail_conf_of(const struct config *cf, struct mail_conf *mc);

/* A composed mail; every string in the arena. */
struct mail_msg {
	const char	*subject;
	const char	*text;
	const char	*html;		/* or NULL */
	const char	*headers;	/* extra header lines, CRLF-joined, or "" */
};

/* The outbox row of a game mail (kind 'game'). */
struct mail_game_row {
	int64_t		 user;
	int64_t		 game;
	int		 seat;
	int		 ply;		/* the position the mail is about */
	int		 why;		/* MAIL_WHY_* */
	const char	*note;		/* a sentence to lead with, or "" */
};

/*
 * Compose a game mail from the position at row->ply (replayed from
 * the log when the game has moved on since).  Returns 0, 1 when the
 * mail has no reason to exist any more (no such game, seat or user),
 * or -1 on a database or arena failure.
 */
int	mail_compose_game(struct db *db, struct arena *a,
	    const struct mail_conf *mc, const struct mail_game_row *row,
	    int64_t now, struct mail_msg *out);

/*
 * The List-Unsubscribe lines for user (a signed link to
 * BASE/unsubscribe/TOKEN), appended to the arena string headers (may
 * be NULL or ""); the link alone into *link when link is not NULL.
 * NULL when the arena refused.
 */
char	*mail_compose_unsub(struct arena *a, const struct mail_conf *mc,
	    int64_t user, const char *headers, const char **link);

/*
 * The whole message, CRLF line endings: From, To, Subject (RFC 2047
 * when not ASCII), Date, Message-ID "<id@domain>", MIME-Version, the
 * extra headers, and a text/plain part (with a text/html alternative
 * when html is not NULL), both UTF-8 quoted-printable.  *len gets the
 * length.  NULL when the arena refused.
 */
char	*mail_compose_message(struct arena *a, const struct mail_conf *mc,
	    const char *to, const struct mail_msg *m, const char *message_id,
	    int64_t date, size_t *len);

/*
 * The cards seat holds hidden from the others, from its own view of
 * state: every card list of the view JSON that the spectator's view
 * does not show.  Space-separated in *out ("" when none); 0, or -1
 * when the arena refused.
 */
struct game_rules;
int	mail_compose_hidden(struct arena *a, const struct game_rules *rules,
	    const void *state, int seat, const char **out);

/* The bare address of "Name <addr>" or "addr", into the arena. */
char	*mail_compose_addr(struct arena *a, const char *s);

#endif /* TOPPER_MAIL_COMPOSE_H */
