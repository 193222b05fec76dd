/*
 * page_feed.h: the personal Atom feed of games waiting for a player
 * (prefix page_feed_).
 *
 * GET /feed/TOKEN.atom answers, without a login, an Atom feed (RFC
 * 4287) of the games in which the token's owner must act, soonest
 * deadline first, each entry linking to its game.  The token is a
 * random secret shown once when it is made (POST /account/feed);
 * only its SHA-256 is stored (users.feed_hash).  Making a new one or
 * revoking it (POST /account/feed/revoke) makes the old URL answer 404.
 */
#ifndef TOPPER_PAGE_FEED_H
#define TOPPER_PAGE_FEED_H

struct req;

void	 page_feed_atom(struct req *r);
void	 page_feed_make(struct req *r);
void	 page_feed_revoke(struct req *r);

#endif /* TOPPER_PAGE_FEED_H */
