/*
 * page_game_tsr.h: what the two halves of the 12-Step Rummy pages share
 * (page_game_tsr.c: the board; page_game_tsr_play.c: the move forms).
 * Cards are standard faces (cards_std.h); everything lives in the
 * request arena.
 */
#ifndef TOPPER_PAGE_GAME_TSR_H
#define TOPPER_PAGE_GAME_TSR_H

#include "card.h"
#include "cards_std.h"

struct buf;
struct words;
struct page_game_names;
struct req;
struct tpl_val;
struct tsr_state;

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

/* A list of cards for a template: "card_html", "tok", "label", ... */
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
