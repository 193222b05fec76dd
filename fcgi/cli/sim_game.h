/*
 * sim_game.h: one game of "topper sim", played and checked (prefix
 * sim_game_).
 *
 * cli_sim.c reads the command line into a struct sim, works out the
 * combinations of seats and options, and reports; sim_game.c plays
 * each game: the seeds derived from the sim seed, random or bot moves,
 * every invariant checked after every move, the game's moves and
 * scores added to the fingerprint, and its record replayed at the end.
 * Kept apart so the rules of the checks read on their own, without
 * the option parsing around them.
 */
#ifndef TOPPER_SIM_GAME_H
#define TOPPER_SIM_GAME_H

#include <stdint.h>

#include <sodium.h>

#include "codec.h"
#include "game.h"
#include "rng.h"
#include "sim_league.h"

enum {
	SIM_KINDS_MAX = 16,		/* hand-end kinds counted */
	SIM_OPTIONS_MAX = 32,		/* --options given */
	SIM_COMBOS_MAX = SIM_OPTIONS_MAX * GAME_SEATS_MAX
};

/* One combination of a seat count and an --options text. */
struct sim_combo {
	int			 nseats;
	const char		*options;
};

/* How many hands ended with one kind of hand event ("gin", "void", ...). */
struct sim_kind {
	char		 kind[16];
	long		 n;
};

/*
 * One run of topper sim: what cli_sim.c read from the command line,
 * the game being played (sim_game.c) and the totals reported.
 */
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

/*
 * Play game number game (from 0) of s: the combination game mod
 * s->ncombos, set up from the seeds derived from s->seed, played to its
 * end with every check after every move, then its record replayed.
 * Adds its moves and scores to s->fp and its counts to s; the buffers
 * s->state ... s->legal2 are the caller's (run() in cli_sim.c).
 * Returns 0, or 1 after printing the broken invariant and the record so
 * far to stderr.
 */
int	sim_game_play(struct sim *s, int game);

#endif /* TOPPER_SIM_GAME_H */
