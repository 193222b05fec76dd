/*
 * test_six_suit.h: helpers the Six Suit unit tests share: decks-mode
 * games, positions built by moving real cards (every card stays
 * accounted for), moves through parse + apply, refusals that must leave
 * the state byte-identical.  Included by test_six_suit*.c only, after
 * cmocka.h.
 */
#ifndef TEST_SIX_SUIT_H
#define TEST_SIX_SUIT_H

#include <stdio.h>
#include <string.h>

#include "card.h"
#include "deck.h"
#include "game.h"
#include "six_suit.h"

static const struct game_rules *const R = &six_rules;

static inline card_t
card(const char *tok)
{
	card_t	 c = card_parse(CARD_TT, tok, NULL);

	assert_int_not_equal(c, CARD_NONE);
	return c;
}

static inline void
check_audit(const struct six_state *s)
{
	char	 why[GAME_WHY_MAX] = "";

	if (R->audit(s, why) != 0)
		fail_msg("audit: %s", why);
}

/* A decks-mode game of n seats dealt from the deck in id order. */
static inline void
new_game(struct six_state *s, int n, const char *options, int dealer)
{
	struct game_setup	 su = { n, options, NULL, dealer };
	struct six_state	 next;
	card_t			 deck[SIX_DECK];
	char			 why[GAME_WHY_MAX] = "";

	if (R->setup(s, &su, why) != GAME_OK)
		fail_msg("setup: %s", why);
	check_audit(s);
	deck_fill(DECK_TT_FULL, 1, deck);
	if (R->deal(s, &next, deck, SIX_DECK, why) != GAME_OK)
		fail_msg("deal: %s", why);
	*s = next;
	check_audit(s);
}

static inline int
find_top(const struct six_state *s, card_t c, int *q, int *p)
{
	int	 i, j;

	for (i = 0; i < s->nseats; i++)
		for (j = 0; j < SIX_PILES; j++)
			if (s->top[i][j] == c) {
				*q = i;
				*p = j;
				return 1;
			}
	return 0;
}

/* Take c out of the stock, the center, a hand or a pile's depth. */
static inline void
pull(struct six_state *s, card_t c)
{
	int	 i, q;

	for (i = 0; i < s->nstock; i++)
		if (s->stock[i] == c) {
			memmove(s->stock + i, s->stock + i + 1,
			    (size_t)(s->nstock - i - 1));
			s->stock[--s->nstock] = CARD_NONE;
			return;
		}
	for (i = 0; i < s->ncenter; i++)
		if (s->center[i] == c) {
			memmove(s->center + i, s->center + i + 1,
			    (size_t)(s->ncenter - i - 1));
			s->center[--s->ncenter] = CARD_NONE;
			return;
		}
	for (q = 0; q < s->nseats; q++)
		for (i = 0; i < s->nhand[q]; i++)
			if (s->hands[q][i] == c) {
				memmove(s->hands[q] + i, s->hands[q] + i + 1,
				    (size_t)(s->nhand[q] - i - 1));
				s->hands[q][--s->nhand[q]] = CARD_NONE;
				return;
			}
	for (i = 0; i < s->nunder; i++)
		if (s->under[i] == c) {
			q = s->under_pile[i];
			s->depth[q / SIX_PILES][q % SIX_PILES]--;
			memmove(s->under + i, s->under + i + 1,
			    (size_t)(s->nunder - i - 1));
			memmove(s->under_pile + i, s->under_pile + i + 1,
			    (size_t)(s->nunder - i - 1));
			s->nunder--;
			s->under[s->nunder] = CARD_NONE;
			s->under_pile[s->nunder] = 0;
			return;
		}
	fail_msg("card %d is nowhere to pull from", c);
}

static inline void
stock_bottom(struct six_state *s, card_t c)
{
	memmove(s->stock + 1, s->stock, s->nstock);
	s->stock[0] = c;
	s->nstock++;
}

/* Make c the next card drawn. */
static inline void
stock_top(struct six_state *s, const char *tok)
{
	card_t	 c = card(tok);

	pull(s, c);
	s->stock[s->nstock++] = c;
}

static inline void
set_top(struct six_state *s, int q, int p, card_t c)
{
	card_t	 old = s->top[q][p];
	int	 q2, p2;

	if (old == c)
		return;
	if (find_top(s, c, &q2, &p2)) {
		s->top[q2][p2] = old;
		s->top[q][p] = c;
		return;
	}
	pull(s, c);
	s->top[q][p] = c;
	stock_bottom(s, old);
}

