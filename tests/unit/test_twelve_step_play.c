/*
 * test_twelve_step_play.c: 12-Step Rummy "May I?", contract
 * progression and Dummy Rummy, the table options, timeouts,
 * seeded deals and pack counts, views and their JSON, and the bot
 * against random play.
 */
#include "test_twelve_step.h"

#include "bot.h"
#include "codec.h"
#include "rng.h"

static struct tsr_state	 S, V;

static const char *const four[] = {
	"3H 3D 3S 9C 9D 9S KS QH 5C 6C 8D TD JD",
	"4S 4D 7C 7H JS QS KH AH AD 5H 6S 8S TC",
	"8C 8H 3C 4C 6D 7D TS JC QC KC AS 5D 9H",
	"3S 8S 4H 5S 6H 7S 9S TH JH QD KD AC 3D"
};

/* P discards 8C, Q draws; R and S asked; R is nearer Q's left. */
static void
test_mayi(void **unused)
{
	struct game_status	 gs;
	int			 n1, n2;

	(void)unused;
	/* P = seat 0 (dealer 3), Q = 1, R = 2, S = 3. */
	position(&S, 4, NULL, 3, four, "KH", "8C 6H 7H");
	play(&S, 0, "draw");
	play(&S, 0, "discard 8C");
	R->status(&S, &gs);
	assert_int_equal(gs.to_act, 0xe);	/* Q, R and S */
	refused(&S, 0, "mayi", "discarded that card");
	refused(&S, 1, "mayi", "player to move");
	refused(&S, 2, "withdraw", "not asked");
	play(&S, 3, "mayi");
	refused(&S, 3, "mayi", "already answered");
	R->status(&S, &gs);
	assert_int_equal(gs.to_act, 0x6);
	play(&S, 1, "draw");
	play(&S, 2, "mayi");
	assert_true(is_legal(&S, 2, "withdraw"));
	n1 = S.nhand[2];
	n2 = S.nhand[3];
	play(&S, 1, "discard 6H");
	assert_int_equal(S.nhand[2], n1 + 2);
	assert_int_equal(S.hand[2][card("8C")], 2);
	assert_int_equal(S.hand[2][card("7H")], 1);	/* the penalty card */
	assert_int_equal(S.nhand[3], n2);
	assert_int_equal(S.buys[2], 1);
	assert_int_equal(S.turn, 2);			/* order unchanged */
	assert_int_equal(S.phase, TSR_PHASE_DRAW);
	assert_int_equal(S.discard[S.ndiscard - 1], card("6H"));
	assert_int_equal(S.win_card, card("6H"));
	assert_int_equal(S.win_from, 1);
}

/* Q takes the card: nobody can buy it; withdrawals; the buy limit. */
static void
test_mayi_take_and_limit(void **unused)
{
	(void)unused;
	position(&S, 4, "buy_limit=1", 3, four, "KH", "8C 6H 7H 5H");
	play(&S, 0, "draw");
	play(&S, 0, "discard 8C");
	play(&S, 3, "mayi");
	play(&S, 2, "mayi");
	play(&S, 2, "withdraw");
	refused(&S, 2, "mayi", "already answered");
	play(&S, 1, "draw");
	play(&S, 1, "discard 6H");
	/* S bought 8C (R withdrew): S is at the limit of 1. */
	assert_int_equal(S.hand[3][card("8C")], 1);
	assert_int_equal(S.buys[3], 1);
	assert_int_equal(S.buys[2], 0);
	refused(&S, 3, "mayi", "limit");
	assert_false(is_legal(&S, 3, "mayi"));
	play(&S, 0, "mayi");
	play(&S, 2, "take");
	refused(&S, 0, "withdraw", "No discard");
	assert_int_equal(S.win_card, CARD_NONE);
	assert_int_equal(S.win_asked, 0);
	/* mayi=0: no window at all. */
	position(&S, 4, "mayi=0", 3, four, "KH", "8C");
	play(&S, 0, "draw");
	play(&S, 0, "discard 8C");
	refused(&S, 2, "mayi", "without");
	/* Two players: nobody may buy. */
	position(&S, 2, NULL, 1, four, "KH", "8C");
	play(&S, 0, "draw");
	play(&S, 0, "discard 8C");
	assert_int_equal(S.win_card, CARD_NONE);
}

