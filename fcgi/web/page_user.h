/*
 * page_user.h: a page per player (prefix page_user_).
 *
 *	GET /u/{name}		member since, games running and finished
 *				with results, ratings per game with a plot
 *				of each, the head-to-head record against the
 *				signed-in viewer, and a block button
 *	GET /u/{name}.json	the same facts as JSON (no e-mail, no note,
 *				nothing a spectator could not see)
 *	POST /u/{name}/block	block (block=1) or unblock (block=0)
 */
#ifndef TOPPER_PAGE_USER_H
#define TOPPER_PAGE_USER_H

struct req;

void	page_user_show(struct req *r);
void	page_user_block(struct req *r);

#endif /* TOPPER_PAGE_USER_H */
