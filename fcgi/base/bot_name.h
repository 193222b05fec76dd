/*
 * bot_name.h: the names bots go by at a table (prefix bot_name).
 *
 * One bot account may hold several seats of a game, so a person would
 * otherwise read "bot" twice.  A bot is named from its seat, "Bot Ada"
 * at seat 0, "Bot Ben" at seat 1, ..., the same on every page (the game,
 * its history, My games), so each bot at a table has a distinct name
 * and keeps it.  BOT_NAME_JSON is the same list as a JSON array, for
 * SQL (json_extract(BOT_NAME_JSON, '$[' || seat || ']')).
 */
#ifndef TOPPER_BOT_NAME_H
#define TOPPER_BOT_NAME_H

#define BOT_NAME_JSON \
	"[\"Bot Ada\",\"Bot Ben\",\"Bot Cleo\",\"Bot Dev\",\"Bot Eva\"," \
	"\"Bot Finn\",\"Bot Gus\",\"Bot Hana\",\"Bot Ivo\",\"Bot Jade\"," \
	"\"Bot Kai\",\"Bot Lena\"]"

enum {
	BOT_NAME_COUNT = 12		/* one per seat: GAME_SEATS_MAX */
};

/* The name of the bot at seat (from 0); "Bot" for a seat out of range. */
const char	*bot_name(int seat);

#endif /* TOPPER_BOT_NAME_H */
