/*
 * cli_bench.c: the hidden commands behind "make bench" (DESIGN.md
 * "Speed"); tools/bench.sh runs them against a private instance.
 *
 * topper bench-fill [--config F] [--users N] [--games N] [--open N]
 *     [--password P]
 *	Fill a fresh database: N users bench0001... (password P, hashed
 *	at pwhash = min whatever the configuration says) and N two-seat
 *	Gin Vodka games between two of them, every move chosen by
 *	bot_choose() from the mover's view.  --open of the games, spread
 *	evenly, stop at a ply drawn uniformly below the game's full length;
 *	the rest are played to the end.  Each game is played in memory
 *	first, then stored move by move with play_move() (what a
 *	move POST runs), FILL_TXN_GAMES games per transaction.  Everything
 *	derives from a fixed seed, so two fills hold the same games.
 *
 * topper bench-moves --out FILE [--config F] [--per-game K]
 *	For every game in progress with two human seats, up to K legal
 *	moves from where it stands (bot_choose again, in memory: nothing
 *	is played), a session for every player who moves (a sessions row,
 *	as a login makes), and FILE for tools/bench/moves.lua: one line
 *	per move, in rounds (the first move of every game, then the
 *	second, ...), each "SEQ\tPATH\tCOOKIE\tBODY": SEQ numbers the game
 *	from 0, PATH is /g/ID/move, COOKIE "topper_session=TOKEN" and BODY
 *	the urlencoded form: move, ply (the game's ply before the move)
 *	and csrf.
 *
 * topper bench-table --game SLUG [--seats N] [--config F]
 *	After bench-fill: one game of SLUG at N seats (default the most it
 *	takes) between bench0001 to benchN, every move chosen by the bots
 *	from a fixed seed and stored through play_move(), stopped halfway
 *	through its moves.  Prints "bench-table: game ID ply P, NAME to
 *	act": the page of a large table that make bench measures.
 *
 * topper bench-write [--config F] [--iterations N]
 *	Measure (e), a bare durable write: N times BEGIN IMMEDIATE, UPDATE
 *	of a 4 KB blob, INSERT of a row, COMMIT, through db.h (WAL,
 *	synchronous=FULL, the busy handler) on a scratch database next to
 *	the configured one ("DB-bench-write", removed afterwards).  Prints
 *	"n=N rps=R p50_ms=X p99_ms=Y" on standard output.
 * Helpers of a benchmark, not tests: they check what they need to go
 * on (a bot move the engine refuses is an error).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <sodium.h>

#include "arena.h"
#include "bot.h"
#include "buf.h"
#include "cli.h"
#include "config.h"
#include "db.h"
#include "esc.h"
#include "game.h"
#include "migrate.h"
#include "play.h"
#include "rng.h"
#include "sess.h"
#include "store_game.h"
#include "store_user.h"

enum {
	FILL_USERS = 1000,
	FILL_GAMES = 10000,
	FILL_OPEN = 2000,		/* games left in progress */
	FILL_TXN_GAMES = 100,		/* games stored per transaction */
	FILL_MOVES_MAX = 5000,		/* a longer bot game is drawn again */
	MOVES_PER_GAME = 40,
	WRITE_ITERATIONS = 5000,
	WRITE_WARMUP = 100,		/* writes made before timing */
	WRITE_BLOB = 4096
};

#define BENCH_PASSWORD	"bench-password"

union statebuf {
	max_align_t	 align;
	unsigned char	 b[GAME_STATE_MAX];
};

/* One move of a game played in memory. */
struct bmove {
	int		 seat;
	char		 text[GAME_MOVE_TEXT_MAX];
};

/* What every command holds: configuration, connection, arena. */
struct ctx {
	const char	*cmd;
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

/* Open the configured database.  Returns 0, or the exit status. */
static int
ctx_db(struct ctx *c)
{
	if ((c->db = db_open(c->cf.db, 0)) == NULL) {
		fprintf(stderr, "topper %s: cannot open the database %s "
		    "(run \"topper init\" first?)\n", c->cmd, c->cf.db);
		return 1;
	}
	return migrate_check(c->db) == -1 ? 1 : 0;
}

/*
 * Take --config out of argv and load the configuration.  Returns 0, or
 * the exit status.
 */
static int
ctx_open(struct ctx *c, const char *cmd, int *argc, char **argv)
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
	if (sodium_init() < 0) {
		fprintf(stderr, "topper %s: sodium_init failed\n", cmd);
		return 1;
	}
	return 0;
}

