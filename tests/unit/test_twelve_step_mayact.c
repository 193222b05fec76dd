/*
 * test_twelve_step_mayact.c: what the pages need of the 12-Step
 * engine.  A "May I?" requester may withdraw while it is not in to_act
 * (game_may_act, and a replay of the log accepts it); other seats'
 * requests leave a viewer's view unchanged once view_quiet() cleared
 * them (so they never make a turn being composed stale); and the
 * contract form's meld numbers ("5C/1 JK/2 =8H") read as the canonical
 * "contract 5C ... | JK=8H ...".  The engine reports a granted "May I?"
 * as news (game.h), which the mail queue sends on.
 */
#include "test_twelve_step.h"

#include "record.h"

static struct tsr_state	 S, V1, V2;

static const char *const four[] = {
	"3H 3D 3S 9C 9D 9S KS QH 5C 6C 8D TD JD",
	"4S 4D 7C 7H JS QS KH AH AD 5H 6S 8S TC",
	"8C 8H 3C 4C 6D 7D TS JC QC KC AS 5D 9H",
	"3S 8S 4H 5S 6H 7S 9S TH JH QD KD AC 3D"
};

static int
may(const struct tsr_state *s, int seat)
{
	struct game_status	 gs;

	R->status(s, &gs);
	return game_may_act(R, s, &gs, seat);
}

static void
test_may_act(void **unused)
{
	struct game_status	 gs;

	(void)unused;
	assert_non_null(R->may_act);
	position(&S, 4, NULL, 3, four, "KH", "8C 6H 7H");
	assert_true(may(&S, 0));
	assert_false(may(&S, 1));
	play(&S, 0, "draw");
	play(&S, 0, "discard 8C");
	play(&S, 3, "mayi");
	R->status(&S, &gs);
	/* Seat 3 answered, so it is not to act, yet it may withdraw. */
	assert_false(gs.to_act & (1u << 3));
	/* Seat 2 may still ask, but the game goes on without its answer:
	 * only seat 1, whose turn it is, must act (no mail, no clock). */
	assert_true(gs.to_act & (1u << 2));
	assert_int_equal(gs.to_act & ~gs.optional, 1u << 1);
	assert_true(may(&S, 3));
	assert_false(may(&S, 0));		/* the discarder */
	assert_true(may(&S, 2));		/* may still ask */
	play(&S, 1, "draw");
	assert_true(may(&S, 3));
	play(&S, 3, "withdraw");
	assert_false(may(&S, 3));
	assert_int_equal(S.win_asked, 0);
	/* Out of range and over: never. */
	assert_false(may(&S, -1));
	assert_false(may(&S, 4));
	assert_false(may(&S, 31));
}

/* The log of a game with a withdraw replays (record.c asks may_act). */
static void
test_replay_withdraw(void **unused)
{
	struct record_move	 mv[5];
	struct record_result	 res;
	struct record		 rec;
	static struct tsr_state	 st, scratch;
	card_t			 deck[TSR_DECK_MAX];
	char			 tok[CARD_TEXT_MAX];
	int			 decklen, c;

	(void)unused;
	memset(&rec, 0, sizeof(rec));
	rec.rules = R;
	rec.nseats = 4;
	rec.dealer = 3;
	decklen = deck_fill(DECK_STD_JOKERS, tsr_packs(4), deck);
	rec.ndecks = 1;
	rec.decks = deck;
	rec.decklen = &decklen;
	rec.moves = mv;
	rec.nmoves = 0;
	assert_int_equal(record_replay(&rec, -1, &st, &scratch, NULL, NULL,
	    &res), 0);
	for (c = 0; c < TSR_IDS && st.hand[0][c] == 0; c++)
		;
	card_format(CARD_STD, (card_t)c, tok);
	mv[0] = (struct record_move){ 0, "draw" };
	mv[1].seat = 0;
	snprintf(mv[1].text, sizeof(mv[1].text), "discard %s", tok);
	mv[2] = (struct record_move){ 3, "mayi" };
	mv[3] = (struct record_move){ 1, "draw" };
	mv[4] = (struct record_move){ 3, "withdraw" };
	rec.nmoves = 5;
	if (record_replay(&rec, -1, &st, &scratch, NULL, NULL, &res) != 0)
		fail_msg("replay stopped at move %d: %s", res.failed_move,
		    res.why);
	assert_int_equal(res.ply, 5);
	assert_int_equal(st.win_asked, 0);
	/* A withdraw without a request stays refused. */
	mv[2] = (struct record_move){ 3, "pass" };
	assert_int_not_equal(record_replay(&rec, -1, &st, &scratch, NULL,
	    NULL, &res), 0);
	assert_int_equal(res.failed_move, 5);
}

