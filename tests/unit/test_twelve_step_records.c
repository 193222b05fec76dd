/*
 * test_twelve_step_records.c: the 12-Step Rummy cases of issue 23,
 * each replayed from its record in tests/records/ (an independent
 * implementation of RULES.md found them; topper play checks the same
 * records against their .expect files):
 * - a contract in which a wild stands for a natural the player holds
 *   (two overlapping heart runs) is listed, and with free_liberate the
 *   liberation whose freed wild completes it is allowed;
 * - a "May I?" too few cards are left for is refused when the window
 *   closes, never when asked;
 * - "@N.K" names seat N's K-th meld, so a lay-off can reach the second
 *   of two runs of one owner holding the same cards;
 * - a seat that asked "May I?" is offered "withdraw".
 */
#include "test_twelve_step.h"

#include <stdlib.h>

#include "codec.h"
#include "record.h"

static struct tsr_state	 S, T, scratch;

/* Read tests/records/twelve-step-rummy-NAME.json into cr. */
static void
load(const char *name, struct codec_record *cr)
{
	char	 path[256], err[256];
	char	*text;
	FILE	*f;
	long	 n;

	snprintf(path, sizeof(path), "tests/records/twelve-step-rummy-%s.json",
	    name);
	if ((f = fopen(path, "r")) == NULL)
		fail_msg("%s: cannot open (run from the repository root)", path);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	text = malloc((size_t)n + 1);
	assert_non_null(text);
	assert_int_equal(fread(text, 1, (size_t)n, f), (size_t)n);
	text[n] = '\0';
	fclose(f);
	if (codec_record_parse(text, cr, err, sizeof(err)) != 0)
		fail_msg("%s: %s", path, err);
	free(text);
}

/* Replay the first upto moves (-1: all) of record NAME into s; all must apply. */
static void
replay_ev(const char *name, int upto, struct tsr_state *s,
    record_event_fn on_event, void *ctx)
{
	struct codec_record	 cr;
	struct record_result	 res;

	load(name, &cr);
	if (record_replay(&cr.rec, upto, s, &scratch, on_event, ctx,
	    &res) != 0)
		fail_msg("%s: move %d refused: %s", name, res.failed_move,
		    res.why);
	codec_record_free(&cr);
	check_audit(s);
}

static void
replay(const char *name, int upto, struct tsr_state *s)
{
	replay_ev(name, upto, s, NULL, NULL);
}

/* The first "contract ..." seat may play in s (from its view), or "". */
static const char *
listed_contract(const struct tsr_state *s, int seat)
{
	static struct game_move	 mv[GAME_LEGAL_MAX];
	static struct tsr_state	 v;
	static char		 buf[GAME_MOVE_TEXT_MAX];
	int			 n, i;

	R->view(s, seat, &v);
	n = R->legal(&v, seat, mv, GAME_LEGAL_MAX);
	for (i = 0; i < n && i < GAME_LEGAL_MAX; i++)
		if (mv[i].verb == TSR_CONTRACT) {
			R->format(&mv[i], buf, sizeof(buf));
			return buf;
		}
	return "";
}

/*
 * free_liberate: seat 1 (not down) frees the joker of seat 0's JK=6S
 * with its 6S; the joker completes 9H-QH and JH-AH, which share the
 * one JH and QH it holds.  Refused before (RULES.md 0.3).
 */
static void
test_free_liberate_k4(void **unused)
{
	(void)unused;
	replay("free-liberate-refused-k4", 16, &S);
	assert_int_equal(S.turn, 1);
	assert_false(S.down & 2);
	assert_true(is_legal(&S, 1, "liberate 6S on 3S"));
	play(&S, 1, "liberate 6S on 3S");
	assert_int_equal(S.pending, CARD_STD_JK);
	/* The contract is listed, uses the joker, and is accepted. */
	assert_string_not_equal(listed_contract(&S, 1), "");
	assert_non_null(strstr(listed_contract(&S, 1), "JK="));
	T = S;
	play(&T, 1, listed_contract(&S, 1));
	assert_true(T.down & 2);
	assert_int_equal(T.pending, CARD_NONE);
	/* The record's own contract (the issue's) is accepted too. */
	replay("free-liberate-refused-k4", -1, &S);
	assert_true(S.down & 2);
	/* The control (the joker dealt, nothing to liberate) still plays. */
	replay("free-liberate-refused-k4-control", -1, &S);
	assert_true(S.down & 2);
}

