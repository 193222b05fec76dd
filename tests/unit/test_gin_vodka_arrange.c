/*
 * test_gin_vodka_arrange.c: the defender's best arrangement
 * (gv_defender_arrangement) against an independent exhaustive search.
 *
 * 100,000 seeded deals: up to three random knocker melds, then 11
 * defender cards, half drawn from the whole remaining deck and half
 * from a random sub-box of it (so melds and lay-offs are common).  The
 * brute force here knows nothing of lines: it tries every 3- and
 * 4-card subset of the hand as a meld, every set of disjoint ones, and
 * for the cards left every assignment to deadwood or to a knocker meld
 * they extend.  The engine's arrangement must be valid, reach the same
 * minimum, and be the same one the tie rule of RULES.md 3b picks.
 * Then a hand made ready once and searched without each card in turn
 * (gv_hand_search_without, the bot's loops) against those searches.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "card.h"
#include "deck.h"
#include "gin_vodka.h"
#include "rng.h"

enum {
	DEALS = 100000,
	HAND = 11,
	CANDS_MAX = 512,
	KEY_LEN = 40
};

struct brute {
	const card_t		*hand;		/* sorted */
	const struct gv_meld	*km;
	int			 nk;
	uint16_t		 cand[CANDS_MAX];	/* bitmasks over hand */
	int			 ncand;
	/* current */
	int			 chosen[4], nchosen;
	int			 lay[HAND];		/* -1 dead, else knocker meld */
	/* best */
	int			 best;
	uint8_t			 bestkey[KEY_LEN];
	long			 leaves;
};

static int
value(card_t c)
{
	return card_tt_number(c) + 1 + 2 * (card_tt_color(c) == CARD_BLUE) +
	    2 * (card_tt_suit(c) == CARD_SQUARE);
}

/* Do these cards (2..5) all agree on at least two attributes? */
static int
one_line(const card_t *c, int n)
{
	int	 i, sn = 1, sc = 1, ss = 1;

	for (i = 1; i < n; i++) {
		sn &= card_tt_number(c[i]) == card_tt_number(c[0]);
		sc &= card_tt_color(c[i]) == card_tt_color(c[0]);
		ss &= card_tt_suit(c[i]) == card_tt_suit(c[0]);
	}
	return sn + sc + ss >= 2;
}

static void
sort_cards(card_t *a, int n)
{
	int	 i, j;
	card_t	 t;

	for (i = 1; i < n; i++)
		for (j = i; j > 0 && a[j - 1] > a[j]; j--) {
			t = a[j];
			a[j] = a[j - 1];
			a[j - 1] = t;
		}
}

/* Key: dead ids, 0, each meld (by lowest id), 0 ..., lay-offs per knocker meld, 0. */
static void
brute_key(const struct brute *b, unsigned meldmask, uint8_t key[KEY_LEN])
{
	int	 order[4], i, j, k = 0, t;

	memset(key, 0, KEY_LEN);
	for (i = 0; i < HAND; i++)
		if (!(meldmask & (1u << i)) && b->lay[i] < 0)
			key[k++] = (uint8_t)(b->hand[i] + 1);
	k++;
	for (i = 0; i < b->nchosen; i++)
		order[i] = b->chosen[i];
	/* Melds by lowest card: the lowest set bit, as the hand is sorted. */
	for (i = 1; i < b->nchosen; i++)
		for (j = i; j > 0 && __builtin_ctz(b->cand[order[j - 1]]) >
		    __builtin_ctz(b->cand[order[j]]); j--) {
			t = order[j];
			order[j] = order[j - 1];
			order[j - 1] = t;
		}
	for (i = 0; i < b->nchosen; i++) {
		for (j = 0; j < HAND; j++)
			if (b->cand[order[i]] & (1u << j))
				key[k++] = (uint8_t)(b->hand[j] + 1);
		k++;
	}
	for (t = 0; t < b->nk; t++) {
		for (i = 0; i < HAND; i++)
			if (!(meldmask & (1u << i)) && b->lay[i] == t)
				key[k++] = (uint8_t)(b->hand[i] + 1);
		k++;
	}
	assert_true(k <= KEY_LEN);
}

