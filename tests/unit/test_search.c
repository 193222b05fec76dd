/*
 * test_search.c: the strong bot (search.h) and every game's
 * determinize(): a sampled state is a whole, valid state that shows
 * the seat exactly its view; cards public play put in a hand stay in
 * it; and the strong move does not depend on a hidden card.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "bot.h"
#include "casino.h"
#include "game.h"
#include "gin_vodka.h"
#include "rng.h"
#include "rummy500.h"
#include "search.h"
#include "six_suit.h"
#include "test_selfplay.h"
#include "twelve_step.h"
#include "vodkapolis.h"

enum { PLY_MAX = 3000 };

static _Alignas(16) uint8_t	 st[GAME_STATE_MAX], nx[GAME_STATE_MAX];
static _Alignas(16) uint8_t	 vw[GAME_STATE_MAX], v2[GAME_STATE_MAX];
static _Alignas(16) uint8_t	 det[GAME_STATE_MAX], alt[GAME_STATE_MAX];

/* Set up slug at nseats from a seed made of tag. */
static const struct game_rules *
start(const char *slug, int nseats, int tag)
{
	const struct game_rules	*r = game_find(slug);

	selfplay_start(r, st, nseats, tag, 0x5e);
	return r;
}

/* One easy-bot move in st; 0, or -1 when the game is over. */
static int
step(const struct game_rules *r, struct rng *nr)
{
	return selfplay_step(r, st, nx, vw, nr);
}

/*
 * Sampled from seat's view: audit() passes, the sample's view for
 * seat is byte for byte the view, and other noise samples otherwise.
 */
static void
check_sample(const struct game_rules *r, int seat, int *differ)
{
	uint8_t	 nz[32];
	char	 why[GAME_WHY_MAX];
	int	 k;

	r->view(st, seat, vw);
	for (k = 0; k < 3; k++) {
		memset(nz, k + 1, sizeof(nz));
		memset(det, 0x5a, sizeof(det));
		r->determinize(vw, seat, nz, det);
		why[0] = '\0';
		if (r->audit(det, why) != 0)
			fail_msg("%s: sample for seat %d: %s", r->slug, seat,
			    why);
		memset(v2, 0x5a, sizeof(v2));
		r->view(det, seat, v2);
		assert_memory_equal(v2, vw, r->view_size);
		if (k > 0 && memcmp(det, alt, r->state_size) != 0)
			(*differ)++;
		memcpy(alt, det, r->state_size);
	}
}

/* Every game, several positions and seats: samples are whole and fit. */
static void
test_samples_fit_the_view(void **unused)
{
	static const struct { const char *slug; int nseats; } g[] = {
		{ "gin-vodka", 2 }, { "casino-macedonia", 3 },
		{ "rummy-500", 3 }, { "vodkapolis-500", 3 },
		{ "six-suit", 4 }, { "twelve-step-rummy", 3 },
	};
	const struct game_rules	*r;
	struct rng		 nr;
	uint8_t			 key[32];
	size_t			 i;
	int			 ply, seat, differ;

	(void)unused;
	memset(key, 3, sizeof(key));
	for (i = 0; i < sizeof(g) / sizeof(g[0]); i++) {
		r = start(g[i].slug, g[i].nseats, (int)i);
		assert_non_null(r->determinize);
		rng_init(&nr, key);
		differ = 0;
		for (ply = 0; ply < 120; ply++) {
			if (ply % 10 == 0)
				for (seat = 0; seat < g[i].nseats; seat++)
					check_sample(r, seat, &differ);
			if (step(r, &nr) != 0)
				break;
		}
		if (differ == 0)
			fail_msg("%s: every noise gave the same sample",
			    r->slug);
	}
}

/* Play easy bots until known(st) names a seat; that seat, or fail. */
static int
play_until(const struct game_rules *r, int (*known)(const void *))
{
	struct rng	 nr;
	uint8_t		 key[32];
	int		 ply, who;

	memset(key, 9, sizeof(key));
	rng_init(&nr, key);
	for (ply = 0; ply < PLY_MAX; ply++) {
		if ((who = known(st)) >= 0)
			return who;
		if (step(r, &nr) != 0)
			break;
	}
	fail_msg("%s: no position with a known card", r->slug);
	return -1;
}

static card_t	 known_card;

static int
gv_known(const void *p)
{
	const struct gv_state	*s = p;

	if (s->phase != GV_PHASE_DISCARD || !s->from_pile)
		return -1;
	known_card = s->drawn;
	return s->turn;
}

static int
r500_known(const void *p)
{
	const struct r500_state	*s = p;

	if (s->phase != R500_PHASE_PLAY || s->owed == CARD_NONE)
		return -1;
	known_card = s->owed;
	return s->turn;
}