static void
test_view_quiet(void **unused)
{
	struct tsr_state	 before;

	(void)unused;
	assert_non_null(R->view_quiet);
	position(&S, 4, NULL, 3, four, "KH", "8C 6H 7H");
	play(&S, 0, "draw");
	play(&S, 0, "discard 8C");
	before = S;
	play(&S, 3, "mayi");
	/* The player to move (seat 1): the views differ, quietly not. */
	R->view(&before, 1, &V1);
	R->view(&S, 1, &V2);
	assert_memory_not_equal(&V1, &V2, sizeof(V1));
	R->view_quiet(&V1);
	R->view_quiet(&V2);
	assert_memory_equal(&V1, &V2, sizeof(V1));
	/* The requester's own view does change. */
	R->view(&before, 3, &V1);
	R->view(&S, 3, &V2);
	R->view_quiet(&V1);
	R->view_quiet(&V2);
	assert_memory_not_equal(&V1, &V2, sizeof(V1));
	/* The draw changes the player's own view... */
	before = S;
	play(&S, 1, "draw");
	R->view(&before, 1, &V1);
	R->view(&S, 1, &V2);
	R->view_quiet(&V1);
	R->view_quiet(&V2);
	assert_memory_not_equal(&V1, &V2, sizeof(V1));
	/* ...but not what seat 2, who may only answer May I?, answers. */
	R->view(&before, 2, &V1);
	R->view(&S, 2, &V2);
	assert_memory_not_equal(&V1, &V2, sizeof(V1));
	R->view_quiet(&V1);
	R->view_quiet(&V2);
	assert_memory_equal(&V1, &V2, sizeof(V1));
	/* A new card on offer (seat 1 discards) does count for seat 2. */
	before = S;
	play(&S, 1, "discard 6H");
	R->view(&before, 3, &V1);
	R->view(&S, 3, &V2);
	R->view_quiet(&V1);
	R->view_quiet(&V2);
	assert_memory_not_equal(&V1, &V2, sizeof(V1));
	/* And seat 2, now to play, sees its turn begin. */
	R->view(&before, 2, &V1);
	R->view(&S, 2, &V2);
	R->view_quiet(&V1);
	R->view_quiet(&V2);
	assert_memory_not_equal(&V1, &V2, sizeof(V1));
}

static void
same(const char *in, const char *want)
{
	struct game_move	 mv;
	char			 out[GAME_MOVE_TEXT_MAX];

	parse(in, &mv);
	R->format(&mv, out, sizeof(out));
	assert_string_equal(out, want);
}

static void
bad(const char *in, const char *want)
{
	struct game_move	 mv;
	char			 why[GAME_WHY_MAX] = "";

	assert_int_equal(R->parse(in, &mv, why), GAME_BAD_TEXT);
	if (strstr(why, want) == NULL)
		fail_msg("\"%s\": \"%s\" lacks \"%s\"", in, why, want);
}

static void
test_meld_numbers(void **unused)
{
	(void)unused;
	same("contract 3H/1 9C/2 3D/1 9D/2 3S/1 9S/2 KS/0",
	    "contract 3H 3D 3S | 9C 9D 9S");
	same("contract 5H/1 JK/1 =8H 6H/1 7H/1 2C/0 =",
	    "contract 5H JK=8H 6H 7H");
	same("contract 9C/2 2D/2 = 9D/2 3S/1 3H/1 JK/1",
	    "contract 3S 3H JK | 9C 2D 9D");
	same("CONTRACT  JK=8H/3 5h/3  6H/3 7H/3 4C/1 4D/1 4S/1",
	    "contract 4C 4D 4S | JK=8H 5H 6H 7H");
	/* The plain notation is untouched. */
	same("contract 3H 3D 3S | 9C 9D 9S", "contract 3H 3D 3S | 9C 9D 9S");
	same("discard 3H", "discard 3H");
	bad("contract 3H/1 9C 3D/1", "every card says its meld");
	bad("contract 3H/4 3D/4 3S/4", "every card says its meld");
	bad("contract 3H/0 3D/0", "no card is in a meld");
	bad("contract =8H 3H/1", "names the card of no wild");
	bad("contract JK/1 =8H =9H", "names the card of no wild");
	bad("contract /1 3H/1", "every card says its meld");
	bad("contract 3Z/1 3D/1 3S/1", "not a card");
}

/*
 * The news of a granted "May I?" (game.h news): seat 3 asked for 8C;
 * seat 1 draws from the stock and discards, so seat 3 gets 8C and a
 * penalty card, and only seat 3 is told, with the card named.  No buy,
 * no news.
 */
static void
test_granted_mail(void **unused)
{
	static struct tsr_state	 before;
	struct game_news	 news;

	(void)unused;
	assert_non_null(R->news);
	position(&S, 4, NULL, 3, four, "KH", "8C 6H 7H");
	play(&S, 0, "draw");
	play(&S, 0, "discard 8C");
	memcpy(&before, &S, sizeof(before));
	memset(&news, 0, sizeof(news));
	R->news(&before, &S, &news);
	assert_int_equal(news.seats, 0);
	play(&S, 3, "mayi");
	play(&S, 1, "draw");
	memcpy(&before, &S, sizeof(before));
	play(&S, 1, "discard 4S");
	memset(&news, 0, sizeof(news));
	R->news(&before, &S, &news);
	assert_int_equal(news.seats, 1u << 3);
	assert_string_equal(news.text, "Your \"May I?\" was granted: you "
	    "took 8C and one penalty card from the stock.");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_may_act),
		cmocka_unit_test(test_replay_withdraw),
		cmocka_unit_test(test_view_quiet),
		cmocka_unit_test(test_meld_numbers),
		cmocka_unit_test(test_granted_mail),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
