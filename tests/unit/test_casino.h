/*
 * test_casino.h: helpers the Casino Macedonia rules tests share
 * (test_casino.c, test_casino_options.c, test_casino_score.c):
 * positions built card by card (every card of the pack placed, the
 * audit passing), captures given to a seat, moves through parse +
 * apply where a refusal must leave the state alone, and the legal
 * moves as text.  Included after cmocka.h; every function is static
 * inline.
 */
#ifndef TEST_CASINO_H
#define TEST_CASINO_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "card.h"
#include "casino.h"
#include "deck.h"
#include "game.h"

static const struct game_rules *const R = &cm_rules;

static inline card_t
card(const char *tok)
{
	card_t	 c = card_parse(CARD_TT, tok, NULL);

	assert_int_not_equal(c, CARD_NONE);
	return c;
}

static inline void
empty_state(struct cm_state *s, int nseats, const char *options)
{
	struct game_setup	 su = { nseats, options, NULL, 0 };
	char			 why[GAME_WHY_MAX];

	assert_int_equal(R->setup(s, &su, why), GAME_OK);
	memset(s->hands, CARD_NONE, sizeof(s->hands));
	memset(s->stock, CARD_NONE, sizeof(s->stock));
	memset(s->burned, CARD_NONE, sizeof(s->burned));
	memset(s->aside, CARD_NONE, sizeof(s->aside));
	memset(s->pile_of, CM_NOBODY, sizeof(s->pile_of));
	memset(s->won, CM_NOBODY, sizeof(s->won));
}

/* Call fn(s, arg, c) for each card c of text, a list of tokens. */
static inline void
each_card(const char *text, void (*fn)(struct cm_state *, int, card_t),
    struct cm_state *s, int arg)
{
	const char	*p = text, *end;
	card_t		 c;

	while (*p != '\0') {
		while (*p == ' ')
			p++;
		if (*p == '\0')
			break;
		c = card_parse(CARD_TT, p, &end);
		assert_int_not_equal(c, CARD_NONE);
		fn(s, arg, c);
		p = end;
	}
}

static inline void
give_one(struct cm_state *s, int seat, card_t c)
{
	assert_int_equal(s->won[c], CM_NOBODY);
	s->won[c] = (uint8_t)seat;
	s->ncaptured[seat]++;
}

/* Give every card of text to seat's captures. */
static inline void
give(struct cm_state *s, int seat, const char *text)
{
	each_card(text, give_one, s, seat);
}

/* Put c into seat's hand, which stays in id order. */
static inline void
hand_one(struct cm_state *s, int seat, card_t c)
{
	int	 k = s->nhand[seat]++;

	for (; k > 0 && s->hands[seat][k - 1] > c; k--)
		s->hands[seat][k] = s->hands[seat][k - 1];
	s->hands[seat][k] = c;
}

/* The number a card counts as on the table. */
static inline int
value_of(const struct cm_state *s, card_t c, int decl)
{
	int	 lo, hi;

	if (cm_numbers(s, c, &lo, &hi) == 1)
		return decl;
	return lo;
}

/*
 * A position: hands[i] for each seat, then piles, each "S card",
 * "B<owner> cards" (a build) or "T<owner> cards" (a stack, valued by
 * its first card); a card may carry "=N", its declared number.  The
 * first unused cards of the pack (highest ids) are burned, the rest is
 * the stock; seat turn is to play.
 */