/*
 * Take "--NAME VALUE" out of argv (as config_arg takes --config): the
 * value, def when absent, "" when it has no value.
 */
static const char *
take_opt(int *argc, char **argv, const char *name, const char *def)
{
	const char	*v = def;
	int		 i, j, take;

	for (i = 1; i < *argc; i++) {
		if (strcmp(argv[i], name) != 0)
			continue;
		v = i + 1 < *argc ? argv[i + 1] : "";
		take = i + 1 < *argc ? 2 : 1;
		for (j = i; j + take <= *argc; j++)
			argv[j] = argv[j + take];
		*argc -= take;
		i--;
	}
	return v;
}

/* The game of --game SLUG, the registry's first without it; NULL: unknown. */
static const struct game_rules *
take_game(const char *cmd, int *argc, char **argv)
{
	const char		*slug = take_opt(argc, argv, "--game", NULL);
	const struct game_rules	*rules;

	rules = slug == NULL ? game_all()[0] : game_find(slug);
	if (rules == NULL)
		fprintf(stderr, "topper %s: no game \"%s\" (topper games lists "
		    "them)\n", cmd, slug);
	return rules;
}

/* A positive integer option value, or -1. */
static long
count_arg(const char *s, long max)
{
	char	*end;
	long	 v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno != 0 || end == s || *end != '\0' || v < 0 || v > max)
		return -1;
	return v;
}

