/*
 * six_suit_setup.c: Six Suit's options, set-up and deals (RULES.md
 * 7a): the table options checked, the seating and first dealer drawn,
 * the cards dealt six up and one down, the next deal of the match, and
 * a turn's start.  The moves and the turn flow are in six_suit.c.
 */
#include "six_suit.h"

#include <stdio.h>
#include <string.h>

#include "deck.h"

static const char *const option_keys[] = {
	"teams", "deals", "veto", "orbit_cap", NULL
};

static void
clear_turn(struct six_state *s)
{
	s->pred = CARD_NONE;
	s->k = 0;
	s->ndrawn = 0;
	s->shown = 0;
	memset(s->drawn, CARD_NONE, sizeof(s->drawn));
	s->prop_card = CARD_NONE;
	s->prop_on = CARD_NONE;
	s->prop_owner = SIX_NOBODY;
	s->prop_pile = SIX_NOBODY;
	s->vetoed = 0;
}

void
six_hand_add(struct six_state *s, int seat, card_t c)
{
	card_insert_sorted(s->hands[seat], s->nhand[seat]++, c);
}

void
six_start_turn(struct six_state *s, int seat, int natural)
{
	s->turn = (uint8_t)seat;
	s->natural = (uint8_t)natural;
	if (natural)
		s->nat++;
	s->phase = SIX_PHASE_PREDICT;
	clear_turn(s);
}

/* Empty every card place and reset the deal's counters. */
static void
clear_deal(struct six_state *s)
{
	memset(s->top, CARD_NONE, sizeof(s->top));
	memset(s->depth, 0, sizeof(s->depth));
	memset(s->hands, CARD_NONE, sizeof(s->hands));
	memset(s->nhand, 0, sizeof(s->nhand));
	memset(s->known, 0, sizeof(s->known));
	memset(s->stock, CARD_NONE, sizeof(s->stock));
	memset(s->center, CARD_NONE, sizeof(s->center));
	memset(s->under, CARD_NONE, sizeof(s->under));
	memset(s->under_pile, 0, sizeof(s->under_pile));
	memset(s->fell_by, SIX_NOBODY, sizeof(s->fell_by));
	memset(s->fell_order, 0, sizeof(s->fell_order));
	memset(s->deal_points, 0, sizeof(s->deal_points));
	s->nstock = s->ncenter = s->nunder = 0;
	s->alive = 0;
	s->elims = 0;
	s->nat = 0;
	s->final_left = 0;
	s->final_pending = 0;
	s->chain_target = SIX_NOBODY;
	s->relaxed = 0;
	s->extras = 0;
	s->natural = 0;
	s->last_seat = SIX_NOBODY;
	s->last_verb = 0;
	s->last_card = CARD_NONE;
	s->last_on = CARD_NONE;
	clear_turn(s);
}

/*
 * Deal deck (deck[0] = top) one card at a time from the seat after the
 * dealer: 6 rounds face up (pile r gets round r), one round face down;
 * the rest is the stock, deck[N * 7] on top.
 */
static void
deal_cards(struct six_state *s, const card_t *deck)
{
	int	 n = s->nseats, i, r, k = 0, seat;

	clear_deal(s);
	for (r = 0; r < SIX_PILES; r++)
		for (i = 0; i < n; i++) {
			seat = (s->dealer + 1 + i) % n;
			s->top[seat][r] = deck[k++];
		}
	for (i = 0; i < n; i++)
		six_hand_add(s, (s->dealer + 1 + i) % n, deck[k++]);
	s->nstock = (uint8_t)(SIX_DECK - k);
	for (i = 0; i < s->nstock; i++)
		s->stock[s->nstock - 1 - i] = deck[k + i];
	s->alive = (uint16_t)((1u << n) - 1);
	six_start_turn(s, (s->dealer + 1) % n, 1);
}

static void
shuffle_and_deal(struct six_state *s)
{
	card_t	 deck[SIX_DECK];

	deck_fill(DECK_TT_FULL, 1, deck);
	rng_shuffle(&s->rng, deck, SIX_DECK);
	deal_cards(s, deck);
}

/* Deal the next deal (decks mode: wait for it); s->hand and dealer are set. */
void
six_next_deal(struct six_state *s)
{
	if (s->decks_mode) {
		clear_deal(s);
		s->phase = SIX_PHASE_DEAL;
	} else
		shuffle_and_deal(s);
}

static enum game_rc
bad_option(char why[GAME_WHY_MAX], const char *msg)
{
	snprintf(why, GAME_WHY_MAX, "%s", msg);
	return GAME_BAD_OPTIONS;
}

