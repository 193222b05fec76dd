/*
 * mail_in.c: handling one reply (mail_in.h): the token, the move, the
 * answer.  The parser is in mail_in_mime.c (GMime).
 *
 * Everything a message changes happens in one BEGIN IMMEDIATE
 * transaction: the move (play_move(), with the mails it causes), the used token, and the answer.  A refusal writes
 * only its answer.  The answer goes only to the account's own address,
 * and only when that address is verified, so a forwarded or forged
 * From or Reply-To cannot redirect a player's cards; a mail without a
 * valid token is dropped with a log line, never answered (the sender is
 * whoever the mail claims: answering would be backscatter).
 */
#include "mail_in.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "arena.h"
#include "db.h"
#include "game.h"
#include "mail_compose.h"
#include "mail_queue.h"
#include "play.h"
#include "store_account.h"
#include "store_game.h"
#include "store_user.h"
#include "text_utf8.h"

/* What every answer says last. */
static const char NOTHING_CHANGED[] = "Nothing changed.";

/* One handling, for the helpers below. */
struct in {
	struct db		*db;
	struct arena		*a;
	const struct mail_conf	*mc;
	const struct mail_in	*m;
	int64_t			 now;
	char			*why;		/* MAIL_IN_WHY_MAX, for the log */
};

/* Say in the log line that no answer went out. */
static void
unanswered(struct in *in)
{
	size_t	 n = strlen(in->why);

	snprintf(in->why + n, MAIL_IN_WHY_MAX - n, "; not answered: the "
	    "account's address is not verified");
}

/* Headers every answer carries: a thread, and "no auto-replies". */
static const char *
answer_headers(struct in *in, const char *more)
{
	const char	*h;

	if (in->m->message_id[0] != '\0')
		h = arena_printf(in->a, "In-Reply-To: %s\r\nReferences: %s\r\n"
		    "Auto-Submitted: auto-replied", in->m->message_id,
		    in->m->message_id);
	else
		h = arena_strdup(in->a, "Auto-Submitted: auto-replied");
	if (h != NULL && more != NULL && more[0] != '\0')
		h = arena_printf(in->a, "%s\r\n%s", h, more);
	return h;
}

/*
 * Queue a plain answer to to (user and game may be 0) in the open
 * transaction.  Returns MAIL_IN_REFUSED, or MAIL_IN_FAILED.
 */
static enum mail_in_rc
answer_text(struct in *in, const char *to, int64_t user, int64_t game,
    const char *subject, const char *text)
{
	struct mail_text	 t;
	const char		*body;

	if (to == NULL) {	/* no verified address: no answer */
		unanswered(in);
		return MAIL_IN_REFUSED;
	}
	/* Never raw bytes of the mail in an answer declared UTF-8. */
	body = arena_printf(in->a, "%s\n\n%s\n\n-- \nTopper: %s\n",
	    text_utf8_clean(in->a, text),
	    NOTHING_CHANGED, in->mc->base_url);
	memset(&t, 0, sizeof(t));
	t.to = to;
	t.user = user;
	t.game = game;
	t.subject = subject;
	t.text = body;
	t.headers = answer_headers(in, NULL);
	if (body == NULL || t.headers == NULL ||
	    mail_queue_text(in->db, &t, NULL) != DB_OK)
		return MAIL_IN_FAILED;
	return MAIL_IN_REFUSED;
}

/*
 * Queue the seat's game mail at ply with note leading, as an answer
 * (whatever the user's mail preference: they wrote to us).  It holds a
 * fresh reply token when the seat must act.  MAIL_IN_FAILED, or ok.
 */
