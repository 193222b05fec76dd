/* tsr_web.c: 12-Step Rummy on the web (game_web.h): one entry of games/registry.c. */
#include "game_web.h"
#include "page_game_tsr.h"

#include "twelve_step.h"

const struct game_web tsr_web = {
	.rules = &tsr_rules,
	.about = "2 to 9 players, 13 cards each: twelve rounds, each with its own contract to lay down.",
	.board_tpl = "board_tsr",
	.play_tpl = "play_tsr",
	.board = page_game_tsr_board,
	.play = page_game_tsr_play,
	.words = page_game_tsr_words,
	.took = NULL,
	.css = { "/static/css/cards.css", "/static/css/table_layout.css",
	    "/static/css/game_tsr.css" },
	.js = { "/static/js/game.js", "/static/js/game_tsr.js",
	    "/static/js/bar.js" },
};
