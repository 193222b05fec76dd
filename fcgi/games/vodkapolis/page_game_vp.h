/*
 * page_game_vp.h: what the Vodkapolis 500 board (page_game_vp.c) and its
 * move forms (page_game_vp_play.c) share (prefix pvp_).
 */
#ifndef TOPPER_PAGE_GAME_VP_H
#define TOPPER_PAGE_GAME_VP_H

#include "card.h"
#include "game.h"

struct buf;
struct words;
struct tpl_val;
struct page_game_names;
struct req;

/*
 * A Vodkapolis move in words after the player's name (game_web.h's words
 * hands it over): 0, or -1 when text does not read (the caller then
 * shows the text).  before: the state or view before it, or NULL.
 */
int	pvp_words(struct words *w,
	    const struct page_game_names *names, int seat, const char *text,
	    const void *before, card_t took);

/* The meld's line in words: "blue hearts", "red 3s", "triangle 2s". */
const char *pvp_line_words(struct req *r, const card_t *cards, int n);

/* The web side (game_web.h): the board and the moves. */
int	page_game_vp_board(struct req *r, const void *view,
	    const struct page_game_names *names, int mode,
	    struct tpl_val *out);
int	page_game_vp_play(struct req *r, const void *view,
	    const struct page_game_names *names, int seat,
	    struct tpl_val *out);

#endif /* TOPPER_PAGE_GAME_VP_H */
