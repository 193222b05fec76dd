/*
 * sim_game.c: one game of "topper sim" (sim_game.h).
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
 * Fingerprint: SHA-256 over, game by game, each move's canonical text
 * followed by "\n", then after the game's last move "=" and for each
 * seat " " and its final score in decimal, then "\n".  The first 16 hex
 * digits of the digest are printed.
 */
#include "sim_game.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "bot.h"
#include "record.h"
#include "search.h"

enum {
	SIM_MOVES_MAX = 50000,		/* a game that runs longer fails */
	SIM_PROBE_EVERY = 4,		/* plies between probes */
	SIM_PROBE_MAX = 8		/* probe moves tried per position */
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
	search_noise(&s->noise, noise);
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

int
sim_game_play(struct sim *s, int game)
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
