/*
 * vodkapolis.h: the rules of Vodkapolis 500 Full No Wild (prefix vp_;
 * RULES.md 2).
 *
 * 2 to 6 players, the full 125-card deck, 11 cards each, an upcard that
 * starts the discard chain.  A turn is: draw from the stock or take the
 * chain from any card on (that card must then be melded this turn),
 * then any number of new melds (3 cards of one line, laid in front of an
 * opponent chosen round-robin, rule 4b) and extensions (one card of the
 * meld's line, up to 5), then one discard.  Scores are penalties: 5 per
 * card plus 5 per special element, for the cards held and the cards in
 * melds in front of you; going out scores 0.  A player at 500 or more
 * is eliminated; the end mode is a table option.
 *
 * Split by concern: vodkapolis.c (set-up, moves, hand ends, status,
 * timeouts), vodkapolis_rules.c (melds, obligations, move checks,
 * scoring), vodkapolis_legal.c (legal moves), vodkapolis_view.c
 * (views, audits, move text), vodkapolis_bot.c (the bot), with
 * vodkapolis_greedy.c and vodkapolis_meld.c (its moves found without
 * a list, vodkapolis_gp.h).  Everything here is pure: no allocation,
 * no I/O, randomness only from the state's struct rng.
 *
 * Rulings as implemented (RULES.md 2e), beyond the source text:
 * - New melds are exactly 3 cards, in front of an active opponent whose
 *   count of new melds from you is the current minimum; extensions do
 *   not count and may go on any meld, in front of anyone.
 * - A meld or extension that would leave you no card is illegal: a turn
 *   always ends with a discard.
 * - A take is legal only if the taken card can still be melded this
 *   turn; every later action must keep that possible; the discard waits
 *   until it is on the table.  "undo" takes back the last meld or
 *   extension of this turn, never the draw or take.
 * - The hand ends after the discard of the turn that emptied the stock,
 *   unless that player went out.
 * - Eliminated players are dealt out of later hands (last_standing).
 */
#ifndef TOPPER_VODKAPOLIS_H
#define TOPPER_VODKAPOLIS_H

#include <stdint.h>

#include "card.h"
#include "game.h"
#include "rng.h"

extern const struct game_rules vp_rules;

enum {
	VP_SEATS_MIN = 2,
	VP_SEATS_MAX = 6,
	VP_DECK = 125,
	VP_DEAL = 11,			/* cards dealt to each player */
	VP_HAND_MAX = 125,		/* a take may bring in the whole chain */
	VP_MELD_MIN = 3,
	VP_MELD_MAX = 5,		/* a whole line */
	VP_MELDS_MAX = 41,		/* 125 / 3 */
	VP_LOG_MAX = 125,		/* meld actions in one turn */
	VP_ELIMINATE = 500,
	VP_BONUS_MATCH = 0,		/* rule 7, never defined: inert (RULES.md 2e.13) */
	VP_LAYOUT = 2,			/* bump on any change of struct vp_state */
	VP_NOBODY = 0xff
};

/* The move verbs, in the order of their text. */
enum vp_verb {
	VP_DRAW,			/* draw: the top card of the stock */
	VP_TAKE,			/* take X: the chain from X to its end */
	VP_MELD,			/* meld A B C @N: a new meld before seat N */
	VP_ADD,				/* add X on Y: extend the meld holding Y */
	VP_DISCARD,			/* discard X: ends the turn */
	VP_UNDO,			/* undo: the last meld or add of this turn */
	VP_VERB__MAX
};

enum vp_phase {
	VP_PHASE_DEAL,			/* decks mode: waiting for deal() */
	VP_PHASE_DRAW,			/* draw or take */
	VP_PHASE_PLAY,			/* meld, add, undo, discard */
	VP_PHASE_OVER,
	VP_PHASE__MAX
};

enum vp_end_mode {
	VP_FIRST_TO_500,		/* the game ends at the first elimination */
	VP_LAST_STANDING,		/* eliminated players leave */
	VP_END_MODE__MAX
};

enum vp_end {
	VP_END_NONE,
	VP_END_OUT,			/* a player discarded the last card */
	VP_END_EXHAUSTED,		/* the stock ran out */
	VP_END__MAX
};

/* A meld: its cards in the order laid, who laid it and before whom. */
struct vp_meld {
	uint8_t		 ncards;
	uint8_t		 originator;
	uint8_t		 target;
	card_t		 cards[VP_MELD_MAX];
};

