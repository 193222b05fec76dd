/*
 * mail_sender.c: the sender (mail_send.h): its settings from
 * topper.conf, and handing one composed message to its destination,
 * an SMTP server through libcurl, a directory or stdout.  Moved out of
 * mail_send.c, which keeps the outbox side (claim, compose, mark,
 * mail-status), so that both stay short; what they share is in
 * mail_send_impl.h.
 */
#include "mail_send.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include <curl/curl.h>
#include <sodium.h>

#include "config.h"
#include "mail_compose.h"
#include "mail_send_impl.h"

static int
conf_int(const struct config *cf, const char *key, int def, int lo, int hi)
{
	const char	*s = config_get(cf, key);
	char		*end;
	long		 v;

	if (s == NULL || *s == '\0')
		return def;
	errno = 0;
	v = strtol(s, &end, 10);
	if (errno != 0 || *end != '\0' || v < lo || v > hi) {
		fprintf(stderr, "topper: %s = %s: not a number in %d..%d; "
		    "using %d\n", key, s, lo, hi, def);
		return def;
	}
	return (int)v;
}

static char *
dup_or_null(const char *s)
{
	return s != NULL && *s != '\0' ? strdup(s) : NULL;
}

struct mail_sender *
mail_sender_new(const struct config *cf, struct db *db)
{
	struct mail_sender	*ms;
	const char		*url, *tls, *lt, *gt;

	if ((url = config_get(cf, "mail.smtp_url")) == NULL || *url == '\0')
		return NULL;
	if ((ms = calloc(1, sizeof(*ms))) == NULL)
		return NULL;
	mail_conf_of(cf, &ms->mc);
	if (token_key_load(db, ms->mc.key) != 0)
		goto fail;
	if (strncmp(url, "dir:", 4) == 0) {
		ms->dest = DEST_DIR;
		ms->url = strdup(url + 4);
	} else if (strcmp(url, "stdout") == 0) {
		ms->dest = DEST_STDOUT;
		ms->url = strdup(url);
	} else if (strncmp(url, "smtp://", 7) == 0 ||
	    strncmp(url, "smtps://", 8) == 0) {
		ms->dest = DEST_SMTP;
		ms->url = strdup(url);
	} else {
		fprintf(stderr, "topper: mail.smtp_url = %s: expected smtp://, "
		    "smtps://, dir:PATH or stdout\n", url);
		goto fail;
	}
	ms->user = dup_or_null(config_get(cf, "mail.user"));
	ms->password = dup_or_null(config_get(cf, "mail.password"));
	tls = config_get(cf, "mail.starttls");
	if (tls == NULL)
		tls = ms->user != NULL ? "yes" : "try";
	if (strcmp(tls, "yes") == 0)
		ms->use_ssl = CURLUSESSL_ALL;
	else if (strcmp(tls, "try") == 0)
		ms->use_ssl = CURLUSESSL_TRY;
	else if (strcmp(tls, "no") == 0)
		ms->use_ssl = CURLUSESSL_NONE;
	else {
		fprintf(stderr, "topper: mail.starttls = %s: expected yes, try "
		    "or no\n", tls);
		goto fail;
	}
	/* The envelope sender: the address inside mail.from's <...>. */
	if ((lt = strchr(ms->mc.from, '<')) != NULL &&
	    (gt = strchr(lt, '>')) != NULL)
		ms->from_addr = strndup(lt + 1, (size_t)(gt - lt - 1));
	else
		ms->from_addr = strdup(ms->mc.from);
	ms->lease = conf_int(cf, "mail.lease", MAIL_LEASE_S, 1, 86400);
	ms->attempts = conf_int(cf, "mail.attempts", MAIL_ATTEMPTS, 1, 1000);
	ms->retry = conf_int(cf, "mail.retry", MAIL_RETRY_S, 0, 86400);
	ms->retry_max = conf_int(cf, "mail.retry_max", MAIL_BACKOFF_MAX, 1,
	    MAIL_BACKOFF_MAX);
	ms->timeout = conf_int(cf, "mail.timeout", MAIL_TIMEOUT_S, 1, 3600);
	ms->quiet = (int64_t)cf->mail_quiet_min * 60;
	if (ms->timeout >= ms->lease)
		fprintf(stderr, "topper: mail.timeout (%d s) should be shorter "
		    "than mail.lease (%d s), or a slow send is sent twice\n",
		    ms->timeout, ms->lease);
	if (ms->url == NULL || ms->from_addr == NULL)
		goto fail;
	curl_global_init(CURL_GLOBAL_DEFAULT);
	return ms;
fail:
	mail_sender_free(ms);
	return NULL;
}

