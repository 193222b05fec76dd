/*
 * six_suit.c: Six Suit's moves and turn flow (RULES.md 7c): predict,
 * draw, play or discard, the veto step in free time, eliminations,
 * extra turns and chains, the final phase, the orbit cap and the end
 * of a deal and of the match.  Set-up and deals are in
 * six_suit_setup.c, status and the timeout move in six_suit_status.c.
 */
#include "six_suit.h"

#include <stdio.h>
#include <string.h>

#include "move.h"

static void
hand_remove(struct six_state *s, int seat, card_t c)
{
	if (card_remove(s->hands[seat], s->nhand[seat], c) == 0)
		s->nhand[seat]--;
	six_known_set(s->known[seat], c, 0);	/* it left face up */
}

/* The deal ends (six_end_deal), and the next one is dealt unless the match is over. */
static void
end_deal(struct six_state *s, int kind, struct game_events *ev)
{
	six_end_deal(s, kind, ev);
	if (!s->over)
		six_next_deal(s);
}

/*
 * Rule 5: every card under a top and the whole center pile, in id
 * order, shuffled by the game's stream (decks mode: not shuffled, the
 * lowest id on top), become the stock.
 */
static void
recycle(struct six_state *s)
{
	uint8_t	 take[CARD_TT_COUNT];
	card_t	 tmp[SIX_DECK];
	int	 i, n = 0;

	memset(take, 0, sizeof(take));
	for (i = 0; i < s->nunder; i++)
		take[s->under[i]] = 1;
	for (i = 0; i < s->ncenter; i++)
		take[s->center[i]] = 1;
	for (i = 0; i < CARD_TT_COUNT; i++)
		if (take[i])
			tmp[n++] = (card_t)i;
	if (!s->decks_mode)
		rng_shuffle(&s->rng, tmp, n);
	for (i = 0; i < n; i++)
		s->stock[s->nstock + n - 1 - i] = tmp[i];
	s->nstock = (uint8_t)(s->nstock + n);
	memset(s->under, CARD_NONE, sizeof(s->under));
	memset(s->under_pile, 0, sizeof(s->under_pile));
	memset(s->center, CARD_NONE, sizeof(s->center));
	memset(s->depth, 0, sizeof(s->depth));
	s->nunder = 0;
	s->ncenter = 0;
}

/* One card from the stock into seat's hand, recycling once if empty. */
static card_t
draw_one(struct six_state *s, int seat)
{
	card_t	 c;

	if (s->nstock == 0)
		recycle(s);
	if (s->nstock == 0)
		return CARD_NONE;
	c = s->stock[--s->nstock];
	s->stock[s->nstock] = CARD_NONE;
	six_hand_add(s, seat, c);
	return c;
}

/* The turn sequence ended: final phase, orbit cap, next natural turn. */
static void
end_sequence(struct six_state *s, struct game_events *ev)
{
	int	 n = s->nseats;

	s->chain_target = SIX_NOBODY;
	s->relaxed = 0;
	s->extras = 0;
	if (s->final_pending) {
		s->final_pending = 0;
		s->final_left = (uint16_t)(SIX_FINAL_ORBITS * n);
	} else if (s->final_left > 0) {
		if (--s->final_left == 0) {
			end_deal(s, SIX_END_SURVIVED, ev);
			return;
		}
	} else if (s->nat >= (uint32_t)s->orbit_cap * (uint32_t)n) {
		end_deal(s, SIX_END_CAP, ev);
		return;
	}
	six_start_turn(s, (s->turn + 1) % n, 1);
}

/* 7c step 6, after a play on target's pile (dbl: a double match). */
static void
after_play(struct six_state *s, int dbl, int target, int elim,
    struct game_events *ev)
{
	int	 earn = 0;

	if (dbl) {
		earn = s->natural || target == s->chain_target || s->relaxed;
		if (earn)
			s->chain_target = (uint8_t)target;
	}
	s->relaxed = (uint8_t)(elim && dbl);
	if (earn && s->extras < SIX_CHAIN_CAP) {
		s->extras++;
		six_start_turn(s, s->turn, 0);
		return;
	}
	end_sequence(s, ev);
}

/* Put seat p's card c on q's pile: 7c steps 4-6. */
static void
execute_play(struct six_state *s, int p, card_t c, int q, int pile,
    struct game_events *ev)
{
	card_t	 old = s->top[q][pile];
	int	 k = card_tt_matches(c, old), elim = 0;

	hand_remove(s, p, c);
	s->under[s->nunder] = old;
	s->under_pile[s->nunder++] = (uint8_t)(q * SIX_PILES + pile);
	s->depth[q][pile]++;
	s->top[q][pile] = c;
	s->last_seat = (uint8_t)p;
	s->last_verb = SIX_PLAY;
	s->last_card = c;
	s->last_on = old;
	s->prop_card = CARD_NONE;
	s->prop_on = CARD_NONE;
	s->prop_owner = SIX_NOBODY;
	s->prop_pile = SIX_NOBODY;
	if (!six_free_time(s) && six_team(s, q) != six_team(s, p) &&
	    six_is_six_suit(s->top[q])) {
		if (six_eliminate(s, p, q, ev)) {
			if (!s->over)
				six_next_deal(s);
			return;
		}
		elim = 1;
	}
	s->phase = SIX_PHASE_PLAY;
	after_play(s, k == 2, q, elim, ev);
}

