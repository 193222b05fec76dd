/*
 * leak.c: the twin-game leak sweep of "make soak" (README "Reliability").
 *
 *   soak-leak --config FILE --pairs N [--seconds S] [--seed N] [--moves K]
 *             [--dump DIR] [--self-test] [--plan FILE]
 *
 * For every game kind, N pairs (rounds of them until S seconds have
 * passed, with --seconds) of games that differ in one hidden card:
 * game B's deck is game A's with two cards swapped, chosen so that after
 * the deal exactly one seat S sees a difference (one card of S's hand is
 * in the stock of the other game: a "hand" twin), or nobody does (two
 * stock cards: a "stock" twin).  Both are imported with "topper import"
 * (decks), then the same moves, chosen at random among those legal in
 * both, are posted to both through the site (site.h: the real routes,
 * checks, templates and database, without nginx).  After every move,
 * everything another seat, a signed-in user without a seat and an
 * anonymous visitor can fetch is fetched from both games and compared
 * byte for byte, game ids and the mail's per-game tokens removed: the
 * game page, the API view with its legal moves, the ply poll with its
 * headers, the history at every ply, the turn mail and the turn feed's
 * entries of every other seat.
 * The owner's game page and API view must differ at the start (the
 * control: a sweep that compared nothing would pass too).
 *
 * A pair stops before the first move that lets any seat but S (or the
 * spectator) see a difference by the engine's own views (a swapped card
 * drawn or shown), at the end of the hand, or after K moves: from then
 * on the games may rightly differ.  The engine's views are checked
 * separately (topper sim, audit_view); this sweep checks everything the
 * site builds on top of them.
 *
 * --plan FILE writes each pair of the first round (both records, the owner, the moves
 * posted) as a line of JSON, for the sweep through nginx
 * (tests/soak/leak_nginx.py), which replays them on a real instance.
 *
 * --self-test sweeps the owner's views too, as if S were another seat:
 * then the sweep must find differences (tests/cli/soak_leak.sh).
 *
 * The clock is fixed (time() below), so the two games' times match.
 * Prints the figures and "leak: N compared, M differences, C controls,
 * F control failures"; exits 1 on any difference or failed control.
 * The moves are leak_play.c's; the fetches and the comparison leak_view.c's.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <fcntl.h>
#include <sys/time.h>
#include <unistd.h>

#include <sqlite3.h>

#include "arena.h"
#include "card.h"
#include "cli.h"
#include "db.h"
#include "deck.h"
#include "game.h"
#include "mail_compose.h"
#include "mail_queue.h"
#include "sess.h"
#include "site.h"
#include "store_turn.h"
#include "token.h"

#include "leak.h"


time_t	time(time_t *t);

/* Every clock read of the site in this process: fixed. */
time_t
time(time_t *t)
{
	if (t != NULL)
		*t = NOW;
	return NOW;
}

/*
 * SQLite's 'now' (the clock triggers of sql/004_deadlines.sql set a
 * seat's deadline with it) reads gettimeofday(), not time(): fixed too,
 * or two twins stored across a second's edge show different deadlines
 * to everyone, a difference that is no leak.
 */
int
gettimeofday(struct timeval *restrict tv, void *restrict tz)
{
	(void)tz;
	tv->tv_sec = NOW;
	tv->tv_usec = 0;
	return 0;
}

struct leak	 L;

/* cli_import()'s usage message (main.c has the program's). */
int
cli_usage(const char *name)
{
	fprintf(stderr, "soak-leak: bad arguments to %s\n", name);
	return 2;
}


uint32_t
leak_rnd(uint32_t n)
{
	L.rnd ^= L.rnd << 13;
	L.rnd ^= L.rnd >> 7;
	L.rnd ^= L.rnd << 17;
	return n ? (uint32_t)((L.rnd >> 11) % n) : 0;
}

void
leak_die(const char *what)
{
	fprintf(stderr, "soak-leak: %s\n", what);
	exit(2);
}

static void
sql_exec(const char *q)
{
	char	*err = NULL;

	if (sqlite3_exec(L.db, q, NULL, NULL, &err) != SQLITE_OK) {
		fprintf(stderr, "soak-leak: %s: %s\n", q, err);
		exit(2);
	}
}

