/*
 * cli_db.c: the admin commands that work on the database: "topper
 * init", "topper user add", "topper import", "topper export", and the
 * hidden "topper test-state-sha" the command-line tests use.
 *
 * Every command takes --config FILE (config.h says where topper.conf is
 * looked for otherwise).  Exit status as cli.h says: 0 done, 1 refused
 * or failed, 2 bad usage or malformed input.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <json-c/json.h>
#include <sodium.h>

#include "arena.h"
#include "cli.h"
#include "codec.h"
#include "config.h"
#include "db.h"
#include "migrate.h"
#include "play.h"
#include "record.h"
#include "store_game.h"
#include "store_account.h"
#include "store_rating.h"
#include "store_record.h"
#include "store_user.h"

enum {
	IMPORT_TEXT_MAX = 64 * 1024 * 1024	/* bytes of record JSON */
};

/* What every command holds: configuration, connection, arena. */
struct ctx {
	const char	*cmd;		/* "import", for messages */
	struct config	 cf;
	struct db	*db;
	struct arena	 a;
};

static void
ctx_close(struct ctx *c)
{
	if (c->db != NULL)
		db_rollback_if_open(c->db);
	db_close(c->db);
	arena_free(&c->a);
	config_free(&c->cf);
}

/*
 * Take --config out of argv, load the configuration and open the
 * database (flags as db_open).  Returns 0, or the exit status.
 */
static int
ctx_open(struct ctx *c, const char *cmd, int *argc, char **argv, int flags)
{
	const char	*file;
	char		 err[512];

	memset(c, 0, sizeof(*c));
	c->cmd = cmd;
	arena_init(&c->a, 0);
	if ((file = config_arg(argc, argv)) != NULL && *file == '\0') {
		fprintf(stderr, "topper %s: --config needs a file\n", cmd);
		return 2;
	}
	if (config_load(&c->cf, file, err, sizeof(err)) == -1) {
		fprintf(stderr, "topper %s: %s\n", cmd, err);
		return 2;
	}
	if (flags == -1)
		return 0;	/* the caller opens the database itself */
	if ((c->db = db_open(c->cf.db, flags)) == NULL) {
		fprintf(stderr, "topper %s: cannot open the database %s "
		    "(run \"topper init\" first?)\n", cmd, c->cf.db);
		return 1;
	}
	if (migrate_check(c->db) == -1)
		return 1;
	return 0;
}

/* Create every missing directory above path (mkdir -p of its dirname). */
static int
make_parents(const char *path)
{
	char	 buf[4096];
	char	*p;

	if (strlen(path) >= sizeof(buf))
		return -1;
	strcpy(buf, path);
	for (p = buf + 1; *p != '\0'; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(buf, 0755) == -1 && errno != EEXIST)
			return -1;
		*p = '/';
	}
	return 0;
}

int
cli_init(int argc, char **argv)
{
	struct ctx	 c;
	uint8_t		 secret[32];
	char		 hex[65];
	int		 rc, applied, added = 0, refreshed = 0;

	if ((rc = ctx_open(&c, "init", &argc, argv, -1)) != 0)
		goto out;
	rc = 2;
	if (argc != 1) {
		cli_usage("init");
		goto out;
	}
	rc = 1;
	/* A file's directories; a PostgreSQL database must exist. */
	if (!db_path_is_pg(c.cf.db) && make_parents(c.cf.db) == -1) {
		fprintf(stderr, "topper init: %s: %s\n", c.cf.db,
		    strerror(errno));
		goto out;
	}
	if ((c.db = db_open(c.cf.db, DB_CREATE)) == NULL ||
	    (applied = migrate_apply(c.db)) == -1)
		goto out;
	if (sodium_init() < 0)
		goto out;
	/* The HMAC key for signed links; made once, never in the config. */
	randombytes_buf(secret, sizeof(secret));
	sodium_bin2hex(hex, sizeof(hex), secret, sizeof(secret));
	sodium_memzero(secret, sizeof(secret));
	if (db_begin_immediate(c.db) != DB_OK ||
	    db_setting_add(c.db, "secret", hex, &added) != DB_OK ||
	    store_game_refresh(c.db, &c.a, &refreshed) != DB_OK ||
	    db_commit(c.db) != DB_OK)
		goto out;
	sodium_memzero(hex, sizeof(hex));
	fprintf(stderr, "topper init: schema version %d (%d applied)%s",
	    migrate_count(), applied, added ? ", new secret" : "");
	if (refreshed > 0)
		fprintf(stderr, ", %d snapshots rebuilt", refreshed);
	fprintf(stderr, "\n");
	printf("%s\n", c.cf.db);
	rc = 0;
out:
	ctx_close(&c);
	return rc;
}

