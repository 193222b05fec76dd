/*
 * gin_vodka.c: Gin Vodka set-up, moves and hand ends (RULES.md 3).
 * The state machine is the one of RULES.md 3b; the arrangements and
 * results come from gin_vodka_score.c, the legal moves, status and
 * timeout move from gin_vodka_legal.c.
 */
#include "gin_vodka.h"

#include <stdio.h>
#include <string.h>

#include "deck.h"

static const char *const option_keys[] = { "target", "recycle_cap", NULL };

static int
nondealer(const struct gv_state *s)
{
	return s->dealer ^ 1;
}

/* Insert c into seat's hand, keeping it sorted by id. */
static void
hand_add(struct gv_state *s, int seat, card_t c)
{
	card_insert_sorted(s->hands[seat], s->nhand[seat]++, c);
}

static void
hand_remove(struct gv_state *s, int seat, card_t c)
{
	if (card_remove(s->hands[seat], s->nhand[seat], c) == 0)
		s->nhand[seat]--;
	if (card_remove(s->known[seat], s->nknown[seat], c) == 0)
		s->nknown[seat]--;
}

static void
clear_cards(struct gv_state *s)
{
	memset(s->hands, CARD_NONE, sizeof(s->hands));
	memset(s->stock, CARD_NONE, sizeof(s->stock));
	memset(s->discard, CARD_NONE, sizeof(s->discard));
	memset(s->nhand, 0, sizeof(s->nhand));
	memset(s->known, CARD_NONE, sizeof(s->known));
	memset(s->nknown, 0, sizeof(s->nknown));
	s->nstock = 0;
	s->ndiscard = 0;
	memset(&s->knock, 0, sizeof(s->knock));
	s->knocker = GV_NOBODY;
	s->knock_discard = CARD_NONE;
	s->drawn = CARD_NONE;
	s->from_pile = 0;
	s->stock_only = 0;
	s->recycles = 0;
}

/*
 * Deal deck (deck[0] = top): one card at a time to each seat starting
 * after the dealer, 11 each, then the upcard; the rest is the stock.
 */
static void
deal_cards(struct gv_state *s, const card_t *deck)
{
	int	 i, nd = nondealer(s);

	clear_cards(s);
	for (i = 0; i < 2 * GV_HAND; i++)
		hand_add(s, (nd + i) % GV_SEATS, deck[i]);
	s->discard[s->ndiscard++] = deck[2 * GV_HAND];
	s->nstock = GV_DECK - 2 * GV_HAND - 1;
	for (i = 0; i < s->nstock; i++)
		s->stock[s->nstock - 1 - i] = deck[2 * GV_HAND + 1 + i];
	s->phase = GV_PHASE_OPEN_ND;
	s->turn = (uint8_t)nd;
}

static void
shuffle_and_deal(struct gv_state *s)
{
	card_t	 deck[GV_DECK];

	deck_fill(DECK_SQUARES, 1, deck);
	rng_shuffle(&s->rng, deck, GV_DECK);
	deal_cards(s, deck);
}

static enum game_rc
gv_setup(void *out, const struct game_setup *su, char why[GAME_WHY_MAX])
{
	struct gv_state	*s = out;
	int		 target = GV_TARGET_DEFAULT;
	int		 cap = GV_RECYCLE_CAP_DEFAULT, i;

	memset(s, 0, sizeof(*s));
	if (su->nseats != GV_SEATS) {
		snprintf(why, GAME_WHY_MAX, "Gin Vodka is for exactly 2 "
		    "players.");
		return GAME_BAD_OPTIONS;
	}
	if (su->dealer < -1 || su->dealer >= GV_SEATS) {
		snprintf(why, GAME_WHY_MAX, "The first dealer must be seat 0 "
		    "or 1.");
		return GAME_BAD_OPTIONS;
	}
	if (game_options_known(su->options, option_keys, why) != 0)
		return GAME_BAD_OPTIONS;
	if (game_option_int(su->options, "target", 1, GV_TARGET_MAX,
	    &target) < 0) {
		snprintf(why, GAME_WHY_MAX, "target must be a whole number from "
		    "1 to %d.", GV_TARGET_MAX);
		return GAME_BAD_OPTIONS;
	}
	if (game_option_int(su->options, "recycle_cap", 0, GV_RECYCLE_CAP_MAX,
	    &cap) < 0) {
		snprintf(why, GAME_WHY_MAX, "recycle_cap must be a whole number "
		    "from 0 to %d.", GV_RECYCLE_CAP_MAX);
		return GAME_BAD_OPTIONS;
	}
	s->layout = GV_LAYOUT;
	s->viewer = GV_NOT_A_VIEW;
	s->target = target;
	s->recycle_cap = (uint8_t)cap;
	s->hand = 1;
	s->winners = 0;
	memset(&s->last, 0, sizeof(s->last));
	s->last.knocker = GV_NOBODY;
	s->last.scorer = GV_NOBODY;
	s->last.knock_discard = CARD_NONE;
	clear_cards(s);
	if (su->seed != NULL) {
		rng_init(&s->rng, su->seed);
		s->dealer = (uint8_t)game_draw_seating(&s->rng, GV_SEATS,
		    su->dealer, s->seating);
		shuffle_and_deal(s);
	} else {
		for (i = 0; i < GV_SEATS; i++)
			s->seating[i] = (uint8_t)i;
		s->dealer = (uint8_t)(su->dealer >= 0 ? su->dealer : 0);
		s->decks_mode = 1;
		s->phase = GV_PHASE_DEAL;
	}
	return GAME_OK;
}

