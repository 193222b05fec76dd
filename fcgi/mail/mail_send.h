/*
 * mail_send.h: the worker's delivery of the outbox (STYLE.md 3.10).
 *
 * The guarantee, on purpose: at least once.  A turn notice lost is
 * worse than one received twice, so a row is claimed with a lease
 * (claimed_until = now + mail.lease, attempts + 1, one UPDATE ...
 * RETURNING), sent with the Message-ID stored in the row, and only then
 * marked sent.  A worker killed between the SMTP server's "250" and the
 * mark leaves the row claimed; when the lease runs out another poll
 * claims and sends it again, with the same Message-ID (mail readers
 * fold such duplicates).  A failed attempt clears the lease and waits
 * mail.retry * 2^(attempts-1) seconds (at most mail.retry_max, by
 * default MAIL_BACKOFF_MAX); after
 * mail.attempts attempts the row is marked failed, logged, and listed
 * by "topper mail-status".
 *
 * A game row (kind 'game') is composed at its first claim and the text
 * stored, so every retry sends the same bytes.  Before that, the quiet
 * rule (mail_quiet.h, mail.quiet) may hold it while the player is at
 * the table, or drop it once they moved.
 *
 * Destinations (mail.smtp_url): "smtp://HOST:PORT" (STARTTLS per
 * mail.starttls: yes | try | no), "smtps://HOST:PORT" (implicit TLS),
 * both through libcurl with mail.user and mail.password; "dir:PATH"
 * writes one ID.eml file per message (unit tests); "stdout" prints
 * them.  An error is sticky in the sender for the rest of a poll when
 * the server cannot be reached, so a dead server costs one connection
 * attempt per poll, not one per row.
 */
#ifndef TOPPER_MAIL_SEND_H
#define TOPPER_MAIL_SEND_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct arena;
struct config;
struct db;
struct mail_sender;

enum {
	MAIL_LEASE_S = 300,		/* mail.lease default */
	MAIL_ATTEMPTS = 10,		/* mail.attempts default */
	MAIL_RETRY_S = 60,		/* mail.retry default: first back-off */
	MAIL_TIMEOUT_S = 60,		/* mail.timeout default: one SMTP session */
	MAIL_BACKOFF_MAX = 6 * 3600,	/* mail.retry_max default and cap */
	MAIL_BATCH = 64			/* rows one poll sends at most */
};

/*
 * A sender for cf, with the token key read from db's settings.  NULL
 * when mail.smtp_url is not set (mail stays queued) or on an error
 * (logged: a bad key, no secret).
 */
struct mail_sender *mail_sender_new(const struct config *cf, struct db *db);
void	mail_sender_free(struct mail_sender *ms);

/*
 * One poll: claim, compose, send and mark due rows one at a time, at
 * most MAIL_BATCH.  now: the clock to compare leases and back-offs
 * with.  Returns the rows marked sent, or -1 when the database failed.
 */
int	mail_send_due(struct mail_sender *ms, struct db *db, struct arena *a,
	    int64_t now);

/* Counters, for the worker log and tests. */
struct mail_send_stats {
	long	 sent, retried, failed;
	long	 held, dropped;		/* by the quiet rule (mail_quiet.h) */
};
void	mail_send_stats(const struct mail_sender *ms, struct mail_send_stats *s);

/*
 * "topper mail-status": the outbox's counts (queued, sent, failed) and
 * every failed row with its error, to out.  Returns the number of
 * failed rows, or -1 on a database error.
 */
int	mail_send_status(struct db *db, FILE *out);

/* "topper mail-status [--config F] [--retry ID]": see mail_send_status. */
int	mail_send_cli(int argc, char **argv);

#endif /* TOPPER_MAIL_SEND_H */
