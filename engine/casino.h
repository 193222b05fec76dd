/*
 * casino.h: the rules of Casino Macedonia (prefix cm_; RULES.md 4).
 * 2 to 6 players, the 125-card deck (the 64-card Squares deck with
 * deck=squares, JK1 and JK2 added with jokers=on).  Each hand burns
 * the bottom card (3 with jokers), lays 4 cards face up, deals 5 each
 * and deals again whenever every hand is empty; the last taker sweeps
 * the table.  A turn plays one hand card: take, build-and-take (a
 * "take ... on P"), build, stack or drop.  The match is nseats x
 * rounds hands; the highest total wins.
 *
 * The module is split by concern: casino.c (set-up, deals, moves,
 * status, timeouts), casino_table.c (the table model: values,
 * matching, the plan check), casino_moves.c (capture groups, the move
 * generator; casino_moves.h), casino_check.c (the check of a move),
 * casino_view.c (scoring, views, audits), casino_text.c (move text),
 * casino_bot.c (the bot) and casino_threat.c (the bot's threat;
 * casino_bot.h).  Everything here is pure: no allocation, no I/O,
 * randomness only from the state's struct rng.
 *
 * Rulings the source text does not make, as implemented here (besides
 * those of RULES.md 4f):
 * - A take is the set of piles it captures: the "|" groups in its text
 *   are optional, the server finds a grouping, and two groupings of the
 *   same piles are one move (listed once, with the first grouping).
 * - The drop ban is checked against the whole hand before the play: a
 *   player who owns a pile that some card in hand can capture now may
 *   not drop any card.
 * - With deck=squares, q_mode and jokers are ignored (no ? and no
 *   jokers in that deck).
 * - A ? dealt face up under q_mode wild was never played, so it has no
 *   number: only a ? captures it (a group of its own), and nothing is
 *   built or stacked on it.
 * - A timeout drops the lowest card; when drops are banned it makes
 *   the least take (hand card id, then the sorted captured ids).
 * - Captured cards are public: every one was face up when it was
 *   taken, so a view shows each seat's captures (and the running
 *   category counts follow).  The burned cards are shown to nobody
 *   until the game is over.
 * - A take may name at most 31 piles (the move text holds 32 cards).
 * - Listing the takes of one turn stops after a million search steps
 *   (about 10 ms): on a pathological table (sixteen or more small single
 *   cards) the list and its count may then be incomplete, and a
 *   timeout falls back to capturing an owned pile.  A player's own
 *   take is checked on its named piles only.
 */
#ifndef TOPPER_CASINO_H
#define TOPPER_CASINO_H

#include <stdint.h>

#include "card.h"
#include "game.h"
#include "rng.h"

extern const struct game_rules cm_rules;

enum {
	CM_SEATS_MIN = 2,
	CM_SEATS_MAX = 6,
	CM_IDS = 127,			/* card ids 0..126 (jokers 125, 126) */
	CM_HAND = 5,			/* cards per deal */
	CM_TABLE_START = 4,		/* face-up cards at the start */
	CM_PILES_MAX = 127,
	CM_BUILD_MAX = 8,		/* highest build value */
	CM_ROUNDS_MAX = 10,
	/*
	 * Moves in one of the strong bot's playouts (a deal at 4 seats,
	 * two at 2), scored then by the cards won so far; a hand runs to
	 * the stock's end, and playing it out was costlier and noisier.
	 */
	CM_SEARCH_DEPTH = 20,
	CM_LAYOUT = 1,			/* bump when struct cm_state changes */
	CM_NOBODY = 0xff,		/* no seat; no pile */
	CM_HIDDEN = 0xfe,		/* unused since captures became public */
	CM_NOT_A_VIEW = -3		/* cm_state.viewer of a full state */
};

/* The move verbs, in the order of their text. */
enum cm_verb {
	CM_TAKE,			/* take H [on P] | GROUP | GROUP ... */
	CM_BUILD,			/* build H on P */
	CM_STACK,			/* stack H on P */
	CM_DROP,			/* drop H */
	CM_VERB__MAX
};

enum cm_phase {
	CM_PHASE_DEAL,			/* decks mode: waiting for deal() */
	CM_PHASE_PLAY,
	CM_PHASE_OVER,
	CM_PHASE__MAX
};

