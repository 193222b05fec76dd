/*
 * registry.c: every game the program knows, in the order the lobby
 * lists them, with its rules (game.h), its bot (bot.h), the strong
 * bot's own base rule where a game has one, and its view's JSON
 * (codec.h).  The one engine file that names every game: a new game
 * adds a line here and one in fcgi/games/registry.c.
 */
#include <string.h>

#include "bot.h"
#include "codec.h"
#include "game.h"

#include "casino.h"
#include "gin_vodka.h"
#include "rummy500.h"
#include "six_suit.h"
#include "twelve_step.h"
#include "vodkapolis.h"

/* The bots take their own game's struct; the table takes a view. */
#define BOT(name, fn, type)						\
static enum game_rc							\
name(const void *view, int seat, const uint8_t noise[32],		\
    struct game_move *out)						\
{									\
	return fn((const type *)view, seat, noise, out);		\
}
BOT(gin_vodka_bot, gv_bot_choose, struct gv_state)
BOT(vodkapolis_bot, vp_bot_choose, struct vp_state)
BOT(vodkapolis_careful, vp_bot_choose_careful, struct vp_state)
BOT(rummy500_bot, r500_bot_choose, struct r500_state)
BOT(six_suit_bot, six_bot_choose, struct six_state)
BOT(six_suit_careful, six_bot_choose_careful, struct six_state)
BOT(twelve_step_bot, tsr_bot_choose, struct tsr_state)
#undef BOT

static const struct entry {
	const struct game_rules	*rules;
	enum game_rc		(*bot)(const void *, int, const uint8_t[32],
				    struct game_move *);
	/* The strong bot's base move (bot_base_choose); NULL: bot's. */
	enum game_rc		(*base)(const void *, int, const uint8_t[32],
				    struct game_move *);
	struct json_object	*(*view_json)(const void *);
} games[] = {
	{ &gv_rules, gin_vodka_bot, NULL, codec_gin_vodka_view },
	{ &cm_rules, cm_bot_choose, NULL, codec_casino_view },
	{ &vp_rules, vodkapolis_bot, vodkapolis_careful,
	    codec_vodkapolis_view },
	{ &r500_rules, rummy500_bot, NULL, codec_rummy500_view },
	{ &six_rules, six_suit_bot, six_suit_careful, codec_six_suit_view },
	{ &tsr_rules, twelve_step_bot, NULL, codec_twelve_step_view },
};

enum { NGAMES = sizeof(games) / sizeof(games[0]) };

static const struct game_rules *const all[NGAMES + 1] = {
	&gv_rules, &cm_rules, &vp_rules, &r500_rules, &six_rules, &tsr_rules,
	NULL
};

static const struct entry *
entry_of(const struct game_rules *rules)
{
	size_t	 i;

	for (i = 0; i < NGAMES; i++)
		if (games[i].rules == rules)
			return &games[i];
	return NULL;
}

const struct game_rules *
game_find(const char *slug)
{
	size_t	 i;

	if (slug == NULL)
		return NULL;
	for (i = 0; i < NGAMES; i++)
		if (strcmp(games[i].rules->slug, slug) == 0)
			return games[i].rules;
	return NULL;
}

const struct game_rules *const *
game_all(void)
{
	return all;
}

enum game_rc
bot_choose(const struct game_rules *rules, const void *view, int seat,
    const uint8_t noise[32], struct game_move *out)
{
	const struct entry	*e = entry_of(rules);

	if (e == NULL || e->bot == NULL)
		return bot_random(rules, view, seat, noise, out);
	return e->bot(view, seat, noise, out);
}

enum game_rc
bot_base_choose(const struct game_rules *rules, const void *view, int seat,
    const uint8_t noise[32], struct game_move *out)
{
	const struct entry	*e = entry_of(rules);

	if (e == NULL || e->base == NULL)
		return bot_choose(rules, view, seat, noise, out);
	return e->base(view, seat, noise, out);
}

struct json_object *
codec_view_json(const struct game_rules *rules, const void *view)
{
	const struct entry	*e = entry_of(rules);

	return e != NULL && e->view_json != NULL ? e->view_json(view) : NULL;
}
