/*
 * casino_setup.c: Casino Macedonia's options, set-up and deals
 * (RULES.md 4a, 4e): the table options checked, the seating and first
 * dealer drawn, the burn, the table's first cards and the hands dealt,
 * and the next hand's deal.  The moves that play them out are in
 * casino.c.
 */
#include "casino.h"

#include <stdio.h>
#include <string.h>

#include "deck.h"

static const char *const option_keys[] = {
	"q_mode", "jokers", "single_takes", "deck", "rounds", NULL
};

static int
is_joker(card_t c)
{
	return c == CARD_TT_JK1 || c == CARD_TT_JK2;
}

/* The string value of key in options, compared with words[]; index or -1/-2. */
static int
option_word(const char *options, const char *key, const char *const *words)
{
	const char	*p = options;
	size_t		 klen = strlen(key), n;
	int		 i;

	if (options == NULL)
		return -1;
	while (*p != '\0') {
		while (*p == ' ')
			p++;
		if (strncmp(p, key, klen) == 0 && p[klen] == '=') {
			p += klen + 1;
			for (n = 0; p[n] != '\0' && p[n] != ' '; n++)
				;
			for (i = 0; words[i] != NULL; i++)
				if (strlen(words[i]) == n &&
				    strncmp(words[i], p, n) == 0)
					return i;
			return -2;
		}
		while (*p != '\0' && *p != ' ')
			p++;
	}
	return -1;
}
static void
clear_cards(struct cm_state *s)
{
	memset(s->hands, CARD_NONE, sizeof(s->hands));
	memset(s->nhand, 0, sizeof(s->nhand));
	memset(s->ncaptured, 0, sizeof(s->ncaptured));
	memset(s->stock, CARD_NONE, sizeof(s->stock));
	memset(s->burned, CARD_NONE, sizeof(s->burned));
	memset(s->aside, CARD_NONE, sizeof(s->aside));
	memset(s->aside_spare, 0, sizeof(s->aside_spare));
	memset(s->pile_of, CM_NOBODY, sizeof(s->pile_of));
	memset(s->won, CM_NOBODY, sizeof(s->won));
	memset(s->decl, 0, sizeof(s->decl));
	memset(s->piles, 0, sizeof(s->piles));
	s->npiles = 0;
	s->nstock = 0;
	s->nburned = 0;
	s->naside = 0;
	s->last_taker = CM_NOBODY;
}
static void
hand_add(struct cm_state *s, int seat, card_t c)
{
	card_insert_sorted(s->hands[seat], s->nhand[seat]++, c);
}

void
cm_redeal(struct cm_state *s)
{
	int	 i, seat = s->dealer, n = s->nseats;

	if (s->nstock >= CM_HAND * n) {
		for (i = 0; i < CM_HAND * n; i++) {
			seat = (seat + 1) % n;
			hand_add(s, seat, s->stock[--s->nstock]);
		}
	} else
		while (s->nstock > 0) {
			seat = (seat + 1) % n;
			hand_add(s, seat, s->stock[--s->nstock]);
		}
	memset(s->stock + s->nstock, CARD_NONE, (size_t)(CM_IDS - s->nstock));
}

/* Deal deck[0..ndeck-1] (deck[0] = top): burn, face-up cards, hands. */
static void
deal_cards(struct cm_state *s, const card_t *deck)
{
	int	 i, top = 0, nb = s->jokers ? 3 : 1, rest;

	clear_cards(s);
	for (i = 0; i < nb; i++)
		s->burned[s->nburned++] = deck[s->ndeck - 1 - i];
	for (i = 0; i < CM_TABLE_START; i++, top++) {
		if (is_joker(deck[top])) {
			s->aside_spare[s->naside] = 0;
			s->aside[s->naside++] = deck[top];
		} else
			cm_new_single(s, deck[top]);
	}
	rest = s->ndeck - nb - top;
	for (i = 0; i < rest; i++)
		s->stock[rest - 1 - i] = deck[top + i];
	s->nstock = (uint8_t)rest;
	cm_redeal(s);
	s->turn = (uint8_t)((s->dealer + 1) % s->nseats);
	s->phase = CM_PHASE_PLAY;
}

static enum deck_kind
deck_kind(const struct cm_state *s)
{
	if (s->squares)
		return DECK_SQUARES;
	return s->jokers ? DECK_TT_JOKERS : DECK_TT_FULL;
}

static void
shuffle_and_deal(struct cm_state *s)
{
	card_t	 deck[CM_IDS];

	deck_fill(deck_kind(s), 1, deck);
	rng_shuffle(&s->rng, deck, s->ndeck);
	deal_cards(s, deck);
}

