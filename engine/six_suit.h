/*
 * six_suit.h: the rules of Six Suit (prefix six_; RULES.md 7).
 *
 * 2-12 players, alone or in F equal teams (teammates F seats apart,
 * team(seat) = seat mod F), the full 125-card deck.  Each player has 6
 * face-up piles (only the top cards count) and a hidden hand.  A turn:
 * predict a card, draw (2 or 3 literal matches earn 1 or 2 extra cards
 * and show the drawn card), then play a hidden card on the top card of
 * any living player's pile that it matches literally in at least one
 * attribute, or discard it to the center.  A player whose 6 tops share
 * one value in an attribute, black, blob and Q counting as anything,
 * has a six suit; a play by another faction onto a six suit eliminates
 * its owner, who goes on as a ghost.  Points: N - e + 1 for the e-th
 * fall, +1 per surviving player, and a survivor bonus times F - 1 when
 * the final phase (2 orbits after the last fall) completes.
 *
 * The module is split by concern: six_suit.c (setup, deals, moves,
 * turn flow, status), six_suit_score.c (eliminations, deal and match
 * ends), six_suit_view.c (six suits, legal moves, move text, views,
 * audits), six_suit_bot.c (the bot) and six_suit_dist.c (its counted
 * tops, six_suit_dist.h).  Everything here is
 * pure: no allocation, no I/O, randomness only from the state's rng.
 *
 * Rulings the source text does not make, as implemented here (RULES.md
 * 7 proposals and ours):
 * - Table options: teams=F (0 = everyone alone), deals=D (default N),
 *   veto=1|0 (0: no free-time plays on others), orbit_cap=K (40).
 * - Recycling puts the cards in id order and shuffles them with the
 *   game's stream; in decks mode (no seed) they stay in id order,
 *   lowest id on top.
 * - A turn sequence ends after SIX_CHAIN_CAP extra turns in a row, so
 *   a chain cannot run forever (a safeguard like the orbit cap).
 * - Points belong to factions: every seat's score is its faction's
 *   total.  Each fall and each deal end is reported as an event.
 */
#ifndef TOPPER_SIX_SUIT_H
#define TOPPER_SIX_SUIT_H

#include <stdint.h>

#include "card.h"
#include "game.h"
#include "rng.h"

extern const struct game_rules six_rules;

enum {
	SIX_SEATS_MIN = 2,
	SIX_SEATS_MAX = 12,
	SIX_DECK = 125,
	SIX_PILES = 6,			/* up-piles per player */
	SIX_DEALS_MAX = 24,
	SIX_ORBIT_CAP_DEFAULT = 40,
	SIX_ORBIT_CAP_MIN = 3,
	SIX_ORBIT_CAP_MAX = 1000,
	SIX_CHAIN_CAP = 30,		/* extra turns in one sequence */
	SIX_FINAL_ORBITS = 2,
	SIX_FREE_ORBITS = 2,
	SIX_LAYOUT = 2,			/* bump on any change of struct six_state */
	SIX_NOBODY = 0xff,		/* no seat */
	SIX_NOT_A_VIEW = -3		/* six_state.viewer of a full state */
};

/* The move verbs, in the order of their text. */
enum six_verb {
	SIX_PREDICT,			/* predict 2Bc */
	SIX_PLAY,			/* play 3Rh on 4Rt [@N] */
	SIX_DISCARD,			/* discard 3Rh */
	SIX_PASS,			/* empty hidden hand */
	SIX_ACCEPT,			/* veto step: let the play stand */
	SIX_REJECT,			/* veto step: refuse it */
	SIX_VERB__MAX
};

enum six_phase {
	SIX_PHASE_DEAL,			/* decks mode: waiting for deal() */
	SIX_PHASE_PREDICT,		/* turn: declare a prediction */
	SIX_PHASE_PLAY,			/* turn: play, discard or pass */
	SIX_PHASE_VETO,			/* free time: the pile's owner decides */
	SIX_PHASE_OVER,
	SIX_PHASE__MAX
};

/* How a deal ended (and the kind of a fall event). */
enum six_end {
	SIX_END_NONE,
	SIX_END_FALL,			/* an elimination (not a deal end) */
	SIX_END_SURVIVED,		/* final phase completed: bonus */
	SIX_END_WIPEOUT,		/* nobody left alive */
	SIX_END_CAP,			/* orbit cap reached: no bonus */
	SIX_END__MAX
};

/*
 * The whole game.  A view is the same struct with hidden parts masked
 * to CARD_NONE (counts kept) and rng zeroed.  Hands are sorted by id.
 * stock[nstock - 1] is the top of the stock, center[ncenter - 1] the
 * top of the center pile.  Cards under the tops are listed in under[]
 * with the pile they lie in (seat * SIX_PILES + pile); they were face
 * up, so views show them.  A ghost's tops are CARD_NONE.
 */