enum game_rc
six_setup(void *out, const struct game_setup *su, char why[GAME_WHY_MAX])
{
	struct six_state	*s = out;
	int			 n = su->nseats, teams = 0, deals, veto = 1;
	int			 cap = SIX_ORBIT_CAP_DEFAULT, i;

	memset(s, 0, sizeof(*s));
	if (n < SIX_SEATS_MIN || n > SIX_SEATS_MAX)
		return bad_option(why, "Six Suit is for 2 to 12 players.");
	if (su->dealer < -1 || su->dealer >= n)
		return bad_option(why, "The first dealer must be one of the "
		    "seats.");
	if (game_options_known(su->options, option_keys, why) != 0)
		return GAME_BAD_OPTIONS;
	deals = n;
	if (game_option_int(su->options, "teams", 0, SIX_SEATS_MAX,
	    &teams) < 0 || teams == 1 || (teams > 0 && n % teams != 0)) {
		snprintf(why, GAME_WHY_MAX, "teams must be 0 (everyone plays "
		    "alone) or a number of teams from 2 up that divides the %d "
		    "seats.", n);
		return GAME_BAD_OPTIONS;
	}
	if (game_option_int(su->options, "deals", 1, SIX_DEALS_MAX,
	    &deals) < 0) {
		snprintf(why, GAME_WHY_MAX, "deals must be a whole number from "
		    "1 to %d.", SIX_DEALS_MAX);
		return GAME_BAD_OPTIONS;
	}
	if (game_option_int(su->options, "veto", 0, 1, &veto) < 0)
		return bad_option(why, "veto must be 1 (free-time plays on "
		    "others need the owner's consent) or 0 (no such plays).");
	if (game_option_int(su->options, "orbit_cap", SIX_ORBIT_CAP_MIN,
	    SIX_ORBIT_CAP_MAX, &cap) < 0) {
		snprintf(why, GAME_WHY_MAX, "orbit_cap must be a whole number "
		    "from %d to %d.", SIX_ORBIT_CAP_MIN, SIX_ORBIT_CAP_MAX);
		return GAME_BAD_OPTIONS;
	}
	s->layout = SIX_LAYOUT;
	s->viewer = SIX_NOT_A_VIEW;
	s->nseats = (uint8_t)n;
	s->nfactions = (uint8_t)(teams == 0 ? n : teams);
	s->veto = (uint8_t)veto;
	s->ndeals = (uint8_t)deals;
	s->orbit_cap = (uint16_t)cap;
	s->hand = 1;
	clear_deal(s);
	if (su->seed != NULL) {
		rng_init(&s->rng, su->seed);
		s->dealer = (uint8_t)game_draw_seating(&s->rng, n, su->dealer,
		    s->seating);
		shuffle_and_deal(s);
	} else {
		for (i = 0; i < n; i++)
			s->seating[i] = (uint8_t)i;
		s->dealer = (uint8_t)(su->dealer >= 0 ? su->dealer : 0);
		s->decks_mode = 1;
		s->phase = SIX_PHASE_DEAL;
	}
	return GAME_OK;
}

enum game_rc
six_deal(const void *in, void *out, const card_t *deck, int n,
    char why[GAME_WHY_MAX])
{
	const struct six_state	*is = in;
	struct six_state	*s = out;

	if (is->layout != SIX_LAYOUT || is->viewer != SIX_NOT_A_VIEW ||
	    !is->decks_mode || is->phase != SIX_PHASE_DEAL) {
		snprintf(why, GAME_WHY_MAX, "This game is not waiting for a "
		    "deck.");
		return GAME_REFUSED;
	}
	if (deck_check(DECK_TT_FULL, deck, n, why, GAME_WHY_MAX) != 0)
		return GAME_REFUSED;
	memcpy(s, is, sizeof(*s));
	deal_cards(s, deck);
	return GAME_OK;
}

static const char *const six_no_yes[] = { "No", "Yes" };
const struct game_option six_options[] = {
	{ "teams", "Teams", "0: everyone plays alone; otherwise the number "
	  "of teams, which must divide the number of players (teammates "
	  "sit that many seats apart).", NULL, 0, SIX_SEATS_MAX / 2, 0, NULL },
	{ "deals", "Deals", "Deals in the match; left empty, one per "
	  "player.", NULL, 1, SIX_DEALS_MAX, 0, NULL },
	{ "veto", "Free-time plays on others", "Yes: they go ahead when the "
	  "pile's owner accepts; no: in free time you may only play on "
	  "yourself or discard.", NULL, 0, 1, 1, six_no_yes },
	{ "orbit_cap", "Orbit cap", "A deal ends after this many orbits "
	  "even if nobody was eliminated.",
	  NULL, SIX_ORBIT_CAP_MIN, SIX_ORBIT_CAP_MAX, SIX_ORBIT_CAP_DEFAULT, NULL },
	{ NULL, NULL, NULL, NULL, 0, 0, 0, NULL }
};