/*
 * A buy is refused when stock + (discards - 1) < 2 (5e 14), checked
 * when the window closes, never when asked (5b, ruled 2026-11-26).
 */
static void
test_mayi_small_stock(void **unused)
{
	struct game_status	 gs;
	card_t			 c;
	int			 n2, c2;

	(void)unused;
	position(&S, 3, NULL, 2, four, "KH", "8C");
	while (S.nstock > 1) {
		c = S.stock[0];
		memmove(S.stock, S.stock + 1, S.nstock - 1u);
		S.stock[--S.nstock] = CARD_NONE;
		tsr_hand_add(&S, 2, c);
	}
	check_audit(&S);
	play(&S, 0, "draw");		/* the stock is now empty */
	play(&S, 0, "discard 8C");	/* discards: KH 8C */
	R->status(&S, &gs);
	assert_int_equal(gs.to_act, 0x6);	/* seat 2 may ask all the same */
	assert_true(is_legal(&S, 2, "mayi"));
	play(&S, 2, "mayi");
	n2 = S.nhand[2];
	c2 = S.hand[2][card("8C")];
	play(&S, 1, "draw");		/* KH rebuilt and drawn: 8C alone */
	assert_int_equal(S.nstock, 0);
	assert_int_equal(S.ndiscard, 1);
	assert_int_equal(S.drawn, card("KH"));
	play(&S, 1, "discard KH");
	/* 0 + (2 - 1) < 2: the buy is refused now; 8C stays under. */
	assert_int_equal(S.nhand[2], n2);
	assert_int_equal(S.buys[2], 0);
	assert_int_equal(S.hand[2][card("8C")], c2);
	assert_int_equal(S.ndiscard, 2);
	assert_int_equal(S.discard[0], card("8C"));
	assert_int_equal(S.win_card, card("KH"));
	assert_int_equal(S.turn, 2);
	assert_int_equal(S.phase, TSR_PHASE_DRAW);
}

/* progression, and Dummy Rummy's contract = round number. */
static void
test_progression(void **unused)
{
	static const char *const h[] = {
		"3H 3D 3S 9C 9D 9S KS QH 5C 6C 8D TD JD", NULL
	};
	int	 dummy;

	(void)unused;
	for (dummy = 0; dummy < 2; dummy++) {
		position(&S, 2, dummy ? "dummy=1 rebuild_cap=0" :
		    "rebuild_cap=0", 1, h, "KH", "7S");
		assert_int_equal(tsr_current_contract(&S, 0), 1);
		play(&S, 0, "draw");
		play(&S, 0, "contract 3H 3D 3S | 9C 9D 9S");
		play(&S, 0, "discard 7S");
		/* Empty the stock into the discard pile: B's draw ends it. */
		while (S.nstock > 0) {
			memmove(S.discard + 1, S.discard, S.ndiscard);
			S.discard[0] = S.stock[--S.nstock];
			S.stock[S.nstock] = CARD_NONE;
			S.ndiscard++;
		}
		check_audit(&S);
		play(&S, 1, "draw");
		assert_int_equal(S.round, 2);
		assert_int_equal(S.phase, TSR_PHASE_DEAL);
		assert_int_equal(tsr_current_contract(&S, 0), 2);
		assert_int_equal(tsr_current_contract(&S, 1), dummy ? 2 : 1);
		assert_int_equal(S.last.made[0], 1);
		assert_int_equal(S.last.made[1], 0);
		assert_int_equal(S.dealer, 0);
	}
}