struct six_state {
	uint16_t	 layout;	/* SIX_LAYOUT */
	uint8_t		 phase;		/* enum six_phase */
	int8_t		 viewer;	/* view: seat or GAME_VIEW_*; else SIX_NOT_A_VIEW */
	uint8_t		 decks_mode;
	uint8_t		 nseats;	/* N */
	uint8_t		 nfactions;	/* F: N when everyone plays alone */
	uint8_t		 veto;		/* option: free-time plays on others */
	uint8_t		 ndeals;	/* option: deals in the match */
	uint8_t		 dealer;
	uint8_t		 turn;		/* actor (meaningless in DEAL/OVER) */
	uint8_t		 natural;	/* the current turn is a natural turn */
	uint8_t		 chain_target;	/* seat, or SIX_NOBODY */
	uint8_t		 relaxed;	/* rule 4B: any target continues */
	uint8_t		 extras;	/* extra turns taken in this sequence */
	uint8_t		 final_pending;	/* start the countdown at sequence end */
	uint8_t		 elims;		/* falls in this deal */
	uint8_t		 over;
	uint16_t	 orbit_cap;	/* option */
	uint16_t	 final_left;	/* natural turns left in the final phase */
	uint16_t	 alive;		/* seat bitmask */
	uint16_t	 vetoed;	/* owners who rejected a play this turn */
	uint16_t	 winners;	/* seat bitmask, once over */
	int16_t		 hand;		/* deal number, from 1 */
	uint32_t	 nat;		/* natural turns started in this deal */

	/* This turn's prediction and draw. */
	card_t		 pred;		/* public; CARD_NONE before the prediction */
	uint8_t		 k;		/* literal matches with drawn[0] */
	uint8_t		 ndrawn;	/* cards drawn: 0..3 */
	uint8_t		 shown;		/* drawn[0] shown to everyone */
	card_t		 drawn[3];

	/* The play waiting for its veto (public). */
	card_t		 prop_card;
	card_t		 prop_on;
	uint8_t		 prop_owner;
	uint8_t		 prop_pile;

	/* The last play or discard, for the table display. */
	uint8_t		 last_seat;	/* SIX_NOBODY before any */
	uint8_t		 last_verb;
	card_t		 last_card;
	card_t		 last_on;

	uint8_t		 fell_by[GAME_SEATS_MAX];	/* this deal: eliminator, or SIX_NOBODY */
	uint8_t		 fell_order[GAME_SEATS_MAX];	/* e of the seat's fall, 0 if alive */
	int32_t		 scores[GAME_SEATS_MAX];	/* per faction, cumulative */
	int32_t		 deal_points[GAME_SEATS_MAX];	/* per faction, this deal */
	uint8_t		 seating[GAME_SEATS_MAX];

	card_t		 top[GAME_SEATS_MAX][SIX_PILES];
	uint8_t		 depth[GAME_SEATS_MAX][SIX_PILES];	/* cards under top */
	uint8_t		 nhand[GAME_SEATS_MAX];
	card_t		 hands[GAME_SEATS_MAX][SIX_DECK];
	uint8_t		 nstock;
	uint8_t		 ncenter;
	uint8_t		 nunder;
	card_t		 stock[SIX_DECK];
	card_t		 center[SIX_DECK];
	card_t		 under[SIX_DECK];
	uint8_t		 under_pile[SIX_DECK];
	/*
	 * Bit c (of 128): the seat holds card c and everyone knows it, a
	 * drawn card shown (k >= 2) or a card proposed under veto.  Every
	 * card leaves a hand face up (a play, a discard, a fall), so the
	 * bit is cleared then and stays exact: every view keeps it, and
	 * the strong bot's samples leave the card in that hand, turns
	 * later too.  Bits, not a list: apply copies the whole state.
	 */
	uint64_t	 known[GAME_SEATS_MAX][2];
	struct rng	 rng;
};

/* Is card c marked in a known[] mask? */
static inline int
six_known_has(const uint64_t m[2], card_t c)
{
	return c < 128 && ((m[c >> 6] >> (c & 63)) & 1);
}

/* Mark (on) or clear card c in a known[] mask. */
static inline void
six_known_set(uint64_t m[2], card_t c, int on)
{
	uint64_t	 bit = (uint64_t)1 << (c & 63);

	if (c >= 128)
		return;
	if (on)
		m[c >> 6] |= bit;
	else
		m[c >> 6] &= ~bit;
}

/* ---- six_suit_setup.c: options, set-up, deals, a turn's start (7a) ---- */

/* six_rules.options, .setup and .deal (game.h). */
extern const struct game_option six_options[];
enum game_rc six_setup(void *out, const struct game_setup *su,
	    char why[GAME_WHY_MAX]);
enum game_rc six_deal(const void *in, void *out, const card_t *deck, int n,
	    char why[GAME_WHY_MAX]);

/* Card c into seat's hidden hand, kept sorted. */
void	six_hand_add(struct six_state *s, int seat, card_t c);

/*
 * Seat's turn begins at its prediction (natural: not an extra turn),
 * the last turn's prediction, draw and proposal forgotten.
 */