static enum mail_in_rc
answer_game(struct in *in, const char *to, const struct token *t, int ply,
    int turn, const char *note, enum mail_in_rc ok)
{
	const char		*refused;
	struct mail_game_row	 row;
	struct mail_msg		 msg;
	struct mail_text	 mt;

	if (to == NULL) {	/* no verified address: no answer */
		unanswered(in);
		return ok;
	}
	memset(&row, 0, sizeof(row));
	row.user = t->user;
	row.game = t->game;
	row.seat = t->seat;
	row.ply = ply;
	row.why = turn ? MAIL_WHY_TURN | MAIL_WHY_NOTE : MAIL_WHY_NOTE;
	row.note = text_utf8_clean(in->a, note);	/* no raw mail bytes */
	if (mail_compose_game(in->db, in->a, in->mc, &row, in->now, &msg) !=
	    0)
		return MAIL_IN_FAILED;
	memset(&mt, 0, sizeof(mt));
	mt.to = to;
	mt.user = t->user;
	mt.game = t->game;
	/* A refusal says so first; the position follows. */
	refused = arena_printf(in->a, "Not played: %s", msg.subject);
	mt.subject = ok == MAIL_IN_MOVED || refused == NULL ? msg.subject :
	    refused;
	mt.text = msg.text;
	mt.html = msg.html;
	mt.headers = answer_headers(in, msg.headers);
	if (mt.headers == NULL || mail_queue_text(in->db, &mt, NULL) != DB_OK)
		return MAIL_IN_FAILED;
	return ok;
}

/* The best of the message's tokens: TOKEN_OK with *t, or why not. */
static enum token_rc
best_token(const struct in *in, struct token *t, uint8_t dig[32])
{
	enum token_rc	 rc, worst = TOKEN_MALFORMED;
	int		 i;

	for (i = 0; i < in->m->ntokens; i++) {
		rc = token_verify(in->m->tokens[i], strlen(in->m->tokens[i]),
		    TOKEN_REPLY, in->mc->key, in->now, t);
		if (rc == TOKEN_OK) {
			token_digest(in->m->tokens[i],
			    strlen(in->m->tokens[i]), dig);
			return TOKEN_OK;
		}
		/* Say "expired" over "forged": it is the more useful. */
		if (rc == TOKEN_EXPIRED || worst == TOKEN_MALFORMED)
			worst = rc;
	}
	return worst;
}

static const char SQL_TOKEN_USED[] =
    "SELECT 1 FROM mail_tokens_used WHERE digest = ?1";
static const char SQL_TOKEN_USE[] =
    "INSERT INTO mail_tokens_used (digest, game, used) VALUES (?1, ?2, ?3)";

/* 1 when the token was used, 0 when not, -1 on error. */
static int
token_used(struct db *db, const uint8_t dig[32])
{
	struct db_stmt	*st;
	int		 rc;

	if ((st = db_stmt(db, SQL_TOKEN_USED)) == NULL)
		return -1;
	db_bind_blob(st, 1, dig, 32, DB_STATIC);
	rc = db_step(st);
	if (rc != DB_ROW && rc != DB_DONE) {
		db_fail(db, st);
		return -1;
	}
	db_reset(st);
	return rc == DB_ROW;
}

static enum db_rc
token_use(struct db *db, const uint8_t dig[32], int64_t game, int64_t now)
{
	struct db_stmt	*st;

	if ((st = db_stmt(db, SQL_TOKEN_USE)) == NULL)
		return DB_ERROR;
	db_bind_blob(st, 1, dig, 32, DB_STATIC);
	db_bind_int64(st, 2, game);
	db_bind_int64(st, 3, now);
	return db_step_done(db, st);
}

/*
 * No valid token of ours: dropped, with why for the log.  Never answered:
 * the sender is whoever the mail says, so an answer would be backscatter.
 */
static enum mail_in_rc
no_token(struct in *in, enum token_rc rc)
{
	if (in->m->ntokens == 0)
		snprintf(in->why, MAIL_IN_WHY_MAX, "no reply token (from "
		    "<%.200s>): dropped", in->m->from);
	else if (rc == TOKEN_EXPIRED)
		snprintf(in->why, MAIL_IN_WHY_MAX, "expired reply token (from "
		    "<%.200s>): dropped", in->m->from);
	else
		snprintf(in->why, MAIL_IN_WHY_MAX, "invalid reply token (%s, "
		    "from <%.200s>): dropped", token_rc_str(rc), in->m->from);
	return MAIL_IN_DROPPED;
}

