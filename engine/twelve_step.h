/*
 * twelve_step.h: the rules of 12-Step Rummy (prefix tsr_; RULES.md 5).
 *
 * 2 to 9 players, 2 + ceil(max(0, n - 5) / 2) standard packs with
 * jokers, 13 cards each and an upcard.  Each player works on their own
 * contract 1..12 (Dummy Rummy: the round number) and lays all of its
 * melds at once; sets need a natural, runs are one suit, ace low or
 * high, no wrap, wilds never adjacent; deuces and jokers are wild.  A
 * player who is down lays off, liberates other players' wilds (the
 * wild must be laid off at once) and goes out by discarding the last
 * card.  "May I?" lets the other seats buy a discard the next player
 * passed over, with a penalty card.
 *
 * Copies of a standard card share an id, so hands are counts per id.
 * The module is split by concern: twelve_step.c (set-up, round ends),
 * twelve_step_play.c (the moves), twelve_step_may.c (what a seat may
 * do with the cards on the table), twelve_step_meld.c (melds,
 * lay-offs), twelve_step_search.c (the contract search),
 * twelve_step_determ.c (a state sampled from a view, for the strong bot),
 * twelve_step_text.c (move text, legal moves), twelve_step_view.c
 * (views, audits), twelve_step_probe.c (contracts for tests to hold
 * legal() against), twelve_step_bot.c (the bot), twelve_step_rules.c
 * (the game's entry in game.h's contract).  Everything here is pure:
 * no allocation, no I/O, randomness only from the state's rng.
 *
 * Rulings the RULES.md section leaves to the implementation:
 * - The stock is rebuilt lazily, when a card is needed from it: the
 *   discard pile except its top card is shuffled (decks mode: turned
 *   over without shuffling, so tests can place cards).
 * - A meld is named by a card it represents ("on 5C": a set of fives,
 *   or a club run whose span holds the five), optionally with "@N" for
 *   its owner; the first such meld in the order laid that takes the
 *   card is meant.  "@N.K" means seat N's K-th meld in the order laid
 *   (kept in the move's num), for two melds of one owner that hold the
 *   same cards.
 * - The liberated wild is the first wild of a set in the order laid.
 * - A card taken from the discard pile may not be discarded in that
 *   turn, and neither may another copy of it (copies are the same
 *   card for the rules).
 * - "May I?": the seats that may still ask are to act while the window
 *   is open; each answers "mayi" or "pass" once per window, and a
 *   requester may "withdraw" (which counts as passing).
 */
#ifndef TOPPER_TWELVE_STEP_H
#define TOPPER_TWELVE_STEP_H

#include <stdint.h>

#include "card.h"
#include "game.h"
#include "rng.h"

extern const struct game_rules tsr_rules;

enum {
	TSR_SEATS_MIN = 2,
	TSR_SEATS_MAX = 9,
	TSR_IDS = 53,			/* 52 standard ids + JK */
	TSR_DECK_MAX = 216,		/* 4 packs with jokers */
	TSR_DEAL = 13,
	TSR_CONTRACTS = 12,
	TSR_REQS_MAX = 3,		/* melds in one contract */
	TSR_MELDS_MAX = TSR_SEATS_MAX * TSR_REQS_MAX,
	TSR_MELD_MAX = 40,		/* a set of one rank in 4 packs, all wilds */
	TSR_RUN_POS = 14,		/* run positions: A(low)=0 .. K=12, A(high)=13 */
	TSR_BUY_LIMIT_DEFAULT = 3,
	TSR_BUY_LIMIT_MAX = 5,
	TSR_REBUILD_CAP_DEFAULT = 3,
	TSR_REBUILD_CAP_MAX = 20,
	TSR_MATCH_CAP_DEFAULT = 40,
	TSR_MATCH_CAP_MAX = 200,
	TSR_DUMMY_ROUNDS = 12,
	TSR_LAYOUT = 2,			/* bump on any change of struct tsr_state */
	TSR_NOBODY = 0xff,
	TSR_NOT_A_VIEW = -3		/* tsr_state.viewer of a full state */
};

