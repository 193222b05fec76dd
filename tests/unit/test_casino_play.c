/*
 * test_casino_play.c: Casino Macedonia played whole from seeds, under
 * every table option (topper sim plays only the defaults): after each
 * move the cards are all accounted for, every view hides what it must
 * and lists the same moves as the state, move text round-trips, a
 * timeout move is always legal, and the hands end with the scores the
 * events report.  Then a hand dealt in decks mode to its end, and the
 * bot against random play.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "bot.h"
#include "card.h"
#include "casino.h"
#include "codec.h"
#include "deck.h"
#include "game.h"
#include "rng.h"

static const struct game_rules *const R = &cm_rules;

static struct game_move	 legal[GAME_LEGAL_MAX], legal2[GAME_LEGAL_MAX];

static void
seed_of(int k, uint8_t seed[32])
{
	memset(seed, 0, 32);
	seed[0] = (uint8_t)k;
	seed[1] = (uint8_t)(k >> 8);
	seed[2] = 0xca;
}

/* Check st and seat's view; returns the legal count. */
static int
check(const struct cm_state *st, int seat)
{
	static struct cm_state	 v;
	char			 why[GAME_WHY_MAX];
	int			 n, n2, viewer;

	why[0] = '\0';
	if (R->audit(st, why) != 0)
		fail_msg("audit: %s", why);
	for (viewer = GAME_VIEW_SPECTATOR; viewer < st->nseats; viewer++) {
		R->view(st, viewer, &v);
		if (R->audit_view(st, &v, viewer, why) != 0)
			fail_msg("view %d: %s", viewer, why);
		if (viewer != seat)
			assert_int_equal(R->legal(&v, seat, legal2, 4), 0);
	}
	R->view(st, seat, &v);
	n = R->legal(st, seat, legal, GAME_LEGAL_MAX);
	n2 = R->legal(&v, seat, legal2, GAME_LEGAL_MAX);
	assert_int_equal(n, n2);
	if (n > GAME_LEGAL_MAX)
		n = GAME_LEGAL_MAX;
	assert_memory_equal(legal, legal2, (size_t)n * sizeof(legal[0]));
	return n;
}

/*
 * Play one game: seat bot (or -1) uses the bot, the others random
 * legal moves; every 7th move is the timeout move.  Returns the
 * winners mask.
 */
static uint32_t
play_game(const char *options, int nseats, int k, int bot)
{
	static struct cm_state	 s, t, v;
	struct game_setup	 su = { nseats, options, NULL, -1 };
	struct game_status	 gs;
	struct game_events	 ev;
	struct game_move	 mv, mv2;
	struct rng		 r;
	uint8_t			 seed[32], noise[32];
	char			 why[GAME_WHY_MAX], a[GAME_MOVE_TEXT_MAX];
	char			 b[GAME_MOVE_TEXT_MAX];
	int32_t			 sums[CM_SEATS_MAX];
	int			 n, i, j, seat, moves = 0;

	seed_of(k, seed);
	su.seed = seed;
	rng_init(&r, seed);
	memset(sums, 0, sizeof(sums));
	if (R->setup(&s, &su, why) != GAME_OK)
		fail_msg("setup %s: %s", options, why);
	for (;;) {
		R->status(&s, &gs);
		if (gs.over)
			break;
		seat = s.turn;
		n = check(&s, seat);
		assert_true(n > 0);
		if (seat == bot) {
			for (j = 0; j < 32; j++)
				noise[j] = (uint8_t)rng_next(&r);
			R->view(&s, seat, &v);
			assert_int_equal(cm_bot_choose(&v, seat, noise, &mv),
			    GAME_OK);
		} else if (moves % 7 == 3) {
			assert_int_equal(R->timeout_move(&s, seat, &mv),
			    GAME_OK);
		} else
			mv = legal[rng_uniform(&r, (uint32_t)n)];
		R->format(&mv, a, sizeof(a));
		if (R->parse(a, &mv2, why) != GAME_OK)
			fail_msg("\"%s\" does not parse: %s", a, why);
		R->format(&mv2, b, sizeof(b));
		assert_string_equal(a, b);
		/* Another seat may not make it. */
		assert_int_equal(R->apply(&s, &t, (seat + 1) % nseats, &mv2,
		    &ev, why), GAME_REFUSED);
		if (R->apply(&s, &t, seat, &mv2, &ev, why) != GAME_OK)
			fail_msg("%s: legal \"%s\" refused: %s", options, a,
			    why);
		for (i = 0; i < ev.n; i++)
			for (j = 0; j < nseats; j++)
				sums[j] += ev.ev[i].delta[j];
		memcpy(&s, &t, sizeof(s));
		moves++;
	}
	R->status(&s, &gs);
	for (j = 0; j < nseats; j++)
		assert_int_equal(gs.scores[j], sums[j]);
	assert_int_equal(s.hand, s.nhands);
	assert_true(gs.winners != 0);
	R->view(&s, GAME_VIEW_ALL, &v);
	assert_int_equal(R->audit_view(&s, &v, GAME_VIEW_ALL, why), 0);
	assert_int_equal(R->audit(&s, why), 0);
	return gs.winners;
}

