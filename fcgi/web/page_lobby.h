/*
 * page_lobby.h: the lobby and "my games" (prefix page_lobby_).
 *
 * GET /lobby offers a new game of every registered game: the number
 * of players, and for each other seat the bot, an open seat or a
 * registered player invited by name; the table options the engine
 * describes, with their defaults.  It lists the open tables to join.
 * POST /lobby/new (fields game, seats, opponent/invitee for the first
 * other seat, opponentK/inviteeK for the K-th, absent = the bot, and
 * one field per option key) creates the game with a fresh seed from
 * the OS: the creator sits where the seed's seating puts the first
 * player, the others in seating order; bot seats are the bot account,
 * made on first use.
 * A refused form (bad option, unknown player) re-renders the lobby
 * with the message: 400 for a field, 422 for what the rules or the
 * store refuse.  POST /g/{id}/join takes a table's open seat (409 when
 * there is none left).  GET /games lists the player's games: their
 * turn first, then the others still running, then the finished ones,
 * with times in the player's zone.  The routes are in route.c.
 */
#ifndef TOPPER_PAGE_LOBBY_H
#define TOPPER_PAGE_LOBBY_H

struct arena;
struct lobby_forms;
struct req;
struct tpl_val;

enum {
	PAGE_LOBBY_GAMES_MAX = 16,	/* games the lobby offers */
	PAGE_LOBBY_OPTIONS_MAX = 8	/* table options of one game */
};

void	page_lobby_show(struct req *r);		/* GET /lobby */
void	page_lobby_new(struct req *r);		/* POST /lobby/new */
void	page_lobby_join(struct req *r);		/* POST /g/{id}/join */
void	page_lobby_games(struct req *r);	/* GET /games */

/*
 * The new-game forms (page_lobby_new.c): one per registered game with
 * its defaults (the first one open), in the arena; NULL when it
 * refused.  page_lobby_forms() makes them the template list
 * "new_games"; page_lobby_render() draws the lobby with them, a
 * status and an error (or NULL).
 */
struct lobby_forms *page_lobby_forms_new(struct arena *a);
int	page_lobby_forms(struct arena *a, const struct lobby_forms *fs,
	    struct tpl_val *out);
void	page_lobby_render(struct req *r, int status,
	    const struct lobby_forms *fs, const char *error);

#endif /* TOPPER_PAGE_LOBBY_H */
