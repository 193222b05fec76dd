/*
 * test_gin_vodka.c: the Gin Vodka rules through the engine contract.
 *
 * The worked examples G-1..G-6 of RULES.md 3f are played as real hands
 * from constructed decks (decks mode): each test deals, makes the moves
 * and checks the engine's own numbers against the example's results.
 * Then the openings, recycling and the void hand, the alternating deal,
 * options and the end of the game.  Refusals and the move text are in
 * test_gin_vodka_refusals.c; seeded deals, views and random play in
 * test_gin_vodka_play.c.
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
#include "test_gin_vodka.h"

/* got[0..n-1] (sorted by id) are the cards of want, in any order. */
static void
assert_cards(const card_t *got, int n, const char *want)
{
	card_t	 w[GV_DECK], t;
	int	 i, j;

	assert_int_equal(n, card_list(want, w));
	for (i = 1; i < n; i++)
		for (j = i; j > 0 && w[j - 1] > w[j]; j--) {
			t = w[j];
			w[j] = w[j - 1];
			w[j - 1] = t;
		}
	assert_memory_equal(got, w, (size_t)n);
}

/* ---- RULES.md 3f worked examples ---- */

static const char g1_a[] = "1Rc 2Rc 3Rc 4Rc 1Yh 1Yt 1Ys 1Gh 2Gh 3Gh 2Gc";
static const char g1_b[] = "2Bs 3Bs 4Bs 3Yc 3Yh 3Yt 4Bc 2Ys 1Bt 4Yt 2Rh";

static void
test_g1_gin(void **state)
{
	struct gv_state		 s;
	struct game_events	 ev;
	const struct gv_result	*r = &s.last;

	(void)state;
	start(&s, NULL, g1_a, g1_b, "4Gh", "");
	play(&s, 0, "take", NULL);
	play(&s, 0, "knock 2Gc | 1Rc 2Rc 3Rc 4Rc | 1Yh 1Yt 1Ys | "
	    "1Gh 2Gh 3Gh 4Gh", &ev);
	assert_int_equal(ev.n, 1);
	assert_string_equal(ev.ev[0].kind, "gin");
	assert_int_equal(ev.ev[0].hand, 1);
	assert_int_equal(r->kind, GV_END_GIN);
	assert_int_equal(r->kdead, 0);
	assert_int_equal(r->ddead, 19);
	/* B's best arrangement, as the example gives it. */
	assert_int_equal(r->darr.nmelds, 2);
	assert_cards(r->darr.melds[0].cards, r->darr.melds[0].ncards,
	    "2Bs 3Bs 4Bs");
	assert_cards(r->darr.melds[1].cards, r->darr.melds[1].ncards,
	    "3Yc 3Yh 3Yt");
	assert_cards(r->darr.dead, r->darr.ndead, "2Rh 4Yt 2Ys 1Bt 4Bc");
	assert_int_equal(r->darr.nlaid, 0);
	/* A scores 20 + 19 = 39. */
	assert_int_equal(ev.ev[0].delta[0], 39);
	assert_int_equal(ev.ev[0].delta[1], 0);
	assert_int_equal(s.scores[0], 39);
	assert_int_equal(s.scores[1], 0);
	assert_string_equal(ev.ev[0].text,
	    "Seat 0 went gin; seat 1 kept 19; seat 0 scores 39.");
	assert_int_equal(s.phase, GV_PHASE_DEAL);
	assert_int_equal(s.hand, 2);
}

/* G-2 up to the defender's last discard (both pass, A draws 4Rc, knocks). */
static void
g2_position(struct gv_state *s, const char *options)
{
	start(s, options, g2_a, g2_b, "1Ys", "4Rc 3Gs");
	play(s, 0, "pass", NULL);
	play(s, 1, "pass", NULL);
	play(s, 0, "draw", NULL);
	play(s, 0, "knock 4Rc | 3Gc 3Gh 3Gt | 1Bh 2Bh 3Bh | 2Rs 3Rs 4Rs",
	    NULL);
	assert_int_equal(s->phase, GV_PHASE_LAST_DRAW);
	assert_int_equal(s->turn, 1);
	assert_int_equal(s->knock.deadwood, 3);
	play(s, 1, "draw", NULL);
	assert_int_equal(s->drawn, card("3Gs"));
}

