/*
 * gin_vodka.h: the rules of Gin Vodka (prefix gv_; RULES.md 3).
 *
 * Two players, the 64-card Squares deck, 11 cards each and an upcard.
 * A meld is 3 or 4 cards of one line (two attributes shared); a card's
 * deadwood value is N + 2 for blue + 2 for square.  A player knocks at
 * 10 deadwood or less, naming the melds; gin (0) scores 20 + the
 * defender's deadwood, otherwise the defender makes one last play, lays
 * off onto the knocker's named melds and the lower deadwood scores.
 *
 * The module is split by concern: gin_vodka.c (setup, moves),
 * gin_vodka_legal.c (legal moves, status, timeout move),
 * gin_vodka_score.c (melds, arrangements, hand results),
 * gin_vodka_text.c (move text), gin_vodka_view.c (views, audits),
 * gin_vodka_bot.c (the bot).  Everything
 * here is pure: no allocation, no I/O, randomness only from the state's
 * struct rng.
 *
 * Rulings the source text does not make, as implemented here:
 * - The stock is recycled lazily, when a player draws from an empty
 *   stock: the top discard stays, the rest is turned over without
 *   shuffling, so the oldest discard becomes the top of the stock.
 * - Void hand (RULES.md 3b safeguard): when a turn ends with a discard,
 *   the stock is empty and recycle_cap recycles were already made in
 *   this hand, the hand is void.  A player who empties the stock may
 *   still knock in that turn.  In the defender's last play a stock that
 *   may not be recycled again cannot be drawn from: only "take" is left.
 */
#ifndef TOPPER_GIN_VODKA_H
#define TOPPER_GIN_VODKA_H

#include <stdint.h>

#include "card.h"
#include "game.h"
#include "rng.h"

extern const struct game_rules gv_rules;

enum {
	GV_SEATS = 2,
	GV_DECK = 64,			/* the Squares deck */
	GV_HAND = 11,			/* cards held between turns */
	GV_HAND_MAX = 12,		/* after drawing */
	GV_MELD_MAX = 4,		/* a line of the Squares deck */
	GV_MELDS_MAX = 4,		/* melds in at most 12 cards */
	GV_KNOCK_MAX = 10,		/* highest deadwood that may knock */
	GV_GIN_BONUS = 20,
	GV_UNDERCUT_BONUS = 8,
	GV_TARGET_DEFAULT = 50,
	GV_TARGET_MAX = 10000,
	GV_RECYCLE_CAP_DEFAULT = 2,
	GV_RECYCLE_CAP_MAX = 20,
	GV_LAYOUT = 2,			/* bump on any change of struct gv_state */
	GV_NOBODY = 0xff		/* no seat */
};

/* The move verbs, in the order of their text: pass take draw discard knock. */
enum gv_verb {
	GV_PASS,			/* opening: decline the upcard */
	GV_TAKE,			/* the upcard, or the top discard */
	GV_DRAW,			/* the top card of the stock */
	GV_DISCARD,			/* discard X */
	GV_KNOCK,			/* knock X | MELD | MELD ... */
	GV_VERB__MAX
};

enum gv_phase {
	GV_PHASE_DEAL,			/* decks mode: waiting for deal() */
	GV_PHASE_OPEN_ND,		/* non-dealer: take the upcard or pass */
	GV_PHASE_OPEN_D,		/* dealer: take the upcard or pass */
	GV_PHASE_DRAW,			/* turn: draw or take (stock_only: draw) */
	GV_PHASE_DISCARD,		/* turn: discard or knock */
	GV_PHASE_LAST_DRAW,		/* defender's last play: draw or take */
	GV_PHASE_LAST_DISCARD,		/* defender's last play: discard */
	GV_PHASE_OVER,			/* the game has ended */
	GV_PHASE__MAX
};

/* How a hand ended. */
enum gv_end {
	GV_END_NONE,
	GV_END_GIN,			/* knocker scored 20 + D */
	GV_END_KNOCK,			/* knocker scored D - K */
	GV_END_UNDERCUT,		/* defender scored 8 + K - D (a tie too) */
	GV_END_VOID,			/* stock ran out at the recycle cap */
	GV_END__MAX
};

/*
 * A meld: cards[0..ncards-1] are its own cards in id order; in a hand
 * result the next nlaid cards are the defender's lay-offs onto it.
 */
struct gv_meld {
	uint8_t		 ncards;
	uint8_t		 nlaid;
	card_t		 cards[GV_MELD_MAX];
};

