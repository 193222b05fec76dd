/*
 * test_twelve_step.c: the 12-Step Rummy rules through the engine
 * contract: the worked examples R-1..R-6 of RULES.md 5f as real
 * positions (decks mode, rearranged), meld definitions, lay-offs,
 * liberation and its obligation, the contract rules and every kind of
 * refusal (the state must stay byte-for-byte the same).  "May I?",
 * options, views, timeouts and the bot are in test_twelve_step_play.c.
 */
#include "test_twelve_step.h"

static struct tsr_state	 S;

static void
meld(const char *text, int kind, struct tsr_meld *m, int ok)
{
	card_t	 cs[GAME_MOVE_CARDS_MAX], as[GAME_MOVE_CARDS_MAX];
	char	 why[GAME_WHY_MAX] = "";
	int	 n;

	n = card_list(text, cs);
	memset(as, CARD_NONE, sizeof(as));
	if ((tsr_read_meld(cs, as, n, kind, m, why) == 0) != ok)
		fail_msg("\"%s\": want %s, got %s", text, ok ? "valid" :
		    "invalid", why);
}

static int
hand_value(const char *text)
{
	card_t	 cs[TSR_DECK_MAX];
	int	 n, i, v = 0;

	n = card_list(text, cs);
	for (i = 0; i < n; i++)
		v += tsr_value(cs[i]);
	return v;
}

/* card values, and the 10 and deuce rulings (5e 1, 2). */
static void
test_values(void **unused)
{
	(void)unused;
	assert_int_equal(hand_value("KS TH 7C 2D AH"), 95);
	assert_int_equal(hand_value("JK 3C 9D"), 60);
	assert_int_equal(tsr_value(card("TD")), 10);
	assert_int_equal(tsr_value(card("2C")), 50);
	assert_int_equal(tsr_value(card("QH")), 10);
	assert_int_equal(tsr_value(card("3S")), 5);
}

/* meld legality, and the card a wild represents. */
static void
test_meld_legality(void **unused)
{
	struct tsr_meld	 m;
	card_t		 cs[4], as[4];
	char		 why[GAME_WHY_MAX] = "";

	(void)unused;
	meld("5H 2C 7H JK 9H", TSR_RUN, &m, 1);
	assert_int_equal(m.lo, 4);
	assert_int_equal(m.hi, 8);
	assert_int_equal(m.cards[5], card("2C"));
	assert_int_equal(m.cards[7], card("JK"));
	meld("5H 2C JK 8H", TSR_RUN, &m, 0);
	meld("5H 2C JK 8H", TSR_NONE, &m, 0);
	meld("7S 7S 2H JK", TSR_SET, &m, 1);
	assert_int_equal(m.rank, 6);
	meld("KH AH 2C 3H", TSR_RUN, &m, 0);
	meld("KH AH 2C 3H", TSR_SET, &m, 0);
	meld("QH KH AH 2H", TSR_RUN, &m, 1);
	assert_int_equal(m.lo, 10);
	assert_int_equal(m.hi, 13);
	assert_int_equal(m.cards[10], card("2H"));	/* stands for JH */
	meld("AH 2S 3H 4H", TSR_RUN, &m, 1);
	assert_int_equal(m.lo, 0);
	assert_int_equal(m.cards[1], card("2S"));	/* stands for 2H */
	/* 5H 6H 7H JK: ambiguous until the joker is named. */
	card_list("5H 6H 7H JK", cs);
	memset(as, CARD_NONE, sizeof(as));
	assert_int_equal(tsr_read_meld(cs, as, 4, TSR_RUN, &m, why), -1);
	assert_non_null(strstr(why, "name the card"));
	as[3] = card("8H");
	assert_int_equal(tsr_read_meld(cs, as, 4, TSR_RUN, &m, why), 0);
	assert_int_equal(m.hi, 7);
	/* Named 8H: only a natural 8H liberates it; 4H or 9H lay off. */
	assert_int_equal(tsr_liberate_pos(&m, card("8H")), 7);
	assert_int_equal(tsr_liberate_pos(&m, card("8D")), -1);
	assert_int_equal(tsr_layoff_pos(&m, card("4H"), CARD_NONE, NULL), 3);
	assert_int_equal(tsr_layoff_pos(&m, card("9H"), CARD_NONE, NULL), 8);
	assert_int_equal(tsr_layoff_pos(&m, card("8H"), CARD_NONE, NULL), -1);
	/* No wild next to the joker at the high end; the low end is open. */
	assert_int_equal(tsr_layoff_pos(&m, card("2D"), card("9H"), NULL), -1);
	assert_int_equal(tsr_layoff_pos(&m, card("2D"), CARD_NONE, NULL), 3);
	/* Sets: all-wild sets are not sets (5e 7); no wrap in runs. */
	meld("2H 2D JK", TSR_SET, &m, 0);
	meld("QS KS AS 2S", TSR_RUN, &m, 1);
	meld("KS AS 2S 3S", TSR_RUN, &m, 0);
	meld("3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC", TSR_RUN, &m, 1);
	meld("AC 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 2C", TSR_RUN, &m, 0);
	/* In a set, any natural of the rank liberates the first wild. */
	meld("7S 7S 2H JK", TSR_SET, &m, 1);
	assert_int_equal(tsr_liberate_pos(&m, card("7D")), 2);
}

