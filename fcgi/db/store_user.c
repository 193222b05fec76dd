/*
 * store_user.c: users, their names and their Argon2id passwords.
 */
#include "store_user.h"

#include <stdio.h>
#include <string.h>

#include <sodium.h>

#include "pw_common.h"

static const char *const whys[STORE_USER__MAX] = {
	[STORE_USER_OK] = "",
	[STORE_USER_BAD_NAME] = "A name has 3 to 20 characters: letters, "
	    "digits, '_' and '-'.",
	[STORE_USER_NAME_TAKEN] = "That name is taken.",
	[STORE_USER_BAD_EMAIL] = "Please give an email address.",
	[STORE_USER_BAD_PASSWORD] = "A password has at least 8 characters.",
	[STORE_USER_NOTFOUND] = "There is no such user.",
	[STORE_USER_WRONG_PASSWORD] = "Wrong name or password.",
	[STORE_USER_ERROR] = "The server could not do that; please try "
	    "again.",
	[STORE_USER_COMMON_PASSWORD] = "That password is one of the most "
	    "common ones, which are tried first; please choose another.",
};

const char *
store_user_why(enum store_user_rc rc)
{
	if ((unsigned)rc >= STORE_USER__MAX)
		return whys[STORE_USER_ERROR];
	return whys[rc];
}

enum store_user_rc
store_user_check_name(const char *name)
{
	size_t	 i, n;

	if (name == NULL)
		return STORE_USER_BAD_NAME;
	n = strlen(name);
	if (n < STORE_USER_NAME_MIN || n > STORE_USER_NAME_MAX)
		return STORE_USER_BAD_NAME;
	for (i = 0; i < n; i++) {
		/* Not isalnum(): the locale must not widen the set. */
		if ((name[i] >= 'a' && name[i] <= 'z') ||
		    (name[i] >= 'A' && name[i] <= 'Z') ||
		    (name[i] >= '0' && name[i] <= '9') ||
		    name[i] == '_' || name[i] == '-')
			continue;
		return STORE_USER_BAD_NAME;
	}
	return STORE_USER_OK;
}

/*
 * Deliberately loose (local@domain, printable ASCII or UTF-8, no
 * spaces): the mail that follows is the real test of an address.
 */
enum store_user_rc
store_user_check_email(const char *email)
{
	const char	*at;
	size_t		 i, n;

	if (email == NULL)
		return STORE_USER_BAD_EMAIL;
	n = strlen(email);
	if (n < 3 || n > STORE_USER_EMAIL_MAX)
		return STORE_USER_BAD_EMAIL;
	for (i = 0; i < n; i++)
		if ((unsigned char)email[i] <= ' ' || email[i] == 0x7f ||
		    email[i] == '<' || email[i] == '>' || email[i] == ',')
			return STORE_USER_BAD_EMAIL;
	if ((at = strrchr(email, '@')) == NULL || at == email ||
	    at[1] == '\0')
		return STORE_USER_BAD_EMAIL;
	return STORE_USER_OK;
}

enum store_user_rc
store_user_check_password(const char *password)
{
	size_t	 n;

	if (password == NULL)
		return STORE_USER_BAD_PASSWORD;
	n = strlen(password);
	if (n < STORE_USER_PASSWORD_MIN || n > STORE_USER_PASSWORD_MAX)
		return STORE_USER_BAD_PASSWORD;
	if (pw_common(password))
		return STORE_USER_COMMON_PASSWORD;
	return STORE_USER_OK;
}

static void
limits(enum config_pwhash cost, unsigned long long *ops, size_t *mem)
{
	if (cost == CONFIG_PWHASH_MIN) {
		*ops = crypto_pwhash_OPSLIMIT_MIN;
		*mem = crypto_pwhash_MEMLIMIT_MIN;
	} else {
		*ops = crypto_pwhash_OPSLIMIT_INTERACTIVE;
		*mem = crypto_pwhash_MEMLIMIT_INTERACTIVE;
	}
}

/* Set in the writer process: Argon2id there would stall every POST. */
static int	hash_forbidden;

void
store_user_hash_forbid(int on)
{
	hash_forbidden = on != 0;
}

/* 1 (after logging) when this process may not hash. */
static int
forbidden(void)
{
	if (hash_forbidden)
		fprintf(stderr, "topper: password hashing refused in the "
		    "writer process: nginx must send this path to the "
		    "readers\n");
	return hash_forbidden;
}

static int
hash_password(const char *password, enum config_pwhash cost,
    char out[crypto_pwhash_STRBYTES])
{
	unsigned long long	 ops;
	size_t			 mem;

	if (sodium_init() < 0 || forbidden())
		return -1;
	limits(cost, &ops, &mem);
	return crypto_pwhash_str(out, password, strlen(password), ops, mem);
}

enum store_user_rc
store_user_hash(const char *password, enum config_pwhash cost,
    char out[STORE_USER_HASH_MAX])
{
	if (password == NULL || hash_password(password, cost, out) != 0) {
		out[0] = '\0';
		return STORE_USER_ERROR;
	}
	return STORE_USER_OK;
}

