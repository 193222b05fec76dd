/*
 * test_gin_vodka_play.c: Gin Vodka games from seeds.
 *
 * The seeded deal follows RULES.md 0.3 draw for draw, hands re-shuffle
 * and the deal alternates; every viewer's view hides what it must
 * (checked on the struct and on its JSON); and a few hundred random
 * games run to their end with every legal move round-tripping through
 * its text and the audits holding after every move.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "card.h"
#include "codec.h"
#include "deck.h"
#include "game.h"
#include "gin_vodka.h"
#include "rng.h"

static const struct game_rules *const R = &gv_rules;

static void
check_audit(const struct gv_state *s)
{
	char	 why[GAME_WHY_MAX] = "";

	if (R->audit(s, why) != 0)
		fail_msg("audit: %s", why);
}

/* A game from a seed made of k. */
static void
seeded(struct gv_state *s, int k, const char *options)
{
	struct game_setup	 su = { 2, options, NULL, -1 };
	uint8_t			 seed[32];
	char			 why[GAME_WHY_MAX] = "";
	int			 i;

	for (i = 0; i < 32; i++)
		seed[i] = (uint8_t)(i * 7 + k);
	su.seed = seed;
	if (R->setup(s, &su, why) != GAME_OK)
		fail_msg("setup: %s", why);
	check_audit(s);
}

static void
parse(const char *text, struct game_move *mv)
{
	char	 why[GAME_WHY_MAX] = "";

	if (R->parse(text, mv, why) != GAME_OK)
		fail_msg("parse \"%s\": %s", text, why);
}

static void
play(struct gv_state *s, int seat, const char *text)
{
	struct game_events	 ev;
	struct game_move	 mv;
	struct gv_state		 next;
	char			 why[GAME_WHY_MAX] = "";

	parse(text, &mv);
	if (R->apply(s, &next, seat, &mv, &ev, why) != GAME_OK)
		fail_msg("seat %d \"%s\" refused: %s", seat, text, why);
	*s = next;
	check_audit(s);
}

static void
test_seeded_deals(void **state)
{
	struct gv_state		 a, b, v;
	struct game_setup	 su = { 2, NULL, NULL, -1 };
	struct game_status	 st;
	struct game_events	 ev;
	struct game_move	 mv;
	uint8_t			 seed[32];
	char			 why[GAME_WHY_MAX];
	int			 i, dealer, hand;

	(void)state;
	for (i = 0; i < 32; i++)
		seed[i] = (uint8_t)(i * 7 + 1);
	su.seed = seed;
	assert_int_equal(R->setup(&a, &su, why), GAME_OK);
	assert_int_equal(R->setup(&b, &su, why), GAME_OK);
	assert_memory_equal(&a, &b, sizeof(a));
	check_audit(&a);
	R->status(&a, &st);
	assert_false(st.needs_deck);
	assert_int_equal(st.to_act, 1u << (a.dealer ^ 1));
	assert_int_equal(st.hand, 1);
	/* The first deal comes from the stream after seating and dealer. */
	{
		struct rng	 r;
		uint8_t		 seating[GAME_SEATS_MAX];
		card_t		 deck[GV_DECK];

		rng_init(&r, seed);
		dealer = game_draw_seating(&r, 2, -1, seating);
		assert_int_equal(dealer, a.dealer);
		assert_memory_equal(seating, a.seating, sizeof(seating));
		deck_fill(DECK_SQUARES, 1, deck);
		rng_shuffle(&r, deck, GV_DECK);
		assert_int_equal(a.discard[0], deck[22]);
		assert_int_equal(a.stock[a.nstock - 1], deck[23]);
		assert_int_equal(a.stock[0], deck[63]);
		/* deck[0] went to the non-dealer, deck[1] to the dealer. */
		assert_non_null(memchr(a.hands[dealer ^ 1], deck[0], 11));
		assert_non_null(memchr(a.hands[dealer], deck[1], 11));
	}
	/* Play hands out by timeouts: the deal alternates, hands re-shuffle. */
	su.options = "recycle_cap=0";
	assert_int_equal(R->setup(&a, &su, why), GAME_OK);
	dealer = a.dealer;
	for (hand = 1; hand <= 3; hand++) {
		assert_int_equal(a.hand, hand);
		assert_int_equal(a.dealer, (dealer + hand - 1) % 2);
		ev.n = 0;
		while (ev.n == 0) {
			assert_int_equal(R->timeout_move(&a, a.turn, &mv),
			    GAME_OK);
			assert_int_equal(R->apply(&a, &b, a.turn, &mv, &ev, why),
			    GAME_OK);
			a = b;
			check_audit(&a);
		}
		assert_string_equal(ev.ev[0].kind, "void");
		assert_int_equal(ev.ev[0].hand, hand);
	}
	R->view(&a, 0, &v);
	assert_int_equal(R->audit_view(&a, &v, 0, why), 0);
}

