/*
 * page_game_six.h: what the Six Suit board (page_game_six.c), its move
 * forms (page_game_six_play.c) and its words (page_game_text_six.c)
 * share: the names of teams and of attribute values, one card as SVG,
 * the board's sentences and moves in words, and the functions its web
 * side (six_web.c, struct game_web) lists.
 */
#ifndef TOPPER_PAGE_GAME_SIX_H
#define TOPPER_PAGE_GAME_SIX_H

#include "card.h"
#include "six_suit.h"

struct buf;
struct words;
struct tpl_val;
struct page_game_names;
struct record_move;
struct req;

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
