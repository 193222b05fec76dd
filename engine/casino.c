/*
 * casino.c: Casino Macedonia's moves, hand ends and status (RULES.md
 * 4b-4d).  Set-up and deals are in casino_setup.c, the table model in
 * casino_table.c, the move generator in casino_moves.c, scoring and
 * views in casino_view.c, the timeout move in casino_timeout.c.
 */
#include "casino.h"

#include <stdio.h>
#include <string.h>

#include "move.h"

_Static_assert(sizeof(struct cm_state) <= GAME_STATE_MAX,
    "struct cm_state must fit GAME_STATE_MAX");

static void
hand_remove(struct cm_state *s, int seat, card_t c)
{
	if (card_remove(s->hands[seat], s->nhand[seat], c) == 0)
		s->nhand[seat]--;
}

/* Card i on the table to seat if its pile is taken, else re-indexed. */
static void
capture_card(struct cm_state *s, int seat, const uint8_t *newidx, int i)
{
	int	 x = s->pile_of[i];

	if (newidx[x] == CM_NOBODY) {
		s->pile_of[i] = CM_NOBODY;
		s->decl[i] = 0;
		s->won[i] = (uint8_t)seat;
		s->ncaptured[seat]++;
	} else
		s->pile_of[i] = newidx[x];
}

/* Remove the piles in taken[] from the table, giving their cards to seat. */
static void
capture(struct cm_state *s, int seat, const uint64_t taken[2])
{
	uint8_t	 newidx[CM_PILES_MAX];
	uint64_t on[2], w;
	int	 i, n = 0, h;

	for (i = 0; i < s->npiles; i++) {
		if ((taken[i >> 6] >> (i & 63)) & 1) {
			newidx[i] = CM_NOBODY;
			continue;
		}
		newidx[i] = (uint8_t)n;
		s->piles[n++] = s->piles[i];
	}
	memset(s->piles + n, 0, (size_t)(s->npiles - n) * sizeof(s->piles[0]));
	s->npiles = (uint8_t)n;
	/* The ids on the table only, found 16 at a time. */
	cm_ids_placed(s->pile_of, on);
	for (h = 0; h < 2; h++)
		for (w = on[h]; w != 0; w &= w - 1) {
			i = 64 * h + __builtin_ctzll(w);
			capture_card(s, seat, newidx, i);
		}
}

/* Give seat the jokers set aside (all, or only the start jokers). */
static void
take_aside(struct cm_state *s, int seat, int all)
{
	int	 i, n = 0;

	for (i = 0; i < s->naside; i++) {
		if (all || !s->aside_spare[i]) {
			s->won[s->aside[i]] = (uint8_t)seat;
			s->ncaptured[seat]++;
			continue;
		}
		s->aside_spare[n] = s->aside_spare[i];
		s->aside[n++] = s->aside[i];
	}
	for (i = n; i < 2; i++) {
		s->aside[i] = CARD_NONE;
		s->aside_spare[i] = 0;
	}
	s->naside = (uint8_t)n;
}

static void
event_text(const struct cm_state *s, const struct cm_result *r, char *t,
    size_t tsz)
{
	size_t	 len;
	int	 i;

	if (r->taker == CM_NOBODY)
		len = (size_t)snprintf(t, tsz, "Hand %d: nobody took anything; "
		    "the table is not scored.", r->hand);
	else
		len = (size_t)snprintf(t, tsz, "Hand %d: seat %d, the last "
		    "taker, sweeps %d card%s.", r->hand, r->taker, r->swept,
		    r->swept == 1 ? "" : "s");
	for (i = 0; i < s->nseats && len < tsz; i++)
		len += (size_t)snprintf(t + len, tsz - len, " Seat %d: %d "
		    "cards, %d points.", i, r->tally[i].cards,
		    r->tally[i].points);
	if (len < tsz)
		len += (size_t)snprintf(t + len, tsz - len,
		    " Most cards: %s%.0d; reds: %s%.0d; circles: %s%.0d.",
		    r->most_cards == CM_NOBODY ? "void" : "seat ",
		    r->most_cards == CM_NOBODY ? 0 : r->most_cards,
		    r->most_reds == CM_NOBODY ? "void" : "seat ",
		    r->most_reds == CM_NOBODY ? 0 : r->most_reds,
		    r->most_circles == CM_NOBODY ? "void" : "seat ",
		    r->most_circles == CM_NOBODY ? 0 : r->most_circles);
}