/* ---- views and the codec ---- */

static void
test_views(void **state)
{
	struct gv_state		 s, v;
	struct game_move	 a[64], b[64];
	struct json_object	*j;
	const char		*txt;
	char			 why[GAME_WHY_MAX], tok[CARD_TEXT_MAX];
	char			 needle[16];
	int			 i, n, m, seat, nd;

	(void)state;
	seeded(&s, 3, NULL);
	nd = s.turn;
	play(&s, nd, "pass");
	play(&s, nd ^ 1, "pass");
	play(&s, nd, "draw");
	for (seat = GAME_VIEW_ALL; seat < 2; seat++) {
		R->view(&s, seat, &v);
		if (R->audit_view(&s, &v, seat, why) != 0)
			fail_msg("view %d: %s", seat, why);
		assert_int_equal(v.viewer, seat == GAME_VIEW_ALL ?
		    GAME_VIEW_SPECTATOR : seat);
		assert_int_equal(v.nstock, s.nstock);
		assert_int_equal(v.stock[v.nstock - 1], CARD_NONE);
		assert_memory_equal(v.discard, s.discard, sizeof(s.discard));
		for (i = 0; i < (int)sizeof(v.rng); i++)
			assert_int_equal(((uint8_t *)&v.rng)[i], 0);
		for (i = 0; i < 2; i++) {
			assert_int_equal(v.nhand[i], s.nhand[i]);
			if (i == seat)
				assert_memory_equal(v.hands[i], s.hands[i],
				    sizeof(s.hands[i]));
			else
				assert_int_equal(v.hands[i][0], CARD_NONE);
		}
		/* The non-dealer drew from the stock: only it sees the card. */
		assert_int_equal(v.drawn, seat == nd ? s.drawn : CARD_NONE);
		j = codec_gin_vodka_view(&v);
		txt = json_object_to_json_string_ext(j, JSON_C_TO_STRING_PLAIN);
		for (i = 0; i < 2; i++)
			for (m = 0; m < s.nhand[i]; m++) {
				card_format(CARD_TT, s.hands[i][m], tok);
				snprintf(needle, sizeof(needle), "\"%s\"", tok);
				if (i == seat)
					assert_non_null(strstr(txt, needle));
				else
					assert_null(strstr(txt, needle));
			}
		for (m = 0; m < s.nstock; m++) {
			card_format(CARD_TT, s.stock[m], tok);
			snprintf(needle, sizeof(needle), "\"%s\"", tok);
			assert_null(strstr(txt, needle));
		}
		assert_non_null(strstr(txt, "\"phase\":\"discard\""));
		assert_non_null(strstr(txt, "\"stock\":40"));
		json_object_put(j);
	}
	/* Forged views fail the view audit: a hidden card, the stream. */
	R->view(&s, nd ^ 1, &v);
	v.hands[nd][0] = s.hands[nd][0];
	assert_int_equal(R->audit_view(&s, &v, nd ^ 1, why), -1);
	R->view(&s, nd ^ 1, &v);
	v.stock[0] = s.stock[0];
	assert_int_equal(R->audit_view(&s, &v, nd ^ 1, why), -1);
	R->view(&s, nd ^ 1, &v);
	v.rng.key[0] = 1;
	assert_int_equal(R->audit_view(&s, &v, nd ^ 1, why), -1);
	/* legal() reads a view as well as the state. */
	R->view(&s, nd, &v);
	n = R->legal(&s, nd, a, 64);
	assert_true(n >= 11);
	assert_int_equal(R->legal(&v, nd, b, 64), n);
	assert_memory_equal(a, b, sizeof(a[0]) * (size_t)n);
	/* ...but a view hiding that seat's hand offers it nothing. */
	R->view(&s, nd ^ 1, &v);
	assert_int_equal(R->legal(&v, nd, b, 64), 0);
	R->view(&s, GAME_VIEW_SPECTATOR, &v);
	assert_int_equal(R->legal(&v, nd, b, 64), 0);
	R->view(&s, GAME_VIEW_ALL, &v);		/* not over: a spectator's */
	assert_int_equal(R->legal(&v, nd, b, 64), 0);
	/* A forged state fails the audit: a card twice, a card lost. */
	v = s;
	v.hands[1][0] = v.hands[0][0];
	assert_int_equal(R->audit(&v, why), -1);
	v = s;
	v.nstock--;
	assert_int_equal(R->audit(&v, why), -1);
}

