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

enum {
	STORE_TURN_SEEN_EVERY = 60	/* seconds between seen_at writes */
};

/*
 * What a page or the poll needs about user and game (game 0: none):
 * *seen, when user last looked at game (0: never), or -1 when user
 * holds no seat in it; *waiting, the games waiting for user.  One
 * statement on two indexes.
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

#endif /* TOPPER_STORE_TURN_H */