/* Contract search finds what the hand holds, and nothing it does not. */
static void
test_contract_search(void **unused)
{
	struct tsr_meld	 out[TSR_REQS_MAX];
	uint8_t		 h[TSR_IDS];
	card_t		 cs[32];
	int		 n, i;

	(void)unused;
	memset(h, 0, sizeof(h));
	n = card_list("3H 3D 3S 9C 9D 9D KS QH", cs);
	for (i = 0; i < n; i++)
		h[cs[i]]++;
	assert_int_equal(tsr_find_contract(h, n, 1, CARD_NONE, CARD_NONE,
	    out), 2);
	assert_int_equal(tsr_find_contract(h, n, 2, CARD_NONE, CARD_NONE,
	    out), 0);
	h[card("JK")]++;
	h[card("4H")]++;
	h[card("6H")]++;
	n += 3;
	/* 1 set of 3 + 1 run of 4: 3H 4H JK 6H with a set of nines. */
	assert_int_equal(tsr_find_contract(h, n, 2, CARD_NONE, CARD_NONE,
	    out), 2);
	assert_int_equal(out[0].kind, TSR_RUN);
	/* Keeping a card: a hand that is exactly the contract cannot. */
	memset(h, 0, sizeof(h));
	n = card_list("3H 3D 3S 9C 9D 9D", cs);
	for (i = 0; i < n; i++)
		h[cs[i]]++;
	assert_int_equal(tsr_find_contract(h, n, 1, CARD_NONE, CARD_NONE,
	    out), 0);
	/* 12: one run of 10 */
	memset(h, 0, sizeof(h));
	n = card_list("3H 4H 5H 6H 2C 8H 9H TH JH QH KD", cs);
	for (i = 0; i < n; i++)
		h[cs[i]]++;
	assert_int_equal(tsr_find_contract(h, n, 12, CARD_NONE, CARD_NONE,
	    out), 1);
	assert_int_equal(out[0].ncards, 10);
}

static const char *const two_a[] = {
	"3H 3D 3S 9C 9D 9S KS QH 5C 6C 8D TD JD",
	"4S 4D 7C 7H JS QS KH AH AD 5H 6S 8S TC"
};

