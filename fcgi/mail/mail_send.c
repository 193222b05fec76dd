/*
 * mail_send.c: claim, compose, send and mark outbox rows (mail_send.h),
 * and "topper mail-status".  The sender itself, its settings and the
 * talk with its destination (SMTP, dir:, stdout), is in mail_sender.c.
 */
#include "mail_send.h"

#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "config.h"
#include "db.h"
#include "mail_compose.h"
#include "mail_invite.h"
#include "mail_queue.h"
#include "mail_quiet.h"
#include "mail_send_impl.h"
#include "migrate.h"

/* A claimed row. */
struct row {
	int64_t		 id, user, game;
	const char	*to, *message_id, *kind;
	int		 seat, ply, why, composed, attempts;
	struct mail_msg	 m;
};

/* A read first, so an idle poll takes no write lock. */
static const char SQL_ANY_DUE[] =
    "SELECT CASE WHEN EXISTS (SELECT 1 FROM outbox WHERE sent IS NULL AND "
    "failed IS NULL AND next_try <= ?1 AND (claimed_until IS NULL OR "
    "claimed_until <= ?1)) THEN 1 ELSE 0 END";
static const char SQL_GIVE_UP[] =
    "UPDATE outbox SET failed = ?1, claimed_until = NULL, "
    "error = coalesce(error, 'the worker stopped during every attempt') "
    "WHERE sent IS NULL AND failed IS NULL AND attempts >= ?2 "
    "AND claimed_until IS NOT NULL AND claimed_until <= ?1 RETURNING id";
/*
 * The claim of the first due row.  The outer WHERE says again what the
 * inner SELECT chose by.  On PostgreSQL two workers' inner SELECTs can
 * both pick row X; the second UPDATE waits for the first's row lock
 * and, once it commits, checks only the outer WHERE against the row as
 * the first left it (READ COMMITTED), so "id = X" alone claimed X a
 * second time and the mail went out twice (tests/e2e/cluster.sh).  With
 * the conditions repeated it claims nothing and tries again next poll.
 * PostgreSQL's form also passes over rows another worker is claiming
 * (FOR UPDATE SKIP LOCKED), so the second worker takes the next row
 * instead; SQLite, one writer at a time, has no such clause.
 */
#define CLAIM_HEAD \
    "UPDATE outbox SET claimed_until = ?1 + ?2, attempts = attempts + 1 " \
    "WHERE id = (SELECT id FROM outbox WHERE sent IS NULL AND failed IS NULL " \
    "AND next_try <= ?1 AND attempts < ?3 " \
    "AND (claimed_until IS NULL OR claimed_until <= ?1) ORDER BY id LIMIT 1"
#define CLAIM_TAIL \
    ") AND sent IS NULL AND failed IS NULL " \
    "AND (claimed_until IS NULL OR claimed_until <= ?1) " \
    "RETURNING id, to_addr, subject, body, message_id, " \
    "coalesce(\"user\", 0), coalesce(game, 0), kind, coalesce(seat, -1), " \
    "coalesce(ply, 0), why, composed, html, headers, attempts"
static const char SQL_CLAIM[] = CLAIM_HEAD CLAIM_TAIL;
static const char SQL_CLAIM_PG[] = CLAIM_HEAD " FOR UPDATE SKIP LOCKED"
    CLAIM_TAIL;
static const char SQL_STORE_TEXT[] =
    "UPDATE outbox SET subject = ?2, body = ?3, html = ?4, headers = ?5, "
    "composed = 1 WHERE id = ?1";
static const char SQL_SENT[] =
    "UPDATE outbox SET sent = ?2, claimed_until = NULL, error = NULL "
    "WHERE id = ?1";
static const char SQL_RETRY[] =
    "UPDATE outbox SET claimed_until = NULL, next_try = ?2, error = ?3 "
    "WHERE id = ?1";
static const char SQL_FAILED[] =
    "UPDATE outbox SET claimed_until = NULL, failed = ?2, error = ?3 "
    "WHERE id = ?1";