enum tsr_verb {
	TSR_DRAW,			/* the top card of the stock */
	TSR_TAKE,			/* the top discard */
	TSR_CONTRACT,			/* contract MELD | MELD ... */
	TSR_LAYOFF,			/* layoff X on Y [@N[.K]] */
	TSR_LIBERATE,			/* liberate X on Y [@N[.K]] */
	TSR_MAYI,			/* "May I?": ask for the top discard */
	TSR_WITHDRAW,			/* take back a "May I?" */
	TSR_PASS,			/* decline to ask in this window */
	TSR_DISCARD,			/* discard X: ends the turn */
	TSR_VERB__MAX
};

enum tsr_phase {
	TSR_PHASE_DEAL,			/* decks mode: waiting for deal() */
	TSR_PHASE_DRAW,			/* turn: draw or take */
	TSR_PHASE_PLAY,			/* turn: contract, lay-offs, discard */
	TSR_PHASE_OVER,
	TSR_PHASE__MAX
};

enum tsr_kind { TSR_NONE, TSR_SET, TSR_RUN };

/* How the last round ended. */
enum tsr_end { TSR_END_NONE, TSR_END_OUT, TSR_END_BLOCKED, TSR_END__MAX };

/* A contract requirement: a set or run of at least len cards. */
struct tsr_req {
	uint8_t		 kind;		/* enum tsr_kind */
	uint8_t		 len;
};

/*
 * A meld on the table.  A set keeps its cards in the order laid in
 * cards[0..ncards-1] and its rank in rank.  A run keeps cards[pos] for
 * pos in lo..hi (positions: 0 = low ace, 1 = 2, ..., 12 = K, 13 = high
 * ace) and its suit in suit; the card a run's wild represents is the
 * one of its position.
 */
struct tsr_meld {
	uint8_t		 kind;		/* enum tsr_kind; TSR_NONE = free slot */
	uint8_t		 owner;
	uint8_t		 rank;		/* set */
	uint8_t		 suit;		/* run */
	uint8_t		 lo, hi;	/* run */
	uint8_t		 ncards;
	card_t		 cards[TSR_MELD_MAX];
};

/* The last round that ended, for the round-end panel. */
struct tsr_result {
	uint8_t		 kind;		/* enum tsr_end */
	uint8_t		 out;		/* seat that went out, or TSR_NOBODY */
	int16_t		 round;
	int16_t		 points[TSR_SEATS_MAX];
	uint8_t		 made[TSR_SEATS_MAX];	/* contract laid (its number), or 0 */
};

/*
 * The whole game.  A view is the same struct with hidden parts masked:
 * other hands' counts zeroed (nhand kept), the stock CARD_NONE, rng
 * zeroed.  stock[nstock - 1] is the top of the stock and
 * discard[ndiscard - 1] the top discard.
 */
