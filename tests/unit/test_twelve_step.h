/*
 * test_twelve_step.h: helpers the 12-Step Rummy unit tests share
 * (included by test_twelve_step*.c only; every function is static).
 *
 * A position is built from a real deal in decks mode (every pack in id
 * order), then rearranged by moving cards between the stock and the
 * hands, so every card stays accounted for and audit() keeps holding.
 */
#ifndef TEST_TWELVE_STEP_H
#define TEST_TWELVE_STEP_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "card.h"
#include "deck.h"
#include "game.h"
#include "twelve_step.h"

static const struct game_rules *const R = &tsr_rules;

static inline card_t
card(const char *tok)
{
	card_t	 c = card_parse(CARD_STD, tok, NULL);

	assert_int_not_equal(c, CARD_NONE);
	return c;
}

/* Parse "3H 3D JK ..." into out; returns the count. */
static inline int
card_list(const char *text, card_t *out)
{
	const char	*p = text, *end;
	int		 n = 0;

	while (*p != '\0') {
		while (*p == ' ')
			p++;
		if (*p == '\0')
			break;
		out[n] = card_parse(CARD_STD, p, &end);
		assert_int_not_equal(out[n], CARD_NONE);
		n++;
		p = end;
	}
	return n;
}

static inline void
check_audit(const struct tsr_state *s)
{
	char	 why[GAME_WHY_MAX] = "";

	if (R->audit(s, why) != 0)
		fail_msg("audit: %s", why);
}

/* Take one c out of the stock (anywhere in it). */
static inline void
from_stock(struct tsr_state *s, card_t c)
{
	int	 i;

	for (i = 0; i < s->nstock; i++)
		if (s->stock[i] == c) {
			memmove(s->stock + i, s->stock + i + 1,
			    (size_t)(s->nstock - i - 1));
			s->stock[--s->nstock] = CARD_NONE;
			return;
		}
	fail_msg("card %d is not in the stock", c);
}

/* Put c at the bottom of the stock. */
static inline void
to_stock_bottom(struct tsr_state *s, card_t c)
{
	memmove(s->stock + 1, s->stock, s->nstock);
	s->stock[0] = c;
	s->nstock++;
}

/*
 * A game of n seats (decks mode, dealer given) dealt from packs in id
 * order, then rearranged: hands[i] (NULL: 13 cards from the stock's
 * bottom, after all named cards are placed), the upcard, and the cards
 * on top of the stock (first = drawn first).
 */
static inline void
position(struct tsr_state *s, int n, const char *options, int dealer,
    const char *const *hands, const char *up, const char *top)
{
	struct game_setup	 su = { n, options, NULL, dealer };
	struct tsr_state	 next;
	card_t			 deck[TSR_DECK_MAX], cs[TSR_DECK_MAX];
	char			 why[GAME_WHY_MAX] = "";
	int			 nd, i, c, k, m;

	if (R->setup(s, &su, why) != GAME_OK)
		fail_msg("setup: %s", why);
	nd = deck_fill(DECK_STD_JOKERS, s->npacks, deck);
	if (R->deal(s, &next, deck, nd, why) != GAME_OK)
		fail_msg("deal: %s", why);
	*s = next;
	for (i = 0; i < n; i++)
		for (c = 0; c < TSR_IDS; c++)
			while (s->hand[i][c] > 0) {
				tsr_hand_remove(s, i, (card_t)c);
				to_stock_bottom(s, (card_t)c);
			}
	to_stock_bottom(s, s->discard[0]);
	s->ndiscard = 0;
	for (i = 0; i < n; i++) {
		if (hands[i] == NULL)
			continue;
		m = card_list(hands[i], cs);
		for (k = 0; k < m; k++) {
			from_stock(s, cs[k]);
			tsr_hand_add(s, i, cs[k]);
		}
	}
	if (up != NULL) {
		from_stock(s, card(up));
		s->discard[s->ndiscard++] = card(up);
	}
	m = top != NULL ? card_list(top, cs) : 0;
	for (k = 0; k < m; k++)
		from_stock(s, cs[k]);
	for (i = 0; i < n; i++)
		if (hands[i] == NULL)
			for (k = 0; k < TSR_DEAL; k++) {
				c = s->stock[0];
				from_stock(s, (card_t)c);
				tsr_hand_add(s, i, (card_t)c);
			}
	if (up == NULL) {
		c = s->stock[0];
		from_stock(s, (card_t)c);
		s->discard[s->ndiscard++] = (card_t)c;
	}
	for (k = m - 1; k >= 0; k--)
		s->stock[s->nstock++] = cs[k];
	check_audit(s);
}

static inline void
parse(const char *text, struct game_move *mv)
{
	char	 why[GAME_WHY_MAX] = "";

	if (R->parse(text, mv, why) != GAME_OK)
		fail_msg("parse \"%s\": %s", text, why);
}

static inline void
play_ev(struct tsr_state *s, int seat, const char *text,
    struct game_events *ev)
{
	struct game_events	 local;
	struct game_move	 mv;
	struct tsr_state	 next;
	char			 why[GAME_WHY_MAX] = "";

	parse(text, &mv);
	if (R->apply(s, &next, seat, &mv, ev != NULL ? ev : &local, why) !=
	    GAME_OK)
		fail_msg("seat %d \"%s\" refused: %s", seat, text, why);
	*s = next;
	check_audit(s);
}

static inline void
play(struct tsr_state *s, int seat, const char *text)
{
	play_ev(s, seat, text, NULL);
}

/* text must be refused from seat with a reason containing want; s unchanged. */
static inline void
refused(const struct tsr_state *s, int seat, const char *text,
    const char *want)
{
	static struct tsr_state	 copy, next;
	struct game_events	 ev;
	struct game_move	 mv;
	char			 why[GAME_WHY_MAX] = "";

	parse(text, &mv);
	memcpy(&copy, s, sizeof(copy));
	assert_int_equal(R->apply(s, &next, seat, &mv, &ev, why),
	    GAME_REFUSED);
	assert_memory_equal(s, &copy, sizeof(copy));
	if (strstr(why, want) == NULL)
		fail_msg("reason \"%s\" lacks \"%s\"", why, want);
}

/* Does seat's legal list hold text? */
static inline int
is_legal(const struct tsr_state *s, int seat, const char *text)
{
	static struct game_move	 mv[GAME_LEGAL_MAX];
	char			 buf[GAME_MOVE_TEXT_MAX];
	int			 n, i;

	n = R->legal(s, seat, mv, GAME_LEGAL_MAX);
	for (i = 0; i < n && i < GAME_LEGAL_MAX; i++) {
		R->format(&mv[i], buf, sizeof(buf));
		if (strcmp(buf, text) == 0)
			return 1;
	}
	return 0;
}

/* The seat's hand as counts equals the cards of text. */
static inline void
assert_hand(const struct tsr_state *s, int seat, const char *text)
{
	card_t	 cs[TSR_DECK_MAX];
	uint8_t	 want[TSR_IDS];
	int	 n, i;

	memset(want, 0, sizeof(want));
	n = card_list(text, cs);
	for (i = 0; i < n; i++)
		want[cs[i]]++;
	assert_memory_equal(s->hand[seat], want, sizeof(want));
	assert_int_equal(s->nhand[seat], n);
}

#endif /* TEST_TWELVE_STEP_H */
