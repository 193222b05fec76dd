/*
 * store_rating.h: rated games, ratings and their history (prefix
 * store_rating_).  The arithmetic is rating.h's; this module reads and
 * writes the rows of sql/007_community.sql.
 *
 * Writers run inside the caller's BEGIN IMMEDIATE and never commit or
 * roll back.  Lists come back as json-c trees the caller owns (put
 * them), the form both the pages (tpl_ctx_json) and the API print.
 */
#ifndef TOPPER_STORE_RATING_H
#define TOPPER_STORE_RATING_H

#include <stdint.h>

#include "db.h"
#include "game.h"

struct json_object;
struct store_game;

enum {
	STORE_RATING_BOARD_MIN = 3,	/* rated games to appear on a board */
	STORE_RATING_BOARD_MAX = 100,	/* rows a board shows */
	STORE_RATING_PLOT_MAX = 200	/* history points a plot reads */
};

/* Mark game id rated (a table option chosen at creation). */
enum db_rc	store_rating_set_rated(struct db *db, int64_t id);

/* *rated = games.rated of game id.  DB_NOTFOUND: no such game. */
enum db_rc	store_rating_is_rated(struct db *db, int64_t id, int *rated);

/*
 * The game g just ended with final status gs (store_game_status()):
 * when it is rated, every seat holds a player and it was not applied
 * before, move each seat's rating in g->rules by rating_game() over the
 * places of outcome_places() (a seat whose player resigned ranks last,
 * rated as that player), and add one rating_history row per seat.
 * Otherwise nothing (an aborted game is never rated: its caller does
 * not call this).  Called once, in the transaction of the move or the
 * resignation that ended the game.
 */
enum db_rc	store_rating_game_over(struct db *db,
		    const struct store_game *g, const struct game_status *gs);

/*
 * The board of rules slug: players with at least min_games rated games,
 * best rating first, at most STORE_RATING_BOARD_MAX:
 * [{ "rank", "name", "bot", "rating", "rd", "games", "wins" }].
 */
enum db_rc	store_rating_board(struct db *db, const char *slug,
		    int min_games, struct json_object **out);

/*
 * user's ratings, one per game played rated, each with its history
 * (oldest first): [{ "slug", "game_name", "rating", "rd", "games",
 * "wins", "history": [{ "game", "at", "rating", "rd", "place" }] }].
 */
enum db_rc	store_rating_of_user(struct db *db, int64_t user,
		    struct json_object **out);

#endif /* TOPPER_STORE_RATING_H */