/* One line of standard input without its line end, into buf. */
static int
read_password(char *buf, size_t bufsz)
{
	size_t	 n;

	if (fgets(buf, (int)bufsz, stdin) == NULL)
		return -1;
	n = strlen(buf);
	if (n > 0 && buf[n - 1] != '\n' && !feof(stdin))
		return -1;		/* longer than the buffer */
	while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == '\r'))
		buf[--n] = '\0';
	return 0;
}

int
cli_user(int argc, char **argv)
{
	struct ctx	 c;
	char		 pw[STORE_USER_PASSWORD_MAX + 2];
	const char	*name = NULL, *email = NULL, *password = NULL;
	enum store_user_rc urc;
	int64_t		 id;
	int		 i, rc, bot = 0, from_stdin = 0, npos = 0;

	if ((rc = ctx_open(&c, "user", &argc, argv, 0)) != 0)
		goto out;
	rc = 2;
	if (argc < 2 || strcmp(argv[1], "add") != 0) {
		cli_usage("user");
		goto out;
	}
	for (i = 2; i < argc; i++) {
		if (strcmp(argv[i], "--bot") == 0)
			bot = 1;
		else if (strcmp(argv[i], "--password-stdin") == 0)
			from_stdin = 1;
		else if (strcmp(argv[i], "--password") == 0 && i + 1 < argc)
			password = argv[++i];
		else if (argv[i][0] == '-' || npos == 2) {
			cli_usage("user");
			goto out;
		} else if (npos++ == 0)
			name = argv[i];
		else
			email = argv[i];
	}
	if (npos != 2 || (from_stdin && password != NULL)) {
		cli_usage("user");
		goto out;
	}
	if (from_stdin) {
		if (read_password(pw, sizeof(pw)) == -1) {
			fprintf(stderr, "topper user: no password on "
			    "standard input (or longer than %d bytes)\n",
			    STORE_USER_PASSWORD_MAX);
			goto out;
		}
		password = pw;
	}
	if (password == NULL && !bot) {
		fprintf(stderr, "topper user: a player needs a password "
		    "(--password-stdin or --password P)\n");
		goto out;
	}
	rc = 1;
	urc = store_user_create(c.db, name, email, password, NULL, bot,
	    c.cf.pwhash, &id);
	sodium_memzero(pw, sizeof(pw));
	/* The operator vouches for the address: it is verified. */
	if (urc == STORE_USER_OK)
		urc = store_account_set_verified(c.db, id);
	if (urc != STORE_USER_OK) {
		fprintf(stderr, "topper user: %s\n", store_user_why(urc));
		goto out;
	}
	printf("%lld\n", (long long)id);
	rc = 0;
out:
	ctx_close(&c);
	return rc;
}