/* The meaning of ? (RULES.md 4e). */
enum cm_qmode {
	CM_Q_SEPARATE,			/* no number; only ? takes ? */
	CM_Q_WILD,			/* declares 1-4 when played */
	CM_Q_FIVE,			/* worth 5 */
	CM_Q__MAX
};

enum cm_kind {
	CM_SINGLE,
	CM_BUILD_PILE,
	CM_STACK_PILE
};

/*
 * A table pile.  Its cards are those with pile_of[card] == its index.
 * value 0 means a ?-pile (q_mode separate).  cmask and smask have bit
 * i set when a card of color (suit) i is in the pile; bit 4 is black
 * (blob), the wild element.
 */
struct cm_pile {
	uint8_t		 kind;		/* enum cm_kind */
	uint8_t		 owner;		/* last to build or stack; CM_NOBODY */
	uint8_t		 value;
	uint8_t		 ncards;
	uint8_t		 cmask;
	uint8_t		 smask;
	card_t		 name;		/* its lowest card id */
	uint8_t		 pad;
};

/* Per seat, one hand's scoring (RULES.md 4d). */
struct cm_tally {
	uint8_t		 cards, reds, circles, ones, red_circles;
	uint8_t		 blue_square, yellow_hearts;
	uint8_t		 pad;
	int16_t		 points;
};

/* The last hand that ended, kept for the hand-end panel. */
struct cm_result {
	int16_t		 hand;		/* from 1; 0 before any */
	uint8_t		 taker;		/* last taker, who swept; CM_NOBODY */
	uint8_t		 swept;		/* cards the sweep gave */
	uint8_t		 most_cards;	/* seat or CM_NOBODY (void) */
	uint8_t		 most_reds;
	uint8_t		 most_circles;
	uint8_t		 pad;
	struct cm_tally	 tally[CM_SEATS_MAX];
};

/*
 * The whole game.  A view is the same struct with hidden parts masked:
 * other hands and the stock CARD_NONE (counts kept), burned cards
 * CARD_NONE, rng zeroed; captures (won[]) stay public.
 * Hands are sorted by id; stock[nstock - 1] is the top of the stock.
 */
struct cm_state {
	uint16_t	 layout;	/* CM_LAYOUT */
	uint8_t		 phase;		/* enum cm_phase */
	int8_t		 viewer;	/* seat, GAME_VIEW_*, CM_NOT_A_VIEW */
	uint8_t		 decks_mode;
	uint8_t		 nseats;
	uint8_t		 dealer;
	uint8_t		 turn;
	uint8_t		 q_mode;	/* enum cm_qmode */
	uint8_t		 jokers;	/* jokers=on */
	uint8_t		 single;	/* option 12: single-card takes */
	uint8_t		 squares;	/* option 13: the Squares deck */
	uint8_t		 rounds;
	uint8_t		 last_taker;	/* this hand, or CM_NOBODY */
	uint8_t		 over;
	uint8_t		 npiles;
	uint8_t		 nstock;
	uint8_t		 nburned;
	uint8_t		 naside;
	uint8_t		 ndeck;		/* cards in one pack */
	int16_t		 hand;		/* from 1 */
	int16_t		 nhands;
	uint32_t	 winners;
	int32_t		 scores[CM_SEATS_MAX];
	uint8_t		 seating[GAME_SEATS_MAX];
	uint8_t		 nhand[CM_SEATS_MAX];
	uint8_t		 ncaptured[CM_SEATS_MAX];
	card_t		 hands[CM_SEATS_MAX][CM_HAND];
	card_t		 stock[CM_IDS];
	card_t		 burned[3];
	card_t		 aside[2];	/* jokers kept for the last taker */
	uint8_t		 aside_spare[2];	/* 1: a spare (10c); 0: start */
	uint8_t		 pile_of[CM_IDS];	/* pile index, or CM_NOBODY */
	uint8_t		 won[CM_IDS];	/* its captor, or CM_NOBODY */
	int8_t		 decl[CM_IDS];	/* declared number, on the table */
	struct cm_pile	 piles[CM_PILES_MAX];
	struct cm_result last;
	struct rng	 rng;
};

/*
 * A checked play, ready to apply: the hand card, its declared number
 * (0: none), the pile built or stacked on (CM_NOBODY: none) and the
 * piles captured (bit i = pile i; "sweep" for a wild-mode joker).
 */
struct cm_play {
	uint8_t		 verb;
	card_t		 h;
	int8_t		 decl;
	uint8_t		 target;
	uint8_t		 sweep;
	uint64_t	 taken[2];
};

