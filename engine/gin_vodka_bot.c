/*
 * gin_vodka_bot.c: a Gin Vodka player that reads only its seat's view.
 *
 * It keeps its melds, throws the deadwood that is worth most and helps
 * least (a deadwood pair that can still become a meld is worth keeping),
 * takes the upcard or the top discard when it joins a meld or brings a
 * knock within reach, and knocks as soon as the deadwood allows, with
 * the lowest deadwood it can reach (gin when it can).  In the last play
 * after a knock it minimises its deadwood with lay-offs.  Ties between
 * equally good moves are broken by the caller's noise.
 */
#include "gin_vodka.h"

#include <limits.h>
#include <string.h>

#include "move.h"

enum {
	PAIR_BONUS = 3		/* deadwood points a live pair is worth keeping */
};

/*
 * The two other cards of the line through a and b (which share two
 * attributes): the attribute that differs runs over the values a and
 * b do not have.
 */
static int
line_rest(card_t a, card_t b, card_t out[2])
{
	int	 n = card_tt_number(a), c = card_tt_color(a);
	int	 s = card_tt_suit(a), v, k = 0;

	for (v = 0; v < 4; v++) {
		card_t	 x;

		if (card_tt_number(a) != card_tt_number(b))
			x = card_tt_make(v, c, s);
		else if (card_tt_color(a) != card_tt_color(b))
			x = card_tt_make(n, v, s);
		else
			x = card_tt_make(n, c, v);
		if (x != a && x != b && k < 2)
			out[k++] = x;
	}
	return k;
}

static int
in_list(const card_t *a, int n, card_t c)
{
	int	 i;

	for (i = 0; i < n; i++)
		if (a[i] == c)
			return 1;
	return 0;
}

/* The cards of the discard pile as a set (bit c of 128), for live_pairs. */
static void
gone_set(const struct gv_state *v, uint64_t gone[2])
{
	int	 i;

	gone[0] = gone[1] = 0;
	for (i = 0; i < v->ndiscard; i++)
		if (v->discard[i] < 128)
			gone[v->discard[i] >> 6] |=
			    (uint64_t)1 << (v->discard[i] & 63);
}

/*
 * Pairs of deadwood cards that a card not yet discarded (not in gone,
 * gone_set's of the pile) could complete.
 */
static int
live_pairs(const uint64_t gone[2], const struct gv_arrangement *arr)
{
	card_t	 rest[2];
	uint8_t	 num[GV_HAND_MAX], col[GV_HAND_MAX], suit[GV_HAND_MAX];
	int	 i, j, k, n, live, pairs = 0;

	/* Each card's attributes once, not once a pair: a hot loop. */
	for (i = 0; i < arr->ndead; i++) {
		num[i] = (uint8_t)card_tt_number(arr->dead[i]);
		col[i] = (uint8_t)card_tt_color(arr->dead[i]);
		suit[i] = (uint8_t)card_tt_suit(arr->dead[i]);
	}
	for (i = 0; i < arr->ndead; i++)
		for (j = i + 1; j < arr->ndead; j++) {
			/* Two attributes shared: the two are on one line. */
			if ((num[i] == num[j]) + (col[i] == col[j]) +
			    (suit[i] == suit[j]) != 2)
				continue;
			n = line_rest(arr->dead[i], arr->dead[j], rest);
			for (k = live = 0; k < n; k++)
				if (rest[k] >= 128 || !((gone[rest[k] >> 6] >>
				    (rest[k] & 63)) & 1))
					live = 1;
			pairs += live;
		}
	return pairs;
}

/* Index of the best (lowest) score below INT_MAX, or -1; noise breaks ties. */
static int
pick(const int *score, int n, const uint8_t noise[32], int salt)
{
	int	 i, best = INT_MAX, ties = 0, want;

	for (i = 0; i < n; i++)
		if (score[i] == INT_MAX)
			continue;
		else if (score[i] < best) {
			best = score[i];
			ties = 1;
		} else if (score[i] == best)
			ties++;
	if (ties == 0)
		return -1;
	want = noise[salt % 32] % ties;
	for (i = 0; i < n; i++)
		if (score[i] == best && want-- == 0)
			return i;
	return -1;
}

/*
 * Would seat take c (the upcard or the top discard)?  Yes when, after
 * the best discard other than c, c sits in a meld and the deadwood
 * drops, or the deadwood reaches a knock.
 */
static int
wants(const struct gv_state *v, int seat, card_t c)
{
	struct gv_hand_search	 hs;
	struct gv_arrangement	 arr;
	card_t			 all[GV_HAND_MAX];
	int			 n = v->nhand[seat], i, dw, cur, best = INT_MAX;
	int			 bi = -1;

	if (c == CARD_NONE || n >= GV_HAND_MAX)
		return 0;
	memcpy(all, v->hands[seat], (size_t)n);
	all[n] = c;
	gv_hand_search_init(&hs, all, n + 1, NULL, 0);
	cur = gv_hand_search_without(&hs, c, INT_MAX, NULL);
	/*
	 * Only a discard leaving less than cur can say yes, so the
	 * searches look below cur, then below the best so far.
	 */
	best = cur;
	for (i = 0; i < n; i++)
		if ((dw = gv_hand_search_without(&hs, all[i], best, NULL)) <
		    best) {
			best = dw;
			bi = i;
		}
	if (bi < 0)
		return 0;
	if (best <= GV_KNOCK_MAX && best < cur)
		return 1;
	gv_hand_search_without(&hs, all[bi], INT_MAX, &arr);
	return best < cur && !in_list(arr.dead, arr.ndead, c);
}

