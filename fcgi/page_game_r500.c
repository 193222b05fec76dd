/*
 * page_game_r500.c: the Rummy 500 board and move forms of the game and
 * history pages (page_game.h, struct page_game_ui).
 *
 * Not drawn yet: the board is empty, so the page shows the scores, the
 * last moves in words and one button per legal move.
 */
#include "page_game.h"

#include "rummy500.h"
#include "tpl.h"

int
page_game_r500_board(struct req *r, const void *view,
    const struct page_game_names *names, int mode, struct tpl_val *out)
{
	(void)r;
	(void)view;
	(void)names;
	(void)mode;
	return tpl_none(out);
}

int
page_game_r500_play(struct req *r, const void *view, int seat,
    struct tpl_val *out)
{
	return page_game_play_text(r, &r500_rules, view, seat, out);
}

/* Not yet: the history shows the viewer's own view. */
int
page_game_r500_reveal(const void *st, int viewer, void *out)
{
	(void)st;
	(void)viewer;
	(void)out;
	return -1;
}
