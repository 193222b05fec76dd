/* cm_web.c: Casino Macedonia on the web (game_web.h): one entry of games/registry.c. */
#include "game_web.h"
#include "page_game_cm.h"

#include "casino.h"

const struct game_web cm_web = {
	.rules = &cm_rules,
	.about = "2 to 6 players: capture cards from the table by matching and building; the highest total wins.",
	.board_tpl = "board_cm",
	.play_tpl = "play_cm",
	.board = page_game_cm_board,
	.play = page_game_cm_play,
	.words = pcm_words,
	.took = NULL,
	.css = { "/static/css/cards.css", "/static/css/table_layout.css",
	    "/static/css/game_cm.css" },
	.js = { "/static/js/game.js", "/static/js/game_cm.js",
	    "/static/js/bar.js" },
};
