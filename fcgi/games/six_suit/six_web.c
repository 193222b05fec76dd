/* six_web.c: Six Suit on the web (game_web.h): one entry of games/registry.c. */
#include "game_web.h"
#include "page_game_six.h"

#include "six_suit.h"

const struct game_web six_web = {
	.rules = &six_rules,
	.about = "2 to 12 players, alone or in teams: predict and play cards onto piles to make a six suit.",
	.board_tpl = "board_six",
	.play_tpl = "play_six",
	.board = page_game_six_board,
	.play = page_game_six_play,
	.words = page_game_six_words,
	.took = page_game_six_took,
	.css = { "/static/css/cards.css", "/static/css/table_layout.css",
	    "/static/css/game_six.css" },
	.js = { "/static/js/game.js", "/static/js/game_six.js",
	    "/static/js/bar.js" },
};
