/*
 * page_rating.h: the leaderboards (prefix page_rating_).
 *
 *	GET /ratings		every game, each with a link to its board
 *	GET /ratings/{slug}	one game's board: players with at least
 *				?min=N rated games (STORE_RATING_BOARD_MIN
 *				by default), best first
 */
#ifndef TOPPER_PAGE_RATING_H
#define TOPPER_PAGE_RATING_H

struct req;

void	page_rating_index(struct req *r);
void	page_rating_board(struct req *r);

#endif /* TOPPER_PAGE_RATING_H */
