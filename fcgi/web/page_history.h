/*
 * page_history.h: a game's history, step by step (prefix
 * page_history_).
 *
 * GET /g/{id}/history?ply=N replays the seed (or the decks) and the
 * move log up to move N (default: the last) and shows that position
 * from the viewer's seat (a spectator's view for others), every move
 * in words and in text with a link to the position after it, and a
 * step control (first, previous, next, last, and a ply number form)
 * usable by keyboard.  Once the game is over every card is face up at
 * every ply, and the seed is shown beside the commitment (shown from
 * ply 0) with how to check it.  The route is in route.c.
 */
#ifndef TOPPER_PAGE_HISTORY_H
#define TOPPER_PAGE_HISTORY_H

struct req;

void	page_history_show(struct req *r);	/* GET /g/{id}/history */

#endif /* TOPPER_PAGE_HISTORY_H */