/* One meld action of this turn, for undo: a new meld or an extension. */
struct vp_action {
	uint8_t		 meld;		/* index into melds[] */
	card_t		 card;		/* the card added, or CARD_NONE: new meld */
};

/* The last hand that ended. */
struct vp_result {
	uint8_t		 kind;		/* enum vp_end */
	uint8_t		 out;		/* who went out, or VP_NOBODY */
	int16_t		 hand;
	int32_t		 held[VP_SEATS_MAX];	/* penalty for cards held */
	int32_t		 front[VP_SEATS_MAX];	/* for melds in front */
	int32_t		 delta[VP_SEATS_MAX];	/* added to the score */
	uint8_t		 eliminated;		/* seats eliminated by this hand */
};

/*
 * The whole game.  A view is the same struct with hidden parts masked
 * (CARD_NONE, counts kept, rng zeroed).  Hands are sorted by id.
 * stock[nstock - 1] is the top of the stock; chain[0] is the oldest
 * discard, chain[nchain - 1] the newest.
 */
struct vp_state {
	uint16_t	 layout;	/* VP_LAYOUT */
	uint8_t		 phase;		/* enum vp_phase */
	int8_t		 viewer;	/* view: seat or GAME_VIEW_*; state: VP_NOT_A_VIEW */
	uint8_t		 nseats;
	uint8_t		 decks_mode;
	uint8_t		 end_mode;	/* enum vp_end_mode */
	uint8_t		 dealer;
	uint8_t		 turn;
	uint8_t		 active;	/* bitmask of seats not eliminated */
	uint8_t		 over;
	uint8_t		 winners;	/* bitmask, once over */
	card_t		 drawn;		/* drawn from the stock this turn, or CARD_NONE */
	card_t		 taken;		/* taken from the chain this turn (the obligation) */
	uint8_t		 nlog;
	uint8_t		 nmelds;
	uint8_t		 nstock;
	uint8_t		 nchain;
	int16_t		 hand;		/* from 1 */
	int32_t		 scores[VP_SEATS_MAX];
	uint8_t		 seating[GAME_SEATS_MAX];
	uint8_t		 nhand[VP_SEATS_MAX];
	card_t		 hands[VP_SEATS_MAX][VP_HAND_MAX];
	card_t		 stock[VP_DECK];
	card_t		 chain[VP_DECK];
	struct vp_meld	 melds[VP_MELDS_MAX];
	struct vp_action log[VP_LOG_MAX];
	struct vp_result last;
	/*
	 * Bit c (of 128): seat took card c face up from the chain; public.
	 * Cleared at the seat's discard for cards it no longer holds, and
	 * a view keeps only the cards still held, so every view shows
	 * them and the strong bot's samples leave them in that hand.
	 */
	uint64_t	 known[VP_SEATS_MAX][2];
	struct rng	 rng;
};

/* Is card c marked in a known[] mask? */
static inline int
vp_known_has(const uint64_t m[2], card_t c)
{
	return c < 128 && ((m[c >> 6] >> (c & 63)) & 1);
}

/* Keep in known[] only the cards of hand[0..n-1] (card.h ids). */
void	vp_known_keep(uint64_t known[2], const card_t *hand, int n);

enum {
	VP_NOT_A_VIEW = -3
};

/* ---- vodkapolis_rules.c: cards, melds, obligations, legal moves ---- */

/*
 * Penalty value of a card: 5 x (1 + special elements, card_tt_special),
 * 5..20.  Inline: the bot's inner loops call it.
 */
static inline int
vp_card_value(card_t c)
{
	return 5 * (1 + (card_tt_number(c) == CARD_NQ) +
	    (card_tt_color(c) == CARD_BLACK) + (card_tt_suit(c) == CARD_BLOB));
}

/* Are a, b, c a new meld: distinct, agreeing on exactly two attributes? */
int	vp_is_meld(card_t a, card_t b, card_t c);

/* May x extend meld m (its line, fewer than 5 cards)? */
int	vp_fits(const struct vp_meld *m, card_t x);

/* Is x on m's line (the two attributes its cards share), not in m? */
int	vp_on_line(const struct vp_meld *m, card_t x);

/*
 * The key of deck card c (< VP_DECK) on its line where attribute k
 * (0 number, 1 color, 2 suit) varies: the other two, 0..24.  Two
 * distinct cards agree on two attributes when they share one key.
 */
