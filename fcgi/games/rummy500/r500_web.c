/* r500_web.c: Rummy 500 on the web (game_web.h): one entry of games/registry.c. */
#include "game_web.h"
#include "page_game_r500.h"

#include "rummy500.h"

const struct game_web r500_web = {
	.rules = &r500_rules,
	.about = "2 to 4 players: take from deep in the discard pile, meld and lay off, first to 500 points.",
	.board_tpl = "board_r500",
	.play_tpl = "play_r500",
	.board = page_game_r500_board,
	.play = page_game_r500_play,
	.words = pr5_words,
	.took = NULL,
	.css = { "/static/css/cards.css", "/static/css/table_layout.css",
	    "/static/css/game_r500.css" },
	.js = { "/static/js/game.js", "/static/js/game_meld.js",
	    "/static/js/bar.js" },
};
