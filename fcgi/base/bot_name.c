/*
 * bot_name.c: the names bots go by at a table (bot_name.h).
 */
#include "bot_name.h"

static const char *const names[BOT_NAME_COUNT] = {
	"Bot Ada", "Bot Ben", "Bot Cleo", "Bot Dev", "Bot Eva", "Bot Finn",
	"Bot Gus", "Bot Hana", "Bot Ivo", "Bot Jade", "Bot Kai", "Bot Lena"
};

const char *
bot_name(int seat)
{
	return seat >= 0 && seat < BOT_NAME_COUNT ? names[seat] : "Bot";
}
