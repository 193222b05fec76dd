/*
 * page_turn.h: the turn flow's part of a request (prefix page_turn_):
 * noting that the viewer looks at a game, and the count of games
 * waiting for the viewer that the header, the title and the poll show.
 *
 * page_turn_peek() reads (one statement, store_turn.h) inside the
 * request's read; when the viewer's seen mark of the game is older
 * than STORE_TURN_SEEN_EVERY, the write is left to page_turn_after(),
 * which auth_after() runs once the read is over, like a session touch.
 */
#ifndef TOPPER_PAGE_TURN_H
#define TOPPER_PAGE_TURN_H

#include <stdint.h>

struct req;

/*
 * For the signed-in viewer (a cookie or a bearer): the games waiting
 * for them, and, when game > 0 and they sit in it, a seen mark to
 * write after the reply.  -1 when nobody is signed in or the read
 * failed.  Read once per request.
 */
int	 page_turn_peek(struct req *r, int64_t game);

/* The seen mark page_turn_peek() left to write, if any. */
void	 page_turn_after(struct req *r);

#endif /* TOPPER_PAGE_TURN_H */
