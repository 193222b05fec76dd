/*
 * test_record.c: replaying game records (record.c).
 *
 * A tiny game defined here ("toy": each hand deals AS 2S 3S 4S, one
 * card per seat, every seat shows its card in turn and the highest
 * card scores a point) exercises decks mode, seed mode, refusals and
 * events without depending on any real game's rules.  The last tests
 * replay Gin Vodka, in seed mode and in decks mode.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "deck.h"
#include "game.h"
#include "gin_vodka.h"
#include "move.h"
#include "record.h"
#include "rng.h"

enum { TOY_SHOW, TOY_PASS };

struct toy {
	uint8_t		 nseats, dealer, turn, needs_deck, over;
	uint8_t		 decks_mode;
	uint8_t		 shown, winners;
	int32_t		 hand, target;
	card_t		 card[3];
	int32_t		 scores[3];
	struct rng	 rng;
};

static const char *const toy_verbs[] = { "show", "pass", NULL };
static const struct move_grammar toy_grammar = { CARD_STD, toy_verbs };

static void
toy_deal_cards(struct toy *t, const card_t *deck)
{
	int	 i;

	for (i = 0; i < t->nseats; i++)
		t->card[(t->dealer + 1 + i) % t->nseats] = deck[i];
	t->turn = (uint8_t)((t->dealer + 1) % t->nseats);
	t->shown = 0;
	t->needs_deck = 0;
}

static void
toy_shuffle_deal(struct toy *t)
{
	card_t	 deck[4] = { 0, 1, 2, 3 };

	rng_shuffle(&t->rng, deck, 4);
	toy_deal_cards(t, deck);
}

static enum game_rc
toy_setup(void *out, const struct game_setup *su, char why[GAME_WHY_MAX])
{
	static const char *const keys[] = { "target", NULL };
	struct toy	*t = out;
	uint8_t		 seating[GAME_SEATS_MAX];
	int		 target = 2;

	if (game_options_known(su->options, keys, why) != 0 ||
	    game_option_int(su->options, "target", 1, 9, &target) < 0) {
		if (why[0] == '\0')
			snprintf(why, GAME_WHY_MAX, "target: 1 to 9");
		return GAME_BAD_OPTIONS;
	}
	memset(t, 0, sizeof(*t));
	t->nseats = (uint8_t)su->nseats;
	t->target = target;
	t->hand = 1;
	if (su->seed == NULL) {
		t->decks_mode = 1;
		t->needs_deck = 1;
		t->dealer = (uint8_t)su->dealer;
		return GAME_OK;
	}
	rng_init(&t->rng, su->seed);
	t->dealer = (uint8_t)game_draw_seating(&t->rng, su->nseats,
	    su->dealer, seating);
	toy_shuffle_deal(t);
	return GAME_OK;
}

static enum game_rc
toy_deal(const void *in, void *out, const card_t *deck, int n,
    char why[GAME_WHY_MAX])
{
	struct toy	*t = out;
	int		 i, seen = 0;

	memcpy(out, in, sizeof(*t));
	for (i = 0; i < n && n == 4; i++)
		if (deck[i] < 4)
			seen |= 1 << deck[i];
	if (n != 4 || seen != 15) {
		snprintf(why, GAME_WHY_MAX, "not one pack of AS 2S 3S 4S");
		return GAME_REFUSED;
	}
	toy_deal_cards(t, deck);
	return GAME_OK;
}

static enum game_rc
toy_apply(const void *in, void *out, int seat, const struct game_move *mv,
    struct game_events *ev, char why[GAME_WHY_MAX])
{
	struct toy		*t = out;
	struct game_event	*e;
	int			 i, best = 0;

	memcpy(out, in, sizeof(*t));
	memset(ev, 0, sizeof(*ev));
	if (mv->verb == TOY_PASS) {
		snprintf(why, GAME_WHY_MAX, "Passing is not allowed.");
		return GAME_REFUSED;
	}
	if (seat != t->turn || t->over || t->needs_deck) {
		snprintf(why, GAME_WHY_MAX, "Not your turn.");
		return GAME_REFUSED;
	}
	t->turn = (uint8_t)((t->turn + 1) % t->nseats);
	if (++t->shown < t->nseats)
		return GAME_OK;
	for (i = 1; i < t->nseats; i++)
		if (t->card[i] > t->card[best])
			best = i;
	t->scores[best]++;
	e = &ev->ev[ev->n++];
	e->hand = t->hand;
	snprintf(e->kind, sizeof(e->kind), "high");
	e->delta[best] = 1;
	snprintf(e->text, sizeof(e->text), "Seat %d shows the high card.",
	    best);
	if (t->scores[best] >= t->target) {
		t->over = 1;
		t->winners = (uint8_t)(1u << best);
		return GAME_OK;
	}
	t->hand++;
	t->dealer = (uint8_t)((t->dealer + 1) % t->nseats);
	if (t->decks_mode)
		t->needs_deck = 1;
	else
		toy_shuffle_deal(t);
	return GAME_OK;
}

static void
toy_status(const void *st, struct game_status *out)
{
	const struct toy	*t = st;
	int			 i;

	memset(out, 0, sizeof(*out));
	out->nseats = t->nseats;
	out->over = t->over;
	out->hand = t->hand;
	out->dealer = t->dealer;
	out->needs_deck = t->needs_deck;
	out->to_act = t->over || t->needs_deck ? 0 : 1u << t->turn;
	out->winners = t->winners;
	for (i = 0; i < t->nseats; i++)
		out->scores[i] = t->scores[i];
}

static enum game_rc
toy_parse(const char *text, struct game_move *mv, char why[GAME_WHY_MAX])
{
	enum game_rc	 rc;

	if ((rc = move_parse(&toy_grammar, text, mv, why)) != GAME_OK)
		return rc;
	if (mv->ncards > 0) {
		snprintf(why, GAME_WHY_MAX, "\"%s\" takes no card.",
		    toy_verbs[mv->verb]);
		return GAME_BAD_TEXT;
	}
	return GAME_OK;
}

static size_t
toy_format(const struct game_move *mv, char *buf, size_t bufsz)
{
	return move_format(&toy_grammar, mv, buf, bufsz);
}

static const struct game_rules toy_rules = {
	.slug = "toy", .name = "Toy", .cards = CARD_STD,
	.seats_min = 2, .seats_max = 3, .layout = 1,
	.state_size = sizeof(struct toy), .view_size = sizeof(struct toy),
	.setup = toy_setup, .deal = toy_deal, .apply = toy_apply,
	.status = toy_status, .parse = toy_parse, .format = toy_format,
};

struct events {
	int			 n;
	int			 ply[8];
	struct game_event	 ev[8];
};

static void
collect(void *ctx, int ply, const struct game_event *ev)
{
	struct events	*e = ctx;

	if (e->n < 8) {
		e->ply[e->n] = ply;
		e->ev[e->n++] = *ev;
	}
}

static void
moves_set(struct record_move *m, int n, const int *seats,
    const char *const *texts)
{
	int	 i;

	for (i = 0; i < n; i++) {
		m[i].seat = seats[i];
		snprintf(m[i].text, sizeof(m[i].text), "%s", texts[i]);
	}
}

static void
toy_record(struct record *rec, struct record_move *m, int n,
    const int *seats, const char *const *texts)
{
	memset(rec, 0, sizeof(*rec));
	rec->rules = &toy_rules;
	rec->nseats = 2;
	rec->dealer = -1;
	moves_set(m, n, seats, texts);
	rec->nmoves = n;
	rec->moves = m;
}

/* Decks mode: dealer 0 by default, each hand's deck dealt in turn. */
static void
test_decks_mode(void **state)
{
	static const card_t	 decks[] = { 0, 1, 2, 3, 3, 2, 1, 0 };
	static const int	 lens[] = { 4, 4 };
	static const int	 seats[] = { 1, 0, 0, 1 };
	static const char *const texts[] = { "show", "SHOW", "show", "show" };
	struct record_move	 m[4];
	struct record		 rec;
	struct record_result	 res;
	struct events		 evs;
	struct toy		 st, scratch;
	struct game_status	 gs;

	(void)state;
	toy_record(&rec, m, 4, seats, texts);
	rec.decks = decks;
	rec.decklen = lens;
	rec.ndecks = 2;
	memset(&evs, 0, sizeof(evs));
	/* Hand 1, dealer 0: seat 1 gets AS, seat 0 gets 2S and wins. */
	assert_int_equal(record_replay(&rec, -1, &st, &scratch, collect, &evs,
	    &res), 0);
	assert_int_equal(res.ply, 4);
	assert_int_equal(res.failed_move, 0);
	assert_int_equal(evs.n, 2);
	assert_int_equal(evs.ply[0], 2);
	assert_int_equal(evs.ev[0].hand, 1);
	assert_int_equal(evs.ev[0].delta[0], 1);
	assert_int_equal(evs.ev[0].delta[1], 0);
	/* Hand 2, dealer 1: seat 0 gets 4S (deck[0]), seat 1 gets 3S. */
	assert_int_equal(evs.ply[1], 4);
	assert_int_equal(evs.ev[1].hand, 2);
	assert_int_equal(evs.ev[1].delta[0], 1);
	toy_status(&st, &gs);
	assert_true(gs.over);
	assert_int_equal(gs.winners, 1);
	assert_int_equal(gs.scores[0], 2);
	assert_int_equal(gs.scores[1], 0);

	/* An explicit dealer overrides dealer 0: seat 0 now moves first. */
	rec.dealer = 1;
	assert_int_equal(record_replay(&rec, -1, &st, &scratch, NULL, NULL,
	    &res), 1);
	assert_int_equal(res.failed_move, 1);
	assert_non_null(strstr(res.why, "not seat 1's turn (to act: 0)"));
}

