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
 * The Gin Vodka board (page_game_gv.c) and the move sentences are
 * shared with the history page (page_history.c) through the functions
 * below.  All memory is the request arena.
 */
#ifndef TOPPER_PAGE_GAME_H
#define TOPPER_PAGE_GAME_H

#include <stddef.h>
#include <stdint.h>

#include "card.h"
#include "game.h"
#include "record.h"
#include "store_user.h"

struct buf;
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
	PAGE_GAME_RECENT = 8,		/* moves the game page lists */
	PAGE_GAME_RECENT_LEAD = 4,	/* moves read before those */
	PAGE_GAME_PICKS = 40		/* card picks c0..c39 of a move form */
};

void	page_game_show(struct req *r);		/* GET /g/{id} */
void	page_game_move(struct req *r);		/* POST /g/{id}/move */

/* Who sits where, for sentences ("You", "Alice", "seat 2"). */
struct page_game_names {
	int		 nseats;
	int		 viewer;		/* seat, or -1 */
	char		 name[GAME_SEATS_MAX][STORE_USER_NAME_MAX + 1];
					/* "Open seat" when nobody sits there */
	int		 is_bot[GAME_SEATS_MAX];
	int		 vacant;		/* some seat waits for a player */
};

/* Fill names from g's seats (one lookup per seat); viewer from uid. */
void	page_game_names(struct req *r, const struct store_game *g,
	    int64_t uid, struct page_game_names *out);

/* "You" for the viewer's seat, else the seat's name. */
const char *page_game_who(const struct page_game_names *names, int seat);

/*
 * Shared by the games' pages (page_game_kit.c).  page_game_put_card:
 * card c of deck k as HTML, its token inside <abbr> whose title says
 * it in words: <abbr title="red heart 3 (3Rh)">3Rh</abbr>.
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
 * A row of cards on a rummy board (Rummy 500's pile, melds and hands,
 * Vodkapolis 500's chain, melds and hands), one card as its templates
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
 * For each of moves[0..n), what the move list tells of it that its text
 * alone does not, for page_game_words() when it has no state before the
 * move.  Gin Vodka: the card a "take" took (the card discarded just
 * before, in the same hand), else CARD_NONE: the upcard of a new hand,
 * or a move that is no take.  Six Suit: the card of a play that waited
 * for the pile's owner to accept or reject it (a free-time proposal:
 * the next move is the answer, or, for the last move, now, the state
 * after it, waits for one), else CARD_NONE.  now may be NULL.  Pure.
 */
void	page_game_took(const struct game_rules *rules,
	    const struct record_move *moves, int n, const void *now,
	    card_t *took);

/*
 * One move in words, as HTML appended to b (names escaped, cards as
 * <abbr> with their words): "You drew from the stock.", "Alice
 * discarded <abbr title="red heart 3 (3Rh)">3Rh</abbr>."  before is
 * the state or a view just before the move when the caller has one
 * (it names the card a "take" took, or tells a Six Suit proposal from
 * a play), else NULL and took, from page_game_took(), says it.
 */
void	page_game_words(struct buf *b, const struct game_rules *rules,
	    const struct page_game_names *names, int seat, const char *text,
	    const void *before, card_t took);

enum {
	PAGE_GAME_SHOW = 0,		/* the position only (history) */
	PAGE_GAME_PLAY = 1		/* and the viewer's moves as forms */
};

/*
 * The board of view (rules->view output for names->viewer) as a
 * one-item list for "{{#board}}{{> game_board}}{{/board}}": players
 * and scores, piles, hands and the last hand's panel.  With
 * PAGE_GAME_PLAY the viewer's hand, when they must discard, is the
 * discard pick (radios of the form "f-discard").  Games without a board
 * of their own give none.  Built in the request arena; -1 when it
 * refused.
 */
int	page_game_board(struct req *r, const struct game_rules *rules,
	    const void *view, const struct page_game_names *names, int mode,
	    struct tpl_val *out);