static void
test_g2_knock(void **state)
{
	struct gv_state		 s, v;
	struct game_events	 ev;
	const struct gv_result	*r = &s.last;
	struct json_object	*j;
	const char		*txt;

	(void)state;
	g2_position(&s, NULL);
	play(&s, 1, "discard 1Gc", &ev);
	assert_int_equal(r->kind, GV_END_KNOCK);
	assert_int_equal(r->kdead, 3);
	assert_int_equal(r->ddead, 13);
	assert_int_equal(r->darr.nlaid, 1);
	assert_int_equal(r->darr.laid[0], card("3Gs"));
	/* Laid onto A's meld 3Gc 3Gh 3Gt, shown with it. */
	assert_cards(r->karr.melds[r->darr.laid_on[0]].cards, 4,
	    "3Gc 3Gh 3Gt 3Gs");
	assert_cards(r->darr.dead, r->darr.ndead, "2Yt 3Bc 4Gs");
	assert_string_equal(ev.ev[0].kind, "knock");
	assert_int_equal(ev.ev[0].delta[0], 10);
	assert_int_equal(ev.ev[0].delta[1], 0);
	assert_int_equal(s.scores[0], 10);
	assert_string_equal(ev.ev[0].text, "Seat 0 knocked with 3 deadwood; "
	    "seat 1 laid off 3Gs and kept 13; seat 0 scores 10.");
	assert_int_equal(s.dealer, 0);		/* the deal alternates */
	assert_int_equal(s.hand, 2);
	/* The hand-end panel reaches JSON with both arrangements. */
	R->view(&s, 0, &v);
	j = codec_gin_vodka_view(&v);
	txt = json_object_to_json_string_ext(j, JSON_C_TO_STRING_PLAIN);
	assert_non_null(strstr(txt, "\"kind\":\"knock\""));
	assert_non_null(strstr(txt, "{\"cards\":[\"3Gc\",\"3Gh\",\"3Gt\"],"
	    "\"laid_off\":[\"3Gs\"]}"));
	assert_non_null(strstr(txt, "\"defender_deadwood\":13"));
	assert_non_null(strstr(txt, "\"phase\":\"deal\""));
	json_object_put(j);
}

static void
test_g3_undercut(void **state)
{
	struct gv_state		 s;
	struct game_events	 ev;
	const struct gv_result	*r = &s.last;

	(void)state;
	start(&s, NULL, "1Yc 1Yh 1Yt 2Gc 2Gh 2Gt 3Rh 3Yh 4Rs 1Bc 4Gc",
	    "1Rt 2Rt 3Rt 4Rt 4Bc 4Bh 4Bt 4Bs 1Gc 2Yh 3Gt", "3Gh", "1Ys");
	/* A knocks straight after taking the upcard (RULES.md 3e.14). */
	play(&s, 0, "take", NULL);
	play(&s, 0, "knock 4Gc | 1Yc 1Yh 1Yt | 2Gc 2Gh 2Gt | 3Rh 3Yh 3Gh",
	    NULL);
	play(&s, 1, "draw", NULL);
	play(&s, 1, "discard 1Gc", &ev);
	assert_int_equal(r->kind, GV_END_UNDERCUT);
	assert_int_equal(r->kdead, 9);
	assert_int_equal(r->ddead, 5);
	assert_cards(r->darr.dead, r->darr.ndead, "2Yh 3Gt");
	assert_int_equal(r->scorer, 1);
	assert_int_equal(ev.ev[0].delta[1], 12);
	assert_int_equal(ev.ev[0].delta[0], 0);
	assert_int_equal(s.scores[1], 12);
	assert_string_equal(ev.ev[0].kind, "undercut");
}