/* Contracts, lay-offs, one contract per round, keeping a card. */
static void
test_contract_and_layoff(void **unused)
{
	(void)unused;
	position(&S, 2, NULL, 1, two_a, "KD", "4C 7D AS");
	assert_int_equal(S.turn, 0);
	refused(&S, 0, "contract 3H 3D 3S | 9C 9D 9S", "First draw");
	refused(&S, 1, "draw", "not your turn");
	play(&S, 0, "take");
	refused(&S, 0, "discard KD", "took it");
	refused(&S, 0, "layoff 3C on 3H", "after laying your contract");
	refused(&S, 0, "contract 3H 3D 3S", "lay its 2 melds");
	refused(&S, 0, "contract 3H 3D 3S | 3H 3D 3S", "that many");
	refused(&S, 0, "contract 3H 3D 3S | 5C 6C 8D", "Meld 2");
	refused(&S, 0, "contract 9C 9D 9S | KS KD QH", "Meld 2");
	assert_true(is_legal(&S, 0, "contract 3S 3H 3D | 9S 9D 9C"));
	play(&S, 0, "contract 3H 3D 3S | 9C 9D 9S");
	assert_true(S.down & 1);
	assert_int_equal(S.nmelds, 2);
	refused(&S, 0, "contract 5C 6C 8D | TD JD QH", "not start new melds");
	refused(&S, 0, "layoff 5C on 3H", "not of the set's rank");
	refused(&S, 0, "layoff 5C on 4H", "No meld");
	play(&S, 0, "discard 5C");
	assert_int_equal(S.turn, 1);
	/* Seat 1 is not down: no lay-offs on seat 0's melds. */
	play(&S, 1, "draw");
	refused(&S, 1, "layoff 4C on 3H", "after laying your contract");
	play(&S, 1, "discard 4C");
	play(&S, 0, "draw");
	play(&S, 0, "discard 7D");
	/* Lay-offs onto one's own melds and another's, named by a card. */
	assert_int_equal(S.hand[0][card("AS")], 0);
}

/* 5e 8: one contract's sets differ in rank; its runs in a suit do not touch. */
static void
test_contract_rules(void **unused)
{
	static const char *const h1[] = {
		"3H 3D 3S 3C 3H 3D KS QH 5C 6C 8D TD JD", NULL
	};
	static const char *const h4[] = {
		"3H 4H 5H 6H 7H 8H 9H TH JH 5S 6S 8D KC", NULL
	};

	(void)unused;
	position(&S, 2, NULL, 1, h1, "AC", "9C");
	play(&S, 0, "draw");
	refused(&S, 0, "contract 3H 3D 3S | 3C 3H 3D", "different ranks");
	assert_false(is_legal(&S, 0, "contract 3S 3H 3H | 3D 3D 3C"));
	position(&S, 2, NULL, 1, h4, "AC", "9C");
	S.contract[0] = 4;
	play(&S, 0, "draw");
	refused(&S, 0, "contract 3H 4H 5H 6H | 7H 8H 9H TH",
	    "continue each other");
	refused(&S, 0, "contract 3H 4H 5H 6H 7H 8H 9H TH", "2 melds");
	play(&S, 0, "contract 3H 4H 5H 6H | 8H 9H TH JH");
	assert_int_equal(S.melds[0].hi, 5);
	assert_int_equal(S.melds[1].lo, 7);
	/* The gap may be filled by a lay-off; the runs stay two melds. */
	play(&S, 0, "layoff 7H on 3H");
	assert_int_equal(S.melds[0].hi, 6);
	refused(&S, 0, "layoff 9C on 3H", "not of the run's suit");
}

/* The stock is rebuilt from the discards but the top one (decks mode:
 * turned over). */
static void
test_rebuild(void **unused)
{
	static const char *const h[] = {
		"3H 3D 3S 9C 9D 9S KS QH 5C 6C 8D TD JD", NULL
	};
	card_t	 c;

	(void)unused;
	position(&S, 2, NULL, 1, h, "AC", "4C");
	while (S.nstock > 0) {
		c = S.stock[S.nstock - 1];
		S.stock[--S.nstock] = CARD_NONE;
		memmove(S.discard + 1, S.discard, S.ndiscard);
		S.discard[0] = c;
		S.ndiscard++;
	}
	/* The pile is now, bottom first: ... (old stock) ..., 4C, AC. */
	check_audit(&S);
	assert_int_equal(S.discard[S.ndiscard - 2], card("4C"));
	c = S.discard[0];
	play(&S, 0, "draw");
	assert_int_equal(S.rebuilds, 1);
	assert_int_equal(S.ndiscard, 1);
	assert_int_equal(S.discard[0], card("AC"));
	/* The oldest discard is drawn first; 4C is now the stock's bottom. */
	assert_int_equal(S.drawn, c);
	assert_int_equal(S.stock[0], card("4C"));
}