static enum game_rc
gv_deal(const void *in, void *out, const card_t *deck, int n,
    char why[GAME_WHY_MAX])
{
	const struct gv_state	*is = in;
	struct gv_state		*s = out;

	if (!is->decks_mode || is->phase != GV_PHASE_DEAL) {
		snprintf(why, GAME_WHY_MAX, "This game is not waiting for a "
		    "deck.");
		return GAME_REFUSED;
	}
	if (deck_check(DECK_SQUARES, deck, n, why, GAME_WHY_MAX) != 0)
		return GAME_REFUSED;
	memcpy(s, is, sizeof(*s));
	deal_cards(s, deck);
	return GAME_OK;
}

/*
 * Turn the discard pile over below its top card (RULES.md 3b): the
 * oldest discard becomes the top of the stock.
 */
static void
recycle(struct gv_state *s)
{
	card_t	 top = s->discard[s->ndiscard - 1];
	int	 i, n = s->ndiscard - 1;

	for (i = 0; i < n; i++)
		s->stock[n - 1 - i] = s->discard[i];
	s->nstock = (uint8_t)n;
	memset(s->discard, CARD_NONE, sizeof(s->discard));
	s->discard[0] = top;
	s->ndiscard = 1;
	s->recycles++;
}

static void
draw_stock(struct gv_state *s, int seat)
{
	if (s->nstock == 0)
		recycle(s);
	s->drawn = s->stock[--s->nstock];
	s->stock[s->nstock] = CARD_NONE;
	s->from_pile = 0;
	hand_add(s, seat, s->drawn);
}

static void
take_pile(struct gv_state *s, int seat)
{
	s->drawn = s->discard[--s->ndiscard];
	s->discard[s->ndiscard] = CARD_NONE;
	s->from_pile = 1;
	hand_add(s, seat, s->drawn);
	card_insert_sorted(s->known[seat], s->nknown[seat]++, s->drawn);
}

static void
put_discard(struct gv_state *s, int seat, card_t c)
{
	hand_remove(s, seat, c);
	s->discard[s->ndiscard++] = c;
	s->drawn = CARD_NONE;
	s->from_pile = 0;
}

static void
laid_text(const struct gv_arrangement *a, char *buf, size_t bufsz)
{
	char	 tok[CARD_TEXT_MAX];
	size_t	 len = 0;
	int	 i;

	buf[0] = '\0';
	for (i = 0; i < a->nlaid && len + 5 < bufsz; i++) {
		card_format(CARD_TT, a->laid[i], tok);
		len += (size_t)snprintf(buf + len, bufsz - len, " %s", tok);
	}
}

static void
event_text(const struct gv_state *s, const struct gv_result *r, char *t,
    size_t tsz)
{
	char	 laid[64];
	int	 k = r->knocker, d = r->knocker ^ 1;

	switch (r->kind) {
	case GV_END_GIN:
		snprintf(t, tsz, "Seat %d went gin; seat %d kept %d; seat %d "
		    "scores %d.", k, d, r->ddead, k, r->points);
		break;
	case GV_END_KNOCK:
	case GV_END_UNDERCUT:
		laid_text(&r->darr, laid, sizeof(laid));
		snprintf(t, tsz, "Seat %d knocked with %d deadwood; seat %d "
		    "%s%s%skept %d%s; seat %d scores %d.", k, r->kdead, d,
		    laid[0] ? "laid off" : "", laid, laid[0] ? " and " : "",
		    r->ddead, r->kind == GV_END_KNOCK ? "" :
		    r->kdead == r->ddead ? ", a tie, which the defender wins" :
		    " and undercuts", r->scorer, r->points);
		break;
	default:
		snprintf(t, tsz, "The stock ran out after %d recycle%s; the "
		    "hand is void and nobody scores.", s->recycles,
		    s->recycles == 1 ? "" : "s");
		break;
	}
}