/* The next hand's deck is missing: the game waits and says so. */
static void
test_decks_missing(void **state)
{
	static const card_t	 decks[] = { 3, 2, 1, 0, 0, 1, 2, 3 };
	static const int	 lens[] = { 4, 4 };
	static const int	 seats[] = { 1, 0, 1 };
	static const char *const texts[] = { "show", "show", "show" };
	struct record_move	 m[3];
	struct record		 rec;
	struct record_result	 res;
	struct toy		 st, scratch;
	char			 why[GAME_WHY_MAX];

	(void)state;
	toy_record(&rec, m, 3, seats, texts);
	rec.decks = decks;
	rec.decklen = lens;
	rec.ndecks = 1;
	assert_int_equal(record_replay(&rec, -1, &st, &scratch, NULL, NULL,
	    &res), 1);
	assert_int_equal(res.ply, 2);
	assert_int_equal(res.failed_move, 3);
	assert_non_null(strstr(res.why, "deck of hand 2"));
	assert_true(st.needs_deck);
	/* Given the deck later, record_feed_decks deals it. */
	rec.ndecks = 2;
	assert_int_equal(record_feed_decks(&rec, &st, &scratch, why), 0);
	assert_false(st.needs_deck);
	assert_int_equal(st.hand, 2);
	/* Dealer 1: seat 0 gets deck[0]. */
	assert_int_equal(st.card[0], 0);
	assert_int_equal(st.card[1], 1);
}