/* The end of the game: match cap, Dummy Rummy's twelve rounds. */
static void
test_game_end(void **unused)
{
	static const char *const h[] = {
		"3H 3D 3S 9C 9D 9S KS QH 5C 6C 8D TD JD",
		"AS AD AH 5H 6S 8S TC 4S 4D 7C 7H JS QS"
	};
	struct game_status	 gs;

	(void)unused;
	/* Match cap 1: highest contract reached, then the lower score. */
	position(&S, 2, "match_cap=1 rebuild_cap=0", 1, h, "KH", NULL);
	S.scores[0] = 500;
	play(&S, 0, "draw");
	play(&S, 0, "contract 3H 3D 3S | 9C 9D 9S");
	play(&S, 0, "discard KS");
	while (S.nstock > 0) {
		memmove(S.discard + 1, S.discard, S.ndiscard);
		S.discard[0] = S.stock[--S.nstock];
		S.stock[S.nstock] = CARD_NONE;
		S.ndiscard++;
	}
	play(&S, 1, "draw");
	R->status(&S, &gs);
	assert_true(gs.over);
	assert_int_equal(gs.winners, 1);
	assert_true(S.scores[0] > S.scores[1]);	/* contract 2 beats score */
	/* Dummy Rummy: after round 12 the lowest total wins. */
	position(&S, 2, "dummy=1 rebuild_cap=0", 1, h, "KH", NULL);
	S.round = 12;
	S.scores[0] = 400;
	play(&S, 0, "draw");
	play(&S, 0, "discard KS");
	while (S.nstock > 0) {
		memmove(S.discard + 1, S.discard, S.ndiscard);
		S.discard[0] = S.stock[--S.nstock];
		S.stock[S.nstock] = CARD_NONE;
		S.ndiscard++;
	}
	play(&S, 1, "draw");
	R->status(&S, &gs);
	assert_true(gs.over);
	assert_int_equal(gs.winners, 2);
}

/* Table option: liberation before going down, wild into the contract. */
static void
test_free_liberate(void **unused)
{
	static const char *const h[] = {
		"3H 3D 9C 9D 9S 8H KS QH 5C 6C 8D TD JD",
		"5H 6H 7H JK 4C 4D 4S KD QD JD TC TS 6S"
	};

	(void)unused;
	position(&S, 2, "free_liberate=1", 0, h, "AC", "7D 7S");
	S.contract[1] = 2;
	play(&S, 1, "draw");
	play(&S, 1, "contract 4C 4D 4S | 5H 6H 7H JK=8H");
	play(&S, 1, "discard TS");
	play(&S, 0, "draw");
	/* 3H 3D + JK make the second set: liberate, then lay at once. */
	assert_true(is_legal(&S, 0, "liberate 8H on 5H"));
	play(&S, 0, "liberate 8H on 5H");
	refused(&S, 0, "discard KS", "liberated");
	refused(&S, 0, "contract 9C 9D 9S | KS QH JD", "Meld 2");
	play(&S, 0, "contract 3H 3D JK | 9C 9D 9S");
	assert_int_equal(S.pending, CARD_NONE);
	/* Without the option the same liberation is refused. */
	position(&S, 2, NULL, 0, h, "AC", "7D 7S");
	S.contract[1] = 2;
	play(&S, 1, "draw");
	play(&S, 1, "contract 4C 4D 4S | 5H 6H 7H JK=8H");
	play(&S, 1, "discard TS");
	play(&S, 0, "draw");
	refused(&S, 0, "liberate 8H on 5H", "after laying");
}

static void
test_options(void **unused)
{
	struct game_setup	 su = { 2, NULL, NULL, -1 };
	char			 why[GAME_WHY_MAX];
	static const char *const bad[] = { "mayi=2", "buy_limit=6",
		"rebuild_cap=-1", "match_cap=0", "dummy=x", "colour=1", NULL };
	int			 i;

	(void)unused;
	for (i = 0; bad[i] != NULL; i++) {
		su.options = bad[i];
		assert_int_equal(R->setup(&S, &su, why), GAME_BAD_OPTIONS);
	}
	su.options = "mayi=0 dummy=1 buy_limit=5 rebuild_cap=7 match_cap=12 "
	    "free_liberate=1";
	assert_int_equal(R->setup(&S, &su, why), GAME_OK);
	assert_int_equal(S.mayi, 0);
	assert_int_equal(S.dummy, 1);
	assert_int_equal(S.buy_limit, 5);
	assert_int_equal(S.rebuild_cap, 7);
	assert_int_equal(S.match_cap, 12);
	su.options = NULL;
	su.nseats = 1;
	assert_int_equal(R->setup(&S, &su, why), GAME_BAD_OPTIONS);
	su.nseats = 10;
	assert_int_equal(R->setup(&S, &su, why), GAME_BAD_OPTIONS);
	/* Packs: 2 for 2-5 players, 3 for 6-7, 4 for 8-9. */
	assert_int_equal(tsr_packs(2), 2);
	assert_int_equal(tsr_packs(5), 2);
	assert_int_equal(tsr_packs(6), 3);
	assert_int_equal(tsr_packs(7), 3);
	assert_int_equal(tsr_packs(8), 4);
	assert_int_equal(tsr_packs(9), 4);
}