static void
test_g4_tie(void **state)
{
	struct gv_state		 s;
	struct game_events	 ev;
	const struct gv_result	*r = &s.last;

	(void)state;
	start(&s, NULL, "1Gt 2Gt 3Gt 3Bc 3Bh 3Bt 4Ys 4Gs 4Bs 2Yc 4Rh",
	    "1Yh 2Yh 3Yh 4Yh 3Rs 3Ys 3Gs 4Gt 2Bh 1Bs 1Rc", "1Ss" + 0 == NULL ?
	    "" : "2Rc", "4Rs");
	play(&s, 0, "pass", NULL);
	play(&s, 1, "pass", NULL);
	play(&s, 0, "draw", NULL);
	play(&s, 0, "knock 4Rs | 1Gt 2Gt 3Gt | 3Bc 3Bh 3Bt | 4Ys 4Gs 4Bs",
	    NULL);
	/* B takes the knock discard and may not throw it back. */
	play(&s, 1, "take", NULL);
	refused(&s, 1, "discard 4Rs", "You must discard a card other than "
	    "4Rs, which you just took from the discard pile.");
	play(&s, 1, "discard 2Bh", &ev);
	assert_int_equal(r->kdead, 6);
	assert_int_equal(r->ddead, 6);
	assert_int_equal(r->kind, GV_END_UNDERCUT);
	assert_int_equal(r->scorer, 1);
	assert_int_equal(r->points, 8);
	assert_int_equal(ev.ev[0].delta[1], 8);
	assert_int_equal(s.scores[1], 8);
	assert_non_null(strstr(ev.ev[0].text, "a tie"));
}

static void
test_g5_game_end(void **state)
{
	struct gv_state		 s, v, next;
	struct game_events	 ev;
	struct game_status	 st;
	struct game_move	 mv[8];
	char			 why[GAME_WHY_MAX];

	(void)state;
	g2_position(&s, NULL);
	s.scores[0] = 45;			/* A has 45 */
	play(&s, 1, "discard 1Gc", &ev);
	assert_int_equal(ev.ev[0].delta[0], 10);
	assert_int_equal(s.scores[0], 55);
	R->status(&s, &st);
	assert_true(st.over);
	assert_int_equal(st.winners, 1u << 0);
	assert_int_equal(st.to_act, 0);
	assert_int_equal(st.scores[0], 55);
	assert_int_equal(s.phase, GV_PHASE_OVER);
	assert_non_null(strstr(ev.ev[0].text, "Seat 0 wins the game with 55."));
	assert_int_equal(R->legal(&s, 0, mv, 8), 0);
	assert_int_equal(R->legal(&s, 1, mv, 8), 0);
	assert_int_equal(R->timeout_move(&s, 1, mv), GAME_REFUSED);
	refused(&s, 0, "draw", "The game is over.");
	assert_int_equal(R->deal(&s, &next, s.stock, GV_DECK, why),
	    GAME_REFUSED);
	/* Once over, everything may be shown (but never the stream). */
	R->view(&s, GAME_VIEW_ALL, &v);
	assert_memory_equal(v.hands, s.hands, sizeof(s.hands));
	assert_memory_equal(v.stock, s.stock, sizeof(s.stock));
	assert_int_equal(R->audit_view(&s, &v, GAME_VIEW_ALL, why), 0);
	R->view(&s, GAME_VIEW_SPECTATOR, &v);
	assert_int_equal(v.hands[0][0], CARD_NONE);
	assert_int_equal(v.nhand[0], 11);
}

static const char g6_a[] = "1Rc 2Rc 3Rc 1Rh 1Rt 2Gh 3Gh 4Gh 2Yt 3Yt 4Yt";
static const char g6_b[] = "1Bs 2Bs 3Bs 4Bs 1Gc 2Gc 3Gc 4Gc 3Yh 2Bt 1Yc";

