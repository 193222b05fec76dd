/*
 * rummy500_bot.c: a Rummy 500 player that sees only its own view.
 *
 * It puts points on the table as soon as it can (largest meld or
 * lay-off first), takes from the discard pile whenever the take adds
 * melds or cards (the deeper the better), and discards the costliest
 * card that helps no partial meld and cannot be laid off by the next
 * player.
 */
#include "rummy500.h"

#include <string.h>

#include "move.h"

enum {
	BOT_MOVES = 512,		/* moves considered */
	CARD_BONUS = 5			/* worth of each card a take brings */
};

/* Points melded greedily from have[] (largest meld first), removed from it. */
static int
meld_greedy(uint8_t *have)
{
	int	 total = 0, best, bk, r, su, lo, hi, k, i, v, bsu, blo, brank;

	for (;;) {
		best = 0;
		bk = 0;
		bsu = blo = brank = -1;
		for (r = 0; r < 13; r++) {
			for (su = k = v = 0; su < 4; su++)
				if (have[13 * su + r]) {
					k++;
					v += r500_value((card_t)(13 * su + r), 0);
				}
			if (k >= 3 && v > best) {
				best = v;
				brank = r;
				bsu = -1;
			}
		}
		for (su = 0; su < 4; su++)
			for (lo = 1; lo <= 12; lo++) {
				for (hi = lo, v = k = 0; hi <= 14 && k < 13; hi++) {
					card_t	 c = (card_t)(13 * su +
					    (hi == 14 ? 0 : hi - 1));

					if (!have[c])
						break;
					v += r500_value(c, hi);
					k++;
				}
				if (k >= 3 && v > best) {
					best = v;
					bsu = su;
					blo = lo;
					bk = k;
					brank = -1;
				}
			}
		if (best == 0)
			return total;
		total += best;
		if (brank >= 0)
			for (su = 0; su < 4; su++)
				have[13 * su + brank] = 0;
		else
			for (i = 0; i < bk; i++)
				have[13 * bsu + (blo + i == 14 ? 0 :
				    blo + i - 1)] = 0;
	}
}

/*
 * Points cards[0..n-1] could put on the table now: melds, then
 * lay-offs onto the table.  Cards left over cost nothing here: against
 * the pile, more cards mean more melds later (measured: taking deep
 * wins far more games than weighing the cards left in hand).
 */
static int
evaluate(const card_t *cards, int n, const struct r500_state *v)
{
	uint8_t	 have[CARD_STD_COUNT];
	int	 i, j, melded, pos;

	memset(have, 0, sizeof(have));
	for (i = 0; i < n; i++)
		have[cards[i]] = 1;
	melded = meld_greedy(have);
	for (i = 0; i < CARD_STD_COUNT; i++) {
		if (!have[i])
			continue;
		for (j = 0; j < v->nmelds; j++) {
			pos = r500_fit(&v->melds[j], (card_t)i, -1);
			if (pos != -1)
				break;
		}
		if (j < v->nmelds)
			melded += r500_value((card_t)i, pos > 0 ? pos : 0);
	}
	return melded;
}

/* How much c helps the rest of the hand towards a meld. */
static int
helps(const uint8_t *have, card_t c)
{
	int	 r = card_std_rank(c), su = card_std_suit(c), s, h = 0, d;

	for (s = 0; s < 4; s++)
		if (s != su && have[13 * s + r])
			h += 8;
	for (d = -2; d <= 2; d++) {
		int	 rr = r + d;

		if (d == 0)
			continue;
		if (rr == 13)
			rr = 0;
		if (rr < 0 || rr > 12)
			continue;
		if (have[13 * su + rr])
			h += d == -1 || d == 1 ? 7 : 4;
	}
	return h;
}

static int
move_points(const struct game_move *mv)
{
	int	 i, sum = 0;

	for (i = 0; i < mv->ncards; i++)
		sum += r500_value(mv->cards[i], mv->asnum[i] > 0 ?
		    mv->asnum[i] : card_std_rank(mv->cards[i]) == 0 &&
		    card_std_rank(mv->cards[(i + 1) % mv->ncards]) == 1 ?
		    R500_ACE_LOW : 0);
	return sum;
}

static int
tie(const uint8_t noise[32], int i)
{
	return noise[i % 32];
}

enum game_rc
r500_bot_choose(const struct r500_state *v, int seat, const uint8_t noise[32],
    struct game_move *out)
{
	struct game_move	 mv[BOT_MOVES];
	card_t			 hand[R500_HAND_MAX + R500_DECK];
	uint8_t			 have[CARD_STD_COUNT];
	int			 n, i, j, k, best = -1, bscore = 0, score, nh;
	int			 base, idx;

	n = r500_legal(v, seat, mv, BOT_MOVES);
	if (n <= 0)
		return GAME_REFUSED;
	if (n > BOT_MOVES)
		n = BOT_MOVES;
	nh = v->nhand[seat];
	if (v->phase == R500_PHASE_DRAW) {
		base = evaluate(v->hands[seat], nh, v);
		for (i = 0; i < n; i++) {
			if (mv[i].verb != R500_TAKE)
				continue;
			memcpy(hand, v->hands[seat], (size_t)nh);
			for (idx = 0; idx < v->ndiscard &&
			    v->discard[idx] != mv[i].cards[0]; idx++)
				;
			for (j = idx, k = nh; j < v->ndiscard; j++)
				hand[k++] = v->discard[j];
			score = 2 * (evaluate(hand, k, v) - base) +
			    CARD_BONUS * (k - nh);
			if (score > bscore || (score == bscore && best >= 0 &&
			    tie(noise, i) > tie(noise, best))) {
				best = i;
				bscore = score;
			}
		}
		if (best < 0)
			for (i = 0; i < n; i++)
				if (mv[i].verb == R500_DRAW)
					best = i;
		*out = mv[best >= 0 ? best : 0];
		return GAME_OK;
	}
	/* Melds and lay-offs first, the most points first. */
	for (i = 0; i < n; i++) {
		if (mv[i].verb != R500_MELD && mv[i].verb != R500_LAYOFF)
			continue;
		score = 100 * move_points(&mv[i]) + mv[i].ncards;
		if (best < 0 || score > bscore) {
			best = i;
			bscore = score;
		}
	}
	if (best >= 0) {
		*out = mv[best];
		return GAME_OK;
	}
	memset(have, 0, sizeof(have));
	for (i = 0; i < nh; i++)
		have[v->hands[seat][i]] = 1;
	for (i = 0; i < n; i++) {
		card_t	 c = mv[i].cards[0];

		if (mv[i].verb != R500_DISCARD)
			continue;
		score = 4 * r500_value(c, 0) - 4 * helps(have, c);
		for (j = 0; j < v->nmelds; j++)
			if (r500_fit(&v->melds[j], c, -1) != -1)
				score -= 60;
		score = 256 * score + tie(noise, i);
		if (best < 0 || score > bscore) {
			best = i;
			bscore = score;
		}
	}
	if (best < 0)
		best = 0;
	*out = mv[best];
	return GAME_OK;
}