void
mail_sender_free(struct mail_sender *ms)
{
	if (ms == NULL)
		return;
	free(ms->url);
	free(ms->user);
	if (ms->password != NULL)
		sodium_memzero(ms->password, strlen(ms->password));
	free(ms->password);
	free(ms->from_addr);
	sodium_memzero(ms->mc.key, sizeof(ms->mc.key));
	free(ms);
}

void
mail_send_stats(const struct mail_sender *ms, struct mail_send_stats *s)
{
	*s = ms->stats;
}

/* libcurl reads the message from here. */
struct upload {
	const char	*p;
	size_t		 left;
};

static size_t
read_cb(char *out, size_t size, size_t nitems, void *arg)
{
	struct upload	*u = arg;
	size_t		 n = size * nitems;

	if (n > u->left)
		n = u->left;
	memcpy(out, u->p, n);
	u->p += n;
	u->left -= n;
	return n;
}

/* Send one message over SMTP; 0, or -1 with ms->err (and ms->down). */
int
mail_sender_smtp(struct mail_sender *ms, const char *rcpt, const char *msg,
    size_t len)
{
	struct curl_slist	*to = NULL;
	struct upload		 u = { msg, len };
	CURL			*c;
	CURLcode		 rc;

	ms->err[0] = '\0';
	if ((c = curl_easy_init()) == NULL) {
		snprintf(ms->err, sizeof(ms->err), "curl_easy_init failed");
		return -1;
	}
	to = curl_slist_append(NULL, rcpt);
	curl_easy_setopt(c, CURLOPT_URL, ms->url);
	curl_easy_setopt(c, CURLOPT_ERRORBUFFER, ms->err);
	curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(c, CURLOPT_USE_SSL, ms->use_ssl);
	curl_easy_setopt(c, CURLOPT_MAIL_FROM, ms->from_addr);
	curl_easy_setopt(c, CURLOPT_MAIL_RCPT, to);
	curl_easy_setopt(c, CURLOPT_READFUNCTION, read_cb);
	curl_easy_setopt(c, CURLOPT_READDATA, &u);
	curl_easy_setopt(c, CURLOPT_UPLOAD, 1L);
	curl_easy_setopt(c, CURLOPT_INFILESIZE, (long)len);
	curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT, 10L);
	curl_easy_setopt(c, CURLOPT_TIMEOUT, (long)ms->timeout);
	if (ms->user != NULL)
		curl_easy_setopt(c, CURLOPT_USERNAME, ms->user);
	if (ms->password != NULL)
		curl_easy_setopt(c, CURLOPT_PASSWORD, ms->password);
	rc = curl_easy_perform(c);
	curl_slist_free_all(to);
	curl_easy_cleanup(c);
	if (rc == CURLE_OK)
		return 0;
	if (ms->err[0] == '\0')
		snprintf(ms->err, sizeof(ms->err), "%s", curl_easy_strerror(rc));
	if (rc == CURLE_COULDNT_CONNECT || rc == CURLE_COULDNT_RESOLVE_HOST ||
	    rc == CURLE_OPERATION_TIMEDOUT || rc == CURLE_SSL_CONNECT_ERROR)
		ms->down = 1;
	return -1;
}

/* dir: ID.eml written whole then renamed in; stdout: printed. */
int
mail_sender_local(struct mail_sender *ms, const char *id, const char *msg,
    size_t len)
{
	char	 path[PATH_MAX], tmp[PATH_MAX];
	FILE	*f;

	if (ms->dest == DEST_STDOUT) {
		fwrite(msg, 1, len, stdout);
		fputs("\n", stdout);
		return fflush(stdout) == 0 ? 0 : -1;
	}
	snprintf(path, sizeof(path), "%s/%s.eml", ms->url, id);
	snprintf(tmp, sizeof(tmp), "%s/.%s.tmp", ms->url, id);
	if ((f = fopen(tmp, "w")) == NULL ||
	    fwrite(msg, 1, len, f) != len || fclose(f) != 0 ||
	    rename(tmp, path) != 0) {
		snprintf(ms->err, sizeof(ms->err), "%.200s: %s", ms->url,
		    strerror(errno));
		ms->down = 1;
		return -1;
	}
	return 0;
}