/* Read all of path ("-": standard input), NUL-terminated; free() it. */
static char *
slurp(const char *cmd, const char *path)
{
	FILE	*f;
	char	*buf = NULL, *nb;
	size_t	 len = 0, cap = 0, n;

	if (strcmp(path, "-") == 0)
		f = stdin;
	else if ((f = fopen(path, "r")) == NULL) {
		fprintf(stderr, "topper %s: %s: %s\n", cmd, path,
		    strerror(errno));
		return NULL;
	}
	for (;;) {
		if (cap - len < 4096) {
			cap = cap ? cap * 2 : 65536;
			if (cap > IMPORT_TEXT_MAX ||
			    (nb = realloc(buf, cap + 1)) == NULL) {
				fprintf(stderr, "topper %s: %s: too large\n",
				    cmd, path);
				free(buf);
				buf = NULL;
				break;
			}
			buf = nb;
		}
		if ((n = fread(buf + len, 1, cap - len, f)) == 0)
			break;
		len += n;
	}
	if (buf != NULL && ferror(f)) {
		fprintf(stderr, "topper %s: %s: %s\n", cmd, path,
		    strerror(errno));
		free(buf);
		buf = NULL;
	}
	if (buf != NULL)
		buf[len] = '\0';
	if (f != stdin)
		fclose(f);
	return buf;
}

/* "--users A,B": the user id of each seat into users[]; exit status. */
static int
seat_users(struct ctx *c, const char *list, int nseats, int64_t *users)
{
	struct store_user u;
	char		 buf[GAME_SEATS_MAX * (STORE_USER_NAME_MAX + 1)];
	char		*p, *name;
	int		 n = 0;

	if (strlen(list) >= sizeof(buf)) {
		fprintf(stderr, "topper import: --users: too long\n");
		return 2;
	}
	strcpy(buf, list);
	for (p = buf; (name = strsep(&p, ",")) != NULL; n++) {
		if (n == nseats)
			break;
		switch (store_user_by_name(c->db, name, &u)) {
		case STORE_USER_OK:
			users[n] = u.id;
			break;
		case STORE_USER_NOTFOUND:
			fprintf(stderr, "topper import: --users: no user "
			    "\"%s\"\n", name);
			return 1;
		default:
			return 1;
		}
	}
	if (n != nseats || name != NULL) {
		fprintf(stderr, "topper import: --users: the record has %d "
		    "seats, so give %d names\n", nseats, nseats);
		return 2;
	}
	return 0;
}

/* Store the record's game and replay its moves through play_move(). */
static int
import_record(struct ctx *c, const struct record *rec, const int64_t *users,
    int rated, int64_t *id)
{
	struct store_game_new	 n;
	struct store_game	 g;
	char			 why[GAME_WHY_MAX];
	enum db_rc		 rc;
	enum play_rc		 prc;
	int			 i;

	memset(&n, 0, sizeof(n));
	n.rules = rec->rules;
	n.options = rec->options;
	n.nseats = rec->nseats;
	n.dealer = rec->dealer;
	n.seed = rec->has_seed ? rec->seed : NULL;
	n.ndecks = rec->has_seed ? 0 : rec->ndecks;
	n.decks = rec->decks;
	n.decklen = rec->decklen;
	memcpy(n.users, users, sizeof(n.users));
	if (db_begin_immediate(c->db) != DB_OK)
		return 1;
	if ((rc = store_game_create(c->db, &n, id, why)) != DB_OK) {
		if (rc == DB_REFUSED)
			fprintf(stderr, "topper import: %s\n", why);
		return rc == DB_REFUSED ? 2 : 1;
	}
	/* Before the moves: the last one applies the ratings. */
	if (rated && store_rating_set_rated(c->db, *id) != DB_OK)
		return 1;
	if (store_game_load(c->db, &c->a, *id, &g) != DB_OK)
		return 1;
	for (i = 0; i < rec->nmoves; i++) {
		prc = play_move(c->db, &g, rec->moves[i].seat, 0, 0,
		    rec->moves[i].text, why);
		if (prc == PLAY_REFUSED || prc == PLAY_NOT_SEATED) {
			fprintf(stderr, "move %d (seat %d, \"%s\"): %s\n",
			    i + 1, rec->moves[i].seat, rec->moves[i].text, why);
			return 1;
		}
		if (prc != PLAY_OK)
			return 1;
	}
	return db_commit(c->db) == DB_OK ? 0 : 1;
}

