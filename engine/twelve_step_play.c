/*
 * twelve_step_play.c: the moves of 12-Step Rummy (RULES.md 5b): the
 * draw, the contract, lay-offs, liberation and its obligation, the
 * discard, the "May I?" window and its resolution, and the timeout
 * default of RULES.md 0.3.
 */
#include "twelve_step.h"

#include <stdio.h>
#include <string.h>

#include "move.h"

static enum game_rc
refuse(char why[GAME_WHY_MAX], const char *msg)
{
	snprintf(why, GAME_WHY_MAX, "%s", msg);
	return GAME_REFUSED;
}

static enum game_rc
refuse_card(char why[GAME_WHY_MAX], const char *fmt, card_t c)
{
	char	 tok[CARD_TEXT_MAX];

	card_format(CARD_STD, c, tok);
	snprintf(why, GAME_WHY_MAX, fmt, tok);
	return GAME_REFUSED;
}

/* Why no meld named "on x [@at[.nth]]" took the move. */
static enum game_rc
no_target(const struct tsr_state *s, int seat, card_t c, card_t as,
    card_t x, int at, int nth, enum tsr_target what, char why[GAME_WHY_MAX])
{
	int	 j;

	for (j = 0; j < s->nmelds; j++)
		if (tsr_meld_owned(s, j, at, nth) && tsr_meld_names(&s->melds[j], x))
			break;
	if (j == s->nmelds && nth >= 1) {
		for (j = 0; j < s->nmelds && !tsr_meld_owned(s, j, at, nth); j++)
			;
		if (j == s->nmelds) {
			snprintf(why, GAME_WHY_MAX, "Seat %d has no meld %d "
			    "on the table.", at, nth);
			return GAME_REFUSED;
		}
		return refuse_card(why, "That meld does not hold %s.", x);
	}
	if (j == s->nmelds)
		return refuse_card(why, "No meld on the table holds %s.", x);
	if (what == TSR_FOR_LAYOFF) {
		tsr_layoff_pos(&s->melds[j], c, as, why);
		return GAME_REFUSED;
	}
	if (s->melds[j].owner == seat)
		return refuse(why, "You may not liberate your own wild cards.");
	if (tsr_liberate_pos(&s->melds[j], c) < 0)
		return refuse_card(why, "%s does not replace a wild in that "
		    "meld: it must be the very card the wild stands for.", c);
	return refuse(why, "The wild you would free could not be placed at "
	    "once, or you would keep no card to discard; you may not "
	    "liberate it.");
}

static enum game_rc
window_move(struct tsr_state *s, int seat, const struct game_move *mv,
    char why[GAME_WHY_MAX])
{
	uint32_t	 bit = 1u << seat;

	if (mv->ncards != 0)
		return refuse(why, "\"mayi\", \"pass\" and \"withdraw\" name "
		    "no card.");
	if (!s->mayi)
		return refuse(why, "This table plays without \"May I?\".");
	if (s->win_card == CARD_NONE)
		return refuse(why, "No discard may be bought now.");
	if (seat == s->win_from)
		return refuse(why, "You discarded that card; you may not buy "
		    "it back.");
	if (seat == s->turn)
		return refuse(why, "You are the player to move: take the "
		    "discard or draw instead.");
	if (mv->verb == TSR_WITHDRAW) {
		if (!(s->win_asked & bit))
			return refuse(why, "You have not asked for this card.");
		s->win_asked &= (uint16_t)~bit;
		return GAME_OK;
	}
	if (s->win_done & bit)
		return refuse(why, "You have already answered for this card.");
	if (s->buys[seat] >= s->buy_limit) {
		snprintf(why, GAME_WHY_MAX, "You have bought %d card%s this "
		    "round, the table's limit.", s->buys[seat],
		    s->buys[seat] == 1 ? "" : "s");
		return GAME_REFUSED;
	}
	s->win_done |= (uint16_t)bit;
	if (mv->verb == TSR_MAYI)
		s->win_asked |= (uint16_t)bit;
	return GAME_OK;
}

