/*
 * page_game_tsr.h: what the parts of the 12-Step Rummy pages share
 * (page_game_tsr.c: the board; page_game_tsr_tpl.c: its template
 * lookups; page_game_tsr_play.c: the move forms).
 * Cards are standard faces (cards_std.h); everything lives in the
 * request arena.
 */
#ifndef TOPPER_PAGE_GAME_TSR_H
#define TOPPER_PAGE_GAME_TSR_H

#include "card.h"
#include "cards_std.h"
#include "twelve_step.h"

struct buf;
struct words;
struct page_game_names;
struct req;
struct tpl_val;

enum {
	PAGE_GAME_TSR_HAND_MAX = 64	/* 13 + 5 buys of 2 + draws, with room */
};

/* One card as the templates see it. */
struct page_game_tsr_card {
	char		 tok[CARD_TEXT_MAX];
	char		 label[CARDS_STD_LABEL_MAX];
	char		 shortname[CARDS_STD_SHORT_MAX];
	const char	*svg;
	int		 pick;		/* a discard radio of form f-discard */
	int		 disabled;	/* that radio may not be chosen */
	int		 drawn;		/* drawn or taken this turn */
	char		 move[16];	/* "discard 7H" */
};

struct page_game_tsr_cards {
	int				 n;
	struct page_game_tsr_card	*v;
};

/* Fill p for card c. */
void	page_game_tsr_card_set(struct req *r, struct page_game_tsr_card *p,
	    card_t c, const char *note);

/*
 * A list of cards for a template: "card_html", "tok", "label", ...
 * (page_game_tsr_tpl.c).
 */
int	page_game_tsr_cards_val(struct tpl_val *out,
	    const struct page_game_tsr_cards *l);

/*
 * The cards of seat's hand in v in the order the page shows them (by
 * suit and rank, wilds last); returns the count.
 */
int	page_game_tsr_hand(const struct tsr_state *v, int seat,
	    card_t out[PAGE_GAME_TSR_HAND_MAX]);

/* "set of sevens", "run of hearts, 4 to 8": meld j of v, in the arena. */
const char *page_game_tsr_meld_name(struct req *r, const struct tsr_state *v,
	    int j);

/* ---- the board: page_game_tsr.c fills it, page_game_tsr_tpl.c reads it */

struct ptsr_meld {
	const char			*name;	/* "Set of sevens" */
	struct page_game_tsr_cards	 cards;
};

/* One owner's melds on the table. */
struct ptsr_owner {
	const char	*title;		/* "Alice's contract: 2 sets of 3" */
	int		 n;
	struct ptsr_meld	 m[TSR_MELDS_MAX];
};

struct ptsr_player {
	const char	*name;
	int		 score, ncards, contract, buys;
	const char	*contract_name;
	int		 down, to_act, dealer, winner, you, bot, asked;
	int		 made;		/* last round: the contract laid, or 0 */
	int		 points;	/* last round's points */
};

/* One line of the contracts table: who works on it now. */
struct ptsr_step {
	int		 k;
	const char	*name;
	const char	*who;		/* "Alice, Bob" or "" */
};

/*
 * Another seat's hand: face up (history of a finished game), else the
 * copies it took face up and still holds.
 */
struct ptsr_hand {
	const char			*title;
	int				 count;
	struct page_game_tsr_cards	 cards;
	struct page_game_tsr_cards	 known;
};

struct ptsr_board {
	const struct tsr_state		*v;
	const struct page_game_names	*names;
	int				 viewer;
	struct ptsr_player			 players[TSR_SEATS_MAX];
	struct ptsr_owner			 owners[TSR_SEATS_MAX];
	int				 nowners;
	struct ptsr_step			 steps[TSR_CONTRACTS];
	struct ptsr_hand			 others[TSR_SEATS_MAX];
	int				 nothers;
	struct page_game_tsr_cards	 hand;
	int				 has_hand;
	const char			*stock_svg, *discard_svg, *defs;
	const char			*status;
	const char			*window;	/* the "May I?" sentence */
	const char			*requests;	/* "Carol, then Dan" */
	const char			*window_svg;
	const char			*result;
	const char			*round_name;
	int				 pick;
};

/*
 * The board's lookup for page_game_one (tpl.h's tpl_ctx): data is a
 * struct ptsr_board; its lists (players, owners and their melds, steps,
 * other hands, cards) read the structs above.
 */
int	page_game_tsr_board_lookup(const void *data, const char *key,
	    struct tpl_val *out);

/*
 * One move in words after the player's name (page_game_text_tsr.c,
 * its web side's words): " drew from the stock.", " laid
 * contract 2: ...".  before is the state or view before the move, or
 * NULL.  0, or -1 when text does not read.
 */
int	page_game_tsr_words(struct words *w,
	    const struct page_game_names *names, int seat, const char *text,
	    const void *before, card_t took);

/* The web side (game_web.h): the board and the moves. */
int	page_game_tsr_board(struct req *r, const void *view,
	    const struct page_game_names *names, int mode,
	    struct tpl_val *out);
int	page_game_tsr_play(struct req *r, const void *view,
	    const struct page_game_names *names, int seat,
	    struct tpl_val *out);

#endif /* TOPPER_PAGE_GAME_TSR_H */
