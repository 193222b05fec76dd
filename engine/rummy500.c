/*
 * rummy500.c: Rummy 500 set-up, moves, hand ends, status and timeouts
 * (RULES.md 6).  Melds are in rummy500_meld.c, the take check and the
 * legal moves in rummy500_legal.c.
 */
#include "rummy500.h"

#include <stdio.h>
#include <string.h>

#include "deck.h"
#include "move.h"

_Static_assert(sizeof(struct r500_state) <= GAME_STATE_MAX,
    "struct r500_state must fit GAME_STATE_MAX");

static const char *const option_keys[] = {
	"two_player_cards", "hand_cap", NULL
};

static int
playing(const struct r500_state *s)
{
	return s->phase == R500_PHASE_DRAW || s->phase == R500_PHASE_PLAY;
}

static void
hand_add(struct r500_state *s, int seat, card_t c)
{
	card_insert_sorted(s->hands[seat], s->nhand[seat]++, c);
}

static void
hand_remove(struct r500_state *s, int seat, card_t c)
{
	if (card_remove(s->hands[seat], s->nhand[seat], c) == 0)
		s->nhand[seat]--;
	if (c < 64)
		s->known[seat] &= ~((uint64_t)1 << c);
}

static void
clear_cards(struct r500_state *s)
{
	memset(s->hands, CARD_NONE, sizeof(s->hands));
	memset(s->stock, CARD_NONE, sizeof(s->stock));
	memset(s->discard, CARD_NONE, sizeof(s->discard));
	memset(s->nhand, 0, sizeof(s->nhand));
	memset(s->known, 0, sizeof(s->known));
	memset(s->melds, 0, sizeof(s->melds));
	s->nmelds = 0;
	s->nstock = 0;
	s->ndiscard = 0;
	s->drawn = CARD_NONE;
	s->owed = CARD_NONE;
	s->taken = CARD_NONE;
}

static int
deal_size(const struct r500_state *s)
{
	return s->nseats == 2 ? s->deal_two : R500_DEAL_MANY;
}

/*
 * Deal deck (deck[0] = top): one card at a time from the dealer's
 * left, then the upcard; the rest is the stock, deck's next card on
 * top.
 */
static void
deal_cards(struct r500_state *s, const card_t *deck)
{
	int	 i, k = deal_size(s) * s->nseats, first;

	clear_cards(s);
	first = (s->dealer + 1) % s->nseats;
	for (i = 0; i < k; i++)
		hand_add(s, (first + i) % s->nseats, deck[i]);
	s->discard[s->ndiscard++] = deck[k];
	s->nstock = (uint8_t)(R500_DECK - k - 1);
	for (i = 0; i < s->nstock; i++)
		s->stock[s->nstock - 1 - i] = deck[k + 1 + i];
	s->phase = R500_PHASE_DRAW;
	s->turn = (uint8_t)first;
}

static void
shuffle_and_deal(struct r500_state *s)
{
	card_t	 deck[R500_DECK];

	deck_fill(DECK_STD, 1, deck);
	rng_shuffle(&s->rng, deck, R500_DECK);
	deal_cards(s, deck);
}

