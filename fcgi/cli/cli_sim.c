/*
 * cli_sim.c: "topper sim --game SLUG [--games N] [--first K]
 * [--seed HEX] [--seats LIST] [--options TEXT]... [--bot SEATS]
 * [--league strong:easy [--playouts P] [--policy easy|random]
 * [--deadline-ms MS]]
 * [--record FILE] [--quiet]": random legal play, checking every
 * invariant after every move, and a fingerprint of all the games.
 *
 * Each game is played and checked by sim_game.c, whose header comment
 * says how the seeds are derived, what is checked after every move and
 * what the fingerprint covers; this file reads the options, makes the
 * combinations of seats and options, and reports.
 *
 * Seats and options: the combinations are, for each --options text in
 * the order given (default: one, "", the default options), each seat
 * count of --seats ("5", "2-12" or "2,5,9"; default: the game's whole
 * range) in increasing order, keeping those the game's setup accepts
 * (Six Suit's teams=3 needs a seat count divisible by 3).  Game i
 * plays combination i mod their number; an --options text no seat
 * count accepts is bad usage.
 * Without --seats and --options, game i has seats_min + i mod
 * (seats_max - seats_min + 1) seats and default options.
 *
 * --league strong:easy (one seat count, default the game's least):
 * game i seats the strong bot (search.h, --playouts P a move) at seat
 * i mod nseats and the easy bot everywhere else (--policy: its
 * playouts' default policy; --deadline-ms: a move's search also stops
 * after MS milliseconds, as in the worker, so that run does not replay); the report adds the
 * strong moves' times and, last, "league SLUG strong:easy games N
 * seats S win RATE low LOW high HIGH" (sim_league.h).  With bots, the
 * report gives each kind of hand end's share.
 *
 * --first K plays games K, K+1, ... instead of 0, 1, ..., so a long run
 * can be split over processes, each half with its own fingerprint.
 * --record FILE writes the record of the last game played (the golden
 * records of tests/records/ were made so, for "topper play").
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <json-c/json.h>
#include <sodium.h>

#include "cli.h"
#include "codec.h"
#include "game.h"
#include "record.h"
#include "sim_game.h"
#include "sim_league.h"

enum {
	SIM_GAMES_DEFAULT = 1000
};

/* --seed: 1 to 64 hex digits, a number written big-endian in 32 bytes. */
static int
parse_seed(const char *hex, uint8_t seed[32])
{
	char	 full[65];
	size_t	 n = strlen(hex);

	if (n == 0 || n > 64)
		return -1;
	memset(full, '0', 64);
	memcpy(full + 64 - n, hex, n);
	full[64] = '\0';
	return codec_hex_decode(full, seed);
}

/*
 * --seats: counts "5", ranges "2-12" or a list of both "2,5,9", within
 * the game's range; NULL: all of it.  0 or -1.
 */
static int
parse_seats(struct sim *s, const char *arg)
{
	const char	*p = arg;
	char		*end;
	long		 a, b, n;

	s->seatmask = 0;
	if (arg == NULL) {
		for (n = s->rules->seats_min; n <= s->rules->seats_max; n++)
			s->seatmask |= 1u << n;
		return 0;
	}
	for (;;) {
		if (*p < '0' || *p > '9')
			return -1;
		a = b = strtol(p, &end, 10);
		if (*end == '-') {
			if (end[1] < '0' || end[1] > '9')
				return -1;
			b = strtol(end + 1, &end, 10);
		}
		if (a < s->rules->seats_min || b < a ||
		    b > s->rules->seats_max)
			return -1;
		for (n = a; n <= b; n++)
			s->seatmask |= 1u << n;
		if (*end == '\0')
			return 0;
		if (*end != ',')
			return -1;
		p = end + 1;
	}
}

/* --bot: "alt" or seats "0,2"; 0 or -1. */
static int
parse_bots(struct sim *s, const char *arg)
{
	const char	*p = arg;
	char		*end;
	long		 v;

	if (strcmp(arg, "alt") == 0) {
		s->bot_alt = 1;
		return 0;
	}
	for (;;) {
		errno = 0;
		v = strtol(p, &end, 10);
		if (end == p || *p < '0' || *p > '9' || errno != 0 ||
		    v >= s->rules->seats_max)
			return -1;
		s->bots |= 1u << v;
		if (*end == '\0')
			return 0;
		if (*end != ',')
			return -1;
		p = end + 1;
	}
}

/* With bots: each kind of hand end's share (a cap's share shows loops). */
static void
report_ends(const struct sim *s)
{
	int	 i;

	if (s->hands == 0)
		return;
	printf("hand ends:");
	for (i = 0; i < SIM_KINDS_MAX && s->kinds[i].kind[0]; i++)
		printf("%s %s %.1f%%", i ? "," : "", s->kinds[i].kind,
		    100.0 * s->kinds[i].n / s->hands);
	printf("\n");
}

