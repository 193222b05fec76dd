/*
 * leak.h: what the three parts of the twin-game leak sweep share: leak.c
 * (the twins, main), leak_play.c (their moves) and leak_view.c (the
 * fetches and the comparison).  One process, one sweep: the state is one
 * global.
 */
#ifndef TOPPER_SOAK_LEAK_H
#define TOPPER_SOAK_LEAK_H

#include <stdint.h>
#include <stdio.h>

#include <sqlite3.h>

#include "arena.h"
#include "game.h"
#include "mail_compose.h"
#include "site.h"

#define NOW		1767225600	/* 2026-01-01, fixed */
#define OBS_MAX		(GAME_SEATS_MAX + 2)
#define PACK_MAX	1024		/* deck_fill() of 4 copies fits */
#define SEATS_CAP	6		/* users seat0..seat5 */

struct twin {
	const struct game_rules	*rules;
	int			 nseats;
	int			 owner;		/* seat S, or -1: a stock twin */
	int64_t			 id[2];		/* A, B */
	uint8_t			*st[2];		/* engine states */
	int			 ply;
	int			 nmoves;	/* moves[]: what was posted */
	struct {
		int	 seat;
		char	 text[GAME_MOVE_TEXT_MAX];
	}			 moves[256];
};

struct leak {
	struct site	 site;
	const char	*config;
	sqlite3		*db;
	struct site_who	 seat_user[SEATS_CAP];
	char		 feed[SEATS_CAP][48];	/* each seat user's feed token */
	struct site_who	 watcher, anon;
	struct mail_conf mc;
	struct arena	 arena;
	uint64_t	 rnd;
	const char	*dump;
	FILE		*plan;		/* --plan: the pairs, for leak_nginx.py */
	long		 round;		/* the plan holds round 1's pairs */
	int		 self_test;	/* the owner counts as an observer */
	long		 compared, diffs, controls, control_fails;
	long		 feeds_full;	/* feed entries not compared: feed full */
	long		 feed_entries;	/* compared feeds listing the games */
	long		 pairs, hand_twins, moves, stopped_reveal, no_swap;
	struct site_reply rep[2];
};

extern struct leak	 L;

/* Print why and exit 2 (a set-up error, not a finding). */
void	leak_die(const char *what) __attribute__((noreturn));

/* The sweep's random numbers (L.rnd, from --seed): 0 to n - 1, 0 for 0. */
uint32_t leak_rnd(uint32_t n);

/*
 * Which viewers' engine views of states a and b (a game g of nseats)
 * differ: bit s for seat s, bit 31 the spectator.
 */
uint32_t leak_view_diff(const struct game_rules *g, int nseats,
	    const uint8_t *a, const uint8_t *b);

/*
 * Up to max moves legal in both twins, each posted to both games (the
 * mover's reply compared) and swept; stops at the hand's end or before a
 * move that shows the swap to anyone but the owner.  Returns the moves
 * made.
 */
int	leak_play(struct twin *t, int max);

/*
 * Normalize the two replies in L.rep (games t->id[0], t->id[1]) and
 * compare them: a view (counted in L.compared, a difference in
 * L.diffs), or with must_differ the control (L.controls, a sameness in
 * L.control_fails).  Returns 1 when they are equal.
 */
int	leak_compare(const struct twin *t, int is_mail, const char *what,
	    const char *who, int must_differ);

/* GET fmt (with the game id; query q or NULL) from both games as w. */
void	leak_fetch2(const struct twin *t, const struct site_who *w,
	    const char *fmt, const char *q, int must_differ);

/*
 * Everything every observer (each seat but the owner, the watcher, an
 * anonymous visitor) can fetch at the twins' ply, compared; the history
 * of every ply with all_history, else of the last.
 */
void	leak_sweep(const struct twin *t, int all_history);

#endif /* TOPPER_SOAK_LEAK_H */
