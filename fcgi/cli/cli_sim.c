/*
 * cli_sim.c: "topper sim --game SLUG [--games N] [--first K]
 * [--seed HEX] [--seats LIST] [--options TEXT]... [--bot SEATS]
 * [--league strong:easy [--playouts P] [--policy easy|random]
 * [--deadline-ms MS]]
 * [--record FILE] [--quiet]": random legal play, checking every
 * invariant after every move, and a fingerprint of all the games.
 *
 * Everything is derived from the 32-byte sim seed (--seed, 1 to 64 hex
 * digits read as a number, default 0), so a run replays exactly.  For
 * game i (from 0), with le64(i) its 8 bytes little-endian:
 *   game seed = SHA-256(sim seed || le64(i) || "game")
 *   noise key = SHA-256(sim seed || le64(i) || "noise")
 * The noise key starts a ChaCha20 stream (struct rng).  Before each
 * move: when several seats must act, rng_uniform(count) picks one, in
 * seat order; then 8 words (little-endian) make the 32 bytes of noise
 * for the player, bot_random() for a random seat and bot_choose() for
 * a bot seat.  The dealer is drawn from the game seed.
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
 * After every move (and after set-up) the checks are: rules->audit
 * (every card once), rules->view + audit_view for every seat and for a
 * spectator (and GAME_VIEW_ALL once over), the status scores equal to
 * the sum of all hand-event deltas, the moves listed from the mover's
 * view equal to those from the full state, the chosen move's text
 * parsing back to the same text (the parsed move is what is applied), a
 * legal move never refused, and the same move refused from a seat that
 * is not to act.  At every SIM_PROBE_EVERY-th ply, a game with a
 * probe (game.h) has each probe move of the seat to move that apply()
 * accepts share its verb with a listed move (12-Step: a contract the
 * brute force finds accepted means one is listed); no noise is drawn
 * for it, so it leaves the fingerprint alone.  Each game must end
 * within SIM_MOVES_MAX moves and
 * name a winner, and replaying its record (seed + move texts,
 * record_replay) must give the same state bytes.
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
 *
 * Fingerprint: SHA-256 over, game by game, each move's canonical text
 * followed by "\n", then after the game's last move "=" and for each
 * seat " " and its final score in decimal, then "\n".  The first 16 hex
 * digits of the digest are printed.
 */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <json-c/json.h>
#include <sodium.h>

#include "bot.h"
#include "cli.h"
#include "codec.h"
#include "game.h"
#include "record.h"
#include "rng.h"
#include "sim_league.h"

enum {
	SIM_GAMES_DEFAULT = 1000,
	SIM_MOVES_MAX = 50000,		/* a game that runs longer fails */
	SIM_KINDS_MAX = 16,		/* hand-end kinds counted */
	SIM_OPTIONS_MAX = 32,		/* --options given */
	SIM_COMBOS_MAX = SIM_OPTIONS_MAX * GAME_SEATS_MAX,
	SIM_PROBE_EVERY = 4,		/* plies between probes */
	SIM_PROBE_MAX = 8		/* probe moves tried per position */
};

/* One combination of a seat count and an --options text. */
struct sim_combo {
	int			 nseats;
	const char		*options;
};

struct sim_kind {
	char		 kind[16];
	long		 n;
};

struct sim {
	const struct game_rules	*rules;
	uint8_t			 seed[32];
	int			 first;		/* index of the first game */
	int			 games;
	int			 quiet;
	const char		*record;	/* --record FILE */
	int			 bot_alt;	/* bot at seat game mod nseats */
	uint32_t		 seatmask;	/* --seats: bit n for n seats */
	int			 noptions;
	const char		*options[SIM_OPTIONS_MAX];
	struct sim_combo	 combos[SIM_COMBOS_MAX];
	int			 ncombos;
	uint32_t		 bots;		/* else these seats */
	struct sim_league	 league;	/* --league, --playouts */
	uint32_t		 strongmask;	/* league: the strong seat */
	crypto_hash_sha256_state fp;

	/* The game being played. */
	int			 game;
	int			 nseats;
	int			 ply;
	uint32_t		 botmask;
	int64_t			 sums[GAME_SEATS_MAX]; /* of event deltas */
	struct codec_record	 log;	/* seed + moves so far */
	struct rng		 noise;

	void			*state, *next, *view, *check;
	char			*views;	/* of the last position checked */
	struct game_move	*legal, *legal2;
	int			 nlegal;	/* in legal, from the view */

	long			 moves, hands;
	long			 probes, probes_ok;	/* tried, accepted */
	int			 bot_games, bot_wins;
	struct sim_kind		 kinds[SIM_KINDS_MAX];
};

