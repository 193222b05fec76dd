/*
 * store_account.c: the account columns of sql/006_accounts.sql and the
 * limit_events table (store_account.h).
 */
#include "store_account.h"

#include <stdio.h>
#include <string.h>

/* Run an UPDATE of one user; NOTFOUND when no row changed. */
static enum store_user_rc
update_one(struct db *db, struct db_stmt *st)
{
	if (db_step_done(db, st) != DB_OK)
		return STORE_USER_ERROR;
	return db_changes(db) == 1 ? STORE_USER_OK :
	    STORE_USER_NOTFOUND;
}

static const char SQL_ACCT_GET[] =
    "SELECT email_verified, email_gen, pw_gen, "
    "CASE WHEN api_token IS NOT NULL THEN coalesce(api_token_expires, 0) "
    "ELSE 0 END, "
    "coalesce(api_token_used, 0), confirm_moves FROM users WHERE id = ?1";

enum store_user_rc
store_account_get(struct db *db, int64_t id, struct store_account *out)
{
	struct db_stmt	*st;

	memset(out, 0, sizeof(*out));
	if ((st = db_stmt(db, SQL_ACCT_GET)) == NULL)
		return STORE_USER_ERROR;
	db_bind_int64(st, 1, id);
	switch (db_step(st)) {
	case DB_ROW:
		out->id = id;
		out->email_verified = db_column_int(st, 0);
		out->email_gen = db_column_int64(st, 1);
		out->pw_gen = db_column_int64(st, 2);
		out->api_expires = db_column_int64(st, 3);
		out->api_used = db_column_int64(st, 4);
		out->confirm_moves = db_column_int(st, 5) != 0;
		db_reset(st);
		return STORE_USER_OK;
	case DB_DONE:
		db_reset(st);
		return STORE_USER_NOTFOUND;
	default:
		(void)db_fail(db, st);
		return STORE_USER_ERROR;
	}
}

static const char SQL_ACCT_CONFIRM[] =
    "UPDATE users SET confirm_moves = ?2 WHERE id = ?1";

enum store_user_rc
store_account_set_confirm(struct db *db, int64_t id, int on)
{
	struct db_stmt	*st;
	int		 rc;

	if ((st = db_stmt(db, SQL_ACCT_CONFIRM)) == NULL)
		return STORE_USER_ERROR;
	db_bind_int64(st, 1, id);
	db_bind_int(st, 2, on != 0);
	rc = db_step(st);
	if (rc != DB_DONE) {
		(void)db_fail(db, st);
		return STORE_USER_ERROR;
	}
	db_reset(st);
	return db_changes(db) == 1 ? STORE_USER_OK :
	    STORE_USER_NOTFOUND;
}

static const char SQL_ACCT_VERIFY[] =
    "UPDATE users SET email_verified = 1 WHERE id = ?1 AND email_gen = ?2";
static const char SQL_ACCT_VERIFIED[] =
    "UPDATE users SET email_verified = 1 WHERE id = ?1";

enum store_user_rc
store_account_verify(struct db *db, int64_t id, int64_t gen)
{
	struct db_stmt	*st;

	if ((st = db_stmt(db, SQL_ACCT_VERIFY)) == NULL)
		return STORE_USER_ERROR;
	db_bind_int64(st, 1, id);
	db_bind_int64(st, 2, gen);
	return update_one(db, st);
}

enum store_user_rc
store_account_set_verified(struct db *db, int64_t id)
{
	struct db_stmt	*st;

	if ((st = db_stmt(db, SQL_ACCT_VERIFIED)) == NULL)
		return STORE_USER_ERROR;
	db_bind_int64(st, 1, id);
	return update_one(db, st);
}

static const char SQL_ACCT_EMAIL[] =
    "UPDATE users SET email = ?2, email_verified = 0, "
    "email_gen = email_gen + 1 WHERE id = ?1";

enum store_user_rc
store_account_set_email(struct db *db, int64_t id, const char *email)
{
	struct db_stmt		*st;
	enum store_user_rc	 rc;

	if ((rc = store_user_check_email(email)) != STORE_USER_OK)
		return rc;
	if ((st = db_stmt(db, SQL_ACCT_EMAIL)) == NULL)
		return STORE_USER_ERROR;
	db_bind_int64(st, 1, id);
	db_bind_text(st, 2, email, -1, DB_STATIC);
	return update_one(db, st);
}

static const char SQL_ACCT_PWHASH[] =
    "UPDATE users SET pwhash = ?2, pw_gen = pw_gen + 1 "
    "WHERE id = ?1 AND (?3 < 0 OR pw_gen = ?3) AND is_bot = 0";

enum store_user_rc
store_account_set_pwhash(struct db *db, int64_t id, const char *hash,
    int64_t gen)
{
	struct db_stmt		*st;
	enum store_user_rc	 rc;

	if (hash == NULL || hash[0] == '\0')
		return STORE_USER_ERROR;
	if ((st = db_stmt(db, SQL_ACCT_PWHASH)) == NULL)
		return STORE_USER_ERROR;
	db_bind_int64(st, 1, id);
	db_bind_text(st, 2, hash, -1, DB_STATIC);
	db_bind_int64(st, 3, gen);
	if ((rc = update_one(db, st)) != STORE_USER_OK)
		return rc;
	return store_account_end_sessions(db, id);
}