static void
g6_hand(const char *knock, int pts, int k, int d)
{
	struct gv_state		 s;
	struct game_events	 ev;
	struct game_move	 mv[64];
	char			 text[GAME_MOVE_TEXT_MAX];
	int			 i, n, found = 0;

	start(&s, NULL, g6_a, g6_b, "2Ys", "4Bh 4Rc");
	play(&s, 0, "pass", NULL);
	play(&s, 1, "pass", NULL);
	play(&s, 0, "draw", NULL);
	/* The pre-filled knock for 4Bh is the minimum arrangement. */
	n = R->legal(&s, 0, mv, 64);
	assert_true(n <= 64);
	for (i = 0; i < n; i++) {
		R->format(&mv[i], text, sizeof(text));
		if (strncmp(text, "knock 4Bh", 9) == 0) {
			assert_string_equal(text, "knock 4Bh | 1Rc 2Rc 3Rc | "
			    "2Yt 3Yt 4Yt | 2Gh 3Gh 4Gh");
			found = 1;
		}
	}
	assert_true(found);
	play(&s, 0, knock, NULL);
	play(&s, 1, "draw", NULL);
	play(&s, 1, "discard 3Yh", &ev);
	assert_int_equal(s.last.kdead, k);
	assert_int_equal(s.last.ddead, d);
	assert_int_equal(s.last.kind, GV_END_KNOCK);
	assert_int_equal(ev.ev[0].delta[0], pts);
	assert_int_equal(s.scores[0], pts);
}

static void
test_g6_named_melds(void **state)
{
	(void)state;
	/* Pre-filled: B lays 4Rc off on the red circles; A scores 5 - 2. */
	g6_hand("knock 4Bh | 1Rc 2Rc 3Rc | 2Gh 3Gh 4Gh | 2Yt 3Yt 4Yt",
	    3, 2, 5);
	/* Red 1s named instead: nothing to lay off; A scores 9 - 5. */
	g6_hand("knock 4Bh | 1Rc 1Rh 1Rt | 2Gh 3Gh 4Gh | 2Yt 3Yt 4Yt",
	    4, 5, 9);
}

/* ---- openings ---- */

static void
test_openings(void **state)
{
	struct gv_state		 s;
	struct game_move	 mv[8];
	char			 text[GAME_MOVE_TEXT_MAX];

	(void)state;
	/* Non-dealer takes the upcard: then it is the dealer's turn. */
	start(&s, NULL, g2_a, g2_b, "1Ys", "4Rc 3Gs");
	assert_int_equal(s.phase, GV_PHASE_OPEN_ND);
	assert_int_equal(s.turn, 0);
	assert_int_equal(s.nstock, 41);
	assert_int_equal(s.nhand[0], 11);
	assert_int_equal(s.nhand[1], 11);
	assert_int_equal(R->legal(&s, 0, mv, 8), 2);
	assert_int_equal(R->legal(&s, 1, mv, 8), 0);
	play(&s, 0, "take", NULL);
	play(&s, 0, "discard 2Rh", NULL);
	assert_int_equal(s.phase, GV_PHASE_DRAW);
	assert_int_equal(s.turn, 1);
	assert_false(s.stock_only);
	play(&s, 1, "take", NULL);
	assert_int_equal(s.drawn, card("2Rh"));

	/* Non-dealer passes, dealer takes: then the non-dealer. */
	start(&s, NULL, g2_a, g2_b, "1Ys", "4Rc 3Gs");
	play(&s, 0, "pass", NULL);
	assert_int_equal(s.phase, GV_PHASE_OPEN_D);
	assert_int_equal(s.turn, 1);
	play(&s, 1, "take", NULL);
	play(&s, 1, "discard 1Gc", NULL);
	assert_int_equal(s.turn, 0);
	assert_int_equal(s.phase, GV_PHASE_DRAW);
	assert_int_equal(R->legal(&s, 0, mv, 8), 2);

	/* Both pass: the non-dealer must draw; timeouts pass, then draw. */
	start(&s, NULL, g2_a, g2_b, "1Ys", "4Rc 3Gs");
	assert_int_equal(R->timeout_move(&s, 0, mv), GAME_OK);
	R->format(mv, text, sizeof(text));
	assert_string_equal(text, "pass");
	play(&s, 0, "pass", NULL);
	play(&s, 1, "pass", NULL);
	assert_int_equal(s.turn, 0);
	assert_true(s.stock_only);
	assert_int_equal(R->legal(&s, 0, mv, 8), 1);
	R->format(mv, text, sizeof(text));
	assert_string_equal(text, "draw");
	assert_int_equal(R->timeout_move(&s, 0, mv), GAME_OK);
	R->format(mv, text, sizeof(text));
	assert_string_equal(text, "draw");
	play(&s, 0, "draw", NULL);
	assert_int_equal(s.drawn, card("4Rc"));
	/* Timeout after a draw from the stock: discard the drawn card. */
	assert_int_equal(R->timeout_move(&s, 0, mv), GAME_OK);
	R->format(mv, text, sizeof(text));
	assert_string_equal(text, "discard 4Rc");
	assert_int_equal(R->timeout_move(&s, 1, mv), GAME_REFUSED);
	play(&s, 0, "discard 4Rc", NULL);
	/* After a take: the lowest-id card other than the one taken. */
	play(&s, 1, "take", NULL);
	assert_int_equal(R->timeout_move(&s, 1, mv), GAME_OK);
	R->format(mv, text, sizeof(text));
	assert_string_equal(text, "discard 1Rt");
}