/* Liberation (R-4's joker, 5e 4, 5): down players only, immediate lay-off. */
static void
test_liberation(void **unused)
{
	static const char *const h[] = {
		"3H 3D 3S 9C 9D 9S 8H 8S KS QH 5C 6C TD",
		"5H 6H 7H JK 4C 4D 4S KD QD JD TC TS 6S"
	};

	(void)unused;
	position(&S, 2, NULL, 0, h, "AC", "7D 7S 8C 8D");
	S.contract[1] = 2;
	assert_int_equal(S.turn, 1);
	play(&S, 1, "draw");
	refused(&S, 1, "contract 4C 4D 4S | 5H 6H 7H JK", "name the card");
	play(&S, 1, "contract 4C 4D 4S | 5H 6H 7H JK=8H");
	play(&S, 1, "discard TS");
	play(&S, 0, "draw");
	/* Not down: no liberation by default. */
	refused(&S, 0, "liberate 8H on 5H", "after laying your contract");
	play(&S, 0, "contract 3H 3D 3S | 9C 9D 9S");
	refused(&S, 0, "liberate 8S on 5H", "very card");
	refused(&S, 0, "liberate 3C on 3H", "do not hold");
	refused(&S, 0, "liberate JK on 5H", "natural");
	play(&S, 0, "liberate 8H on 5H");
	assert_int_equal(S.pending, card("JK"));
	assert_int_equal(S.melds[1].cards[7], card("8H"));
	assert_int_equal(S.hand[0][card("JK")], 1);
	/* The obligation: only the wild's lay-off may follow. */
	refused(&S, 0, "discard KS", "liberated");
	refused(&S, 0, "layoff 8S on 5H", "liberated");
	assert_false(is_legal(&S, 0, "discard KS"));
	assert_true(is_legal(&S, 0, "layoff JK on 3S"));
	assert_true(is_legal(&S, 0, "layoff JK=9H on 5H"));
	play(&S, 0, "layoff JK=4H on 5H @1");
	assert_int_equal(S.pending, CARD_NONE);
	assert_int_equal(S.melds[1].lo, 3);
	play(&S, 0, "discard KS");
	/* Own wilds may not be liberated. */
	play(&S, 1, "draw");
	from_stock(&S, card("4H"));
	tsr_hand_add(&S, 1, card("4H"));
	check_audit(&S);
	refused(&S, 1, "liberate 4H on 5H", "own");
}

/* 5e 6, 15: going out is by a discard; a card is always kept. */
static void
test_going_out(void **unused)
{
	static const char *const h[] = {
		"3H 3D 3S 9C 9D 9S 3C",
		"5H 6H 7H 4C 4D 4S KD QD JD TC TS 6S KS"
	};
	static const char *const h2[] = {
		"3H 3D 3S 9C 9D 9S 9H", NULL
	};
	struct game_events	 ev;

	(void)unused;
	position(&S, 2, NULL, 1, h, "AC", "3C");
	play(&S, 0, "draw");
	play(&S, 0, "contract 3H 3D 3S | 9C 9D 9S");
	play(&S, 0, "layoff 3C on 3H");
	refused(&S, 0, "layoff 3C on 3H", "keep a card");
	assert_false(is_legal(&S, 0, "layoff 3C on 3H"));
	play_ev(&S, 0, "discard 3C", &ev);
	assert_int_equal(ev.n, 1);
	assert_string_equal(ev.ev[0].kind, "out");
	assert_int_equal(ev.ev[0].delta[0], 0);
	assert_int_equal(ev.ev[0].delta[1], 5 * 7 + 10 * 6);
	assert_int_equal(S.contract[0], 2);
	assert_int_equal(S.contract[1], 1);
	assert_int_equal(S.round, 2);
	/* Taking the discard, then laying down every other card: illegal. */
	position(&S, 2, NULL, 1, h2, "3C", NULL);
	play(&S, 0, "take");
	refused(&S, 0, "contract 3H 3D 3S | 9C 9D 9S 9H", "keep a card");
	play(&S, 0, "contract 3H 3D 3S 3C | 9C 9D 9S");
	refused(&S, 0, "discard 3C", "do not hold");
	play(&S, 0, "discard 9H");
}