/* A deck that is not one pack stops the replay with status 2. */
static void
test_deck_refused(void **state)
{
	static const card_t	 good_bad[] = { 0, 1, 2, 3, 0, 0, 1, 2 };
	static const int	 lens[] = { 4, 4 };
	static const int	 seats[] = { 1, 0, 1 };
	static const char *const texts[] = { "show", "show", "show" };
	struct record_move	 m[3];
	struct record		 rec;
	struct record_result	 res;
	struct toy		 st, scratch;

	(void)state;
	toy_record(&rec, m, 3, seats, texts);
	rec.decks = good_bad + 4;
	rec.decklen = lens;
	rec.ndecks = 1;
	assert_int_equal(record_replay(&rec, -1, &st, &scratch, NULL, NULL,
	    &res), 2);
	assert_string_equal(res.why, "\"decks\": hand 1: not one pack of "
	    "AS 2S 3S 4S");
	/* The second hand's deck: refused after move 2 ends hand 1. */
	rec.decks = good_bad;
	rec.ndecks = 2;
	assert_int_equal(record_replay(&rec, -1, &st, &scratch, NULL, NULL,
	    &res), 2);
	assert_int_equal(res.ply, 2);
	assert_non_null(strstr(res.why, "\"decks\": hand 2:"));
	/* Neither seed nor decks. */
	rec.ndecks = 0;
	assert_int_equal(record_replay(&rec, -1, &st, &scratch, NULL, NULL,
	    &res), 2);
	assert_non_null(strstr(res.why, "\"seed\""));
}