/* Sweep, score, then start the next hand or end the game. */
static void
end_hand(struct cm_state *s, struct game_events *ev)
{
	struct game_event	*e = &ev->ev[ev->n++];
	struct cm_result	 r;
	uint64_t		 all[2] = { ~(uint64_t)0, ~(uint64_t)0 };
	int			 i, before = 0, best = 0;

	if (s->last_taker != CM_NOBODY) {
		before = s->ncaptured[s->last_taker];
		capture(s, s->last_taker, all);
		take_aside(s, s->last_taker, 1);
	}
	cm_score(s, &r);
	r.hand = s->hand;
	r.taker = s->last_taker;
	r.swept = (uint8_t)(r.taker == CM_NOBODY ? 0 :
	    s->ncaptured[r.taker] - before);
	e->hand = s->hand;
	snprintf(e->kind, sizeof(e->kind), "hand");
	event_text(s, &r, e->text, sizeof(e->text));
	for (i = 0; i < s->nseats; i++) {
		e->delta[i] = r.tally[i].points;
		s->scores[i] += r.tally[i].points;
	}
	s->last = r;
	if (s->hand >= s->nhands) {
		for (i = 0; i < s->nseats; i++)
			if (i == 0 || s->scores[i] > best)
				best = s->scores[i];
		for (i = 0; i < s->nseats; i++)
			if (s->scores[i] == best)
				s->winners |= 1u << i;
		s->over = 1;
		s->phase = CM_PHASE_OVER;
		return;
	}
	s->hand++;
	s->dealer = (uint8_t)((s->dealer + 1) % s->nseats);
	cm_next_deal(s);
}

/* After seat's play: the next seat with cards, a new deal, or the end. */
static void
advance(struct cm_state *s, int seat, struct game_events *ev)
{
	int	 i, k;

	for (i = 1; i <= s->nseats; i++) {
		k = (seat + i) % s->nseats;
		if (s->nhand[k] > 0) {
			s->turn = (uint8_t)k;
			return;
		}
	}
	if (s->nstock == 0) {
		end_hand(s, ev);
		return;
	}
	cm_redeal(s);
	for (i = 1; i <= s->nseats; i++) {
		k = (seat + i) % s->nseats;
		if (s->nhand[k] > 0) {
			s->turn = (uint8_t)k;
			return;
		}
	}
}

void
cm_execute(struct cm_state *s, int seat, const struct cm_play *pl,
    struct game_events *ev)
{
	struct cm_pile	*p;
	uint64_t	 taken[2], all[2] = { ~(uint64_t)0, ~(uint64_t)0 };
	card_t		 h = pl->h;
	int		 lo, hi, x;

	hand_remove(s, seat, h);
	if (cm_numbers(s, h, &lo, &hi) == 1)
		s->decl[h] = pl->decl;
	if (pl->sweep) {
		capture(s, seat, all);
		take_aside(s, seat, 0);
		s->won[h] = (uint8_t)seat;
		s->ncaptured[seat]++;
		s->last_taker = (uint8_t)seat;
	} else if (pl->verb == CM_DROP && cm_numbers(s, h, &lo, &hi) < 0) {
		s->aside_spare[s->naside] = 1;
		s->aside[s->naside++] = h;
	} else if (pl->verb == CM_DROP)
		cm_new_single(s, h);
	else if (pl->verb == CM_TAKE) {
		taken[0] = pl->taken[0];
		taken[1] = pl->taken[1];
		if ((x = pl->target) != CM_NOBODY)
			taken[x >> 6] |= (uint64_t)1 << (x & 63);
		else {
			x = s->npiles;
			cm_new_single(s, h);
			taken[x >> 6] |= (uint64_t)1 << (x & 63);
		}
		if (pl->target != CM_NOBODY)
			cm_pile_add(s, x, h);
		capture(s, seat, taken);
		s->last_taker = (uint8_t)seat;
	} else {
		x = pl->target;
		p = &s->piles[x];
		if (pl->verb == CM_BUILD) {
			p->kind = CM_BUILD_PILE;
			p->value = (uint8_t)(p->value + cm_table_value(s, h));
		} else
			p->kind = CM_STACK_PILE;
		p->owner = (uint8_t)seat;
		cm_pile_add(s, x, h);
	}
	advance(s, seat, ev);
}