static void
test_random_play_every_option(void **state)
{
	static const char *const opts[] = {
		"", "q_mode=wild", "q_mode=five", "jokers=on",
		"jokers=on q_mode=wild", "jokers=on q_mode=five",
		"single_takes=on", "single_takes=on q_mode=five jokers=on",
		"deck=squares", "deck=squares single_takes=on", "rounds=2",
		NULL
	};
	int	 i, k;

	(void)state;
	for (i = 0; opts[i] != NULL; i++)
		for (k = 0; k < 5; k++)
			play_game(opts[i], 2 + (i + k) % 5, 100 * i + k, -1);
}

static void
test_bot_beats_random(void **state)
{
	int	 k, won = 0, games = 40;

	(void)state;
	for (k = 0; k < games; k++)
		if (play_game(k % 3 == 0 ? "q_mode=wild jokers=on" : "", 2,
		    5000 + k, k % 2) & (1u << (k % 2)))
			won++;
	print_message("bot won %d of %d two-player games\n", won, games);
	assert_true(won >= games * 3 / 4);
}

/* A decks-mode game: the dealt deck decides the table and the hands. */
static void
test_decks_mode_hand(void **state)
{
	static struct cm_state	 s, t;
	struct game_setup	 su = { 3, NULL, NULL, 2 };
	struct game_move	 mv;
	struct game_events	 ev;
	card_t			 deck[CM_IDS];
	char			 why[GAME_WHY_MAX];
	int			 n, hands = 0, plays = 0;

	(void)state;
	assert_int_equal(R->setup(&s, &su, why), GAME_OK);
	assert_int_equal(s.phase, CM_PHASE_DEAL);
	assert_int_equal(R->legal(&s, 0, &mv, 1), 0);
	n = deck_fill(DECK_TT_FULL, 1, deck);
	while (!s.over) {
		assert_int_equal(s.phase, CM_PHASE_DEAL);
		assert_int_equal(R->deal(&s, &t, deck, n, why), GAME_OK);
		memcpy(&s, &t, sizeof(s));
		/* Burn deck[124]; table deck[0..3]; the dealer's left first. */
		assert_int_equal(s.burned[0], deck[n - 1]);
		assert_int_equal(s.npiles, 4);
		assert_int_equal(s.pile_of[deck[3]], 3);
		assert_int_equal(s.turn, (s.dealer + 1) % 3);
		assert_int_equal(s.hands[(s.dealer + 1) % 3][0], deck[4]);
		assert_int_equal(s.nstock, 120 - 15);
		assert_int_equal(R->deal(&s, &t, deck, n, why), GAME_REFUSED);
		while (s.phase == CM_PHASE_PLAY) {
			assert_int_equal(R->timeout_move(&s, s.turn, &mv),
			    GAME_OK);
			assert_int_equal(R->apply(&s, &t, s.turn, &mv, &ev,
			    why), GAME_OK);
			memcpy(&s, &t, sizeof(s));
			assert_int_equal(R->audit(&s, why), 0);
			plays++;
			hands += ev.n;
		}
	}
	assert_int_equal(hands, 3);
	assert_int_equal(plays, 3 * 120);
	assert_int_equal(s.last.hand, 3);
}

static void
test_view_json(void **state)
{
	static struct cm_state	 s, v;
	struct game_setup	 su = { 4, "jokers=on", NULL, -1 };
	struct json_object	*o;
	uint8_t			 seed[32];
	char			 why[GAME_WHY_MAX], tok[CARD_TEXT_MAX];
	const char		*txt;
	int			 i;

	(void)state;
	seed_of(77, seed);
	su.seed = seed;
	assert_int_equal(R->setup(&s, &su, why), GAME_OK);
	R->view(&s, 1, &v);
	o = codec_view_json(R, &v);
	assert_non_null(o);
	txt = json_object_to_json_string(o);
	assert_non_null(strstr(txt, "\"casino-macedonia\""));
	for (i = 0; i < s.nhand[1]; i++) {
		card_format(CARD_TT, s.hands[1][i], tok);
		assert_non_null(strstr(txt, tok));
	}
	for (i = 0; i < s.nhand[2]; i++) {
		card_format(CARD_TT, s.hands[2][i], tok);
		assert_null(strstr(txt, tok));
	}
	card_format(CARD_TT, s.burned[0], tok);
	assert_null(strstr(txt, tok));
	json_object_put(o);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_random_play_every_option),
		cmocka_unit_test(test_bot_beats_random),
		cmocka_unit_test(test_decks_mode_hand),
		cmocka_unit_test(test_view_json),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
