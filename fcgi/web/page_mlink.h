/*
 * page_mlink.h: a move from the mail (prefix page_mlink_): the page
 * behind a turn mail's one-tap link /m/TOKEN (mail_links.h).
 *
 * GET shows the position from the link's seat and the move, with one
 * button; POST plays it through play_move() (no login: the signed
 * token is the authority, R_SIGNED).  Either refuses, changing
 * nothing and saying why with a link to the game, a link that was
 * altered or not made here (403), expired (410), already used, stale
 * (the game moved on or ended) or naming a move that is no longer
 * legal (409), or a link of another player's: the seat is no longer
 * the token's user's, or someone else is signed in (403).
 */
#ifndef TOPPER_PAGE_MLINK_H
#define TOPPER_PAGE_MLINK_H

struct req;

void	 page_mlink_show(struct req *r);	/* GET /m/{tok} */
void	 page_mlink_play(struct req *r);	/* POST /m/{tok} */

#endif /* TOPPER_PAGE_MLINK_H */