static enum game_rc
r500_setup(void *out, const struct game_setup *su, char why[GAME_WHY_MAX])
{
	struct r500_state	*s = out;
	int			 two = R500_DEAL_TWO, cap = R500_HAND_CAP_DEFAULT;
	int			 i;

	memset(s, 0, sizeof(*s));
	if (su->nseats < R500_SEATS_MIN || su->nseats > R500_SEATS_MAX) {
		snprintf(why, GAME_WHY_MAX, "Rummy 500 is for 2 to 4 players.");
		return GAME_BAD_OPTIONS;
	}
	if (su->dealer < -1 || su->dealer >= su->nseats) {
		snprintf(why, GAME_WHY_MAX, "The first dealer must be one of "
		    "the seats 0 to %d.", su->nseats - 1);
		return GAME_BAD_OPTIONS;
	}
	if (game_options_known(su->options, option_keys, why) != 0)
		return GAME_BAD_OPTIONS;
	if (game_option_int(su->options, "two_player_cards", 10, 13,
	    &two) < 0 || (two != 10 && two != 13)) {
		snprintf(why, GAME_WHY_MAX, "two_player_cards must be 10 or "
		    "13.");
		return GAME_BAD_OPTIONS;
	}
	if (game_option_int(su->options, "hand_cap", 1, R500_HAND_CAP_MAX,
	    &cap) < 0) {
		snprintf(why, GAME_WHY_MAX, "hand_cap must be a whole number "
		    "from 1 to %d.", R500_HAND_CAP_MAX);
		return GAME_BAD_OPTIONS;
	}
	s->layout = R500_LAYOUT;
	s->viewer = R500_NOT_A_VIEW;
	s->nseats = (uint8_t)su->nseats;
	s->deal_two = (uint8_t)two;
	s->hand_cap = (int16_t)cap;
	s->hand = 1;
	s->last.out = R500_NOBODY;
	clear_cards(s);
	if (su->seed != NULL) {
		rng_init(&s->rng, su->seed);
		s->dealer = (uint8_t)game_draw_seating(&s->rng, su->nseats,
		    su->dealer, s->seating);
		shuffle_and_deal(s);
	} else {
		for (i = 0; i < GAME_SEATS_MAX; i++)
			s->seating[i] = (uint8_t)i;
		s->dealer = (uint8_t)(su->dealer >= 0 ? su->dealer : 0);
		s->decks_mode = 1;
		s->phase = R500_PHASE_DEAL;
	}
	return GAME_OK;
}

static enum game_rc
r500_deal(const void *in, void *out, const card_t *deck, int n,
    char why[GAME_WHY_MAX])
{
	const struct r500_state	*is = in;
	struct r500_state	*s = out;

	if (!is->decks_mode || is->phase != R500_PHASE_DEAL) {
		snprintf(why, GAME_WHY_MAX, "This game is not waiting for a "
		    "deck.");
		return GAME_REFUSED;
	}
	if (deck_check(DECK_STD, deck, n, why, GAME_WHY_MAX) != 0)
		return GAME_REFUSED;
	memcpy(s, is, sizeof(*s));
	deal_cards(s, deck);
	return GAME_OK;
}

/* Winners: the highest total among all seats. */
static uint8_t
top_seats(const struct r500_state *s)
{
	int32_t	 best = 0;
	uint8_t	 mask = 0;
	int	 i;

	for (i = 0; i < s->nseats; i++)
		if (i == 0 || s->scores[i] > best)
			best = s->scores[i];
	for (i = 0; i < s->nseats; i++)
		if (s->scores[i] == best)
			mask |= (uint8_t)(1u << i);
	return mask;
}

static void
end_hand(struct r500_state *s, int kind, int out, struct game_events *ev)
{
	struct game_event	*e = &ev->ev[ev->n++];
	struct r500_result	*r = &s->last;
	size_t			 len;
	int			 i, reached = 0, d;

	memset(r, 0, sizeof(*r));
	r->kind = (uint8_t)kind;
	r->out = (uint8_t)out;
	r->hand = s->hand;
	e->hand = s->hand;
	snprintf(e->kind, sizeof(e->kind), "%s", r500_end_name(kind));
	if (kind == R500_END_OUT)
		len = (size_t)snprintf(e->text, sizeof(e->text), "Seat %d went "
		    "out.", out);
	else
		len = (size_t)snprintf(e->text, sizeof(e->text), "The stock "
		    "ran out.");
	for (i = 0; i < s->nseats; i++) {
		r->table[i] = (int16_t)r500_table_points(s, i);
		r->held[i] = (int16_t)r500_hand_points(s->hands[i], s->nhand[i]);
		d = r->table[i] - r->held[i];
		e->delta[i] = d;
		s->scores[i] += d;
		if (s->scores[i] >= R500_TARGET)
			reached = 1;
		if (len < sizeof(e->text))
			len += (size_t)snprintf(e->text + len, sizeof(e->text) -
			    len, " Seat %d: %d on the table, %d in hand, %+d "
			    "(total %d).", i, r->table[i], r->held[i], d,
			    (int)s->scores[i]);
	}
	s->drawn = CARD_NONE;
	s->owed = CARD_NONE;
	s->taken = CARD_NONE;
	if (reached || s->hand >= s->hand_cap) {
		s->over = 1;
		s->winners = top_seats(s);
		s->phase = R500_PHASE_OVER;
		if (len < sizeof(e->text))
			snprintf(e->text + len, sizeof(e->text) - len, " %s: "
			    "the game is over.", reached ? "500 reached" :
			    "The hand cap is reached");
		return;
	}
	s->hand++;
	s->dealer = (uint8_t)((s->dealer + 1) % s->nseats);
	if (s->decks_mode) {
		clear_cards(s);
		s->phase = R500_PHASE_DEAL;
	} else
		shuffle_and_deal(s);
}

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