/* ---- casino_table.c: the table model ---- */

/*
 * Color and suit bit of a card (bit 4: black / blob; a joker has both).
 * These four are inline: the move generator and the bot call them in
 * their inner loops, at every move of the strong bot's playouts.
 */
static inline int
cm_cmask(card_t c)
{
	return c >= CARD_TT_COUNT ? 0x10 : 1 << card_tt_color(c);
}

static inline int
cm_smask(card_t c)
{
	return c >= CARD_TT_COUNT ? 0x10 : 1 << card_tt_suit(c);
}

/* A set of cards with these masks is a legal pile: not both mixed. */
static inline int
cm_legal_masks(int cmask, int smask)
{
	/* At most one of the four plain colors (or suits): none, or one. */
	cmask &= 0x0f;
	smask &= 0x0f;
	return (cmask & (cmask - 1)) == 0 || (smask & (smask - 1)) == 0;
}

/*
 * The classes of card that may join cards of these masks in one pile
 * (cm_legal_masks with the card's masks): bit 5 * color + suit, a
 * card's id % 25 (24 for a joker, black and blob).
 */
uint32_t cm_join_classes(int cmask, int smask);

/*
 * Numbers card c may take when played: *lo..*hi.  Returns 0 for a card
 * with a fixed number (*lo = *hi = it, 0 for a ? under q_mode
 * separate), 1 for a card that declares (a ? under wild, a joker under
 * separate or five), -1 for a sweeper joker (q_mode wild).
 */
static inline int
cm_numbers(const struct cm_state *s, card_t c, int *lo, int *hi)
{
	int	 n;

	if (c >= CARD_TT_COUNT) {
		if (s->q_mode == CM_Q_WILD) {
			*lo = *hi = 0;
			return -1;
		}
		*lo = 1;
		*hi = s->q_mode == CM_Q_FIVE ? 5 : 4;
		return 1;
	}
	n = card_tt_number(c);
	if (n < CARD_NQ) {
		*lo = *hi = n + 1;
		return 0;
	}
	switch (s->q_mode) {
	case CM_Q_WILD:
		*lo = 1;
		*hi = 4;
		return 1;
	case CM_Q_FIVE:
		*lo = *hi = 5;
		return 0;
	default:
		*lo = *hi = 0;
		return 0;
	}
}

/* Is anything there for a sweeper joker: a pile or a start joker? */
int	cm_can_sweep(const struct cm_state *s);

/* Does card c capture ?-piles (value 0)? */
int	cm_takes_q(const struct cm_state *s, card_t c);

/*
 * The piles of p[0..np-1] a card may build onto for a capture (not
 * stacks, not ?-piles), by value: the plan check's index, made once
 * per listing.  -1 when a value is past the index (no legal table: a
 * build is worth at most CM_BUILD_MAX).
 */
enum { CM_BYVAL = CM_BUILD_MAX + 1 };
struct cm_byval {
	uint64_t	 m[CM_BYVAL][2];
};
int	cm_byval_set(const struct cm_pile *p, int np, struct cm_byval *bv);

/*
 * Plan check: may some card of hand[0..nh-1] other than skip capture
 * pile x of p[0..np-1], as px (p[x] after the build or stack), on a
 * later turn (RULES.md 4b)?  bv: p's index, or NULL.
 */
int	cm_plan_ok(const struct cm_state *s, const struct cm_pile *p, int np,
	    int x, const struct cm_pile *px, const card_t *hand, int nh,
	    card_t skip, const struct cm_byval *bv);

/*
 * Bit i of m[2] for each id i whose byte in a[0..CM_IDS-1] (pile_of[],
 * won[]) is not CM_NOBODY: the bot's scan and the capture's, 16 ids
 * at a time where SSE2 is there.
 */
void	cm_ids_placed(const uint8_t *a, uint64_t m[2]);

/* May seat drop now (no owned pile passes the plan check)? */
int	cm_may_drop(const struct cm_state *s, int seat);

/* The number a card on the table counts as (0: a ?-pile card). */
int	cm_table_value(const struct cm_state *s, card_t c);

/* Card c onto table pile x: its index, count and masks, its name. */
void	cm_pile_add(struct cm_state *s, int x, card_t c);

/* Card c to the table as a new single pile of its own. */
void	cm_new_single(struct cm_state *s, card_t c);

/* ---- casino_moves.c: capture groups, the move generator ---- */