/* Assign the cards outside the melds, from i on, to deadwood or lay-offs. */
static void
assign(struct brute *b, unsigned meldmask, int i, int dw, int *room)
{
	card_t	 line[GV_MELD_MAX + 1];
	uint8_t	 key[KEY_LEN];
	int	 j, n, t;

	if (i == HAND) {
		b->leaves++;
		brute_key(b, meldmask, key);
		if (dw < b->best || (dw == b->best &&
		    memcmp(key, b->bestkey, KEY_LEN) < 0)) {
			b->best = dw;
			memcpy(b->bestkey, key, KEY_LEN);
		}
		return;
	}
	if (meldmask & (1u << i)) {
		assign(b, meldmask, i + 1, dw, room);
		return;
	}
	b->lay[i] = -1;
	assign(b, meldmask, i + 1, dw + value(b->hand[i]), room);
	for (t = 0; t < b->nk; t++) {
		if (room[t] == 0)
			continue;
		/* The meld, the cards already laid on it, and this one. */
		n = b->km[t].ncards;
		memcpy(line, b->km[t].cards, (size_t)n);
		for (j = 0; j < i; j++)
			if (!(meldmask & (1u << j)) && b->lay[j] == t)
				line[n++] = b->hand[j];
		line[n++] = b->hand[i];
		if (n > GV_MELD_MAX || !one_line(line, n))
			continue;
		b->lay[i] = t;
		room[t]--;
		assign(b, meldmask, i + 1, dw, room);
		room[t]++;
	}
	b->lay[i] = -1;
}

static void
collections(struct brute *b, int from, unsigned used)
{
	int	 room[GV_MELDS_MAX], t, c;

	for (t = 0; t < b->nk; t++)
		room[t] = GV_MELD_MAX - b->km[t].ncards;
	assign(b, used, 0, 0, room);
	if (b->nchosen == 4)
		return;
	for (c = from; c < b->ncand; c++)
		if (!(b->cand[c] & used)) {
			b->chosen[b->nchosen++] = c;
			collections(b, c + 1, used | b->cand[c]);
			b->nchosen--;
		}
}

/* Brute force: the minimum deadwood and the key of the tie rule's pick. */
static int
brute_force(const card_t *hand, const struct gv_meld *km, int nk,
    uint8_t key[KEY_LEN], long *leaves)
{
	struct brute	 b;
	card_t		 sub[4];
	unsigned	 m;
	int		 i, n;

	memset(&b, 0, sizeof(b));
	b.hand = hand;
	b.km = km;
	b.nk = nk;
	for (m = 0; m < (1u << HAND); m++) {
		n = __builtin_popcount(m);
		if (n != 3 && n != 4)
			continue;
		for (i = n = 0; i < HAND; i++)
			if (m & (1u << i))
				sub[n++] = hand[i];
		if (one_line(sub, n)) {
			assert_true(b.ncand < CANDS_MAX);
			b.cand[b.ncand++] = (uint16_t)m;
		}
	}
	b.best = 1 << 30;
	collections(&b, 0, 0);
	memcpy(key, b.bestkey, KEY_LEN);
	*leaves += b.leaves;
	return b.best;
}

/* The key of the engine's arrangement, by the same rule. */
static void
engine_key(const struct gv_arrangement *a, int nk, uint8_t key[KEY_LEN])
{
	int	 i, j, k = 0;

	memset(key, 0, KEY_LEN);
	for (i = 0; i < a->ndead; i++)
		key[k++] = (uint8_t)(a->dead[i] + 1);
	k++;
	for (i = 0; i < a->nmelds; i++) {
		for (j = 0; j < a->melds[i].ncards; j++)
			key[k++] = (uint8_t)(a->melds[i].cards[j] + 1);
		k++;
	}
	for (j = 0; j < nk; j++) {
		for (i = 0; i < a->nlaid; i++)
			if (a->laid_on[i] == j)
				key[k++] = (uint8_t)(a->laid[i] + 1);
		k++;
	}
}