static enum game_rc
refuse(char why[GAME_WHY_MAX], const char *msg)
{
	snprintf(why, GAME_WHY_MAX, "%s", msg);
	return GAME_REFUSED;
}

static enum game_rc
cm_apply(const void *in, void *out, int seat, const struct game_move *mv,
    struct game_events *ev, char why[GAME_WHY_MAX])
{
	const struct cm_state	*is = in;
	struct cm_state		*s = out;
	struct game_events	 scratch;
	struct cm_play		 pl;

	if (ev == NULL)
		ev = &scratch;
	memset(ev, 0, sizeof(*ev));
	memcpy(s, is, sizeof(*s));
	if (s->layout != CM_LAYOUT || s->viewer != CM_NOT_A_VIEW)
		return refuse(why, "This is not a Casino Macedonia game "
		    "state.");
	if (s->phase == CM_PHASE_OVER)
		return refuse(why, "The game is over.");
	if (s->phase == CM_PHASE_DEAL)
		return refuse(why, "The cards for this hand have not been "
		    "dealt yet.");
	if (seat < 0 || seat >= s->nseats) {
		snprintf(why, GAME_WHY_MAX, "There is no seat %d at this "
		    "table.", seat);
		return GAME_REFUSED;
	}
	if (seat != s->turn) {
		snprintf(why, GAME_WHY_MAX, "It is not your turn: seat %d is "
		    "to play.", s->turn);
		return GAME_REFUSED;
	}
	if (cm_check(s, seat, mv, &pl, why) != 0)
		return GAME_REFUSED;
	cm_execute(s, seat, &pl, ev);
	return GAME_OK;
}

struct collect {
	struct game_move *out;
	int		 max, n;
};

static void
collect(void *ctx, const struct game_move *mv, const struct cm_play *pl)
{
	struct collect	*c = ctx;

	(void)pl;
	if (c->n < c->max)
		c->out[c->n] = *mv;
	c->n++;
}

static int
cm_legal(const void *st, int seat, struct game_move *out, int max)
{
	struct collect	 c;

	c.out = out;
	c.max = max;
	c.n = 0;
	return cm_generate(st, seat, collect, &c);
}

static void
cm_status(const void *st, struct game_status *out)
{
	const struct cm_state	*s = st;
	int			 i;

	memset(out, 0, sizeof(*out));
	out->nseats = s->nseats;
	out->over = s->over;
	out->hand = s->hand;
	out->dealer = s->dealer;
	out->needs_deck = s->phase == CM_PHASE_DEAL;
	out->to_act = s->phase == CM_PHASE_PLAY ? 1u << s->turn : 0;
	out->winners = s->winners;
	for (i = 0; i < s->nseats; i++)
		out->scores[i] = s->scores[i];
	memcpy(out->seating, s->seating, sizeof(out->seating));
}

const struct game_rules cm_rules = {
	.slug = "casino-macedonia",
	.name = "Casino Macedonia",
	.cards = CARD_TT,
	.seats_min = CM_SEATS_MIN,
	.seats_max = CM_SEATS_MAX,
	.options = cm_options,
	.layout = CM_LAYOUT,
	.state_size = sizeof(struct cm_state),
	.view_size = sizeof(struct cm_state),
	.setup = cm_setup,
	.deal = cm_deal,
	.legal = cm_legal,
	.apply = cm_apply,
	.status = cm_status,
	.timeout_move = cm_timeout_move,
	.view = cm_view,
	.parse = cm_parse,
	.format = cm_format,
	.audit = cm_audit,
	.audit_view = cm_audit_view,
	.reveal = cm_reveal,
	.determinize = cm_determinize,
	.search_depth = cm_search_depth,
	.search_eval = cm_search_eval,
	/* Trusting the search more won more leagues (tests/bench/bots.md). */
	.search_alpha = 0.2
};