/* Report a broken invariant (with the record to replay it); returns 1. */
__attribute__((format(printf, 3, 4)))
static int
broken(struct sim *s, int seat, const char *fmt, ...)
{
	struct json_object	*rec;
	va_list			 ap;

	fprintf(stderr, "topper sim: %s game %d, ply %d", s->rules->slug,
	    s->game, s->ply);
	if (seat >= 0)
		fprintf(stderr, ", seat %d", seat);
	else if (seat == GAME_VIEW_SPECTATOR)
		fprintf(stderr, ", spectator");
	else if (seat == GAME_VIEW_ALL)
		fprintf(stderr, ", everything shown");
	fprintf(stderr, ": ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nrecord so far (replay with topper play):\n");
	if ((rec = codec_record_json(&s->log.rec, 1)) != NULL) {
		fprintf(stderr, "%s\n", json_object_to_json_string_ext(rec,
		    JSON_C_TO_STRING_PLAIN));
		json_object_put(rec);
	}
	return 1;
}

static void
derive(const uint8_t seed[32], int game, const char *tag, uint8_t out[32])
{
	crypto_hash_sha256_state h;
	uint8_t			 le[8];
	int			 i;

	for (i = 0; i < 8; i++)
		le[i] = (uint8_t)((uint64_t)game >> (8 * i));
	crypto_hash_sha256_init(&h);
	crypto_hash_sha256_update(&h, seed, 32);
	crypto_hash_sha256_update(&h, le, sizeof(le));
	crypto_hash_sha256_update(&h, (const uint8_t *)tag, strlen(tag));
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

/* Seat v's view (GAME_VIEW_SPECTATOR too) made by check_position(). */
static void *
view_of(struct sim *s, int v)
{
	return s->views + (size_t)(v + 1) * s->rules->view_size;
}

/* Every check on a position: cards, views, scores. */
static int
check_position(struct sim *s, const void *st)
{
	const struct game_rules	*rules = s->rules;
	struct game_status	 gs;
	char			 why[GAME_WHY_MAX];
	int			 v, i;

	why[0] = '\0';
	if (rules->audit(st, why) != 0)
		return broken(s, INT_MIN, "audit: %s", why);
	rules->status(st, &gs);
	if (gs.nseats != s->nseats)
		return broken(s, INT_MIN, "status has %d seats, not %d",
		    gs.nseats, s->nseats);
	for (i = 0; i < s->nseats; i++)
		if (gs.scores[i] != s->sums[i])
			return broken(s, i, "score %d, but the hand events "
			    "add up to %lld", (int)gs.scores[i],
			    (long long)s->sums[i]);
	for (v = GAME_VIEW_SPECTATOR; v < s->nseats; v++) {
		memset(view_of(s, v), 0xa5, rules->view_size);
		rules->view(st, v, view_of(s, v));
		why[0] = '\0';
		if (rules->audit_view(st, view_of(s, v), v, why) != 0)
			return broken(s, v, "view: %s", why);
	}
	if (gs.over) {
		rules->view(st, GAME_VIEW_ALL, s->view);
		if (rules->audit_view(st, s->view, GAME_VIEW_ALL, why) != 0)
			return broken(s, GAME_VIEW_ALL, "view: %s", why);
	}
	if (!gs.over && gs.to_act == 0)
		return broken(s, INT_MIN, "the game is not over and nobody "
		    "is to act");
	return 0;
}

/* The moves listed from seat's view must be those of the full state. */
static int
check_legal(struct sim *s, const void *view, int seat)
{
	const struct game_rules	*rules = s->rules;
	char			 a[GAME_MOVE_TEXT_MAX];
	char			 b[GAME_MOVE_TEXT_MAX];
	int			 n, n2, i;

	n = rules->legal(view, seat, s->legal, GAME_LEGAL_MAX);
	n2 = rules->legal(s->state, seat, s->legal2, GAME_LEGAL_MAX);
	if (n != n2)
		return broken(s, seat, "%d legal moves from the view, %d from "
		    "the state", n, n2);
	if (n <= 0)
		return broken(s, seat, "to act, but no legal move");
	if (n > GAME_LEGAL_MAX)
		n = GAME_LEGAL_MAX;
	s->nlegal = n;
	if (memcmp(s->legal, s->legal2, (size_t)n * sizeof(*s->legal)) == 0)
		return 0;
	for (i = 0; i < n; i++) {
		rules->format(&s->legal[i], a, sizeof(a));
		rules->format(&s->legal2[i], b, sizeof(b));
		if (strcmp(a, b) != 0)
			return broken(s, seat, "legal move %d is \"%s\" from "
			    "the view, \"%s\" from the state", i + 1, a, b);
	}
	return 0;
}

/*
 * The game's probe moves for seat: each one apply() accepts must share
 * its verb with a move of s->legal (listed from seat's view).
 */
static int
check_probes(struct sim *s, int seat)
{
	const struct game_rules	*rules = s->rules;
	struct game_events	 ev;
	char			 text[GAME_MOVE_TEXT_MAX], why[GAME_WHY_MAX];
	int			 n, i, j;

	n = rules->probe(s->state, seat, s->legal2, SIM_PROBE_MAX);
	for (i = 0; i < n && i < SIM_PROBE_MAX; i++) {
		s->probes++;
		if (rules->apply(s->state, s->next, seat, &s->legal2[i], &ev,
		    why) != GAME_OK)
			continue;
		s->probes_ok++;
		for (j = 0; j < s->nlegal; j++)
			if (s->legal[j].verb == s->legal2[i].verb)
				break;
		if (j == s->nlegal) {
			rules->format(&s->legal2[i], text, sizeof(text));
			return broken(s, seat, "\"%s\" is accepted, but no "
			    "such move is listed", text);
		}
	}
	return 0;
}

static void
count_kind(struct sim *s, const char *kind)
{
	int	 i;

	for (i = 0; i < SIM_KINDS_MAX; i++) {
		if (s->kinds[i].kind[0] == '\0')
			snprintf(s->kinds[i].kind, sizeof(s->kinds[i].kind),
			    "%s", kind);
		if (strncmp(s->kinds[i].kind, kind,
		    sizeof(s->kinds[i].kind)) == 0) {
			s->kinds[i].n++;
			return;
		}
	}
}

/* Pick the seat to move, its move, and apply it; 0 or 1. */
static int
play_move(struct sim *s, const struct game_status *gs)
{
	const struct game_rules	*rules = s->rules;
	struct game_move	 mv, mv2;
	struct game_events	 ev;
	uint8_t			 noise[32];
	char			 text[GAME_MOVE_TEXT_MAX];
	char			 text2[GAME_MOVE_TEXT_MAX];
	char			 why[GAME_WHY_MAX];
	void			*tmp, *view;
	enum game_rc		 rc;
	int			 seat, k, i;

	k = game_seat_count(gs->to_act);
	seat = game_first_seat(gs->to_act);
	if (k > 1)
		for (i = (int)rng_uniform(&s->noise, (uint32_t)k); i > 0; i--)
			seat = game_first_seat(gs->to_act &
			    ~((2u << seat) - 1));
	if (seat < 0 || seat >= s->nseats)
		return broken(s, seat, "to_act names no seat of the game");
	view = view_of(s, seat);
	if (check_legal(s, view, seat) != 0)
		return 1;
	if (rules->probe != NULL && s->ply % SIM_PROBE_EVERY == 0 &&
	    check_probes(s, seat) != 0)
		return 1;
	draw_noise(&s->noise, noise);
	/* check_legal() listed the view's moves: bot_random() on them. */
	if (s->strongmask & (1u << seat))
		rc = sim_league_choose(&s->league, rules, view, seat, noise,
		    &mv);
	else if (s->botmask & (1u << seat))
		rc = bot_choose(rules, view, seat, noise, &mv);
	else {
		mv = s->legal[bot_random_index(noise, s->nlegal)];
		rc = GAME_OK;
	}
	if (rc != GAME_OK)
		return broken(s, seat, "%s found no move",
		    s->botmask & (1u << seat) ? "the bot" : "random play");
	if (rules->format(&mv, text, sizeof(text)) >= sizeof(text))
		return broken(s, seat, "move text too long: \"%s...\"", text);
	why[0] = '\0';
	if (rules->parse(text, &mv2, why) != GAME_OK)
		return broken(s, seat, "\"%s\" does not parse back: %s",
		    text, why);
	rules->format(&mv2, text2, sizeof(text2));
	if (strcmp(text, text2) != 0)
		return broken(s, seat, "\"%s\" parses back as \"%s\"", text,
		    text2);
	if (codec_record_add_move(&s->log, seat, text) != 0)
		return broken(s, seat, "out of memory");
	/* The same move from a seat that is not to act is refused. */
	k = game_first_seat(~gs->to_act & ((1u << s->nseats) - 1));
	if (k >= 0 && rules->apply(s->state, s->next, k, &mv2, &ev,
	    why) == GAME_OK)
		return broken(s, k, "\"%s\" accepted from a seat not to act",
		    text);
	why[0] = '\0';
	if (rules->apply(s->state, s->next, seat, &mv2, &ev, why) != GAME_OK)
		return broken(s, seat, "%s \"%s\" refused: %s",
		    s->botmask & (1u << seat) ? "the bot's move" :
		    "a legal move", text, why);
	tmp = s->state;
	s->state = s->next;
	s->next = tmp;
	s->ply++;
	s->moves++;
	crypto_hash_sha256_update(&s->fp, (const uint8_t *)text,
	    strlen(text));
	crypto_hash_sha256_update(&s->fp, (const uint8_t *)"\n", 1);
	if (ev.n < 0 || ev.n > GAME_EVENTS_MAX)
		return broken(s, seat, "%d hand events", ev.n);
	for (i = 0; i < ev.n; i++) {
		for (k = 0; k < s->nseats; k++)
			s->sums[k] += ev.ev[i].delta[k];
		for (k = s->nseats; k < GAME_SEATS_MAX; k++)
			if (ev.ev[i].delta[k] != 0)
				return broken(s, k, "hand event scores a seat "
				    "outside the game");
		count_kind(s, ev.ev[i].kind);
		s->hands++;
	}
	return check_position(s, s->state);
}

/* The game's record replayed must reach the same state bytes. */
static int
check_replay(struct sim *s)
{
	struct record_result	 res;
	int			 rc;

	rc = record_replay(&s->log.rec, -1, s->check, s->next, NULL, NULL,
	    &res);
	if (rc != 0)
		return broken(s, INT_MIN, "the record does not replay: move "
		    "%d: %s", res.failed_move, res.why);
	if (res.ply != s->ply ||
	    memcmp(s->check, s->state, s->rules->state_size) != 0)
		return broken(s, INT_MIN, "the replayed record gives other "
		    "state bytes");
	return 0;
}

static int
play_game(struct sim *s, int game)
{
	const struct game_rules	*rules = s->rules;
	struct game_setup	 su;
	struct game_status	 gs;
	const struct sim_combo	*co = &s->combos[game % s->ncombos];
	uint8_t			 key[32];
	char			 why[GAME_WHY_MAX], line[32];
	int			 i;

	s->game = game;
	s->ply = 0;
	s->nseats = co->nseats;
	memset(s->sums, 0, sizeof(s->sums));
	s->botmask = s->bot_alt ? 1u << (game % s->nseats) : s->bots;
	s->strongmask = 0;
	if (s->league.on) {
		s->botmask = (1u << s->nseats) - 1;
		s->strongmask = 1u << (game % s->nseats);
	}
	s->log.rec.rules = rules;
	snprintf(s->log.rec.options, sizeof(s->log.rec.options), "%s",
	    co->options);
	s->log.rec.nseats = s->nseats;
	s->log.rec.dealer = -1;
	s->log.rec.has_seed = 1;
	s->log.rec.nmoves = 0;
	derive(s->seed, game, "game", s->log.rec.seed);
	derive(s->seed, game, "noise", key);
	rng_init(&s->noise, key);

	memset(&su, 0, sizeof(su));
	su.nseats = s->nseats;
	su.options = co->options;
	su.seed = s->log.rec.seed;
	su.dealer = -1;
	memset(s->state, 0, rules->state_size);
	memset(s->next, 0, rules->state_size);
	why[0] = '\0';
	if (rules->setup(s->state, &su, why) != GAME_OK)
		return broken(s, INT_MIN, "set-up refused: %s", why);
	if (check_position(s, s->state) != 0)
		return 1;
	for (;;) {
		rules->status(s->state, &gs);
		if (gs.over)
			break;
		if (s->ply >= SIM_MOVES_MAX)
			return broken(s, INT_MIN, "no end after %d moves",
			    SIM_MOVES_MAX);
		if (play_move(s, &gs) != 0)
			return 1;
	}
	if ((gs.winners & ((1u << s->nseats) - 1)) == 0 ||
	    (gs.winners >> s->nseats) != 0)
		return broken(s, INT_MIN, "the game is over without a "
		    "winner among its seats");
	crypto_hash_sha256_update(&s->fp, (const uint8_t *)"=", 1);
	for (i = 0; i < s->nseats; i++) {
		snprintf(line, sizeof(line), " %d", (int)gs.scores[i]);
		crypto_hash_sha256_update(&s->fp, (const uint8_t *)line,
		    strlen(line));
	}
	crypto_hash_sha256_update(&s->fp, (const uint8_t *)"\n", 1);
	if (s->league.on)
		sim_league_game(&s->league, gs.winners,
		    game_first_seat(s->strongmask));
	if (s->botmask != 0 && (s->botmask & ((1u << s->nseats) - 1)) !=
	    ((1u << s->nseats) - 1)) {
		s->bot_games++;
		if (gs.winners & s->botmask)
			s->bot_wins++;
	}
	return check_replay(s);
}

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
		if (play_game(s, g) != 0)
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