static void
report(struct sim *s, double secs)
{
	uint8_t	 digest[crypto_hash_sha256_BYTES];
	char	 hex[65];
	int	 i;

	crypto_hash_sha256_final(&s->fp, digest);
	codec_hex_encode(digest, hex);
	hex[16] = '\0';
	if (!s->quiet) {
		printf("%s: %d games, %ld moves, %ld hands (", s->rules->slug,
		    s->games, s->moves, s->hands);
		for (i = 0; i < SIM_KINDS_MAX && s->kinds[i].kind[0]; i++)
			printf("%s%s %ld", i ? ", " : "", s->kinds[i].kind,
			    s->kinds[i].n);
		printf("), every invariant held, %.1f s\n", secs);
		if (s->noptions > 1 || s->options[0][0] != '\0')
			printf("%d combinations of seats and options\n",
			    s->ncombos);
		if (s->probes > 0)
			printf("probes: %ld moves tried, %ld accepted, every "
			    "one accepted listed\n", s->probes, s->probes_ok);
	}
	if (s->bot_games > 0)
		printf("bot: won %d of %d games (%.1f%%)\n", s->bot_wins,
		    s->bot_games, 100.0 * s->bot_wins / s->bot_games);
	if (s->bots != 0 || s->bot_alt || s->league.on)
		report_ends(s);
	printf("fingerprint %s\n", hex);
	if (s->league.on)
		sim_league_report(&s->league, s->rules->slug,
		    s->combos[0].nseats);
}

/*
 * The combinations of seat counts and options setup accepts (a trial
 * set-up of each); 0, or 2 with a message when an --options text fits
 * no seat count.
 */
static int
make_combos(struct sim *s, void *scratch)
{
	static const uint8_t	 seed[32];
	struct game_setup	 su;
	char			 why[GAME_WHY_MAX];
	int			 k, n, fits;

	s->ncombos = 0;
	for (k = 0; k < s->noptions; k++) {
		fits = 0;
		for (n = 0; n <= GAME_SEATS_MAX; n++) {
			if (!(s->seatmask & (1u << n)))
				continue;
			memset(&su, 0, sizeof(su));
			su.nseats = n;
			su.options = s->options[k];
			su.seed = seed;
			su.dealer = -1;
			why[0] = '\0';
			if (s->rules->setup(scratch, &su, why) != GAME_OK)
				continue;
			s->combos[s->ncombos].nseats = n;
			s->combos[s->ncombos++].options = s->options[k];
			fits = 1;
		}
		if (!fits) {
			fprintf(stderr, "topper sim: --options \"%s\" fits no "
			    "seat count of --seats: %s\n", s->options[k], why);
			return 2;
		}
	}
	return 0;
}

/* --record: the last game's record, as topper play reads it. */
static int
write_record(struct sim *s)
{
	struct json_object	*rec;
	FILE			*f;
	int			 bad;

	if ((rec = codec_record_json(&s->log.rec, 1)) == NULL) {
		fprintf(stderr, "topper sim: out of memory\n");
		return 1;
	}
	if ((f = fopen(s->record, "w")) == NULL) {
		fprintf(stderr, "topper sim: %s: %s\n", s->record,
		    strerror(errno));
		json_object_put(rec);
		return 1;
	}
	fprintf(f, "%s\n", json_object_to_json_string_ext(rec,
	    JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED));
	bad = ferror(f) != 0;
	bad |= fclose(f) != 0;
	json_object_put(rec);
	if (bad) {
		fprintf(stderr, "topper sim: %s: write failed\n", s->record);
		return 1;
	}
	return 0;
}

static int
run(struct sim *s)
{
	const struct game_rules	*rules = s->rules;
	struct timespec		 t0, t1;
	int			 g;

	s->state = calloc(1, rules->state_size);
	s->next = calloc(1, rules->state_size);
	s->check = calloc(1, rules->state_size);
	s->view = calloc(1, rules->view_size);
	s->views = calloc(GAME_SEATS_MAX + 1, rules->view_size);
	s->legal = calloc(GAME_LEGAL_MAX, sizeof(*s->legal));
	s->legal2 = calloc(GAME_LEGAL_MAX, sizeof(*s->legal2));
	if (s->state == NULL || s->next == NULL || s->check == NULL ||
	    s->view == NULL || s->views == NULL || s->legal == NULL ||
	    s->legal2 == NULL) {
		fprintf(stderr, "topper sim: out of memory\n");
		return 1;
	}
	if (make_combos(s, s->check) != 0)
		return 2;
	crypto_hash_sha256_init(&s->fp);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (g = s->first; g < s->first + s->games; g++)
		if (sim_game_play(s, g) != 0)
			return 1;
	clock_gettime(CLOCK_MONOTONIC, &t1);
	report(s, (double)(t1.tv_sec - t0.tv_sec) +
	    (double)(t1.tv_nsec - t0.tv_nsec) / 1e9);
	return s->record != NULL ? write_record(s) : 0;
}

