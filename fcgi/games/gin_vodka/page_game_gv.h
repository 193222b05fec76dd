/*
 * page_game_gv.h: Gin Vodka's web side (game_web.h; gv_web.c lists it):
 * the board (page_game_gv.c), the moves as forms (page_game_gv_play.c),
 * and the words, the card a "take" took and the knock form
 * (page_game_text_gv.c).
 */
#ifndef TOPPER_PAGE_GAME_GV_H
#define TOPPER_PAGE_GAME_GV_H

#include <stddef.h>

#include "card.h"
#include "game.h"
#include "page_game_kit.h"

struct gv_result;
struct req;
struct tpl_val;
struct words;

int	page_game_gv_board(struct req *r, const void *view,
	    const struct page_game_names *names, int mode,
	    struct tpl_val *out);
int	page_game_gv_play(struct req *r, const void *view,
	    const struct page_game_names *names, int seat,
	    struct tpl_val *out);
/*
 * The end of the last hand in words, for names->viewer ("You knocked
 * with 9 deadwood, discarding 3B■; bob laid off 2 cards ..."), each
 * card by its face; NULL before any hand ended.  In r's arena.
 */
const char	*page_game_gv_result(struct req *r,
	    const struct page_game_names *names, const struct gv_result *x);
int	page_game_gv_words(struct words *w,
	    const struct page_game_names *names, int seat, const char *text,
	    const void *before, card_t took);

/*
 * The card each "take" of moves[0..n) took: the card discarded just
 * before it in the same hand, else CARD_NONE (the upcard of a new hand,
 * or a move that is no take).
 */
void	page_game_gv_took(const struct record_move *moves, int n,
	    const void *now, card_t *took);

/*
 * The knock form's fields as move text: discard (a card) and
 * rows[0..nrows) ("CARD:N", N = 0 deadwood or meld 1..4; NULL rows
 * skipped; the discard's own row ignored) give "knock X | A B C |
 * D E F".  Returns 0, or -1 with a sentence in why[] for a field that
 * does not read.
 */
int	page_game_knock_text(const char *discard, const char *const *rows,
	    int nrows, char *out, size_t outsz, char why[GAME_WHY_MAX]);

/* game_web.h's move_text over the fields discard, k0..k11. */
int	page_game_gv_move_text(const char *move, const char *const *value,
	    char *out, size_t outsz, char why[GAME_WHY_MAX]);

#endif /* TOPPER_PAGE_GAME_GV_H */
