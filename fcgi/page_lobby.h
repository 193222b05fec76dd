/*
 * page_lobby.h: the lobby and "my games" (prefix page_lobby_).
 *
 * GET /lobby offers a new game (against the bot, with an open seat,
 * or with a registered player invited by name; table options with
 * their defaults) and lists the open tables to join.  POST /lobby/new
 * creates the game with a fresh seed from the OS: the creator sits
 * where the seed's seating puts the first player, the opponent in the
 * other seat; a bot opponent is the bot account, made on first use.
 * A refused form (bad option, unknown player) re-renders the lobby
 * with the message: 400 for a field, 422 for what the rules or the
 * store refuse.  POST /g/{id}/join takes a table's open seat (409 when
 * there is none left).  GET /games lists the player's games: their
 * turn first, then the others still running, then the finished ones,
 * with times in the player's zone.  The routes are in route.c.
 */
#ifndef TOPPER_PAGE_LOBBY_H
#define TOPPER_PAGE_LOBBY_H

struct req;

void	page_lobby_show(struct req *r);		/* GET /lobby */
void	page_lobby_new(struct req *r);		/* POST /lobby/new */
void	page_lobby_join(struct req *r);		/* POST /g/{id}/join */
void	page_lobby_games(struct req *r);	/* GET /games */

#endif /* TOPPER_PAGE_LOBBY_H */
