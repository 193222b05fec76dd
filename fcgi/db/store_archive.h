/*
 * store_archive.h: finished games, listed and compared (prefix
 * store_archive_): the archive's search, a player's results and the
 * head-to-head record of two players.
 *
 * Lists come back as json-c trees the caller puts; results come from
 * each game's snapshot (store_lobby_status) and its places from
 * rating_places(), so "won" means the same here as in the ratings.
 */
#ifndef TOPPER_STORE_ARCHIVE_H
#define TOPPER_STORE_ARCHIVE_H

#include <stdint.h>

#include "db.h"

struct json_object;

enum {
	STORE_ARCHIVE_PAGE = 50		/* games one page of the archive lists */
};

/* What to list: each member NULL or 0 for "any". */
struct store_archive_query {
	const char	*slug;		/* one game's rules */
	int64_t		 user;		/* games this user sat at */
	int64_t		 before;	/* ids below this (the next page) */
	int		 status;	/* 0: finished only; 1: running only */
	int		 limit;		/* 1..STORE_ARCHIVE_PAGE */
};

/*
 * Games matching q, newest id first: [{ "id", "slug", "game_name",
 * "finished", "updated", "rated", "players": [{ "seat", "name",
 * "score", "place", "won" }], "winners": "Alice, Bob" }].  *more is
 * set when there are further games past the last one.
 */
enum db_rc	store_archive_list(struct db *db,
		    const struct store_archive_query *q,
		    struct json_object **out, int *more);

/*
 * Finished games where a and b both sat: a placed ahead of b in *won,
 * behind in *lost, level in *drawn.
 */
enum db_rc	store_archive_h2h(struct db *db, int64_t a, int64_t b,
		    int *won, int *lost, int *drawn);

#endif /* TOPPER_STORE_ARCHIVE_H */