static enum game_rc
apply_draw(struct tsr_state *s, int seat, const struct game_move *mv,
    struct game_events *ev, char why[GAME_WHY_MAX])
{
	card_t	 c;

	switch (mv->verb) {
	case TSR_DRAW:
		if ((c = tsr_stock_card(s)) == CARD_NONE) {
			tsr_end_round(s, -1, ev);
			return GAME_OK;
		}
		s->from_pile = 0;
		if (s->win_card != CARD_NONE)
			s->win_open = 1;
		break;
	case TSR_TAKE:
		if (s->ndiscard == 0)
			return refuse(why, "The discard pile is empty; draw "
			    "from the stock.");
		if (!tsr_may_take(s, seat))
			return refuse(why, "You hold no card but copies of "
			    "the top discard, so you could not discard after "
			    "taking it; draw from the stock.");
		c = s->discard[--s->ndiscard];
		s->discard[s->ndiscard] = CARD_NONE;
		s->from_pile = 1;
		tsr_close_window(s);
		break;
	default:
		return refuse(why, "First draw from the stock or take the top "
		    "discard.");
	}
	if (s->from_pile)
		tsr_hand_add_known(s, seat, c);
	else
		tsr_hand_add(s, seat, c);
	s->drawn = c;
	s->phase = TSR_PHASE_PLAY;
	return GAME_OK;
}

static int
same_rank_start(const card_t *cards, int n)
{
	int	 i, r = -1;

	for (i = 0; i < n; i++)
		if (!tsr_wild(cards[i])) {
			if (r >= 0)
				return card_std_rank(cards[i]) == r;
			r = card_std_rank(cards[i]);
		}
	return 1;
}

/* The meld requirement of each group: try every order of the requirements. */
static int
match_reqs(const struct tsr_req *req, int n, const int *setok,
    const int *runok, const uint8_t *len, int *perm)
{
	static const int	 orders[6][3] = { { 0, 1, 2 }, { 0, 2, 1 },
		{ 1, 0, 2 }, { 1, 2, 0 }, { 2, 0, 1 }, { 2, 1, 0 } };
	int			 o, g, r;

	for (o = 0; o < 6; o++) {
		for (g = 0; g < n; g++) {
			r = orders[o][g];
			if (r >= n || len[g] < req[r].len ||
			    !(req[r].kind == TSR_SET ? setok[g] : runok[g]))
				break;
		}
		if (g == n) {
			for (g = 0; g < n; g++)
				perm[g] = orders[o][g];
			return 0;
		}
	}
	return -1;
}