/* Record the hand's end, score it, then end the game or start the next hand. */
static void
end_hand(struct gv_state *s, struct gv_result *r, struct game_events *ev)
{
	struct game_event	*e = &ev->ev[ev->n++];
	size_t			 len;

	r->hand = s->hand;
	e->hand = s->hand;
	snprintf(e->kind, sizeof(e->kind), "%s", gv_end_name(r->kind));
	event_text(s, r, e->text, sizeof(e->text));
	if (r->kind != GV_END_VOID) {
		s->scores[r->scorer] += r->points;
		e->delta[r->scorer] = r->points;
	}
	s->last = *r;
	if (r->kind != GV_END_VOID && s->scores[r->scorer] >= s->target) {
		len = strlen(e->text);
		snprintf(e->text + len, sizeof(e->text) - len, " Seat %d wins "
		    "the game with %d.", r->scorer, (int)s->scores[r->scorer]);
		s->over = 1;
		s->winners = (uint8_t)(1u << r->scorer);
		s->phase = GV_PHASE_OVER;
		s->drawn = CARD_NONE;
		s->from_pile = 0;
		/* The knock now lives in s->last; the cards stay for the panel. */
		memset(&s->knock, 0, sizeof(s->knock));
		s->knocker = GV_NOBODY;
		s->knock_discard = CARD_NONE;
		return;
	}
	s->hand++;
	s->dealer ^= 1;
	if (s->decks_mode) {
		clear_cards(s);
		s->phase = GV_PHASE_DEAL;
	} else
		shuffle_and_deal(s);
}

static void
void_hand(struct gv_state *s, struct game_events *ev)
{
	struct gv_result	 r;

	memset(&r, 0, sizeof(r));
	r.kind = GV_END_VOID;
	r.knocker = GV_NOBODY;
	r.scorer = GV_NOBODY;
	r.knock_discard = CARD_NONE;
	end_hand(s, &r, ev);
}

static void
settle(struct gv_state *s, const struct gv_arrangement *karr, int knocker,
    card_t knock_discard, struct game_events *ev)
{
	struct gv_result	 r;
	int			 d = knocker ^ 1;

	gv_settle(karr, knocker, s->hands[d], s->nhand[d], &r);
	r.knock_discard = knock_discard;
	end_hand(s, &r, ev);
}

static enum game_rc
refuse(char why[GAME_WHY_MAX], const char *msg)
{
	snprintf(why, GAME_WHY_MAX, "%s", msg);
	return GAME_REFUSED;
}

/* May seat discard c now?  0, or -1 with why[]. */
static int
check_discard(const struct gv_state *s, int seat, card_t c,
    char why[GAME_WHY_MAX])
{
	char	 tok[CARD_TEXT_MAX];

	card_format(CARD_TT, c, tok);
	if (card_find(s->hands[seat], s->nhand[seat], c) < 0) {
		snprintf(why, GAME_WHY_MAX, "You do not hold %s.", tok);
		return -1;
	}
	if (s->from_pile && c == s->drawn) {
		snprintf(why, GAME_WHY_MAX, "You must discard a card other than "
		    "%s, which you just took from the discard pile.", tok);
		return -1;
	}
	return 0;
}