/* The move line, quoted safely for an answer (printable ASCII). */
static const char *
quoted_line(struct in *in)
{
	char	*q, *p;

	if ((q = arena_strdup(in->a, in->m->line)) == NULL)
		return "";
	for (p = q; *p != '\0'; p++)
		if ((unsigned char)*p < 32 || (unsigned char)*p >= 127)
			*p = '?';
	return q;
}

/* With a valid token t, in the open transaction. */
static enum mail_in_rc
with_token(struct in *in, const struct token *t, const uint8_t dig[32])
{
	struct store_user	 u;
	struct store_account	 acct;
	struct store_game	 g;
	struct game_status	 gs;
	char			 why[GAME_WHY_MAX];
	const char		*note, *subject, *to;
	enum db_rc		 rc;
	int			 seat = t->seat, used, has_line;

	subject = arena_printf(in->a, "Game %lld: your move was not played",
	    (long long)t->game);
	if (subject == NULL)
		return MAIL_IN_FAILED;
	switch (store_user_by_id(in->db, t->user, &u)) {
	case STORE_USER_OK:
		break;
	case STORE_USER_NOTFOUND:
		snprintf(in->why, MAIL_IN_WHY_MAX, "user %lld is gone: "
		    "dropped", (long long)t->user);
		return MAIL_IN_DROPPED;
	default:
		return MAIL_IN_FAILED;
	}
	if (store_account_get(in->db, u.id, &acct) != STORE_USER_OK)
		return MAIL_IN_FAILED;
	to = acct.email_verified ? u.email : NULL;
	if ((used = token_used(in->db, dig)) < 0)
		return MAIL_IN_FAILED;
	if (used) {
		snprintf(in->why, MAIL_IN_WHY_MAX, "reply token used before "
		    "(game %lld, seat %d, ply %lld)", (long long)t->game, seat,
		    (long long)t->ply);
		return answer_text(in, to, u.id, t->game, subject,
		    "You already made a move by replying to this turn mail; "
		    "each turn mail takes one move. Reply to the newest mail "
		    "about this game, or play on the site.");
	}
	switch ((rc = store_game_load(in->db, in->a, t->game, &g))) {
	case DB_OK:
		break;
	case DB_NOTFOUND:
		snprintf(in->why, MAIL_IN_WHY_MAX, "game %lld is gone",
		    (long long)t->game);
		return answer_text(in, to, u.id, 0, subject,
		    "That game no longer exists.");
	default:
		return MAIL_IN_FAILED;
	}
	if (seat < 0 || seat >= g.nseats || g.user[seat] != t->user) {
		snprintf(in->why, MAIL_IN_WHY_MAX, "user %lld no longer holds "
		    "seat %d of game %lld", (long long)t->user, seat,
		    (long long)t->game);
		return answer_text(in, to, u.id, g.id, subject,
		    "You no longer hold that seat in this game.");
	}
	g.rules->status(g.state, &gs);
	has_line = in->m->has_text && in->m->line[0] != '\0';
	switch (play_move(in->db, &g, seat, t->ply, PLAY_SEEN_VIEW,
	    has_line ? in->m->line : NULL, why)) {
	case PLAY_OK:
		break;
	case PLAY_STALE:
		snprintf(in->why, MAIL_IN_WHY_MAX, "stale reply token (game "
		    "%lld at ply %d, token for ply %lld)", (long long)g.id,
		    g.ply, (long long)t->ply);
		note = "The game has moved on since the mail you replied to, "
		    "so your reply was not played. Nothing changed. This is "
		    "where it stands now.";
		return answer_game(in, to, t, g.ply, !gs.over &&
		    (gs.to_act & (1u << seat)), note, MAIL_IN_REFUSED);
	case PLAY_NO_TEXT:
		snprintf(in->why, MAIL_IN_WHY_MAX, "no move line (%.200s)",
		    in->m->has_text ? "only quoted text" : in->m->text_why);
		note = arena_printf(in->a, "%s Write your move on the first "
		    "line of your reply, above the quoted mail. Nothing "
		    "changed.", in->m->has_text ? "I found no move in your "
		    "reply." : in->m->text_why);
		if (note == NULL)
			return MAIL_IN_FAILED;
		return answer_game(in, to, t, g.ply, !gs.over &&
		    (gs.to_act & (1u << seat)), note, MAIL_IN_REFUSED);
	case PLAY_NOT_SEATED:		/* checked above */
	case PLAY_REFUSED:
		snprintf(in->why, MAIL_IN_WHY_MAX, "move \"%.60s\" refused: "
		    "%.160s", quoted_line(in), why);
		note = arena_printf(in->a, "Your move \"%s\" was not played: "
		    "%s Nothing changed.", quoted_line(in), why);
		if (note == NULL)
			return MAIL_IN_FAILED;
		return answer_game(in, to, t, g.ply, !gs.over &&
		    (gs.to_act & (1u << seat)), note, MAIL_IN_REFUSED);
	default:
		return MAIL_IN_FAILED;	/* a constraint: retried by the MTA */
	}
	if (token_use(in->db, dig, g.id, in->now) != DB_OK)
		return MAIL_IN_FAILED;
	snprintf(in->why, MAIL_IN_WHY_MAX, "game %lld seat %d played "
	    "\"%.100s\" (ply %d)", (long long)g.id, seat, quoted_line(in), g.ply);
	note = arena_printf(in->a, "Your move \"%s\" was played.",
	    quoted_line(in));
	if (note == NULL)
		return MAIL_IN_FAILED;
	return answer_game(in, to, t, g.ply, !g.over &&
	    (g.to_act & (1u << seat)), note, MAIL_IN_MOVED);
}

