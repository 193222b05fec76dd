/*
 * bot_name.h: the names bots go by at a table (prefix bot_name).
 *
 * One bot account may hold several seats of a game, so a person would
 * otherwise read "bot" twice.  A bot is named from its seat, "Bot Ada"
 * at seat 0, "Bot Ben" at seat 1, ..., the same on every page (the game,
 * its history, My games), so each bot at a table has a distinct name
 * and keeps it.  BOT_NAME_VALUES is the same list as SQL VALUES rows
 * (seat, name), which SQLite and PostgreSQL both name column1, column2:
 * (SELECT column2 FROM (VALUES BOT_NAME_VALUES) AS b WHERE column1 = seat).
 */
#ifndef TOPPER_BOT_NAME_H
#define TOPPER_BOT_NAME_H

#define BOT_NAME_VALUES \
	"(0, 'Bot Ada'), (1, 'Bot Ben'), (2, 'Bot Cleo'), (3, 'Bot Dev'), " \
	"(4, 'Bot Eva'), (5, 'Bot Finn'), (6, 'Bot Gus'), (7, 'Bot Hana'), " \
	"(8, 'Bot Ivo'), (9, 'Bot Jade'), (10, 'Bot Kai'), (11, 'Bot Lena')"

enum {
	BOT_NAME_COUNT = 12		/* one per seat: GAME_SEATS_MAX */
};

/* The name of the bot at seat (from 0); "Bot" for a seat out of range. */
const char	*bot_name(int seat);

#endif /* TOPPER_BOT_NAME_H */
