/*
 * test_casino_bot.c: what the Casino Macedonia bot (casino_bot.c)
 * prefers, in positions built card by card and seen through the bot's
 * own view: the capture that scores (the blue square 4), the capture
 * that denies another player all the yellow hearts (captures are
 * public), keeping the blue square 4 off the table, and not leaving an
 * easy capture behind when another move is as good.  The bot against
 * random play is in test_casino_play.c and tests/cli/sim_casino.sh.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "card.h"
#include "casino.h"
#include "casino_bot.h"
#include "deck.h"
#include "game.h"
#include "rng.h"

static const struct game_rules *const R = &cm_rules;

static card_t
card(const char *tok)
{
	card_t	 c = card_parse(CARD_TT, tok, NULL);

	assert_int_not_equal(c, CARD_NONE);
	return c;
}

/* Each card of text, in turn, to fn. */
static void
each(const char *text, void (*fn)(struct cm_state *, int, card_t),
    struct cm_state *s, int arg)
{
	const char	*p = text, *end;
	card_t		 c;

	while (p != NULL && *p != '\0') {
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

static void
to_hand(struct cm_state *s, int seat, card_t c)
{
	card_insert_sorted(s->hands[seat], s->nhand[seat]++, c);
}

static void
to_won(struct cm_state *s, int seat, card_t c)
{
	s->won[c] = (uint8_t)seat;
	s->ncaptured[seat]++;
}

static void
to_table(struct cm_state *s, int unused, card_t c)
{
	struct cm_pile	*p = &s->piles[s->npiles];
	int		 lo, hi;

	(void)unused;
	memset(p, 0, sizeof(*p));
	p->kind = CM_SINGLE;
	p->owner = CM_NOBODY;
	p->name = c;
	cm_numbers(s, c, &lo, &hi);
	p->value = (uint8_t)lo;
	p->ncards = 1;
	p->cmask = (uint8_t)cm_cmask(c);
	p->smask = (uint8_t)cm_smask(c);
	s->pile_of[c] = s->npiles++;
}

/*
 * Two seats, seat 0 to play: its hand, seat 1's hand, the table
 * (single cards) and seat 1's captures; the rest is burned and stock.
 */
static void
position(struct cm_state *s, const char *mine, const char *theirs,
    const char *table, const char *their_won)
{
	struct game_setup	 su = { 2, "", NULL, 1 };
	char			 why[GAME_WHY_MAX];
	card_t			 deck[CM_IDS];
	int			 i, n, k;

	assert_int_equal(R->setup(s, &su, why), GAME_OK);
	memset(s->hands, CARD_NONE, sizeof(s->hands));
	memset(s->stock, CARD_NONE, sizeof(s->stock));
	memset(s->burned, CARD_NONE, sizeof(s->burned));
	memset(s->aside, CARD_NONE, sizeof(s->aside));
	memset(s->pile_of, CM_NOBODY, sizeof(s->pile_of));
	memset(s->won, CM_NOBODY, sizeof(s->won));
	each(mine, to_hand, s, 0);
	each(theirs, to_hand, s, 1);
	each(table, to_table, s, 0);
	each(their_won, to_won, s, 1);
	n = deck_fill(DECK_TT_FULL, 1, deck);
	for (i = n - 1; i >= 0; i--) {
		card_t	 c = deck[i];

		if (s->pile_of[c] != CM_NOBODY || s->won[c] != CM_NOBODY)
			continue;
		for (k = 0; k < 2; k++)
			if (memchr(s->hands[k], c, s->nhand[k]) != NULL)
				break;
		if (k < 2)
			continue;
		if (s->nburned < 1)
			s->burned[s->nburned++] = c;
		else
			s->stock[s->nstock++] = c;
	}
	s->phase = CM_PHASE_PLAY;
	s->turn = 0;
	s->dealer = 1;
	if (R->audit(s, why) != 0)
		fail_msg("position: %s", why);
}

/* The bot's move for seat 0, from its view, as text. */
static const char *
choice(const struct cm_state *s, int noise0)
{
	static struct cm_state	 v;
	static char		 text[GAME_MOVE_TEXT_MAX];
	struct game_move	 mv;
	uint8_t			 noise[32];

	memset(noise, 0, sizeof(noise));
	noise[0] = (uint8_t)noise0;
	R->view(s, 0, &v);
	assert_int_equal(cm_bot_choose(&v, 0, noise, &mv), GAME_OK);
	R->format(&mv, text, sizeof(text));
	return text;
}

static void
test_takes_the_blue_square(void **state)
{
	static struct cm_state	 s;
	int			 i;

	(void)state;
	/* 4Gc could take 2Gt + 2Gh; 4Bt takes 4Bs, worth 15. */
	position(&s, "4Bt 4Gc 1Yc", "1Rt 2Rt 3Rt 4Rt 2Ys", "4Bs 2Gt 2Gh", "");
	for (i = 0; i < 8; i++)
		assert_string_equal(choice(&s, i), "take 4Bt | 4Bs");
}

static void
test_denies_the_yellow_hearts(void **state)
{
	static struct cm_state	 s;
	int			 i;

	(void)state;
	/*
	 * Seat 1 holds four yellow hearts: 4Yc taking the fifth denies it
	 * 50 points, more than 4Rs taking the red circle 1 and 3Rt.
	 */
	position(&s, "4Yc 4Rs 2Gs", "1Bt 2Bt 3Bt 1Gs 2Gt", "4Yh 1Rc 3Rt",
	    "1Yh 2Yh 3Yh QYh");
	for (i = 0; i < 8; i++)
		assert_string_equal(choice(&s, i), "take 4Yc | 4Yh");
	/* Once two players share them, the reds are worth more. */
	s.won[card("QYh")] = 0;
	s.ncaptured[1]--;
	s.ncaptured[0]++;
	for (i = 0; i < 8; i++)
		assert_string_equal(choice(&s, i), "take 4Rs | 1Rc 3Rt");
}

static void
test_keeps_the_blue_square_off_the_table(void **state)
{
	static struct cm_state	 s;
	int			 i;

	(void)state;
	/* No capture and no build: drop 1Gt, never 4Bs. */
	position(&s, "4Bs 1Gt", "1Rt 2Rt 3Rt 2Ys 3Ys", "2Rh", "");
	for (i = 0; i < 8; i++)
		assert_string_equal(choice(&s, i), "drop 1Gt");
}

static void
test_leaves_no_easy_capture(void **state)
{
	static struct cm_state	 s;
	int			 i;

	(void)state;
	/*
	 * Nothing to capture or build.  Dropping 3Rc leaves the red
	 * circle, and 1Rh + 3Rc, to any red 3 or 4; 2Gt beside 1Rh makes
	 * no group (both colors and suits mixed), so it gives less away.
	 */
	position(&s, "3Rc 2Gt", "1Bs 2Bs 3Bs 4Bt 2Ys", "1Rh", "");
	for (i = 0; i < 8; i++)
		assert_string_equal(choice(&s, i), "drop 2Gt");
}

static void
test_crowded_table(void **state)
{
	static struct cm_state	 s;
	static char		 table[16 * 4 + 1];
	const char		 colors[] = "RYGB", suits[] = "chts";
	const char		*t;
	int			 i, n;

	(void)state;
	/*
	 * Sixteen single 1s: 2Kb has thousands of takes (two 1s a group).
	 * The bot still answers, and takes all sixteen.
	 */
	for (i = 0; i < 16; i++)
		snprintf(table + 4 * i, 5, "1%c%c ", colors[i / 4],
		    suits[i % 4]);
	position(&s, "2Kb 3Gc", "4Bt 4Gt 4Yt 4Rt 3Bt", table, "");
	t = choice(&s, 0);
	assert_true(strncmp(t, "take 2Kb ", 9) == 0);
	for (i = 0, n = 0; t[i] != '\0'; i++)
		n += t[i] == '|';
	assert_int_equal(n, 8);		/* all sixteen */
}

/*
 * The bot skips the moves whose gain less a floor of their threat
 * cannot beat the best so far: in every position of random games
 * (random moves crowd the table; the bot's thin it), every option that
 * changes the captures, 2 to 5 seats, the seat to act's view, no floor
 * is above its threat and the choice is the one folding every move.
 */
static void
test_skips_change_nothing(void **state)
{
	static const char *const opts[] = {
		"", "q_mode=wild", "q_mode=five", "jokers=on",
		"jokers=on q_mode=wild", "single_takes=on",
		"single_takes=on q_mode=five jokers=on", "deck=squares",
		NULL
	};
	static struct cm_state	 s, t, v;
	static struct game_move	 legal[GAME_LEGAL_MAX];
	struct game_setup	 su;
	struct game_status	 gs;
	struct game_events	 ev;
	struct game_move	 mv;
	struct rng		 r;
	uint8_t			 seed[32], noise[32];
	char			 why[GAME_WHY_MAX];
	int			 i, k, j, n, seat, positions = 0;

	(void)state;
	for (i = 0; opts[i] != NULL; i++)
		for (k = 0; k < 6; k++) {
			memset(seed, 0, sizeof(seed));
			seed[0] = (uint8_t)i;
			seed[1] = (uint8_t)k;
			seed[2] = 0x7e;
			rng_init(&r, seed);
			su.nseats = 2 + (i + k) % 4;
			su.options = opts[i];
			su.seed = seed;
			su.dealer = -1;
			if (R->setup(&s, &su, why) != GAME_OK)
				fail_msg("setup %s: %s", opts[i], why);
			for (;;) {
				R->status(&s, &gs);
				if (gs.over)
					break;
				seat = s.turn;
				R->view(&s, seat, &v);
				for (j = 0; j < 32; j++)
					noise[j] = (uint8_t)rng_next(&r);
				assert_int_equal(cm_bot_check(&v, seat, noise),
				    0);
				positions++;
				if (rng_uniform(&r, 3) == 0) {
					assert_int_equal(cm_bot_choose(&v, seat,
					    noise, &mv), GAME_OK);
				} else {
					n = R->legal(&s, seat, legal,
					    GAME_LEGAL_MAX);
					assert_true(n > 0);
					mv = legal[rng_uniform(&r,
					    (uint32_t)n)];
				}
				if (R->apply(&s, &t, seat, &mv, &ev, why) !=
				    GAME_OK)
					fail_msg("%s: %s", opts[i], why);
				memcpy(&s, &t, sizeof(s));
			}
		}
	print_message("%d positions checked\n", positions);
	assert_true(positions > 1000);
}

/*
 * The threat's join classes (tables in casino_threat.c) are the rule
 * itself: class 5 * color + suit may join cards of masks cm, sm when
 * the pile with it is legal, for every pair of masks.
 */
static void
test_join_classes_are_the_rule(void **state)
{
	int	 cm, sm, c, u;
	uint32_t l;

	(void)state;
	for (cm = 0; cm < 32; cm++)
		for (sm = 0; sm < 32; sm++) {
			l = cm_join_classes(cm, sm);
			assert_int_equal(l >> 25, 0);
			for (c = 0; c < 5; c++)
				for (u = 0; u < 5; u++)
					assert_int_equal((l >> (5 * c + u)) & 1,
					    cm_legal_masks(cm | 1 << c,
					    sm | 1 << u));
		}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_takes_the_blue_square),
		cmocka_unit_test(test_denies_the_yellow_hearts),
		cmocka_unit_test(test_keeps_the_blue_square_off_the_table),
		cmocka_unit_test(test_leaves_no_easy_capture),
		cmocka_unit_test(test_crowded_table),
		cmocka_unit_test(test_skips_change_nothing),
		cmocka_unit_test(test_join_classes_are_the_rule),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