/* Seed mode: deterministic, the dealer drawn or overridden, upto. */
static void
test_seed_mode(void **state)
{
	static const int	 seats0[] = { 0, 1, 1, 0, 0, 1 };
	static const int	 seats1[] = { 1, 0, 0, 1, 1, 0 };
	static const char *const texts[] = { "show", "show", "show", "show",
	    "show", "show" };
	struct record_move	 m[6];
	struct record		 rec;
	struct record_result	 res;
	struct toy		 a, b, scratch;
	struct game_status	 gs;
	struct rng		 r;
	uint8_t			 seating[GAME_SEATS_MAX];
	int			 i, dealer;

	(void)state;
	toy_record(&rec, m, 6, seats0, texts);
	rec.has_seed = 1;
	snprintf(rec.options, sizeof(rec.options), "target=3");
	for (i = 0; i < 32; i++)
		rec.seed[i] = (uint8_t)(7 * i + 1);
	/* The dealer the seed draws (RULES.md 0.3) decides who starts. */
	rng_init(&r, rec.seed);
	dealer = game_draw_seating(&r, 2, -1, seating);
	if (dealer == 0)
		moves_set(m, 6, seats1, texts);
	assert_int_equal(record_replay(&rec, -1, &a, &scratch, NULL, NULL,
	    &res), 0);
	assert_int_equal(a.decks_mode, 0);
	toy_status(&a, &gs);
	assert_int_equal(gs.scores[0] + gs.scores[1], 3);
	assert_int_equal(gs.over, gs.scores[0] == 3 || gs.scores[1] == 3);
	/* The same record gives the same bytes. */
	assert_int_equal(record_replay(&rec, -1, &b, &scratch, NULL, NULL,
	    &res), 0);
	assert_memory_equal(&a, &b, sizeof(a));
	/* upto stops after that many moves. */
	assert_int_equal(record_replay(&rec, 1, &b, &scratch, NULL, NULL,
	    &res), 0);
	assert_int_equal(res.ply, 1);
	assert_int_equal(b.shown, 1);
	assert_int_equal(record_replay(&rec, 0, &b, &scratch, NULL, NULL,
	    &res), 0);
	assert_int_equal(res.ply, 0);
	assert_int_equal(b.dealer, dealer);
	/* Overriding the dealer flips who must move first. */
	rec.dealer = !dealer;
	assert_int_equal(record_replay(&rec, -1, &b, &scratch, NULL, NULL,
	    &res), 1);
	assert_int_equal(res.failed_move, 1);
	/* Bad options are the set-up's refusal, naming "options". */
	rec.dealer = -1;
	snprintf(rec.options, sizeof(rec.options), "colour=red");
	assert_int_equal(record_replay(&rec, -1, &b, &scratch, NULL, NULL,
	    &res), 2);
	assert_int_equal(res.rc, GAME_BAD_OPTIONS);
	assert_non_null(strstr(res.why, "\"options\": "));
	assert_non_null(strstr(res.why, "colour"));
}

/* Refused and unreadable moves: which move, why, state before it. */
static void
test_refusals(void **state)
{
	static const card_t	 decks[] = { 0, 1, 2, 3, 0, 1, 2, 3 };
	static const int	 lens[] = { 4, 4 };
	static const int	 seats[] = { 1, 0, 0, 1 };
	const char		*texts[] = { "show", "show", "pass", "show" };
	struct record_move	 m[4];
	struct record		 rec;
	struct record_result	 res;
	struct events		 evs;
	struct toy		 st, before, scratch;

	(void)state;
	toy_record(&rec, m, 4, seats, texts);
	rec.decks = decks;
	rec.decklen = lens;
	rec.ndecks = 2;
	assert_int_equal(record_replay(&rec, 2, &before, &scratch, NULL, NULL,
	    &res), 0);
	memset(&evs, 0, sizeof(evs));
	assert_int_equal(record_replay(&rec, -1, &st, &scratch, collect, &evs,
	    &res), 1);
	assert_int_equal(res.failed_move, 3);
	assert_int_equal(res.ply, 2);
	assert_int_equal(res.rc, GAME_REFUSED);
	assert_string_equal(res.why, "Passing is not allowed.");
	assert_memory_equal(&st, &before, sizeof(st));
	assert_int_equal(evs.n, 1);

	texts[1] = "dance";
	moves_set(m, 4, seats, texts);
	assert_int_equal(record_replay(&rec, -1, &st, &scratch, NULL, NULL,
	    &res), 1);
	assert_int_equal(res.failed_move, 2);
	assert_int_equal(res.rc, GAME_BAD_TEXT);
	assert_non_null(strstr(res.why, "dance"));

	texts[1] = "show 2S";
	moves_set(m, 4, seats, texts);
	assert_int_equal(record_replay(&rec, -1, &st, &scratch, NULL, NULL,
	    &res), 1);
	assert_int_equal(res.failed_move, 2);
	assert_string_equal(res.why, "\"show\" takes no card.");

	m[0].seat = 2;
	assert_int_equal(record_replay(&rec, -1, &st, &scratch, NULL, NULL,
	    &res), 1);
	assert_int_equal(res.failed_move, 1);
	assert_string_equal(res.why, "There is no seat 2.");

	/* A move after the end of the game. */
	toy_record(&rec, m, 4, seats, (const char *const[]){ "show", "show",
	    "show", "show" });
	rec.decks = decks;
	rec.decklen = lens;
	rec.ndecks = 2;
	snprintf(rec.options, sizeof(rec.options), "target=1");
	assert_int_equal(record_replay(&rec, -1, &st, &scratch, NULL, NULL,
	    &res), 1);
	assert_int_equal(res.failed_move, 3);
	assert_string_equal(res.why, "The game is over.");
}