static int
vp_known(const void *p)
{
	const struct vp_state	*s = p;

	if (s->phase == VP_PHASE_OVER || !vp_obliged(s))
		return -1;
	known_card = s->taken;
	return s->turn;
}

static int
tsr_known(const void *p)
{
	const struct tsr_state	*s = p;

	if (s->phase != TSR_PHASE_PLAY || !s->from_pile ||
	    s->drawn == CARD_NONE || s->hand[s->turn][s->drawn] == 0)
		return -1;
	known_card = s->drawn;
	return s->turn;
}

static int
six_known(const void *p)
{
	const struct six_state	*s = p;

	int				 j;

	if (s->phase == SIX_PHASE_VETO) {
		known_card = s->prop_card;
		return s->turn;
	}
	/* A drawn card shown to everyone, still in hand. */
	if (s->phase != SIX_PHASE_PLAY || !s->shown || s->ndrawn == 0)
		return -1;
	for (j = 0; j < s->nhand[s->turn]; j++)
		if (s->hands[s->turn][j] == s->drawn[0]) {
			known_card = s->drawn[0];
			return s->turn;
		}
	return -1;
}

/* Does seat's hand hold c in state p of game slug? */
static int
holds(const char *slug, const void *p, int seat, card_t c)
{
	int	 j;

	if (strcmp(slug, "twelve-step-rummy") == 0)
		return ((const struct tsr_state *)p)->hand[seat][c] > 0;
	if (strcmp(slug, "gin-vodka") == 0) {
		const struct gv_state *s = p;
		for (j = 0; j < s->nhand[seat]; j++)
			if (s->hands[seat][j] == c)
				return 1;
	} else if (strcmp(slug, "rummy-500") == 0) {
		const struct r500_state *s = p;
		for (j = 0; j < s->nhand[seat]; j++)
			if (s->hands[seat][j] == c)
				return 1;
	} else if (strcmp(slug, "vodkapolis-500") == 0) {
		const struct vp_state *s = p;
		for (j = 0; j < s->nhand[seat]; j++)
			if (s->hands[seat][j] == c)
				return 1;
	} else if (strcmp(slug, "six-suit") == 0) {
		const struct six_state *s = p;
		for (j = 0; j < s->nhand[seat]; j++)
			if (s->hands[seat][j] == c)
				return 1;
	}
	return 0;
}

/*
 * A card taken face up (from a discard pile, the chain, or a play
 * under veto) is in the taker's hand in every sample another seat
 * makes.
 */
static void
test_known_cards_stay(void **unused)
{
	static const struct {
		const char	*slug;
		int		 nseats;
		int		(*known)(const void *);
	} g[] = {
		{ "gin-vodka", 2, gv_known },
		{ "rummy-500", 2, r500_known },
		{ "vodkapolis-500", 3, vp_known },
		{ "twelve-step-rummy", 2, tsr_known },
		{ "six-suit", 3, six_known },
	};
	const struct game_rules	*r;
	uint8_t			 nz[32];
	size_t			 i;
	int			 who, seat, k;

	(void)unused;
	for (i = 0; i < sizeof(g) / sizeof(g[0]); i++) {
		r = start(g[i].slug, g[i].nseats, 40 + (int)i);
		who = play_until(r, g[i].known);
		assert_true(holds(g[i].slug, st, who, known_card));
		seat = (who + 1) % g[i].nseats;
		r->view(st, seat, vw);
		assert_false(holds(g[i].slug, vw, who, known_card));
		for (k = 0; k < 20; k++) {
			memset(nz, 0, sizeof(nz));
			nz[0] = (uint8_t)k;
			r->determinize(vw, seat, nz, det);
			if (!holds(g[i].slug, det, who, known_card))
				fail_msg("%s: sample %d lost the known card",
				    r->slug, k);
		}
	}
}

/*
 * A seat that took a card face up in an earlier turn and still holds
 * it, not the seat to act now: that seat, with known_card; or -1.
 */
static int
gv_known_before(const void *p)
{
	const struct gv_state	*s = p;
	int			 o = s->turn ^ 1;

	if (s->phase < GV_PHASE_DRAW || s->phase >= GV_PHASE_OVER ||
	    s->nknown[o] == 0)
		return -1;
	known_card = s->known[o][0];
	return o;
}

static int
r500_known_before(const void *p)
{
	const struct r500_state	*s = p;
	int			 o, c;

	if (s->phase != R500_PHASE_DRAW)
		return -1;
	for (o = 0; o < s->nseats; o++)
		for (c = 0; o != s->turn && c < 64; c++)
			if ((s->known[o] >> c) & 1) {
				known_card = (card_t)c;
				return o;
			}
	return -1;
}