static enum game_rc
apply_contract(struct tsr_state *s, int seat, const struct game_move *mv,
    char why[GAME_WHY_MAX])
{
	struct tsr_req	 req[TSR_REQS_MAX];
	struct tsr_meld	 sets[TSR_REQS_MAX], runs[TSR_REQS_MAX], *m;
	card_t		 cards[TSR_REQS_MAX][GAME_MOVE_CARDS_MAX];
	card_t		 as[TSR_REQS_MAX][GAME_MOVE_CARDS_MAX];
	char		 e1[GAME_WHY_MAX];
	uint8_t		 len[TSR_REQS_MAX], minus[TSR_IDS];
	int		 setok[TSR_REQS_MAX], runok[TSR_REQS_MAX];
	int		 perm[TSR_REQS_MAX], k, nr, i, j, g, used_pending = 0;

	if (s->down & (1u << seat))
		return refuse(why, "You have laid your contract this round; "
		    "you may lay off, but not start new melds.");
	k = tsr_current_contract(s, seat);
	if ((nr = tsr_contract_reqs(k, req)) == 0)
		return refuse(why, "You have no contract left to lay.");
	if (mv->ngroups != nr) {
		snprintf(why, GAME_WHY_MAX, "Your contract %d is %s: lay its "
		    "%d meld%s at once, separated by \"|\".", k,
		    tsr_contract_name(k), nr, nr == 1 ? "" : "s");
		return GAME_REFUSED;
	}
	memset(len, 0, sizeof(len));
	memset(minus, 0, sizeof(minus));
	for (i = 0; i < mv->ncards; i++) {
		g = mv->group[i];
		cards[g][len[g]] = mv->cards[i];
		as[g][len[g]++] = mv->as[i];
		if (++minus[mv->cards[i]] > s->hand[seat][mv->cards[i]])
			return refuse_card(why, "You do not hold that many %s.",
			    mv->cards[i]);
		if (mv->cards[i] == s->pending)
			used_pending = 1;
	}
	e1[0] = '\0';
	for (g = 0; g < nr; g++) {
		setok[g] = tsr_read_meld(cards[g], as[g], len[g], TSR_SET,
		    &sets[g], NULL) == 0;
		/* Explain by the kind the first two naturals suggest. */
		runok[g] = tsr_read_meld(cards[g], as[g], len[g], TSR_RUN,
		    &runs[g], e1) == 0;
		if (!setok[g] && !runok[g] && same_rank_start(cards[g],
		    len[g]))
			tsr_read_meld(cards[g], as[g], len[g], TSR_SET,
			    &sets[g], e1);
		if (!setok[g] && !runok[g]) {
			snprintf(why, GAME_WHY_MAX, "Meld %d: %.200s", g + 1,
			    e1);
			return GAME_REFUSED;
		}
	}
	if (match_reqs(req, nr, setok, runok, len, perm) != 0) {
		snprintf(why, GAME_WHY_MAX, "Those melds do not make your "
		    "contract %d, %s.", k, tsr_contract_name(k));
		return GAME_REFUSED;
	}
	for (g = 0; g < nr; g++) {
		m = req[perm[g]].kind == TSR_SET ? &sets[g] : &runs[g];
		for (j = 0; j < g; j++) {
			const struct tsr_meld *o = req[perm[j]].kind ==
			    TSR_SET ? &sets[j] : &runs[j];
			if (o->kind == TSR_SET && m->kind == TSR_SET &&
			    o->rank == m->rank)
				return refuse(why, "Two sets of one contract "
				    "must have different ranks.");
			if (o->kind == TSR_RUN && m->kind == TSR_RUN &&
			    o->suit == m->suit && (o->hi + 1 == m->lo ||
			    m->hi + 1 == o->lo))
				return refuse(why, "Two runs of one contract "
				    "in the same suit may not continue each "
				    "other.");
		}
	}
	if (tsr_kept(s, seat, minus) < 1)
		return refuse(why, "You must keep a card to discard (not the "
		    "one you took from the discard pile).");
	if (s->pending != CARD_NONE && !used_pending)
		return refuse_card(why, "The wild you liberated (%s) must go "
		    "into your contract now.", s->pending);
	for (i = 0; i < TSR_IDS; i++)
		for (j = 0; j < minus[i]; j++)
			tsr_hand_remove(s, seat, (card_t)i);
	for (g = 0; g < nr; g++) {
		m = &s->melds[s->nmelds++];
		*m = req[perm[g]].kind == TSR_SET ? sets[g] : runs[g];
		m->owner = (uint8_t)seat;
	}
	s->down |= (uint16_t)(1u << seat);
	s->pending = CARD_NONE;
	return GAME_OK;
}

