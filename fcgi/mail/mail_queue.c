/*
 * mail_queue.c: rows into the outbox, in the caller's transaction
 * (mail_queue.h).
 */
#include "mail_queue.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include <sodium.h>

#include "store_game.h"
#include "store_invite.h"

static const char *const mode_names[] = { "every", "digest", "off" };

const char *
mail_mode_name(enum mail_mode m)
{
	return (unsigned)m < 3 ? mode_names[m] : "every";
}

int
mail_mode_parse(const char *s, enum mail_mode *m)
{
	int	 i;

	for (i = 0; s != NULL && i < 3; i++)
		if (strcmp(s, mode_names[i]) == 0) {
			*m = (enum mail_mode)i;
			return 0;
		}
	return -1;
}

void
mail_queue_message_id(int64_t game, int ply, int seat, char out[MAIL_ID_MAX])
{
	uint8_t		 r[12];
	char		 hex[2 * sizeof(r) + 1];
	struct timespec	 ts;
	unsigned long long us;

	randombytes_buf(r, sizeof(r));
	sodium_bin2hex(hex, sizeof(hex), r, sizeof(r));
	/*
	 * The time comes first, in fixed-width hex, so that the UNIQUE
	 * index on outbox.message_id grows at its end: a commit of many
	 * moves writes one page of it, not one random page a mail.
	 */
	clock_gettime(CLOCK_REALTIME, &ts);
	us = (unsigned long long)ts.tv_sec * 1000000ULL +
	    (unsigned long long)ts.tv_nsec / 1000;
	if (game > 0)
		snprintf(out, MAIL_ID_MAX, "topper.%014llx.g%lld.%d.%d.%s",
		    us, (long long)game, ply, seat, hex);
	else
		snprintf(out, MAIL_ID_MAX, "topper.%014llx.m.%s", us, hex);
}

/*
 * Who gets a mail about a game: a human with mail on and a verified
 * address (until then, only the verification goes there: acct_mail.h).  Sets *ok and,
 * for a digest user, holds further mail (digest_held = 1) in the same
 * transaction.  The UPDATE's WHERE is the whole decision, so two
 * writers cannot both pass a digest hold.
 */
static const char SQL_WANTS_EVERY[] =
    "SELECT email FROM users WHERE id = ?1 AND is_bot = 0 AND notify = 1 "
    "AND mail_mode = 'every' AND email_verified = 1";
static const char SQL_WANTS_DIGEST[] =
    "UPDATE users SET digest_held = 1 WHERE id = ?1 AND is_bot = 0 "
    "AND notify = 1 AND mail_mode = 'digest' AND digest_held = 0 "
    "AND email_verified = 1 RETURNING email";

static enum db_rc
wants(struct db *db, int64_t user, int *ok)
{
	static const char *const sql[] = { SQL_WANTS_EVERY, SQL_WANTS_DIGEST };
	struct db_stmt	*st;
	size_t		 i;
	int		 rc;

	*ok = 0;
	for (i = 0; i < 2 && !*ok; i++) {
		if ((st = db_stmt(db, sql[i])) == NULL)
			return DB_ERROR;
		db_bind_int64(st, 1, user);
		rc = db_step(st);
		if (rc == DB_ROW)
			*ok = 1;
		else if (rc != DB_DONE)
			return db_fail(db, st);
		/* RETURNING: step to the end so the UPDATE completes. */
		while (rc == DB_ROW)
			rc = db_step(st);
		if (rc != DB_DONE)
			return db_fail(db, st);
		db_reset(st);
	}
	return DB_OK;
}

static const char SQL_QUEUE_GAME[] =
    "INSERT INTO outbox (to_addr, subject, body, message_id, \"user\", game, "
    "created, kind, seat, ply, why, composed) "
    "SELECT email, '', ?5, ?6, id, ?2, ?7, 'game', ?3, ?4, ?8, 0 "
    "FROM users WHERE id = ?1";