static int
vp_known_before(const void *p)
{
	const struct vp_state	*s = p;
	int			 o, c;

	if (s->phase != VP_PHASE_DRAW)
		return -1;
	for (o = 0; o < s->nseats; o++)
		for (c = 0; o != s->turn && c < 128; c++)
			if (vp_known_has(s->known[o], (card_t)c)) {
				known_card = (card_t)c;
				return o;
			}
	return -1;
}

static int
tsr_known_before(const void *p)
{
	const struct tsr_state	*s = p;
	int			 o, c;

	if (s->phase != TSR_PHASE_DRAW)
		return -1;
	for (o = 0; o < s->nseats; o++)
		for (c = 0; o != s->turn && c < TSR_IDS; c++)
			if (s->known[o][c] > 0) {
				known_card = (card_t)c;
				return o;
			}
	return -1;
}

/* A drawn card shown, or a play refused under veto, turns ago. */
static int
six_known_before(const void *p)
{
	const struct six_state	*s = p;
	int			 o, c;

	if (s->phase != SIX_PHASE_PREDICT)
		return -1;
	for (o = 0; o < s->nseats; o++)
		for (c = 0; o != s->turn && c < CARD_TT_COUNT; c++)
			if (six_known_has(s->known[o], (card_t)c)) {
				known_card = (card_t)c;
				return o;
			}
	return -1;
}

/*
 * A card taken face up turns ago and held since is in the taker's hand
 * in every sample another seat makes, and public in every view.
 */
static void
test_known_cards_stay_later(void **unused)
{
	static const struct {
		const char	*slug;
		int		 nseats;
		int		(*known)(const void *);
	} g[] = {
		{ "gin-vodka", 2, gv_known_before },
		{ "rummy-500", 3, r500_known_before },
		{ "vodkapolis-500", 3, vp_known_before },
		{ "twelve-step-rummy", 2, tsr_known_before },
		{ "six-suit", 3, six_known_before },
	};
	const struct game_rules	*r;
	uint8_t			 nz[32];
	size_t			 i;
	int			 who, seat, k;

	(void)unused;
	for (i = 0; i < sizeof(g) / sizeof(g[0]); i++) {
		r = start(g[i].slug, g[i].nseats, 80 + (int)i);
		who = play_until(r, g[i].known);
		assert_true(holds(g[i].slug, st, who, known_card));
		for (seat = 0; seat < g[i].nseats; seat++) {
			if (seat == who)
				continue;
			r->view(st, seat, vw);
			assert_false(holds(g[i].slug, vw, who, known_card));
			for (k = 0; k < 20; k++) {
				memset(nz, 0, sizeof(nz));
				nz[0] = (uint8_t)k;
				r->determinize(vw, seat, nz, det);
				if (!holds(g[i].slug, det, who, known_card))
					fail_msg("%s: sample %d lost the card "
					    "known before", r->slug, k);
			}
		}
	}
}

/*
 * Swap a hidden card of seat o with a stock card in st (keeping the
 * hand sorted): the same position but for one hidden card.  Returns 0,
 * or -1 when there is no stock.
 */
static int
swap_hidden(const char *slug, int o)
{
	card_t	*h = NULL, *stock = NULL, t;
	int	 n = 0, ns = 0, c;

	if (strcmp(slug, "twelve-step-rummy") == 0) {
		struct tsr_state *s = (struct tsr_state *)st;
		if (s->nstock == 0)
			return -1;
		for (c = 0; c < TSR_IDS && s->hand[o][c] == 0; c++)
			;
		if (c == TSR_IDS || c == s->stock[0])
			return -1;
		s->hand[o][c]--;
		s->hand[o][s->stock[0]]++;
		s->stock[0] = (card_t)c;
		return 0;
	}
	if (strcmp(slug, "gin-vodka") == 0) {
		struct gv_state *s = (struct gv_state *)st;
		h = s->hands[o], n = s->nhand[o], stock = s->stock;
		ns = s->nstock;
	} else if (strcmp(slug, "casino-macedonia") == 0) {
		struct cm_state *s = (struct cm_state *)st;
		h = s->hands[o], n = s->nhand[o], stock = s->stock;
		ns = s->nstock;
	} else if (strcmp(slug, "rummy-500") == 0) {
		struct r500_state *s = (struct r500_state *)st;
		h = s->hands[o], n = s->nhand[o], stock = s->stock;
		ns = s->nstock;
	} else if (strcmp(slug, "vodkapolis-500") == 0) {
		struct vp_state *s = (struct vp_state *)st;
		h = s->hands[o], n = s->nhand[o], stock = s->stock;
		ns = s->nstock;
	} else if (strcmp(slug, "six-suit") == 0) {
		struct six_state *s = (struct six_state *)st;
		h = s->hands[o], n = s->nhand[o], stock = s->stock;
		ns = s->nstock;
		if (n > 0 && six_known_has(s->known[o], h[0]))
			return -1;	/* public, not hidden */
	}
	if (n == 0 || ns == 0)
		return -1;
	t = h[0];
	h[0] = stock[0];
	stock[0] = t;
	for (c = 1; c < n && h[c - 1] > h[c]; c++) {
		t = h[c];
		h[c] = h[c - 1];
		h[c - 1] = t;
	}
	return 0;
}