static int64_t
sql_int(const char *q, const char *arg)
{
	sqlite3_stmt	*st;
	int64_t		 v = 0;

	if (sqlite3_prepare_v2(L.db, q, -1, &st, NULL) != SQLITE_OK)
		leak_die(sqlite3_errmsg(L.db));
	if (arg != NULL)
		sqlite3_bind_text(st, 1, arg, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return v;
}

static void
who_login(struct site_who *w, const char *name)
{
	if (site_login(&L.site, name, NOW, w) != 0)
		leak_die("a soak user is missing (tests/soak/leak.sh adds them)");
}

/* A turn feed for seat user k, as POST /account/feed makes one. */
static void
feed_make(int k)
{
	unsigned char	 hash[SESS_HASH_BYTES];

	sess_token_new(L.feed[k]);
	sess_token_hash(L.feed[k], hash);
	if (store_turn_feed_set(L.site.app.db, L.seat_user[k].uid, hash) !=
	    DB_OK)
		leak_die("cannot make a feed token");
}

/* The pack the game deals from: the deck kind and copies deal() takes. */
static int
find_pack(const struct game_rules *g, int nseats, card_t *pack)
{
	struct game_setup	 su = { nseats, NULL, NULL, 0 };
	char			 why[GAME_WHY_MAX];
	uint8_t			*st, *out;
	int			 k, copies, n, found = 0;

	st = malloc(g->state_size);
	out = malloc(g->state_size);
	if (st == NULL || out == NULL)
		leak_die("out of memory");
	if (g->setup(st, &su, why) != GAME_OK)
		leak_die(why);
	for (k = 0; k < DECK__MAX && !found; k++)
		for (copies = 1; copies <= 4 && !found; copies++) {
			if ((n = deck_fill(k, copies, pack)) <= 0 ||
			    n > DECK_CARDS_MAX)
				continue;
			if (g->deal(st, out, pack, n, why) == GAME_OK)
				found = n;
		}
	free(st);
	free(out);
	return found;
}

static void
deal(const struct game_rules *g, int nseats, const card_t *deck, int n,
    uint8_t *st)
{
	struct game_setup	 su = { nseats, NULL, NULL, 0 };
	char			 why[GAME_WHY_MAX];
	uint8_t			*tmp = malloc(g->state_size);

	if (tmp == NULL || g->setup(tmp, &su, why) != GAME_OK ||
	    g->deal(tmp, st, deck, n, why) != GAME_OK)
		leak_die("deal refused a deck deal() took before");
	free(tmp);
}

/* The record of a fresh game with deck, as JSON (no newline). */
static void
put_record(FILE *f, const struct game_rules *g, int nseats,
    const card_t *deck, int n)
{
	char	 c[CARD_TEXT_MAX];
	int	 i;

	fprintf(f, "{\"game\": \"%s\", \"notation\": 1, \"options\": {}, "
	    "\"seats\": %d, \"dealer\": 0, \"decks\": [[", g->slug, nseats);
	for (i = 0; i < n; i++) {
		card_format(g->cards, deck[i], c);
		fprintf(f, "%s\"%s\"", i ? ", " : "", c);
	}
	fprintf(f, "]], \"moves\": []}");
}

static void
write_record(const char *path, const struct game_rules *g, int nseats,
    const card_t *deck, int n)
{
	FILE	*f;

	if ((f = fopen(path, "w")) == NULL)
		leak_die("cannot write a record");
	put_record(f, g, nseats, deck, n);
	fputc('\n', f);
	fclose(f);
}

static int64_t
import(const char *path, int nseats)
{
	char	 users[128] = "", *argv[8];
	int	 s;

	for (s = 0; s < nseats; s++)
		snprintf(users + strlen(users), sizeof(users) - strlen(users),
		    "%sseat%d", s ? "," : "", s);
	argv[0] = "import";
	argv[1] = (char *)path;
	argv[2] = "--users";
	argv[3] = users;
	argv[4] = "--config";
	argv[5] = (char *)L.config;
	argv[6] = NULL;
	int	 keep, null;

	fflush(stdout);			/* it prints the id: not ours */
	keep = dup(1);
	if ((null = open("/dev/null", O_WRONLY)) < 0 || keep < 0)
		leak_die("cannot open /dev/null");
	dup2(null, 1);
	close(null);
	s = cli_import(6, argv);
	fflush(stdout);
	dup2(keep, 1);
	close(keep);
	if (s != 0)
		leak_die("topper import failed");
	return sql_int("SELECT max(id) FROM games", NULL);
}

/*
 * Give a fresh game (seats only, no moves or mail yet) an id of seven
 * digits, far from any other number on a page, so normalize() can find
 * it.  This connection does not enforce foreign keys; the seats follow.
 */
static int64_t
renumber(int64_t id)
{
	static int64_t	 next = 1000001;
	char		 q[256];

	snprintf(q, sizeof(q), "UPDATE seats SET game = %lld WHERE game = "
	    "%lld; UPDATE games SET id = %lld WHERE id = %lld",
	    (long long)next, (long long)id, (long long)next, (long long)id);
	sql_exec(q);
	if (sql_int("SELECT count(*) FROM outbox", NULL) != 0)
		leak_die("an import queued mail; the sweep expects none");
	return next++;
}

static void
remove_twins(const char *dir)
{
	char	 path[4096];

	snprintf(path, sizeof(path), "%s/twinA.json", dir);
	remove(path);
	snprintf(path, sizeof(path), "%s/twinB.json", dir);
	remove(path);
	remove(dir);
}

/* One pair of kind g. */
static void
one_pair(const struct game_rules *g, const card_t *pack, int n,
    int nseats, int max_moves, const char *tmpdir)
{
	struct twin	 t;
	card_t		 deck[2][PACK_MAX], c;
	uint32_t	 m;
	char		 path[2][4096];
	int		 i, j, k, want_stock, tries;

	memset(&t, 0, sizeof(t));
	t.rules = g;
	t.nseats = nseats;
	t.st[0] = malloc(g->state_size);
	t.st[1] = malloc(g->state_size);
	if (t.st[0] == NULL || t.st[1] == NULL)
		leak_die("out of memory");
	memcpy(deck[0], pack, (size_t)n * sizeof(card_t));
	for (i = n - 1; i > 0; i--) {
		j = (int)leak_rnd((uint32_t)i + 1);
		c = deck[0][i];
		deck[0][i] = deck[0][j];
		deck[0][j] = c;
	}
	deal(g, nseats, deck[0], n, t.st[0]);
	want_stock = leak_rnd(4) == 0;
	for (tries = 0; tries < 4000; tries++) {
		i = (int)leak_rnd((uint32_t)n);
		j = (int)leak_rnd((uint32_t)n);
		if (deck[0][i] == deck[0][j])
			continue;
		memcpy(deck[1], deck[0], (size_t)n * sizeof(card_t));
		deck[1][i] = deck[0][j];
		deck[1][j] = deck[0][i];
		deal(g, nseats, deck[1], n, t.st[1]);
		m = leak_view_diff(g, nseats, t.st[0], t.st[1]);
		if (want_stock && m == 0) {
			t.owner = -1;
			break;
		}
		if (!want_stock && m != 0 && (m & (m - 1)) == 0 &&
		    !(m & (1u << 31))) {
			for (t.owner = 0; !(m & (1u << t.owner)); t.owner++)
				continue;
			break;
		}
	}
	if (tries == 4000) {
		L.no_swap++;
		free(t.st[0]);
		free(t.st[1]);
		return;			/* no such swap in this deal */
	}
	for (k = 0; k < 2; k++) {
		snprintf(path[k], sizeof(path[k]), "%s/twin%c.json", tmpdir,
		    "AB"[k]);
		write_record(path[k], g, nseats, deck[k], n);
		t.id[k] = import(path[k], nseats);
	}
	L.pairs++;
	L.hand_twins += t.owner >= 0;
	/* Far from any other number of a page, so normalize() finds them. */
	for (k = 0; k < 2; k++)
		t.id[k] = renumber(t.id[k]);
	if (t.owner >= 0) {
		leak_fetch2(&t, &L.seat_user[t.owner], "/g/%lld", NULL, 1);
		leak_fetch2(&t, &L.seat_user[t.owner], "/api/games/%lld", NULL, 1);
	}
	leak_sweep(&t, 1);
	leak_play(&t, max_moves);
	if (t.ply > 0)
		leak_sweep(&t, 1);
	if (L.plan != NULL && L.round == 1) {
		/* One line a pair: both records, the owner, the moves. */
		fprintf(L.plan, "{\"owner\": %d, \"records\": [", t.owner);
		put_record(L.plan, g, nseats, deck[0], n);
		fputs(", ", L.plan);
		put_record(L.plan, g, nseats, deck[1], n);
		fputs("], \"moves\": [", L.plan);
		for (k = 0; k < t.nmoves; k++)
			fprintf(L.plan, "%s[%d, \"%s\"]", k ? ", " : "",
			    t.moves[k].seat, t.moves[k].text);
		fputs("]}\n", L.plan);
		fflush(L.plan);
	}
	free(t.st[0]);
	free(t.st[1]);
}

int
main(int argc, char **argv)
{
	const struct game_rules *const	*all = game_all();
	card_t				 pack[PACK_MAX];
	char				 tmpdir[] = "/tmp/soak-leak.XXXXXX";
	long				 pairs = 1, seed = 1, kinds = 0,
					 seconds = 0, rounds = 0;
	struct timespec			 t0, t1;
	int				 i, k, n, nseats, max_moves = 40,
					 hi;
	char				 name[16];

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--config") == 0 && i + 1 < argc)
			L.config = argv[++i];
		else if (strcmp(argv[i], "--pairs") == 0 && i + 1 < argc)
			pairs = atol(argv[++i]);
		else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc)
			seed = atol(argv[++i]);
		else if (strcmp(argv[i], "--seconds") == 0 && i + 1 < argc)
			seconds = atol(argv[++i]);
		else if (strcmp(argv[i], "--moves") == 0 && i + 1 < argc)
			max_moves = atoi(argv[++i]);
		else if (strcmp(argv[i], "--plan") == 0 && i + 1 < argc) {
			if ((L.plan = fopen(argv[++i], "w")) == NULL)
				leak_die("cannot write the plan");
		} else if (strcmp(argv[i], "--self-test") == 0)
			L.self_test = 1;
		else if (strcmp(argv[i], "--dump") == 0 && i + 1 < argc)
			L.dump = argv[++i];
		else
			leak_die("usage: soak-leak --config FILE --pairs N "
			    "[--seconds S] [--seed N] [--moves K] "
			    "[--dump DIR] [--self-test] [--plan FILE]");
	}
	if (L.config == NULL)
		leak_die("--config is required");
	L.rnd = 0x9e3779b97f4a7c15ull ^ (uint64_t)seed * 0x2545f4914f6cdd1dull;
	if (site_open(&L.site, L.config) != 0)
		return 2;
	if (sqlite3_open(L.site.cf.db, &L.db) != SQLITE_OK)
		leak_die("cannot open the database");
	sqlite3_busy_timeout(L.db, 5000);
	if (sql_int("SELECT CAST(strftime('%s', 'now') AS INTEGER)", NULL) !=
	    NOW)
		leak_die("SQLite's clock is not the fixed one");
	for (k = 0; k < SEATS_CAP; k++) {
		snprintf(name, sizeof(name), "seat%d", k);
		who_login(&L.seat_user[k], name);
		feed_make(k);
	}
	who_login(&L.watcher, "watcher");
	snprintf(L.anon.name, sizeof(L.anon.name), "anon");
	mail_conf_of(&L.site.cf, &L.mc);
	if (token_key_load(L.site.app.db, L.mc.key) != 0)
		leak_die("no token key");
	arena_init(&L.arena, 1 << 26);
	if (mkdtemp(tmpdir) == NULL)
		leak_die("mkdtemp");
	/* Mails go nowhere: the sweep composes them itself. */
	sql_exec("UPDATE users SET notify = 0");
	clock_gettime(CLOCK_MONOTONIC, &t0);
	do {
	L.round = ++rounds;
	for (k = 0; all[k] != NULL; k++) {
		long	 before = L.compared, p0 = L.pairs;

		if (rounds == 1)
			kinds++;
		for (long p = 0; p < pairs; p++) {
			hi = all[k]->seats_max < SEATS_CAP ?
			    all[k]->seats_max : SEATS_CAP;
			nseats = all[k]->seats_min + (int)leak_rnd((uint32_t)(hi -
			    all[k]->seats_min + 1));
			if ((n = find_pack(all[k], nseats, pack)) == 0)
				leak_die("no pack that the game deals from");
			one_pair(all[k], pack, n, nseats, max_moves, tmpdir);
		}
		if (rounds == 1 || seconds == 0)
			printf("leak %-18s %3ld pairs, %8ld views compared\n",
			    all[k]->slug, L.pairs - p0, L.compared - before);
		fflush(stdout);
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	} while (t1.tv_sec - t0.tv_sec < seconds);
	remove_twins(tmpdir);
	printf("leak: %ld rounds of %ld pairs a kind in %ld s\n", rounds, pairs,
	    (long)(t1.tv_sec - t0.tv_sec));
	printf("leak: %ld kinds, %ld pairs (%ld hand, %ld stock; %ld deals "
	    "without the swap wanted), %ld moves posted to each twin, %ld "
	    "pairs stopped at a reveal\n", kinds, L.pairs, L.hand_twins,
	    L.pairs - L.hand_twins, L.no_swap, L.moves, L.stopped_reveal);
	printf("leak: turn feeds: %ld pairs of entries compared, %ld not "
	    "(a feed at its cap)\n", L.feed_entries, L.feeds_full);
	printf("leak: %ld compared, %ld differences, %ld controls, "
	    "%ld control failures\n", L.compared, L.diffs, L.controls,
	    L.control_fails);
	if (L.plan != NULL)
		fclose(L.plan);
	site_reply_free(&L.rep[0]);
	site_reply_free(&L.rep[1]);
	arena_free(&L.arena);
	sqlite3_close(L.db);
	site_close(&L.site);
	return L.diffs == 0 && L.control_fails == 0 ? 0 : 1;
}