static const char SQL_USER_INSERT[] =
    "INSERT INTO users (name, email, pwhash, tz, is_bot, created) "
    "VALUES (?1, ?2, ?3, ?4, ?5, ?6) RETURNING id";

enum store_user_rc
store_user_create(struct db *db, const char *name, const char *email,
    const char *password, const char *tz, int is_bot,
    enum config_pwhash cost, int64_t *id)
{
	char		 hash[crypto_pwhash_STRBYTES];
	struct store_user old;
	struct db_stmt	*st;
	enum store_user_rc rc;
	enum db_rc	 drc;

	if ((rc = store_user_check_name(name)) != STORE_USER_OK ||
	    (rc = store_user_check_email(email)) != STORE_USER_OK)
		return rc;
	if ((password != NULL || !is_bot) &&
	    (rc = store_user_check_password(password)) != STORE_USER_OK)
		return rc;
	/* Refuse a taken name before paying for the hash. */
	if ((rc = store_user_by_name(db, name, &old)) == STORE_USER_OK)
		return STORE_USER_NAME_TAKEN;
	if (rc != STORE_USER_NOTFOUND)
		return rc;
	if (password != NULL && hash_password(password, cost, hash) != 0) {
		fprintf(stderr, "topper: password hashing failed "
		    "(out of memory?)\n");
		return STORE_USER_ERROR;
	}
	if ((st = db_stmt(db, SQL_USER_INSERT)) == NULL)
		return STORE_USER_ERROR;
	db_bind_text(st, 1, name, -1, DB_STATIC);
	db_bind_text(st, 2, email, -1, DB_STATIC);
	if (password != NULL)
		db_bind_text(st, 3, hash, -1, DB_STATIC);
	db_bind_text(st, 4, tz != NULL ? tz : "UTC", -1, DB_STATIC);
	db_bind_int(st, 5, is_bot != 0);
	db_bind_int64(st, 6, db_now());
	/* A race with another registration ends in the UNIQUE index. */
	if (db_step(st) != DB_ROW) {
		drc = db_last_rc(db);
		db_reset(st);
		sodium_memzero(hash, sizeof(hash));
		if (drc == DB_CONSTRAINT)
			return STORE_USER_NAME_TAKEN;
		(void)db_fail(db, NULL);
		return STORE_USER_ERROR;
	}
	if (id != NULL)
		*id = db_column_int64(st, 0);
	db_reset(st);
	sodium_memzero(hash, sizeof(hash));
	return STORE_USER_OK;
}

/* Columns 0..7 of both lookups; column 8 is the password hash. */
#define USER_COLUMNS \
    "id, name, email, tz, is_bot, notify, " \
    "CASE WHEN pwhash IS NOT NULL THEN 1 ELSE 0 END, created, pwhash"

static void
copy_text(struct db_stmt *st, int col, char *out, size_t outsz)
{
	const unsigned char *p = db_column_text(st, col);
	size_t		 n = (size_t)db_column_bytes(st, col);

	if (p == NULL)
		n = 0;
	if (n >= outsz)
		n = outsz - 1;
	memcpy(out, p != NULL ? (const char *)p : "", n);
	out[n] = '\0';
}

static void
read_user(struct db_stmt *st, struct store_user *u)
{
	memset(u, 0, sizeof(*u));
	u->id = db_column_int64(st, 0);
	copy_text(st, 1, u->name, sizeof(u->name));
	copy_text(st, 2, u->email, sizeof(u->email));
	copy_text(st, 3, u->tz, sizeof(u->tz));
	u->is_bot = db_column_int(st, 4);
	u->notify = db_column_int(st, 5);
	u->has_password = db_column_int(st, 6);
	u->created = db_column_int64(st, 7);
}

/*
 * Run a bound lookup; fills u and, when hash is not NULL, copies the
 * password hash ("" for none).  Resets st.
 */
