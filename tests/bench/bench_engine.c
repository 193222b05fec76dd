/*
 * bench_engine.c: "build/tests/bench/bench_engine [--seconds S]" (run by
 * tools/bench-engines.sh in make bench): the engines' own speed on one
 * core, one line per figure.  A benchmark, kept with the tests because
 * it names the games whose worst cases it builds.
 *
 * - Random games per second for each game: set-up, the legal moves of
 *   a seat to act, a uniformly random one applied, until the game ends;
 *   no views, audits or replays (topper sim does those).  Six Suit at 4
 *   and at 12 players (whole matches, default options), 12-Step Rummy
 *   as rounds per second at 5 players.  Each figure plays for S seconds
 *   (default 2) of this thread's CPU time, whole games only.
 * - Casino Macedonia: the time to list every legal move in a crowded
 *   position built here (below), per listing.
 * - 12-Step Rummy: the time tsr_find_contract() takes to decide whether
 *   a 14-card hand can lay contract 12 (a run of 10), on hands built to
 *   make the search try the most (below), per call.
 *
 * - The strong bot's playouts a second for each game at 2 and 4 seats
 *   (bench_search.c).
 *
 * Lines: "bench-engine: WHAT: VALUE UNIT (detail)".
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_search.h"
#include "casino.h"
#include "game.h"
#include "rng.h"
#include "twelve_step.h"

/*
 * This thread's CPU time: the figures are per core, and make bench may
 * share the machine with other work.
 */