int
cli_sim(int argc, char **argv)
{
	struct sim	 s;
	const char	*slug = NULL, *bots = NULL, *seats = NULL;
	char		*end;
	long		 v;
	int		 i, rc;

	memset(&s, 0, sizeof(s));
	s.games = SIM_GAMES_DEFAULT;
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--quiet") == 0)
			s.quiet = 1;
		else if (i + 1 >= argc)
			return cli_usage("sim");
		else if (strcmp(argv[i], "--game") == 0)
			slug = argv[++i];
		else if (strcmp(argv[i], "--bot") == 0)
			bots = argv[++i];
		else if (strcmp(argv[i], "--league") == 0) {
			if (sim_league_parse(&s.league, argv[++i]) != 0) {
				fprintf(stderr, "topper sim: --league: only "
				    "strong:easy\n");
				return 2;
			}
		} else if (strcmp(argv[i], "--policy") == 0) {
			i++;
			if (strcmp(argv[i], "random") != 0 &&
			    strcmp(argv[i], "easy") != 0) {
				fprintf(stderr, "topper sim: --policy: easy or "
				    "random\n");
				return 2;
			}
			s.league.random = strcmp(argv[i], "random") == 0;
		} else if (strcmp(argv[i], "--deadline-ms") == 0) {
			errno = 0;
			v = strtol(argv[++i], &end, 10);
			if (*argv[i] < '0' || *argv[i] > '9' || *end != '\0' ||
			    errno != 0 || v < 1 || v > 600000) {
				fprintf(stderr, "topper sim: --deadline-ms: not "
				    "a positive number: %s\n", argv[i]);
				return 2;
			}
			s.league.deadline_ms = (int)v;
		} else if (strcmp(argv[i], "--playouts") == 0) {
			errno = 0;
			v = strtol(argv[++i], &end, 10);
			if (*argv[i] < '0' || *argv[i] > '9' || *end != '\0' ||
			    errno != 0 || v < 1 || v > 10000000) {
				fprintf(stderr, "topper sim: --playouts: not a "
				    "positive number: %s\n", argv[i]);
				return 2;
			}
			s.league.playouts = (int)v;
		}
		else if (strcmp(argv[i], "--seats") == 0)
			seats = argv[++i];
		else if (strcmp(argv[i], "--record") == 0)
			s.record = argv[++i];
		else if (strcmp(argv[i], "--options") == 0) {
			if (s.noptions >= SIM_OPTIONS_MAX ||
			    strlen(argv[i + 1]) >= RECORD_OPTIONS_MAX) {
				fprintf(stderr, "topper sim: --options: at most "
				    "%d, each under %d characters\n",
				    SIM_OPTIONS_MAX, RECORD_OPTIONS_MAX);
				return 2;
			}
			s.options[s.noptions++] = argv[++i];
		}
		else if (strcmp(argv[i], "--first") == 0) {
			errno = 0;
			v = strtol(argv[++i], &end, 10);
			if (*argv[i] < '0' || *argv[i] > '9' || *end != '\0' ||
			    errno != 0 || v > INT_MAX / 2) {
				fprintf(stderr, "topper sim: --first: not a "
				    "game number: %s\n", argv[i]);
				return 2;
			}
			s.first = (int)v;
		} else if (strcmp(argv[i], "--games") == 0) {
			errno = 0;
			v = strtol(argv[++i], &end, 10);
			if (*argv[i] < '0' || *argv[i] > '9' || *end != '\0' ||
			    errno != 0 || v < 1 || v > INT_MAX / 2) {
				fprintf(stderr, "topper sim: --games: not a "
				    "positive number: %s\n", argv[i]);
				return 2;
			}
			s.games = (int)v;
		} else if (strcmp(argv[i], "--seed") == 0) {
			if (parse_seed(argv[++i], s.seed) != 0) {
				fprintf(stderr, "topper sim: --seed: 1 to 64 "
				    "hex digits\n");
				return 2;
			}
		} else
			return cli_usage("sim");
	}
	if (slug == NULL)
		return cli_usage("sim");
	if ((s.rules = game_find(slug)) == NULL) {
		fprintf(stderr, "topper sim: --game: no game \"%s\"\n", slug);
		return 2;
	}
	if (parse_seats(&s, seats) != 0) {
		fprintf(stderr, "topper sim: --seats: counts and ranges like "
		    "5, 2-4 or 2,5,9, from %d to %d\n", s.rules->seats_min,
		    s.rules->seats_max);
		return 2;
	}
	if (s.noptions == 0)
		s.options[s.noptions++] = "";
	if (s.league.on && seats == NULL)
		s.seatmask = 1u << s.rules->seats_min;
	if (s.league.on && (bots != NULL ||
	    game_seat_count(s.seatmask) != 1 || s.noptions != 1)) {
		fprintf(stderr, "topper sim: --league plays one seat count "
		    "and one --options, without --bot\n");
		return 2;
	}
	if (bots != NULL && parse_bots(&s, bots) != 0) {
		fprintf(stderr, "topper sim: --bot: \"alt\" or seats like "
		    "0 or 0,2 (below %d)\n", s.rules->seats_max);
		return 2;
	}
	if (sodium_init() < 0) {
		fprintf(stderr, "topper sim: libsodium failed to start\n");
		return 1;
	}
	rc = run(&s);
	free(s.state);
	free(s.next);
	free(s.check);
	free(s.view);
	free(s.views);
	free(s.legal);
	free(s.legal2);
	codec_record_free(&s.log);
	sim_league_free(&s.league);
	return rc;
}
