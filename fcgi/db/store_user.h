/*
 * store_user.h: typed access to the users table.
 *
 * Registration rules (DESIGN.md "Storage"): a name of 3-20 characters
 * from [A-Za-z0-9_-], unique ignoring case; an email address; a
 * password of at least 8 characters, hashed with Argon2id
 * (crypto_pwhash_str) at the configured cost.  Bots have no password
 * and cannot log in.  Nothing here allocates: users come back in fixed
 * arrays.
 */
#ifndef TOPPER_STORE_USER_H
#define TOPPER_STORE_USER_H

#include <stdint.h>

#include "config.h"
#include "db.h"

enum {
	STORE_USER_NAME_MIN = 3,
	STORE_USER_NAME_MAX = 20,	/* characters, all ASCII */
	STORE_USER_EMAIL_MAX = 254,	/* RFC 5321 path limit */
	STORE_USER_TZ_MAX = 64,
	STORE_USER_PASSWORD_MIN = 8,
	STORE_USER_PASSWORD_MAX = 1024,	/* bytes; longer is refused */
	STORE_USER_HASH_MAX = 128	/* crypto_pwhash_STRBYTES */
};

enum store_user_rc {
	STORE_USER_OK = 0,
	STORE_USER_BAD_NAME,		/* length or characters */
	STORE_USER_NAME_TAKEN,		/* another user has it, ignoring case */
	STORE_USER_BAD_EMAIL,
	STORE_USER_BAD_PASSWORD,	/* too short or too long */
	STORE_USER_NOTFOUND,		/* no such user */
	STORE_USER_WRONG_PASSWORD,	/* or a user who cannot log in */
	STORE_USER_ERROR,		/* database or hashing failure; logged */
	STORE_USER_COMMON_PASSWORD,	/* on the list of pw_common.h */
	STORE_USER__MAX
};

struct store_user {
	int64_t		 id;
	char		 name[STORE_USER_NAME_MAX + 1];	/* as registered */
	char		 email[STORE_USER_EMAIL_MAX + 1];
	char		 tz[STORE_USER_TZ_MAX];
	int		 is_bot;
	int		 notify;
	int		 has_password;
	int64_t		 created;
};

/*
 * Refuse every Argon2id computation in this process from now on (on:
 * 1): the writer process calls it, so a hashing route that reaches it
 * (a misrouted nginx) fails with STORE_USER_ERROR and a log line
 * instead of holding up every POST behind it.
 */
void	 store_user_hash_forbid(int on);

/* A sentence for a refusal, fit for a form ("That name is taken."). */
const char	*store_user_why(enum store_user_rc rc);

/* Pure checks, for forms that validate before hashing. */
enum store_user_rc store_user_check_name(const char *name);
enum store_user_rc store_user_check_email(const char *email);
enum store_user_rc store_user_check_password(const char *password);

/*
 * Create a user.  password may be NULL only for a bot; tz NULL means
 * "UTC".  Checks every rule first, then hashes at cost, then inserts;
 * *id (may be NULL) receives the new id.  Runs in the caller's
 * transaction if one is open.  Hashing at CONFIG_PWHASH_INTERACTIVE
 * takes a tenth of a second or more: call it outside a write
 * transaction, where the hash holds no lock.
 */
enum store_user_rc store_user_create(struct db *db, const char *name,
	    const char *email, const char *password, const char *tz,
	    int is_bot, enum config_pwhash cost, int64_t *id);

/*
 * Hash password at cost into out (the Argon2id string), outside any
 * transaction: STORE_USER_ERROR when hashing failed or is forbidden
 * here (store_user_hash_forbid).
 */
enum store_user_rc store_user_hash(const char *password,
	    enum config_pwhash cost, char out[STORE_USER_HASH_MAX]);

/* Look a user up; STORE_USER_NOTFOUND when absent. */
enum store_user_rc store_user_by_name(struct db *db, const char *name,
	    struct store_user *out);
enum store_user_rc store_user_by_id(struct db *db, int64_t id,
	    struct store_user *out);

/*
 * Check a password.  STORE_USER_OK fills out (may be NULL);
 * STORE_USER_NOTFOUND and STORE_USER_WRONG_PASSWORD take about as long
 * as a right password, so timing does not tell which names exist.
 */
enum store_user_rc store_user_verify(struct db *db, const char *name,
	    const char *password, enum config_pwhash cost,
	    struct store_user *out);

/*
 * Personal API tokens (one per user at most; users.api_token holds the
 * SHA-256 of the token, never the token).  store_user_set_api_token
 * stores hash (32 bytes), or clears it when hash is NULL;
 * store_user_by_api_token finds the user holding hash (NOTFOUND when
 * none, or when the token expired: store_account.h); store_user_has_api_token sets *has.
 */
enum store_user_rc store_user_set_api_token(struct db *db, int64_t id,
	    const unsigned char *hash);
enum store_user_rc store_user_by_api_token(struct db *db,
	    const unsigned char hash[32], struct store_user *out);
enum store_user_rc store_user_has_api_token(struct db *db, int64_t id,
	    int *has);

/* Change a user's time zone (the caller checked it); NOTFOUND if none. */
enum store_user_rc store_user_set_tz(struct db *db, int64_t id,
	    const char *tz);

#endif /* TOPPER_STORE_USER_H */