static double
now(void)
{
	struct timespec	 t;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

struct bench {
	double			 secs;
	void			*a, *b;
	struct game_move	*legal;
	struct rng		 pick;
};

/*
 * Random games of slug at nseats for b->secs; prints games (or, with
 * per_hand, rounds) per second.  0, or 1 when the engine misbehaves.
 */
static int
random_rate(struct bench *b, const char *slug, int nseats,
    const char *options, int per_hand, const char *label)
{
	const struct game_rules	*r = game_find(slug);
	struct game_setup	 su;
	struct game_status	 gs;
	struct game_events	 ev;
	uint8_t			 seed[32];
	char			 why[GAME_WHY_MAX];
	double			 t0, t;
	long			 games = 0, moves = 0, hands = 0, gmoves, n;
	uint32_t		 m;
	int			 seat, k;
	void			*tmp;

	if (r == NULL) {
		fprintf(stderr, "topper bench-engine: no game %s\n", slug);
		return 1;
	}
	t0 = now();
	do {
		memset(seed, 0, sizeof(seed));
		memcpy(seed, &games, sizeof(games));
		memset(&su, 0, sizeof(su));
		su.nseats = nseats;
		su.options = options;
		su.seed = seed;
		su.dealer = -1;
		gmoves = 0;
		if (r->setup(b->a, &su, why) != GAME_OK) {
			fprintf(stderr, "topper bench-engine: %s: %s\n", slug,
			    why);
			return 1;
		}
		for (;;) {
			r->status(b->a, &gs);
			if (gs.over)
				break;
			/* A random seat of those to act, as topper sim. */
			m = gs.to_act;
			for (k = (int)rng_uniform(&b->pick,
			    (uint32_t)game_seat_count(m)); k > 0; k--)
				m &= m - 1;
			seat = game_first_seat(m);
			n = r->legal(b->a, seat, b->legal, GAME_LEGAL_MAX);
			if (n <= 0 || ++gmoves > 10000000L) {
				fprintf(stderr, "topper bench-engine: %s: seat %d "
				    "to act has no move, or no end\n", slug, seat);
				return 1;
			}
			if (n > GAME_LEGAL_MAX)
				n = GAME_LEGAL_MAX;
			if (r->apply(b->a, b->b, seat, &b->legal[rng_uniform(
			    &b->pick, (uint32_t)n)], &ev, why) != GAME_OK) {
				fprintf(stderr, "topper bench-engine: %s: a legal "
				    "move refused: %s\n", slug, why);
				return 1;
			}
			tmp = b->a;
			b->a = b->b;
			b->b = tmp;
			moves++;
			hands += ev.n;
		}
		games++;
	} while ((t = now() - t0) < b->secs);
	if (per_hand)
		printf("bench-engine: %s: %.0f rounds/s (%d players, %ld "
		    "rounds in %ld games, %.0f moves/s)\n", label,
		    (double)hands / t, nseats, hands, games,
		    (double)moves / t);
	else
		printf("bench-engine: %s: %.1f games/s (%d players%s%s, %ld "
		    "games, %.0f moves/s)\n", label, (double)games / t,
		    nseats, options[0] ? ", " : "", options, games,
		    (double)moves / t);
	fflush(stdout);
	return 0;
}

/*
 * The crowded Casino tables: two players, the base options, seat 0 to
 * play holding the five 4s of the colors with a plain suit each
 * (4Rc 4Yh 4Gt 4Bs, and 4Kb, wild in both).  On the table lie, as
 * single cards, the first npiles of the 1s then the 2s (by id, those
 * not burned): small values sharing colors and suits, so each 4 can
 * take its value as one 2+2, 2+1+1 or 1+1+1+1 group of many kinds, and
 * a take is any set of disjoint groups.  The count of takes explodes
 * with the table: measured with the step cap raised 40-fold, 16 piles
 * list 1060 moves in 0.4 ms, 18 piles 2987 moves in 5 ms, 20 piles
 * 23024 in 166 ms, 22 piles 223658 in 2.9 s.  So the bench lists 18
 * piles (the most whose listing completes) and all 49 of the 1s and 2s
 * (one of the 50 is burned), where the engine's step cap stops the
 * listing (casino.h: about 10 ms), the most any listing takes.  Seat 1
 * holds five 3s; the stock has the rest; cm_audit must pass.
 */
static int
casino_position(struct cm_state *s, int npiles)
{
	struct game_setup	 su;
	uint8_t			 seed[32], used[CM_IDS];
	char			 why[GAME_WHY_MAX];
	card_t			 c;
	int			 i, col, su_, num;

	memset(seed, 1, sizeof(seed));
	memset(&su, 0, sizeof(su));
	su.nseats = 2;
	su.options = "";
	su.seed = seed;
	su.dealer = 1;
	if (cm_rules.setup(s, &su, why) != GAME_OK)
		return -1;
	memset(used, 0, sizeof(used));
	for (i = 0; i < s->nburned; i++)
		used[s->burned[i]] = 1;
	memset(s->hands, CARD_NONE, sizeof(s->hands));
	memset(s->nhand, 0, sizeof(s->nhand));
	memset(s->stock, CARD_NONE, sizeof(s->stock));
	memset(s->pile_of, CM_NOBODY, sizeof(s->pile_of));
	memset(s->decl, 0, sizeof(s->decl));
	memset(s->piles, 0, sizeof(s->piles));
	s->npiles = 0;
	s->nstock = 0;
	for (col = 0; col < 5; col++) {
		c = card_tt_make(CARD_N4, col, col);
		s->hands[0][s->nhand[0]++] = c;
		used[c] = 1;
		c = card_tt_make(CARD_N3, col, (col + 1) % 5);
		s->hands[1][s->nhand[1]++] = c;
		used[c] = 1;
	}
	for (num = CARD_N1; num <= CARD_N2; num++)
		for (col = 0; col < 5; col++)
			for (su_ = 0; su_ < 5; su_++) {
				c = card_tt_make(num, col, su_);
				if (used[c] || s->npiles >= npiles)
					continue;
				used[c] = 1;
				s->piles[s->npiles].kind = CM_SINGLE;
				s->piles[s->npiles].owner = CM_NOBODY;
				s->piles[s->npiles].value = (uint8_t)(num + 1);
				s->piles[s->npiles].ncards = 1;
				s->piles[s->npiles].cmask = (uint8_t)cm_cmask(c);
				s->piles[s->npiles].smask = (uint8_t)cm_smask(c);
				s->piles[s->npiles].name = c;
				s->pile_of[c] = s->npiles++;
			}
	for (i = 0; i < CARD_TT_COUNT; i++)
		if (!used[i])
			s->stock[s->nstock++] = (card_t)i;
	card_sort(s->hands[0], s->nhand[0]);
	card_sort(s->hands[1], s->nhand[1]);
	s->turn = 0;
	s->phase = CM_PHASE_PLAY;
	s->last_taker = CM_NOBODY;
	if (cm_audit(s, why) != 0) {
		fprintf(stderr, "topper bench-engine: the Casino position is "
		    "not consistent: %s\n", why);
		return -1;
	}
	return 0;
}

static int
casino_listing(struct bench *b, int npiles, const char *what)
{
	struct cm_state	*s = b->a;
	double		 t0, t;
	long		 calls = 0;
	int		 n = 0;

	if (casino_position(s, npiles) != 0)
		return 1;
	t0 = now();
	do {
		n = cm_rules.legal(s, 0, b->legal, GAME_LEGAL_MAX);
		calls++;
	} while ((t = now() - t0) < b->secs / 2);
	printf("bench-engine: casino-macedonia all legal moves, %s: %.3f ms "
	    "per listing (%d piles, 5 cards in hand, %d moves, %ld "
	    "listings)\n", what, 1e3 * t / (double)calls, s->npiles, n,
	    calls);
	fflush(stdout);
	return 0;
}

/*
 * 14-card hands for contract 12 (one run of 10 in a suit, wilds never
 * adjacent).  The search tries every wild count, suit and start; it
 * works longest when the answer is no yet many windows come close:
 * five wilds (the four 2s and a joker), the most any wild count tries,
 * and nine naturals spread over all four suits at alternate ranks so
 * every suit has runs with gaps a wild could fill, just never enough
 * of them.  A yes case is timed too: the same wilds with the
 * naturals of one suit placed so only the last window fits.
 */
static const char *const tsr_hands[][2] = {
	{ "no", "2S 2H 2D 2C JK 3S 5S 7S 4H 6H 8H 9D JD KC" },
	{ "yes", "2S 2H 2D 2C JK 6S 8S TS QS AS 3H 4D 5C 7C" }
};

static int
hand_counts(const char *text, uint8_t h[TSR_IDS])
{
	const char	*p = text, *end;
	card_t		 c;
	int		 n = 0;

	memset(h, 0, TSR_IDS);
	while (*p != '\0') {
		if (*p == ' ') {
			p++;
			continue;
		}
		c = card_parse(CARD_STD, p, &end);
		if (c == CARD_NONE || c >= TSR_IDS)
			return -1;
		h[c]++;
		n++;
		p = end;
	}
	return n;
}

static int
contract_search(struct bench *b)
{
	struct tsr_meld	 out[TSR_REQS_MAX];
	uint8_t		 h[TSR_IDS];
	double		 t0, t;
	long		 calls;
	int		 i, n, found = 0;

	for (i = 0; i < 2; i++) {
		if ((n = hand_counts(tsr_hands[i][1], h)) != 14) {
			fprintf(stderr, "topper bench-engine: bad hand %s\n",
			    tsr_hands[i][1]);
			return 1;
		}
		calls = 0;
		t0 = now();
		do {
			found = tsr_find_contract(h, n, 12, CARD_NONE,
			    CARD_NONE, out) > 0;
			calls++;
		} while ((t = now() - t0) < b->secs / 4);
		if ((found ? "yes" : "no")[0] != tsr_hands[i][0][0]) {
			fprintf(stderr, "topper bench-engine: contract 12 from "
			    "%s: found %s, expected %s\n", tsr_hands[i][1],
			    found ? "yes" : "no", tsr_hands[i][0]);
			return 1;
		}
		printf("bench-engine: twelve-step contract 12 from 14 cards "
		    "(%s): %.2f us per search (%s; %ld searches)\n",
		    tsr_hands[i][0], 1e6 * t / (double)calls, tsr_hands[i][1],
		    calls);
		fflush(stdout);
	}
	return 0;
}

int
main(int argc, char **argv)
{
	struct bench	 b;
	uint8_t		 key[32];
	char		*end;
	int		 i, rc = 0;

	memset(&b, 0, sizeof(b));
	b.secs = 2.0;
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--seconds") == 0 && i + 1 < argc) {
			errno = 0;
			b.secs = strtod(argv[++i], &end);
			if (*end != '\0' || errno != 0 || !(b.secs > 0.0) ||
			    b.secs > 600.0) {
				fprintf(stderr, "topper bench-engine: --seconds: "
				    "a number above 0, at most 600\n");
				return 2;
			}
		} else {
			fprintf(stderr, "usage: bench_engine [--seconds S]\n");
			return 2;
		}
	}
	b.a = calloc(1, GAME_STATE_MAX);
	b.b = calloc(1, GAME_STATE_MAX);
	b.legal = calloc(GAME_LEGAL_MAX, sizeof(*b.legal));
	if (b.a == NULL || b.b == NULL || b.legal == NULL) {
		fprintf(stderr, "topper bench-engine: out of memory\n");
		rc = 1;
		goto out;
	}
	memset(key, 42, sizeof(key));
	rng_init(&b.pick, key);
	rc = random_rate(&b, "gin-vodka", 2, "", 0, "gin-vodka random play") ||
	    random_rate(&b, "vodkapolis-500", 4, "", 0,
	    "vodkapolis-500 random play") ||
	    random_rate(&b, "rummy-500", 4, "", 0, "rummy-500 random play") ||
	    random_rate(&b, "casino-macedonia", 4, "", 0,
	    "casino-macedonia random play") ||
	    random_rate(&b, "six-suit", 4, "", 0, "six-suit random play") ||
	    random_rate(&b, "six-suit", 12, "", 0, "six-suit random play") ||
	    random_rate(&b, "twelve-step-rummy", 5, "", 1,
	    "twelve-step-rummy random play") ||
	    casino_listing(&b, 18, "18 small singles, complete") ||
	    casino_listing(&b, CM_PILES_MAX, "49 small singles, step cap") ||
	    contract_search(&b) ||
	    bench_search_rates(b.secs);
out:
	free(b.a);
	free(b.b);
	free(b.legal);
	return rc;
}