struct tsr_state {
	uint16_t	 layout;	/* TSR_LAYOUT */
	uint8_t		 phase;		/* enum tsr_phase */
	int8_t		 viewer;	/* view: seat or GAME_VIEW_*; state: TSR_NOT_A_VIEW */
	uint8_t		 nseats;
	uint8_t		 npacks;
	uint8_t		 decks_mode;
	uint8_t		 dealer;
	uint8_t		 turn;
	uint8_t		 over;
	/* table options */
	uint8_t		 mayi;		/* "May I?" on */
	uint8_t		 dummy;		/* Dummy Rummy */
	uint8_t		 free_liberate;	/* players not down may liberate */
	uint8_t		 buy_limit;
	uint8_t		 rebuild_cap;
	uint8_t		 match_cap;
	/* this turn */
	card_t		 drawn;		/* card drawn this turn, or CARD_NONE */
	uint8_t		 from_pile;	/* drawn came from the discard pile */
	card_t		 pending;	/* liberated wild still to place, or CARD_NONE */
	/* "May I?" window on the top discard */
	card_t		 win_card;	/* the card buyable, or CARD_NONE */
	uint8_t		 win_from;	/* seat that discarded it */
	uint8_t		 win_open;	/* the next player drew from the stock */
	uint16_t	 win_asked;	/* seats that asked (in order of seats) */
	uint16_t	 win_done;	/* seats that answered (ask or pass) */
	/* this round */
	uint8_t		 rebuilds;
	uint8_t		 nmelds;
	uint16_t	 down;		/* seats that laid their contract */
	uint16_t	 winners;
	int16_t		 round;		/* from 1 */
	uint8_t		 buys[TSR_SEATS_MAX];
	uint8_t		 contract[TSR_SEATS_MAX];	/* 1..12, 13 = all done */
	int32_t		 scores[TSR_SEATS_MAX];
	uint8_t		 seating[GAME_SEATS_MAX];
	uint8_t		 nhand[TSR_SEATS_MAX];
	uint8_t		 hand[TSR_SEATS_MAX][TSR_IDS];	/* count per id */
	uint8_t		 nstock;
	uint8_t		 ndiscard;
	card_t		 stock[TSR_DECK_MAX];
	card_t		 discard[TSR_DECK_MAX];
	struct tsr_meld	 melds[TSR_MELDS_MAX];
	struct tsr_result last;
	/*
	 * Copies of each id a seat took face up (the pile, a "May I?"
	 * buy's discard, a liberated wild) and may still hold: public,
	 * so every view keeps it.  Each copy that leaves the hand takes
	 * one off (which copy left is hidden), so it never overcounts.
	 */
	uint8_t		 known[TSR_SEATS_MAX][TSR_IDS];
	struct rng	 rng;
};

/* What a meld is named for: a lay-off or a liberation. */
enum tsr_target { TSR_FOR_LAYOFF, TSR_FOR_LIBERATE };

/* ---- twelve_step_meld.c: cards, melds, contracts ---- */

/* Is c wild (a deuce or the joker)?  Inline: the searches ask it most. */
static inline int
tsr_wild(card_t c)
{
	return c == CARD_STD_JK || (c < CARD_STD_COUNT &&
	    card_std_rank(c) == 1);
}

/* Penalty value: wild 50, ace 20, T J Q K 10, 3..9 5. */
int	tsr_value(card_t c);

/* The requirements of contract k (1..12); returns their count. */
int	tsr_contract_reqs(int k, struct tsr_req out[TSR_REQS_MAX]);

/* "2 sets of 3" etc. */
const char *tsr_contract_name(int k);

/* The card a run position stands for in suit s. */
static inline card_t
tsr_run_card(int suit, int pos)
{
	return (card_t)(13 * suit + pos % 13);
}

/*
 * Read cards[0..n-1] (as[] the named values of wilds, CARD_NONE where
 * unnamed) as a meld of kind (TSR_SET or TSR_RUN; TSR_NONE tries a set
 * first, then a run) into out.  0, or -1 with a sentence in why[].
 */
int	tsr_read_meld(const card_t *cards, const card_t *as, int n, int kind,
	    struct tsr_meld *out, char why[GAME_WHY_MAX]);

/*
 * May card c (a named value as for a wild, CARD_NONE) be laid off onto
 * m?  Returns the run position it takes (a set: 0), or -1 with why[]
 * (why may be NULL).  A wild on a run with both ends open needs as.
 */
int	tsr_layoff_pos(const struct tsr_meld *m, card_t c, card_t as,
	    char *why);

/* Is card x (as a represented card) in m's rank or span? */
int	tsr_meld_names(const struct tsr_meld *m, card_t x);

/*
 * The position of the wild that natural c would liberate in m (a set:
 * the index of its first wild), or -1.
 */
int	tsr_liberate_pos(const struct tsr_meld *m, card_t c);