static enum game_rc
apply_layoff(struct tsr_state *s, int seat, const struct game_move *mv,
    char why[GAME_WHY_MAX])
{
	struct tsr_meld	*m;
	uint8_t		 minus[TSR_IDS];
	card_t		 c = mv->cards[0], as = mv->as[0];
	int		 j, pos;

	if (!(s->down & (1u << seat)))
		return refuse(why, "You may lay off only after laying your "
		    "contract.");
	if (s->hand[seat][c] == 0)
		return refuse_card(why, "You do not hold %s.", c);
	if (s->pending != CARD_NONE && c != s->pending)
		return refuse_card(why, "First lay off the wild you liberated "
		    "(%s).", s->pending);
	if (mv->on == CARD_NONE)
		return refuse(why, "Name the meld by a card in it, as in "
		    "\"layoff 9C on 5C\".");
	memset(minus, 0, sizeof(minus));
	minus[c] = 1;
	if (tsr_kept(s, seat, minus) < 1)
		return refuse(why, "You must keep a card to discard (not the "
		    "one you took from the discard pile).");
	j = tsr_target(s, seat, c, as, mv->on, mv->at, mv->num,
	    TSR_FOR_LAYOFF);
	if (j < 0)
		return no_target(s, seat, c, as, mv->on, mv->at, mv->num,
		    TSR_FOR_LAYOFF, why);
	m = &s->melds[j];
	pos = tsr_layoff_pos(m, c, as, NULL);
	if (m->kind == TSR_SET)
		m->cards[m->ncards] = c;
	else {
		m->cards[pos] = c;
		if (pos < m->lo)
			m->lo = (uint8_t)pos;
		else
			m->hi = (uint8_t)pos;
	}
	m->ncards++;
	tsr_hand_remove(s, seat, c);
	if (c == s->pending)
		s->pending = CARD_NONE;
	return GAME_OK;
}

static enum game_rc
apply_liberate(struct tsr_state *s, int seat, const struct game_move *mv,
    char why[GAME_WHY_MAX])
{
	struct tsr_meld	*m;
	card_t		 c = mv->cards[0], w;
	int		 j, pos;

	if (s->pending != CARD_NONE)
		return refuse_card(why, "First place the wild you liberated "
		    "(%s).", s->pending);
	if (!(s->down & (1u << seat)) && !s->free_liberate)
		return refuse(why, "You may liberate a wild only after laying "
		    "your contract.");
	if (tsr_wild(c))
		return refuse(why, "Only a natural card liberates a wild.");
	if (s->hand[seat][c] == 0)
		return refuse_card(why, "You do not hold %s.", c);
	if (mv->on == CARD_NONE)
		return refuse(why, "Name the meld by a card in it, as in "
		    "\"liberate 8H on 5H\".");
	j = tsr_target(s, seat, c, CARD_NONE, mv->on, mv->at, mv->num,
	    TSR_FOR_LIBERATE);
	if (j < 0)
		return no_target(s, seat, c, CARD_NONE, mv->on, mv->at,
		    mv->num, TSR_FOR_LIBERATE, why);
	m = &s->melds[j];
	pos = tsr_liberate_pos(m, c);
	w = m->cards[pos];
	m->cards[pos] = c;
	tsr_hand_remove(s, seat, c);
	tsr_hand_add_known(s, seat, w);
	s->pending = w;
	return GAME_OK;
}

/*
 * Resolve the "May I?" window on the card below seat's new discard.  A
 * buy too few cards are left for (stock + discards - 1 < 2, seat's
 * discard on top) is refused here, when it would be granted, and never
 * when asked (RULES.md 5b): the same requests give the same result
 * whenever they were made.
 */
static int
resolve_buy(struct tsr_state *s, int seat, struct game_events *ev)
{
	card_t	 d, p;
	int	 i, b = -1;

	if (s->win_card == CARD_NONE || s->win_asked == 0 ||
	    !tsr_buy_possible(s))
		return 0;
	for (i = 1; i < s->nseats && b < 0; i++)
		if (s->win_asked & (1u << ((seat + i) % s->nseats)))
			b = (seat + i) % s->nseats;
	d = s->discard[s->ndiscard - 2];
	s->discard[s->ndiscard - 2] = s->discard[s->ndiscard - 1];
	s->discard[--s->ndiscard] = CARD_NONE;
	tsr_hand_add_known(s, b, d);
	s->buys[b]++;
	tsr_close_window(s);
	if ((p = tsr_stock_card(s)) == CARD_NONE) {
		tsr_end_round(s, -1, ev);
		return -1;
	}
	tsr_hand_add(s, b, p);
	return 0;
}

