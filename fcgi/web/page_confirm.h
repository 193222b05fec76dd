/*
 * page_confirm.h: "confirm before sending" (prefix page_confirm_): a
 * move posted without confirm=1 by a player who asked for a second tap
 * gets a page that says the move in words and posts the same fields
 * again with confirm=1 (the account page sets it; without script this
 * page is the second tap, with bar.js the toolbar's).
 */
#ifndef TOPPER_PAGE_CONFIRM_H
#define TOPPER_PAGE_CONFIRM_H

struct req;
struct store_game;

/*
 * 1 when the signed-in player of r wants a move confirmed and the form
 * does not carry the confirmation; then the page asking for it is the
 * reply (200, nothing written).  0: go on with the move.  text is the
 * move the form means, at seat, or NULL (the move page then refuses).
 */
int	page_confirm_move(struct req *r, const struct store_game *g,
	    int seat, const char *text, int confirmed);

#endif /* TOPPER_PAGE_CONFIRM_H */