static enum db_rc
queue_one(struct db *db, int64_t user, int64_t game, int seat, int ply,
    int why, const char *note, int *queued)
{
	char		 mid[MAIL_ID_MAX];
	struct db_stmt	*st;
	enum db_rc	 rc;
	int		 ok;

	if (queued != NULL)
		*queued = 0;
	if (user <= 0 || why == 0)
		return DB_OK;
	if ((rc = wants(db, user, &ok)) != DB_OK || !ok)
		return rc;
	if (note != NULL && note[0] != '\0')
		why |= MAIL_WHY_NOTE;
	mail_queue_message_id(game, ply, seat, mid);
	if ((st = db_stmt(db, SQL_QUEUE_GAME)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, user);
	db_bind_int64(st, 2, game);
	db_bind_int(st, 3, seat);
	db_bind_int(st, 4, ply);
	db_bind_text(st, 5, note != NULL ? note : "", -1, DB_STATIC);
	db_bind_text(st, 6, mid, -1, DB_STATIC);
	db_bind_int64(st, 7, db_now());
	db_bind_int(st, 8, why);
	if ((rc = db_step_done(db, st)) == DB_OK && queued != NULL)
		*queued = 1;
	return rc;
}

enum db_rc
mail_queue_move(struct db *db, const struct store_game *g, int seat,
    uint32_t was_to_act, const struct game_news *news,
    const struct game_events *ev)
{
	const char	*note;
	uint32_t	 turn;
	enum db_rc	 rc;
	int		 s, why;

	/* After a hand ends, whoever acts first in the next one is news. */
	turn = ev != NULL && ev->n > 0 ? g->to_act : g->to_act & ~was_to_act;
	if (g->over)
		turn = 0;
	for (s = 0; s < g->nseats; s++) {
		if (s == seat || g->user[s] == 0 || g->is_bot[s])
			continue;
		why = 0;
		if (turn & (UINT32_C(1) << s))
			why |= MAIL_WHY_TURN;
		if (ev != NULL && ev->n > 0)
			why |= MAIL_WHY_HAND;
		if (g->over)
			why |= MAIL_WHY_OVER;
		note = NULL;
		if (news != NULL && (news->seats & (UINT32_C(1) << s))) {
			/* The seat hears of it although nothing is due. */
			note = news->text;
			why |= MAIL_WHY_NOTE;
		}
		if ((rc = queue_one(db, g->user[s], g->id, s, g->ply, why,
		    note, NULL)) != DB_OK)
			return rc;
	}
	return DB_OK;
}

static const char SQL_SEAT_USER[] =
    "SELECT \"user\", is_bot FROM seats WHERE game = ?1 AND seat = ?2";

enum db_rc
mail_queue_game(struct db *db, int64_t game, int seat, int ply, int why,
    const char *note, int *queued)
{
	struct db_stmt	*st;
	int64_t		 user = 0;
	int		 rc, bot = 0;

	if (queued != NULL)
		*queued = 0;
	if ((st = db_stmt(db, SQL_SEAT_USER)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, game);
	db_bind_int(st, 2, seat);
	if ((rc = db_step(st)) == DB_ROW) {
		user = db_column_int64(st, 0);
		bot = db_column_int(st, 1);
	} else if (rc != DB_DONE)
		return db_fail(db, st);
	db_reset(st);
	if (user == 0 || bot)
		return DB_OK;
	return queue_one(db, user, game, seat, ply, why, note, queued);
}

static const char SQL_INVITED[] =
    "SELECT i.seat, i.\"user\", g.ply FROM invitations i "
    "JOIN games g ON g.id = i.game "
    "WHERE i.game = ?1 AND i.from_user = ?2 AND i.answer IS NULL "
    "ORDER BY i.seat";

enum db_rc
mail_queue_invites(struct db *db, int64_t game, int64_t from)
{
	struct { int seat, ply; int64_t user; } inv[GAME_SEATS_MAX];
	struct db_stmt	*st;
	enum db_rc	 rc;
	int		 n = 0, i, step;

	if ((st = db_stmt(db, SQL_INVITED)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, game);
	db_bind_int64(st, 2, from);
	while ((step = db_step(st)) == DB_ROW && n < GAME_SEATS_MAX) {
		inv[n].seat = db_column_int(st, 0);
		inv[n].user = db_column_int64(st, 1);
		inv[n].ply = db_column_int(st, 2);
		n++;
	}
	if (step != DB_ROW && step != DB_DONE)
		return db_fail(db, st);
	db_reset(st);
	/* Composed by the worker with the answer link (mail_invite.h). */
	for (i = 0; i < n; i++)
		if ((rc = queue_one(db, inv[i].user, game, inv[i].seat,
		    inv[i].ply, MAIL_WHY_INVITE, NULL, NULL)) != DB_OK)
			return rc;
	return DB_OK;
}

static const char SQL_HUMANS[] =
    "SELECT s.seat, s.\"user\", g.to_act, g.ply, g.status FROM seats s "
    "JOIN games g ON g.id = s.game WHERE s.game = ?1 AND "
    "s.\"user\" IS NOT NULL AND s.is_bot = 0 ORDER BY s.seat";

enum db_rc
mail_queue_answer(struct db *db, const struct store_invite *v, int started)
{
	struct { int seat, ply; int64_t user; uint32_t to_act; }
			 p[GAME_SEATS_MAX];
	const char	*note;
	char		 buf[256];
	struct db_stmt	*st;
	enum db_rc	 rc;
	int		 n = 0, i, step, why;

	if ((st = db_stmt(db, SQL_HUMANS)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, v->game);
	while ((step = db_step(st)) == DB_ROW && n < GAME_SEATS_MAX) {
		p[n].seat = db_column_int(st, 0);
		p[n].user = db_column_int64(st, 1);
		p[n].to_act = (uint32_t)db_column_int64(st, 2);
		p[n].ply = db_column_int(st, 3);
		n++;
	}
	if (step != DB_ROW && step != DB_DONE)
		return db_fail(db, st);
	db_reset(st);
	switch (v->state) {
	case STORE_INVITE_ACCEPTED:
		note = started ? "%s accepted your invitation. The game has "
		    "started." : "%s accepted your invitation. The game "
		    "starts when every seat is taken and accepted.";
		break;
	case STORE_INVITE_DECLINED:
		note = "%s declined your invitation. Their seat is open to "
		    "anyone in the lobby now.";
		break;
	default:
		note = "%s did not answer your invitation in time. Their "
		    "seat is open to anyone in the lobby now.";
		break;
	}
	snprintf(buf, sizeof(buf), note, v->name);
	/*
	 * The inviter hears of the answer; when it started the game,
	 * everyone to act (but the one who accepted: they are at the
	 * table) gets the turn.
	 */
	for (i = 0; i < n; i++) {
		if (p[i].user == v->user)
			continue;
		why = started && (p[i].to_act >> p[i].seat) & 1 ?
		    MAIL_WHY_TURN : 0;
		if (p[i].user == v->from)
			why |= MAIL_WHY_NOTE;
		if (why != 0 && (rc = queue_one(db, p[i].user, v->game,
		    p[i].seat, p[i].ply, why, p[i].user == v->from ? buf :
		    NULL, NULL)) != DB_OK)
			return rc;
	}
	return DB_OK;
}

static const char SQL_QUEUE_TEXT[] =
    "INSERT INTO outbox (to_addr, subject, body, message_id, \"user\", game, "
    "created, kind, composed, html, headers) "
    "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'text', 1, ?8, ?9) RETURNING id";

/* One line, not empty: no header injection through a subject or address. */
static int
one_line(const char *s)
{
	return s != NULL && s[0] != '\0' && strpbrk(s, "\r\n") == NULL;
}

enum db_rc
mail_queue_text(struct db *db, const struct mail_text *m, int64_t *id)
{
	char		 mid[MAIL_ID_MAX];
	struct db_stmt	*st;
	int64_t		 rowid;
	enum db_rc	 rc;

	if (!one_line(m->to) || !one_line(m->subject) || m->text == NULL)
		return DB_REFUSED;
	mail_queue_message_id(0, 0, 0, mid);
	if ((st = db_stmt(db, SQL_QUEUE_TEXT)) == NULL)
		return DB_ERROR;
	db_bind_text(st, 1, m->to, -1, DB_STATIC);
	db_bind_text(st, 2, m->subject, -1, DB_STATIC);
	db_bind_text(st, 3, m->text, -1, DB_STATIC);
	db_bind_text(st, 4, mid, -1, DB_STATIC);
	if (m->user > 0)
		db_bind_int64(st, 5, m->user);
	if (m->game > 0)
		db_bind_int64(st, 6, m->game);
	db_bind_int64(st, 7, db_now());
	if (m->html != NULL)
		db_bind_text(st, 8, m->html, -1, DB_STATIC);
	db_bind_text(st, 9, m->headers != NULL ? m->headers : "", -1,
	    DB_STATIC);
	if ((rc = db_step_id(db, st, &rowid)) == DB_OK && id != NULL)
		*id = rowid;
	return rc;
}

static const char SQL_PREF_GET[] =
    "SELECT mail_mode, notify FROM users WHERE id = ?1";
static const char SQL_PREF_SET[] =
    "UPDATE users SET mail_mode = ?2, notify = ?3, digest_held = 0 "
    "WHERE id = ?1";

enum db_rc
mail_pref_get(struct db *db, int64_t user, enum mail_mode *m)
{
	struct db_stmt	*st;
	int		 rc;

	*m = MAIL_EVERY;
	if ((st = db_stmt(db, SQL_PREF_GET)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, user);
	if ((rc = db_step(st)) == DB_DONE) {
		db_reset(st);
		return DB_NOTFOUND;
	}
	if (rc != DB_ROW)
		return db_fail(db, st);
	if (mail_mode_parse((const char *)db_column_text(st, 0), m) != 0 ||
	    db_column_int(st, 1) == 0)
		*m = MAIL_OFF;
	db_reset(st);
	return DB_OK;
}

enum db_rc
mail_pref_set(struct db *db, int64_t user, enum mail_mode m)
{
	struct db_stmt	*st;
	enum db_rc	 rc;

	if ((st = db_stmt(db, SQL_PREF_SET)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, user);
	db_bind_text(st, 2, mail_mode_name(m), -1, DB_STATIC);
	db_bind_int(st, 3, m != MAIL_OFF);
	if ((rc = db_step_done(db, st)) != DB_OK)
		return rc;
	return db_changes(db) == 1 ? DB_OK : DB_NOTFOUND;
}