static enum store_user_rc
lookup(struct db *db, struct db_stmt *st, struct store_user *u,
    char hash[crypto_pwhash_STRBYTES])
{
	switch (db_step(st)) {
	case DB_ROW:
		read_user(st, u);
		if (hash != NULL)
			copy_text(st, 8, hash, crypto_pwhash_STRBYTES);
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

static const char SQL_USER_BY_NAME[] =
    "SELECT " USER_COLUMNS " FROM users WHERE name = ?1";

enum store_user_rc
store_user_by_name(struct db *db, const char *name, struct store_user *out)
{
	struct db_stmt	*st;

	if ((st = db_stmt(db, SQL_USER_BY_NAME)) == NULL)
		return STORE_USER_ERROR;
	db_bind_text(st, 1, name, -1, DB_STATIC);
	return lookup(db, st, out, NULL);
}

static const char SQL_USER_BY_ID[] =
    "SELECT " USER_COLUMNS " FROM users WHERE id = ?1";

enum store_user_rc
store_user_by_id(struct db *db, int64_t id, struct store_user *out)
{
	struct db_stmt	*st;

	if ((st = db_stmt(db, SQL_USER_BY_ID)) == NULL)
		return STORE_USER_ERROR;
	db_bind_int64(st, 1, id);
	return lookup(db, st, out, NULL);
}

/*
 * A hash of a password nobody has, made once per cost, so that a
 * missing name costs one verification just like a wrong password.
 */
static const char *
decoy(enum config_pwhash cost)
{
	static char	 hashes[2][crypto_pwhash_STRBYTES];
	char		*h = hashes[cost == CONFIG_PWHASH_MIN];

	if (h[0] == '\0' && hash_password("decoy password, never set", cost,
	    h) != 0)
		h[0] = '\0';
	return h;
}

enum store_user_rc
store_user_verify(struct db *db, const char *name, const char *password,
    enum config_pwhash cost, struct store_user *out)
{
	char		 hash[crypto_pwhash_STRBYTES];
	struct store_user u;
	struct db_stmt	*st;
	enum store_user_rc rc;
	const char	*check;
	size_t		 n;

	if (sodium_init() < 0 || password == NULL || forbidden())
		return STORE_USER_ERROR;
	n = strlen(password);
	if (n > STORE_USER_PASSWORD_MAX)
		return STORE_USER_WRONG_PASSWORD;
	if ((st = db_stmt(db, SQL_USER_BY_NAME)) == NULL)
		return STORE_USER_ERROR;
	db_bind_text(st, 1, name, -1, DB_STATIC);
	/* The password hash is read with the same statement, column 8. */
	if ((rc = lookup(db, st, &u, hash)) == STORE_USER_ERROR)
		return rc;
	check = rc == STORE_USER_OK && hash[0] != '\0' ? hash : decoy(cost);
	if (check[0] == '\0' ||
	    crypto_pwhash_str_verify(check, password, n) != 0 ||
	    check != hash) {
		sodium_memzero(hash, sizeof(hash));
		return rc == STORE_USER_NOTFOUND ? STORE_USER_NOTFOUND :
		    STORE_USER_WRONG_PASSWORD;
	}
	sodium_memzero(hash, sizeof(hash));
	if (out != NULL)
		*out = u;
	return STORE_USER_OK;
}

static const char SQL_USER_SET_TOKEN[] =
    "UPDATE users SET api_token = ?2 WHERE id = ?1";

/* Run an UPDATE of one user by id; NOTFOUND when no row changed. */
static enum store_user_rc
update_one(struct db *db, struct db_stmt *st)
{
	if (db_step_done(db, st) != DB_OK)
		return STORE_USER_ERROR;
	return db_changes(db) == 1 ? STORE_USER_OK :
	    STORE_USER_NOTFOUND;
}

enum store_user_rc
store_user_set_api_token(struct db *db, int64_t id,
    const unsigned char *hash)
{
	struct db_stmt	*st;

	if ((st = db_stmt(db, SQL_USER_SET_TOKEN)) == NULL)
		return STORE_USER_ERROR;
	db_bind_int64(st, 1, id);
	if (hash != NULL)
		db_bind_blob(st, 2, hash, 32, DB_STATIC);
	return update_one(db, st);
}

static const char SQL_USER_BY_TOKEN[] =
    "SELECT " USER_COLUMNS " FROM users WHERE api_token = ?1 "
    "AND (api_token_expires IS NULL OR api_token_expires > ?2)";

enum store_user_rc
store_user_by_api_token(struct db *db, const unsigned char hash[32],
    struct store_user *out)
{
	struct db_stmt	*st;

	if ((st = db_stmt(db, SQL_USER_BY_TOKEN)) == NULL)
		return STORE_USER_ERROR;
	db_bind_blob(st, 1, hash, 32, DB_STATIC);
	db_bind_int64(st, 2, db_now());
	return lookup(db, st, out, NULL);
}

static const char SQL_USER_HAS_TOKEN[] =
    "SELECT CASE WHEN api_token IS NOT NULL THEN 1 ELSE 0 END FROM users "
    "WHERE id = ?1";

enum store_user_rc
store_user_has_api_token(struct db *db, int64_t id, int *has)
{
	struct db_stmt	*st;

	*has = 0;
	if ((st = db_stmt(db, SQL_USER_HAS_TOKEN)) == NULL)
		return STORE_USER_ERROR;
	db_bind_int64(st, 1, id);
	switch (db_step(st)) {
	case DB_ROW:
		*has = db_column_int(st, 0);
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

static const char SQL_USER_SET_TZ[] =
    "UPDATE users SET tz = ?2 WHERE id = ?1";

enum store_user_rc
store_user_set_tz(struct db *db, int64_t id, const char *tz)
{
	struct db_stmt	*st;

	if ((st = db_stmt(db, SQL_USER_SET_TZ)) == NULL)
		return STORE_USER_ERROR;
	db_bind_int64(st, 1, id);
	db_bind_text(st, 2, tz, -1, DB_STATIC);
	return update_one(db, st);
}