/*
 * One way to arrange a hand: disjoint melds (ordered by lowest id,
 * each sorted), the deadwood cards (sorted) and their total value.  A
 * defender's arrangement also lists the cards laid off onto the
 * knocker's melds: laid[i] goes onto the knocker's meld laid_on[i]
 * (sorted by target, then by id).
 */
struct gv_arrangement {
	uint8_t		 nmelds;
	uint8_t		 ndead;
	uint8_t		 nlaid;
	uint8_t		 deadwood;
	struct gv_meld	 melds[GV_MELDS_MAX];
	card_t		 dead[GV_HAND_MAX];
	card_t		 laid[GV_HAND_MAX];
	uint8_t		 laid_on[GV_HAND_MAX];
};

/* The last hand that ended, kept for the hand-end panel. */
struct gv_result {
	uint8_t		 kind;		/* enum gv_end; GV_END_NONE before any */
	uint8_t		 knocker;	/* GV_NOBODY for a void hand */
	uint8_t		 scorer;	/* seat that scored, or GV_NOBODY */
	card_t		 knock_discard;	/* CARD_NONE for a void hand */
	int16_t		 hand;		/* from 1 */
	int16_t		 kdead;		/* K: the knocker's deadwood */
	int16_t		 ddead;		/* D: the defender's, after lay-offs */
	int16_t		 points;	/* scored by scorer */
	struct gv_arrangement karr;	/* knocker's named melds + lay-offs */
	struct gv_arrangement darr;	/* defender's melds, lay-offs, deadwood */
};

/*
 * The whole game.  A view is the same struct with hidden parts masked:
 * a hidden card is CARD_NONE and its count stays, rng is zeroed.
 * Hands are kept sorted by id.  stock[nstock - 1] is the top of the
 * stock and discard[ndiscard - 1] the top of the discard pile (in the
 * opening, the upcard).
 */
struct gv_state {
	uint16_t	 layout;	/* GV_LAYOUT */
	uint8_t		 phase;		/* enum gv_phase */
	int8_t		 viewer;	/* view: seat or GAME_VIEW_*; state: GV_NOT_A_VIEW */
	uint8_t		 decks_mode;	/* set up without a seed */
	uint8_t		 dealer;
	uint8_t		 turn;		/* seat to act (meaningless in DEAL/OVER) */
	uint8_t		 stock_only;	/* both passed: the non-dealer must draw */
	card_t		 drawn;		/* card drawn this turn, or CARD_NONE */
	uint8_t		 from_pile;	/* drawn came from the discard pile */
	uint8_t		 knocker;	/* in the last play, else GV_NOBODY */
	card_t		 knock_discard;	/* in the last play, else CARD_NONE */
	uint8_t		 recycles;	/* made in this hand */
	uint8_t		 recycle_cap;
	uint8_t		 over;
	uint8_t		 winners;	/* seat bitmask, once over */
	int16_t		 hand;		/* from 1 */
	int32_t		 target;
	int32_t		 scores[GV_SEATS];
	uint8_t		 seating[GAME_SEATS_MAX];
	uint8_t		 nhand[GV_SEATS];
	card_t		 hands[GV_SEATS][GV_HAND_MAX];
	uint8_t		 nstock;
	uint8_t		 ndiscard;
	card_t		 stock[GV_DECK];
	card_t		 discard[GV_DECK];
	struct gv_arrangement knock;	/* knocker's named melds in the last play */
	struct gv_result last;		/* the last hand that ended */
	/*
	 * Cards each seat took face up from the discard pile and still
	 * holds (sorted): public, so every view keeps them, and the
	 * strong bot's samples leave them in that hand.
	 */
	uint8_t		 nknown[GV_SEATS];
	card_t		 known[GV_SEATS][GV_HAND_MAX];
	struct rng	 rng;
};

enum {
	GV_NOT_A_VIEW = -3		/* gv_state.viewer of a full state */
};

/* Is a hand under way (dealt, not over)?  The views ask it too. */
static inline int
gv_playing(const struct gv_state *s)
{
	return s->phase > GV_PHASE_DEAL && s->phase < GV_PHASE_OVER;
}

/* ---- gin_vodka_legal.c: what the seat to act may do ---- */

/*
 * May the seat to act draw from the stock: the stock holds a card, or
 * the discards may still be recycled in this hand (RULES.md 3b)?
 * gin_vodka.c's draw asks it too.
 */
