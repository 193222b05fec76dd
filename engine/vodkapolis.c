/*
 * vodkapolis.c: Vodkapolis 500 set-up, moves, hand ends, status and
 * timeouts (RULES.md 2).  Move checks and legal moves are in
 * vodkapolis_rules.c.
 */
#include "vodkapolis.h"

#include <stdio.h>
#include <string.h>

#include "deck.h"
#include "move.h"

static const char *const option_keys[] = { "end_mode", NULL };

static int
playing(const struct vp_state *s)
{
	return s->phase == VP_PHASE_DRAW || s->phase == VP_PHASE_PLAY;
}

/* The next active seat to the left of seat. */
static int
next_active(const struct vp_state *s, int seat)
{
	int	 i, t;

	for (i = 1; i <= s->nseats; i++) {
		t = (seat + i) % s->nseats;
		if (s->active & (1u << t))
			return t;
	}
	return seat;
}

static void
hand_add(struct vp_state *s, int seat, card_t c)
{
	card_insert_sorted(s->hands[seat], s->nhand[seat]++, c);
}

static void
hand_remove(struct vp_state *s, int seat, card_t c)
{
	if (card_remove(s->hands[seat], s->nhand[seat], c) == 0)
		s->nhand[seat]--;
}

static void
clear_turn(struct vp_state *s)
{
	s->drawn = CARD_NONE;
	s->taken = CARD_NONE;
	s->nlog = 0;
	memset(s->log, 0, sizeof(s->log));
}

static void
clear_cards(struct vp_state *s)
{
	memset(s->hands, CARD_NONE, sizeof(s->hands));
	memset(s->nhand, 0, sizeof(s->nhand));
	memset(s->stock, CARD_NONE, sizeof(s->stock));
	memset(s->chain, CARD_NONE, sizeof(s->chain));
	memset(s->melds, 0, sizeof(s->melds));
	memset(s->known, 0, sizeof(s->known));
	s->nstock = 0;
	s->nchain = 0;
	s->nmelds = 0;
	clear_turn(s);
}

/*
 * Deal deck (deck[0] = top): one card at a time to each active seat
 * from the dealer's left, 11 each, then the upcard; the rest is the
 * stock.
 */
static void
deal_cards(struct vp_state *s, const card_t *deck)
{
	int	 i, r, seat, k = 0;

	clear_cards(s);
	for (r = 0; r < VP_DEAL; r++) {
		seat = s->dealer;
		for (i = 0; i < game_seat_count(s->active); i++) {
			seat = next_active(s, seat);
			hand_add(s, seat, deck[k++]);
		}
	}
	s->chain[s->nchain++] = deck[k++];
	s->nstock = (uint8_t)(VP_DECK - k);
	for (i = 0; i < s->nstock; i++)
		s->stock[s->nstock - 1 - i] = deck[k + i];
	s->phase = VP_PHASE_DRAW;
	s->turn = (uint8_t)next_active(s, s->dealer);
}

static void
shuffle_and_deal(struct vp_state *s)
{
	card_t	 deck[VP_DECK];

	deck_fill(DECK_TT_FULL, 1, deck);
	rng_shuffle(&s->rng, deck, VP_DECK);
	deal_cards(s, deck);
}

/* end_mode=first_to_500|last_standing; 0, or -1 on a bad value. */
static int
parse_end_mode(const char *options, int *mode)
{
	const char	*p = options, *v;
	size_t		 n;
	int		 m;

	while (p != NULL && *p != '\0') {
		while (*p == ' ')
			p++;
		for (n = 0; p[n] != '\0' && p[n] != ' '; n++)
			;
		if (n > 9 && strncmp(p, "end_mode=", 9) == 0) {
			v = p + 9;
			for (m = 0; m < VP_END_MODE__MAX; m++)
				if (strlen(vp_end_mode_name(m)) == n - 9 &&
				    strncmp(v, vp_end_mode_name(m), n - 9) == 0)
					break;
			if (m == VP_END_MODE__MAX)
				return -1;
			*mode = m;
		} else if (n == 9 && strncmp(p, "end_mode=", 9) == 0)
			return -1;
		p += n;
	}
	return 0;
}