/* Fill mv as "contract" with melds m[0..n-1] (run wilds named). */
void	tsr_contract_move(const struct tsr_meld *m, int n,
	    struct game_move *mv);

/* ---- twelve_step_search.c ---- */

/*
 * Find one way to lay contract k from hand counts h (n cards): melds
 * of exactly the required sizes, leaving at least one card whose id is
 * not keep_not (CARD_NONE: any card), and using a card of id must
 * (CARD_NONE: none required) somewhere.  Writes the melds to out and
 * returns their count, or 0 when there is none.
 */
int	tsr_find_contract(const uint8_t h[TSR_IDS], int n, int k,
	    card_t keep_not, card_t must, struct tsr_meld out[TSR_REQS_MAX]);

/* ---- twelve_step_text.c: moves as text, legal moves ---- */

enum game_rc tsr_parse(const char *text, struct game_move *mv,
	    char why[GAME_WHY_MAX]);
size_t	tsr_format(const struct game_move *mv, char *buf, size_t bufsz);
int	tsr_legal(const void *st, int seat, struct game_move *out, int max);

const char *tsr_phase_name(int phase);

/* ---- twelve_step.c: set-up, rounds, status; shared helpers ---- */

/* The table options, and the contract's set-up and deal (tsr_rules). */
extern const struct game_option tsr_options[];
enum game_rc tsr_setup(void *out, const struct game_setup *su,
	    char why[GAME_WHY_MAX]);
enum game_rc tsr_deal(const void *in, void *out, const card_t *deck, int n,
	    char why[GAME_WHY_MAX]);
void	tsr_status(const void *st, struct game_status *out);
int	tsr_may_act(const void *st, int seat);
void	tsr_view_quiet(void *view);
void	tsr_news(const void *before, const void *after, struct game_news *out);
const char *tsr_end_name(int kind);	/* a round end's kind, for its event */

int	tsr_packs(int nseats);			/* 2 + ceil(max(0, n - 5) / 2) */
int	tsr_deck_size(const struct tsr_state *s);	/* 54 per pack */
int	tsr_playing(const struct tsr_state *s);	/* DRAW or PLAY */
void	tsr_hand_add(struct tsr_state *s, int seat, card_t c);
/* The same for a card every seat saw go into the hand. */
void	tsr_hand_add_known(struct tsr_state *s, int seat, card_t c);
void	tsr_hand_remove(struct tsr_state *s, int seat, card_t c);
void	tsr_close_window(struct tsr_state *s);

/* The top of the stock, rebuilt if empty; CARD_NONE if it cannot be. */
card_t	tsr_stock_card(struct tsr_state *s);

/* Score the round (out: the seat that went out, or -1), then go on. */
void	tsr_end_round(struct tsr_state *s, int out, struct game_events *ev);

/* Start seat's turn; the round ends if the stock cannot be rebuilt. */
void	tsr_begin_turn(struct tsr_state *s, int seat, struct game_events *ev);

/* The contract seat works on this round. */
int	tsr_current_contract(const struct tsr_state *s, int seat);

/*
 * Seats that may still answer the "May I?" window now (a bitmask):
 * whether a buy could be granted is not asked until the window closes.
 */
uint32_t tsr_buyers(const struct tsr_state *s);

/*
 * May a buy be granted with the cards left (stock + discards - 1 >= 2)?
 * Asked when the window closes, the next player's discard on top.
 */
int	tsr_buy_possible(const struct tsr_state *s);

/* ---- twelve_step_may.c: what a seat may do with the cards on the table ---- */

/* The id seat may not discard this turn (taken from the pile), or CARD_NONE. */
card_t	tsr_keep_not(const struct tsr_state *s, int seat);

/* May seat take the top discard (it holds a card of another id)? */
int	tsr_may_take(const struct tsr_state *s, int seat);

/*
 * Cards seat would keep, other than the keep_not id, after giving up
 * minus (counts per id, or NULL).
 */
int	tsr_kept(const struct tsr_state *s, int seat, const uint8_t *minus);

