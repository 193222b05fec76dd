/*
 * page_game_cm.c: the Casino Macedonia board and move forms of the game and
 * history pages (page_game.h, struct page_game_ui).
 *
 * Not drawn yet: the board is empty, so the page shows the scores, the
 * last moves in words and one button per legal move.
 */
#include "page_game.h"

#include "casino.h"
#include "tpl.h"

int
page_game_cm_board(struct req *r, const void *view,
    const struct page_game_names *names, int mode, struct tpl_val *out)
{
	(void)r;
	(void)view;
	(void)names;
	(void)mode;
	return tpl_none(out);
}

int
page_game_cm_play(struct req *r, const void *view, int seat,
    struct tpl_val *out)
{
	return page_game_play_text(r, &cm_rules, view, seat, out);
}

/* Not yet: the history shows the viewer's own view. */
int
page_game_cm_reveal(const void *st, int viewer, void *out)
{
	(void)st;
	(void)viewer;
	(void)out;
	return -1;
}