/* ---- random games: every legal move applies, audits hold ---- */

static void
test_random_games(void **state)
{
	struct gv_state		 s, next, v;
	struct game_setup	 su = { 2, NULL, NULL, -1 };
	struct game_events	 ev;
	struct game_move	 mv[GAME_LEGAL_MAX], back;
	struct rng		 r;
	uint8_t			 seed[32];
	char			 why[GAME_WHY_MAX], text[GAME_MOVE_TEXT_MAX];
	int			 g, n, i, seat, plies, hands = 0, knocks = 0;

	(void)state;
	memset(seed, 0, sizeof(seed));
	rng_init(&r, seed);
	for (g = 0; g < 200; g++) {
		for (i = 0; i < 32; i++)
			seed[i] = (uint8_t)rng_next(&r);
		su.seed = seed;
		su.options = g % 2 ? "target=30" : NULL;
		assert_int_equal(R->setup(&s, &su, why), GAME_OK);
		for (plies = 0; !s.over && plies < 100000; plies++) {
			seat = s.turn;
			R->view(&s, seat, &v);
			if (R->audit_view(&s, &v, seat, why) != 0)
				fail_msg("audit_view: %s", why);
			R->view(&s, seat ^ 1, &v);
			if (R->audit_view(&s, &v, seat ^ 1, why) != 0)
				fail_msg("audit_view: %s", why);
			n = R->legal(&v, seat ^ 1, mv, GAME_LEGAL_MAX);
			assert_int_equal(n, 0);
			R->view(&s, seat, &v);
			n = R->legal(&v, seat, mv, GAME_LEGAL_MAX);
			assert_true(n > 0 && n <= GAME_LEGAL_MAX);
			for (i = 0; i < n; i++) {
				R->format(&mv[i], text, sizeof(text));
				parse(text, &back);
				assert_memory_equal(&back, &mv[i], sizeof(back));
			}
			/* Prefer a knock now and then so hands get scored. */
			i = (int)rng_uniform(&r, (uint32_t)n);
			if (mv[n - 1].verb == GV_KNOCK && rng_uniform(&r, 2))
				i = n - 1;
			if (R->apply(&s, &next, seat, &mv[i], &ev, why) !=
			    GAME_OK)
				fail_msg("legal move refused: %s", why);
			s = next;
			check_audit(&s);
			if (ev.n > 0) {
				hands++;
				knocks += strcmp(ev.ev[0].kind, "void") != 0;
				assert_int_equal(ev.ev[0].delta[0] +
				    ev.ev[0].delta[1], s.last.points);
			}
		}
		assert_true(s.over);
		assert_true(s.scores[game_first_seat(s.winners)] >= s.target);
	}
	print_message("random games: %d hands, %d scored\n", hands, knocks);
	assert_true(knocks > 200);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_seeded_deals),
		cmocka_unit_test(test_views),
		cmocka_unit_test(test_random_games),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