/*
 * The meld "on x [@at[.nth]]" names for seat's move of card c (value
 * as): the first meld, in the order laid, that x names
 * (tsr_meld_names), that belongs to seat at if at >= 0, that is the
 * nth of at's melds if nth >= 1 (a move's num), and that takes the
 * move (what: a lay-off that fits, or a liberation tsr_can_liberate
 * allows).  Returns its index, or -1.
 */
int	tsr_target(const struct tsr_state *s, int seat, card_t c, card_t as,
	    card_t x, int at, int nth, enum tsr_target what);

/* Meld j's number among its owner's melds, in the order laid (from 1). */
int	tsr_meld_index(const struct tsr_state *s, int j);

/* Is meld j one "@at.nth" may mean (at, nth < 0: any)? */
int	tsr_meld_owned(const struct tsr_state *s, int j, int at, int nth);

/*
 * May seat liberate the wild of meld m with its natural c?  The meld
 * is another seat's, c is the card the wild stands for, and the freed
 * wild could be placed at once: laid off on some meld, keeping a card
 * to discard (seat is down), or laid in seat's contract (free_liberate
 * and seat not down).
 */
int	tsr_can_liberate(const struct tsr_state *s, int seat, int m, card_t c);

/*
 * Set mv->on (and mv->at, then mv->num, when needed) so that the move
 * names meld j of s for card c (value as): the first naming card of
 * the meld that picks it, without "@N" if possible, else without the
 * meld number.  0, or -1 when no name does.
 */
int	tsr_name_target(const struct tsr_state *s, int seat, int j, card_t c,
	    card_t as, enum tsr_target what, struct game_move *mv);

/* ---- twelve_step_play.c: the moves (tsr_rules.apply, .timeout_move) ---- */

enum game_rc tsr_apply(const void *in, void *out, int seat,
	    const struct game_move *mv, struct game_events *ev,
	    char why[GAME_WHY_MAX]);
enum game_rc tsr_timeout_move(const void *st, int seat,
	    struct game_move *out);

/* ---- twelve_step_probe.c (tsr_rules.probe) ---- */

/*
 * Contracts seat could lay now, found by a brute force apart from
 * tsr_find_contract(), as typed moves (at most max; 0 unless seat is
 * playing its turn and not down).  For tests: legal() must list a
 * contract whenever apply() accepts one of these.
 */
int	tsr_probe(const void *st, int seat, struct game_move *out, int max);

/* ---- twelve_step_view.c (tsr_rules.view, .audit, .audit_view) ---- */

/*
 * The view of st for viewer (a seat, GAME_VIEW_SPECTATOR, or
 * GAME_VIEW_ALL once the game is over): other hands' counts zeroed
 * (their sizes kept), the stock CARD_NONE (its size kept), a card drawn
 * from the stock hidden from other seats, rng zeroed.
 */

void	tsr_view(const void *st, int viewer, void *out);
int	tsr_audit(const void *st, char why[GAME_WHY_MAX]);
int	tsr_audit_view(const void *st, const void *view, int viewer,
	    char why[GAME_WHY_MAX]);

/* ---- twelve_step_bot.c ---- */

/*
 * Choose seat's move from its view only.  Lays its contract when it
 * can, then every lay-off and liberation, discards what helps its
 * contract least, takes or buys wilds and cards that join its groups.
 * GAME_REFUSED when seat has no move.  Pure: no allocation.
 */

enum game_rc tsr_bot_choose(const struct tsr_state *view, int seat,
	    const uint8_t noise[32], struct game_move *out);

/* The whole state face up for viewer (struct game_rules.reveal). */
int	tsr_reveal(const void *st, int viewer, void *out);

/* ---- twelve_step_determ.c ---- */

/* tsr_rules.determinize (game.h): the hidden hands and the stock sampled. */
void	tsr_determinize(const void *view, int seat, const uint8_t noise[32],
	    void *out);

#endif /* TOPPER_TWELVE_STEP_H */
