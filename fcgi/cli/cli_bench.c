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
 * topper bench-table --game SLUG [--seats N] [--config F]
 *	After bench-fill: one game of SLUG at N seats (default the most it
 *	takes) between bench0001 to benchN, every move chosen by the bots
 *	from a fixed seed and stored through play_move(), stopped halfway
 *	through its moves.  Prints "bench-table: game ID ply P, NAME to
 *	act": the page of a large table that make bench measures.
 *
 * bench-moves (cli_bench_moves.c) and bench-write (cli_bench_write.c)
 * are the others; the frame they share is cli_bench.h.
 * Helpers of a benchmark, not tests: they check what they need to go
 * on (a bot move the engine refuses is an error).
 */
#include "cli_bench.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <sodium.h>

#include "bot.h"
#include "cli.h"
#include "db.h"
#include "migrate.h"
#include "play.h"
#include "rng.h"
#include "search.h"
#include "store_game.h"
#include "store_user.h"

enum {
	FILL_USERS = 1000,
	FILL_GAMES = 10000,
	FILL_OPEN = 2000,		/* games left in progress */
	FILL_TXN_GAMES = 100,		/* games stored per transaction */
	FILL_MOVES_MAX = 5000		/* a longer bot game is drawn again */
};

#define BENCH_PASSWORD	"bench-password"

void
bench_ctx_close(struct bench_ctx *c)
{
	if (c->db != NULL)
		db_rollback_if_open(c->db);
	db_close(c->db);
	arena_free(&c->a);
	config_free(&c->cf);
}

int
bench_ctx_db(struct bench_ctx *c)
{
	if ((c->db = db_open(c->cf.db, 0)) == NULL) {
		fprintf(stderr, "topper %s: cannot open the database %s "
		    "(run \"topper init\" first?)\n", c->cmd, c->cf.db);
		return 1;
	}
	return migrate_check(c->db) == -1 ? 1 : 0;
}

int
bench_ctx_open(struct bench_ctx *c, const char *cmd, int *argc, char **argv)
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

const struct game_rules *
bench_take_game(const char *cmd, int *argc, char **argv)
{
	const char		*slug = take_opt(argc, argv, "--game", NULL);
	const struct game_rules	*rules;

	rules = slug == NULL ? game_all()[0] : game_find(slug);
	if (rules == NULL)
		fprintf(stderr, "topper %s: no game \"%s\" (topper games lists "
		    "them)\n", cmd, slug);
	return rules;
}

long
bench_count_arg(const char *s, long max)
{
	char	*end;
	long	 v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno != 0 || end == s || *end != '\0' || v < 0 || v > max)
		return -1;
	return v;
}

double
bench_now_s(void)
{
	struct timespec	 ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void
bench_derive(const char *tag, uint64_t n, uint8_t out[32])
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

int
bench_bot_play(const struct game_rules *rules, void *st, struct rng *noise_rng,
    struct bench_move *mv, int max, int *over)
{
	union bench_statebuf		 view, next;
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
		search_noise(noise_rng, noise);
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
fill_users(struct bench_ctx *c, int nusers, const char *password, int64_t *ids)
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
fill_store(struct bench_ctx *c, const struct game_rules *rules,
    const uint8_t seed[32], int nseats, const int64_t *users,
    const struct bench_move *mv, int n, int want_over, int64_t *idp)
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
	struct bench_ctx		 c;
	const struct game_rules	*rules;
	struct bench_move		*mv = NULL;
	struct rng		 pick, noise;
	union bench_statebuf		 st;
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

	if ((rc = bench_ctx_open(&c, "bench-fill", &argc, argv)) != 0)
		goto out;
	rc = 2;
	if ((rules = bench_take_game(c.cmd, &argc, argv)) == NULL)
		goto out;
	for (i = 1; i < argc; i++) {
		if (i + 1 >= argc)
			goto usage;
		if (strcmp(argv[i], "--password") == 0) {
			password = argv[++i];
			continue;
		}
		if ((v = bench_count_arg(argv[i + 1], 10000000)) < 0)
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
	if ((rc = bench_ctx_db(&c)) != 0)
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
	t0 = bench_now_s();
	if (fill_users(&c, (int)nusers, password, ids) == -1)
		goto out;
	bench_derive("pick", 0, key);
	rng_init(&pick, key);
	for (i = 0; i < ngames; i++) {
		/* The --open games in progress, spread evenly. */
		is_open = ((i + 1) * nopen) / ngames > (i * nopen) / ngames;
		users[0] = ids[rng_uniform(&pick, (uint32_t)nusers)];
		do
			users[1] = ids[rng_uniform(&pick, (uint32_t)nusers)];
		while (users[1] == users[0]);
		do {
			bench_derive("game", (uint64_t)drawn, seed);
			bench_derive("noise", (uint64_t)drawn, key);
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
			if ((n = bench_bot_play(rules, st.b, &noise, mv,
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
	    inprog, done, bench_now_s() - t0);
	rc = 0;
	goto out;
usage:
	cli_usage("bench-fill");
out:
	free(ids);
	free(mv);
	bench_ctx_close(&c);
	return rc;
}

static const char SQL_USER_BY_NAME[] =
    "SELECT id FROM users WHERE name = ?1";

int
cli_bench_table(int argc, char **argv)
{
	struct bench_ctx		 c;
	const struct game_rules	*rules;
	struct store_user	 u;
	struct game_setup	 su;
	struct game_status	 gs;
	struct bench_move		*mv = NULL;
	union bench_statebuf		 st;
	struct rng		 noise;
	struct db_stmt		*q;
	int64_t			 users[GAME_SEATS_MAX], id;
	uint8_t			 seed[32], key[32];
	char			 name[STORE_USER_NAME_MAX + 1];
	char			 why[GAME_WHY_MAX];
	int			 rc, n, over, stop, i, seat, seats;

	if ((rc = bench_ctx_open(&c, "bench-table", &argc, argv)) != 0)
		goto out;
	rc = 2;
	if ((rules = bench_take_game(c.cmd, &argc, argv)) == NULL)
		goto out;
	seats = (int)bench_count_arg(take_opt(&argc, argv, "--seats", "0"),
	    GAME_SEATS_MAX);
	if (seats == 0)
		seats = rules->seats_max;
	if (argc != 1 || seats < rules->seats_min || seats > rules->seats_max) {
		cli_usage("bench-table");
		goto out;
	}
	if ((rc = bench_ctx_db(&c)) != 0)
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
	bench_derive("vp-game", 0, seed);
	bench_derive("vp-noise", 0, key);
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
	if ((n = bench_bot_play(rules, st.b, &noise, mv, FILL_MOVES_MAX,
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
	    bench_bot_play(rules, st.b, &noise, mv, stop, &over) != stop)
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
	bench_ctx_close(&c);
	return rc;
}