/* ---- recycling, void hands, the deal, options ---- */

/* Draw and throw back the drawn card until ev reports a hand end. */
static int
draw_discard_until_end(struct gv_state *s, card_t *drawn, int max,
    struct game_events *ev)
{
	char	 text[GAME_MOVE_TEXT_MAX], tok[CARD_TEXT_MAX];
	int	 n = 0, seat;

	ev->n = 0;
	while (ev->n == 0 && n < max) {
		seat = s->turn;
		play(s, seat, "draw", NULL);
		drawn[n++] = s->drawn;
		card_format(CARD_TT, s->drawn, tok);
		snprintf(text, sizeof(text), "discard %s", tok);
		play(s, seat, text, ev);
	}
	return n;
}

static void
test_recycle_and_void(void **state)
{
	struct gv_state		 s;
	struct game_events	 ev;
	card_t			 deck[GV_DECK], first[64], second[64];
	card_t			 up;
	int			 n, i;

	(void)state;
	new_game(&s, "recycle_cap=1", 1);
	deck_fill(DECK_SQUARES, 1, deck);
	deal(&s, deck);
	up = s.discard[0];
	play(&s, 0, "pass", NULL);
	play(&s, 1, "pass", NULL);
	/* 41 draws empty the stock; the cap is not reached, play goes on. */
	for (n = 0; n < 41; n++) {
		assert_int_equal(draw_discard_until_end(&s, first + n, 1, &ev),
		    1);
		assert_int_equal(ev.n, 0);
	}
	assert_int_equal(s.nstock, 0);
	assert_int_equal(s.ndiscard, 42);
	assert_int_equal(s.recycles, 0);
	/* The next draw recycles: the oldest discard (the upcard) comes first. */
	assert_int_equal(draw_discard_until_end(&s, second, 1, &ev), 1);
	assert_int_equal(s.recycles, 1);
	assert_int_equal(s.nstock, 40);
	assert_int_equal(second[0], up);
	n = 1 + draw_discard_until_end(&s, second + 1, 63, &ev);
	/* Then the discards in the order they were made, minus the top. */
	assert_int_equal(n, 41);
	for (i = 1; i < 41; i++)
		assert_int_equal(second[i], first[i - 1]);
	/* The stock ran out again at the cap: the hand is void. */
	assert_int_equal(ev.n, 1);
	assert_string_equal(ev.ev[0].kind, "void");
	assert_int_equal(ev.ev[0].delta[0], 0);
	assert_int_equal(ev.ev[0].delta[1], 0);
	assert_string_equal(ev.ev[0].text, "The stock ran out after 1 recycle; "
	    "the hand is void and nobody scores.");
	assert_int_equal(s.last.kind, GV_END_VOID);
	assert_int_equal(s.scores[0] + s.scores[1], 0);
	assert_int_equal(s.hand, 2);
	assert_int_equal(s.dealer, 0);		/* alternates after a void too */
	assert_int_equal(s.phase, GV_PHASE_DEAL);

	/* recycle_cap=0: the first time the stock runs out, the hand is void. */
	new_game(&s, "recycle_cap=0", 0);
	deal(&s, deck);
	play(&s, 1, "pass", NULL);
	play(&s, 0, "pass", NULL);
	n = draw_discard_until_end(&s, first, 64, &ev);
	assert_int_equal(n, 41);
	assert_string_equal(ev.ev[0].kind, "void");
	assert_int_equal(s.dealer, 1);
}