static enum game_rc
vp_setup(void *out, const struct game_setup *su, char why[GAME_WHY_MAX])
{
	struct vp_state	*s = out;
	int		 mode = VP_FIRST_TO_500, i;

	memset(s, 0, sizeof(*s));
	if (su->nseats < VP_SEATS_MIN || su->nseats > VP_SEATS_MAX) {
		snprintf(why, GAME_WHY_MAX, "Vodkapolis 500 is for 2 to 6 "
		    "players.");
		return GAME_BAD_OPTIONS;
	}
	if (su->dealer < -1 || su->dealer >= su->nseats) {
		snprintf(why, GAME_WHY_MAX, "The first dealer must be a seat "
		    "from 0 to %d.", su->nseats - 1);
		return GAME_BAD_OPTIONS;
	}
	if (game_options_known(su->options, option_keys, why) != 0)
		return GAME_BAD_OPTIONS;
	if (parse_end_mode(su->options, &mode) != 0) {
		snprintf(why, GAME_WHY_MAX, "end_mode must be first_to_500 or "
		    "last_standing.");
		return GAME_BAD_OPTIONS;
	}
	s->layout = VP_LAYOUT;
	s->viewer = VP_NOT_A_VIEW;
	s->nseats = (uint8_t)su->nseats;
	s->end_mode = (uint8_t)mode;
	s->active = (uint8_t)((1u << su->nseats) - 1);
	s->hand = 1;
	s->last.out = VP_NOBODY;
	clear_cards(s);
	if (su->seed != NULL) {
		rng_init(&s->rng, su->seed);
		s->dealer = (uint8_t)game_draw_seating(&s->rng, su->nseats,
		    su->dealer, s->seating);
		shuffle_and_deal(s);
	} else {
		for (i = 0; i < GAME_SEATS_MAX; i++)
			s->seating[i] = (uint8_t)(i < su->nseats ? i : 0);
		s->dealer = (uint8_t)(su->dealer >= 0 ? su->dealer : 0);
		s->decks_mode = 1;
		s->phase = VP_PHASE_DEAL;
	}
	return GAME_OK;
}

static enum game_rc
vp_deal(const void *in, void *out, const card_t *deck, int n,
    char why[GAME_WHY_MAX])
{
	const struct vp_state	*is = in;
	struct vp_state		*s = out;

	if (is->layout != VP_LAYOUT || is->viewer != VP_NOT_A_VIEW ||
	    is->phase != VP_PHASE_DEAL) {
		snprintf(why, GAME_WHY_MAX, "No deal is due.");
		return GAME_REFUSED;
	}
	if (deck_check(DECK_TT_FULL, deck, n, why, GAME_WHY_MAX) != 0)
		return GAME_REFUSED;
	memcpy(s, is, sizeof(*s));
	deal_cards(s, deck);
	return GAME_OK;
}

static int
lowest_scores(const struct vp_state *s, uint32_t among)
{
	int	 i, min = -1, w = 0;

	for (i = 0; i < s->nseats; i++)
		if ((among & (1u << i)) && (min < 0 || s->scores[i] < min))
			min = s->scores[i];
	for (i = 0; i < s->nseats; i++)
		if ((among & (1u << i)) && s->scores[i] == min)
			w |= 1 << i;
	return w;
}

static void
event_text(const struct vp_state *s, const struct vp_result *r, char *t,
    size_t tsz)
{
	size_t	 len;
	int	 i;

	if (r->kind == VP_END_OUT)
		len = (size_t)snprintf(t, tsz, "Seat %d went out.", r->out);
	else
		len = (size_t)snprintf(t, tsz, "The stock ran out.");
	for (i = 0; i < s->nseats && len < tsz; i++) {
		if (r->delta[i] == 0 && !(r->kind == VP_END_OUT && i == r->out))
			continue;
		if (r->kind == VP_END_OUT && i == r->out)
			continue;
		len += (size_t)snprintf(t + len, tsz - len, " Seat %d: %d held "
		    "+ %d in front = %d.", i, r->held[i], r->front[i],
		    r->delta[i]);
	}
	for (i = 0; i < s->nseats && len < tsz; i++)
		if (r->eliminated & (1u << i))
			len += (size_t)snprintf(t + len, tsz - len, " Seat %d "
			    "reaches %d and is eliminated.", i,
			    (int)s->scores[i]);
}

