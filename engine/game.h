/*
 * game.h: the contract every game's rules implement, and the registry.
 *
 * Rules are pure: they read a const state, write a caller-provided
 * state, and never allocate, print, read the clock or touch globals.
 * Randomness comes only from the struct rng inside the state, keyed by
 * the game's seed.  Refusing a move is a normal outcome (GAME_REFUSED
 * with a sentence in why[]), not an error path, and it leaves the input
 * state untouched because the input is const.
 *
 * States are fixed-size plain structs (no pointers), stored as bytes:
 * the same seed, options and moves always give the same bytes, so a
 * snapshot can be compared with a replay of the move log.  apply()
 * copies the input to the output first and only then changes it, so
 * padding bytes stay as setup() zeroed them.
 *
 * Moves travel as one line of text ("discard 4Bc"); parse() turns the
 * text into a struct game_move and format() turns it back into the
 * canonical text.  The shared grammar is in move.h.
 */
#ifndef TOPPER_GAME_H
#define TOPPER_GAME_H

#include <stddef.h>
#include <stdint.h>

#include "card.h"

enum {
	GAME_SEATS_MAX = 12,
	GAME_STATE_MAX = 16384,		/* bytes; state_size and view_size never exceed it */
	GAME_MOVE_CARDS_MAX = 32,	/* cards named by one move */
	GAME_LEGAL_MAX = 4096,		/* largest out[] a caller passes to legal() */
	GAME_WHY_MAX = 256,		/* a refusal sentence, NUL included */
	GAME_MOVE_TEXT_MAX = 256,	/* one move as text, NUL included */
	GAME_EVENT_TEXT_MAX = 512,
	GAME_EVENTS_MAX = 4,
	GAME_NEWS_TEXT_MAX = 160,
	GAME_VIEW_SPECTATOR = -1,	/* viewer holding no seat */
	GAME_VIEW_ALL = -2		/* everything face up: only once the game is over */
};

enum game_rc {
	GAME_OK = 0,
	GAME_REFUSED,			/* why[] says why; the input state is untouched */
	GAME_BAD_TEXT,			/* move text does not parse; why[] says why */
	GAME_BAD_OPTIONS,		/* setup: unknown option or value out of range */
	GAME_RC__MAX
};

/*
 * One move, parsed.  The verb is a game's own enum.  Cards are listed
 * in the order written; group[i] says which '|'-separated group card i
 * belongs to (Gin's "knock X | MELD | MELD": group 0 is the discard).
 */
struct game_move {
	uint8_t		 verb;
	uint8_t		 ncards;
	uint8_t		 ngroups;		/* groups present, 0 with no cards */
	int8_t		 at;			/* "@N": a seat, or -1 */
	card_t		 on;			/* "on X": a target card, or CARD_NONE */
	int32_t		 num;			/* a bare number argument, or -1 */
	card_t		 cards[GAME_MOVE_CARDS_MAX];
	uint8_t		 group[GAME_MOVE_CARDS_MAX];
	card_t		 as[GAME_MOVE_CARDS_MAX];	/* "X=CARD": value of a wild, or CARD_NONE */
	int8_t		 asnum[GAME_MOVE_CARDS_MAX];	/* "X=3": number of a wild, or -1 */
};

/* How a game is set up: seats, options text, seed, dealer. */
struct game_setup {
	int		 nseats;
	const char	*options;	/* "key=value key=value", NULL or "" for defaults */
	const uint8_t	*seed;		/* 32 bytes; NULL: the caller supplies decks (deal()) */
	int		 dealer;	/* first dealer, or -1 to draw it from the seed */
};

/* Where a game stands: everything a caller needs without knowing the game. */
struct game_status {
	int		 nseats;
	int		 over;		/* the game has ended */
	int		 hand;		/* current hand, from 1 */
	int		 dealer;
	int		 needs_deck;	/* decks mode: waiting for deal() */
	uint32_t	 to_act;	/* bitmask of seats that must act now */
	uint32_t	 optional;	/* those of to_act whose move the game can
					   do without (12-Step's "May I?"
					   window): no turn mail, no clock */
	uint32_t	 winners;	/* bitmask, once over */
	int32_t		 scores[GAME_SEATS_MAX];	/* cumulative */
	int		 nteams;	/* 0 when seats play for themselves */
	int32_t		 team_scores[GAME_SEATS_MAX];
	uint8_t		 team[GAME_SEATS_MAX];	/* each seat's team, when nteams > 0 */
	uint8_t		 seating[GAME_SEATS_MAX];	/* seat of the i-th player to join */
};

/* A hand that ended: its kind, the score changes and a sentence why. */
struct game_event {
	int		 hand;		/* from 1 */
	char		 kind[16];	/* "gin", "knock", "undercut", "void", ... */
	int32_t		 delta[GAME_SEATS_MAX];
	char		 text[GAME_EVENT_TEXT_MAX];
};

struct game_events {
	int		 n;
	struct game_event ev[GAME_EVENTS_MAX];
};

/*
 * What a move did for seats that need not act, worth telling them
 * (12-Step: the "May I?" it granted): the seats, and one sentence
 * addressed to each of them.  seats 0: no news.
 */