/*
 * The defender's deadwood, with lay-offs, after the best discard of the
 * 12 cards of hs other than keep.
 */
static int
defender_after(struct gv_hand_search *hs, card_t keep)
{
	int	 i, dw, best = INT_MAX;

	for (i = 0; i < hs->n; i++) {
		if (hs->cards[i] == keep)
			continue;
		dw = gv_hand_search_without(hs, hs->cards[i], best, NULL);
		if (dw < best)
			best = dw;
	}
	return best;
}

static void
set_move(struct game_move *out, int verb, card_t c)
{
	move_clear(out);
	out->verb = (uint8_t)verb;
	if (c != CARD_NONE)
		move_add_card(out, c, 0);
}

static void
choose_discard(const struct gv_state *v, int seat, const uint8_t noise[32],
    struct game_move *out)
{
	struct gv_hand_search	 hs;
	struct gv_arrangement	 arr, karr;
	const card_t		*h = v->hands[seat];
	int			 score[GV_HAND_MAX], knock[GV_HAND_MAX];
	int			 n = v->nhand[seat], i, dw;
	int			 last = v->phase == GV_PHASE_LAST_DISCARD;
	uint64_t		 gone[2];

	gone_set(v, gone);
	gv_hand_search_init(&hs, h, n, last ? v->knock.melds : NULL,
	    last ? v->knock.nmelds : 0);
	for (i = 0; i < n; i++) {
		score[i] = knock[i] = INT_MAX;
		if (v->from_pile && h[i] == v->drawn)
			continue;
		if (last) {
			score[i] = gv_hand_search_without(&hs, h[i], INT_MAX,
			    NULL);
			continue;
		}
		dw = gv_hand_search_without(&hs, h[i], INT_MAX, &arr);
		if (dw <= GV_KNOCK_MAX)
			knock[i] = dw;
		score[i] = dw * 4 - PAIR_BONUS * 4 * live_pairs(gone, &arr);
	}
	if (!last && (i = pick(knock, n, noise, 1)) >= 0) {
		gv_hand_search_without(&hs, h[i], INT_MAX, &karr);
		gv_knock_move(h[i], &karr, out);
		return;
	}
	i = pick(score, n, noise, 2);
	set_move(out, GV_DISCARD, i >= 0 ? h[i] : CARD_NONE);
}

static void
choose_last_draw(const struct gv_state *v, int seat, struct game_move *out)
{
	struct gv_hand_search	 hs;
	card_t			 all[GV_HAND_MAX], top;
	int			 n = v->nhand[seat], cur, took;

	top = v->ndiscard > 0 ? v->discard[v->ndiscard - 1] : CARD_NONE;
	if (top == CARD_NONE) {
		set_move(out, GV_DRAW, CARD_NONE);
		return;
	}
	if (v->nstock == 0 && v->recycles >= v->recycle_cap) {
		set_move(out, GV_TAKE, CARD_NONE);
		return;
	}
	memcpy(all, v->hands[seat], (size_t)n);
	all[n] = top;
	gv_hand_search_init(&hs, all, n + 1, v->knock.melds, v->knock.nmelds);
	cur = gv_hand_search_without(&hs, top, INT_MAX, NULL);
	took = defender_after(&hs, top);
	set_move(out, took < cur ? GV_TAKE : GV_DRAW, CARD_NONE);
}

enum game_rc
gv_bot_choose(const struct gv_state *v, int seat, const uint8_t noise[32],
    struct game_move *out)
{
	card_t	 top;

	move_clear(out);
	if (v->phase <= GV_PHASE_DEAL || v->phase >= GV_PHASE_OVER ||
	    seat != v->turn || seat < 0 || seat >= GV_SEATS)
		return GAME_REFUSED;
	top = v->ndiscard > 0 ? v->discard[v->ndiscard - 1] : CARD_NONE;
	switch (v->phase) {
	case GV_PHASE_OPEN_ND:
	case GV_PHASE_OPEN_D:
		set_move(out, wants(v, seat, top) ? GV_TAKE : GV_PASS,
		    CARD_NONE);
		break;
	case GV_PHASE_DRAW:
		if (v->stock_only)
			set_move(out, GV_DRAW, CARD_NONE);
		else
			set_move(out, wants(v, seat, top) ? GV_TAKE : GV_DRAW,
			    CARD_NONE);
		break;
	case GV_PHASE_LAST_DRAW:
		choose_last_draw(v, seat, out);
		break;
	default:
		choose_discard(v, seat, noise, out);
		break;
	}
	return GAME_OK;
}