int	gv_can_draw(const struct gv_state *s);

/*
 * gv_rules.legal (game.h): the opening's pass and take; draw and take;
 * each discard, then one knock per discard that leaves 10 deadwood or
 * less (its best arrangement).  None for a seat not to act, or in a
 * view made for another viewer.
 */
int	gv_legal(const void *st, int seat, struct game_move *out, int max);

/* gv_rules.status (game.h): scores, dealer, the seat to act, winners. */
void	gv_status(const void *st, struct game_status *out);

/*
 * gv_rules.timeout_move (game.h): pass in the opening, draw (take when
 * the stock may not be drawn from), else discard the card just drawn
 * from the stock or the first card that may go.
 */
enum game_rc gv_timeout_move(const void *st, int seat,
	    struct game_move *out);

/* ---- gin_vodka_score.c: cards, melds, arrangements ---- */

/* Deadwood value of a Squares card: N + 2[blue] + 2[square], 1..8. */
int	gv_card_value(card_t c);

/* Are cards[0..n-1] one meld: 3 or 4 distinct cards of one line? */
int	gv_is_meld(const card_t *cards, int n);

/* May x be laid off onto meld m (its line, at most 4 with lay-offs)? */
int	gv_fits(const struct gv_meld *m, card_t x);

/* Minimum deadwood of cards[0..n-1] (n <= GV_HAND_MAX), own melds only. */
int	gv_deadwood(const card_t *cards, int n);

/* Is that minimum GV_KNOCK_MAX or less?  Much cheaper than computing it. */
int	gv_can_knock(const card_t *cards, int n);

/*
 * A floor under the deadwood of cards[0..n-1] less any one card: what
 * the cards on no line of three carry, less the biggest of them.
 * Above GV_KNOCK_MAX, no discard leaves a hand that can knock, so the
 * legal-move list skips trying each (most random hands).
 */
int	gv_knock_floor(const card_t *cards, int n);

/*
 * A minimum-deadwood arrangement of cards[0..n-1] (n <= GV_HAND_MAX,
 * distinct Squares cards) into out.  Among equal ones, the smallest
 * sorted list of card ids (RULES.md 3b): the deadwood list first, then
 * each meld in order of lowest id, compared element by element with a
 * shorter list before its extensions.  Returns the deadwood.
 */
int	gv_best_arrangement(const card_t *cards, int n,
	    struct gv_arrangement *out);

/*
 * The defender's minimum deadwood: own melds plus lay-offs onto the
 * knocker's named melds kmelds[0..nk-1] (each taking cards of its line
 * up to 4 in all).  Ties as gv_best_arrangement, with the lay-offs
 * after the own melds, grouped by knocker meld in index order.  out's
 * laid_on[] index kmelds.  Returns the deadwood.
 */
int	gv_defender_arrangement(const card_t *cards, int n,
	    const struct gv_meld *kmelds, int nk, struct gv_arrangement *out);

/*
 * The minimum deadwood of cards[0..n-1] with lay-offs onto kmelds[0..
 * nk-1] (nk 0: own melds only, as gv_deadwood) when it is below bound,
 * else bound (INT_MAX: the minimum itself).  No tie-break to keep, so
 * the search cuts at the bound: much cheaper than the arrangements
 * when only the figure counts.
 */
int	gv_deadwood_below(const card_t *cards, int n,
	    const struct gv_meld *kmelds, int nk, int bound);

enum {
	GV_LINES = 48,			/* 3 orientations x 16 */
	GV_KEY_MAX = 40			/* a tie-break key: 12 ids + 9 ends */
};

/*
 * A hand made ready once for the searches of a loop that leaves out
 * one card at a time (the bot's discards and takes, the knocks the
 * legal moves list): sorted and its lines marked once, not once a
 * search.  The fields are gin_vodka_score.c's own.
 */
struct gv_hand_search {
	int			 n;
	card_t			 cards[GV_HAND_MAX];	/* sorted */
	uint8_t			 val[GV_HAND_MAX];
	uint8_t			 line[GV_HAND_MAX][3];
	uint16_t		 linemask[GV_LINES];
	int			 nk;
	struct gv_meld		 kmelds[GV_MELDS_MAX];	/* + lay-offs */
	int8_t			 kline[GV_MELDS_MAX];	/* each one's line */
	int			 keyed;		/* the smallest key of minima */
	int			 best;
	struct gv_arrangement	 cur;
	struct gv_arrangement	 bestarr;
	uint8_t			 bestkey[GV_KEY_MAX];
};

