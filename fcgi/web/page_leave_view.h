/*
 * page_leave_view.h: what the game page and the history show of
 * leaving a game (prefix page_leave_view_): how the table ended it, who
 * resigned, and the buttons of page_leave.h that apply now.
 */
#ifndef TOPPER_PAGE_LEAVE_VIEW_H
#define TOPPER_PAGE_LEAVE_VIEW_H

struct page_game_names;
struct req;
struct store_game;
struct tpl_val;

/*
 * The section "leave" of g's page for the viewer's seat (-1: none): how
 * the game ended when the table ended it, who resigned, and the
 * buttons that apply now.  Fills out (none on a failure); -1 on a
 * failure.
 */
int	page_leave_view_value(struct req *r, const struct store_game *g, int seat,
	    const struct page_game_names *nm, struct tpl_val *out);

#endif /* TOPPER_PAGE_LEAVE_VIEW_H */
