/*
 * acct_mail.h: the mails of an account: the link that verifies an
 * address (/verify/TOKEN) and the link that sets a new password
 * (/reset/TOKEN), each signed (token.h) and limited per user.
 *
 * A verify link carries the address's generation and lasts a week; a
 * reset link carries the password's generation and lasts an hour
 * (store_account.h says why that makes them single use).  Both queue
 * one text mail in the caller's transaction (mail_queue_text); the
 * limits are topper.conf's verify_rate and reset_rate (N/SECONDS, 3
 * an hour each).  A reset mail goes only to a verified address: until
 * then no mail but the verification goes there at all.
 */
#ifndef TOPPER_ACCT_MAIL_H
#define TOPPER_ACCT_MAIL_H

#include <stdint.h>

struct config;
struct db;
struct store_user;

enum acct_mail_rc {
	ACCT_MAIL_SENT = 0,	/* queued */
	ACCT_MAIL_LIMITED,	/* the limit is reached: *wait seconds */
	ACCT_MAIL_NOT_NEEDED,	/* verify: already verified; reset: the
				   address is not verified */
	ACCT_MAIL_ERROR		/* database or key; logged */
};

enum {
	ACCT_VERIFY_SECS = 7 * 24 * 3600,	/* a verify link lasts */
	ACCT_RESET_SECS = 3600			/* a reset link lasts */
};

enum acct_mail_rc acct_mail_verify(struct db *db, const struct config *cf,
	    const struct store_user *u, int64_t now, int64_t *wait);
enum acct_mail_rc acct_mail_reset(struct db *db, const struct config *cf,
	    const struct store_user *u, int64_t now, int64_t *wait);

#endif /* TOPPER_ACCT_MAIL_H */
