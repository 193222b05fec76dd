/*
 * api_game.h: the JSON API of one game (DESIGN.md "Pages and the API").
 *
 * Built from the engine's view struct through engine/codec.c, never
 * from a page's context, so no csrf or *_html key reaches it.  A viewer
 * sees the view of the seat they hold (their own hidden cards and no
 * other), a spectator or an anonymous caller the spectator's view, and
 * everyone everything once the game is over.  Errors are {"error":
 * SENTENCE} (resp_fail on an R_API route).  The routes are in route.c:
 *
 *	GET  /api/games/{id}		R_API
 *	POST /api/games/{id}/moves	R_API | R_LOGIN | R_WRITES
 *	GET  /api/games/{id}/ply	R_API
 *
 * A game as JSON ("the game object"): id, game (slug), ply, to_act
 * (seats), hand, dealer, over, scores (team_scores, winners once over,
 * needs_deck when waiting for a deck), seat (the viewer's, or null),
 * view_ply (the viewer's seat's, or null), commitment (hex SHA-256 of
 * the seed; "" with decks), seed (hex, only once over), view, legal
 * (the viewer's legal moves as text; [] when not to act) and hands (one
 * object per finished hand: hand, kind, delta, text, ply).
 */
#ifndef TOPPER_API_GAME_H
#define TOPPER_API_GAME_H

struct req;

/* GET /api/games/{id}: the game object; 404 when there is none. */
void	api_game_show(struct req *r);

/*
 * POST /api/games/{id}/moves with a JSON body {"ply": N, "move":
 * "TEXT"}: N is the ply the player saw.  200 with the new game object;
 * 400 for a body that is not that object; 401 when nobody is signed in;
 * 403 when the user holds no seat; 404 without the game; 409 when the
 * seat's view changed after ply N (or N is beyond the game); 422 with
 * the engine's reason when the move is unreadable or illegal.  Every
 * refusal writes nothing.
 */
void	api_game_move(struct req *r);

/*
 * GET /api/games/{id}/ply: {"ply": N, "to_act": [seats]}, with an ETag
 * that changes with the ply and Cache-Control: no-cache; 304 without a
 * body when If-None-Match names the current ETag.  Pages poll it every
 * 3 s, so it reads two columns and nothing else.
 */
void	api_game_ply(struct req *r);

#endif /* TOPPER_API_GAME_H */