/* The next hand's deal, or in decks mode the wait for its deck. */
void
cm_next_deal(struct cm_state *s)
{
	if (s->decks_mode) {
		clear_cards(s);
		s->phase = CM_PHASE_DEAL;
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
cm_setup(void *out, const struct game_setup *su, char why[GAME_WHY_MAX])
{
	static const char *const qwords[] = {
		"separate", "wild", "five", NULL
	};
	static const char *const onoff[] = { "off", "on", NULL };
	static const char *const decks[] = { "full", "squares", NULL };
	struct cm_state	*s = out;
	int		 q, j, st, dk, rounds = 1, i;

	memset(s, 0, sizeof(*s));
	if (su->nseats < CM_SEATS_MIN || su->nseats > CM_SEATS_MAX)
		return bad_option(why, "Casino Macedonia is for 2 to 6 "
		    "players.");
	if (su->dealer < -1 || su->dealer >= su->nseats)
		return bad_option(why, "The first dealer must be one of the "
		    "seats.");
	if (game_options_known(su->options, option_keys, why) != 0)
		return GAME_BAD_OPTIONS;
	if ((q = option_word(su->options, "q_mode", qwords)) == -2)
		return bad_option(why, "q_mode must be separate, wild or "
		    "five.");
	if ((j = option_word(su->options, "jokers", onoff)) == -2)
		return bad_option(why, "jokers must be on or off.");
	if ((st = option_word(su->options, "single_takes", onoff)) == -2)
		return bad_option(why, "single_takes must be on or off.");
	if ((dk = option_word(su->options, "deck", decks)) == -2)
		return bad_option(why, "deck must be full or squares.");
	if (game_option_int(su->options, "rounds", 1, CM_ROUNDS_MAX,
	    &rounds) < 0)
		return bad_option(why, "rounds must be a whole number from 1 "
		    "to 10.");
	s->layout = CM_LAYOUT;
	s->viewer = CM_NOT_A_VIEW;
	s->nseats = (uint8_t)su->nseats;
	s->squares = dk == 1;
	s->q_mode = (uint8_t)(q < 0 || s->squares ? CM_Q_SEPARATE : q);
	s->jokers = j == 1 && !s->squares;
	s->single = st == 1;
	s->rounds = (uint8_t)rounds;
	s->ndeck = (uint8_t)(s->squares ? 64 : s->jokers ? 127 : 125);
	s->hand = 1;
	s->nhands = (int16_t)(su->nseats * rounds);
	memset(&s->last, 0, sizeof(s->last));
	s->last.taker = CM_NOBODY;
	clear_cards(s);
	if (su->seed != NULL) {
		rng_init(&s->rng, su->seed);
		s->dealer = (uint8_t)game_draw_seating(&s->rng, su->nseats,
		    su->dealer, s->seating);
		shuffle_and_deal(s);
	} else {
		for (i = 0; i < su->nseats; i++)
			s->seating[i] = (uint8_t)i;
		s->dealer = (uint8_t)(su->dealer >= 0 ? su->dealer : 0);
		s->decks_mode = 1;
		s->phase = CM_PHASE_DEAL;
	}
	return GAME_OK;
}

enum game_rc
cm_deal(const void *in, void *out, const card_t *deck, int n,
    char why[GAME_WHY_MAX])
{
	const struct cm_state	*is = in;
	struct cm_state		*s = out;

	if (!is->decks_mode || is->phase != CM_PHASE_DEAL) {
		snprintf(why, GAME_WHY_MAX, "This game is not waiting for a "
		    "deck.");
		return GAME_REFUSED;
	}
	if (deck_check(deck_kind(is), deck, n, why, GAME_WHY_MAX) != 0)
		return GAME_REFUSED;
	memcpy(s, is, sizeof(*s));
	deal_cards(s, deck);
	return GAME_OK;
}
static const char *const q_mode_words[] = {
	"separate", "wild", "five", NULL
};
static const char *const off_on_words[] = { "off", "on", NULL };
static const char *const deck_words[] = { "full", "squares", NULL };
static const char *const q_mode_says[] = {
	"A rank of its own", "Wild: declares a number", "An ordinary 5"
};
static const char *const deck_says[] = {
	"The full deck", "The 64-card Squares deck"
};
const struct game_option cm_options[] = {
	{ "q_mode", "Question marks", "A rank of its own is the base game; "
	  "wild: a ? declares a number when played; or a ? is an ordinary 5.",
	  q_mode_words, 0, 0, 0, q_mode_says },
	{ "jokers", "Jokers", "on: the two jokers join the deck; their "
	  "meaning follows the question-mark mode.", off_on_words, 0, 0, 0, NULL },
	{ "single_takes", "Single-card takes", "on: no build and take, and "
	  "builds are worth at most 4 (5 with five).", off_on_words, 0, 0, 0, NULL },
	{ "deck", "Deck", "The Squares deck comes with its own scoring; "
	  "question marks and jokers do not apply to it.",
	  deck_words, 0, 0, 0, deck_says },
	{ "rounds", "Rounds", "The match lasts rounds times players hands.",
	  NULL, 1, CM_ROUNDS_MAX, 1, NULL },
	{ NULL, NULL, NULL, NULL, 0, 0, 0, NULL }
};
