/*
 * gin_vodka_legal.c: what the seat to act may do in Gin Vodka: the
 * legal moves, the status every caller reads (whose turn it is) and
 * the move made for a seat whose time ran out (gv_rules.legal,
 * .status, .timeout_move; RULES.md 3b).
 */
#include "gin_vodka.h"

#include <limits.h>
#include <string.h>

#include "move.h"

int
gv_can_draw(const struct gv_state *s)
{
	return s->nstock > 0 || s->recycles < s->recycle_cap;
}

int
gv_legal(const void *st, int seat, struct game_move *out, int max)
{
	const struct gv_state	*s = st;
	struct gv_hand_search	 hs;
	struct gv_arrangement	 arr;
	struct game_move	 mv;
	card_t			 c;
	int			 n = 0, i, nh;

	if (!gv_playing(s) || seat != s->turn)
		return 0;
	/* A view made for anyone else hides this seat's hand: no moves. */
	if (s->viewer != GV_NOT_A_VIEW && s->viewer != seat)
		return 0;
	nh = s->nhand[seat];
	switch (s->phase) {
	case GV_PHASE_OPEN_ND:
	case GV_PHASE_OPEN_D:
		move_simple(&mv, GV_PASS, CARD_NONE);
		move_list_add(out, max, &n, &mv);
		move_simple(&mv, GV_TAKE, CARD_NONE);
		move_list_add(out, max, &n, &mv);
		break;
	case GV_PHASE_DRAW:
	case GV_PHASE_LAST_DRAW:
		if (!s->stock_only && s->ndiscard > 0) {
			move_simple(&mv, GV_TAKE, CARD_NONE);
			move_list_add(out, max, &n, &mv);
		}
		if (gv_can_draw(s)) {
			move_simple(&mv, GV_DRAW, CARD_NONE);
			move_list_add(out, max, &n, &mv);
		}
		break;
	default:
		for (i = 0; i < nh; i++) {
			c = s->hands[seat][i];
			if (s->from_pile && c == s->drawn)
				continue;
			move_simple(&mv, GV_DISCARD, c);
			move_list_add(out, max, &n, &mv);
		}
		if (s->phase == GV_PHASE_LAST_DISCARD ||
		    gv_knock_floor(s->hands[seat], nh) > GV_KNOCK_MAX)
			break;
		gv_hand_search_init(&hs, s->hands[seat], nh, NULL, 0);
		for (i = 0; i < nh; i++) {
			c = s->hands[seat][i];
			if (s->from_pile && c == s->drawn)
				continue;
			if (gv_hand_search_without(&hs, c, GV_KNOCK_MAX + 1,
			    NULL) > GV_KNOCK_MAX)
				continue;
			gv_hand_search_without(&hs, c, INT_MAX, &arr);
			gv_knock_move(c, &arr, &mv);
			move_list_add(out, max, &n, &mv);
		}
		break;
	}
	return n;
}

void
gv_status(const void *st, struct game_status *out)
{
	const struct gv_state	*s = st;
	int			 i;

	memset(out, 0, sizeof(*out));
	out->nseats = GV_SEATS;
	out->over = s->over;
	out->hand = s->hand;
	out->dealer = s->dealer;
	out->needs_deck = s->phase == GV_PHASE_DEAL;
	out->to_act = gv_playing(s) ? 1u << s->turn : 0;
	out->winners = s->winners;
	for (i = 0; i < GV_SEATS; i++)
		out->scores[i] = s->scores[i];
	memcpy(out->seating, s->seating, sizeof(out->seating));
}

enum game_rc
gv_timeout_move(const void *st, int seat, struct game_move *out)
{
	const struct gv_state	*s = st;
	int			 i;

	move_clear(out);
	if (!gv_playing(s) || seat != s->turn)
		return GAME_REFUSED;
	switch (s->phase) {
	case GV_PHASE_OPEN_ND:
	case GV_PHASE_OPEN_D:
		out->verb = GV_PASS;
		return GAME_OK;
	case GV_PHASE_DRAW:
	case GV_PHASE_LAST_DRAW:
		out->verb = gv_can_draw(s) ? GV_DRAW : GV_TAKE;
		return GAME_OK;
	default:
		out->verb = GV_DISCARD;
		if (s->drawn != CARD_NONE && !s->from_pile) {
			move_add_card(out, s->drawn, 0);
			return GAME_OK;
		}
		for (i = 0; i < s->nhand[seat]; i++)
			if (!(s->from_pile && s->hands[seat][i] == s->drawn)) {
				move_add_card(out, s->hands[seat][i], 0);
				return GAME_OK;
			}
		return GAME_REFUSED;
	}
}