/* The knocker's named arrangement for knock mv by seat; 0 or -1 + why. */
static int
knock_arrangement(const struct gv_state *s, int seat,
    const struct game_move *mv, struct gv_arrangement *out,
    char why[GAME_WHY_MAX])
{
	struct gv_meld	 melds[GV_MELDS_MAX];
	card_t		 kept[GV_HAND_MAX];
	char		 tok[CARD_TEXT_MAX];
	card_t		 x = mv->cards[0];
	int		 i, j, nkept = 0, nmelds = mv->ngroups - 1, g;

	if (check_discard(s, seat, x, why) != 0)
		return -1;
	if (nmelds < 0)
		nmelds = 0;
	for (i = 0; i < s->nhand[seat]; i++)
		if (s->hands[seat][i] != x)
			kept[nkept++] = s->hands[seat][i];
	for (i = 1; i < mv->ncards; i++)
		if (mv->cards[i] == x) {
			card_format(CARD_TT, x, tok);
			snprintf(why, GAME_WHY_MAX, "%s is your knock discard; it "
			    "cannot also be in a meld.", tok);
			return -1;
		}
	if (nmelds > GV_MELDS_MAX) {
		snprintf(why, GAME_WHY_MAX, "You can name at most %d melds "
		    "among the %d cards you keep.", nkept / 3, nkept);
		return -1;
	}
	memset(melds, 0, sizeof(melds));
	for (i = 1; i < mv->ncards; i++) {
		g = mv->group[i] - 1;
		if (g < 0 || g >= nmelds) {
			snprintf(why, GAME_WHY_MAX, "A knock names one discard, "
			    "then the melds: \"knock 4Bs | 1Rc 2Rc 3Rc | ...\".");
			return -1;
		}
		j = melds[g].ncards++;
		if (j < GV_MELD_MAX)
			melds[g].cards[j] = mv->cards[i];
	}
	if (gv_named_arrangement(kept, nkept, melds, nmelds, out, why) != 0)
		return -1;
	if (out->deadwood > GV_KNOCK_MAX) {
		snprintf(why, GAME_WHY_MAX, "Your deadwood would be %d; you may "
		    "knock only at %d or less.", out->deadwood, GV_KNOCK_MAX);
		return -1;
	}
	return 0;
}

static enum game_rc
apply_open(struct gv_state *s, int seat, const struct game_move *mv,
    char why[GAME_WHY_MAX])
{
	switch (mv->verb) {
	case GV_PASS:
		if (s->phase == GV_PHASE_OPEN_ND) {
			s->phase = GV_PHASE_OPEN_D;
			s->turn = s->dealer;
		} else {
			s->phase = GV_PHASE_DRAW;
			s->turn = (uint8_t)nondealer(s);
			s->stock_only = 1;
		}
		return GAME_OK;
	case GV_TAKE:
		take_pile(s, seat);
		s->phase = GV_PHASE_DISCARD;
		return GAME_OK;
	case GV_DRAW:
		return refuse(why, "In the opening you may take the upcard or "
		    "pass; the stock comes after both players pass.");
	default:
		return refuse(why, "First take the upcard or pass.");
	}
}

static enum game_rc
apply_draw(struct gv_state *s, int seat, const struct game_move *mv,
    char why[GAME_WHY_MAX])
{
	int	 last = s->phase == GV_PHASE_LAST_DRAW;

	switch (mv->verb) {
	case GV_DRAW:
		if (!gv_can_draw(s))
			return refuse(why, "The stock is empty and may not be "
			    "recycled again; take the top discard.");
		draw_stock(s, seat);
		break;
	case GV_TAKE:
		if (s->stock_only)
			return refuse(why, "Both players passed on the upcard, "
			    "so you must draw from the stock.");
		if (s->ndiscard == 0)
			return refuse(why, "The discard pile is empty; draw "
			    "from the stock.");
		take_pile(s, seat);
		break;
	case GV_PASS:
		return refuse(why, last ? "After a knock you make one last "
		    "play: draw or take the top discard, then discard." :
		    "You may pass only on the upcard at the start of a hand.");
	default:
		return refuse(why, "Draw from the stock or take the top discard "
		    "first.");
	}
	s->stock_only = 0;
	s->phase = last ? GV_PHASE_LAST_DISCARD : GV_PHASE_DISCARD;
	return GAME_OK;
}

static enum game_rc
apply_discard(struct gv_state *s, int seat, const struct game_move *mv,
    struct game_events *ev, char why[GAME_WHY_MAX])
{
	struct gv_arrangement	 karr;
	int			 last = s->phase == GV_PHASE_LAST_DISCARD;
	card_t			 x;

