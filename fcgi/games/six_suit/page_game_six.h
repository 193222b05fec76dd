/*
 * page_game_six.h: what the Six Suit board (page_game_six.c, its
 * template lookups in page_game_six_tpl.c), its move forms
 * (page_game_six_play.c) and its words (page_game_text_six.c) share:
 * the board's structs, the names of teams and of attribute values, one
 * card as SVG, the board's sentences and moves in words, and the
 * functions its web side (six_web.c, struct game_web) lists.
 */
#ifndef TOPPER_PAGE_GAME_SIX_H
#define TOPPER_PAGE_GAME_SIX_H

#include "buf.h"
#include "card.h"
#include "game.h"
#include "six_suit.h"

struct words;
struct tpl_val;
struct page_game_names;
struct record_move;
struct req;

/* ---- the board: page_game_six.c fills it, page_game_six_tpl.c reads it */

/* One card on the board. */
struct psix_card {
	char		 tok[CARD_TEXT_MAX];
	const char	*svg;
	int		 height;	/* cards in its pile */
	int		 pile;		/* 1..6 */
	int		 target;	/* a radio of f-play */
	char		 value[40];	/* "play on 4Rt @2" */
	struct buf	 fits;		/* hidden cards that may go on it */
	struct buf	 dbl;		/* ... as a double match (k = 2) */
	struct buf	 elim;		/* ... eliminating its owner */
	int		 proposed;	/* the play under veto goes here */
	int		 pick;		/* a hidden card as the pick c0 */
	int		 checked;
	int		 drawn;		/* drawn this turn */
};

struct psix_list {
	int			 n;
	struct psix_card	*v;
};

struct psix_player {
	const char	*name;
	int		 seat, team;
	int		 alive, exposed, close, to_act, dealer, bot, you;
	int		 chain, owner;	/* chain target; answers the veto */
	const char	*kind;		/* the six suit it has, or NULL */
	const char	*fell;		/* "eliminated by Bo (1st fall)" */
	int		 nhand;
	struct psix_card tops[SIX_PILES];
	struct psix_list hidden;	/* face up when the view shows them */
	struct psix_list known;		/* else the ones everyone saw go in */
	const char	*backs;
};

struct psix_faction {
	const char	*name, *mark, *members;
	int		 team, score, deal, winner, teams;
};

/* One legal play in words, for the list form. */
struct psix_play {
	char		 move[GAME_MOVE_TEXT_MAX];
	const char	*text;
};

struct psix_board {
	const struct six_state		*v;
	const struct page_game_names	*names;
	int				 viewer;
	int				 teams;		/* F < N */
	int				 pick;		/* f-play's radios */
	struct psix_player		 players[GAME_SEATS_MAX];
	struct psix_faction		 factions[GAME_SEATS_MAX];
	struct psix_list		 hand;		/* the viewer's */
	struct psix_card		 center;
	const char			*defs, *stock_svg;
	const char			*phase, *status, *chain, *draw;
	const char			*last;
	struct psix_play		*plays;
	int				 nplays;
};

/*
 * The board's lookup for page_game_one (tpl.h's tpl_ctx): data is a
 * struct psix_board; its lists (players and their tops and hidden
 * cards, factions, the hand, the center, the plays) read the structs
 * above.
 */
int	page_game_six_board_lookup(const void *data, const char *key,
	    struct tpl_val *out);

/* ---- words and the web side ---- */

/* Team f's name ("Team A") and its mark (a shape, so not by color). */
const char	*page_game_six_team(int f);
const char	*page_game_six_mark(int f);

/* The words of value v (0..4) of attribute a (0 number, 1 color, 2 suit). */
const char	*page_game_six_value(int a, int v);

/* "hearts", "reds", "3s": the six suit the tops make, or NULL. */
const char	*page_game_six_kind(const card_t tops[SIX_PILES]);

/*
 * The board's sentences (page_game_text_six.c), in the request arena:
 * the phase line, whose move it is, the chain of extra turns (NULL on a
 * natural turn), the prediction and draw (NULL before), the last play
 * (NULL before any).  viewer is a seat or -1.
 */
const char	*page_game_six_phase(struct req *r, const struct six_state *v);
const char	*page_game_six_status(struct req *r, const struct six_state *v,
		    const struct page_game_names *names, int viewer);
const char	*page_game_six_chain(struct req *r, const struct six_state *v,
		    const struct page_game_names *names, int viewer);
const char	*page_game_six_draw(struct req *r, const struct six_state *v,
		    const struct page_game_names *names, int viewer);
const char	*page_game_six_last(struct req *r, const struct six_state *v,
		    const struct page_game_names *names);

/*
 * Move text of seat in words after the name (its web side's words;
 * page_game_text_six.c): " played <abbr>3Rh</abbr> on Ana's ...".
 * before, the state just before the move, tells a free-time proposal
 * from a play; when it is NULL, took from page_game_six_took() does.
 * 0, or -1 when text does not read as a Six Suit move.
 */
int	page_game_six_words(struct words *w,
	    const struct page_game_names *names, int seat, const char *text,
	    const void *before, card_t took);

/* page_game_took() for Six Suit (page_game_kit.h says what it finds). */
void		 page_game_six_took(const struct record_move *moves, int n,
		    const void *now, card_t *took);

/* The web side (game_web.h): the board and the moves. */
int	page_game_six_board(struct req *r, const void *view,
	    const struct page_game_names *names, int mode,
	    struct tpl_val *out);
int	page_game_six_play(struct req *r, const void *view,
	    const struct page_game_names *names, int seat,
	    struct tpl_val *out);

#endif /* TOPPER_PAGE_GAME_SIX_H */