/* Score the hand, eliminate, end the game or deal the next hand. */
static void
end_hand(struct vp_state *s, int kind, int out, struct game_events *ev)
{
	struct game_event	*e = &ev->ev[ev->n++];
	struct vp_result	*r = &s->last;
	size_t			 len;
	int			 i, w;

	memset(r, 0, sizeof(*r));
	r->kind = (uint8_t)kind;
	r->out = (uint8_t)(out >= 0 ? out : VP_NOBODY);
	r->hand = s->hand;
	for (i = 0; i < s->nseats; i++) {
		if (!(s->active & (1u << i)))
			continue;
		r->held[i] = vp_held_penalty(s, i);
		r->front[i] = vp_front_penalty(s, i);
		r->delta[i] = i == out ? 0 : r->held[i] + r->front[i];
		s->scores[i] += r->delta[i];
		if (s->scores[i] >= VP_ELIMINATE)
			r->eliminated |= (uint8_t)(1u << i);
		e->delta[i] = r->delta[i];
	}
	e->hand = s->hand;
	snprintf(e->kind, sizeof(e->kind), "%s", vp_end_name(kind));
	event_text(s, r, e->text, sizeof(e->text));
	w = 0;
	if (s->end_mode == VP_FIRST_TO_500 && r->eliminated)
		w = lowest_scores(s, s->active);
	s->active &= (uint8_t)~r->eliminated;
	if (s->end_mode == VP_LAST_STANDING) {
		if (game_seat_count(s->active) == 1)
			w = s->active;
		else if (s->active == 0)
			w = lowest_scores(s, r->eliminated);
	}
	if (w != 0) {
		s->over = 1;
		s->winners = (uint8_t)w;
		s->phase = VP_PHASE_OVER;
		clear_turn(s);
		len = strlen(e->text);
		for (i = 0; i < s->nseats && len < sizeof(e->text); i++)
			if (w & (1 << i))
				len += (size_t)snprintf(e->text + len,
				    sizeof(e->text) - len, " Seat %d wins with "
				    "%d.", i, (int)s->scores[i]);
		return;
	}
	s->hand++;
	s->dealer = (uint8_t)next_active(s, s->dealer);
	if (s->decks_mode) {
		clear_cards(s);
		s->phase = VP_PHASE_DEAL;
	} else
		shuffle_and_deal(s);
}

static void
do_move(struct vp_state *s, int seat, const struct game_move *mv,
    struct game_events *ev)
{
	struct vp_meld		*m;
	struct vp_action	*a;
	card_t			 c = mv->ncards > 0 ? mv->cards[0] : CARD_NONE;
	int			 i, j;

