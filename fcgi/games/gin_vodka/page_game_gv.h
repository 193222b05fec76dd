/*
 * page_game_gv.h: Gin Vodka's web side (game_web.h; gv_web.c lists it):
 * the board (page_game_gv.c, its template lookups in
 * page_game_gv_tpl.c), the moves as forms (page_game_gv_play.c), and
 * the words, the card a "take" took and the knock form
 * (page_game_text_gv.c).
 */
#ifndef TOPPER_PAGE_GAME_GV_H
#define TOPPER_PAGE_GAME_GV_H

#include <stddef.h>

#include "card.h"
#include "game.h"
#include "gin_vodka.h"
#include "page_game_kit.h"

struct req;
struct tpl_val;
struct words;

/* ---- the board: page_game_gv.c fills it, page_game_gv_tpl.c reads it ---- */

/* One card as the templates see it. */
struct pgv_card {
	card_t		 card;
	char		 tok[CARD_TEXT_MAX];
	const char	*svg;
	int		 value;		/* deadwood value */
	int		 pick;		/* shown as a discard radio */
	int		 disabled;	/* that radio may not be chosen */
	int		 drawn;		/* drawn this turn */
	char		 move[8 + CARD_TEXT_MAX];	/* "discard 3Rh" */
};

struct pgv_list {
	int		 n;
	struct pgv_card	*v;
};

struct pgv_meld {
	struct pgv_list	 own;
	struct pgv_list	 laid;		/* lay-offs onto it */
};

struct pgv_melds {
	int		 n;
	struct pgv_meld	 v[GV_MELDS_MAX];
};

/* A hand on the table: face up, or as backs. */
struct pgv_hand {
	const char	*title;		/* "Your hand", "Alice's hand" */
	int		 mine;
	int		 count;
	struct pgv_list	 cards;		/* face up; n = 0 when hidden */
	const char	*backs;		/* the backs' SVG when hidden */
	struct pgv_list	 known;		/* and the ones taken face up */
};

struct pgv_player {
	const char	*name;
	int		 score, ncards;
	int		 to_act, dealer, winner, you, bot;
};

/* The last hand's panel. */
struct pgv_result {
	const struct gv_result	*r;
	const char		*text;
	const char		*kname, *dname;
	struct pgv_melds		 kmelds, dmelds;
	struct pgv_list		 kdead, ddead;
};

struct pgv_board {
	const struct gv_state		*v;
	const struct page_game_names	*names;
	int				 viewer;
	struct pgv_player			 players[GV_SEATS];
	struct pgv_hand			 hands[GV_SEATS];	/* others first */
	int				 nhands;
	const char			*stock_svg, *discard_svg;
	const char			*defs;	/* the cards' patterns */
	card_t				 top;
	const char			*status;
	const char			*knocker;
	struct pgv_melds			 kmelds;	/* the knock in progress */
	struct pgv_list			 kdead;
	int				 has_result;
	struct pgv_result			 res;
	int				 pick;	/* the viewer's hand is the pick */
};

/*
 * The board's lookup for page_game_one (tpl.h's tpl_ctx): data is a
 * struct pgv_board; its lists (players, hands, melds, cards, the result)
 * read the structs above.
 */
int	page_game_gv_board_lookup(const void *data, const char *key,
	    struct tpl_val *out);

/* ---- the web side (game_web.h) ---- */

int	page_game_gv_board(struct req *r, const void *view,
	    const struct page_game_names *names, int mode,
	    struct tpl_val *out);
int	page_game_gv_play(struct req *r, const void *view,
	    const struct page_game_names *names, int seat,
	    struct tpl_val *out);
/*
 * The end of the last hand in words, for names->viewer ("You knocked
 * with 9 deadwood, discarding 3B■; bob laid off 2 cards ..."), each
 * card by its face; NULL before any hand ended.  In r's arena.
 */
const char	*page_game_gv_result(struct req *r,
	    const struct page_game_names *names, const struct gv_result *x);
int	page_game_gv_words(struct words *w,
	    const struct page_game_names *names, int seat, const char *text,
	    const void *before, card_t took);

/*
 * The card each "take" of moves[0..n) took: the card discarded just
 * before it in the same hand, else CARD_NONE (the upcard of a new hand,
 * or a move that is no take).
 */
void	page_game_gv_took(const struct record_move *moves, int n,
	    const void *now, card_t *took);

/*
 * The knock form's fields as move text: discard (a card) and
 * rows[0..nrows) ("CARD:N", N = 0 deadwood or meld 1..4; NULL rows
 * skipped; the discard's own row ignored) give "knock X | A B C |
 * D E F".  Returns 0, or -1 with a sentence in why[] for a field that
 * does not read.
 */
int	page_game_knock_text(const char *discard, const char *const *rows,
	    int nrows, char *out, size_t outsz, char why[GAME_WHY_MAX]);

/* game_web.h's move_text over the fields discard, k0..k11. */
int	page_game_gv_move_text(const char *move, const char *const *value,
	    char *out, size_t outsz, char why[GAME_WHY_MAX]);

#endif /* TOPPER_PAGE_GAME_GV_H */
