/*
 * page_game_kit.h: what the games' web sides share (prefix page_game_):
 * the names at a table, a card in HTML, the move list, rows of cards,
 * options of a move form, the one-item contexts of boards, and the
 * dispatch from a game's rules to its web side (game_web.h) for the
 * board, the moves, the reveal, the words and what a move took.  All
 * memory is the request arena.
 */
#ifndef TOPPER_PAGE_GAME_KIT_H
#define TOPPER_PAGE_GAME_KIT_H

#include <stddef.h>
#include <stdint.h>

#include "card.h"
#include "game.h"
#include "record.h"
#include "store_user.h"

struct buf;
struct req;
struct tpl_val;
struct words;

enum {
	PAGE_GAME_PICKS = 40		/* card picks c0..c39 of a move form */
};

enum {
	PAGE_GAME_SHOW = 0,		/* the position only (history) */
	PAGE_GAME_PLAY = 1		/* and the viewer's moves as forms */
};

/* Who sits where, for sentences ("You", "Alice", "seat 2"). */
struct page_game_names {
	int		 nseats;
	int		 viewer;		/* seat, or -1 */
	char		 name[GAME_SEATS_MAX][STORE_USER_NAME_MAX + 1];
					/* "Open seat" when nobody sits there */
	int		 is_bot[GAME_SEATS_MAX];
	int		 vacant;		/* some seat waits for a player */
	/*
	 * What play waits for while vacant, the end of a sentence: "the
	 * open seat is taken" (page_game_names), "bob accepts the
	 * invitation" (page_invite_value, for seats it holds).
	 */
	char		 waiting[160];
};

/* "The cards are dealt; play starts when <waiting>.", for a vacant table. */
const char *page_game_waiting(struct req *r,
	    const struct page_game_names *names);

/*
 * "You" for the viewer's seat, else the seat's name; page_game_who_mid
 * says "you", for a name inside a sentence ("Ann, you, Cyd").
 */
const char *page_game_who(const struct page_game_names *names, int seat);
const char *page_game_who_mid(const struct page_game_names *names, int seat);

/*
 * Shared by the games' pages (page_game_kit.c).  page_game_put_card:
 * card c of deck k as HTML inside <abbr> whose title says it in words:
 * a Triple Topper card by its token, <abbr title="red heart 3 (3Rh)">
 * 3Rh</abbr>, a standard one by its face, <abbr title="ten of hearts
 * (TH)">10♥</abbr>.
 * page_game_svg: the <svg> face of c (cards_svg or cards_std_svg, note
 * added to its label) in the request arena, "" when the arena refused;
 * a Triple Topper face without a note is cards_face()'s, kept for the
 * process.
 */
void	page_game_put_card(struct buf *b, enum card_kind k, card_t c);

/*
 * printf into the request arena in one pass when the text fits 512
 * bytes (arena_printf measures first, then prints); "" when the arena
 * refused.  For the sentences of a board.
 */
