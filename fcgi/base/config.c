/*
 * config.c: read topper.conf into a process-lifetime struct config.
 *
 * The format is deliberately tiny ("key = value" lines) so an operator
 * can write it by hand and a test can write it with printf.
 */
#include "config.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
	LINE_MAX_BYTES = 4096
};

/* Keys this module knows; anything else outside mail.* is warned about. */
static const char *const known_keys[] = {
	"db", "socket", "data_dir", "base_url", "port", "pwhash",
	"login_rate", "fcgi_allow", NULL
};

/*
 * The account limits (README "Accounts"): a number, or N/SECONDS.
 * Checked when the file is read; config_num() and config_rate() read
 * them with their defaults.
 */
static const char *const num_keys[] = {
	"session_idle", "api_token_days", "games_open", "invite_days", NULL
};
static const char *const rate_keys[] = {
	"login_delay", "register_rate", "games_rate", "verify_rate",
	"reset_rate", NULL
};

static int
in_list(const char *const *list, const char *key)
{
	for (; *list != NULL; list++)
		if (strcmp(*list, key) == 0)
			return 1;
	return 0;
}

static int
set_str(char **slot, const char *value)
{
	char	*s;

	if ((s = strdup(value)) == NULL)
		return -1;
	free(*slot);
	*slot = s;
	return 0;
}

static int
defaults(struct config *cf)
{
	memset(cf, 0, sizeof(*cf));
	cf->port = 8080;
	cf->pwhash = CONFIG_PWHASH_INTERACTIVE;
	cf->login_rate_n = 20;
	cf->login_rate_secs = 600;
	cf->mail_quiet_min = CONFIG_MAIL_QUIET_MIN;
	if (set_str(&cf->db, "var/topper.db") == -1 ||
	    set_str(&cf->socket, "var/run/topper.sock") == -1 ||
	    set_str(&cf->data_dir, ".") == -1)
		return -1;
	return 0;
}

/* Parse a decimal integer in [lo, hi] filling the whole string. */
static int
parse_int(const char *s, long lo, long hi, int *out)
{
	char	*end;
	long	 v;

	if (*s == '\0')
		return -1;
	errno = 0;
	v = strtol(s, &end, 10);
	if (errno != 0 || *end != '\0' || v < lo || v > hi)
		return -1;
	*out = (int)v;
	return 0;
}

/* "N/SECONDS", both positive: 0, or -1. */
static int
parse_rate(const char *value, int *n, int *secs)
{
	char	 buf[64];
	char	*slash;

	if (strlen(value) >= sizeof(buf))
		return -1;
	strcpy(buf, value);
	if ((slash = strchr(buf, '/')) == NULL)
		return -1;
	*slash = '\0';
	return parse_int(buf, 1, INT_MAX, n) == -1 ||
	    parse_int(slash + 1, 1, INT_MAX, secs) == -1 ? -1 : 0;
}

/*
 * fcgi_allow: IPv4 addresses separated by commas or blanks, at least
 * one; serve.c hands them to libfcgi, which compares them exactly.
 */
static int
parse_allow(const char *value)
{
	char		 a[INET_ADDRSTRLEN];
	struct in_addr	 in;
	size_t		 n;
	int		 count = 0;

	for (;;) {
		value += strspn(value, ", \t");
		if (*value == '\0')
			return count > 0 ? 0 : -1;
		n = strcspn(value, ", \t");
		if (n >= sizeof(a))
			return -1;
		memcpy(a, value, n);
		a[n] = '\0';
		if (inet_pton(AF_INET, a, &in) != 1)
			return -1;
		count++;
		value += n;
	}
}

