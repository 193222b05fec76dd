/*
 * store_account.h: what an account holds beyond store_user.h: whether
 * its address is verified, the generations that make verify and reset
 * links single use, the API token's expiry and last use, and the
 * counted events behind the account limits (sql/006_accounts.sql).
 *
 * email_gen is bumped by every change of address and pw_gen by every
 * change of password; a verify link (TOKEN_VERIFY) carries the
 * email_gen it was made for and a reset link (TOKEN_RESET) the pw_gen,
 * so a link works only until the address or the password changes: a
 * used reset link is stale.  Writes run in the caller's transaction.
 */
#ifndef TOPPER_STORE_ACCOUNT_H
#define TOPPER_STORE_ACCOUNT_H

#include <stdint.h>

#include "db.h"
#include "store_user.h"

struct store_account {
	int64_t		 id;
	int		 email_verified;
	int64_t		 email_gen;
	int64_t		 pw_gen;
	int64_t		 api_expires;	/* 0: no token */
	int64_t		 api_used;	/* 0: never used */
	int		 confirm_moves;	/* a second tap before a move */
};

/* The account of user id; STORE_USER_NOTFOUND when absent. */
enum store_user_rc store_account_get(struct db *db, int64_t id,
	    struct store_account *out);

/*
 * Mark the address verified if its generation is still gen: OK, or
 * NOTFOUND when the address changed since (or no such user).
 * store_account_set_verified marks it whatever the generation (topper
 * user add: the operator vouches for the address).
 */
enum store_user_rc store_account_verify(struct db *db, int64_t id,
	    int64_t gen);
enum store_user_rc store_account_set_verified(struct db *db, int64_t id);

/* "Confirm before sending" on (1) or off (0); NOTFOUND: no such user. */
enum store_user_rc store_account_set_confirm(struct db *db, int64_t id,
	    int on);

/* A new address (checked here): unverified, email_gen + 1. */
enum store_user_rc store_account_set_email(struct db *db, int64_t id,
	    const char *email);

/*
 * A new password hash (store_user_hash) if pw_gen is still gen (-1:
 * any): pw_gen + 1, and every session of the user ends.  NOTFOUND when
 * the generation moved on (a reset link already used).
 */
enum store_user_rc store_account_set_pwhash(struct db *db, int64_t id,
	    const char *hash, int64_t gen);

/* End every session of user id ("log out everywhere"). */
enum store_user_rc store_account_end_sessions(struct db *db, int64_t id);

/* The user whose address is email (ignoring case); NOTFOUND if none. */
enum store_user_rc store_account_by_email(struct db *db, const char *email,
	    struct store_user *out);

/* The API token's expiry (set with a new token). */
enum store_user_rc store_account_api_expiry(struct db *db, int64_t id,
	    int64_t expires);

/*
 * Record a use of the API token, at most once an hour (a write only
 * when api_used is older than that).
 */
enum store_user_rc store_account_api_used(struct db *db, int64_t id,
	    int64_t now);

/*
 * The limits.  store_account_limited: 1 when kind/key counted n or more
 * events in the secs before now, with *wait the seconds until the
 * oldest of them leaves the window; 0 when under; 0 on a database
 * error (logged).  store_account_event counts one (and drops events
 * older than a day).
 */
int	 store_account_limited(struct db *db, const char *kind,
	    const char *key, int n, int secs, int64_t now, int64_t *wait);
enum db_rc store_account_event(struct db *db, const char *kind,
	    const char *key, int64_t now);

#endif /* TOPPER_STORE_ACCOUNT_H */