const char *page_game_printf(struct req *r, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
const char *page_game_svg(struct req *r, enum card_kind k, card_t c,
	    const char *note);

/*
 * An option of a move form (a <select> option or a radio), for
 * templates: opt_value, opt_text, opt_data (a data- attribute: the
 * cards of a meld, the melds a card fits), opt_selected.
 */
struct page_game_opt {
	char		 value[GAME_MOVE_TEXT_MAX];	/* "on 5H" */
	const char	*text;
	const char	*data;		/* or NULL */
	int		 selected;
};

struct page_game_opts {
	int			 n;
	struct page_game_opt	*v;
};

/*
 * The legal moves of seat in state (rules->legal), in the request
 * arena; their number in *n.  NULL with *n 0 when there is none or the
 * arena refused.
 */
struct game_move *page_game_legal(struct req *r,
	    const struct game_rules *rules, const void *state, int seat,
	    int *n);

/*
 * A row of cards on a rummy board (a pile or chain, melds and hands),
 * one card as its templates
 * see it: tok, card_html, pos (from 1), idx (from 0: checkbox c<idx>),
 * by, and the flags take, takeable, pick, taken, drawn and last.
 */
struct page_game_card {
	char		 tok[CARD_TEXT_MAX];
	const char	*svg;
	const char	*by;		/* a lay-off: who laid it, else NULL */
	int		 pos, idx;
	int		 take;		/* a radio of the take form */
	int		 takeable;	/* and it may be chosen */
	int		 pick;		/* a checkbox of the meld form */
	int		 taken, drawn;	/* taken or drawn this turn */
	int		 last;		/* the top of a pile, a chain's newest */
};

struct page_game_cards {
	int			 n;
	struct page_game_card	*v;
};

/*
 * l from cards[0..n) of deck k; with last_note, the last card is
 * marked last and its face says the note.  -1 when the arena refused.
 */
int	page_game_cards_set(struct req *r, struct page_game_cards *l,
	    enum card_kind k, const card_t *cards, int n,
	    const char *last_note);

/*
 * l from cards[0..n) of deck k, every face saying note: the cards a
 * hidden hand is known to hold, such as those taken face up ("taken
 * from the discard pile").  -1 when the arena refused.
 */
int	page_game_cards_known(struct req *r, struct page_game_cards *l,
	    enum card_kind k, const card_t *cards, int n, const char *note);

/*
 * Offer l, whose cards are cards[], to the take form when one of the
 * n legal moves has verb take: every card a radio, takeable those such
 * a move takes.  Returns 1 when one does, else 0.
 */
int	page_game_cards_take(struct page_game_cards *l, const card_t *cards,
	    const struct game_move *legal, int n, int take);

/*
 * Mark the viewer's hand l (cards[] of deck k): on their turn, the card
 * taken this turn and the card drawn, their faces with the notes; and
 * the meld form's checkboxes when can_pick.  -1 when the arena refused.
 */
int	page_game_cards_hand(struct req *r, struct page_game_cards *l,
	    enum card_kind k, const card_t *cards, int my_turn,
	    card_t taken, const char *taken_note, card_t drawn,
	    const char *drawn_note, int can_pick);

/* l as a template list of its cards. */
int	page_game_cards_val(struct tpl_val *out,
	    const struct page_game_cards *l);

/* Room for max options in the request arena, zeroed; -1 if refused. */
int	page_game_opts_alloc(struct req *r, struct page_game_opts *l,
	    int max);
/* l as a template list of its n options. */
int	page_game_opts_val(struct tpl_val *out,
	    const struct page_game_opts *l);

/*
 * A list of one item (none when n is 0), the context lookup over data:
 * a board or a play object for "{{#board}}...{{/board}}".  -1 when the
 * arena refused.
 */
int	page_game_one(struct req *r, struct tpl_val *out, int n,
	    int (*lookup)(const void *, const char *, struct tpl_val *),
	    const void *data);


/*
 * The board of view (rules->view output for names->viewer) as a
 * one-item list for "{{#board}}...{{/board}}", from the game's web
 * side (its board template draws it): players and scores, piles, hands
 * and the last hand's panel; with PAGE_GAME_PLAY the viewer's cards are
 * the pick of the move forms.  A game without a board gives none.  Built in the request arena; -1 when it
 * refused.
 */
int	page_game_board(struct req *r, const struct game_rules *rules,
	    const void *view, const struct page_game_names *names, int mode,
	    struct tpl_val *out);

/*
 * The moves of seat (rules->legal on its view) as a one-item list for
 * "{{#play}}{{> game_play}}{{/play}}", from the game's web side (its
 * play template draws it); empty when it has none, or seat is -1.  -1
 * when the arena refused.
 */
int	page_game_play(struct req *r, const struct game_rules *rules,
	    const void *view, const struct page_game_names *names, int seat,
	    struct tpl_val *out);

/*
 * For each of moves[0..n), what the move list tells of it that its text
 * alone does not, for page_game_words() when it has no state before the
 * move: a card, or CARD_NONE, as the game's web side finds it (the card
 * a "take" took, the card of a play that waited for an answer).  now,
 * the state after the last move, may be NULL.  Pure.
 */
void	page_game_took(const struct game_rules *rules,
	    const struct record_move *moves, int n, const void *now,
	    card_t *took);

/*
 * One move in words, written to w (words.h: HTML for a page, plain
 * text for a mail): "You drew from the stock.", "Alice discarded
 * <abbr title="red heart 3 (3Rh)">3Rh</abbr>."  before is
 * the state or a view just before the move when the caller has one
 * (it names the card a "take" took, or tells a proposal from a play),
 * else NULL and took, from page_game_took(), says it.
 */
void	page_game_words(struct words *w, const struct game_rules *rules,
	    const struct page_game_names *names, int seat, const char *text,
	    const void *before, card_t took);

#endif /* TOPPER_PAGE_GAME_KIT_H */
