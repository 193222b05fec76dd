/*
 * page_game_r500.h: what the Rummy 500 board (page_game_r500.c) and its
 * move forms (page_game_r500_play.c) share (prefix pr5_).
 */
#ifndef TOPPER_PAGE_GAME_R500_H
#define TOPPER_PAGE_GAME_R500_H

#include "card.h"
#include "game.h"

struct buf;
struct words;
struct tpl_val;
struct page_game_names;
struct req;

/* "7♥ (seven of hearts)": a card for option lists, in the arena. */
const char *pr5_card_text(struct req *r, card_t c);

/* "run of hearts", "set of sevens": a meld in words, in the arena. */
const char *pr5_meld_words(struct req *r, const card_t *cards, int n,
	    int run);

/*
 * A Rummy 500 move in words after the player's name (hooked into
 * game_web.h's words): 0, or -1 when text does not read.
 */
int	pr5_words(struct words *w,
	    const struct page_game_names *names, int seat, const char *text,
	    const void *before, card_t took);

/* The web side (game_web.h): the board and the moves. */
int	page_game_r500_board(struct req *r, const void *view,
	    const struct page_game_names *names, int mode,
	    struct tpl_val *out);
int	page_game_r500_play(struct req *r, const void *view,
	    const struct page_game_names *names, int seat,
	    struct tpl_val *out);

#endif /* TOPPER_PAGE_GAME_R500_H */