static const char SQL_ACCT_END[] = "DELETE FROM sessions WHERE \"user\" = ?1";

enum store_user_rc
store_account_end_sessions(struct db *db, int64_t id)
{
	struct db_stmt	*st;

	if ((st = db_stmt(db, SQL_ACCT_END)) == NULL)
		return STORE_USER_ERROR;
	db_bind_int64(st, 1, id);
	return db_step_done(db, st) == DB_OK ? STORE_USER_OK :
	    STORE_USER_ERROR;
}

static const char SQL_ACCT_BY_EMAIL[] =
    "SELECT name FROM users WHERE lower(email) = lower(?1) AND is_bot = 0 "
    "ORDER BY id LIMIT 1";

enum store_user_rc
store_account_by_email(struct db *db, const char *email,
    struct store_user *out)
{
	struct db_stmt	*st;
	char		 name[STORE_USER_NAME_MAX + 1];
	const unsigned char *p;

	if ((st = db_stmt(db, SQL_ACCT_BY_EMAIL)) == NULL)
		return STORE_USER_ERROR;
	db_bind_text(st, 1, email, -1, DB_STATIC);
	switch (db_step(st)) {
	case DB_ROW:
		p = db_column_text(st, 0);
		snprintf(name, sizeof(name), "%s", p != NULL ?
		    (const char *)p : "");
		db_reset(st);
		return store_user_by_name(db, name, out);
	case DB_DONE:
		db_reset(st);
		return STORE_USER_NOTFOUND;
	default:
		(void)db_fail(db, st);
		return STORE_USER_ERROR;
	}
}

static const char SQL_ACCT_API_EXPIRY[] =
    "UPDATE users SET api_token_expires = ?2, api_token_used = NULL "
    "WHERE id = ?1";
static const char SQL_ACCT_API_USED[] =
    "UPDATE users SET api_token_used = ?2 WHERE id = ?1 AND "
    "coalesce(api_token_used, 0) <= ?2 - 3600";

enum store_user_rc
store_account_api_expiry(struct db *db, int64_t id, int64_t expires)
{
	struct db_stmt	*st;

	if ((st = db_stmt(db, SQL_ACCT_API_EXPIRY)) == NULL)
		return STORE_USER_ERROR;
	db_bind_int64(st, 1, id);
	db_bind_int64(st, 2, expires);
	return update_one(db, st);
}

enum store_user_rc
store_account_api_used(struct db *db, int64_t id, int64_t now)
{
	struct db_stmt	*st;

	if ((st = db_stmt(db, SQL_ACCT_API_USED)) == NULL)
		return STORE_USER_ERROR;
	db_bind_int64(st, 1, id);
	db_bind_int64(st, 2, now);
	return db_step_done(db, st) == DB_OK ? STORE_USER_OK :
	    STORE_USER_ERROR;
}

static const char SQL_LIMIT_COUNT[] =
    "SELECT count(*), min(at) FROM limit_events "
    "WHERE kind = ?1 AND key = ?2 AND at > ?3";
static const char SQL_LIMIT_ADD[] =
    "INSERT INTO limit_events (kind, key, at) VALUES (?1, ?2, ?3)";
static const char SQL_LIMIT_PRUNE[] =
    "DELETE FROM limit_events WHERE at <= ?1";

int
store_account_limited(struct db *db, const char *kind, const char *key,
    int n, int secs, int64_t now, int64_t *wait)
{
	struct db_stmt	*st;
	int		 k;
	int64_t		 oldest;

	*wait = 0;
	if ((st = db_stmt(db, SQL_LIMIT_COUNT)) == NULL)
		return 0;
	db_bind_text(st, 1, kind, -1, DB_STATIC);
	db_bind_text(st, 2, key, -1, DB_STATIC);
	db_bind_int64(st, 3, now - secs);
	if (db_step(st) != DB_ROW) {
		(void)db_fail(db, st);
		return 0;
	}
	k = db_column_int(st, 0);
	oldest = db_column_int64(st, 1);
	db_reset(st);
	if (k < n)
		return 0;
	*wait = oldest + secs - now;
	if (*wait < 1)
		*wait = 1;
	return 1;
}

enum db_rc
store_account_event(struct db *db, const char *kind, const char *key,
    int64_t now)
{
	struct db_stmt	*st;
	enum db_rc	 rc;

	if ((st = db_stmt(db, SQL_LIMIT_ADD)) == NULL)
		return DB_ERROR;
	db_bind_text(st, 1, kind, -1, DB_STATIC);
	db_bind_text(st, 2, key, -1, DB_STATIC);
	db_bind_int64(st, 3, now);
	if ((rc = db_step_done(db, st)) != DB_OK)
		return rc;
	if ((st = db_stmt(db, SQL_LIMIT_PRUNE)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, now - 24 * 3600);
	return db_step_done(db, st);
}