/*
 * The moves of seat (rules->legal on its view) as a one-item list for
 * "{{#play}}{{> game_play}}{{/play}}", empty when it has none (or seat
 * is -1).  Keys: has_buttons, buttons (move, button_label),
 * can_discard (the form "f-discard"), can_knock, kopts, krows, kbest
 * (the knock form, Gin Vodka).  A game without a board of its own gets
 * one button per legal move (at most 32; the typed move covers more).
 * -1 when the arena refused.
 */
int	page_game_play(struct req *r, const struct game_rules *rules,
	    const void *view, const struct page_game_names *names, int seat,
	    struct tpl_val *out);

/*
 * For the history of a finished game: st (a full state at any ply) as
 * a view with every card face up, as rules->view(GAME_VIEW_ALL) shows
 * the final position, recording viewer (a seat, or GAME_VIEW_ALL) so
 * the page still says "Your hand".  The random stream is zeroed.
 * Returns 0, or -1 for a game this module cannot reveal (the caller
 * then shows rules->view(st, GAME_VIEW_SPECTATOR)).
 */
int	page_game_reveal(const struct game_rules *rules, const void *st,
	    int viewer, void *out);

/*
 * What each game's pages need beyond the shared parts, found by slug
 * (page_game_ui_find).  board: as page_game_board() above; its context
 * answers the key "board_<short>" (true) so that partials/boards.html
 * picks the game's partial "board_<short>".  play: as page_game_play()
 * above; a game's own play context answers "play_<short>" so that
 * partials/game_play.html includes "play_<short>".
 * page_game_play_text() is the fallback every game may use: one button
 * per legal move.  reveal: as page_game_reveal() above.  css and js:
 * cards.css and game.js, then the game's own static/css/game_<short>.css
 * and static/js/game_<short>.js.
 */
struct page_game_ui {
	const char	*slug;
	int		(*board)(struct req *r, const void *view,
			    const struct page_game_names *names, int mode,
			    struct tpl_val *out);
	int		(*play)(struct req *r, const void *view,
			    const struct page_game_names *names, int seat,
			    struct tpl_val *out);
	int		(*reveal)(const void *st, int viewer, void *out);
	const char	*css[2];	/* style sheets the pages link */
	const char	*js[2];		/* scripts of the game page */
	int		 ncss, njs;
};

/* The page functions of the game registered under slug, or NULL. */
const struct page_game_ui *page_game_ui_find(const char *slug);

/* One button per legal move of seat, labelled with its text. */
int	page_game_play_text(struct req *r, const struct game_rules *rules,
	    const void *view, int seat, struct tpl_val *out);

/* Each game's functions (page_game_<short>.c). */
#define PAGE_GAME_UI_DECLARE(x)						\
int	page_game_##x##_board(struct req *r, const void *view,		\
	    const struct page_game_names *names, int mode,		\
	    struct tpl_val *out);					\
int	page_game_##x##_play(struct req *r, const void *view,		\
	    const struct page_game_names *names, int seat,		\
	    struct tpl_val *out);					\
int	page_game_##x##_reveal(const void *st, int viewer, void *out);

PAGE_GAME_UI_DECLARE(gv)	/* Gin Vodka */
PAGE_GAME_UI_DECLARE(vp)	/* Vodkapolis 500 */
PAGE_GAME_UI_DECLARE(r500)	/* Rummy 500 */
PAGE_GAME_UI_DECLARE(cm)	/* Casino Macedonia */
PAGE_GAME_UI_DECLARE(six)	/* Six Suit */
PAGE_GAME_UI_DECLARE(tsr)	/* 12-Step Rummy */

/*
 * The knock form's fields as move text: discard (a card) and
 * rows[0..nrows) ("CARD:N", N = 0 deadwood or meld 1..4; NULL rows
 * skipped; the discard's own row ignored) give "knock X | A B C |
 * D E F".  Returns 0, or -1 with a sentence in why[] for a field that
 * does not read.
 */
int	page_game_knock_text(const char *discard, const char *const *rows,
	    int nrows, char *out, size_t outsz, char why[GAME_WHY_MAX]);

#endif /* TOPPER_PAGE_GAME_H */