static double
now_s(void)
{
	struct timespec	 ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* SHA-256(tag || le64(n)): the bench's fixed seeds. */
static void
derive(const char *tag, uint64_t n, uint8_t out[32])
{
	crypto_hash_sha256_state h;
	uint8_t			 le[8];
	int			 i;

	for (i = 0; i < 8; i++)
		le[i] = (uint8_t)(n >> (8 * i));
	crypto_hash_sha256_init(&h);
	crypto_hash_sha256_update(&h, (const uint8_t *)"topper bench ", 13);
	crypto_hash_sha256_update(&h, (const uint8_t *)tag, strlen(tag));
	crypto_hash_sha256_update(&h, le, sizeof(le));
	crypto_hash_sha256_final(&h, out);
}

static void
draw_noise(struct rng *r, uint8_t noise[32])
{
	uint32_t	 w;
	int		 i;

	for (i = 0; i < 8; i++) {
		w = rng_next(r);
		noise[4 * i] = (uint8_t)w;
		noise[4 * i + 1] = (uint8_t)(w >> 8);
		noise[4 * i + 2] = (uint8_t)(w >> 16);
		noise[4 * i + 3] = (uint8_t)(w >> 24);
	}
}

/*
 * From state st, let the bots play up to max moves into mv[] (the
 * first seat to act moves, seeing its own view only); st ends at the
 * last position.  Returns the number of moves (*over set when the game
 * ended), or -1 with a message.
 */
static int
bot_play(const struct game_rules *rules, void *st, struct rng *noise_rng,
    struct bmove *mv, int max, int *over)
{
	union statebuf		 view, next;
	struct game_status	 gs;
	struct game_move	 m;
	struct game_events	 ev;
	uint8_t			 noise[32];
	char			 why[GAME_WHY_MAX];
	int			 n, seat;

	*over = 0;
	for (n = 0; ; n++) {
		rules->status(st, &gs);
		if (gs.over) {
			*over = 1;
			return n;
		}
		if (n == max)
			return n;
		if ((seat = game_first_seat(gs.to_act)) < 0) {
			fprintf(stderr, "nobody is to act\n");
			return -1;
		}
		memset(view.b, 0, rules->view_size);
		rules->view(st, seat, view.b);
		draw_noise(noise_rng, noise);
		why[0] = '\0';
		if (bot_choose(rules, view.b, seat, noise, &m) != GAME_OK ||
		    rules->format(&m, mv[n].text, sizeof(mv[n].text)) >=
		    sizeof(mv[n].text) ||
		    rules->apply(st, next.b, seat, &m, &ev, why) != GAME_OK) {
			fprintf(stderr, "the bot's move at seat %d was refused:"
			    " %s\n", seat, why);
			return -1;
		}
		mv[n].seat = seat;
		memcpy(st, next.b, rules->state_size);
	}
}

static const char SQL_COUNT_GAMES[] = "SELECT count(*) FROM games";

/* Create the users; ids[] receives their ids.  In one transaction. */
static int
fill_users(struct ctx *c, int nusers, const char *password, int64_t *ids)
{
	char			 name[STORE_USER_NAME_MAX + 1], email[64];
	enum store_user_rc	 urc;
	int			 i;

	if (db_begin_immediate(c->db) != DB_OK)
		return -1;
	for (i = 0; i < nusers; i++) {
		snprintf(name, sizeof(name), "bench%04d", i + 1);
		snprintf(email, sizeof(email), "bench%04d@example.invalid",
		    i + 1);
		urc = store_user_create(c->db, name, email, password, NULL, 0,
		    CONFIG_PWHASH_MIN, &ids[i]);
		if (urc != STORE_USER_OK) {
			fprintf(stderr, "topper bench-fill: user %s: %s\n",
			    name, store_user_why(urc));
			return -1;
		}
	}
	return db_commit(c->db) == DB_OK ? 0 : -1;
}

/* Store one game: create it, then play mv[0..n) through the store. */
static int
fill_store(struct ctx *c, const struct game_rules *rules,
    const uint8_t seed[32], int nseats, const int64_t *users,
    const struct bmove *mv, int n, int want_over, int64_t *idp)
{
	struct store_game_new	 gn;
	struct store_game	 g;
	char			 why[GAME_WHY_MAX];
	int64_t			 id;
	int			 i;

	memset(&gn, 0, sizeof(gn));
	gn.rules = rules;
	gn.nseats = nseats;
	gn.dealer = -1;
	gn.seed = seed;
	for (i = 0; i < nseats; i++)
		gn.users[i] = users[i];
	gn.created_by = users[0];
	why[0] = '\0';
	if (store_game_create(c->db, &gn, &id, why) != DB_OK) {
		fprintf(stderr, "topper bench-fill: create: %s\n", why);
		return -1;
	}
	if (store_game_load(c->db, &c->a, id, &g) != DB_OK)
		return -1;
	for (i = 0; i < n; i++) {
		why[0] = '\0';
		if (play_move(c->db, &g, mv[i].seat, 0, 0, mv[i].text, why) !=
		    PLAY_OK) {
			fprintf(stderr, "topper bench-fill: game %lld ply %d "
			    "\"%s\": %s\n", (long long)id, i + 1, mv[i].text,
			    why);
			return -1;
		}
	}
	if (g.over != want_over) {
		fprintf(stderr, "topper bench-fill: game %lld: over is %d "
		    "after %d moves\n", (long long)id, g.over, n);
		return -1;
	}
	arena_reset(&c->a);
	if (idp != NULL)
		*idp = id;
	return 0;
}

int
cli_bench_fill(int argc, char **argv)
{
	struct ctx		 c;
	const struct game_rules	*rules;
	struct bmove		*mv = NULL;
	struct rng		 pick, noise;
	union statebuf		 st;
	struct game_setup	 su;
	struct db_stmt		*q;
	const char		*password = BENCH_PASSWORD;
	int64_t			*ids = NULL, users[2];
	uint8_t			 seed[32], key[32];
	char			 why[GAME_WHY_MAX];
	long			 nusers = FILL_USERS, ngames = FILL_GAMES;
	long			 nopen = FILL_OPEN, v, i, drawn = 0, stored = 0;
	long			 done = 0, inprog = 0;
	double			 t0;
	int			 rc, n, over, stop, is_open;

	if ((rc = ctx_open(&c, "bench-fill", &argc, argv)) != 0)
		goto out;
	rc = 2;
	if ((rules = take_game(c.cmd, &argc, argv)) == NULL)
		goto out;
	for (i = 1; i < argc; i++) {
		if (i + 1 >= argc)
			goto usage;
		if (strcmp(argv[i], "--password") == 0) {
			password = argv[++i];
			continue;
		}
		if ((v = count_arg(argv[i + 1], 10000000)) < 0)
			goto usage;
		if (strcmp(argv[i], "--users") == 0 && v >= 2)
			nusers = v;
		else if (strcmp(argv[i], "--games") == 0)
			ngames = v;
		else if (strcmp(argv[i], "--open") == 0)
			nopen = v;
		else
			goto usage;
		i++;
	}
	if (nopen > ngames)
		goto usage;
	if ((rc = ctx_db(&c)) != 0)
		goto out;
	rc = 1;
	if ((q = db_stmt(c.db, SQL_COUNT_GAMES)) == NULL ||
	    db_step(q) != DB_ROW)
		goto out;
	n = db_column_int(q, 0);
	db_reset(q);
	if (n != 0) {
		fprintf(stderr, "topper bench-fill: %s already holds %d games;"
		    " the bench fills a fresh database\n", c.cf.db, n);
		goto out;
	}
	if ((ids = calloc((size_t)nusers, sizeof(*ids))) == NULL ||
	    (mv = calloc(FILL_MOVES_MAX, sizeof(*mv))) == NULL)
		goto out;
	t0 = now_s();
	if (fill_users(&c, (int)nusers, password, ids) == -1)
		goto out;
	derive("pick", 0, key);
	rng_init(&pick, key);
	for (i = 0; i < ngames; i++) {
		/* The --open games in progress, spread evenly. */
		is_open = ((i + 1) * nopen) / ngames > (i * nopen) / ngames;
		users[0] = ids[rng_uniform(&pick, (uint32_t)nusers)];
		do
			users[1] = ids[rng_uniform(&pick, (uint32_t)nusers)];
		while (users[1] == users[0]);
		do {
			derive("game", (uint64_t)drawn, seed);
			derive("noise", (uint64_t)drawn, key);
			drawn++;
			rng_init(&noise, key);
			memset(&su, 0, sizeof(su));
			su.nseats = 2;
			su.seed = seed;
			su.dealer = -1;
			memset(st.b, 0, rules->state_size);
			if (rules->setup(st.b, &su, why) != GAME_OK) {
				fprintf(stderr, "topper bench-fill: setup: "
				    "%s\n", why);
				goto out;
			}
			if ((n = bot_play(rules, st.b, &noise, mv,
			    FILL_MOVES_MAX, &over)) < 0)
				goto out;
		} while (!over || n < 2);
		stop = is_open ? (int)rng_uniform(&pick, (uint32_t)n) : n;
		if (stored % FILL_TXN_GAMES == 0 &&
		    db_begin_immediate(c.db) != DB_OK)
			goto out;
		if (fill_store(&c, rules, seed, 2, users, mv, stop,
		    !is_open, NULL) == -1)
			goto out;
		if (++stored % FILL_TXN_GAMES == 0 && db_commit(c.db) != DB_OK)
			goto out;
		done += stop;
		inprog += is_open;
	}
	if (db_in_txn(c.db) && db_commit(c.db) != DB_OK)
		goto out;
	printf("bench-fill: %ld users, %ld games (%ld over, %ld in "
	    "progress), %ld moves, %.1f s\n", nusers, ngames, ngames - inprog,
	    inprog, done, now_s() - t0);
	rc = 0;
	goto out;
usage:
	cli_usage("bench-fill");
out:
	free(ids);
	free(mv);
	ctx_close(&c);
	return rc;
}

static const char SQL_USER_BY_NAME[] =
    "SELECT id FROM users WHERE name = ?1";

int
cli_bench_table(int argc, char **argv)
{
	struct ctx		 c;
	const struct game_rules	*rules;
	struct store_user	 u;
	struct game_setup	 su;
	struct game_status	 gs;
	struct bmove		*mv = NULL;
	union statebuf		 st;
	struct rng		 noise;
	struct db_stmt		*q;
	int64_t			 users[GAME_SEATS_MAX], id;
	uint8_t			 seed[32], key[32];
	char			 name[STORE_USER_NAME_MAX + 1];
	char			 why[GAME_WHY_MAX];
	int			 rc, n, over, stop, i, seat, seats;

	if ((rc = ctx_open(&c, "bench-table", &argc, argv)) != 0)
		goto out;
	rc = 2;
	if ((rules = take_game(c.cmd, &argc, argv)) == NULL)
		goto out;
	seats = (int)count_arg(take_opt(&argc, argv, "--seats", "0"),
	    GAME_SEATS_MAX);
	if (seats == 0)
		seats = rules->seats_max;
	if (argc != 1 || seats < rules->seats_min || seats > rules->seats_max) {
		cli_usage("bench-table");
		goto out;
	}
	if ((rc = ctx_db(&c)) != 0)
		goto out;
	rc = 1;
	if ((mv = calloc(FILL_MOVES_MAX, sizeof(*mv))) == NULL)
		goto out;
	for (i = 0; i < seats; i++) {
		snprintf(name, sizeof(name), "bench%04d", i + 1);
		if ((q = db_stmt(c.db, SQL_USER_BY_NAME)) == NULL)
			goto out;
		db_bind_text(q, 1, name, -1, DB_TRANSIENT);
		if (db_step(q) != DB_ROW) {
			db_reset(q);
			fprintf(stderr, "topper bench-table: no user %s (run "
			    "bench-fill first)\n", name);
			goto out;
		}
		users[i] = db_column_int64(q, 0);
		db_reset(q);
	}
	/* The whole game in memory first, to know its length. */
	derive("vp-game", 0, seed);
	derive("vp-noise", 0, key);
	rng_init(&noise, key);
	memset(&su, 0, sizeof(su));
	su.nseats = seats;
	su.seed = seed;
	su.dealer = -1;
	memset(st.b, 0, rules->state_size);
	if (rules->setup(st.b, &su, why) != GAME_OK) {
		fprintf(stderr, "topper bench-table: setup: %s\n", why);
		goto out;
	}
	if ((n = bot_play(rules, st.b, &noise, mv, FILL_MOVES_MAX,
	    &over)) < 0)
		goto out;
	if (!over || n < 2) {
		fprintf(stderr, "topper bench-table: the bots' game did not end "
		    "within %d moves\n", FILL_MOVES_MAX);
		goto out;
	}
	stop = n / 2;
	if (db_begin_immediate(c.db) != DB_OK ||
	    fill_store(&c, rules, seed, seats, users, mv, stop, 0,
	    &id) == -1 || db_commit(c.db) != DB_OK)
		goto out;
	/* Who is to act there: replay the prefix in memory. */
	rng_init(&noise, key);
	memset(st.b, 0, rules->state_size);
	if (rules->setup(st.b, &su, why) != GAME_OK ||
	    bot_play(rules, st.b, &noise, mv, stop, &over) != stop)
		goto out;
	rules->status(st.b, &gs);
	if ((seat = game_first_seat(gs.to_act)) < 0 ||
	    store_user_by_id(c.db, users[seat], &u) != STORE_USER_OK)
		goto out;
	printf("bench-table: game %lld ply %d, %s to act\n", (long long)id, stop,
	    u.name);
	rc = 0;
out:
	free(mv);
	ctx_close(&c);
	return rc;
}

/* One move of the script. */
struct smove {
	int64_t		 user;
	int		 ply;
	char		 text[GAME_MOVE_TEXT_MAX];
};

/* A session per user, made on first need. */
struct ssess {
	int		 made;
	char		 tok[SESS_TOKEN_TEXT];
	char		 csrf[SESS_TOKEN_TEXT];
};

static const char SQL_ACTIVE[] =
    "SELECT id FROM games WHERE status = 'active' AND rules = ?1 "
    "ORDER BY id";
static const char SQL_MAX_USER[] = "SELECT coalesce(max(id), 0) FROM users";
static const char SQL_SESS_ADD[] =
    "INSERT INTO sessions (token_hash, \"user\", csrf, created, expires, "
    "last_seen) VALUES (?1, ?2, ?3, ?4, ?5, ?4)";

/* Store a session for user (as sess_login does) unless it has one. */
static int
session_for(struct ctx *c, struct ssess *s, int64_t user)
{
	struct db_stmt	*st;
	unsigned char	 h[SESS_HASH_BYTES];
	int64_t		 now = db_now();

	if (s->made)
		return 0;
	sess_token_new(s->tok);
	sess_token_new(s->csrf);
	sess_token_hash(s->tok, h);
	if ((st = db_stmt(c->db, SQL_SESS_ADD)) == NULL)
		return -1;
	db_bind_blob(st, 1, h, sizeof(h), DB_TRANSIENT);
	db_bind_int64(st, 2, user);
	db_bind_text(st, 3, s->csrf, -1, DB_TRANSIENT);
	db_bind_int64(st, 4, now);
	db_bind_int64(st, 5, now + SESS_LIFETIME);
	if (db_step_done(c->db, st) != DB_OK)
		return -1;
	s->made = 1;
	return 0;
}

/*
 * The moves of one game into sm[0..max): bots play on from where the
 * game stands.  Returns their count (0 for a game to skip), or -1.
 */
static int
script_game(struct ctx *c, int64_t id, struct bmove *bm, struct smove *sm,
    int max)
{
	struct store_game	 g;
	struct rng		 noise;
	union statebuf		 st;
	uint8_t			 key[32];
	int			 n, i, over;

	if (store_game_load(c->db, &c->a, id, &g) != DB_OK)
		return -1;
	if (g.over || g.nseats != 2 || g.user[0] == 0 || g.user[1] == 0 ||
	    g.is_bot[0] || g.is_bot[1]) {
		arena_reset(&c->a);
		return 0;
	}
	memcpy(st.b, g.state, g.rules->state_size);
	derive("moves", (uint64_t)id, key);
	rng_init(&noise, key);
	if ((n = bot_play(g.rules, st.b, &noise, bm, max, &over)) < 0)
		return -1;
	for (i = 0; i < n; i++) {
		sm[i].user = g.user[bm[i].seat];
		sm[i].ply = g.ply + i;
		memcpy(sm[i].text, bm[i].text, sizeof(sm[i].text));
	}
	arena_reset(&c->a);
	return n;
}

/* Write the script: round by round, every game's next move. */
static int
script_write(struct ctx *c, FILE *f, const int64_t *gid, const int *count,
    long ngames, int per, const struct smove *sm, const struct ssess *sess)
{
	const struct smove	*m;
	struct buf		 b;
	long			 g;
	int			 j;

	buf_init(&b, &c->a);
	for (j = 0; j < per; j++)
		for (g = 0; g < ngames; g++) {
			if (j >= count[g])
				continue;
			m = &sm[g * per + j];
			buf_reset(&b);
			esc_url_arg(&b, m->text, strlen(m->text));
			if (b.failed)
				return -1;
			fprintf(f, "%ld\t/g/%lld/move\t%s=%s\tmove=%s&ply=%d"
			    "&csrf=%s\n", g, (long long)gid[g], SESS_COOKIE,
			    sess[m->user].tok, b.data, m->ply,
			    sess[m->user].csrf);
		}
	return ferror(f) ? -1 : 0;
}

int
cli_bench_moves(int argc, char **argv)
{
	struct ctx		 c;
	const struct game_rules	*rules;
	struct bmove		*bm = NULL;
	struct smove		*sm = NULL, *m;
	struct ssess		*sess = NULL;
	struct db_stmt		*q;
	FILE			*f = NULL;
	const char		*out = NULL;
	int64_t			*gid = NULL, maxuser = 0;
	int			*count = NULL;
	long			 per = MOVES_PER_GAME, ngames = 0, cap = 0, g;
	long			 nmoves = 0, nsess = 0, i;
	int			 rc, n;

	if ((rc = ctx_open(&c, "bench-moves", &argc, argv)) != 0)
		goto out;
	rc = 2;
	if ((rules = take_game(c.cmd, &argc, argv)) == NULL)
		goto out;
	for (i = 1; i < argc; i++) {
		if (i + 1 >= argc)
			goto usage;
		if (strcmp(argv[i], "--out") == 0)
			out = argv[++i];
		else if (strcmp(argv[i], "--per-game") == 0)
			per = count_arg(argv[++i], 100000);
		else
			goto usage;
	}
	if (out == NULL || per < 1)
		goto usage;
	if ((rc = ctx_db(&c)) != 0)
		goto out;
	rc = 1;
	/* The games in progress. */
	if (rules == NULL || (q = db_stmt(c.db, SQL_ACTIVE)) == NULL)
		goto out;
	db_bind_text(q, 1, rules->slug, -1, DB_STATIC);
	while (db_step(q) == DB_ROW) {
		if (ngames == cap) {
			int64_t	*grown;

			cap = cap == 0 ? 1024 : cap * 2;
			if ((grown = realloc(gid, (size_t)cap *
			    sizeof(*gid))) == NULL) {
				db_reset(q);
				goto out;
			}
			gid = grown;
		}
		gid[ngames++] = db_column_int64(q, 0);
	}
	db_reset(q);
	if ((q = db_stmt(c.db, SQL_MAX_USER)) == NULL ||
	    db_step(q) != DB_ROW)
		goto out;
	maxuser = db_column_int64(q, 0);
	db_reset(q);
	if (ngames == 0)
		fprintf(stderr, "topper bench-moves: no game in progress\n");
	if (ngames == 0 ||
	    (count = calloc((size_t)ngames, sizeof(*count))) == NULL ||
	    (bm = calloc((size_t)per, sizeof(*bm))) == NULL ||
	    (sm = calloc((size_t)(ngames * per), sizeof(*sm))) == NULL ||
	    (sess = calloc((size_t)maxuser + 1, sizeof(*sess))) == NULL)
		goto out;
	if (db_begin_immediate(c.db) != DB_OK)
		goto out;
	for (g = 0; g < ngames; g++) {
		if ((n = script_game(&c, gid[g], bm, &sm[g * per],
		    (int)per)) < 0)
			goto out;
		count[g] = n;
		nmoves += n;
		for (m = &sm[g * per]; m < &sm[g * per + n]; m++) {
			nsess += m->user <= maxuser && !sess[m->user].made;
			if (m->user > maxuser ||
			    session_for(&c, &sess[m->user], m->user) == -1)
				goto out;
		}
	}
	if (db_commit(c.db) != DB_OK)
		goto out;
	if ((f = fopen(out, "w")) == NULL) {
		fprintf(stderr, "topper bench-moves: %s: %s\n", out,
		    strerror(errno));
		goto out;
	}
	if (script_write(&c, f, gid, count, ngames, (int)per, sm, sess) == -1 ||
	    fclose(f) != 0) {
		f = NULL;
		fprintf(stderr, "topper bench-moves: %s: write failed\n", out);
		goto out;
	}
	f = NULL;
	printf("bench-moves: %ld games, %ld moves, %ld sessions\n", ngames,
	    nmoves, nsess);
	rc = 0;
	goto out;
usage:
	cli_usage("bench-moves");
out:
	if (f != NULL)
		fclose(f);
	if (sess != NULL)
		sodium_memzero(sess, ((size_t)maxuser + 1) * sizeof(*sess));
	free(sess);
	free(sm);
	free(bm);
	free(count);
	free(gid);
	ctx_close(&c);
	return rc;
}

static const char SQL_W_BLOB_TABLE[] =
    "CREATE TABLE bench_blob (id INTEGER PRIMARY KEY, data BLOB NOT NULL) "
    "STRICT";
static const char SQL_W_LOG_TABLE[] =
    "CREATE TABLE bench_log (id INTEGER PRIMARY KEY, n INTEGER NOT NULL, "
    "at INTEGER NOT NULL) STRICT";
static const char SQL_W_BLOB_ADD[] =
    "INSERT INTO bench_blob (id, data) VALUES (1, zeroblob(?1))";
static const char SQL_W_UPDATE[] =
    "UPDATE bench_blob SET data = ?1 WHERE id = 1";
static const char SQL_W_INSERT[] =
    "INSERT INTO bench_log (n, at) VALUES (?1, ?2)";

/* One timed write: BEGIN IMMEDIATE, UPDATE, INSERT, COMMIT. */
static int
write_once(struct db *db, unsigned char *blob, long k)
{
	struct db_stmt	*st;
	int		 i;

	for (i = 0; i < 8; i++)
		blob[i] = (unsigned char)((unsigned long)k >> (8 * i));
	if (db_begin_immediate(db) != DB_OK ||
	    (st = db_stmt(db, SQL_W_UPDATE)) == NULL)
		return -1;
	db_bind_blob(st, 1, blob, WRITE_BLOB, DB_STATIC);
	if (db_step_done(db, st) != DB_OK ||
	    (st = db_stmt(db, SQL_W_INSERT)) == NULL)
		return -1;
	db_bind_int64(st, 1, k);
	db_bind_int64(st, 2, db_now());
	if (db_step_done(db, st) != DB_OK || db_commit(db) != DB_OK)
		return -1;
	return 0;
}

static int
cmp_double(const void *a, const void *b)
{
	double	 x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The nearest-rank percentile p (0..1] of sorted v[0..n). */
static double
percentile(const double *v, long n, double p)
{
	long	 k = (long)ceil(p * (double)n) - 1;

	return v[k < 0 ? 0 : k >= n ? n - 1 : k];
}

int
cli_bench_write(int argc, char **argv)
{
	struct ctx	 c;
	struct stat	 sb;
	struct db	*db = NULL;
	const char	*ddl[] = { SQL_W_BLOB_TABLE, SQL_W_LOG_TABLE };
	unsigned char	*blob = NULL;
	struct db_stmt	*st;
	double		*lat = NULL, t0, t1, total;
	char		*path = NULL, *side = NULL;
	long		 iters = WRITE_ITERATIONS, k;
	int		 rc, made = 0;
	size_t		 i, len;

	if ((rc = ctx_open(&c, "bench-write", &argc, argv)) != 0)
		goto out;
	rc = 2;
	if (argc == 3 && strcmp(argv[1], "--iterations") == 0)
		iters = count_arg(argv[2], 100000000);
	else if (argc != 1)
		iters = -1;
	if (iters < 1) {
		cli_usage("bench-write");
		goto out;
	}
	rc = 1;
	len = strlen(c.cf.db) + 32;
	if ((path = malloc(len)) == NULL || (side = malloc(len)) == NULL ||
	    (blob = malloc(WRITE_BLOB)) == NULL ||
	    (lat = calloc((size_t)iters, sizeof(*lat))) == NULL)
		goto out;
	snprintf(path, len, "%s-bench-write", c.cf.db);
	if (stat(path, &sb) == 0) {
		fprintf(stderr, "topper bench-write: %s exists; remove it "
		    "first\n", path);
		goto out;
	}
	if ((db = db_open(path, DB_CREATE)) == NULL)
		goto out;
	made = 1;
	for (i = 0; i < sizeof(ddl) / sizeof(ddl[0]); i++)
		if ((st = db_stmt(db, ddl[i])) == NULL ||
		    db_step_done(db, st) != DB_OK)
			goto out;
	if ((st = db_stmt(db, SQL_W_BLOB_ADD)) == NULL)
		goto out;
	db_bind_int(st, 1, WRITE_BLOB);
	if (db_step_done(db, st) != DB_OK)
		goto out;
	randombytes_buf(blob, WRITE_BLOB);
	for (k = 0; k < WRITE_WARMUP; k++)
		if (write_once(db, blob, k) == -1)
			goto out;
	total = now_s();
	for (k = 0; k < iters; k++) {
		t0 = now_s();
		if (write_once(db, blob, WRITE_WARMUP + k) == -1)
			goto out;
		t1 = now_s();
		lat[k] = t1 - t0;
	}
	total = now_s() - total;
	qsort(lat, (size_t)iters, sizeof(*lat), cmp_double);
	printf("n=%ld rps=%.1f p50_ms=%.3f p99_ms=%.3f\n", iters,
	    (double)iters / total, percentile(lat, iters, 0.50) * 1e3,
	    percentile(lat, iters, 0.99) * 1e3);
	rc = 0;
out:
	if (db != NULL)
		db_rollback_if_open(db);
	db_close(db);
	if (made) {
		(void)unlink(path);
		snprintf(side, len, "%s-wal", path);
		(void)unlink(side);
		snprintf(side, len, "%s-shm", path);
		(void)unlink(side);
	}
	free(path);
	free(side);
	free(blob);
	free(lat);
	ctx_close(&c);
	return rc;
}