/* Two overlapping heart runs: listed now, as the typed one is accepted. */
static void
test_contract_not_listed(void **unused)
{
	const char	*c;

	(void)unused;
	replay("contract-not-listed-k4", -1, &S);
	assert_int_equal(S.turn, 0);
	assert_int_equal(S.phase, TSR_PHASE_PLAY);
	c = listed_contract(&S, 0);
	assert_string_not_equal(c, "");
	T = S;
	play(&T, 0, c);
	assert_true(T.down & 1);
	/* The same hand, the contract typed: accepted (it was before too). */
	replay("contract-not-listed-typed", -1, &T);
	assert_true(T.down & 1);
	/* The sim's brute force (tsr_rules.probe) finds one apply() takes. */
	{
		struct game_move	 mv[4];
		struct game_events	 ev;
		char			 why[GAME_WHY_MAX] = "";
		int			 n, i;

		n = R->probe(&S, 0, mv, 4);
		assert_true(n >= 1);
		for (i = 0; i < n; i++)
			if (R->apply(&S, &T, 0, &mv[i], &ev, why) != GAME_OK)
				fail_msg("probe %d refused: %s", i, why);
		assert_int_equal(R->probe(&S, 1, mv, 4), 0);
	}
	/* Found from the hand counts alone. */
	{
		struct tsr_meld	 m[TSR_REQS_MAX];

		assert_int_equal(tsr_find_contract(S.hand[0], S.nhand[0], 4,
		    CARD_NONE, CARD_NONE, m), 2);
		assert_int_equal(m[0].kind, TSR_RUN);
		assert_int_equal(m[1].kind, TSR_RUN);
		assert_int_equal(m[0].suit, m[1].suit);
	}
}

/*
 * A taken wild may not be the card kept: the contract must spend it in
 * place of a natural the player holds.
 */
static void
test_contract_spends_kept_wild(void **unused)
{
	struct tsr_meld	 m[TSR_REQS_MAX];
	uint8_t		 h[TSR_IDS];
	card_t		 cs[16];
	int		 n, i;

	(void)unused;
	memset(h, 0, sizeof(h));
	n = card_list("3S 3H 3D 9C 9D 9S JK", cs);
	for (i = 0; i < n; i++)
		h[cs[i]]++;
	/* The joker was taken: 2 sets of 3 of naturals keep only it. */
	assert_int_equal(tsr_find_contract(h, n, 1, CARD_STD_JK, CARD_NONE,
	    m), 2);
	for (i = 0; i < 3; i++)
		if (m[0].cards[i] == CARD_STD_JK || m[1].cards[i] ==
		    CARD_STD_JK)
			break;
	assert_true(i < 3);
}

struct deltas {
	int	 n;
	int	 delta[TSR_SEATS_MAX];
};

static void
on_hand(void *ctx, int ply, const struct game_event *ev)
{
	struct deltas	*d = ctx;

	(void)ply;
	d->n++;
	memcpy(d->delta, ev->delta, sizeof(d->delta));
}

/*
 * Stock 2, the discard pile 6S alone: seat 0's "May I?" for 6S after
 * seat 2 drew (stock 1 + 0 < 2 then) is accepted, and at the close
 * (5H on top: 1 + 1 = 2) granted, as the same request made before the
 * draw: both records end in the same state.
 */
static void
test_buy_refusal_timing(void **unused)
{
	struct deltas		 a, b;
	int			 i, want;

	(void)unused;
	replay("buy-refusal-timing", 63, &S);
	assert_int_equal(S.nstock, 1);
	assert_int_equal(S.ndiscard, 1);
	assert_int_equal(S.phase, TSR_PHASE_PLAY);
	assert_true(is_legal(&S, 0, "mayi"));
	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	replay_ev("buy-refusal-timing", -1, &S, on_hand, &a);
	replay_ev("buy-asked-before-draw", -1, &T, on_hand, &b);
	assert_memory_equal(&S, &T, sizeof(S));
	assert_int_equal(a.n, 1);
	assert_memory_equal(a.delta, b.delta, sizeof(a.delta));
	/* Seat 0 scored its hand, 6S (5) and the stock's last card. */
	replay("buy-refusal-timing", 64, &S);
	for (want = 0, i = 0; i < TSR_IDS; i++)
		want += S.hand[0][i] * tsr_value((card_t)i);
	want += 5 + tsr_value(S.stock[S.nstock - 1]);
	assert_int_equal(a.delta[0], want);
}