	switch (mv->verb) {
	case VP_DRAW:
		s->drawn = s->stock[--s->nstock];
		s->stock[s->nstock] = CARD_NONE;
		hand_add(s, seat, s->drawn);
		s->phase = VP_PHASE_PLAY;
		break;
	case VP_TAKE:
		i = card_find(s->chain, s->nchain, c);
		for (j = i; j < s->nchain; j++) {
			hand_add(s, seat, s->chain[j]);
			if (s->chain[j] < 128)
				s->known[seat][s->chain[j] >> 6] |=
				    (uint64_t)1 << (s->chain[j] & 63);
			s->chain[j] = CARD_NONE;
		}
		s->nchain = (uint8_t)i;
		s->taken = c;
		s->phase = VP_PHASE_PLAY;
		break;
	case VP_MELD:
		m = &s->melds[s->nmelds];
		memset(m, 0, sizeof(*m));
		m->ncards = 3;
		m->originator = (uint8_t)seat;
		m->target = (uint8_t)mv->at;
		memcpy(m->cards, mv->cards, 3);
		/* Sorted: the first card names the meld, whatever the order typed. */
		card_sort(m->cards, 3);
		for (i = 0; i < 3; i++)
			hand_remove(s, seat, m->cards[i]);
		s->log[s->nlog].meld = s->nmelds++;
		s->log[s->nlog++].card = CARD_NONE;
		break;
	case VP_ADD:
		i = vp_meld_of(s, mv->on);
		s->melds[i].cards[s->melds[i].ncards++] = c;
		hand_remove(s, seat, c);
		s->log[s->nlog].meld = (uint8_t)i;
		s->log[s->nlog++].card = c;
		break;
	case VP_UNDO:
		a = &s->log[--s->nlog];
		m = &s->melds[a->meld];
		if (a->card == CARD_NONE) {
			for (i = 0; i < m->ncards; i++)
				hand_add(s, seat, m->cards[i]);
			memset(m, 0, sizeof(*m));
			s->nmelds--;
		} else {
			m->cards[--m->ncards] = 0;
			hand_add(s, seat, a->card);
		}
		memset(a, 0, sizeof(*a));
		break;
	default:
		hand_remove(s, seat, c);
		/* Melds this turn are final now (no undo past a discard). */
		vp_known_keep(s->known[seat], s->hands[seat], s->nhand[seat]);
		s->chain[s->nchain++] = c;
		clear_turn(s);
		if (s->nhand[seat] == 0)
			end_hand(s, VP_END_OUT, seat, ev);
		else if (s->nstock == 0)
			end_hand(s, VP_END_EXHAUSTED, -1, ev);
		else {
			s->turn = (uint8_t)next_active(s, seat);
			s->phase = VP_PHASE_DRAW;
		}
		break;
	}
}

static enum game_rc
refuse(char why[GAME_WHY_MAX], const char *msg)
{
	snprintf(why, GAME_WHY_MAX, "%s", msg);
	return GAME_REFUSED;
}

static enum game_rc
vp_apply(const void *in, void *out, int seat, const struct game_move *mv,
    struct game_events *ev, char why[GAME_WHY_MAX])
{
	const struct vp_state	*is = in;
	struct vp_state		*s = out;
	struct game_events	 scratch;
	int			 i;

	if (ev == NULL)
		ev = &scratch;
	memset(ev, 0, sizeof(*ev));
	memcpy(s, is, sizeof(*s));
	if (s->layout != VP_LAYOUT || s->viewer != VP_NOT_A_VIEW)
		return refuse(why, "This is not a Vodkapolis 500 game state.");
	if (s->phase == VP_PHASE_OVER)
		return refuse(why, "The game is over.");
	if (s->phase == VP_PHASE_DEAL)
		return refuse(why, "The cards for this hand have not been dealt "
		    "yet.");
	if (game_check_turn(seat, s->nseats, s->turn, why) != GAME_OK)
		return GAME_REFUSED;
	if (mv->verb >= VP_VERB__MAX)
		return refuse(why, "That is not a Vodkapolis 500 move.");
	if (mv->ncards > 3)
		return refuse(why, "Too many cards for one move.");
	for (i = 0; i < mv->ncards; i++)
		if (mv->cards[i] >= VP_DECK)
			return refuse(why, "That card is not in the deck.");
	if (vp_check(s, seat, mv, why) != 0)
		return GAME_REFUSED;
	do_move(s, seat, mv, ev);
	return GAME_OK;
}

static void
vp_status(const void *st, struct game_status *out)
{
	const struct vp_state	*s = st;
	int			 i;

	memset(out, 0, sizeof(*out));
	out->nseats = s->nseats;
	out->over = s->over;
	out->hand = s->hand;
	out->dealer = s->dealer;
	out->needs_deck = s->phase == VP_PHASE_DEAL;
	out->to_act = playing(s) ? 1u << s->turn : 0;
	out->winners = s->winners;
	for (i = 0; i < s->nseats && i < VP_SEATS_MAX; i++)
		out->scores[i] = s->scores[i];
	memcpy(out->seating, s->seating, sizeof(out->seating));
}