/* The engine's arrangement uses every card once, legally, and adds up. */
static void
check_valid(const card_t *hand, const struct gv_meld *km, int nk,
    const struct gv_arrangement *a, int dw)
{
	card_t	 line[GV_MELD_MAX + 1];
	int	 count[CARD_TT_COUNT] = { 0 };
	int	 i, j, n, sum = 0;

	for (i = 0; i < a->nmelds; i++) {
		assert_true(a->melds[i].ncards >= 3 && a->melds[i].ncards <= 4);
		assert_true(one_line(a->melds[i].cards, a->melds[i].ncards));
		for (j = 0; j < a->melds[i].ncards; j++)
			count[a->melds[i].cards[j]]++;
	}
	for (i = 0; i < a->ndead; i++) {
		count[a->dead[i]]++;
		sum += value(a->dead[i]);
	}
	for (j = 0; j < nk; j++) {
		n = km[j].ncards;
		memcpy(line, km[j].cards, (size_t)n);
		for (i = 0; i < a->nlaid; i++)
			if (a->laid_on[i] == j) {
				assert_true(n < GV_MELD_MAX);
				line[n++] = a->laid[i];
			}
		assert_true(one_line(line, n));
	}
	for (i = 0; i < a->nlaid; i++) {
		assert_true(a->laid_on[i] < nk);
		count[a->laid[i]]++;
	}
	for (i = 0; i < HAND; i++)
		assert_int_equal(count[hand[i]], 1);
	for (i = n = 0; i < a->nmelds; i++)
		n += a->melds[i].ncards;
	assert_int_equal(n + a->ndead + a->nlaid, HAND);
	assert_int_equal(sum, dw);
	assert_int_equal(a->deadwood, dw);
}

/* Up to three disjoint random knocker melds; marks their cards used. */
static int
knocker_melds(struct rng *r, uint8_t *used, struct gv_meld *km)
{
	card_t	 line[4], t;
	int	 nk = (int)rng_uniform(r, 4), k = 0, tries, o, a, b, v, i, size;

	for (tries = 0; k < nk && tries < 20; tries++) {
		o = (int)rng_uniform(r, 3);
		a = (int)rng_uniform(r, 4);
		b = (int)rng_uniform(r, 4);
		for (v = 0; v < 4; v++)
			line[v] = o == 0 ? card_tt_make(v, a, b) : o == 1 ?
			    card_tt_make(a, v, b) : card_tt_make(a, b, v);
		rng_shuffle(r, line, 4);
		size = 3 + (int)rng_uniform(r, 2);
		for (i = 0; i < size; i++)
			if (used[line[i]])
				break;
		if (i < size)
			continue;
		km[k].ncards = (uint8_t)size;
		km[k].nlaid = 0;
		for (i = 0; i < size; i++) {
			used[line[i]] = 1;
			km[k].cards[i] = line[i];
		}
		/* Sorted, as a knock stores them; the order of melds stays random. */
		for (i = 1; i < size; i++)
			for (v = i; v > 0 && km[k].cards[v - 1] >
			    km[k].cards[v]; v--) {
				t = km[k].cards[v];
				km[k].cards[v] = km[k].cards[v - 1];
				km[k].cards[v - 1] = t;
			}
		k++;
	}
	return k;
}

/* 11 defender cards: from the whole rest, or from a random sub-box of it. */
static void
defender_hand(struct rng *r, const uint8_t *used, card_t *hand)
{
	card_t	 deck[GV_DECK], pool[GV_DECK];
	uint8_t	 vals[4];
	int	 keep[3][4], i, a, n = 0, size;

	deck_fill(DECK_SQUARES, 1, deck);
	memset(keep, 0, sizeof(keep));
	for (a = 0; a < 3; a++) {
		size = rng_uniform(r, 2) ? 4 : 2 + (int)rng_uniform(r, 3);
		for (i = 0; i < 4; i++)
			vals[i] = (uint8_t)i;
		rng_shuffle_u8(r, vals, 4);
		for (i = 0; i < size; i++)
			keep[a][vals[i]] = 1;
	}
	for (i = 0; i < GV_DECK; i++)
		if (!used[deck[i]] && keep[0][card_tt_number(deck[i])] &&
		    keep[1][card_tt_color(deck[i])] &&
		    keep[2][card_tt_suit(deck[i])])
			pool[n++] = deck[i];
	if (rng_uniform(r, 2) == 0 || n < HAND) {
		for (i = n = 0; i < GV_DECK; i++)
			if (!used[deck[i]])
				pool[n++] = deck[i];
	}
	rng_shuffle(r, pool, n);
	memcpy(hand, pool, HAND);
	sort_cards(hand, HAND);
}