/* Seeded deals: 13 each, an upcard, the rest in the stock. */
static void
test_seeded(void **unused)
{
	struct game_setup	 su = { 9, NULL, NULL, -1 };
	uint8_t			 seed[32];
	char			 why[GAME_WHY_MAX];
	int			 n, i;

	(void)unused;
	memset(seed, 7, sizeof(seed));
	su.seed = seed;
	for (n = 2; n <= 9; n++) {
		su.nseats = n;
		assert_int_equal(R->setup(&S, &su, why), GAME_OK);
		check_audit(&S);
		for (i = 0; i < n; i++)
			assert_int_equal(S.nhand[i], 13);
		assert_int_equal(S.ndiscard, 1);
		assert_int_equal(S.nstock, 54 * tsr_packs(n) - 13 * n - 1);
		assert_int_equal(S.turn, (S.dealer + 1) % n);
	}
	assert_int_equal(S.nstock, 98);
}

/* Timeout defaults (RULES.md 0.3): draw, discard the drawn card, pass. */
static void
test_timeouts(void **unused)
{
	struct game_move	 mv;
	char			 buf[GAME_MOVE_TEXT_MAX];
	static const char *const h[] = {
		"3H 3D 3S 9C 9D 9S 8H 8S KS QH 5C 6C TD",
		"5H 6H 7H JK 4C 4D 4S KD QD JD TC TS 6S"
	};

	(void)unused;
	position(&S, 4, NULL, 3, four, "KH", "8C");
	assert_int_equal(R->timeout_move(&S, 0, &mv), GAME_OK);
	R->format(&mv, buf, sizeof(buf));
	assert_string_equal(buf, "draw");
	assert_int_equal(R->timeout_move(&S, 2, &mv), GAME_REFUSED);
	play(&S, 0, "draw");
	assert_int_equal(R->timeout_move(&S, 0, &mv), GAME_OK);
	R->format(&mv, buf, sizeof(buf));
	assert_string_equal(buf, "discard 8C");
	play(&S, 0, buf);
	assert_int_equal(R->timeout_move(&S, 2, &mv), GAME_OK);
	R->format(&mv, buf, sizeof(buf));
	assert_string_equal(buf, "pass");
	play(&S, 1, "take");
	assert_int_equal(R->timeout_move(&S, 1, &mv), GAME_OK);
	R->format(&mv, buf, sizeof(buf));
	assert_string_equal(buf, "discard 4S");	/* lowest id but 8C */
	/* The liberated wild: the oldest meld, lowest card it may stand for. */
	position(&S, 2, NULL, 0, h, "AC", "7D 7S");
	S.contract[1] = 2;
	play(&S, 1, "draw");
	play(&S, 1, "contract 4C 4D 4S | 5H 6H 7H JK=8H");
	play(&S, 1, "discard TS");
	play(&S, 0, "draw");
	play(&S, 0, "contract 3H 3D 3S | 9C 9D 9S");
	play(&S, 0, "liberate 8H on 5H");
	assert_int_equal(R->timeout_move(&S, 0, &mv), GAME_OK);
	R->format(&mv, buf, sizeof(buf));
	assert_string_equal(buf, "layoff JK on 4S");
}