static enum game_rc
refuse(char why[GAME_WHY_MAX], const char *msg)
{
	snprintf(why, GAME_WHY_MAX, "%s", msg);
	return GAME_REFUSED;
}

static enum game_rc
apply_predict(struct six_state *s, int seat, const struct game_move *mv,
    char why[GAME_WHY_MAX])
{
	card_t	 c;
	int	 extra, i;

	if (mv->verb != SIX_PREDICT)
		return refuse(why, "First declare your prediction, as in "
		    "\"predict 2Bc\"; then the card is drawn.");
	if (mv->ncards != 1 || mv->cards[0] >= CARD_TT_COUNT)
		return refuse(why, "Predict one number, color and suit, as in "
		    "\"predict 2Bc\".");
	s->pred = mv->cards[0];
	if ((c = draw_one(s, seat)) != CARD_NONE) {
		s->drawn[s->ndrawn++] = c;
		s->k = (uint8_t)card_tt_matches(s->pred, c);
		s->shown = s->k >= 2;
		if (s->shown)
			six_known_set(s->known[seat], c, 1);
		extra = s->k == 3 ? 2 : s->k == 2 ? 1 : 0;
		for (i = 0; i < extra; i++) {
			if ((c = draw_one(s, seat)) == CARD_NONE)
				break;
			s->drawn[s->ndrawn++] = c;
		}
	}
	s->phase = SIX_PHASE_PLAY;
	return GAME_OK;
}

/* Find the living pile whose top is c: 0 with *q, *p, or -1. */
static int
find_pile(const struct six_state *s, card_t c, int *q, int *p)
{
	int	 i, j;

	for (i = 0; i < s->nseats; i++)
		if (s->alive & (1u << i))
			for (j = 0; j < SIX_PILES; j++)
				if (s->top[i][j] == c) {
					*q = i;
					*p = j;
					return 0;
				}
	return -1;
}

static enum game_rc
apply_play(struct six_state *s, int seat, const struct game_move *mv,
    struct game_events *ev, char why[GAME_WHY_MAX])
{
	char	 a[CARD_TEXT_MAX], b[CARD_TEXT_MAX];
	card_t	 c = mv->cards[0];
	int	 q, p;

	card_format(CARD_TT, c, a);
	if (card_find(s->hands[seat], s->nhand[seat], c) < 0) {
		snprintf(why, GAME_WHY_MAX, "You do not hold %s.", a);
		return GAME_REFUSED;
	}
	if (mv->on == CARD_NONE)
		return refuse(why, "Name the top card you play on, as in "
		    "\"play 3Rh on 4Rt\".");
	card_format(CARD_TT, mv->on, b);
	if (find_pile(s, mv->on, &q, &p) != 0) {
		snprintf(why, GAME_WHY_MAX, "%s is not the top card of a "
		    "living player's pile.", b);
		return GAME_REFUSED;
	}
	if (mv->at >= 0 && mv->at != q) {
		snprintf(why, GAME_WHY_MAX, "%s lies on seat %d's pile, not on "
		    "seat %d's.", b, q, mv->at);
		return GAME_REFUSED;
	}
	if (card_tt_matches(c, mv->on) == 0) {
		snprintf(why, GAME_WHY_MAX, "%s and %s share no number, color "
		    "or suit; a play must match at least one literally.", a, b);
		return GAME_REFUSED;
	}
	if (q != seat && six_free_time(s)) {
		if (s->nseats == 2 || !s->veto)
			return refuse(why, "During free time (the first two "
			    "orbits) you may play only on your own piles.");
		if (s->vetoed & (1u << q)) {
			snprintf(why, GAME_WHY_MAX, "Seat %d already refused a "
			    "play this turn; choose another pile or discard.",
			    q);
			return GAME_REFUSED;
		}
		s->prop_card = c;
		six_known_set(s->known[seat], c, 1);	/* proposed in the open */
		s->prop_on = mv->on;
		s->prop_owner = (uint8_t)q;
		s->prop_pile = (uint8_t)p;
		s->phase = SIX_PHASE_VETO;
		return GAME_OK;
	}
	execute_play(s, seat, c, q, p, ev);
	return GAME_OK;
}

static enum game_rc
apply_turn(struct six_state *s, int seat, const struct game_move *mv,
    struct game_events *ev, char why[GAME_WHY_MAX])
{
	char	 a[CARD_TEXT_MAX];

