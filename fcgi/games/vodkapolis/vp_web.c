/* vp_web.c: Vodkapolis 500 on the web (game_web.h): one entry of games/registry.c. */
#include "game_web.h"
#include "page_game_vp.h"

#include "vodkapolis.h"

const struct game_web vp_web = {
	.rules = &vp_rules,
	.about = "2 to 6 players, 11 cards each: meld from a chain of discards and play to 500 points.",
	.board_tpl = "board_vp",
	.play_tpl = "play_vp",
	.board = page_game_vp_board,
	.play = page_game_vp_play,
	.words = pvp_words,
	.took = NULL,
	.undo = "undo",
	.undo_says = "Undo my last meld or extension",
	.css = { "/static/css/cards.css", "/static/css/table_layout.css",
	    "/static/css/game_vp.css" },
	.js = { "/static/js/game.js", "/static/js/game_meld.js",
	    "/static/js/bar.js" },
};
