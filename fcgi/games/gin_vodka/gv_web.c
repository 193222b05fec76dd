/* gv_web.c: Gin Vodka on the web (game_web.h): one entry of games/registry.c. */
#include "game_web.h"
#include "page_game_gv.h"

#include "gin_vodka.h"

/* The knock form's fields: the discard, then each hand card's meld. */
static const char *const gv_fields[] = {
	"discard", "k0", "k1", "k2", "k3", "k4", "k5", "k6", "k7", "k8",
	"k9", "k10", "k11", NULL
};

const struct game_web gv_web = {
	.rules = &gv_rules,
	.about = "Two players, 11 cards from the 64-card Squares deck: meld, then knock or go gin before the other does.",
	.board_tpl = "board_gv",
	.play_tpl = "play_gv",
	.board = page_game_gv_board,
	.play = page_game_gv_play,
	.words = page_game_gv_words,
	.took = page_game_gv_took,
	.fields = gv_fields,
	.move_text = page_game_gv_move_text,
	.css = { "/static/css/cards.css", "/static/css/table_layout.css" },
	.js = { "/static/js/game.js", "/static/js/bar.js" },
};
