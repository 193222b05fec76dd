/*
 * test_rummy500.h: helpers the Rummy 500 rules tests share
 * (test_rummy500.c and test_rummy500_timeout.c): positions built card
 * by card (hands, melds and the discard pile given, every other card
 * to the stock, the audit passing), moves through parse + apply, and
 * refusals that must leave the state byte-for-byte the same.  Included
 * after cmocka.h; every function is static inline.
 */
#ifndef TEST_RUMMY500_H
#define TEST_RUMMY500_H

#include <stdint.h>
#include <string.h>

#include "card.h"
#include "game.h"
#include "rummy500.h"

static const struct game_rules *const R = &r500_rules;

static inline int
card_list(const char *text, card_t *out)
{
	const char	*p = text, *end;
	int		 n = 0;

	while (p != NULL && *p != '\0') {
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

/* An empty table of nseats (decks mode, dealer 0) with options. */
static inline void
empty_table(struct r500_state *s, int nseats, const char *options)
{
	struct game_setup	 su = { nseats, options, NULL, 0 };
	char			 why[GAME_WHY_MAX];

	assert_int_equal(R->setup(s, &su, why), GAME_OK);
	s->phase = R500_PHASE_PLAY;
}

static inline void
give(struct r500_state *s, int seat, const char *cards)
{
	card_t	 c[R500_DECK];
	int	 i, j, n = card_list(cards, c);

	for (i = 0; i < n; i++) {
		for (j = s->nhand[seat]; j > 0 && s->hands[seat][j - 1] > c[i];
		    j--)
			s->hands[seat][j] = s->hands[seat][j - 1];
		s->hands[seat][j] = c[i];
		s->nhand[seat]++;
	}
}

static inline void
put_meld(struct r500_state *s, int seat, const char *cards)
{
	card_t	 c[R500_DECK];
	char	 why[GAME_WHY_MAX];
	int	 n = card_list(cards, c);

	if (r500_make_meld(c, NULL, n, seat, &s->melds[s->nmelds], why) != 0)
		fail_msg("%s: %s", cards, why);
	s->nmelds++;
}

static inline void
put_discards(struct r500_state *s, const char *cards)
{
	s->ndiscard = (uint8_t)card_list(cards, s->discard);
}

/* Every card not placed goes to the stock (id order, nstock_max at most). */
static inline void
finish(struct r500_state *s, int turn, int phase, int nstock_max)
{
	uint8_t	 used[CARD_STD_COUNT];
	char	 why[GAME_WHY_MAX];
	int	 i, j;
	card_t	 rest[R500_DECK];
	int	 nrest = 0;

	memset(used, 0, sizeof(used));
	for (i = 0; i < s->nseats; i++)
		for (j = 0; j < s->nhand[i]; j++)
			used[s->hands[i][j]] = 1;
	for (i = 0; i < s->ndiscard; i++)
		used[s->discard[i]] = 1;
	for (i = 0; i < s->nmelds; i++)
		for (j = 0; j < s->melds[i].ncards; j++)
			used[s->melds[i].cards[j]] = 1;
	for (i = 0; i < CARD_STD_COUNT; i++)
		if (!used[i])
			rest[nrest++] = (card_t)i;
	/* Cards beyond nstock_max go to the bottom of the discard pile. */
	if (nrest > nstock_max) {
		memmove(s->discard + (nrest - nstock_max), s->discard,
		    s->ndiscard);
		memcpy(s->discard, rest + nstock_max,
		    (size_t)(nrest - nstock_max));
		s->ndiscard = (uint8_t)(s->ndiscard + nrest - nstock_max);
		nrest = nstock_max;
	}
	memcpy(s->stock, rest, (size_t)nrest);
	s->nstock = (uint8_t)nrest;
	s->turn = (uint8_t)turn;
	s->phase = (uint8_t)phase;
	if (R->audit(s, why) != 0)
		fail_msg("audit of the built position: %s", why);
}

static inline struct game_move
parse(const char *text)
{
	struct game_move	 mv;
	char			 why[GAME_WHY_MAX];

	if (R->parse(text, &mv, why) != GAME_OK)
		fail_msg("\"%s\" does not parse: %s", text, why);
	return mv;
}

/* Apply text for seat; must succeed.  Returns the number of hand ends. */
static inline int
play(struct r500_state *s, int seat, const char *text,
    struct game_events *ev)
{
	struct r500_state	 next;
	struct game_move	 mv = parse(text);
	char			 why[GAME_WHY_MAX];

	if (R->apply(s, &next, seat, &mv, ev, why) != GAME_OK)
		fail_msg("\"%s\" refused: %s", text, why);
	*s = next;
	if (R->audit(s, why) != 0)
		fail_msg("audit after \"%s\": %s", text, why);
	return ev->n;
}

/* Apply text for seat; must be refused, the input untouched. */
static inline void
refused(const struct r500_state *s, int seat, const char *text,
    const char *why_part)
{
	struct r500_state	 copy = *s, next;
	struct game_events	 ev;
	struct game_move	 mv = parse(text);
	char			 why[GAME_WHY_MAX];

	if (R->apply(s, &next, seat, &mv, &ev, why) != GAME_REFUSED)
		fail_msg("\"%s\" was not refused", text);
	assert_memory_equal(&copy, s, sizeof(copy));
	if (why_part != NULL && strstr(why, why_part) == NULL)
		fail_msg("\"%s\": refusal \"%s\" lacks \"%s\"", text, why,
		    why_part);
}

/* Is text among seat's legal moves? */
static inline int
listed(const struct r500_state *s, int seat, const char *text)
{
	struct game_move	 mv[GAME_LEGAL_MAX];
	char			 buf[GAME_MOVE_TEXT_MAX];
	int			 n, i;

	n = R->legal(s, seat, mv, GAME_LEGAL_MAX);
	assert_true(n <= GAME_LEGAL_MAX);
	for (i = 0; i < n; i++) {
		R->format(&mv[i], buf, sizeof(buf));
		if (strcmp(buf, text) == 0)
			return 1;
	}
	return 0;
}

#endif /* TEST_RUMMY500_H */