static enum game_rc
apply_discard(struct tsr_state *s, int seat, const struct game_move *mv,
    struct game_events *ev, char why[GAME_WHY_MAX])
{
	card_t	 c = mv->cards[0];

	if (s->pending != CARD_NONE)
		return refuse_card(why, "First place the wild you liberated "
		    "(%s).", s->pending);
	if (s->hand[seat][c] == 0)
		return refuse_card(why, "You do not hold %s.", c);
	if (c == tsr_keep_not(s, seat))
		return refuse_card(why, "You may not discard %s: you took it "
		    "from the discard pile this turn.", c);
	tsr_hand_remove(s, seat, c);
	s->discard[s->ndiscard++] = c;
	if (s->nhand[seat] == 0) {
		tsr_end_round(s, seat, ev);
		return GAME_OK;
	}
	if (resolve_buy(s, seat, ev) != 0)
		return GAME_OK;
	tsr_close_window(s);
	if (s->mayi && s->buy_limit > 0 && s->nseats > 2) {
		s->win_card = c;
		s->win_from = (uint8_t)seat;
	}
	tsr_begin_turn(s, (seat + 1) % s->nseats, ev);
	return GAME_OK;
}

static enum game_rc
check_shape(const struct game_move *mv, char why[GAME_WHY_MAX])
{
	int	 i;

	if (mv->verb >= TSR_VERB__MAX)
		return refuse(why, "That is not a 12-Step Rummy move.");
	if (mv->ncards > GAME_MOVE_CARDS_MAX)
		return refuse(why, "Too many cards.");
	for (i = 0; i < mv->ncards; i++)
		if (!card_valid(CARD_STD, mv->cards[i]))
			return refuse(why, "That is not a standard card.");
	switch (mv->verb) {
	case TSR_LAYOFF:
	case TSR_LIBERATE:
	case TSR_DISCARD:
		if (mv->ncards != 1)
			return refuse(why, "Name exactly one card.");
		break;
	case TSR_CONTRACT:
		if (mv->ncards < 3 || mv->ngroups > TSR_REQS_MAX)
			return refuse(why, "A contract is at most three melds "
			    "separated by \"|\".");
		break;
	default:
		break;
	}
	/* num: the meld's number among its owner's ("@N.K"). */
	if (mv->num >= 0 && ((mv->verb != TSR_LAYOFF &&
	    mv->verb != TSR_LIBERATE) || mv->at < 0 || mv->num < 1 ||
	    mv->num > TSR_REQS_MAX))
		return refuse(why, "A meld's number goes with its owner, as in "
		    "@1.2 (seat 1's second meld), after \"on\" and a card.");
	return GAME_OK;
}

enum game_rc
tsr_apply(const void *in, void *out, int seat, const struct game_move *mv,
    struct game_events *ev, char why[GAME_WHY_MAX])
{
	const struct tsr_state	*is = in;
	struct tsr_state	*s = out;
	struct game_events	 scratch;