static enum game_rc
apply_draw(struct r500_state *s, int seat, const struct game_move *mv,
    char why[GAME_WHY_MAX])
{
	card_t	 hand[R500_HAND_MAX + R500_DECK], x;
	int	 i, k, nh = s->nhand[seat];

	switch (mv->verb) {
	case R500_DRAW:
		if (mv->ncards != 0)
			return refuse(why, "\"draw\" names no card.");
		if (s->nstock == 0)
			return refuse(why, "The stock is empty.");
		s->drawn = s->stock[--s->nstock];
		s->stock[s->nstock] = CARD_NONE;
		hand_add(s, seat, s->drawn);
		break;
	case R500_TAKE:
		if (mv->ncards != 1)
			return refuse(why, "Name the discard to take, as in "
			    "\"take 7H\".");
		x = mv->cards[0];
		i = card_find(s->discard, s->ndiscard, x);
		if (i < 0)
			return refuse_card(why, "%s is not in the discard pile.",
			    x);
		memcpy(hand, s->hands[seat], (size_t)nh);
		for (k = i; k < s->ndiscard; k++)
			hand[nh + k - i] = s->discard[k];
		if (!r500_can_place(hand, nh + s->ndiscard - i, s->melds,
		    s->nmelds, x))
			return refuse_card(why, "You may take %s only if you "
			    "can lay it on the table this turn, in a meld or "
			    "on one.", x);
		for (k = i; k < s->ndiscard; k++) {
			hand_add(s, seat, s->discard[k]);
			s->known[seat] |= (uint64_t)1 << s->discard[k];
			s->discard[k] = CARD_NONE;
		}
		s->ndiscard = (uint8_t)i;
		s->owed = x;
		s->taken = x;
		break;
	default:
		return refuse(why, "First draw from the stock or take from the "
		    "discard pile.");
	}
	s->phase = R500_PHASE_PLAY;
	return GAME_OK;
}

/* The owed card is laid or still layable after a meld or lay-off. */
static enum game_rc
check_owed(struct r500_state *s, int seat, char why[GAME_WHY_MAX])
{
	if (s->owed == CARD_NONE)
		return GAME_OK;
	if (r500_meld_of(s, s->owed) >= 0) {
		s->owed = CARD_NONE;
		return GAME_OK;
	}
	if (r500_can_place(s->hands[seat], s->nhand[seat], s->melds,
	    s->nmelds, s->owed))
		return GAME_OK;
	return refuse_card(why, "Then you could no longer lay %s, which you "
	    "took from the discard pile and must lay this turn.", s->owed);
}

static enum game_rc
apply_meld(struct r500_state *s, int seat, const struct game_move *mv,
    char why[GAME_WHY_MAX])
{
	struct r500_meld	 m;
	int			 i;

	if (mv->ngroups > 1 || mv->on != CARD_NONE)
		return refuse(why, "A meld names its cards only, as in \"meld "
		    "5H 6H 7H\".");
	for (i = 0; i < mv->ncards; i++)
		if (card_find(s->hands[seat], s->nhand[seat],
		    mv->cards[i]) < 0)
			return refuse_card(why, "You do not hold %s.",
			    mv->cards[i]);
	if (r500_make_meld(mv->cards, mv->asnum, mv->ncards, seat, &m,
	    why) != 0)
		return GAME_REFUSED;
	if (s->nmelds >= R500_MELDS_MAX)
		return refuse(why, "The table holds no more melds.");
	for (i = 0; i < mv->ncards; i++)
		hand_remove(s, seat, mv->cards[i]);
	s->melds[s->nmelds++] = m;
	return check_owed(s, seat, why);
}