static const char *
col_str(struct arena *a, struct db_stmt *st, int i)
{
	const unsigned char	*p = db_column_text(st, i);

	return p != NULL ? arena_strdup(a, (const char *)p) : NULL;
}

/* Claim the next due row: 1 claimed, 0 none due, -1 error. */
static int
claim(struct mail_sender *ms, struct db *db, struct arena *a, int64_t now,
    struct row *r)
{
	struct db_stmt	*st;
	int		 rc;

	if ((st = db_stmt(db, SQL_ANY_DUE)) == NULL)
		return -1;
	db_bind_int64(st, 1, now);
	if ((rc = db_step(st)) != DB_ROW) {
		db_fail(db, st);
		return -1;
	}
	rc = db_column_int(st, 0);
	db_reset(st);
	if (rc == 0)
		return 0;
	if ((st = db_stmt(db, SQL_GIVE_UP)) == NULL)
		return -1;
	db_bind_int64(st, 1, now);
	db_bind_int(st, 2, ms->attempts);
	while ((rc = db_step(st)) == DB_ROW) {
		fprintf(stderr, "topper worker: mail %lld failed: the worker "
		    "stopped during each of %d attempts\n",
		    (long long)db_column_int64(st, 0), ms->attempts);
		ms->stats.failed++;
	}
	if (rc != DB_DONE) {
		db_fail(db, st);
		return -1;
	}
	db_reset(st);

	memset(r, 0, sizeof(*r));
	if ((st = db_stmt(db, db_is_pg(db) ? SQL_CLAIM_PG : SQL_CLAIM)) == NULL)
		return -1;
	db_bind_int64(st, 1, now);
	db_bind_int(st, 2, ms->lease);
	db_bind_int(st, 3, ms->attempts);
	if ((rc = db_step(st)) == DB_DONE) {
		db_reset(st);
		return 0;
	}
	if (rc != DB_ROW) {
		db_fail(db, st);
		return -1;
	}
	r->id = db_column_int64(st, 0);
	r->to = col_str(a, st, 1);
	r->m.subject = col_str(a, st, 2);
	r->m.text = col_str(a, st, 3);
	r->message_id = col_str(a, st, 4);
	r->user = db_column_int64(st, 5);
	r->game = db_column_int64(st, 6);
	r->kind = col_str(a, st, 7);
	r->seat = db_column_int(st, 8);
	r->ply = db_column_int(st, 9);
	r->why = db_column_int(st, 10);
	r->composed = db_column_int(st, 11);
	r->m.html = col_str(a, st, 12);
	r->m.headers = col_str(a, st, 13);
	r->attempts = db_column_int(st, 14);
	/* RETURNING: run the statement to its end so the UPDATE is done. */
	while ((rc = db_step(st)) == DB_ROW)
		;
	if (rc != DB_DONE) {
		db_fail(db, st);
		return -1;
	}
	db_reset(st);
	if (r->to == NULL || r->m.subject == NULL || r->m.text == NULL ||
	    r->message_id == NULL || r->kind == NULL || r->m.headers == NULL)
		return -1;
	return 1;
}