static inline int
vp_line_key(card_t c, int k)
{
	return k == 0 ? c % 25 : k == 1 ? card_tt_number(c) * 5 +
	    card_tt_suit(c) : c / 5;
}

/* New melds seat has laid in front of target this hand. */
int	vp_count(const struct vp_state *s, int seat, int target);

/* May seat lay a new meld in front of target now (rule 4b)? */
int	vp_may_target(const struct vp_state *s, int seat, int target);

/* The seats vp_may_target allows, as a mask (bit N: seat N). */
unsigned vp_targets(const struct vp_state *s, int seat);

/*
 * Could seat, holding hand[0..n-1] with the melds on s's table, still
 * put card o on the table this turn and keep a card (RULES.md 2b)?
 */
int	vp_can_place(const struct vp_state *s, const card_t *hand, int n,
	    card_t o);

/* Does the seat to act still owe the taken card to the table? */
int	vp_obliged(const struct vp_state *s);

/*
 * Check move mv of seat against s (phase, turn and cards already
 * checked to be deck cards): 0, or -1 with a sentence in why[].
 */
int	vp_check(const struct vp_state *s, int seat, const struct game_move *mv,
	    char why[GAME_WHY_MAX]);

/* ---- vodkapolis_legal.c: the legal moves ---- */

/*
 * vp_rules.legal: draw and the takes in chain order; or the new melds
 * (cards in hand order, then targets), the adds (hand order, then meld
 * order), undo, the discards (hand order).
 */
int	vp_legal(const void *st, int seat, struct game_move *out, int max);

/*
 * The draw phase of vp_legal without the list: ok[i] for each take of
 * chain[i] (i < nchain); returns how many moves vp_legal lists (the
 * draw, then the takes), 0 when seat has none or it is not the draw.
 */
int	vp_legal_takes(const struct vp_state *s, int seat, uint8_t *ok);

/* A new meld in short form: its cards in the order listed, its target. */
struct vp_new_meld {
	card_t		 cards[3];
	int8_t		 at;
};

/* The move "meld A B C @N" of nm, as vp_legal lists it. */
void	vp_new_meld_move(const struct vp_new_meld *nm, struct game_move *mv);

/*
 * The first part of vp_legal's list: the new melds, then the adds.
 * The adds go into out[0..max-1] and their count is returned; *nmelds
 * = how many new melds come before them, written (short) into
 * melds[0..mmax-1] only when there is no add or max is 0: for a caller
 * that ranks any add above any meld.  0 outside the play phase; out
 * and melds may be NULL when max and mmax are 0.
 */
int	vp_legal_adds(const struct vp_state *s, int seat, int *nmelds,
	    struct game_move *out, int max, struct vp_new_meld *melds,
	    int mmax);

/* ---- vodkapolis_rules.c (continued) ---- */

/* Penalty of seat's hand, and of the melds in front of seat. */
int	vp_held_penalty(const struct vp_state *s, int seat);
int	vp_front_penalty(const struct vp_state *s, int seat);

/* The index of the meld holding card c, or -1. */
int	vp_meld_of(const struct vp_state *s, card_t c);

/* ---- vodkapolis_view.c: views, audits, move text ---- */

void	vp_view(const void *st, int viewer, void *out);
int	vp_audit(const void *st, char why[GAME_WHY_MAX]);
int	vp_audit_view(const void *st, const void *view, int viewer,
	    char why[GAME_WHY_MAX]);

/* "draw", "take X", "meld A B C @N", "add X on Y", "discard X", "undo". */
enum game_rc vp_parse(const char *text, struct game_move *mv,
	    char why[GAME_WHY_MAX]);
size_t	vp_format(const struct game_move *mv, char *buf, size_t bufsz);

const char *vp_phase_name(int phase);
const char *vp_end_name(int kind);
const char *vp_end_mode_name(int mode);

/* ---- vodkapolis_bot.c ---- */

/*
 * Choose a move for seat from its view only.  noise breaks ties.
 * GAME_REFUSED when seat has no move.  Pure.
 */
enum game_rc vp_bot_choose(const struct vp_state *view, int seat,
	    const uint8_t noise[32], struct game_move *out);

