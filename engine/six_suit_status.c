/*
 * six_suit_status.c: whose move it is, the status every caller reads,
 * and the move made for a seat whose time ran out (RULES.md 7c).
 */
#include "six_suit.h"

#include <string.h>

#include "move.h"

static int
playing(const struct six_state *s)
{
	return s->phase > SIX_PHASE_DEAL && s->phase < SIX_PHASE_OVER;
}

int
six_actor(const struct six_state *s)
{
	return s->phase == SIX_PHASE_VETO ? s->prop_owner : s->turn;
}

void
six_status(const void *st, struct game_status *out)
{
	const struct six_state	*s = st;
	int			 i;

	memset(out, 0, sizeof(*out));
	out->nseats = s->nseats;
	out->over = s->over;
	out->hand = s->hand;
	out->dealer = s->dealer;
	out->needs_deck = s->phase == SIX_PHASE_DEAL;
	out->to_act = playing(s) ? 1u << six_actor(s) : 0;
	out->winners = s->winners;
	for (i = 0; i < s->nseats; i++)
		out->scores[i] = s->scores[six_team(s, i)];
	if (s->nfactions < s->nseats) {
		out->nteams = s->nfactions;
		for (i = 0; i < s->nfactions; i++)
			out->team_scores[i] = s->scores[i];
		for (i = 0; i < s->nseats; i++)
			out->team[i] = (uint8_t)six_team(s, i);
	}
	memcpy(out->seating, s->seating, sizeof(out->seating));
}

/*
 * RULES.md 7c timeouts.  The random declaration comes from a copy of
 * the game's stream moved far past any block a shuffle reaches, so it
 * reveals nothing about future shuffles and leaves the state alone.
 */
enum game_rc
six_timeout_move(const void *st, int seat, struct game_move *out)
{
	const struct six_state	*s = st;
	struct rng		 r;

	move_clear(out);
	if (!playing(s) || seat != six_actor(s) || s->viewer != SIX_NOT_A_VIEW)
		return GAME_REFUSED;
	switch (s->phase) {
	case SIX_PHASE_PREDICT:
		r = s->rng;
		r.counter = 0x80000000u + (s->nat & 0x3fffffffu) * 64u +
		    s->extras;
		r.used = 16;
		out->verb = SIX_PREDICT;
		move_add_card(out, (card_t)rng_uniform(&r, SIX_DECK), 0);
		return GAME_OK;
	case SIX_PHASE_PLAY:
		if (s->nhand[seat] == 0) {
			out->verb = SIX_PASS;
			return GAME_OK;
		}
		out->verb = SIX_DISCARD;
		move_add_card(out, s->hands[seat][0], 0);
		return GAME_OK;
	default:
		out->verb = SIX_REJECT;
		return GAME_OK;
	}
}