int
cli_import(int argc, char **argv)
{
	struct ctx		 c;
	struct codec_record	 cr;
	int64_t			 users[GAME_SEATS_MAX], id = 0;
	const char		*path = NULL, *list = NULL;
	char			*text = NULL, err[512];
	int			 i, rc, rated = 0;

	memset(&cr, 0, sizeof(cr));
	memset(users, 0, sizeof(users));
	if ((rc = ctx_open(&c, "import", &argc, argv, 0)) != 0)
		goto out;
	rc = 2;
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--users") == 0 && i + 1 < argc)
			list = argv[++i];
		else if (strcmp(argv[i], "--rated") == 0)
			rated = 1;
		else if (path == NULL && (argv[i][0] != '-' ||
		    strcmp(argv[i], "-") == 0))
			path = argv[i];
		else {
			path = NULL;
			break;
		}
	}
	if (path == NULL || list == NULL) {
		cli_usage("import");
		goto out;
	}
	if ((text = slurp("import", path)) == NULL)
		goto out;
	if (codec_record_parse(text, &cr, err, sizeof(err)) != 0) {
		fprintf(stderr, "topper import: %s\n", err);
		goto out;
	}
	if ((rc = seat_users(&c, list, cr.rec.nseats, users)) != 0)
		goto out;
	if ((rc = import_record(&c, &cr.rec, users, rated, &id)) != 0)
		goto out;
	printf("%lld\n", (long long)id);
out:
	codec_record_free(&cr);
	free(text);
	ctx_close(&c);
	return rc;
}

/* GAME_ID as a positive integer, or 0. */
static int64_t
game_id(const char *s)
{
	char		*end;
	long long	 v;

	errno = 0;
	v = strtoll(s, &end, 10);
	if (errno != 0 || *s == '\0' || *end != '\0' || v <= 0)
		return 0;
	return v;
}

/* Open, then load the game named by the one argument; exit status. */
static int
load_one(struct ctx *c, const char *cmd, int argc, char **argv,
    struct store_game *g)
{
	int64_t	 id;
	int	 rc;

	if ((rc = ctx_open(c, cmd, &argc, argv, 0)) != 0)
		return rc;
	if (argc != 2 || (id = game_id(argv[1])) == 0) {
		cli_usage(cmd);
		return 2;
	}
	/* Reads only: let SQLite enforce it, as GET requests do. */
	if (db_query_only(c->db, 1) != DB_OK)
		return 1;
	switch (store_game_load(c->db, &c->a, id, g)) {
	case DB_OK:
		return 0;
	case DB_NOTFOUND:
		fprintf(stderr, "topper %s: no game %lld\n", cmd,
		    (long long)id);
		return 1;
	default:
		return 1;
	}
}

int
cli_export(int argc, char **argv)
{
	struct ctx		 c;
	struct store_game	 g;
	struct json_object	*o;
	int			 rc;

	if ((rc = load_one(&c, "export", argc, argv, &g)) != 0)
		goto out;
	rc = 1;
	/* The same record /g/ID/record.json serves (store_record.h). */
	if ((o = store_record_json(c.db, &c.a, &g)) == NULL)
		goto out;
	if (g.has_seed && !g.over)
		fprintf(stderr, "topper export: game %lld is in progress: the "
		    "seed is withheld, so this record replays only with "
		    "decks\n", (long long)g.id);
	printf("%s\n", store_record_text(o));
	json_object_put(o);
	rc = 0;
out:
	sodium_memzero(&g, sizeof(g));
	ctx_close(&c);
	return rc;
}

int
cli_test_state_sha(int argc, char **argv)
{
	struct ctx		 c;
	struct store_game	 g;
	uint8_t			 h[crypto_hash_sha256_BYTES];
	char			 hex[2 * crypto_hash_sha256_BYTES + 1];
	int			 rc;

	if ((rc = load_one(&c, "test-state-sha", argc, argv, &g)) != 0)
		goto out;
	crypto_hash_sha256(h, g.state, g.rules->state_size);
	sodium_bin2hex(hex, sizeof(hex), h, sizeof(h));
	printf("%s\n", hex);
out:
	ctx_close(&c);
	return rc;
}
