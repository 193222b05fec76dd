/*
 * rummy500.h: the rules of classic Rummy 500 (prefix r500_; RULES.md 6).
 *
 * Two to four players, one 52-card pack without jokers; 10 cards each
 * for two players (table option two_player_cards, 10 or 13), 7 each
 * for three or four, and an upcard.  A turn: draw the top of the stock
 * or take any card of the discard pile with every card above it (the
 * taken card must reach the table in the same turn); then any number
 * of melds (3-4 of a rank, or 3+ in suit sequence, ace high or low,
 * never round the corner) and lay-offs onto anyone's melds; then a
 * discard.  A hand ends when a player has no card left (melding or
 * discarding the last card) or when a turn ends with the stock empty.
 * Each player scores the cards they put on the table (lay-offs
 * included) minus the cards left in hand; ace 15, 1 when low in a run,
 * court cards and tens 10, the rest their pips.  The first to 500
 * wins, the highest total when several reach it; after hand_cap hands
 * (default 30) the highest total wins.  Ties share the win.
 *
 * Split by concern: rummy500.c (set-up, moves, hand ends, status,
 * timeouts), rummy500_meld.c (melds, lay-offs, card values),
 * rummy500_legal.c (the take check, legal moves, the timeout's step),
 * rummy500_text.c (move text), rummy500_view.c (views, audits),
 * rummy500_bot.c (the bot), rummy500_determ.c (the strong bot's
 * samples of what a seat cannot see).  Everything here is pure: no
 * allocation, no I/O, randomness only from the state's struct rng.
 *
 * Rulings as implemented (the rule page states them):
 * - Ranks in a run are positions 1..14: ace low = 1, 2..K = 2..13,
 *   ace high = 14.  An ace laid off on a run from 2 to K names its end
 *   ("AH=1" low, "AH=14" high); a 13-card run melded at once is ace
 *   low unless written "AH=14".
 * - The obligation of a take (RULES.md 0.3, 6b): a take, and every
 *   later meld or lay-off in that turn, is legal only if the taken card
 *   can still reach the table; no discard until it is there.
 * - Timeout: draw; then, while a taken card is owed, the first step
 *   towards laying it (its lay-off on the oldest meld, else its
 *   smallest 3-card meld, else the lay-off of the nearest card of the
 *   shortest chain that joins it to a run on the table); then discard
 *   the card drawn from the stock, else the lowest-id card.
 */
#ifndef TOPPER_RUMMY500_H
#define TOPPER_RUMMY500_H

#include <stdint.h>

#include "card.h"
#include "game.h"
#include "rng.h"

extern const struct game_rules r500_rules;

enum {
	R500_SEATS_MIN = 2,
	R500_SEATS_MAX = 4,
	R500_DECK = 52,
	R500_HAND_MAX = 52,		/* a take may bring the whole pile */
	R500_MELDS_MAX = 17,		/* 52 cards in melds of 3 or more */
	R500_MELD_CARDS = 13,		/* a run of a whole suit */
	R500_DEAL_TWO = 10,		/* two players, by default */
	R500_DEAL_MANY = 7,		/* three or four players */
	R500_TARGET = 500,
	R500_HAND_CAP_DEFAULT = 30,
	R500_HAND_CAP_MAX = 1000,
	R500_ACE_LOW = 1,		/* run position of a low ace */
	R500_ACE_HIGH = 14,		/* run position of a high ace */
	R500_LAYOUT = 2,		/* bump on any change of struct r500_state */
	R500_NOBODY = 0xff,
	R500_NOT_A_VIEW = -3		/* r500_state.viewer of a full state */
};

/* The verbs, in the order of their text: draw take meld layoff discard. */
enum r500_verb {
	R500_DRAW,			/* the top card of the stock */
	R500_TAKE,			/* take X: X and every discard above it */
	R500_MELD,			/* meld X Y Z ... */
	R500_LAYOFF,			/* layoff X on Y (X=1 / X=14: ace end) */
	R500_DISCARD,			/* discard X */
	R500_VERB__MAX
};

enum r500_phase {
	R500_PHASE_DEAL,		/* decks mode: waiting for deal() */
	R500_PHASE_DRAW,		/* draw or take */
	R500_PHASE_PLAY,		/* meld, lay off, discard */
	R500_PHASE_OVER,
	R500_PHASE__MAX
};

enum r500_end {
	R500_END_NONE,
	R500_END_OUT,			/* a player has no card left */
	R500_END_STOCK,			/* a turn ended with the stock empty */
	R500_END__MAX
};

enum r500_kind { R500_SET, R500_RUN };

/*
 * A meld on the table.  A set lists its cards in the order laid; a run
 * lists them by position, cards[i] at position lo + i.  by[i] is the
 * seat that put cards[i] on the table and scores it.
 */
struct r500_meld {
	uint8_t		 kind;		/* enum r500_kind */
	uint8_t		 owner;		/* seat that melded it */
	uint8_t		 ncards;
	uint8_t		 lo;		/* run: position of cards[0] (1..12) */
	card_t		 cards[R500_MELD_CARDS];
	uint8_t		 by[R500_MELD_CARDS];
};

/* The last hand that ended, for the hand-end panel. */
struct r500_result {
	uint8_t		 kind;		/* enum r500_end */
	uint8_t		 out;		/* seat that went out, or R500_NOBODY */
	int16_t		 hand;
	int16_t		 table[R500_SEATS_MAX];	/* value laid on the table */
	int16_t		 held[R500_SEATS_MAX];	/* value left in hand */
};