/* A seat that asked is offered "withdraw" (and may play it). */
static void
test_withdraw_listed(void **unused)
{
	struct game_status	 gs;

	(void)unused;
	replay("buy-asked-before-draw", 63, &S);
	R->status(&S, &gs);
	assert_false(gs.to_act & 1);
	assert_true(game_may_act(R, &S, &gs, 0));
	assert_true(is_legal(&S, 0, "withdraw"));
	R->view(&S, 0, &T);
	assert_true(is_legal(&T, 0, "withdraw"));
	play(&S, 0, "withdraw");
	assert_false(is_legal(&S, 0, "withdraw"));
}

/*
 * Seat 0 laid JK=9S TS 2C=JS QS and 2D=9S TS JS QS: "on 9S" and "on 9S
 * @0" both mean the first; "@0.2" reaches the second.
 */
static void
test_identical_runs(void **unused)
{
	struct game_move	 mv;
	char			 buf[GAME_MOVE_TEXT_MAX], why[GAME_WHY_MAX];
	static const char *const bad[] = {
		"layoff 8S on 9S @0.0", "layoff 8S on 9S @0.4",
		"layoff 8S on 9S @0.", "layoff 8S on 9S @0.2 @1.1",
		"layoff 8S on 9S @0.12", "discard 8S @0.2", "mayi @0.1",
		"layoff 8S on 9S 2"
	};
	size_t			 i;

	(void)unused;
	parse("layoff 8S on 9S @0.2", &mv);
	assert_int_equal(mv.at, 0);
	assert_int_equal(mv.num, 2);
	R->format(&mv, buf, sizeof(buf));
	assert_string_equal(buf, "layoff 8S on 9S @0.2");
	parse("LAYOFF jk=8s ON 9s @3.1", &mv);
	R->format(&mv, buf, sizeof(buf));
	assert_string_equal(buf, "layoff JK=8S on 9S @3.1");
	/* Too small a buffer: cut, NUL-terminated, the length it needed. */
	parse("layoff 8S on 9S @0.2", &mv);
	assert_int_equal(R->format(&mv, buf, 18), 20);
	assert_string_equal(buf, "layoff 8S on 9S @");
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		if (R->parse(bad[i], &mv, why) != GAME_BAD_TEXT)
			fail_msg("\"%s\" parsed", bad[i]);

	replay("identical-runs-same-owner", 17, &S);
	assert_int_equal(S.melds[0].owner, 0);
	assert_int_equal(S.melds[1].owner, 0);
	assert_int_equal(tsr_meld_index(&S, 1), 2);
	assert_int_equal(tsr_meld_index(&S, 3), 2);
	assert_true(is_legal(&S, 1, "layoff 8S on 9S"));
	assert_true(is_legal(&S, 1, "layoff 8S on 9S @0.2"));
	refused(&S, 1, "layoff 8S on 9S @0.3", "no meld 3");
	refused(&S, 1, "layoff 8S on 3D @0.2", "does not hold 3D");
	T = S;
	play(&T, 1, "layoff 8S on 9S @0");
	assert_int_equal(T.melds[0].lo, 7);
	assert_int_equal(T.melds[1].lo, 8);
	T = S;
	play(&T, 1, "layoff 8S on 9S @0.1");
	assert_int_equal(T.melds[0].lo, 7);
	/* The record's last move: the second run. */
	replay("identical-runs-same-owner", -1, &T);
	assert_int_equal(T.melds[0].lo, 8);
	assert_int_equal(T.melds[1].lo, 7);
	assert_int_equal(T.melds[1].cards[7], card("8S"));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_free_liberate_k4),
		cmocka_unit_test(test_contract_not_listed),
		cmocka_unit_test(test_contract_spends_kept_wild),
		cmocka_unit_test(test_buy_refusal_timing),
		cmocka_unit_test(test_withdraw_listed),
		cmocka_unit_test(test_identical_runs),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