/*
 * Two games that differ only in an opponent's hidden card give the
 * same strong move for the same noise: the bot never reads it.
 */
static void
test_strong_move_ignores_hidden_cards(void **unused)
{
	const struct game_rules *const	*all = game_all();
	struct search_budget		 b;
	struct game_status		 gs;
	struct game_move		 m1, m2;
	struct rng			 nr;
	uint8_t				 key[32], nz[32];
	char				 t1[GAME_MOVE_TEXT_MAX], t2[GAME_MOVE_TEXT_MAX];
	char				 why[GAME_WHY_MAX];
	int				 i, ply, seat, o, tried;

	(void)unused;
	memset(&b, 0, sizeof(b));
	b.playouts = 60;
	b.depth = 60;
	memset(key, 7, sizeof(key));
	for (i = 0; all[i] != NULL; i++) {
		start(all[i]->slug, 2, 60 + i);
		rng_init(&nr, key);
		for (tried = ply = 0; ply < 200 && tried < 2; ply++) {
			if (step(all[i], &nr) != 0)
				break;
			all[i]->status(st, &gs);
			if (gs.over || ply % 7 != 3)
				continue;
			seat = game_first_seat(gs.to_act);
			o = seat ^ 1;
			memcpy(alt, st, all[i]->state_size);
			if (swap_hidden(all[i]->slug, o) != 0) {
				memcpy(st, alt, all[i]->state_size);
				continue;
			}
			assert_int_equal(all[i]->audit(st, why), 0);
			assert_memory_not_equal(st, alt, all[i]->state_size);
			all[i]->view(st, seat, vw);
			all[i]->view(alt, seat, v2);
			assert_memory_equal(vw, v2, all[i]->view_size);
			memset(nz, ply, sizeof(nz));
			assert_int_equal(search_choose(all[i], vw, seat, nz, &b,
			    &m1, NULL), GAME_OK);
			assert_int_equal(search_choose(all[i], v2, seat, nz, &b,
			    &m2, NULL), GAME_OK);
			all[i]->format(&m1, t1, sizeof(t1));
			all[i]->format(&m2, t2, sizeof(t2));
			assert_string_equal(t1, t2);
			memcpy(st, alt, all[i]->state_size);
			tried++;
		}
		if (tried == 0)
			fail_msg("%s: no position to try", all[i]->slug);
	}
}

/*
 * The same noise gives the same move; the stop callback is obeyed
 * after each playout.
 */
static int
stop_now(void *arg)
{
	return ++*(int *)arg >= 3;
}

static void
test_search_replays_and_stops(void **unused)
{
	const struct game_rules	*r;
	struct search_budget	 b;
	struct search_stats	 s1, s2;
	struct game_move	 m1, m2;
	struct rng		 nr;
	uint8_t			 key[32], nz[32];
	int			 calls = 0, ply;

	(void)unused;
	r = start("rummy-500", 2, 77);
	memset(key, 1, sizeof(key));
	rng_init(&nr, key);
	memset(nz, 4, sizeof(nz));
	memset(&b, 0, sizeof(b));
	b.playouts = 200;
	for (ply = 0; ply < 50; ply++) {
		r->view(st, 0, vw);
		if (search_choose(r, vw, 0, nz, &b, &m1, &s1) == GAME_OK &&
		    s1.candidates > 2)
			break;
		assert_int_equal(step(r, &nr), 0);
	}
	assert_true(s1.candidates > 2);
	assert_true(s1.playouts >= 200 - s1.candidates &&
	    s1.playouts <= 200);
	assert_int_equal(search_choose(r, vw, 0, nz, &b, &m2, &s2), GAME_OK);
	assert_memory_equal(&m1, &m2, sizeof(m1));
	assert_int_equal(s1.moves, s2.moves);
	b.stop = stop_now;
	b.arg = &calls;
	/*
	 * Stopped at its third poll (after a playout, or every 32 moves
	 * within one): mid-round, which counts nothing.
	 */
	assert_int_equal(search_choose(r, vw, 0, nz, &b, &m2, &s2), GAME_OK);
	assert_int_equal(calls, 3);
	assert_int_equal(s2.rounds, 0);
	assert_true(s2.playouts >= 1 && s2.playouts <= 3);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_samples_fit_the_view),
		cmocka_unit_test(test_known_cards_stay),
		cmocka_unit_test(test_known_cards_stay_later),
		cmocka_unit_test(test_strong_move_ignores_hidden_cards),
		cmocka_unit_test(test_search_replays_and_stops),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