/*
 * Call fn for every legal move of seat (st may be a view of it), in
 * canonical order: hand cards by id, declared numbers upward; per card
 * takes, build-and-takes, builds, stacks, then the drop.  Returns the
 * count.  fn may be NULL.
 */
typedef void	(*cm_visit)(void *ctx, const struct game_move *mv,
		    const struct cm_play *pl);
int	cm_generate(const struct cm_state *s, int seat, cm_visit fn, void *ctx);

/* Check mv of seat; fills pl, or returns -1 with a sentence in why[]. */
int	cm_check(const struct cm_state *s, int seat, const struct game_move *mv,
	    struct cm_play *pl, char why[GAME_WHY_MAX]);

/* ---- casino.c ---- */

/* Apply a checked play of seat to s (in place); hand ends go to ev. */
void	cm_execute(struct cm_state *s, int seat, const struct cm_play *pl,
	    struct game_events *ev);

/* ---- casino_setup.c: options, set-up and deals (4a, 4e) ---- */

/* cm_rules.options, .setup and .deal (game.h). */
extern const struct game_option cm_options[];
enum game_rc cm_setup(void *out, const struct game_setup *su,
	    char why[GAME_WHY_MAX]);
enum game_rc cm_deal(const void *in, void *out, const card_t *deck, int n,
	    char why[GAME_WHY_MAX]);

/*
 * CM_HAND cards each from the stock, dealt one at a time from the seat
 * after the dealer, or what is left of it round by round.
 */
void	cm_redeal(struct cm_state *s);

/*
 * The next hand's deal from the game's stream, or in decks mode the
 * wait for its deck (CM_PHASE_DEAL); s->hand and s->dealer are set.
 */
void	cm_next_deal(struct cm_state *s);

/* ---- casino_view.c: scoring, views and self-checks ---- */

/* Score the hand just ended into r from s->won[] (RULES.md 4d). */
void	cm_score(const struct cm_state *s, struct cm_result *r);

/*
 * For the strong bot (game.h search_depth, search_eval): its playouts
 * stop after CM_SEARCH_DEPTH moves, and are then worth to seat its
 * points of the hand under way less the mean of the others', as if
 * the hand ended now (cm_score of the cards won so far; the table's
 * last cards not swept yet).
 */
int	cm_search_depth(const void *view);
double	cm_search_eval(const void *st, int seat);

void	cm_view(const void *st, int viewer, void *out);
int	cm_audit(const void *st, char why[GAME_WHY_MAX]);
int	cm_audit_view(const void *st, const void *view, int viewer,
	    char why[GAME_WHY_MAX]);

/* ---- casino_timeout.c ---- */

/* cm_rules.timeout_move (game.h): RULES.md 4b. */
enum game_rc cm_timeout_move(const void *st, int seat,
	    struct game_move *out);

/* ---- casino_text.c: moves as text ---- */

enum game_rc cm_parse(const char *text, struct game_move *mv,
	    char why[GAME_WHY_MAX]);
size_t	cm_format(const struct game_move *mv, char *buf, size_t bufsz);

/* ---- casino_bot.c ---- */

/*
 * Choose a move for seat from its view only (a struct cm_state made by
 * cm_view for that seat): what the move captures now (scoring cards
 * weigh most; the yellow hearts valued from who holds some), plus a
 * build's later capture, minus what the table left offers the other
 * players (casino_bot.c).  noise breaks ties.  GAME_REFUSED when seat
 * is not to act.  Pure.
 */
enum game_rc cm_bot_choose(const void *view, int seat,
	    const uint8_t noise[32], struct game_move *out);

/*
 * For the unit tests: cm_bot_choose skips the moves whose gain less a
 * floor of their threat cannot reach the best so far.  The number of
 * moves whose floor came out above their threat, plus 1 if the choice
 * differs from folding every move's threat (the same noise).  0 when
 * the shortcut is sound.  Pure.
 */
int	cm_bot_check(const void *view, int seat, const uint8_t noise[32]);

/* The whole state face up for viewer (struct game_rules.reveal). */
int	cm_reveal(const void *st, int viewer, void *out);

/* ---- casino_determ.c ---- */

/* cm_rules.determinize (game.h): the hidden hands and the stock sampled. */
void	cm_determinize(const void *view, int seat, const uint8_t noise[32],
	    void *out);

#endif /* TOPPER_CASINO_H */