/* In random play, every seat to act has a timeout move, and it is legal. */
static void
test_timeouts_random(void **unused)
{
	static struct game_move	 mv[GAME_LEGAL_MAX];
	static struct tsr_state	 T;
	struct game_status	 gs;
	struct game_setup	 su = { 3, "free_liberate=1", NULL, -1 };
	struct game_move	 m;
	uint8_t			 seed[32], noise[32];
	char			 why[GAME_WHY_MAX];
	int			 g, seat, n, i, plies, timeouts = 0;

	(void)unused;
	memset(seed, 3, sizeof(seed));
	memset(noise, 0, sizeof(noise));
	for (g = 0; g < 4; g++) {
		seed[0] = (uint8_t)g;
		su.seed = seed;
		su.nseats = 3 + g;
		assert_int_equal(R->setup(&S, &su, why), GAME_OK);
		for (plies = 0; !S.over && plies < 4000; plies++) {
			R->status(&S, &gs);
			for (seat = 0; seat < S.nseats; seat++) {
				if (!(gs.to_act & (1u << seat)))
					continue;
				if (R->timeout_move(&S, seat, &m) != GAME_OK)
					fail_msg("seat %d: no timeout move",
					    seat);
				if (R->apply(&S, &T, seat, &m, NULL, why) !=
				    GAME_OK)
					fail_msg("timeout move refused: %s",
					    why);
				timeouts++;
			}
			seat = game_first_seat(gs.to_act);
			noise[0] = (uint8_t)plies;
			noise[1] = (uint8_t)(plies >> 8);
			noise[2] = (uint8_t)g;
			/* Half the moves by the bot, so contracts get laid. */
			if (plies % 2 == 0) {
				R->view(&S, seat, &V);
				assert_int_equal(tsr_bot_choose(&V, seat, noise,
				    &m), GAME_OK);
			} else {
				n = R->legal(&S, seat, mv, GAME_LEGAL_MAX);
				assert_true(n > 0);
				i = bot_random_index(noise, n < GAME_LEGAL_MAX ?
				    n : GAME_LEGAL_MAX);
				m = mv[i];
			}
			if (R->apply(&S, &T, seat, &m, NULL, why) != GAME_OK)
				fail_msg("seat %d refused: %s", seat, why);
			S = T;
			check_audit(&S);
		}
	}
	assert_true(timeouts > 1000);
}

/*
 * Random and bot play under other options: every listed move is
 * accepted, the audit holds, and each game ends with a winner.
 */
static void
test_options_play(void **unused)
{
	static struct game_move	 mv[GAME_LEGAL_MAX];
	static struct tsr_state	 T;
	static const char *const opts[] = {
		"dummy=1 buy_limit=5", "mayi=0 rebuild_cap=1 match_cap=6",
		"free_liberate=1 buy_limit=0 match_cap=8",
		"dummy=1 rebuild_cap=0 free_liberate=1"
	};
	struct game_status	 gs;
	struct game_setup	 su = { 2, NULL, NULL, -1 };
	uint8_t			 seed[32], noise[32];
	char			 why[GAME_WHY_MAX];
	int			 g, seat, n, i, plies;

	(void)unused;
	memset(seed, 5, sizeof(seed));
	memset(noise, 0, sizeof(noise));
	for (g = 0; g < 4; g++) {
		seed[0] = (uint8_t)g;
		su.seed = seed;
		su.nseats = 2 + 2 * g;
		su.options = opts[g];
		assert_int_equal(R->setup(&S, &su, why), GAME_OK);
		for (plies = 0; !S.over && plies < 40000; plies++) {
			R->status(&S, &gs);
			seat = game_first_seat(gs.to_act);
			n = R->legal(&S, seat, mv, GAME_LEGAL_MAX);
			assert_true(n > 0 && n <= GAME_LEGAL_MAX);
			if (plies % 7 == 0)
				for (i = 0; i < n; i++)
					if (R->apply(&S, &T, seat, &mv[i], NULL,
					    why) != GAME_OK)
						fail_msg("listed move refused: "
						    "%s", why);
			noise[0] = (uint8_t)plies;
			noise[1] = (uint8_t)(plies >> 8);
			noise[2] = (uint8_t)g;
			if (seat == 0 && plies % 3 != 0) {
				R->view(&S, seat, &V);
				assert_int_equal(tsr_bot_choose(&V, seat, noise,
				    &mv[0]), GAME_OK);
				i = 0;
			} else
				i = bot_random_index(noise, n);
			if (R->apply(&S, &T, seat, &mv[i], NULL, why) !=
			    GAME_OK)
				fail_msg("seat %d refused: %s", seat, why);
			S = T;
			check_audit(&S);
		}
		assert_true(S.over);
		assert_int_not_equal(S.winners, 0);
		if (S.dummy)
			assert_int_equal(S.round, 12);
		else if (S.match_cap < TSR_MATCH_CAP_DEFAULT)
			assert_true(S.round <= S.match_cap);
	}
}

