/*
 * cli_mail.c: "topper mail-in [--config F]", a move by reply
 * (mail_in.h).  The MTA pipes one message to standard input, e.g. the
 * Postfix alias
 *
 *	play: "|/usr/local/bin/topper mail-in --config /etc/topper/topper.conf"
 *
 * The exit status follows sysexits(3), which every MTA understands:
 * 0 when the message was handled (a refusal answered by mail, or an
 * automatic mail dropped, counts as handled); EX_DATAERR (65) when it
 * is not a mail message at all, so the MTA bounces it; EX_TEMPFAIL
 * (75) when the database or the configuration failed, so the MTA keeps
 * the message and tries again later.  One line on standard error says
 * what happened, for the MTA's log.
 */
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "config.h"
#include "db.h"
#include "mail_compose.h"
#include "mail_in.h"
#include "migrate.h"
#include "token.h"

enum {
	EX_DATAERR_ = 65,	/* sysexits.h, spelt out: not in C11 */
	EX_TEMPFAIL_ = 75
};

/*
 * Standard input into a malloc'd buffer: the first MAIL_IN_MAX bytes
 * (a reply's headers and text come first; what is cut is attachments),
 * the rest read and dropped so the MTA's pipe does not break.  -1 on a
 * read error.
 */
static long
slurp(char **out)
{
	char	*buf, sink[8192];
	size_t	 len = 0, got;

	if ((buf = malloc((size_t)MAIL_IN_MAX + 1)) == NULL)
		return -1;
	while (len < MAIL_IN_MAX && (got = fread(buf + len, 1,
	    (size_t)MAIL_IN_MAX - len, stdin)) > 0)
		len += got;
	while (fread(sink, 1, sizeof(sink), stdin) > 0)
		continue;
	if (ferror(stdin)) {
		free(buf);
		return -1;
	}
	buf[len] = '\0';
	*out = buf;
	return (long)len;
}

int
cli_mail_in(int argc, char **argv)
{
	struct config		 cf;
	struct mail_conf	 mc;
	struct arena		 a;
	struct db		*db = NULL;
	const char		*path;
	char			 err[512], why[MAIL_IN_WHY_MAX], *msg = NULL;
	long			 len;
	int			 status = EX_TEMPFAIL_;

	path = config_arg(&argc, argv);
	if ((path != NULL && *path == '\0') || argc != 1)
		return cli_usage("mail-in");
	if ((len = slurp(&msg)) < 0) {
		fprintf(stderr, "topper mail-in: the message cannot be read "
		    "(a read error, or out of memory)\n");
		return EX_TEMPFAIL_;
	}
	memset(&cf, 0, sizeof(cf));
	if (config_load(&cf, path, err, sizeof(err)) != 0) {
		fprintf(stderr, "topper mail-in: %s\n", err);
		free(msg);
		return EX_TEMPFAIL_;
	}
	mail_conf_of(&cf, &mc);
	arena_init(&a, 64 * 1024 * 1024);
	if ((db = db_open(cf.db, 0)) == NULL || migrate_check(db) != 0 ||
	    token_key_load(db, mc.key) != 0) {
		fprintf(stderr, "topper mail-in: cannot use the database %s; "
		    "the message stays with the mail system\n", cf.db);
		goto out;
	}
	switch (mail_in_handle(db, &a, &mc, msg, (size_t)len, db_now(),
	    why)) {
	case MAIL_IN_MOVED:
	case MAIL_IN_REFUSED:
	case MAIL_IN_DROPPED:
		fprintf(stderr, "topper mail-in: %s\n", why);
		status = 0;
		break;
	case MAIL_IN_UNREADABLE:
		fprintf(stderr, "topper mail-in: not a mail message: %s\n",
		    why);
		status = EX_DATAERR_;
		break;
	case MAIL_IN_FAILED:
		fprintf(stderr, "topper mail-in: %s; the message stays with "
		    "the mail system\n", why);
		break;
	}
out:
	db_close(db);
	arena_free(&a);
	config_free(&cf);
	free(msg);
	return status;
}

static const char SQL_SEAT_TOKEN[] =
    "SELECT s.\"user\", g.ply FROM seats s JOIN games g ON g.id = s.game "
    "WHERE s.game = ?1 AND s.seat = ?2";

/*
 * "topper test-reply-token GAME SEAT [--ply N] [--expires T]": print
 * the reply token a turn mail to that seat would carry (hidden; for
 * tests/cli/mail_in.sh, which has no other way to sign one).
 */
int
cli_test_reply_token(int argc, char **argv)
{
	struct config	 cf;
	struct token	 t;
	struct db	*db = NULL;
	struct db_stmt	*st;
	const char	*path;
	uint8_t		 key[TOKEN_KEY_BYTES];
	char		 err[512], tok[TOKEN_TEXT_MAX], *end;
	long long	 ply = -1, expires = -1, v;
	int		 i, status = 1;

	path = config_arg(&argc, argv);
	if ((path != NULL && *path == '\0') || argc < 3)
		return cli_usage("test-reply-token");
	memset(&t, 0, sizeof(t));
	t.purpose = TOKEN_REPLY;
	t.game = strtoll(argv[1], &end, 10);
	if (*end != '\0')
		return cli_usage("test-reply-token");
	t.seat = (int)strtol(argv[2], &end, 10);
	if (*end != '\0')
		return cli_usage("test-reply-token");
	for (i = 3; i + 1 < argc; i += 2) {
		v = strtoll(argv[i + 1], &end, 10);
		if (*end != '\0')
			return cli_usage("test-reply-token");
		if (strcmp(argv[i], "--ply") == 0)
			ply = v;
		else if (strcmp(argv[i], "--expires") == 0)
			expires = v;
		else
			return cli_usage("test-reply-token");
	}
	if (i != argc)
		return cli_usage("test-reply-token");
	memset(&cf, 0, sizeof(cf));
	if (config_load(&cf, path, err, sizeof(err)) != 0) {
		fprintf(stderr, "topper test-reply-token: %s\n", err);
		return 2;
	}
	if ((db = db_open(cf.db, 0)) == NULL || token_key_load(db, key) != 0 ||
	    (st = db_stmt(db, SQL_SEAT_TOKEN)) == NULL)
		goto out;
	db_bind_int64(st, 1, t.game);
	db_bind_int(st, 2, t.seat);
	if (db_step(st) != DB_ROW) {
		fprintf(stderr, "topper test-reply-token: no seat %d in game "
		    "%lld\n", t.seat, (long long)t.game);
		db_reset(st);
		goto out;
	}
	t.user = db_column_int64(st, 0);
	t.ply = ply >= 0 ? ply : db_column_int64(st, 1);
	db_reset(st);
	t.expires = expires >= 0 ? expires : db_now() + 86400;
	if (token_sign(&t, key, tok) == 0) {
		printf("%s\n", tok);
		status = 0;
	}
out:
	db_close(db);
	config_free(&cf);
	return status;
}