/* 1 when addr is mail.from or the bare mail.reply_to: never answer it. */
static int
from_us(struct arena *a, const struct mail_conf *mc, const char *addr)
{
	const char	*self;

	if (addr[0] == '\0')
		return 0;
	if ((self = mail_compose_addr(a, mc->from)) != NULL &&
	    strcasecmp(self, addr) == 0)
		return 1;
	return mc->reply_to != NULL && strcasecmp(mc->reply_to, addr) == 0;
}

enum mail_in_rc
mail_in_handle(struct db *db, struct arena *a, const struct mail_conf *mc,
    const char *msg, size_t len, int64_t now, char why[MAIL_IN_WHY_MAX])
{
	struct mail_in		 m;
	struct token		 t;
	struct in		 in;
	uint8_t			 dig[TOKEN_DIGEST_BYTES];
	enum token_rc		 trc;
	enum mail_in_rc		 rc;

	if (mail_in_parse(a, msg, len, &m, why) != 0)
		return MAIL_IN_UNREADABLE;
	if (m.automatic) {
		snprintf(why, MAIL_IN_WHY_MAX, "automatic mail from <%.200s>: "
		    "dropped", m.from);
		return MAIL_IN_DROPPED;
	}
	if (from_us(a, mc, m.from)) {
		snprintf(why, MAIL_IN_WHY_MAX, "mail from our own address "
		    "<%.200s>: dropped", m.from);
		return MAIL_IN_DROPPED;
	}
	in = (struct in){ db, a, mc, &m, now, why };
	if ((trc = best_token(&in, &t, dig)) != TOKEN_OK)
		return no_token(&in, trc);
	if (db_begin_immediate(db) != DB_OK) {
		snprintf(why, MAIL_IN_WHY_MAX, "the database is busy or "
		    "failed");
		return MAIL_IN_FAILED;
	}
	rc = with_token(&in, &t, dig);
	if (rc == MAIL_IN_FAILED || db_commit(db) != DB_OK) {
		db_rollback_if_open(db);
		snprintf(why, MAIL_IN_WHY_MAX, "the database failed (or the "
		    "arena); nothing changed");
		return MAIL_IN_FAILED;
	}
	return rc;
}
