/*
 * config.h: topper.conf, the one configuration file (DESIGN.md
 * "Configuration").
 *
 * The file holds "key = value" lines; '#' starts a comment line and
 * blank lines are ignored.  It is looked up in this order: the path
 * given with --config, $TOPPER_CONFIG, var/topper.conf, then
 * /etc/topper/topper.conf.  When none of those exists every key keeps
 * its default; a file named explicitly (--config or $TOPPER_CONFIG)
 * must exist.  Relative paths in values are relative to the working
 * directory.
 *
 * "fcgi_allow = 10.0.0.5, 10.0.0.6" lists the IPv4 addresses that may
 * connect to a TCP socket (serve.h); it is checked here and read with
 * config_get().
 *
 * A struct config lives for the whole process: config_load() allocates
 * it, config_free() releases it at exit.
 */
#ifndef TOPPER_CONFIG_H
#define TOPPER_CONFIG_H

#include <stddef.h>

enum config_pwhash {
	CONFIG_PWHASH_INTERACTIVE,	/* libsodium's INTERACTIVE limits: production */
	CONFIG_PWHASH_MIN		/* OPSLIMIT_MIN/MEMLIMIT_MIN: tests and benches */
};

/* One "key = value" line, as read. */
struct config_kv {
	char		*key;
	char		*value;
};

enum {
	CONFIG_MAIL_QUIET_MIN = 10	/* mail.quiet default, minutes */
};

struct config {
	char		*path;		/* the file read, or NULL: defaults only */
	char		*db;		/* database file; "var/topper.db" */
	char		*socket;	/* FastCGI socket, a path or a TCP address
					   such as 127.0.0.1:9000 (endpoint.h);
					   "var/run/topper.sock" */
	char		*data_dir;	/* holds templates/ and static/; "." */
	char		*base_url;	/* for links in mail; "http://127.0.0.1:PORT" */
	int		 port;		/* nginx listens here in make run; 8080 */
	enum config_pwhash pwhash;	/* "interactive" (default) or "min" */
	int		 login_rate_n;	/* login_rate = N/SECONDS: at most N */
	int		 login_rate_secs;	/* failed logins per client address in SECONDS; 20/600 */
	int		 mail_quiet_min;	/* mail.quiet: no game mail to a player
					   who viewed the game this many minutes
					   ago (mail_send.h); 10 */
	struct config_kv *kv;		/* every line read, in file order */
	size_t		 nkv;
};

/*
 * Fill cf from the file found as described above (path: the --config
 * argument, or NULL).  Returns 0, or -1 with a message naming the file
 * and line in err (cf is then freed).  Unknown keys outside "mail." are
 * kept and reported on stderr as a warning.
 */
int	 config_load(struct config *cf, const char *path, char *err,
	    size_t errsz);

/* Release what config_load() allocated; cf may be zeroed or loaded. */
void	 config_free(struct config *cf);

/*
 * The value of any key as read from the file ("mail.from",
 * "mail.smtp_url", ...), or NULL when the file does not set it.  The
 * last line wins when a key repeats.
 */
const char *config_get(const struct config *cf, const char *key);

/*
 * The account limits (README "Accounts"), checked when the file was
 * read: config_num() gives a positive number key ("session_idle") or
 * def when unset; config_rate() splits an N/SECONDS key
 * ("register_rate") or gives def_n/def_secs.  cf may be NULL.
 */
int	 config_num(const struct config *cf, const char *key, int def);
void	 config_rate(const struct config *cf, const char *key, int def_n,
	    int def_secs, int *n, int *secs);

/*
 * Take "--config FILE" or "--config=FILE" out of argv (argv[0] is kept),
 * shifting the rest down and updating *argc.  Returns FILE, NULL when
 * absent, or the empty string "" when --config has no argument.
 */
const char *config_arg(int *argc, char **argv);

#endif /* TOPPER_CONFIG_H */