/* Seat q's six tops, "1Rh 2Yc 3Yb 4Gh QBh 1Rb". */
static inline void
set_tops(struct six_state *s, int q, const char *text)
{
	const char	*p = text, *end;
	card_t		 c;
	int		 i;

	for (i = 0; i < SIX_PILES; i++) {
		while (*p == ' ')
			p++;
		c = card_parse(CARD_TT, p, &end);
		assert_int_not_equal(c, CARD_NONE);
		set_top(s, q, i, c);
		p = end;
	}
	check_audit(s);
}

/* Seat q's hidden hand becomes exactly the cards of text. */
static inline void
set_hand(struct six_state *s, int q, const char *text)
{
	const char	*p = text, *end;
	card_t		 c;
	int		 i, j, tq, tp;

	while (s->nhand[q] > 0) {
		c = s->hands[q][0];
		pull(s, c);
		stock_bottom(s, c);
	}
	while (*p != '\0') {
		while (*p == ' ')
			p++;
		if (*p == '\0')
			break;
		c = card_parse(CARD_TT, p, &end);
		assert_int_not_equal(c, CARD_NONE);
		assert_false(find_top(s, c, &tq, &tp));
		pull(s, c);
		i = s->nhand[q]++;
		for (j = i; j > 0 && s->hands[q][j - 1] > c; j--)
			s->hands[q][j] = s->hands[q][j - 1];
		s->hands[q][j] = c;
		p = end;
	}
	check_audit(s);
}

/* Skip free time: the current turn becomes natural turn 2N + 1. */
static inline void
past_free_time(struct six_state *s)
{
	s->nat = 2u * s->nseats + 1;
}

/* Make seat's natural turn start now (a position, not a move). */
static inline void
force_turn(struct six_state *s, int seat)
{
	s->turn = (uint8_t)seat;
	s->natural = 1;
	s->phase = SIX_PHASE_PREDICT;
	s->pred = CARD_NONE;
	s->ndrawn = 0;
	s->k = 0;
	s->shown = 0;
	memset(s->drawn, CARD_NONE, sizeof(s->drawn));
	s->vetoed = 0;
}

static inline void
parse_move(const char *text, struct game_move *mv)
{
	char	 why[GAME_WHY_MAX] = "";

	if (R->parse(text, mv, why) != GAME_OK)
		fail_msg("parse \"%s\": %s", text, why);
}

static inline void
play(struct six_state *s, int seat, const char *text, struct game_events *ev)
{
	struct game_events	 local;
	struct game_move	 mv;
	struct six_state	 next;
	char			 why[GAME_WHY_MAX] = "";

	parse_move(text, &mv);
	if (R->apply(s, &next, seat, &mv, ev != NULL ? ev : &local, why) !=
	    GAME_OK)
		fail_msg("seat %d \"%s\" refused: %s", seat, text, why);
	*s = next;
	check_audit(s);
}

/* text must be refused with a reason containing want, s unchanged. */
static inline void
refused(const struct six_state *s, int seat, const char *text,
    const char *want)
{
	struct game_events	 ev;
	struct game_move	 mv;
	struct six_state	 copy, next;
	char			 why[GAME_WHY_MAX] = "";

	parse_move(text, &mv);
	memcpy(&copy, s, sizeof(copy));
	assert_int_equal(R->apply(s, &next, seat, &mv, &ev, why),
	    GAME_REFUSED);
	assert_memory_equal(s, &copy, sizeof(copy));
	if (strstr(why, want) == NULL)
		fail_msg("reason \"%s\" lacks \"%s\"", why, want);
}

/* The seat predicts (a declaration unlikely to match) and discards its draw. */
static inline void
predict_discard(struct six_state *s, int seat, struct game_events *ev)
{
	char	 text[32], tok[CARD_TEXT_MAX];

	assert_int_equal(s->turn, seat);
	play(s, seat, "predict QKb", NULL);
	if (s->nhand[seat] == 0) {
		play(s, seat, "pass", ev);
		return;
	}
	card_format(CARD_TT, s->ndrawn > 0 ? s->drawn[0] : s->hands[seat][0],
	    tok);
	snprintf(text, sizeof(text), "discard %s", tok);
	play(s, seat, text, ev);
}

/* Faction f's total as status reports it through a seat of f. */
static inline int
score_of(const struct six_state *s, int seat)
{
	struct game_status	 gs;

	R->status(s, &gs);
	return gs.scores[seat];
}

#endif /* TEST_SIX_SUIT_H */