static enum game_rc
apply_layoff(struct r500_state *s, int seat, const struct game_move *mv,
    char why[GAME_WHY_MAX])
{
	card_t	 c = mv->cards[0];
	int	 mi, pos;

	if (mv->ncards != 1 || mv->on == CARD_NONE)
		return refuse(why, "A lay-off names one card and a card of the "
		    "meld, as in \"layoff 8H on 5H\".");
	if (card_find(s->hands[seat], s->nhand[seat], c) < 0)
		return refuse_card(why, "You do not hold %s.", c);
	if ((mi = r500_meld_of(s, mv->on)) < 0)
		return refuse_card(why, "No meld on the table holds %s.",
		    mv->on);
	pos = r500_fit(&s->melds[mi], c, mv->asnum[0]);
	if (pos == -2)
		return refuse_card(why, "%s fits at either end of that run: "
		    "write =1 for the low end or =14 for the high end.", c);
	if (pos == -1)
		return refuse_card(why, "%s does not fit on that meld.", c);
	hand_remove(s, seat, c);
	r500_layoff(&s->melds[mi], c, pos, seat);
	return check_owed(s, seat, why);
}

static enum game_rc
apply_play(struct r500_state *s, int seat, const struct game_move *mv,
    struct game_events *ev, char why[GAME_WHY_MAX])
{
	enum game_rc	 rc;
	card_t		 c;

	switch (mv->verb) {
	case R500_MELD:
		rc = apply_meld(s, seat, mv, why);
		break;
	case R500_LAYOFF:
		rc = apply_layoff(s, seat, mv, why);
		break;
	case R500_DISCARD:
		if (mv->ncards != 1)
			return refuse(why, "Name one card to discard, as in "
			    "\"discard KS\".");
		c = mv->cards[0];
		if (card_find(s->hands[seat], s->nhand[seat], c) < 0)
			return refuse_card(why, "You do not hold %s.", c);
		if (s->owed != CARD_NONE)
			return refuse_card(why, "Lay %s on the table before you "
			    "discard: you took it from the discard pile.",
			    s->owed);
		hand_remove(s, seat, c);
		s->discard[s->ndiscard++] = c;
		if (s->nhand[seat] == 0)
			end_hand(s, R500_END_OUT, seat, ev);
		else if (s->nstock == 0)
			end_hand(s, R500_END_STOCK, R500_NOBODY, ev);
		else {
			s->phase = R500_PHASE_DRAW;
			s->turn = (uint8_t)((seat + 1) % s->nseats);
			s->drawn = CARD_NONE;
			s->taken = CARD_NONE;
		}
		return GAME_OK;
	default:
		return refuse(why, "You have drawn: meld, lay off or discard.");
	}
	if (rc == GAME_OK && s->nhand[seat] == 0)
		end_hand(s, R500_END_OUT, seat, ev);
	return rc;
}

static enum game_rc
r500_apply(const void *in, void *out, int seat, const struct game_move *mv,
    struct game_events *ev, char why[GAME_WHY_MAX])
{
	const struct r500_state	*is = in;
	struct r500_state	*s = out;
	struct game_events	 scratch;
	int			 i;