/*
 * Ready s for cards[0..n-1] (n <= GV_HAND_MAX, distinct Squares cards)
 * with lay-offs onto kmelds[0..nk-1] (nk 0: own melds only).
 */
void	gv_hand_search_init(struct gv_hand_search *s, const card_t *cards,
	    int n, const struct gv_meld *kmelds, int nk);

/*
 * s's hand without card skip (CARD_NONE: all of it), the same results
 * as the calls above on that hand, call for call: with out NULL,
 * gv_deadwood_below's figure under bound; else the arrangement that
 * gv_best_arrangement (gv_defender_arrangement with kmelds) finds, in
 * out, and its deadwood (bound unused).
 */
int	gv_hand_search_without(struct gv_hand_search *s, card_t skip,
	    int bound, struct gv_arrangement *out);

/*
 * Check a knock's named melds against the 11 kept cards: each meld
 * valid, cards held and named once.  On success fills out (melds
 * sorted and ordered by lowest id, deadwood = the rest) and returns 0;
 * else -1 with a sentence in why[].
 */
int	gv_named_arrangement(const card_t *kept, int nkept,
	    const struct gv_meld *melds, int nmelds,
	    struct gv_arrangement *out, char why[GAME_WHY_MAX]);

/*
 * Settle a hand: the knocker's named arrangement karr (deadwood K) and
 * the defender's 11 cards.  gin (K = 0): the defender's best own
 * arrangement, no lay-offs, knocker scores 20 + D.  Otherwise the
 * defender's best with lay-offs: K < D knocker scores D - K, else the
 * defender 8 + K - D.  Fills res (kind, scorer, points, K, D, both
 * arrangements with the lay-offs copied onto karr's melds); the caller
 * sets hand and knock_discard.
 */
void	gv_settle(const struct gv_arrangement *karr, int knocker,
	    const card_t *dcards, int dn, struct gv_result *res);

/* ---- gin_vodka_text.c: moves as text ---- */

/* "pass", "take", "draw", "discard X", "knock X | MELD | MELD ...". */
enum game_rc gv_parse(const char *text, struct game_move *mv,
	    char why[GAME_WHY_MAX]);
size_t	gv_format(const struct game_move *mv, char *buf, size_t bufsz);

/* Fill mv as "knock x" with arr's melds as its groups. */
void	gv_knock_move(card_t x, const struct gv_arrangement *arr,
	    struct game_move *mv);

/* The name of a phase ("draw") and of a hand end ("gin"). */
const char *gv_phase_name(int phase);
const char *gv_end_name(int kind);

/* ---- gin_vodka_view.c: views and self-checks (gv_rules.view, .audit, .audit_view) ---- */

/*
 * The view of st for viewer (a seat, GAME_VIEW_SPECTATOR, or
 * GAME_VIEW_ALL, which shows everything once the game is over and is a
 * spectator's view before): the other hand and the stock masked to
 * CARD_NONE with their counts kept, a card drawn from the stock hidden
 * from the other seat, rng zeroed, viewer recorded.
 */
void	gv_view(const void *st, int viewer, void *out);

/* Every one of the 64 cards exactly once in hands, stock and discards. */
int	gv_audit(const void *st, char why[GAME_WHY_MAX]);

/* view holds no card of a hidden hand, no stock card and no rng bytes. */
int	gv_audit_view(const void *st, const void *view, int viewer,
	    char why[GAME_WHY_MAX]);

/* ---- gin_vodka_bot.c ---- */

/*
 * Choose a move for seat from its view only (gv_rules.view output for
 * that seat).  noise breaks ties between equally good moves.  Keeps
 * melds, discards the worst deadwood (sparing cards that help partial
 * melds), takes a card when it joins a meld or cuts deadwood, knocks
 * as soon as it may (gin when it can).  GAME_REFUSED when seat is not
 * to act.  Pure: no allocation.
 */
enum game_rc gv_bot_choose(const struct gv_state *view, int seat,
	    const uint8_t noise[32], struct game_move *out);

/* The whole state face up for viewer (struct game_rules.reveal). */
int	gv_reveal(const void *st, int viewer, void *out);

/* ---- gin_vodka_determ.c ---- */

/* gv_rules.determinize (game.h): the other hand and the stock sampled. */
void	gv_determinize(const void *view, int seat, const uint8_t noise[32],
	    void *out);

#endif /* TOPPER_GIN_VODKA_H */