static enum db_rc
mark(struct db *db, const char *sql, int64_t id, int64_t t, const char *err)
{
	struct db_stmt	*st;

	if ((st = db_stmt(db, sql)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, id);
	db_bind_int64(st, 2, t);
	if (err != NULL)
		db_bind_text(st, 3, err, -1, DB_TRANSIENT);
	return db_step_done(db, st);
}

/* Compose a game row once and keep the text for its retries. */
static int
compose(struct mail_sender *ms, struct db *db, struct arena *a,
    struct row *r, int64_t now)
{
	struct mail_game_row	 gr = { r->user, r->game, r->seat, r->ply,
				    r->why, r->m.text };
	struct mail_msg		 m;
	struct db_stmt		*st;
	int			 rc;

	/* An invitation: the seat is not the player's yet. */
	rc = gr.why & MAIL_WHY_INVITE ? mail_invite_compose(db, a, &ms->mc,
	    &gr, now, &m) : mail_compose_game(db, a, &ms->mc, &gr, now, &m);
	if (rc != 0)
		return rc;
	if ((st = db_stmt(db, SQL_STORE_TEXT)) == NULL)
		return -1;
	db_bind_int64(st, 1, r->id);
	db_bind_text(st, 2, m.subject, -1, DB_STATIC);
	db_bind_text(st, 3, m.text, -1, DB_STATIC);
	if (m.html != NULL)
		db_bind_text(st, 4, m.html, -1, DB_STATIC);
	db_bind_text(st, 5, m.headers, -1, DB_STATIC);
	if (db_step_done(db, st) != DB_OK)
		return -1;
	r->m = m;
	return 0;
}

/*
 * The quiet rule (mail_quiet.h) on a game row not composed yet: 1 when
 * the row was held or dropped, 0 when it goes out now, -1 on an error.
 */
static int
quiet(struct mail_sender *ms, struct db *db, const struct row *r,
    int64_t now)
{
	enum mail_quiet	 q;
	int64_t		 until;

	if (mail_quiet_decide(db, r->user, r->game, r->ply, now, ms->quiet,
	    &q, &until) != DB_OK)
		return -1;
	if (q == MAIL_QUIET_SEND)
		return 0;
	if (mail_quiet_apply(db, r->id, r->user, q, until) != DB_OK)
		return -1;
	if (q == MAIL_QUIET_HOLD)
		ms->stats.held++;
	else
		ms->stats.dropped++;
	return 1;
}

/* Wait before attempt n + 1: retry * 2^(n-1), at most retry_max. */
static int64_t
backoff(const struct mail_sender *ms, int n)
{
	int64_t	 w = ms->retry;

	while (--n > 0 && w < ms->retry_max)
		w *= 2;
	return w < ms->retry_max ? w : ms->retry_max;
}

int
mail_send_due(struct mail_sender *ms, struct db *db, struct arena *a,
    int64_t now)
{
	struct row	 r;
	const char	*msg, *addr;
	size_t		 len;
	int		 rc, done = 0, i;

	ms->down = 0;
	for (i = 0; i < MAIL_BATCH && !ms->down; i++) {
		arena_reset(a);
		if ((rc = claim(ms, db, a, now, &r)) <= 0)
			return rc < 0 ? -1 : done;
		if (strcmp(r.kind, "game") == 0 && !r.composed &&
		    !(r.why & MAIL_WHY_INVITE)) {
			if ((rc = quiet(ms, db, &r, now)) < 0)
				return -1;
			if (rc > 0)
				continue;	/* held or dropped */
		}
		if (strcmp(r.kind, "game") == 0 && !r.composed) {
			if ((rc = compose(ms, db, a, &r, now)) < 0)
				return -1;
			if (rc > 0) {
				if (mark(db, SQL_FAILED, r.id, now, "nothing to "
				    "send: the game, seat or player is gone") !=
				    DB_OK)
					return -1;
				continue;
			}
		} else if (r.user > 0 && strstr(r.m.headers,
		    "List-Unsubscribe:") == NULL)
			r.m.headers = mail_compose_unsub(a, &ms->mc, r.user,
			    r.m.headers, NULL);
		addr = mail_compose_addr(a, r.to);
		msg = mail_compose_message(a, &ms->mc, r.to, &r.m, r.message_id,
		    now, &len);
		if (msg == NULL || addr == NULL || r.m.headers == NULL)
			return -1;
		ms->err[0] = '\0';
		rc = ms->dest == DEST_SMTP ?
		    mail_sender_smtp(ms, addr, msg, len) :
		    mail_sender_local(ms, r.message_id, msg, len);
		if (rc == 0) {
			if (mark(db, SQL_SENT, r.id, now, NULL) != DB_OK)
				return -1;
			ms->stats.sent++;
			done++;
		} else if (r.attempts >= ms->attempts) {
			fprintf(stderr, "topper worker: mail %lld to %s failed "
			    "after %d attempts: %s\n", (long long)r.id, addr,
			    r.attempts, ms->err);
			if (mark(db, SQL_FAILED, r.id, now, ms->err) != DB_OK)
				return -1;
			ms->stats.failed++;
		} else {
			fprintf(stderr, "topper worker: mail %lld to %s: "
			    "attempt %d: %s; next in %lld s\n", (long long)r.id,
			    addr, r.attempts, ms->err,
			    (long long)backoff(ms, r.attempts));
			if (mark(db, SQL_RETRY, r.id, now + backoff(ms,
			    r.attempts), ms->err) != DB_OK)
				return -1;
			ms->stats.retried++;
		}
	}
	return done;
}

static const char SQL_COUNTS[] =
    "SELECT count(*) FILTER (WHERE sent IS NULL AND failed IS NULL), "
    "count(*) FILTER (WHERE sent IS NOT NULL), "
    "count(*) FILTER (WHERE failed IS NOT NULL), "
    "count(*) FILTER (WHERE sent IS NULL AND failed IS NULL AND attempts > 0) "
    "FROM outbox";
static const char SQL_FAILED_LIST[] =
    "SELECT id, to_addr, subject, attempts, failed, coalesce(error, '') "
    "FROM outbox WHERE failed IS NOT NULL ORDER BY id";

int
mail_send_status(struct db *db, FILE *out)
{
	struct db_stmt	*st;
	int		 rc, n = 0;

	if ((st = db_stmt(db, SQL_COUNTS)) == NULL)
		return -1;
	if (db_step(st) != DB_ROW) {
		db_fail(db, st);
		return -1;
	}
	fprintf(out, "queued %d (retrying %d), sent %d, failed %d\n",
	    db_column_int(st, 0), db_column_int(st, 3),
	    db_column_int(st, 1), db_column_int(st, 2));
	db_reset(st);
	if ((st = db_stmt(db, SQL_FAILED_LIST)) == NULL)
		return -1;
	while ((rc = db_step(st)) == DB_ROW) {
		fprintf(out, "failed %lld to %s after %d attempts: %s (%s)\n",
		    (long long)db_column_int64(st, 0),
		    (const char *)db_column_text(st, 1),
		    db_column_int(st, 3),
		    (const char *)db_column_text(st, 5),
		    (const char *)db_column_text(st, 2));
		n++;
	}
	if (rc != DB_DONE) {
		db_fail(db, st);
		return -1;
	}
	db_reset(st);
	return n;
}

static const char SQL_REQUEUE[] =
    "UPDATE outbox SET failed = NULL, attempts = 0, next_try = 0, "
    "claimed_until = NULL WHERE id = ?1 AND failed IS NOT NULL";

int
mail_send_cli(int argc, char **argv)
{
	struct config	 cf;
	struct db	*db;
	const char	*path;
	char		 err[256];
	long long	 retry = 0;
	int		 i, n, ret = 0;

	path = config_arg(&argc, argv);
	if (path != NULL && *path == '\0')
		return 2;
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--retry") == 0 && i + 1 < argc)
			retry = atoll(argv[++i]);
		else {
			fprintf(stderr, "usage: topper mail-status [--config F] "
			    "[--retry ID]\n");
			return 2;
		}
	}
	if (config_load(&cf, path, err, sizeof(err)) != 0) {
		fprintf(stderr, "topper mail-status: %s\n", err);
		return 1;
	}
	if ((db = db_open(cf.db, 0)) == NULL || migrate_check(db) == -1) {
		db_close(db);
		config_free(&cf);
		return 1;
	}
	if (retry > 0) {
		if (mark(db, SQL_REQUEUE, retry, 0, NULL) != DB_OK ||
		    db_changes(db) != 1) {
			fprintf(stderr, "topper mail-status: no failed mail "
			    "%lld\n", retry);
			ret = 1;
		} else
			printf("mail %lld queued again\n", retry);
	}
	if ((n = mail_send_status(db, stdout)) < 0)
		ret = 1;
	db_close(db);
	config_free(&cf);
	return ret;
}
