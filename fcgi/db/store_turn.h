/*
 * store_turn.h: whose turn it is, seen from one player (prefix
 * store_turn_), on the rows of sql/009_turn_flow.sql.
 *
 * "Seen": when a seated player last looked at a game, written from the
 * game page and its poll at most once every STORE_TURN_SEEN_EVERY
 * seconds, so the most-served request writes once a minute per open
 * page, not every 3 s.  The mail worker reads it to hold game mail
 * while the player is at the table (mail_quiet.h).
 *
 * "Waiting": the games in which a seat of the user must act now, read
 * from the seats' deadlines (a seat has one exactly while its player
 * must act), soonest deadline first.
 */
#ifndef TOPPER_STORE_TURN_H
#define TOPPER_STORE_TURN_H

#include <stdint.h>

#include "db.h"

struct arena;

enum {
	STORE_TURN_SEEN_EVERY = 60	/* seconds between seen_at writes */
};

/*
 * What a page or the poll needs about user and game (game 0: none):
 * *seen, when user last looked at game (0: never), or -1 when user
 * holds no seat in it; *waiting, the games waiting for user: those
 * where a seat of theirs must act, and those whose invitation waits
 * for their answer (store_invite.h).  One statement on three indexes.
 */
enum db_rc	store_turn_peek(struct db *db, int64_t user, int64_t game,
		    int64_t *seen, int *waiting);

/* Whether a seen time read by store_turn_peek() is worth a write. */
int		store_turn_seen_stale(int64_t seen, int64_t now);

/*
 * Record that user looked at game now (every seat user holds there).
 * Its own tiny write, outside any read transaction.
 */
enum db_rc	store_turn_seen(struct db *db, int64_t user, int64_t game,
		    int64_t now);

/* One game waiting for a player. */
struct store_turn_wait {
	int64_t		 game;
	const char	*rules;		/* the rules' slug */
	int		 ply;
	int64_t		 since;		/* the clock started (turn_start) */
	int64_t		 deadline;
};

/*
 * The games waiting for user, soonest deadline first, at most max,
 * into an array in a (*n rows).
 */
enum db_rc	store_turn_waiting(struct db *db, struct arena *a, int64_t user,
		    int max, struct store_turn_wait **out, int *n);

/* The waiting game with the least time left but except; 0: none. */
enum db_rc	store_turn_next(struct db *db, int64_t user, int64_t except,
		    int64_t *game);

/*
 * The feed: set user's token hash (NULL: revoke); find the user (and
 * name, STORE_TURN_NAME_MAX) a hash belongs to, DB_NOTFOUND when none.
 */
enum {
	STORE_TURN_HASH_BYTES = 32,
	STORE_TURN_NAME_MAX = 32
};
enum db_rc	store_turn_feed_set(struct db *db, int64_t user,
		    const unsigned char *hash);
enum db_rc	store_turn_feed_user(struct db *db, const unsigned char *hash,
		    int64_t *user, char name[STORE_TURN_NAME_MAX]);

#endif /* TOPPER_STORE_TURN_H */