/*
 * The strong bot's own rule (bot_base_choose in bot.h: the move its
 * search starts from): vp_bot_choose's, but its discard keeps the cards
 * an opponent may meld: their penalty no longer counts, and each pair
 * of their lines' cards seat cannot see (in no hand of its own, the
 * chain or a meld) counts against them.  Pure.
 */
enum game_rc vp_bot_choose_careful(const struct vp_state *view, int seat,
	    const uint8_t noise[32], struct game_move *out);

/*
 * A floor under the cost the bot's greedy play leaves seat holding
 * hand[0..n-1] on s's table (its penalty plus 3 a card): the cards no
 * new meld or add can ever take, those on no line with 3 held cards
 * nor with a meld of s under 5 cards; greedy play only lays cards, so
 * they stay.  0 when a meld of s lies on no one line.
 */
int	vp_bot_floor(const struct vp_state *s, const card_t *hand, int n);

/*
 * The bot's meld or add for seat in s's play phase, from vp_legal_adds'
 * list: the highest worth, noise breaking ties by list index; 1 with
 * *out, 0 when there is none.
 */
int	vp_bot_meld(const struct vp_state *s, int seat, const uint8_t noise[32],
	    struct game_move *out);

/*
 * The bot's greedy look-ahead for seat on s (a state; scratch): every
 * meld and add its play would lay, by listing and applying the moves.
 * The penalty left in hand plus 3 a card, or as soon as the floor of
 * the hand left (vp_bot_floor) reaches limit, that floor.
 */
int	vp_bot_greedy(struct vp_state *s, int seat, int limit);

/* The whole state face up for viewer (struct game_rules.reveal). */
int	vp_reveal(const void *st, int viewer, void *out);

/* ---- vodkapolis_greedy.c, vodkapolis_meld.c ---- */

/*
 * How much the bot wants a new meld of seat's in front of t, 0..2 x
 * opponents (its target choice).
 */
int	vp_bot_target_worth(const struct vp_state *v, int seat, int t);

/*
 * vp_bot_floor for each take of v's chain at once (the chain's end
 * first, the cards only added): fl[i] for seat's hand with chain[i]
 * to the end, i < v->nchain.
 */
void	vp_bot_take_floors(const struct vp_state *v, int seat, int *fl);

/*
 * vp_bot_greedy's result on a compact copy of seat's cards and the
 * table, without listing or applying a move; -1 where it does not
 * model s (a meld on no one line, a list past the bot's cap).
 */
int	vp_greedy_fast(const struct vp_state *s, int seat, int limit);

/*
 * vp_bot_meld without the list, on the compact copy: the same move
 * (and noise read at the same list index); -1 where it does not model
 * s, as vp_greedy_fast.
 */
int	vp_meld_fast(const struct vp_state *s, int seat, const uint8_t noise[32],
	    struct game_move *out);

/*
 * vp_greedy_take of chain[from] by seat (to act in v's
 * draw phase), without applying it; -1 as vp_greedy_fast.
 */
int	vp_greedy_take(const struct vp_state *v, int seat, int from,
	    int limit);

/* ---- vodkapolis_determ.c ---- */

/* vp_rules.determinize (game.h): the hidden hands and the stock sampled. */
void	vp_determinize(const void *view, int seat, const uint8_t noise[32],
	    void *out);

enum {
	/*
	 * The strong bot's share of the budget, in per cent
	 * (vp_search_share): a turn's budget for the draw or take, as a
	 * turn has about three decisions, and the caller's for each meld,
	 * add or discard.
	 */
	VP_SEARCH_DRAW_SHARE = 300,
	VP_SEARCH_PLAY_SHARE = 100
};

/*
 * vp_rules.search_share (game.h): VP_SEARCH_DRAW_SHARE for the seat
 * to draw or take, VP_SEARCH_PLAY_SHARE for its melds, adds and
 * discards, 0 for anyone else.  The take-or-draw choice holds the
 * largest gaps (searching it alone at 300%: 54.0% of 400 games
 * against easy, 48.2% searching every decision at 100%, at 30
 * playouts); searching the play as well lost at 30 playouts (45.5% of
 * 200) but won at 186, where a difference of a few points shows
 * through the deals' noise (59.2% of 400 against 55.7% with the draw
 * alone; tests/bench/bots.md).
 */
int	vp_search_share(const void *view, int seat);

/* vp_rules.search_skip (game.h): the undo, which takes back a meld. */
int	vp_search_skip(const struct game_move *mv);

#endif /* TOPPER_VODKAPOLIS_H */