/* both lay contract 12; A goes out; the lower total wins. */
static void
test_r3_tie_break(void **unused)
{
	static const char *const h[] = {
		"3H 4H 5H 6H 7H 8H 9H TH JH QH KH 4C 9D",
		"3S 4S 5S 6S 7S 8S 9S TS JS QS QS 5H 8C"
	};
	struct game_events	 ev;

	(void)unused;
	position(&S, 2, NULL, 1, h, "AC", "AH KS 2H");
	S.contract[0] = S.contract[1] = 12;
	S.scores[0] = 300;
	S.scores[1] = 290;
	play(&S, 0, "draw");
	play(&S, 0, "contract 3H 4H 5H 6H 7H 8H 9H TH JH QH");
	play(&S, 0, "discard 9D");
	play(&S, 1, "draw");
	play(&S, 1, "contract 3S 4S 5S 6S 7S 8S 9S TS JS QS");
	play(&S, 1, "layoff KS on 3S");
	play(&S, 1, "discard 8C");
	assert_hand(&S, 1, "QS 5H");
	play(&S, 0, "draw");
	play(&S, 0, "layoff KH on 3H");
	play(&S, 0, "layoff AH on 3H");
	play(&S, 0, "layoff 2H on 3H");
	play_ev(&S, 0, "discard 4C", &ev);
	assert_int_equal(ev.ev[0].delta[1], 15);
	assert_true(S.over);
	assert_int_equal(S.scores[0], 300);
	assert_int_equal(S.scores[1], 305);
	assert_int_equal(S.winners, 1);
	assert_non_null(strstr(ev.ev[0].text, "Seat 0 wins"));
}

/* R-6 by the rebuild cap: the round ends, the contract advances. */
static void
test_r6_rebuild_cap(void **unused)
{
	static const char *const h[] = {
		"4S 4D 4H 4C 8S 8D 8H 8C KS 4C",
		"2H 9S QD JK", "AH 5C 5D"
	};
	struct game_events	 ev;
	int			 i;

	(void)unused;
	position(&S, 3, NULL, 2, h, "7D", "9C");
	S.contract[0] = 3;
	S.contract[2] = 2;
	play(&S, 0, "draw");
	play(&S, 0, "contract 4S 4D 4H 4C | 8S 8D 8H 8C");
	play(&S, 0, "discard 9C");
	/* The stock is spent and was rebuilt 3 times already. */
	for (i = 0; S.nstock > 0; i++) {
		card_t c = S.stock[S.nstock - 1];

		S.stock[--S.nstock] = CARD_NONE;
		memmove(S.discard + 1, S.discard, S.ndiscard);
		S.discard[0] = c;
		S.ndiscard++;
	}
	S.rebuilds = 3;
	check_audit(&S);
	assert_hand(&S, 0, "KS 4C");
	play(&S, 2, "pass");
	play_ev(&S, 1, "draw", &ev);
	assert_int_equal(ev.n, 1);
	assert_string_equal(ev.ev[0].kind, "blocked");
	assert_int_equal(ev.ev[0].delta[0], 15);
	assert_int_equal(ev.ev[0].delta[1], 115);
	assert_int_equal(ev.ev[0].delta[2], 30);
	assert_int_equal(S.contract[0], 4);
	assert_int_equal(S.contract[1], 1);
	assert_int_equal(S.contract[2], 2);
	assert_int_equal(S.round, 2);
}

