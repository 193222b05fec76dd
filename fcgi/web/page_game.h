/*
 * page_game.h: the game page and its move form (prefix page_game_).
 *
 * GET /g/{id} renders straight from the engine's view struct through
 * the template lookup interface (STYLE.md 3.6): no JSON on the page
 * path, one growing buffer.  A seated player sees their own view, a
 * spectator the public one, and everyone everything once the game is
 * over.  The legal moves (rules->legal on the viewer's view) become
 * forms that work without JavaScript; static/js/game.js only makes
 * them nicer.
 *
 * POST /g/{id}/move (DESIGN.md "A move, from click to email"): the
 * fields are move, ply and csrf (checked by the route's R_POST_CSRF),
 * or, for the knock form, move=knock with discard and k0..k11 (one
 * "CARD:N" per hand card, N = meld 1..4 or 0 for deadwood), from which
 * the handler writes "knock X | MELD | MELD".  Any other form may add
 * the parts w0..w2 of one token (radio groups: "w0=2&w1=B&w2=c" is
 * "2Bc"), card picks c0..c39 (checkboxes whose values are cards) and a
 * tail; the handler writes "MOVE W0W1W2 PICK PICK ... TAIL", picks in
 * field order, so "move=meld&c3=1Rh&c7=2Rh&c9=3Rh&tail=on 2" is "meld
 * 1Rh 2Rh 3Rh on 2" and "move=predict&w0=2&w1=B&w2=c" is "predict
 * 2Bc".  Answers 303 to the game
 * on success; 403 without a seat; 409 when the seat's view changed
 * after the ply the player saw (or the table still waits for a
 * player); 422 with the engine's reason, shown with the position.
 * Every refusal rolls back, so nothing is written.
 *
 * Each game's board, moves and words are its web side's
 * (games/game_web.h), reached through page_game_kit.h.  All memory is
 * the request arena.
 */
#ifndef TOPPER_PAGE_GAME_H
#define TOPPER_PAGE_GAME_H

#include <stddef.h>
#include <stdint.h>

#include "page_game_kit.h"
#include "store_user.h"

struct req;
struct store_game;
struct tpl_val;

/*
 * PAGE_GAME_RECENT_LEAD: moves read before the listed ones so that
 * page_game_took() knows what a listed "take" took.  A take takes the
 * card discarded just before it in the same hand; read from the middle
 * of a game, the moves can misread only their first four: a window
 * that starts at a defender's last draw after a knock takes the hand's
 * last discard for the top card, and the next hand's upcard can be
 * taken at most two moves after it.
 */
enum {
	PAGE_GAME_RECENT = 8,		/* moves the game page lists in view */
	PAGE_GAME_RECENT_LEAD = 4,	/* moves read before those */
	/*
	 * Moves since the viewer's last one listed at most (folded past
	 * the first PAGE_GAME_RECENT); older ones are in the history.
	 */
	PAGE_GAME_SINCE_MAX = 120
};

void	page_game_show(struct req *r);		/* GET /g/{id} */
void	page_game_move(struct req *r);		/* POST /g/{id}/move */

/*
 * The page of g with status and notice (a refusal shown beside the
 * position, or NULL): for the table's other POSTs (page_leave.h).
 */
void	page_game_render(struct req *r, struct store_game *g, int status,
	    const char *notice);

/* Fill names from g's seats (one lookup per seat); viewer from uid. */
void	page_game_names(struct req *r, const struct store_game *g,
	    int64_t uid, struct page_game_names *out);

#endif /* TOPPER_PAGE_GAME_H */
