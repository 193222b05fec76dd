/*
 * page_game_cm.h: what the Casino Macedonia board (page_game_cm.c, its
 * template lookups in page_game_cm_tpl.c), its move forms
 * (page_game_cm_play.c) and its moves in words (page_game_text_cm.c)
 * share (prefix pcm_), and the functions its web side (cm_web.c) lists.
 *
 * Both read the legal moves of the viewer's view straight from the
 * engine's generator (cm_generate), into the request arena, so every
 * legal move can be offered as a form; the list stops at PCM_MOVES_MAX
 * (the typed move covers the rest of a pathological table).
 */
#ifndef TOPPER_PAGE_GAME_CM_H
#define TOPPER_PAGE_GAME_CM_H

#include "casino.h"

struct buf;
struct words;
struct req;

enum {
	PCM_MOVES_MAX = 4096
};

struct pcm_moves {
	int			 n;		/* listed */
	int			 total;		/* the generator's count */
	struct game_move	*mv;
	struct cm_play		*pl;
};

/* The legal moves of seat in view v, into the arena; -1 when it refused. */
int	pcm_moves(struct req *r, const struct cm_state *v, int seat,
	    struct pcm_moves *out);

/* The token of the card naming pile x ("4Rt"). */
void	pcm_pile_tok(const struct cm_state *v, int x, char *tok);

/*
 * Pile x in words, plain text: "4Rt", "the build of 7 (4Rt 3Rh)",
 * "the stack of 3 (3Rc 3Yc)".
 */
void	pcm_pile_words(struct buf *b, const struct cm_state *v, int x);

/* The table piles a move involves (on P, then the taken ones), by name. */
void	pcm_move_piles(struct buf *b, const struct cm_state *v,
	    const struct game_move *mv);

/* A move in words, plain text, for its radio or option. */
void	pcm_move_words(struct buf *b, const struct cm_state *v,
	    const struct game_move *mv, const struct cm_play *pl);

/* ---- the board: page_game_cm.c fills it, page_game_cm_tpl.c reads it ---- */

struct page_game_names;
struct tpl_val;

/* One card as the templates see it. */
struct pcm_card {
	char		 tok[CARD_TEXT_MAX];
	const char	*svg;
	const char	*take, *build, *stack;	/* pile names, for game_cm.js */
	int		 drop;
};

struct pcm_list {
	int		 n;
	struct pcm_card	*v;
};

/* A table pile: kind, value, owner and what it matches, in words. */

struct pcm_tpile {
	char		 tok[CARD_TEXT_MAX];
	const char	*kind;
	const char	*value;
	const char	*owner;
	const char	*binds;
	int		 mine, single;
	struct pcm_list	 cards;
};

struct pcm_player {
	const char	*name;
	int		 seat;
	int		 score, ncards, ncaptured;
	int		 to_act, dealer, winner, you, bot;
	struct cm_tally	 t;		/* the hand so far */
	int		 lead_cards, lead_reds, lead_circles;
	int		 all_yh;
	struct pcm_list	 captures;
	const char	*faceup_title;
	struct pcm_list	 hand;		/* face up (reveal), else n = 0 */
	const char	*backs;
};

/* One seat's line of the last hand's panel. */
struct pcm_res {
	const char		*name;
	const struct cm_tally	*t;
	int			 most_cards, most_reds, most_circles;
};

struct pcm_opt {
	const char	*name;
	const char	*value;
};

struct pcm_board {
	const struct cm_state		*v;
	const struct page_game_names	*names;
	int				 viewer;
	int				 play;	/* the viewer is to move */
	struct pcm_player		 players[CM_SEATS_MAX];
	struct pcm_tpile		 piles[CM_PILES_MAX];
	struct pcm_list			 hand;	/* the viewer's */
	struct pcm_list			 aside, burned;
	struct pcm_opt			 opts[6];
	int				 nopts;
	const char			*defs;
	const char			*status;
	int				 has_result;
	struct pcm_res			 res[CM_SEATS_MAX];
	const char			*res_text;
	int				 squares;
};

/* The board as a one-item list for the templates (board_cm.html). */
int	pcm_board_val(struct tpl_val *out, const struct pcm_board *b);

/*
 * Move text in words after the player's name, as HTML (cards as
 * <abbr>; page_game_text_cm.c, its web side's words):
 * " played 3Rt and took 1Rc + 2Rh."  before, the state or a view just
 * before the move, or NULL, lets it name every card of a build taken.
 * 0, or -1 when the text does not parse (the caller writes it raw).
 */
int	pcm_words(struct words *w,
	    const struct page_game_names *names, int seat, const char *text,
	    const void *before, card_t took);

/* The web side (game_web.h): the board and the moves. */
int	page_game_cm_board(struct req *r, const void *view,
	    const struct page_game_names *names, int mode,
	    struct tpl_val *out);
int	page_game_cm_play(struct req *r, const void *view,
	    const struct page_game_names *names, int seat,
	    struct tpl_val *out);

#endif /* TOPPER_PAGE_GAME_CM_H */