/*
 * The smallest new meld holding o: o and the two lowest-id cards of
 * the line, over the three lines; the smallest sorted id list wins.
 */
static int
timeout_meld(const struct vp_state *s, int seat, card_t o, card_t best[3])
{
	const card_t	*h = s->hands[seat];
	card_t		 c[3];
	int		 nh = s->nhand[seat], i, j, found = 0;

	for (i = 0; i < nh; i++)
		for (j = i + 1; j < nh; j++) {
			if (h[i] == o || h[j] == o ||
			    !vp_is_meld(o, h[i], h[j]))
				continue;
			c[0] = o;
			c[1] = h[i];
			c[2] = h[j];
			card_sort(c, 3);
			if (!found || memcmp(c, best, 3) < 0)
				memcpy(best, c, 3);
			found = 1;
		}
	return found;
}

static enum game_rc
vp_timeout_move(const void *st, int seat, struct game_move *out)
{
	const struct vp_state	*s = st;
	card_t			 best[3];
	int			 i, t;

	move_clear(out);
	if (!playing(s) || seat != s->turn)
		return GAME_REFUSED;
	if (s->phase == VP_PHASE_DRAW) {
		out->verb = VP_DRAW;
		return GAME_OK;
	}
	if (vp_obliged(s)) {
		for (i = 0; i < s->nmelds && s->nhand[seat] >= 2; i++)
			if (vp_fits(&s->melds[i], s->taken)) {
				out->verb = VP_ADD;
				move_add_card(out, s->taken, 0);
				out->on = s->melds[i].cards[0];
				return GAME_OK;
			}
		if (s->nhand[seat] < 4 ||
		    !timeout_meld(s, seat, s->taken, best))
			return GAME_REFUSED;
		out->verb = VP_MELD;
		for (i = 0; i < 3; i++)
			move_add_card(out, best[i], 0);
		for (i = 1; i < s->nseats; i++) {
			t = (seat + i) % s->nseats;
			if (vp_may_target(s, seat, t)) {
				out->at = (int8_t)t;
				return GAME_OK;
			}
		}
		return GAME_REFUSED;
	}
	out->verb = VP_DISCARD;
	if (s->drawn != CARD_NONE &&
	    card_find(s->hands[seat], s->nhand[seat], s->drawn) >= 0)
		move_add_card(out, s->drawn, 0);
	else if (s->nhand[seat] > 0)
		move_add_card(out, s->hands[seat][0], 0);
	else
		return GAME_REFUSED;
	return GAME_OK;
}

static const char *const end_mode_words[] = {
	"first_to_500", "last_standing", NULL
};
static const char *const end_mode_says[] = {
	"When someone reaches 500", "When one player is left"
};
static const struct game_option vp_options[] = {
	{ "end_mode", "End of the game", "When someone reaches 500: the game "
	  "ends after that hand; when one player is left: eliminated players "
	  "leave and the others play on.", end_mode_words, 0, 0, 0,
	  end_mode_says },
	{ NULL, NULL, NULL, NULL, 0, 0, 0, NULL }
};

const struct game_rules vp_rules = {
	.slug = "vodkapolis-500",
	.name = "Vodkapolis 500",
	.cards = CARD_TT,
	.seats_min = VP_SEATS_MIN,
	.seats_max = VP_SEATS_MAX,
	.options = vp_options,
	.layout = VP_LAYOUT,
	.state_size = sizeof(struct vp_state),
	.view_size = sizeof(struct vp_state),
	.setup = vp_setup,
	.deal = vp_deal,
	.legal = vp_legal,
	.apply = vp_apply,
	.status = vp_status,
	.timeout_move = vp_timeout_move,
	.view = vp_view,
	.parse = vp_parse,
	.format = vp_format,
	.audit = vp_audit,
	.audit_view = vp_audit_view,
	.reveal = vp_reveal,
	.determinize = vp_determinize,
	.search_share = vp_search_share,
	.search_skip = vp_search_skip,
	.score_sign = -1
};

_Static_assert(sizeof(struct vp_state) <= GAME_STATE_MAX,
    "struct vp_state must fit GAME_STATE_MAX");