	switch (mv->verb) {
	case GV_DISCARD:
		if (check_discard(s, seat, mv->cards[0], why) != 0)
			return GAME_REFUSED;
		put_discard(s, seat, mv->cards[0]);
		if (last) {
			karr = s->knock;
			x = s->knock_discard;
			settle(s, &karr, s->knocker, x, ev);
		} else if (s->nstock == 0 && s->recycles >= s->recycle_cap)
			void_hand(s, ev);
		else {
			s->phase = GV_PHASE_DRAW;
			s->turn = (uint8_t)(seat ^ 1);
		}
		return GAME_OK;
	case GV_KNOCK:
		if (last)
			return refuse(why, "This is your last play after a "
			    "knock: discard a card; you may not knock.");
		if (knock_arrangement(s, seat, mv, &karr, why) != 0)
			return GAME_REFUSED;
		x = mv->cards[0];
		put_discard(s, seat, x);
		if (karr.deadwood == 0) {
			settle(s, &karr, seat, x, ev);
			return GAME_OK;
		}
		s->knock = karr;
		s->knocker = (uint8_t)seat;
		s->knock_discard = x;
		s->phase = GV_PHASE_LAST_DRAW;
		s->turn = (uint8_t)(seat ^ 1);
		return GAME_OK;
	default:
		return refuse(why, last ? "You have drawn; now discard a card." :
		    "You have drawn; now discard a card or knock.");
	}
}

static enum game_rc
gv_apply(const void *in, void *out, int seat, const struct game_move *mv,
    struct game_events *ev, char why[GAME_WHY_MAX])
{
	const struct gv_state	*is = in;
	struct gv_state		*s = out;
	struct game_events	 scratch;
	int			 i;

	if (ev == NULL)
		ev = &scratch;
	memset(ev, 0, sizeof(*ev));
	memcpy(s, is, sizeof(*s));
	if (s->layout != GV_LAYOUT || s->viewer != GV_NOT_A_VIEW)
		return refuse(why, "This is not a Gin Vodka game state.");
	if (s->phase == GV_PHASE_OVER)
		return refuse(why, "The game is over.");
	if (s->phase == GV_PHASE_DEAL)
		return refuse(why, "The cards for this hand have not been dealt "
		    "yet.");
	if (game_check_turn(seat, GV_SEATS, s->turn, why) != GAME_OK)
		return GAME_REFUSED;
	if (mv->verb >= GV_VERB__MAX)
		return refuse(why, "That is not a Gin Vodka move.");
	if ((mv->verb == GV_DISCARD && mv->ncards != 1) ||
	    (mv->verb == GV_KNOCK && mv->ncards < 1) ||
	    mv->ncards > GAME_MOVE_CARDS_MAX)
		return refuse(why, "Name the card to discard.");
	for (i = 0; i < mv->ncards; i++)
		if (!deck_has(DECK_SQUARES, mv->cards[i]))
			return refuse(why, "That card is not in the Squares "
			    "deck.");
	switch (s->phase) {
	case GV_PHASE_OPEN_ND:
	case GV_PHASE_OPEN_D:
		return apply_open(s, seat, mv, why);
	case GV_PHASE_DRAW:
	case GV_PHASE_LAST_DRAW:
		return apply_draw(s, seat, mv, why);
	default:
		return apply_discard(s, seat, mv, ev, why);
	}
}

static const struct game_option gv_options[] = {
	{ "target", "Target score", "The first player to reach it wins.",
	  NULL, 1, GV_TARGET_MAX, GV_TARGET_DEFAULT, NULL },
	{ "recycle_cap", "Stock recycles per hand", "If the stock runs out "
	  "once more, the hand is void and nobody scores.",
	  NULL, 0, GV_RECYCLE_CAP_MAX, GV_RECYCLE_CAP_DEFAULT, NULL },
	{ NULL, NULL, NULL, NULL, 0, 0, 0, NULL }
};

const struct game_rules gv_rules = {
	.slug = "gin-vodka",
	.name = "Gin Vodka",
	.cards = CARD_TT,
	.seats_min = GV_SEATS,
	.seats_max = GV_SEATS,
	.options = gv_options,
	.layout = GV_LAYOUT,
	.state_size = sizeof(struct gv_state),
	.view_size = sizeof(struct gv_state),
	.setup = gv_setup,
	.deal = gv_deal,
	.legal = gv_legal,
	.apply = gv_apply,
	.status = gv_status,
	.timeout_move = gv_timeout_move,
	.view = gv_view,
	.parse = gv_parse,
	.format = gv_format,
	.audit = gv_audit,
	.audit_view = gv_audit_view,
	.reveal = gv_reveal,
	.determinize = gv_determinize,
	/* Trusting the search more won more leagues (tests/bench/bots.md). */
	.search_alpha = 0.2
};
