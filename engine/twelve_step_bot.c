/*
 * twelve_step_bot.c: a 12-Step Rummy player that reads only its seat's
 * view.
 *
 * It lays its contract as soon as the legal moves offer one, then lays
 * off and liberates everything it can, and discards the card that helps
 * its contract least (wilds never, pairs and near-run neighbours late),
 * the costliest first.  It takes the top discard or asks "May I?" for
 * it when the card is wild or joins what it collects.  Ties are broken
 * by the caller's noise.  It does not throw back a card of the rank
 * it just took from the pile while another card may go (two bots
 * collecting one rank would otherwise trade it forever).
 */
#include "twelve_step.h"

#include <string.h>

#include "move.h"
#include "rng.h"

/* How much card c helps seat's contract, with the hand h (c included). */
static int
usefulness(const struct tsr_state *v, int seat, const uint8_t *h, card_t c)
{
	struct tsr_req	 req[TSR_REQS_MAX];
	int		 nr, i, sets = 0, runs = 0, u = 0, s, r, d, rr;

	if (tsr_wild(c))
		return 100;
	if (v->down & (1u << seat))
		return 0;
	nr = tsr_contract_reqs(tsr_current_contract(v, seat), req);
	for (i = 0; i < nr; i++) {
		if (req[i].kind == TSR_SET)
			sets++;
		else
			runs++;
	}
	r = card_std_rank(c);
	s = card_std_suit(c);
	if (sets > 0) {
		for (i = 0; i < 4; i++)
			u += 8 * h[13 * i + r];
		u -= 8;
	}
	if (runs > 0)
		for (d = -2; d <= 2; d++) {
			rr = r + d;
			if (d == 0 || rr < 0 || rr > 12 || rr == 1)
				continue;
			if (h[13 * s + rr] > 0)
				u += d == -1 || d == 1 ? 6 : 3;
		}
	return u;
}

static int
helps(const struct tsr_state *v, int seat, card_t c)
{
	uint8_t	 h[TSR_IDS];
	int	 j;

	if (c == CARD_NONE)
		return 0;
	if (tsr_wild(c))
		return 1;
	if (v->down & (1u << seat)) {
		for (j = 0; j < v->nmelds; j++)
			if (tsr_layoff_pos(&v->melds[j], c, CARD_NONE,
			    NULL) >= 0)
				return 1;
		return 0;
	}
	memcpy(h, v->hand[seat], sizeof(h));
	h[c]++;
	return usefulness(v, seat, h, c) >= 8;
}

/*
 * Would taking c leave a card to throw back that is neither wild nor
 * of c's rank?  If not, the bot would throw back what it took (see
 * the discard below), and two bots would trade it forever.
 */
static int
other_to_throw(const struct tsr_state *v, int seat, card_t c)
{
	int	 x;

	for (x = 0; x < TSR_IDS; x++)
		if (v->hand[seat][x] > 0 && !tsr_wild((card_t)x) &&
		    (tsr_wild(c) || card_std_rank((card_t)x) !=
		    card_std_rank(c)))
			return 1;
	return 0;
}

static int
pick(const struct game_move *mv, int n, int verb, struct game_move *out)
{
	int	 i;

	for (i = 0; i < n; i++)
		if (mv[i].verb == verb) {
			*out = mv[i];
			return 1;
		}
	return 0;
}

enum game_rc
tsr_bot_choose(const struct tsr_state *v, int seat, const uint8_t noise[32],
    struct game_move *out)
{
	struct game_move	 mv[GAME_LEGAL_MAX];
	struct rng		 r;
	card_t			 c;
	int			 n, i, best = -1, score, bscore = 0, tie = 0;
	int			 pass, shun;

	n = tsr_legal(v, seat, mv, GAME_LEGAL_MAX);
	if (n <= 0)
		return GAME_REFUSED;
	if (n > GAME_LEGAL_MAX)
		n = GAME_LEGAL_MAX;
	rng_init(&r, noise);
	if (seat != v->turn) {
		if (helps(v, seat, v->win_card) && !(v->down & (1u << seat)) &&
		    pick(mv, n, TSR_MAYI, out))
			return GAME_OK;
		if (pick(mv, n, TSR_PASS, out))
			return GAME_OK;
		*out = mv[0];
		return GAME_OK;
	}
	if (v->phase == TSR_PHASE_DRAW) {
		c = v->ndiscard > 0 ? v->discard[v->ndiscard - 1] : CARD_NONE;
		if (helps(v, seat, c) && other_to_throw(v, seat, c) &&
		    pick(mv, n, TSR_TAKE, out))
			return GAME_OK;
		if (pick(mv, n, TSR_DRAW, out))
			return GAME_OK;
		*out = mv[0];
		return GAME_OK;
	}
	if (pick(mv, n, TSR_CONTRACT, out) || pick(mv, n, TSR_LAYOFF, out) ||
	    pick(mv, n, TSR_LIBERATE, out))
		return GAME_OK;
	/*
	 * A card of the rank just taken from the pile is not thrown back
	 * while another may go: two bots collecting one rank would trade
	 * it back and forth, the stock untouched, and the round would
	 * never end (pass 1 allows it when nothing else is left).
	 */
	shun = v->from_pile && v->drawn != CARD_NONE && !tsr_wild(v->drawn);
	for (pass = 0; pass < 2 && best < 0; pass++)
		for (i = 0; i < n; i++) {
			if (mv[i].verb != TSR_DISCARD)
				continue;
			c = mv[i].cards[0];
			if (pass == 0 && shun &&
			    card_std_rank(c) == card_std_rank(v->drawn))
				continue;
			score = usefulness(v, seat, v->hand[seat], c) * 10 -
			    tsr_value(c);
			if (best < 0 || score < bscore) {
				best = i;
				bscore = score;
				tie = 1;
			} else if (score == bscore &&
			    rng_uniform(&r, (uint32_t)++tie) == 0)
				best = i;
		}
	*out = mv[best >= 0 ? best : 0];
	return GAME_OK;
}