void	six_start_turn(struct six_state *s, int seat, int natural);

/*
 * Deal the next deal from the game's stream, or in decks mode wait for
 * its deck (SIX_PHASE_DEAL); s->hand and s->dealer are already set.
 */
void	six_next_deal(struct six_state *s);

/* ---- six_suit_score.c: falls and the ends of deals ---- */

/*
 * Seat p eliminates seat q (7c step 5): points, survival points, q's
 * cards to the center, an "elimination" event in ev.  Returns 1 when
 * nobody is left alive, which ended the deal (a "wipeout" event, then as
 * six_end_deal()).
 */
int	six_eliminate(struct six_state *s, int p, int q,
	    struct game_events *ev);

/*
 * End the deal (kind SIX_END_SURVIVED, _WIPEOUT or _CAP): the survivor
 * bonus for SURVIVED, an event, then the match end, or the next deal's
 * number and dealer (the caller deals it unless s->over).
 */
void	six_end_deal(struct six_state *s, int kind, struct game_events *ev);

/* 7f: the bonus of the living players' faction after the final phase. */
int32_t	six_survivor_bonus(const struct six_state *s);

/* ---- six_suit_status.c ---- */

/* The seat to act: the pile's owner in the veto step, else the turn's. */
int	six_actor(const struct six_state *s);

/* six_rules.status and .timeout_move (game.h; RULES.md 7c timeouts). */
void	six_status(const void *st, struct game_status *out);
enum game_rc six_timeout_move(const void *st, int seat,
	    struct game_move *out);

/* ---- six_suit_view.c: definitions, legal moves, text, views ---- */

/* The faction of seat: seat mod F. */
int	six_team(const struct six_state *s, int seat);

/*
 * Do the 6 cards tops[] make a six suit: for some attribute, at most
 * one non-special value among them (black, blob and Q count as
 * anything)?  Any CARD_NONE means no.
 */
int	six_is_six_suit(const card_t tops[SIX_PILES]);

/*
 * How many of the 6 tops must change before they make a six suit
 * (0 = a six suit): the minimum over attributes and natural values v
 * of the tops whose value is neither v nor special.
 */
int	six_distance(const card_t tops[SIX_PILES]);

/* May seat play card c on seat q's pile p now, as a legal() move? */
int	six_play_allowed(const struct six_state *s, int seat, card_t c,
	    int q, int p);

/* Is the current turn in free time (the first 2 orbits)? */
int	six_free_time(const struct six_state *s);

int	six_legal(const void *st, int seat, struct game_move *out, int max);

/*
 * Has seat a move in s (six_legal() > 0: every phase that lets a seat
 * act gives it at least one), without listing them.
 */
int	six_may_act(const struct six_state *s, int seat);

/* "predict X", "play X on Y [@N]", "discard X", "pass", "accept", "reject". */
enum game_rc six_parse(const char *text, struct game_move *mv,
	    char why[GAME_WHY_MAX]);
size_t	six_format(const struct game_move *mv, char *buf, size_t bufsz);

const char *six_phase_name(int phase);
const char *six_end_name(int kind);

/*
 * The view of st for viewer: other hands and the stock masked (counts
 * kept), the cards drawn this turn hidden from everyone but the actor
 * unless shown, rng zeroed.  GAME_VIEW_ALL shows everything once over.
 */
void	six_view(const void *st, int viewer, void *out);

/* Every one of the 125 cards exactly once; counts and piles consistent. */
int	six_audit(const void *st, char why[GAME_WHY_MAX]);

int	six_audit_view(const void *st, const void *view, int viewer,
	    char why[GAME_WHY_MAX]);

/* ---- six_suit_bot.c ---- */

/*
 * Choose a move for seat from its view only.  Predicts the declaration
 * with the most expected extra cards among unseen cards, eliminates
 * opponents when it can (double matches first), keeps its own faction
 * away from six suits, and vetoes plays that bring it closer to one.
 * GAME_REFUSED when seat is not to act.  Pure.
 */
enum game_rc six_bot_choose(const struct six_state *view, int seat,
	    const uint8_t noise[32], struct game_move *out);

/*
 * The strong bot's own rule (bot_base_choose in bot.h: the move its
 * search starts from): six_bot_choose's, but where a third faction
 * moves next it still pushes an opponent towards a six suit, at an
 * eighth of the weight, rather than away.  Pure.
 */
enum game_rc six_bot_choose_careful(const struct six_state *view, int seat,
	    const uint8_t noise[32], struct game_move *out);

/* The whole state face up for viewer (struct game_rules.reveal). */
int	six_reveal(const void *st, int viewer, void *out);

/* ---- six_suit_determ.c ---- */

/* six_rules.determinize (game.h): the hidden hands and the stock sampled. */
void	six_determinize(const void *view, int seat, const uint8_t noise[32],
	    void *out);

#endif /* TOPPER_SIX_SUIT_H */
