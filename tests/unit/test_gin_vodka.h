/*
 * test_gin_vodka.h: helpers the Gin Vodka rules tests share
 * (test_gin_vodka.c and test_gin_vodka_refusals.c): hands dealt in
 * decks mode from constructed decks, moves through parse + apply with
 * the audit after each, refusals that must leave the state
 * byte-for-byte the same, and the two hands of example G-2 (RULES.md
 * 3f).  Included after cmocka.h; every function is static inline.
 */
#ifndef TEST_GIN_VODKA_H
#define TEST_GIN_VODKA_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "card.h"
#include "deck.h"
#include "game.h"
#include "gin_vodka.h"

static const struct game_rules *const R = &gv_rules;

static inline card_t
card(const char *tok)
{
	card_t	 c = card_parse(CARD_TT, tok, NULL);

	assert_int_not_equal(c, CARD_NONE);
	return c;
}

/* Parse "1Rc 2Rc ..." into out; returns the count. */
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
		out[n] = card_parse(CARD_TT, p, &end);
		assert_int_not_equal(out[n], CARD_NONE);
		n++;
		p = end;
	}
	return n;
}

/*
 * A deck (deck[0] = top) dealing nd to the non-dealer and d to the
 * dealer, then the upcard, then the stock from its top; the other cards
 * follow in id order.
 */
static inline void
build_deck(card_t deck[GV_DECK], const char *nd, const char *d,
    const char *up, const char *stock)
{
	card_t	 a[GV_DECK], b[GV_DECK], s[GV_DECK], all[GV_DECK];
	uint8_t	 used[CARD_TT_COUNT];
	int	 i, k = 0, ns;

	assert_int_equal(card_list(nd, a), GV_HAND);
	assert_int_equal(card_list(d, b), GV_HAND);
	ns = card_list(stock, s);
	memset(used, 0, sizeof(used));
	for (i = 0; i < GV_HAND; i++) {
		deck[k++] = a[i];
		deck[k++] = b[i];
	}
	deck[k++] = card(up);
	for (i = 0; i < ns; i++)
		deck[k++] = s[i];
	for (i = 0; i < k; i++) {
		assert_int_equal(used[deck[i]], 0);
		used[deck[i]] = 1;
	}
	deck_fill(DECK_SQUARES, 1, all);
	for (i = 0; i < GV_DECK; i++)
		if (!used[all[i]])
			deck[k++] = all[i];
	assert_int_equal(k, GV_DECK);
}

static inline void
check_audit(const struct gv_state *s)
{
	char	 why[GAME_WHY_MAX] = "";

	if (R->audit(s, why) != 0)
		fail_msg("audit: %s", why);
}

static inline void
new_game(struct gv_state *s, const char *options, int dealer)
{
	struct game_setup	 su = { 2, options, NULL, dealer };
	char			 why[GAME_WHY_MAX] = "";

	if (R->setup(s, &su, why) != GAME_OK)
		fail_msg("setup: %s", why);
	check_audit(s);
}

static inline void
deal(struct gv_state *s, const card_t deck[GV_DECK])
{
	struct gv_state	 next;
	char		 why[GAME_WHY_MAX] = "";

	if (R->deal(s, &next, deck, GV_DECK, why) != GAME_OK)
		fail_msg("deal: %s", why);
	*s = next;
	check_audit(s);
}

/* A hand of A (seat 0, non-dealer) against B (seat 1, dealer). */
static inline void
start(struct gv_state *s, const char *options, const char *a,
    const char *b, const char *up, const char *stock)
{
	card_t	 deck[GV_DECK];

	new_game(s, options, 1);
	build_deck(deck, a, b, up, stock);
	deal(s, deck);
}

static inline void
parse(const char *text, struct game_move *mv)
{
	char	 why[GAME_WHY_MAX] = "";

	if (R->parse(text, mv, why) != GAME_OK)
		fail_msg("parse \"%s\": %s", text, why);
}

static inline void
play(struct gv_state *s, int seat, const char *text, struct game_events *ev)
{
	struct game_events	 local;
	struct game_move	 mv;
	struct gv_state		 next;
	char			 why[GAME_WHY_MAX] = "";

	parse(text, &mv);
	if (R->apply(s, &next, seat, &mv, ev != NULL ? ev : &local, why) !=
	    GAME_OK)
		fail_msg("seat %d \"%s\" refused: %s", seat, text, why);
	*s = next;
	check_audit(s);
}

/* mv must be refused with a reason containing want, s unchanged. */
static inline void
refused_move(const struct gv_state *s, int seat, const struct game_move *mv,
    const char *want)
{
	struct game_events	 ev;
	struct gv_state		 copy, next;
	char			 why[GAME_WHY_MAX] = "";

	memcpy(&copy, s, sizeof(copy));
	assert_int_equal(R->apply(s, &next, seat, mv, &ev, why),
	    GAME_REFUSED);
	assert_memory_equal(s, &copy, sizeof(copy));
	if (strstr(why, want) == NULL)
		fail_msg("reason \"%s\" lacks \"%s\"", why, want);
}

static inline void
refused(const struct gv_state *s, int seat, const char *text,
    const char *want)
{
	struct game_move	 mv;

	parse(text, &mv);
	refused_move(s, seat, &mv, want);
}

/* The hands of example G-2: A (seat 0, non-dealer), then B. */
static const char g2_a[] = "3Gc 3Gh 3Gt 1Bh 2Bh 3Bh 2Rs 3Rs 4Rs 1Yc 2Rh";
static const char g2_b[] = "1Rt 2Rt 3Rt 4Rt 4Yc 4Yh 4Yt 3Bc 4Gs 2Yt 1Gc";

#endif /* TEST_GIN_VODKA_H */