	if (ev == NULL)
		ev = &scratch;
	memset(ev, 0, sizeof(*ev));
	memcpy(s, is, sizeof(*s));
	if (s->layout != R500_LAYOUT || s->viewer != R500_NOT_A_VIEW)
		return refuse(why, "This is not a Rummy 500 game state.");
	if (s->phase == R500_PHASE_OVER)
		return refuse(why, "The game is over.");
	if (s->phase == R500_PHASE_DEAL)
		return refuse(why, "The cards for this hand have not been dealt "
		    "yet.");
	if (game_check_turn(seat, s->nseats, s->turn, why) != GAME_OK)
		return GAME_REFUSED;
	if (mv->verb >= R500_VERB__MAX || mv->ncards > GAME_MOVE_CARDS_MAX)
		return refuse(why, "That is not a Rummy 500 move.");
	if (mv->at >= 0 || mv->num >= 0)
		return refuse(why, "Rummy 500 moves take no seat or number.");
	for (i = 0; i < mv->ncards; i++) {
		if (mv->cards[i] >= CARD_STD_COUNT)
			return refuse(why, "Rummy 500 is played without "
			    "jokers.");
		if (mv->as[i] != CARD_NONE || (mv->asnum[i] >= 0 &&
		    mv->verb != R500_MELD && mv->verb != R500_LAYOFF))
			return refuse(why, "Only an ace in a run takes an end: "
			    "=1 for low, =14 for high.");
	}
	if (s->phase == R500_PHASE_DRAW)
		return apply_draw(s, seat, mv, why);
	return apply_play(s, seat, mv, ev, why);
}

static void
r500_status(const void *st, struct game_status *out)
{
	const struct r500_state	*s = st;
	int			 i;

	memset(out, 0, sizeof(*out));
	out->nseats = s->nseats;
	out->over = s->over;
	out->hand = s->hand;
	out->dealer = s->dealer;
	out->needs_deck = s->phase == R500_PHASE_DEAL;
	out->to_act = playing(s) ? 1u << s->turn : 0;
	out->winners = s->winners;
	for (i = 0; i < s->nseats; i++)
		out->scores[i] = s->scores[i];
	memcpy(out->seating, s->seating, sizeof(out->seating));
}

static enum game_rc
r500_timeout_move(const void *st, int seat, struct game_move *out)
{
	const struct r500_state	*s = st;

	move_clear(out);
	if (!playing(s) || seat != s->turn)
		return GAME_REFUSED;
	if (s->phase == R500_PHASE_DRAW) {
		out->verb = R500_DRAW;
		return GAME_OK;
	}
	if (s->owed != CARD_NONE)
		return r500_owed_step(s, seat, out) == 0 ? GAME_OK :
		    GAME_REFUSED;
	out->verb = R500_DISCARD;
	if (s->drawn != CARD_NONE &&
	    card_find(s->hands[seat], s->nhand[seat], s->drawn) >= 0)
		move_add_card(out, s->drawn, 0);
	else if (s->nhand[seat] > 0)
		move_add_card(out, s->hands[seat][0], 0);
	else
		return GAME_REFUSED;
	return GAME_OK;
}

static const char *const two_cards_words[] = { "10", "13", NULL };
static const char *const two_cards_says[] = { "10 cards", "13 cards" };
static const struct game_option r500_options[] = {
	{ "two_player_cards", "Cards each with two players", "Two players "
	  "get 10 cards each, or 13 by this option.",
	  two_cards_words, 0, 0, 0, two_cards_says },
	{ "hand_cap", "Hand cap", "After this many hands the highest total "
	  "wins even if nobody reached 500.",
	  NULL, 1, R500_HAND_CAP_MAX, R500_HAND_CAP_DEFAULT, NULL },
	{ NULL, NULL, NULL, NULL, 0, 0, 0, NULL }
};

const struct game_rules r500_rules = {
	.slug = "rummy-500",
	.name = "Rummy 500",
	.cards = CARD_STD,
	.seats_min = R500_SEATS_MIN,
	.seats_max = R500_SEATS_MAX,
	.options = r500_options,
	.layout = R500_LAYOUT,
	.state_size = sizeof(struct r500_state),
	.view_size = sizeof(struct r500_state),
	.setup = r500_setup,
	.deal = r500_deal,
	.legal = r500_legal,
	.apply = r500_apply,
	.status = r500_status,
	.timeout_move = r500_timeout_move,
	.view = r500_view,
	.parse = r500_parse,
	.format = r500_format,
	.audit = r500_audit,
	.audit_view = r500_audit_view,
	.reveal = r500_reveal,
	.determinize = r500_determinize
};