static void
test_defender_vs_brute_force(void **state)
{
	struct gv_arrangement	 a, b;
	struct gv_meld		 km[GV_MELDS_MAX];
	struct rng		 r;
	uint8_t			 seed[32], used[CARD_TT_COUNT];
	uint8_t			 kb[KEY_LEN], ke[KEY_LEN];
	card_t			 hand[HAND];
	long			 leaves = 0;
	int			 d, bf, nk, i, lays = 0, melds = 0, knockable = 0;

	(void)state;
	for (i = 0; i < 32; i++)
		seed[i] = (uint8_t)(0xa5 ^ i);
	rng_init(&r, seed);
	for (i = 0; i < DEALS; i++) {
		memset(used, 0, sizeof(used));
		nk = knocker_melds(&r, used, km);
		defender_hand(&r, used, hand);
		d = gv_defender_arrangement(hand, HAND, km, nk, &a);
		check_valid(hand, km, nk, &a, d);
		bf = brute_force(hand, km, nk, kb, &leaves);
		if (d != bf)
			fail_msg("deal %d: engine %d, brute force %d", i, d, bf);
		engine_key(&a, nk, ke);
		if (memcmp(ke, kb, KEY_LEN) != 0)
			fail_msg("deal %d: a different arrangement of deadwood "
			    "%d was picked", i, d);
		if (nk == 0) {
			assert_int_equal(gv_best_arrangement(hand, HAND, &b), d);
			assert_memory_equal(&a, &b, sizeof(a));
			assert_int_equal(gv_deadwood(hand, HAND), d);
			assert_int_equal(gv_can_knock(hand, HAND),
			    d <= GV_KNOCK_MAX);
			knockable += d <= GV_KNOCK_MAX;
		}
		lays += a.nlaid > 0;
		melds += a.nmelds > 0;
	}
	print_message("%d deals: %d with melds, %d with lay-offs, %d could "
	    "knock, %ld arrangements tried by brute force\n", DEALS, melds,
	    lays, knockable, leaves);
	/* The deals must exercise what they test. */
	assert_true(melds > DEALS / 4);
	assert_true(lays > DEALS / 20);
}

/*
 * One hand made ready once (gv_hand_search_init), then searched without
 * each of its cards in turn, and whole, keyed and under bounds, the
 * calls mixed: each must give what a search of that smaller hand alone
 * gives, byte for byte, whatever the calls before it left behind.
 */
static void
test_hand_search_without(void **state)
{
	struct gv_hand_search	 hs;
	struct gv_arrangement	 a, b;
	struct gv_meld		 km[GV_MELDS_MAX];
	struct rng		 r;
	uint8_t			 seed[32], used[CARD_TT_COUNT];
	card_t			 hand[GV_HAND_MAX], rest[GV_HAND_MAX], skip;
	int			 i, j, k, t, nk, d, bound, bounds[5];

	(void)state;
	for (i = 0; i < 32; i++)
		seed[i] = (uint8_t)(0x5a ^ i);
	rng_init(&r, seed);
	for (i = 0; i < 5000; i++) {
		memset(used, 0, sizeof(used));
		nk = knocker_melds(&r, used, km);
		if (rng_uniform(&r, 2) == 0)
			nk = 0;		/* own melds only, half the time */
		defender_hand(&r, used, hand);
		for (j = 0; j < HAND; j++)
			used[hand[j]] = 1;
		do	/* a twelfth card, as after a draw */
			hand[HAND] = (card_t)rng_uniform(&r, CARD_TT_COUNT);
		while (used[hand[HAND]] || card_tt_number(hand[HAND]) > 3 ||
		    card_tt_color(hand[HAND]) > 3 ||
		    card_tt_suit(hand[HAND]) > 3);
		gv_hand_search_init(&hs, hand, GV_HAND_MAX, km, nk);
		for (t = 0; t <= GV_HAND_MAX; t++) {
			/* In a mixed order, the whole hand among them. */
			j = (t * 5 + i) % (GV_HAND_MAX + 1);
			skip = j < GV_HAND_MAX ? hand[j] : CARD_NONE;
			for (j = k = 0; j < GV_HAND_MAX; j++)
				if (hand[j] != skip)
					rest[k++] = hand[j];
			d = gv_defender_arrangement(rest, k, km, nk, &b);
			bounds[0] = INT_MAX;
			bounds[1] = d;
			bounds[2] = d + 1;
			bounds[3] = GV_KNOCK_MAX + 1;
			bounds[4] = 0;
			for (j = 0; j < 5; j++) {
				bound = bounds[(j + t) % 5];
				assert_int_equal(gv_hand_search_without(&hs,
				    skip, bound, NULL), gv_deadwood_below(rest,
				    k, km, nk, bound));
			}
			assert_int_equal(gv_hand_search_without(&hs, skip,
			    INT_MAX, &a), d);
			assert_memory_equal(&a, &b, sizeof(a));
		}
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_defender_vs_brute_force),
		cmocka_unit_test(test_hand_search_without),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