struct game_news {
	uint32_t	 seats;
	char		 text[GAME_NEWS_TEXT_MAX];
};

/*
 * One table option as a person chooses it (the lobby's form is built
 * from these): a whole number in lo..hi, or one of words[], each
 * value in words by says[] where the value alone would not read.  def is
 * the default number, or the index of the default word.  A number whose
 * default depends on the table (Six Suit's deals) has def below lo: the
 * help says the default, and a form leaves it empty.  setup() stays the
 * judge of what is valid: it also checks combinations.
 */
struct game_option {
	const char		*key;		/* "target"; NULL ends a list */
	const char		*label;		/* "Target score" */
	const char		*help;		/* one sentence on its effect */
	const char *const	*words;		/* NULL: a whole number */
	int			 lo, hi, def;
	/*
	 * Each value as a person reads it: says[i] for words[i], or for
	 * the number lo + i (all of lo..hi); NULL: the value as it is.
	 */
	const char *const	*says;
};

struct game_rules {
	const char	*slug;		/* "gin-vodka" */
	const char	*name;		/* "Gin Vodka" */
	enum card_kind	 cards;		/* how this game's cards are written */
	int		 seats_min, seats_max;
	const struct game_option *options;	/* ends with key NULL */
	uint16_t	 layout;	/* bump on any state layout change */
	size_t		 state_size;	/* bytes of one state */
	size_t		 view_size;	/* bytes of one view */

	/* Set up hand 1.  GAME_BAD_OPTIONS with why[] on a bad option or seat count. */
	enum game_rc	(*setup)(void *out, const struct game_setup *su,
			    char why[GAME_WHY_MAX]);

	/*
	 * Decks mode only (setup with seed NULL): while status says
	 * needs_deck, supply the next hand's cards, deck[0] = top.
	 * GAME_REFUSED if the cards are not exactly one pack.
	 */
	enum game_rc	(*deal)(const void *in, void *out, const card_t *deck,
			    int n, char why[GAME_WHY_MAX]);

	/*
	 * Legal moves of seat now, written to out[0..max-1]; returns the
	 * total count, which may exceed max (like snprintf).  Composite
	 * moves are listed once per card with a canonical instance.
	 * st may be a full state or that seat's view.
	 */
	int		(*legal)(const void *st, int seat, struct game_move *out,
			    int max);

	/*
	 * Apply one move of seat.  GAME_OK: out holds the new state and ev
	 * (zeroed by apply) the hands that ended.  GAME_REFUSED: why[] says
	 * why and out is undefined.
	 */
	enum game_rc	(*apply)(const void *in, void *out, int seat,
			    const struct game_move *mv, struct game_events *ev,
			    char why[GAME_WHY_MAX]);

	void		(*status)(const void *st, struct game_status *out);

	/* The move made for seat when its deadline passes (RULES.md per game). */
	enum game_rc	(*timeout_move)(const void *st, int seat,
			    struct game_move *out);

	/*
	 * What viewer may see: its own hidden cards and nothing else hidden
	 * (GAME_VIEW_SPECTATOR sees no hidden card; GAME_VIEW_ALL, once the
	 * game is over, everything).  A view never holds the random stream
	 * or the stock order.
	 */
	void		(*view)(const void *st, int viewer, void *out);

	/*
	 * For the history of a finished game: st, a full state at any ply,
	 * as a view with every card face up, as view(GAME_VIEW_ALL) shows
	 * the final position, but recording viewer (a seat, or
	 * GAME_VIEW_ALL) so a page can still say "Your hand".  The random
	 * stream is zeroed, and so is any order of cards still to be drawn.
	 * 0, or -1 when st is no state of this game's layout.
	 */
	int		(*reveal)(const void *st, int viewer, void *out);

	enum game_rc	(*parse)(const char *text, struct game_move *mv,
			    char why[GAME_WHY_MAX]);
	size_t		(*format)(const struct game_move *mv, char *buf,
			    size_t bufsz);

	/*
	 * Self-checks for tests and simulations: audit() that every card
	 * is accounted for exactly once; audit_view() that view (made for
	 * viewer from st) holds nothing it must not.  0 when fine, else -1
	 * with why[].
	 */
	int		(*audit)(const void *st, char why[GAME_WHY_MAX]);
	int		(*audit_view)(const void *st, const void *view,
			    int viewer, char why[GAME_WHY_MAX]);

	/*
	 * May seat move now although status() does not list it in to_act
	 * (12-Step's "May I?": a requester may withdraw while another seat
	 * is to play)?  NULL: only the seats in to_act may.  st may be a
	 * full state or that seat's view; apply() stays the judge.
	 */
	int		(*may_act)(const void *st, int seat);

	/*
	 * Clear, in a view made for its own viewer, what may change
	 * without making that seat's pending move stale (12-Step: other
	 * seats' "May I?" requests; DESIGN.md "A move, from click to
	 * email").  The store compares views after it.  NULL: every
	 * change counts.
	 */
	void		(*view_quiet)(void *view);