	switch (mv->verb) {
	case SIX_PLAY:
		if (mv->ncards != 1)
			return refuse(why, "Play one card, as in \"play 3Rh on "
			    "4Rt\".");
		return apply_play(s, seat, mv, ev, why);
	case SIX_DISCARD:
		if (mv->ncards != 1)
			return refuse(why, "Discard one card, as in \"discard "
			    "3Rh\".");
		if (card_find(s->hands[seat], s->nhand[seat],
		    mv->cards[0]) < 0) {
			card_format(CARD_TT, mv->cards[0], a);
			snprintf(why, GAME_WHY_MAX, "You do not hold %s.", a);
			return GAME_REFUSED;
		}
		hand_remove(s, seat, mv->cards[0]);
		s->center[s->ncenter++] = mv->cards[0];
		s->last_seat = (uint8_t)seat;
		s->last_verb = SIX_DISCARD;
		s->last_card = mv->cards[0];
		s->last_on = CARD_NONE;
		after_play(s, 0, seat, 0, ev);
		return GAME_OK;
	case SIX_PASS:
		if (s->nhand[seat] > 0)
			return refuse(why, "You may pass only with no hidden "
			    "card; play a card or discard one.");
		s->last_seat = (uint8_t)seat;
		s->last_verb = SIX_PASS;
		s->last_card = CARD_NONE;
		s->last_on = CARD_NONE;
		after_play(s, 0, seat, 0, ev);
		return GAME_OK;
	case SIX_PREDICT:
		return refuse(why, "You have already predicted and drawn; now "
		    "play a card or discard one.");
	default:
		return refuse(why, "There is no play waiting for a veto; "
		    "play a card or discard one.");
	}
}

static enum game_rc
apply_veto(struct six_state *s, const struct game_move *mv,
    struct game_events *ev, char why[GAME_WHY_MAX])
{
	switch (mv->verb) {
	case SIX_ACCEPT:
		execute_play(s, s->turn, s->prop_card, s->prop_owner,
		    s->prop_pile, ev);
		return GAME_OK;
	case SIX_REJECT:
		s->vetoed |= (uint16_t)(1u << s->prop_owner);
		s->prop_card = CARD_NONE;
		s->prop_on = CARD_NONE;
		s->prop_owner = SIX_NOBODY;
		s->prop_pile = SIX_NOBODY;
		s->phase = SIX_PHASE_PLAY;
		return GAME_OK;
	default:
		return refuse(why, "A play on your pile waits for your answer: "
		    "\"accept\" or \"reject\".");
	}
}

static enum game_rc
six_apply(const void *in, void *out, int seat, const struct game_move *mv,
    struct game_events *ev, char why[GAME_WHY_MAX])
{
	const struct six_state	*is = in;
	struct six_state	*s = out;
	struct game_events	 scratch;
	int			 i;

	if (ev == NULL)
		ev = &scratch;
	memset(ev, 0, sizeof(*ev));
	if (is->layout != SIX_LAYOUT || is->viewer != SIX_NOT_A_VIEW)
		return refuse(why, "This is not a Six Suit game state.");
	if (is->phase == SIX_PHASE_OVER)
		return refuse(why, "The game is over.");
	if (is->phase == SIX_PHASE_DEAL)
		return refuse(why, "The cards for this deal have not been "
		    "dealt yet.");
	if (seat < 0 || seat >= is->nseats) {
		snprintf(why, GAME_WHY_MAX, "There is no seat %d at this table.",
		    seat);
		return GAME_REFUSED;
	}
	if (seat != six_actor(is)) {
		if (is->phase == SIX_PHASE_VETO)
			snprintf(why, GAME_WHY_MAX, "Seat %d must first accept or "
			    "reject the play on its pile.", is->prop_owner);
		else
			snprintf(why, GAME_WHY_MAX, "It is not your turn: seat "
			    "%d is to play.", is->turn);
		return GAME_REFUSED;
	}
	if (mv->verb >= SIX_VERB__MAX || mv->ncards > GAME_MOVE_CARDS_MAX)
		return refuse(why, "That is not a Six Suit move.");
	for (i = 0; i < mv->ncards; i++)
		if (mv->cards[i] >= CARD_TT_COUNT)
			return refuse(why, "Six Suit uses the 125 cards without "
			    "jokers.");
	memcpy(s, is, sizeof(*s));
	switch (s->phase) {
	case SIX_PHASE_PREDICT:
		return apply_predict(s, seat, mv, why);
	case SIX_PHASE_PLAY:
		return apply_turn(s, seat, mv, ev, why);
	default:
		return apply_veto(s, mv, ev, why);
	}
}

const struct game_rules six_rules = {
	.slug = "six-suit",
	.name = "Six Suit",
	.cards = CARD_TT,
	.seats_min = SIX_SEATS_MIN,
	.seats_max = SIX_SEATS_MAX,
	.options = six_options,
	.layout = SIX_LAYOUT,
	.state_size = sizeof(struct six_state),
	.view_size = sizeof(struct six_state),
	.setup = six_setup,
	.deal = six_deal,
	.legal = six_legal,
	.apply = six_apply,
	.status = six_status,
	.timeout_move = six_timeout_move,
	.view = six_view,
	.parse = six_parse,
	.format = six_format,
	.audit = six_audit,
	.audit_view = six_audit_view,
	.reveal = six_reveal,
	.determinize = six_determinize
};

_Static_assert(sizeof(struct six_state) <= GAME_STATE_MAX,
    "struct six_state must fit GAME_STATE_MAX");