/*
 * The whole game.  A view is the same struct with hidden parts masked
 * (CARD_NONE, counts kept) and rng zeroed.  Hands are sorted by id.
 * stock[nstock - 1] is the top of the stock, discard[ndiscard - 1] the
 * top of the discard pile.
 */
struct r500_state {
	uint16_t	 layout;	/* R500_LAYOUT */
	uint8_t		 phase;		/* enum r500_phase */
	int8_t		 viewer;	/* view: seat or GAME_VIEW_*; else R500_NOT_A_VIEW */
	uint8_t		 nseats;
	uint8_t		 decks_mode;
	uint8_t		 dealer;
	uint8_t		 turn;
	uint8_t		 deal_two;	/* cards each in a two-player game */
	card_t		 drawn;		/* drawn from the stock this turn, or CARD_NONE */
	card_t		 owed;		/* taken from the pile, not yet laid, or CARD_NONE */
	card_t		 taken;		/* taken from the pile this turn, or CARD_NONE */
	uint8_t		 over;
	uint8_t		 winners;	/* seat bitmask, once over */
	uint8_t		 nmelds;
	uint8_t		 nstock;
	uint8_t		 ndiscard;
	uint8_t		 pad;
	int16_t		 hand;		/* from 1 */
	int16_t		 hand_cap;
	int32_t		 scores[R500_SEATS_MAX];
	uint8_t		 seating[GAME_SEATS_MAX];
	uint8_t		 nhand[R500_SEATS_MAX];
	card_t		 hands[R500_SEATS_MAX][R500_HAND_MAX];
	card_t		 stock[R500_DECK];
	card_t		 discard[R500_DECK];
	struct r500_meld melds[R500_MELDS_MAX];
	struct r500_result last;
	/*
	 * Bit c: seat holds card c, taken face up from the discard pile
	 * (public: every view keeps it; the strong bot's samples leave
	 * it in that hand).
	 */
	uint64_t	 known[R500_SEATS_MAX];
	struct rng	 rng;
};

/* ---- rummy500_meld.c: melds, lay-offs, card values ---- */

/* Run position of a rank 0..12 that is not an ace (2..13). */
static inline int	r500_pos(card_t c) { return card_std_rank(c) + 1; }

/* Points of c lying at position pos of a run (0: in a set or in hand). */
int	r500_value(card_t c, int pos);

/* Points a seat has on the table in st's melds. */
int	r500_table_points(const struct r500_state *st, int seat);

/* Points of cards in hand (aces 15). */
int	r500_hand_points(const card_t *cards, int n);

/*
 * Check cards[0..n-1] as a new meld and fill out (by[] = seat).  ends[i]
 * is the position written for an ace ("=1", "=14") or -1.  0, or -1
 * with a sentence in why[].
 */
int	r500_make_meld(const card_t *cards, const int8_t *ends, int n, int seat,
	    struct r500_meld *out, char why[GAME_WHY_MAX]);

/*
 * Where card c would go on meld m: its run position, or 0 for a set;
 * end is the position written for an ace (1, 14) or -1.  Returns -1 when
 * it does not fit, -2 when an ace fits at both ends of a 2..K run and
 * end is not given.
 */
int	r500_fit(const struct r500_meld *m, card_t c, int end);

/* Put c on meld m at position pos (from r500_fit), laid by seat. */
void	r500_layoff(struct r500_meld *m, card_t c, int pos, int seat);

/* The meld holding card c, or -1. */
int	r500_meld_of(const struct r500_state *st, card_t c);

/* ---- rummy500_legal.c: the take check, legal moves, the owed step ---- */

/*
 * Can x (held in hand[0..n-1]) reach the table this turn with the
 * melds on the table: in a new meld with held cards, or laid off on a
 * meld after a chain of held cards?
 */
int	r500_can_place(const card_t *hand, int n, const struct r500_meld *melds,
	    int nmelds, card_t x);

/* rules.legal */
int	r500_legal(const void *st, int seat, struct game_move *out, int max);

/*
 * The timeout's step towards laying the owed card (see the top of
 * this file) into out; -1 when nothing is owed.
 */
int	r500_owed_step(const struct r500_state *st, int seat,
	    struct game_move *out);

/* ---- rummy500_text.c ---- */

enum game_rc r500_parse(const char *text, struct game_move *mv,
	    char why[GAME_WHY_MAX]);
size_t	r500_format(const struct game_move *mv, char *buf, size_t bufsz);
const char *r500_phase_name(int phase);
const char *r500_end_name(int kind);

/* ---- rummy500_view.c ---- */

void	r500_view(const void *st, int viewer, void *out);
int	r500_audit(const void *st, char why[GAME_WHY_MAX]);
int	r500_audit_view(const void *st, const void *view, int viewer,
	    char why[GAME_WHY_MAX]);

/* ---- rummy500_bot.c ---- */

/*
 * Choose seat's move from its view only.  Takes from the discard pile
 * when the cards taken add melds or simply bring more cards (deep takes
 * win), lays down every meld and lay-off (largest first), discards the
 * costliest card that helps no partial meld and fits no meld on the
 * table.  noise breaks ties.  GAME_REFUSED when seat is not to act.
 */
enum game_rc r500_bot_choose(const struct r500_state *view, int seat,
	    const uint8_t noise[32], struct game_move *out);

/* The whole state face up for viewer (struct game_rules.reveal). */
int	r500_reveal(const void *st, int viewer, void *out);

/* ---- rummy500_determ.c ---- */

/* r500_rules.determinize (game.h): the hidden hands and the stock sampled. */
void	r500_determinize(const void *view, int seat, const uint8_t noise[32],
	    void *out);

#endif /* TOPPER_RUMMY500_H */