/* The defender's last play with an empty stock. */
static void
test_last_play_empty_stock(void **state)
{
	struct gv_state		 s, t;
	struct game_move	 mv[8];
	char			 text[GAME_MOVE_TEXT_MAX];
	int			 n;

	(void)state;
	start(&s, NULL, g2_a, g2_b, "1Ys", "4Rc 3Gs");
	play(&s, 0, "pass", NULL);
	play(&s, 1, "pass", NULL);
	play(&s, 0, "draw", NULL);
	play(&s, 0, "knock 4Rc | 3Gc 3Gh 3Gt | 1Bh 2Bh 3Bh | 2Rs 3Rs 4Rs",
	    NULL);
	/* Move the stock under the discard pile, oldest first. */
	n = s.nstock;
	memmove(s.discard + n, s.discard, s.ndiscard);
	for (int i = 0; i < n; i++)
		s.discard[i] = s.stock[n - 1 - i];
	s.ndiscard = (uint8_t)(s.ndiscard + n);
	memset(s.stock, CARD_NONE, sizeof(s.stock));
	s.nstock = 0;
	check_audit(&s);
	/* One recycle allowed: the draw recycles and gives 3Gs (the oldest). */
	t = s;
	play(&t, 1, "draw", NULL);
	assert_int_equal(t.drawn, card("3Gs"));
	assert_int_equal(t.recycles, 1);
	/* None allowed: only "take" is left, and the timeout takes. */
	s.recycle_cap = 0;
	refused(&s, 1, "draw", "The stock is empty and may not be recycled "
	    "again; take the top discard.");
	assert_int_equal(R->legal(&s, 1, mv, 8), 1);
	R->format(mv, text, sizeof(text));
	assert_string_equal(text, "take");
	assert_int_equal(R->timeout_move(&s, 1, mv), GAME_OK);
	R->format(mv, text, sizeof(text));
	assert_string_equal(text, "take");
	play(&s, 1, "take", NULL);
	assert_int_equal(s.phase, GV_PHASE_LAST_DISCARD);
}

static void
test_options_and_target(void **state)
{
	struct gv_state		 s;
	struct game_setup	 su = { 2, NULL, NULL, -1 };
	struct game_events	 ev;
	char			 why[GAME_WHY_MAX];
	static const char *const bad[] = {
		"target=0", "target=x", "recycle_cap=99", "colour=red",
		"target", NULL
	};
	int			 i;

	(void)state;
	new_game(&s, NULL, -1);
	assert_int_equal(s.target, 50);
	assert_int_equal(s.recycle_cap, 2);
	assert_int_equal(s.dealer, 0);	/* decks without a dealer: seat 0 */
	new_game(&s, "target=120 recycle_cap=5", 1);
	assert_int_equal(s.target, 120);
	assert_int_equal(s.recycle_cap, 5);
	for (i = 0; bad[i] != NULL; i++) {
		su.options = bad[i];
		why[0] = '\0';
		assert_int_equal(R->setup(&s, &su, why), GAME_BAD_OPTIONS);
		assert_true(why[0] != '\0');
	}
	su.options = NULL;
	su.nseats = 3;
	assert_int_equal(R->setup(&s, &su, why), GAME_BAD_OPTIONS);
	su.nseats = 2;
	su.dealer = 2;
	assert_int_equal(R->setup(&s, &su, why), GAME_BAD_OPTIONS);
	/* target=10: G-2's 10 points end the game. */
	g2_position(&s, "target=10");
	play(&s, 1, "discard 1Gc", &ev);
	assert_true(s.over);
	assert_int_equal(s.winners, 1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_g1_gin),
		cmocka_unit_test(test_g2_knock),
		cmocka_unit_test(test_g3_undercut),
		cmocka_unit_test(test_g4_tie),
		cmocka_unit_test(test_g5_game_end),
		cmocka_unit_test(test_g6_named_melds),
		cmocka_unit_test(test_openings),
		cmocka_unit_test(test_recycle_and_void),
		cmocka_unit_test(test_last_play_empty_stock),
		cmocka_unit_test(test_options_and_target),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