	if (ev == NULL)
		ev = &scratch;
	memset(ev, 0, sizeof(*ev));
	memcpy(s, is, sizeof(*s));
	if (s->layout != TSR_LAYOUT || s->viewer != TSR_NOT_A_VIEW)
		return refuse(why, "This is not a 12-Step Rummy game state.");
	if (s->phase == TSR_PHASE_OVER)
		return refuse(why, "The game is over.");
	if (s->phase == TSR_PHASE_DEAL)
		return refuse(why, "The cards for this round have not been "
		    "dealt yet.");
	if (seat < 0 || seat >= s->nseats) {
		snprintf(why, GAME_WHY_MAX, "There is no seat %d at this "
		    "table.", seat);
		return GAME_REFUSED;
	}
	if (check_shape(mv, why) != GAME_OK)
		return GAME_REFUSED;
	if (mv->verb == TSR_MAYI || mv->verb == TSR_PASS ||
	    mv->verb == TSR_WITHDRAW)
		return window_move(s, seat, mv, why);
	if (seat != s->turn) {
		snprintf(why, GAME_WHY_MAX, "It is not your turn: seat %d is "
		    "to play.", s->turn);
		return GAME_REFUSED;
	}
	if (s->phase == TSR_PHASE_DRAW)
		return apply_draw(s, seat, mv, ev, why);
	switch (mv->verb) {
	case TSR_DRAW:
	case TSR_TAKE:
		return refuse(why, "You have drawn a card this turn already.");
	case TSR_CONTRACT:
		return apply_contract(s, seat, mv, why);
	case TSR_LAYOFF:
		return apply_layoff(s, seat, mv, why);
	case TSR_LIBERATE:
		return apply_liberate(s, seat, mv, why);
	default:
		return apply_discard(s, seat, mv, ev, why);
	}
}

/* The first meld the liberated wild fits, named as RULES.md 0.3 asks. */
static int
place_pending(const struct tsr_state *s, int seat, struct game_move *out)
{
	const struct tsr_meld	*m;
	card_t			 w = s->pending, a, best;
	int			 j, pos;

	for (j = 0; j < s->nmelds; j++) {
		m = &s->melds[j];
		best = CARD_NONE;
		if (m->kind == TSR_RUN) {
			for (pos = m->lo - 1; pos <= m->hi + 1;
			    pos += m->hi - m->lo + 2) {
				if (pos < 0 || pos > 13)
					continue;
				a = tsr_run_card(m->suit, pos);
				if (tsr_layoff_pos(m, w, a, NULL) >= 0 &&
				    (best == CARD_NONE || a < best))
					best = a;
			}
			if (best == CARD_NONE)
				continue;
		} else if (tsr_layoff_pos(m, w, CARD_NONE, NULL) < 0)
			continue;
		move_clear(out);
		out->verb = TSR_LAYOFF;
		move_add_card(out, w, 0);
		out->as[0] = best;
		if (tsr_name_target(s, seat, j, w, best, TSR_FOR_LAYOFF,
		    out) == 0)
			return 0;
	}
	return -1;
}

enum game_rc
tsr_timeout_move(const void *st, int seat, struct game_move *out)
{
	const struct tsr_state	*s = st;
	struct tsr_meld		 melds[TSR_REQS_MAX];
	card_t			 kn;
	int			 c, n;

	move_clear(out);
	if (!tsr_playing(s) || seat < 0 || seat >= s->nseats)
		return GAME_REFUSED;
	if (seat != s->turn) {
		if (!(tsr_buyers(s) & (1u << seat)))
			return GAME_REFUSED;
		out->verb = TSR_PASS;
		return GAME_OK;
	}
	if (s->phase == TSR_PHASE_DRAW) {
		out->verb = TSR_DRAW;
		return GAME_OK;
	}
	if (s->pending != CARD_NONE) {
		if (s->down & (1u << seat))
			return place_pending(s, seat, out) == 0 ? GAME_OK :
			    GAME_REFUSED;
		n = tsr_find_contract(s->hand[seat], s->nhand[seat],
		    tsr_current_contract(s, seat), tsr_keep_not(s, seat),
		    s->pending, melds);
		if (n == 0)
			return GAME_REFUSED;
		tsr_contract_move(melds, n, out);
		return GAME_OK;
	}
	out->verb = TSR_DISCARD;
	kn = tsr_keep_not(s, seat);
	if (s->drawn != CARD_NONE && !s->from_pile &&
	    s->hand[seat][s->drawn] > 0) {
		move_add_card(out, s->drawn, 0);
		return GAME_OK;
	}
	for (c = 0; c < TSR_IDS; c++)
		if (s->hand[seat][c] > 0 && c != kn) {
			move_add_card(out, (card_t)c, 0);
			return GAME_OK;
		}
	return GAME_REFUSED;
}
