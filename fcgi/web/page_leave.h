/*
 * page_leave.h: the game page's resign, abort and rematch buttons and
 * their POSTs, in HTML and in the API (prefix page_leave_).  What is
 * allowed and what is written is play/leave.h's; this only reads the
 * request and answers.
 *
 *	POST /g/{id}/resign	csrf, confirm=1 (the page's second step)
 *	POST /g/{id}/abort	csrf
 *	POST /g/{id}/rematch	csrf: offer, or accept the offer
 *	POST /api/games/{id}/resign, /abort, /rematch: the same, JSON
 *
 * Each answers 303 to the game (a rematch that starts: to the new
 * game); 403 without a seat; 409 when the game changed meanwhile; 422
 * with the reason when it is not allowed now, shown with the game.
 */
#ifndef TOPPER_PAGE_LEAVE_H
#define TOPPER_PAGE_LEAVE_H

struct req;

void	page_leave_resign(struct req *r);
void	page_leave_abort(struct req *r);
void	page_leave_rematch(struct req *r);
void	api_leave_resign(struct req *r);
void	api_leave_abort(struct req *r);
void	api_leave_rematch(struct req *r);

#endif /* TOPPER_PAGE_LEAVE_H */