/* Play a Gin Vodka game to its end from seed with bot_random-like picks. */
static int
gin_play(const uint8_t seed[32], struct record_move *log, int max,
    struct gv_state *st)
{
	const struct game_rules	*gv = game_find("gin-vodka");
	struct game_setup	 su = { 2, "", seed, -1 };
	struct game_status	 gs;
	struct game_move	 legal[64];
	struct game_events	 ev;
	struct gv_state		 next;
	struct rng		 r;
	char			 why[GAME_WHY_MAX];
	int			 n = 0, seat, k;

	assert_int_equal(gv->setup(st, &su, why), GAME_OK);
	rng_init(&r, seed);	/* the picks' own stream, not the game's */
	rng_next(&r);
	for (gs.over = 0; n < max; n++) {
		gv->status(st, &gs);
		if (gs.over)
			break;
		seat = game_first_seat(gs.to_act);
		k = gv->legal(st, seat, legal, 64);
		assert_true(k > 0 && k <= 64);
		k = (int)rng_uniform(&r, (uint32_t)k);
		log[n].seat = seat;
		gv->format(&legal[k], log[n].text, sizeof(log[n].text));
		assert_int_equal(gv->apply(st, &next, seat, &legal[k], &ev,
		    why), GAME_OK);
		*st = next;
	}
	assert_true(gs.over);
	return n;
}

/*
 * A Gin Vodka game replays from its seed to the same bytes, and from
 * the decks its seed shuffles (RULES.md 0.3: seating, dealer, then a
 * shuffle per hand, deck[0] = top) to the same scores and hands.
 */
static void
test_gin_vodka_modes(void **state)
{
	static struct record_move log[50000];
	static card_t		 decks[64 * 64];
	static int		 lens[64];
	struct gv_state		 played, a, scratch;
	struct game_status	 s1, s2;
	struct record		 rec;
	struct record_result	 res;
	struct rng		 r;
	uint8_t			 seed[32], seating[GAME_SEATS_MAX];
	int			 n, h, i;

	(void)state;
	for (i = 0; i < 32; i++)
		seed[i] = (uint8_t)(i * 13 + 5);
	n = gin_play(seed, log, 50000, &played);
	memset(&rec, 0, sizeof(rec));
	rec.rules = game_find("gin-vodka");
	rec.nseats = 2;
	rec.dealer = -1;
	rec.has_seed = 1;
	memcpy(rec.seed, seed, 32);
	rec.nmoves = n;
	rec.moves = log;
	assert_int_equal(record_replay(&rec, -1, &a, &scratch, NULL, NULL,
	    &res), 0);
	assert_int_equal(res.ply, n);
	assert_memory_equal(&a, &played, sizeof(a));

	/* The same deals as decks: no stock ever reshuffles in Gin Vodka. */
	rng_init(&r, seed);
	rec.dealer = game_draw_seating(&r, 2, -1, seating);
	for (h = 0; h < 64; h++) {
		lens[h] = deck_fill(DECK_SQUARES, 1, decks + 64 * h);
		rng_shuffle(&r, decks + 64 * h, 64);
	}
	rec.has_seed = 0;
	rec.decks = decks;
	rec.decklen = lens;
	rec.ndecks = 64;
	assert_int_equal(record_replay(&rec, -1, &a, &scratch, NULL, NULL,
	    &res), 0);
	assert_int_equal(res.ply, n);
	rec.rules->status(&played, &s1);
	rec.rules->status(&a, &s2);
	assert_memory_equal(s1.scores, s2.scores, sizeof(s1.scores));
	assert_int_equal(s1.hand, s2.hand);
	assert_int_equal(s1.winners, s2.winners);
	assert_memory_equal(a.hands, played.hands, sizeof(a.hands));
	assert_memory_equal(&a.last, &played.last, sizeof(a.last));
	assert_true(a.decks_mode);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_decks_mode),
		cmocka_unit_test(test_decks_missing),
		cmocka_unit_test(test_deck_refused),
		cmocka_unit_test(test_seed_mode),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_gin_vodka_modes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
