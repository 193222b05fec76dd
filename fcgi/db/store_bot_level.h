/*
 * store_bot_level.h: how strong each bot seat plays (issue 20): easy
 * (engine/bot.h) or strong (engine/search.h).
 *
 * The level is the account: the lobby's bot account
 * (STORE_LOBBY_BOT_NAME) plays easy, the strong bot's own account
 * (BOT_STRONG_NAME, is_bot, no password, created on first use) plays
 * strong, so a seat's name says which and no column is needed.  A seat
 * handed to a bot at a timeout keeps its player's account and plays
 * easy.
 */
#ifndef TOPPER_STORE_BOT_LEVEL_H
#define TOPPER_STORE_BOT_LEVEL_H

#include <stdint.h>

#include "db.h"
#include "game.h"

#define BOT_STRONG_NAME		"strong-bot"
#define BOT_STRONG_EMAIL	"strong-bot@invalid"

enum bot_level {
	BOT_LEVEL_EASY,
	BOT_LEVEL_STRONG
};

/* "easy" or "strong". */
const char	*bot_level_name(enum bot_level l);

/*
 * The strong bot's account, created on first use (inside the caller's
 * transaction).  DB_REFUSED when a person holds that name.
 */
enum db_rc	 store_bot_strong(struct db *db, int64_t *id);

/*
 * The levels of game's bot seats 0..nseats-1 into out (seats no bot
 * holds: easy).
 */
enum db_rc	 store_bot_levels(struct db *db, int64_t game, int nseats,
		    uint8_t out[GAME_SEATS_MAX]);

#endif /* TOPPER_STORE_BOT_LEVEL_H */