/* Apply without the audit (a position with cards out of play). */
static void
apply_raw(struct tsr_state *s, int seat, const char *text,
    struct game_events *ev)
{
	static struct tsr_state	 next;
	struct game_move	 mv;
	char			 why[GAME_WHY_MAX] = "";

	parse(text, &mv);
	if (R->apply(s, &next, seat, &mv, ev, why) != GAME_OK)
		fail_msg("seat %d \"%s\" refused: %s", seat, text, why);
	*s = next;
}

/*
 * R-6 literally: B's turn begins with the stock empty and only 7D in
 * the discard pile (the other cards are taken out of play here).
 */
static void
test_r6_empty(void **unused)
{
	static const char *const h[] = {
		"4S 4D 4H 4C 8S 8D 8H 8C KS 4C",
		"2H 9S QD JK", "AH 5C 5D"
	};
	struct game_events	 ev;

	(void)unused;
	position(&S, 3, "mayi=0", 2, h, "QC", "7D");
	S.contract[0] = 3;
	S.contract[2] = 2;
	play(&S, 0, "draw");
	play(&S, 0, "contract 4S 4D 4H 4C | 8S 8D 8H 8C");
	memset(S.stock, CARD_NONE, sizeof(S.stock));
	S.nstock = 0;
	S.discard[0] = CARD_NONE;
	S.ndiscard = 0;
	apply_raw(&S, 0, "discard 7D", &ev);
	assert_int_equal(ev.n, 1);
	assert_string_equal(ev.ev[0].kind, "blocked");
	assert_int_equal(ev.ev[0].delta[0], 15);
	assert_int_equal(ev.ev[0].delta[1], 115);
	assert_int_equal(ev.ev[0].delta[2], 30);
	assert_int_equal(S.contract[0], 4);
	assert_int_equal(S.contract[1], 1);
	assert_int_equal(S.contract[2], 2);
	assert_int_equal(S.scores[1], 115);
}

static void
test_bad_text(void **unused)
{
	struct game_move	 mv;
	char			 why[GAME_WHY_MAX], buf[GAME_MOVE_TEXT_MAX];

	(void)unused;
	assert_int_equal(R->parse("discard", &mv, why), GAME_BAD_TEXT);
	assert_int_equal(R->parse("discard 3H 4H", &mv, why), GAME_BAD_TEXT);
	assert_int_equal(R->parse("layoff 9C", &mv, why), GAME_BAD_TEXT);
	assert_int_equal(R->parse("layoff 9C=9C on 5C", &mv, why),
	    GAME_BAD_TEXT);
	assert_int_equal(R->parse("mayi 3H", &mv, why), GAME_BAD_TEXT);
	assert_int_equal(R->parse("draw on 3H", &mv, why), GAME_BAD_TEXT);
	assert_int_equal(R->parse("contract 3H", &mv, why), GAME_BAD_TEXT);
	assert_int_equal(R->parse("knock", &mv, why), GAME_BAD_TEXT);
	assert_int_equal(R->parse("layoff jk=8h ON 5h @1", &mv, why), GAME_OK);
	R->format(&mv, buf, sizeof(buf));
	assert_string_equal(buf, "layoff JK=8H on 5H @1");
	assert_int_equal(R->parse("contract 3h 3d 3s | 5c 6c 2d=7c 8c", &mv,
	    why), GAME_OK);
	R->format(&mv, buf, sizeof(buf));
	assert_string_equal(buf, "contract 3H 3D 3S | 5C 6C 2D=7C 8C");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_values),
		cmocka_unit_test(test_meld_legality),
		cmocka_unit_test(test_contract_search),
		cmocka_unit_test(test_contract_and_layoff),
		cmocka_unit_test(test_contract_rules),
		cmocka_unit_test(test_rebuild),
		cmocka_unit_test(test_liberation),
		cmocka_unit_test(test_going_out),
		cmocka_unit_test(test_r3_tie_break),
		cmocka_unit_test(test_r6_rebuild_cap),
		cmocka_unit_test(test_r6_empty),
		cmocka_unit_test(test_bad_text),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
