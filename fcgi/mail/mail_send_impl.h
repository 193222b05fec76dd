/*
 * mail_send_impl.h: the sender as the files of mail_send.h share it
 * (mail_sender.c makes it and talks to the destination, mail_send.c
 * claims, composes and marks outbox rows with it); everyone else uses
 * mail_send.h, where struct mail_sender stays opaque.
 */
#ifndef TOPPER_MAIL_SEND_IMPL_H
#define TOPPER_MAIL_SEND_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include <curl/curl.h>

#include "mail_compose.h"
#include "mail_send.h"

enum dest {
	DEST_SMTP,
	DEST_DIR,
	DEST_STDOUT
};

struct mail_sender {
	enum dest	 dest;
	char		*url;		/* smtp(s)://..., or the directory */
	char		*user, *password;
	long		 use_ssl;	/* CURLUSESSL_* */
	char		*from_addr;	/* envelope sender */
	int		 lease, attempts, retry, retry_max, timeout;
	int64_t		 quiet;		/* mail.quiet, in seconds */
	struct mail_conf mc;
	int		 down;		/* sticky: the server is unreachable this poll */
	char		 err[CURL_ERROR_SIZE];
	struct mail_send_stats stats;
};

/*
 * Send msg[0..len), a whole message, to rcpt over SMTP at ms->url, in
 * one libcurl session of at most ms->timeout seconds.  0 when the
 * server took it; -1 with ms->err saying why, and ms->down set too
 * when the server could not be reached (the rest of the poll waits).
 */
int	mail_sender_smtp(struct mail_sender *ms, const char *rcpt,
	    const char *msg, size_t len);

/*
 * The local destinations.  DEST_DIR: write msg[0..len) to ms->url/ID.eml
 * (id is the row's Message-ID), whole under a temporary name and then
 * renamed in, so a reader never sees half a message; -1 with ms->err
 * and ms->down on a failed write.  DEST_STDOUT: print it and a newline;
 * -1 when stdout fails.  0 otherwise.
 */
int	mail_sender_local(struct mail_sender *ms, const char *id,
	    const char *msg, size_t len);

#endif /* TOPPER_MAIL_SEND_IMPL_H */