/* Views hide other hands, the stock, a card drawn from the stock. */
static void
test_views(void **unused)
{
	struct json_object	*j, *seats, *me, *other;
	char			 why[GAME_WHY_MAX];
	int			 c, v;

	(void)unused;
	position(&S, 4, NULL, 3, four, "KH", "8C");
	play(&S, 0, "draw");
	for (v = GAME_VIEW_ALL; v < 4; v++) {
		R->view(&S, v, &V);
		if (R->audit_view(&S, &V, v, why) != 0)
			fail_msg("view %d: %s", v, why);
		assert_int_equal(V.nstock, S.nstock);
		for (c = 0; c < TSR_DECK_MAX; c++)
			assert_int_equal(V.stock[c], CARD_NONE);
		assert_int_equal(V.drawn, v == 0 ? card("8C") : CARD_NONE);
		assert_int_equal(V.hand[0][card("8C")], v == 0 ? 1 : 0);
		assert_int_equal(V.nhand[0], 14);
	}
	/* A view with a card it must not show fails the audit. */
	R->view(&S, 1, &V);
	V.hand[0][card("KS")] = 1;
	assert_int_equal(R->audit_view(&S, &V, 1, why), -1);
	/* Legal moves from the seat's view equal those from the state. */
	R->view(&S, 0, &V);
	assert_true(is_legal(&V, 0, "discard 8C"));
	assert_int_equal(R->legal(&V, 1, NULL, 0), 0);
	/* JSON: the viewer's hand, only counts of the others. */
	j = codec_view_json(R, &V);
	assert_non_null(j);
	seats = json_object_object_get(j, "seats");
	me = json_object_array_get_idx(seats, 0);
	other = json_object_array_get_idx(seats, 1);
	assert_int_equal(json_object_array_length(json_object_object_get(me,
	    "hand")), 14);
	assert_null(json_object_object_get(other, "hand"));
	assert_int_equal(json_object_get_int(json_object_object_get(other,
	    "cards")), 13);
	assert_null(strstr(json_object_to_json_string(j), "stock_cards"));
	json_object_put(j);
}

/* The bot at seat 0 against random play at seat 1: it wins clearly. */
static void
test_bot_beats_random(void **unused)
{
	static struct game_move	 mv[GAME_LEGAL_MAX];
	struct game_status	 gs;
	struct game_setup	 su = { 2, NULL, NULL, -1 };
	struct game_move	 m;
	struct rng		 r;
	uint8_t			 seed[32], noise[32];
	char			 why[GAME_WHY_MAX];
	int			 g, seat, n, wins = 0, games = 12, i, plies;

	(void)unused;
	memset(seed, 0, sizeof(seed));
	rng_init(&r, seed);
	for (g = 0; g < games; g++) {
		seed[0] = (uint8_t)g;
		su.seed = seed;
		assert_int_equal(R->setup(&S, &su, why), GAME_OK);
		for (plies = 0; !S.over && plies < 60000; plies++) {
			R->status(&S, &gs);
			seat = game_first_seat(gs.to_act);
			for (i = 0; i < 32; i++)
				noise[i] = (uint8_t)rng_next(&r);
			R->view(&S, seat, &V);
			if (seat == 0)
				assert_int_equal(tsr_bot_choose(&V, 0, noise,
				    &m), GAME_OK);
			else {
				n = R->legal(&V, seat, mv, GAME_LEGAL_MAX);
				assert_true(n > 0);
				m = mv[bot_random_index(noise, n <
				    GAME_LEGAL_MAX ? n : GAME_LEGAL_MAX)];
			}
			if (R->apply(&S, &V, seat, &m, NULL, why) != GAME_OK)
				fail_msg("seat %d refused: %s", seat, why);
			S = V;
		}
		assert_true(S.over);
		if (S.winners & 1)
			wins++;
	}
	if (wins < games * 9 / 10)
		fail_msg("the bot won %d of %d", wins, games);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mayi),
		cmocka_unit_test(test_mayi_take_and_limit),
		cmocka_unit_test(test_mayi_small_stock),
		cmocka_unit_test(test_progression),
		cmocka_unit_test(test_game_end),
		cmocka_unit_test(test_free_liberate),
		cmocka_unit_test(test_options),
		cmocka_unit_test(test_seeded),
		cmocka_unit_test(test_timeouts),
		cmocka_unit_test(test_timeouts_random),
		cmocka_unit_test(test_options_play),
		cmocka_unit_test(test_views),
		cmocka_unit_test(test_bot_beats_random),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