/* Apply a known key: 0; 1 when the key is not one of ours; -1 bad value. */
static int
apply_key(struct config *cf, const char *key, const char *value,
    const char **why)
{
	char	 buf[64];
	char	*slash;

	*why = "out of memory";
	if (strcmp(key, "db") == 0)
		return set_str(&cf->db, value);
	if (strcmp(key, "socket") == 0)
		return set_str(&cf->socket, value);
	if (strcmp(key, "data_dir") == 0)
		return set_str(&cf->data_dir, value);
	if (strcmp(key, "base_url") == 0)
		return set_str(&cf->base_url, value);
	if (strcmp(key, "port") == 0) {
		*why = "port must be a number from 1 to 65535";
		return parse_int(value, 1, 65535, &cf->port);
	}
	if (strcmp(key, "pwhash") == 0) {
		*why = "pwhash must be \"interactive\" or \"min\"";
		if (strcmp(value, "interactive") == 0)
			cf->pwhash = CONFIG_PWHASH_INTERACTIVE;
		else if (strcmp(value, "min") == 0)
			cf->pwhash = CONFIG_PWHASH_MIN;
		else
			return -1;
		return 0;
	}
	if (strcmp(key, "fcgi_allow") == 0) {
		*why = "fcgi_allow must list the IPv4 addresses of the nginx "
		    "hosts, like 10.0.0.5, 10.0.0.6 (no names, no IPv6: "
		    "libfcgi checks IPv4 peers only)";
		return parse_allow(value);
	}
	if (strcmp(key, "mail.quiet") == 0) {
		*why = "mail.quiet must be minutes from 0 to 1440";
		return parse_int(value, 0, 1440, &cf->mail_quiet_min);
	}
	if (strcmp(key, "login_rate") == 0) {
		*why = "login_rate must be N/SECONDS, like 10/600";
		if (strlen(value) >= sizeof(buf))
			return -1;
		strcpy(buf, value);
		if ((slash = strchr(buf, '/')) == NULL)
			return -1;
		*slash = '\0';
		if (parse_int(buf, 1, INT_MAX, &cf->login_rate_n) == -1 ||
		    parse_int(slash + 1, 1, INT_MAX,
		    &cf->login_rate_secs) == -1)
			return -1;
		return 0;
	}
	if (in_list(num_keys, key)) {
		*why = "the value must be a positive number";
		return parse_int(value, 1, INT_MAX, &(int){ 0 });
	}
	if (in_list(rate_keys, key)) {
		*why = "the value must be N/SECONDS, like 5/3600";
		return parse_rate(value, &(int){ 0 }, &(int){ 0 });
	}
	return 1;
}

static int
known(const char *key)
{
	int	 i;

	if (strncmp(key, "mail.", 5) == 0 && key[5] != '\0')
		return 1;
	for (i = 0; known_keys[i] != NULL; i++)
		if (strcmp(known_keys[i], key) == 0)
			return 1;
	return in_list(num_keys, key) || in_list(rate_keys, key);
}

