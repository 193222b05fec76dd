/*
 * game_web.h: the web side of a game, and the registry of them (prefix
 * game_web_; DESIGN.md "The web side of a game").
 *
 * The engine contract (engine/game.h) says what a game is; this says
 * how the site shows it.  Each game is one struct game_web in its own
 * folder (fcgi/games/NAME/), listed once in registry.c: the board and
 * play contexts and the templates that draw them, the moves in words, what a move took that its
 * text does not say, the move form's own fields, its style sheets and
 * scripts, and a line for the lobby.  Pages, the history, the API and
 * the mail reach a game only through the functions below, so adding a
 * game means new files and one line in registry.c.
 *
 * Every function builds in the request arena; -1 means it refused.
 */
#ifndef TOPPER_GAME_WEB_H
#define TOPPER_GAME_WEB_H

#include <stddef.h>

#include "card.h"
#include "game.h"
#include "page_game_kit.h"
#include "record.h"

struct req;
struct tpl_val;
struct words;

enum {
	GAME_WEB_FIELDS_MAX = 16,	/* a move form's own fields */
	GAME_WEB_ASSETS_MAX = 3		/* style sheets, scripts */
};

struct game_web {
	const struct game_rules *rules;
	const char	*about;		/* one line for the lobby */

	/*
	 * The templates that draw the board and the viewer's moves
	 * (templates/partials/NAME.html), rendered inside the contexts
	 * board() and play() make; play_tpl NULL: the shared buttons only.
	 */
	const char	*board_tpl;
	const char	*play_tpl;

	/*
	 * The board of view (rules->view output for names->viewer) as a
	 * one-item list for the board template: players and scores,
	 * piles, hands and the last hand's panel; with PAGE_GAME_PLAY the
	 * viewer's cards are the pick of the move forms.
	 */
	int		(*board)(struct req *r, const void *view,
			    const struct page_game_names *names, int mode,
			    struct tpl_val *out);

	/*
	 * The moves of seat (rules->legal on its view) as a one-item list
	 * for the play template, empty when it has none.  NULL: one button
	 * per legal move (page_game_play_text).
	 */
	int		(*play)(struct req *r, const void *view,
			    const struct page_game_names *names, int seat,
			    struct tpl_val *out);

	/*
	 * Seat's move text in words after the player's name, written to w
	 * (" drew from the stock.").  before is the state or a view just
	 * before the move, or NULL; took is what took() found.  0, or -1
	 * when the text does not read (the caller then quotes it).
	 */
	int		(*words)(struct words *w,
			    const struct page_game_names *names, int seat,
			    const char *text, const void *before, card_t took);

	/*
	 * What each of moves[0..n) took that its text alone does not say
	 * (page_game_took in page_game_kit.h); NULL: nothing.
	 */
	void		(*took)(const struct record_move *moves, int n,
			    const void *now, card_t *took);

	/*
	 * The move form's own fields beyond the shared ones (move, ply,
	 * csrf, w0..w2, c0..c39, tail), and the text they mean: with
	 * value[i] the field fields[i] as sent (NULL when absent),
	 * move_text writes the move and returns 1, returns 0 to leave the
	 * form to the shared reading, or -1 with a sentence in why[].
	 */
	const char *const *fields;	/* NULL-terminated, or NULL */
	int		(*move_text)(const char *move,
			    const char *const *value, char *out, size_t outsz,
			    char why[GAME_WHY_MAX]);

	/*
	 * The move that takes back the seat's last step of its turn, where
	 * the rules allow one (never a step that revealed a card), and what
	 * its button says; NULL: no undo.  The shared "Your move" toolbar
	 * offers it whenever the engine lists it as legal.
	 */
	const char	*undo;
	const char	*undo_says;

	const char	*css[GAME_WEB_ASSETS_MAX];	/* NULL ends */
	const char	*js[GAME_WEB_ASSETS_MAX];
};

/* The web side of the game registered under slug, or NULL. */
const struct game_web *game_web_find(const char *slug);

/* Every game's web side, in the lobby's order; NULL-terminated. */
const struct game_web *const *game_web_all(void);

/*
 * 1 when web's undo move is among seat's legal moves on view (a view
 * for that seat), else 0.
 */
int	game_web_can_undo(struct req *r, const struct game_web *web,
	    const void *view, int seat);

/* The style sheets and scripts a game page links: n of them in *n. */
const char *const *game_web_css(const struct game_web *web, int *n);
const char *const *game_web_js(const struct game_web *web, int *n);

#endif /* TOPPER_GAME_WEB_H */