	/*
	 * The news of the move that took before to after (both full
	 * states), into out (zeroed by the caller).  NULL: a game whose
	 * moves tell nobody anything beyond the position and the turn.
	 */
	void		(*news)(const void *before, const void *after,
			    struct game_news *out);

	/*
	 * For tests (topper sim, at sampled positions): moves of seat in
	 * st found apart from legal(), at most max; each one apply()
	 * accepts must share its verb with a move legal() lists (a game
	 * may list one composite move of the many a hand allows).  NULL:
	 * none.
	 */
	int		(*probe)(const void *st, int seat, struct game_move *out,
			    int max);

	/*
	 * A full state consistent with view, made for its own seat (the
	 * strong bot's sample of what it cannot see, search.h): the seat's
	 * own cards and every face-up card where the view shows them; the
	 * cards public play puts in a hidden hand (a card just taken from
	 * a discard pile) in that hand; every other card of the pack dealt
	 * at random into the hidden hands and the stock, with their counts
	 * kept; the random stream keyed by noise.  Reads view only, never
	 * a state.  NULL: the game has no strong bot.
	 */
	void		(*determinize)(const void *view, int seat,
			    const uint8_t noise[32], void *out);

	/*
	 * For the strong bot: the share of the caller's budget that seat's
	 * decision in view deserves, in per cent (search.h); 0: the easy
	 * bot's move stands unsearched.  NULL: 100 for every decision.
	 */
	int		(*search_share)(const void *view, int seat);

	/*
	 * For the strong bot: the worth to seat, in points of the score,
	 * of a full state where a playout stopped at its move cap with no
	 * hand ended (search.h); added to the playout's result.  NULL:
	 * nothing is added.
	 */
	double		(*search_eval)(const void *st, int seat);

	/*
	 * For the strong bot: the moves in a playout from view when the
	 * caller sets none; 0, or NULL: search.h's default.  A playout
	 * cut short of a long hand is cheaper, and less noisy where the
	 * hand's points come card by card (Casino Macedonia).
	 */
	int		(*search_depth)(const void *view);

	/*
	 * For the strong bot: nonzero for a move that takes back the
	 * turn's own actions (Vodkapolis 500's undo).  The search never
	 * tries one unless it is the base move: it only returns to a
	 * position the turn has had, and a search that chose it would
	 * choose again, undo after meld, without end.  NULL: none.
	 */
	int		(*search_skip)(const struct game_move *mv);

	/*
	 * For the strong bot: the chance that the search's best replaces
	 * the base move when its true gain is nil (search.h); 0:
	 * SEARCH_ALPHA.  Set where a league measured it stronger (Casino
	 * Macedonia, Gin Vodka: 0.2, tests/bench/bots.md); where results
	 * come in steps (Six Suit) or a decision gets few samples, noise
	 * replaced sound moves at 0.2.
	 */
	double		 search_alpha;

	/* +1 (or 0): the highest total wins; -1: the lowest does. */
	int		 score_sign;
};

/*
 * May seat move in st, whose status is gs: in to_act, or let by the
 * game's may_act.  The check before apply() in every move path.
 */
static inline int
game_may_act(const struct game_rules *r, const void *st,
    const struct game_status *gs, int seat)
{
	if (gs->over || seat < 0 || seat >= gs->nseats || seat >= 32)
		return 0;
	if (gs->to_act & (1u << seat))
		return 1;
	return !gs->needs_deck && r->may_act != NULL && r->may_act(st, seat);
}

/* The rules registered under slug (registry.c), or NULL. */
const struct game_rules *game_find(const char *slug);

/* Every registered game, in the order the lobby lists them; NULL-terminated. */
const struct game_rules *const *game_all(void);

/*
 * The check every turn-based apply() starts with: seat exists among
 * nseats and is the seat to play.  GAME_OK, or GAME_REFUSED with why[].
 */
enum game_rc game_check_turn(int seat, int nseats, int turn,
	    char why[GAME_WHY_MAX]);

/* Number of seats in a bitmask; the lowest seat in it, or -1. */
int	game_seat_count(uint32_t mask);
int	game_first_seat(uint32_t mask);

/*
 * The draws every game makes first, in this order (RULES.md 0.3): a
 * seating permutation of nseats (Fisher-Yates over 0..n-1) and then the
 * first dealer, uniform over the seats.  Both are always drawn, so the
 * shuffles that follow do not depend on overrides; dealer >= 0
 * overrides the drawn dealer.  Returns the dealer.
 */
struct rng;
int	game_draw_seating(struct rng *r, int nseats, int dealer,
	    uint8_t seating[GAME_SEATS_MAX]);

/*
 * Read one integer option "key=value" from an options string.  Returns
 * 1 and sets *value when present, 0 when absent, -1 when the value is
 * not an integer in [lo, hi].
 */
int	game_option_int(const char *options, const char *key, int lo, int hi,
	    int *value);

/*
 * Check that options names only known keys (a NULL-terminated list).
 * Returns 0, or -1 with why[] naming the first unknown key.
 */
int	game_options_known(const char *options, const char *const *keys,
	    char why[GAME_WHY_MAX]);

#endif /* TOPPER_GAME_H */