static char *
trim(char *s)
{
	char	*e;

	while (isspace((unsigned char)*s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = '\0';
	return s;
}

static int
add_kv(struct config *cf, const char *key, const char *value)
{
	struct config_kv *kv;

	kv = realloc(cf->kv, (cf->nkv + 1) * sizeof(*kv));
	if (kv == NULL)
		return -1;
	cf->kv = kv;
	kv[cf->nkv].key = strdup(key);
	kv[cf->nkv].value = strdup(value);
	if (kv[cf->nkv].key == NULL || kv[cf->nkv].value == NULL) {
		free(kv[cf->nkv].key);
		free(kv[cf->nkv].value);
		return -1;
	}
	cf->nkv++;
	return 0;
}

static int
read_file(struct config *cf, FILE *f, const char *path, char *err,
    size_t errsz)
{
	char		 line[LINE_MAX_BYTES];
	char		*p, *eq, *key, *value;
	const char	*why;
	int		 lineno = 0, rc;

	while (fgets(line, sizeof(line), f) != NULL) {
		lineno++;
		if (strchr(line, '\n') == NULL && !feof(f)) {
			snprintf(err, errsz, "%s:%d: line too long", path,
			    lineno);
			return -1;
		}
		p = trim(line);
		if (*p == '\0' || *p == '#')
			continue;
		if ((eq = strchr(p, '=')) == NULL) {
			snprintf(err, errsz, "%s:%d: expected \"key = value\"",
			    path, lineno);
			return -1;
		}
		*eq = '\0';
		key = trim(p);
		value = trim(eq + 1);
		if (*key == '\0') {
			snprintf(err, errsz, "%s:%d: empty key", path, lineno);
			return -1;
		}
		if ((rc = apply_key(cf, key, value, &why)) == -1) {
			snprintf(err, errsz, "%s:%d: %s", path, lineno, why);
			return -1;
		}
		if (!known(key))
			fprintf(stderr, "topper: %s:%d: unknown key \"%s\" "
			    "(kept)\n", path, lineno, key);
		if (add_kv(cf, key, value) == -1) {
			snprintf(err, errsz, "out of memory");
			return -1;
		}
	}
	if (ferror(f)) {
		snprintf(err, errsz, "%s: %s", path, strerror(errno));
		return -1;
	}
	return 0;
}

int
config_load(struct config *cf, const char *path, char *err, size_t errsz)
{
	const char	*candidates[4];
	FILE		*f = NULL;
	const char	*env;
	char		 url[64];
	int		 i, n = 0, must;

	if (defaults(cf) == -1) {
		snprintf(err, errsz, "out of memory");
		config_free(cf);
		return -1;
	}
	env = getenv("TOPPER_CONFIG");
	if (path != NULL && *path != '\0')
		candidates[n++] = path;
	else if (env != NULL && *env != '\0')
		candidates[n++] = env;
	must = n;	/* a file named explicitly must exist */
	candidates[n++] = "var/topper.conf";
	candidates[n++] = "/etc/topper/topper.conf";
	for (i = 0; i < n; i++) {
		if ((f = fopen(candidates[i], "r")) != NULL)
			break;
		if (i < must || errno != ENOENT) {
			snprintf(err, errsz, "%s: %s", candidates[i],
			    strerror(errno));
			config_free(cf);
			return -1;
		}
	}
	if (f != NULL) {
		if (set_str(&cf->path, candidates[i]) == -1 ||
		    read_file(cf, f, candidates[i], err, errsz) == -1) {
			if (cf->path == NULL)
				snprintf(err, errsz, "out of memory");
			fclose(f);
			config_free(cf);
			return -1;
		}
		fclose(f);
	}
	if (cf->base_url == NULL) {
		snprintf(url, sizeof(url), "http://127.0.0.1:%d", cf->port);
		if (set_str(&cf->base_url, url) == -1) {
			snprintf(err, errsz, "out of memory");
			config_free(cf);
			return -1;
		}
	}
	return 0;
}

void
config_free(struct config *cf)
{
	size_t	 i;

	free(cf->path);
	free(cf->db);
	free(cf->socket);
	free(cf->data_dir);
	free(cf->base_url);
	for (i = 0; i < cf->nkv; i++) {
		free(cf->kv[i].key);
		free(cf->kv[i].value);
	}
	free(cf->kv);
	memset(cf, 0, sizeof(*cf));
}

const char *
config_get(const struct config *cf, const char *key)
{
	size_t	 i;

	for (i = cf->nkv; i > 0; i--)
		if (strcmp(cf->kv[i - 1].key, key) == 0)
			return cf->kv[i - 1].value;
	return NULL;
}

const char *
config_arg(int *argc, char **argv)
{
	const char	*file = NULL;
	int		 i, j, take;

	for (i = 1; i < *argc; i++) {
		take = 0;
		if (strcmp(argv[i], "--config") == 0) {
			file = i + 1 < *argc ? argv[i + 1] : "";
			take = i + 1 < *argc ? 2 : 1;
		} else if (strncmp(argv[i], "--config=", 9) == 0) {
			file = argv[i] + 9;
			take = 1;
		} else if (strcmp(argv[i], "--") == 0)
			break;
		if (take == 0)
			continue;
		for (j = i; j + take <= *argc; j++)
			argv[j] = argv[j + take];
		*argc -= take;
		i--;
	}
	return file;
}

int
config_num(const struct config *cf, const char *key, int def)
{
	const char	*v = cf != NULL ? config_get(cf, key) : NULL;
	int		 n;

	return v != NULL && parse_int(v, 1, INT_MAX, &n) == 0 ? n : def;
}

void
config_rate(const struct config *cf, const char *key, int def_n,
    int def_secs, int *n, int *secs)
{
	const char	*v = cf != NULL ? config_get(cf, key) : NULL;

	if (v == NULL || parse_rate(v, n, secs) != 0) {
		*n = def_n;
		*secs = def_secs;
	}
}
