/*
 * acct_mail.c: the verify and reset mails (acct_mail.h).
 */
#include "acct_mail.h"

#include <stdio.h>
#include <string.h>

#include <sodium.h>

#include "config.h"
#include "db.h"
#include "mail_queue.h"
#include "store_account.h"
#include "store_user.h"
#include "token.h"

enum { BODY_MAX = 2048, URL_MAX = 512 };

/* Sign a token of purpose for u with gen, valid secs; the link to out. */
static int
link_for(struct db *db, const struct config *cf, enum token_purpose purpose,
    int64_t user, int64_t gen, int64_t expires, const char *path, char *out,
    size_t outsz)
{
	uint8_t		 key[TOKEN_KEY_BYTES];
	struct token	 t;
	char		 tok[TOKEN_TEXT_MAX];
	int		 n;

	memset(&t, 0, sizeof(t));
	t.purpose = purpose;
	t.user = user;
	t.seat = TOKEN_SEAT_NONE;
	t.ply = gen;
	t.expires = expires;
	if (token_key_load(db, key) != 0)
		return -1;
	n = token_sign(&t, key, tok);
	sodium_memzero(key, sizeof(key));
	if (n != 0)
		return -1;
	n = snprintf(out, outsz, "%s/%s/%s", cf != NULL &&
	    cf->base_url != NULL ? cf->base_url : "", path, tok);
	return n < 0 || (size_t)n >= outsz ? -1 : 0;
}

static enum acct_mail_rc
queue(struct db *db, const struct store_user *u, const char *subject,
    const char *body, const char *kind, int64_t now)
{
	struct mail_text	 m;
	char			 key[24];

	memset(&m, 0, sizeof(m));
	m.to = u->email;
	m.user = u->id;
	m.subject = subject;
	m.text = body;
	snprintf(key, sizeof(key), "%lld", (long long)u->id);
	if (mail_queue_text(db, &m, NULL) != DB_OK ||
	    store_account_event(db, kind, key, now) != DB_OK)
		return ACCT_MAIL_ERROR;
	return ACCT_MAIL_SENT;
}

/* 1 when kind's limit for u is reached (*wait set). */
static int
limited(struct db *db, const struct config *cf, const char *rate_key,
    const char *kind, const struct store_user *u, int64_t now, int64_t *wait)
{
	char	 key[24];
	int	 n, secs;

	config_rate(cf, rate_key, 3, 3600, &n, &secs);
	snprintf(key, sizeof(key), "%lld", (long long)u->id);
	return store_account_limited(db, kind, key, n, secs, now, wait);
}

enum acct_mail_rc
acct_mail_verify(struct db *db, const struct config *cf,
    const struct store_user *u, int64_t now, int64_t *wait)
{
	struct store_account	 a;
	char			 url[URL_MAX], body[BODY_MAX];

	*wait = 0;
	if (store_account_get(db, u->id, &a) != STORE_USER_OK)
		return ACCT_MAIL_ERROR;
	if (a.email_verified)
		return ACCT_MAIL_NOT_NEEDED;
	if (limited(db, cf, "verify_rate", "verify_mail", u, now, wait))
		return ACCT_MAIL_LIMITED;
	if (link_for(db, cf, TOKEN_VERIFY, u->id, a.email_gen,
	    now + ACCT_VERIFY_SECS, "verify", url, sizeof(url)) != 0)
		return ACCT_MAIL_ERROR;
	snprintf(body, sizeof(body),
	    "Hello %s,\n\n"
	    "please confirm that this address belongs to your Topper "
	    "account \"%s\" by opening this link (it works for 7 days):\n\n"
	    "%s\n\n"
	    "Until then, Topper sends no other mail to this address.  If you "
	    "did not register at Topper, ignore this mail: nothing more will "
	    "come.\n", u->name, u->name, url);
	return queue(db, u, "Topper: confirm your address", body,
	    "verify_mail", now);
}

enum acct_mail_rc
acct_mail_reset(struct db *db, const struct config *cf,
    const struct store_user *u, int64_t now, int64_t *wait)
{
	struct store_account	 a;
	char			 url[URL_MAX], body[BODY_MAX];

	*wait = 0;
	if (store_account_get(db, u->id, &a) != STORE_USER_OK)
		return ACCT_MAIL_ERROR;
	if (!a.email_verified || u->is_bot)
		return ACCT_MAIL_NOT_NEEDED;
	if (limited(db, cf, "reset_rate", "reset_mail", u, now, wait))
		return ACCT_MAIL_LIMITED;
	if (link_for(db, cf, TOKEN_RESET, u->id, a.pw_gen,
	    now + ACCT_RESET_SECS, "reset", url, sizeof(url)) != 0)
		return ACCT_MAIL_ERROR;
	snprintf(body, sizeof(body),
	    "Hello %s,\n\n"
	    "someone (you, we hope) asked to set a new password for the "
	    "Topper account \"%s\".  Open this link within an hour to "
	    "choose one:\n\n"
	    "%s\n\n"
	    "The link works once, and setting the password logs the account "
	    "out everywhere.  If you did not ask, ignore this mail: your "
	    "password stays as it is.\n", u->name, u->name, url);
	return queue(db, u, "Topper: set a new password", body, "reset_mail",
	    now);
}