static inline void
position(struct cm_state *s, int nseats, const char *options,
    const char *const *hands, const char *const *piles, int turn)
{
	const char	*p, *end;
	struct cm_pile	*pl;
	card_t		 deck[CM_IDS], c;
	char		 why[GAME_WHY_MAX];
	int		 i, n, k, x, d, nb;

	empty_state(s, nseats, options);
	for (i = 0; i < nseats; i++)
		each_card(hands[i], hand_one, s, i);
	for (x = 0; piles != NULL && piles[x] != NULL; x++) {
		pl = &s->piles[x];
		memset(pl, 0, sizeof(*pl));
		p = piles[x];
		pl->kind = p[0] == 'S' ? CM_SINGLE : p[0] == 'B' ?
		    CM_BUILD_PILE : CM_STACK_PILE;
		pl->owner = p[0] == 'S' ? CM_NOBODY : (uint8_t)(p[1] - '0');
		pl->name = CARD_NONE;
		for (p += p[0] == 'S' ? 1 : 2; *p != '\0'; p = end) {
			while (*p == ' ')
				p++;
			if (*p == '\0')
				break;
			c = card_parse(CARD_TT, p, &end);
			assert_int_not_equal(c, CARD_NONE);
			d = 0;
			if (*end == '=') {
				d = end[1] - '0';
				end += 2;
				s->decl[c] = (int8_t)d;
			}
			s->pile_of[c] = (uint8_t)x;
			pl->ncards++;
			pl->cmask |= (uint8_t)cm_cmask(c);
			pl->smask |= (uint8_t)cm_smask(c);
			if (c < pl->name)
				pl->name = c;
			if (pl->kind != CM_STACK_PILE || pl->ncards == 1)
				pl->value = (uint8_t)(pl->value +
				    value_of(s, c, d));
		}
	}
	s->npiles = (uint8_t)x;
	n = deck_fill(s->squares ? DECK_SQUARES : s->jokers ? DECK_TT_JOKERS :
	    DECK_TT_FULL, 1, deck);
	nb = s->jokers ? 3 : 1;
	for (i = n - 1; i >= 0; i--) {
		c = deck[i];
		if (s->pile_of[c] != CM_NOBODY)
			continue;
		for (k = 0; k < nseats; k++)
			if (memchr(s->hands[k], c, s->nhand[k]) != NULL)
				break;
		if (k < nseats)
			continue;
		if (s->nburned < nb)
			s->burned[s->nburned++] = c;
		else
			s->stock[s->nstock++] = c;
	}
	s->phase = CM_PHASE_PLAY;
	s->turn = (uint8_t)turn;
	s->dealer = (uint8_t)((turn + nseats - 1) % nseats);
	why[0] = '\0';
	if (R->audit(s, why) != 0)
		fail_msg("position: %s", why);
}

/* Play text as seat: GAME_OK updates s; a refusal must leave s alone. */
static inline enum game_rc
play(struct cm_state *s, int seat, const char *text, char why[GAME_WHY_MAX])
{
	static struct cm_state	 before, after;
	struct game_move	 mv;
	struct game_events	 ev;
	enum game_rc		 rc;

	why[0] = '\0';
	if ((rc = R->parse(text, &mv, why)) != GAME_OK)
		return rc;
	memcpy(&before, s, sizeof(before));
	rc = R->apply(s, &after, seat, &mv, &ev, why);
	assert_memory_equal(&before, s, sizeof(before));
	if (rc == GAME_OK) {
		memcpy(s, &after, sizeof(*s));
		if (R->audit(s, why) != 0)
			fail_msg("audit after \"%s\": %s", text, why);
	} else
		assert_true(why[0] != '\0');
	return rc;
}

static inline void
ok(struct cm_state *s, int seat, const char *text)
{
	char	 why[GAME_WHY_MAX];

	if (play(s, seat, text, why) != GAME_OK)
		fail_msg("\"%s\" refused: %s", text, why);
}

static inline void
refused(struct cm_state *s, int seat, const char *text, const char *part)
{
	char	 why[GAME_WHY_MAX];

	if (play(s, seat, text, why) != GAME_REFUSED)
		fail_msg("\"%s\" was not refused (%s)", text, why);
	if (part != NULL && strstr(why, part) == NULL)
		fail_msg("\"%s\": \"%s\" lacks \"%s\"", text, why, part);
}

/* Is text among seat's legal moves? */
static inline int
listed(const struct cm_state *s, int seat, const char *text)
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

#endif /* TEST_CASINO_H */
