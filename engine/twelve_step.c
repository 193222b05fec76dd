/*
 * twelve_step.c: 12-Step Rummy set-up, rounds, the "May I?" window and
 * the round ends (RULES.md 5a, 5b, 5d).  The moves of a turn are in
 * twelve_step_play.c, melds in twelve_step_meld.c.
 */
#include "twelve_step.h"

#include <stdio.h>
#include <string.h>

#include "deck.h"
#include "move.h"

_Static_assert(sizeof(struct tsr_state) <= GAME_STATE_MAX,
    "struct tsr_state must fit GAME_STATE_MAX");

static const char *const option_keys[] = { "mayi", "dummy", "buy_limit",
	"rebuild_cap", "match_cap", "free_liberate", NULL };

int
tsr_packs(int nseats)
{
	return 2 + (nseats > 5 ? (nseats - 5 + 1) / 2 : 0);
}

int
tsr_deck_size(const struct tsr_state *s)
{
	return s->npacks * 54;
}

int
tsr_playing(const struct tsr_state *s)
{
	return s->phase == TSR_PHASE_DRAW || s->phase == TSR_PHASE_PLAY;
}

int
tsr_current_contract(const struct tsr_state *s, int seat)
{
	if (s->dummy)
		return s->round > TSR_CONTRACTS ? TSR_CONTRACTS : s->round;
	return s->contract[seat];
}

int
tsr_buy_possible(const struct tsr_state *s)
{
	return s->nstock + s->ndiscard - 1 >= 2;
}

uint32_t
tsr_buyers(const struct tsr_state *s)
{
	uint32_t	 m = 0;
	int		 i;

	if (!tsr_playing(s) || s->win_card == CARD_NONE)
		return 0;
	for (i = 0; i < s->nseats; i++)
		if (i != s->win_from && i != s->turn &&
		    s->buys[i] < s->buy_limit && !(s->win_done & (1u << i)))
			m |= 1u << i;
	return m;
}

void
tsr_hand_add(struct tsr_state *s, int seat, card_t c)
{
	s->hand[seat][c]++;
	s->nhand[seat]++;
}

void
tsr_hand_add_known(struct tsr_state *s, int seat, card_t c)
{
	tsr_hand_add(s, seat, c);
	s->known[seat][c]++;
}

void
tsr_hand_remove(struct tsr_state *s, int seat, card_t c)
{
	s->hand[seat][c]--;
	s->nhand[seat]--;
	if (s->known[seat][c] > 0)
		s->known[seat][c]--;
}

static void
clear_round(struct tsr_state *s)
{
	memset(s->hand, 0, sizeof(s->hand));
	memset(s->known, 0, sizeof(s->known));
	memset(s->nhand, 0, sizeof(s->nhand));
	memset(s->stock, CARD_NONE, sizeof(s->stock));
	memset(s->discard, CARD_NONE, sizeof(s->discard));
	memset(s->melds, 0, sizeof(s->melds));
	memset(s->buys, 0, sizeof(s->buys));
	s->nstock = 0;
	s->ndiscard = 0;
	s->nmelds = 0;
	s->down = 0;
	s->rebuilds = 0;
	s->drawn = CARD_NONE;
	s->from_pile = 0;
	s->pending = CARD_NONE;
	tsr_close_window(s);
}

void
tsr_close_window(struct tsr_state *s)
{
	s->win_card = CARD_NONE;
	s->win_from = TSR_NOBODY;
	s->win_open = 0;
	s->win_asked = 0;
	s->win_done = 0;
}

/*
 * Deal deck (deck[0] = top): 13 each from the dealer's left, one at a
 * time, then the upcard; the rest is the stock.
 */
static void
deal_cards(struct tsr_state *s, const card_t *deck)
{
	int	 i, n = tsr_deck_size(s), k = 0;

	clear_round(s);
	for (i = 0; i < TSR_DEAL * s->nseats; i++)
		tsr_hand_add(s, (s->dealer + 1 + i) % s->nseats, deck[k++]);
	s->discard[s->ndiscard++] = deck[k++];
	s->nstock = (uint8_t)(n - k);
	for (i = 0; i < s->nstock; i++)
		s->stock[s->nstock - 1 - i] = deck[k + i];
	s->phase = TSR_PHASE_DRAW;
	s->turn = (uint8_t)((s->dealer + 1) % s->nseats);
}

static void
shuffle_and_deal(struct tsr_state *s)
{
	card_t	 deck[TSR_DECK_MAX];
	int	 n;

	n = deck_fill(DECK_STD_JOKERS, s->npacks, deck);
	rng_shuffle(&s->rng, deck, n);
	deal_cards(s, deck);
}

static int
bad_option(char why[GAME_WHY_MAX], const char *key, int hi)
{
	snprintf(why, GAME_WHY_MAX, "%s must be a whole number from 0 to %d.",
	    key, hi);
	return -1;
}

static int
read_options(struct tsr_state *s, const char *o, char why[GAME_WHY_MAX])
{
	int	 v;

	if (game_options_known(o, option_keys, why) != 0)
		return -1;
	v = 1;
	if (game_option_int(o, "mayi", 0, 1, &v) < 0)
		return bad_option(why, "mayi", 1);
	s->mayi = (uint8_t)v;
	v = 0;
	if (game_option_int(o, "dummy", 0, 1, &v) < 0)
		return bad_option(why, "dummy", 1);
	s->dummy = (uint8_t)v;
	v = 0;
	if (game_option_int(o, "free_liberate", 0, 1, &v) < 0)
		return bad_option(why, "free_liberate", 1);
	s->free_liberate = (uint8_t)v;
	v = TSR_BUY_LIMIT_DEFAULT;
	if (game_option_int(o, "buy_limit", 0, TSR_BUY_LIMIT_MAX, &v) < 0)
		return bad_option(why, "buy_limit", TSR_BUY_LIMIT_MAX);
	s->buy_limit = (uint8_t)v;
	v = TSR_REBUILD_CAP_DEFAULT;
	if (game_option_int(o, "rebuild_cap", 0, TSR_REBUILD_CAP_MAX, &v) < 0)
		return bad_option(why, "rebuild_cap", TSR_REBUILD_CAP_MAX);
	s->rebuild_cap = (uint8_t)v;
	v = TSR_MATCH_CAP_DEFAULT;
	if (game_option_int(o, "match_cap", 1, TSR_MATCH_CAP_MAX, &v) < 0) {
		snprintf(why, GAME_WHY_MAX, "match_cap must be a whole number "
		    "from 1 to %d.", TSR_MATCH_CAP_MAX);
		return -1;
	}
	s->match_cap = (uint8_t)v;
	return 0;
}

enum game_rc
tsr_setup(void *out, const struct game_setup *su, char why[GAME_WHY_MAX])
{
	struct tsr_state	*s = out;
	int			 i;

	memset(s, 0, sizeof(*s));
	if (su->nseats < TSR_SEATS_MIN || su->nseats > TSR_SEATS_MAX) {
		snprintf(why, GAME_WHY_MAX, "12-Step Rummy is for 2 to 9 "
		    "players.");
		return GAME_BAD_OPTIONS;
	}
	if (su->dealer < -1 || su->dealer >= su->nseats) {
		snprintf(why, GAME_WHY_MAX, "The first dealer must be one of "
		    "the seats.");
		return GAME_BAD_OPTIONS;
	}
	if (read_options(s, su->options, why) != 0)
		return GAME_BAD_OPTIONS;
	s->layout = TSR_LAYOUT;
	s->viewer = TSR_NOT_A_VIEW;
	s->nseats = (uint8_t)su->nseats;
	s->npacks = (uint8_t)tsr_packs(su->nseats);
	s->round = 1;
	for (i = 0; i < TSR_SEATS_MAX; i++)
		s->contract[i] = 1;
	memset(&s->last, 0, sizeof(s->last));
	s->last.out = TSR_NOBODY;
	clear_round(s);
	if (su->seed != NULL) {
		rng_init(&s->rng, su->seed);
		s->dealer = (uint8_t)game_draw_seating(&s->rng, s->nseats,
		    su->dealer, s->seating);
		shuffle_and_deal(s);
	} else {
		for (i = 0; i < s->nseats; i++)
			s->seating[i] = (uint8_t)i;
		s->dealer = (uint8_t)(su->dealer >= 0 ? su->dealer : 0);
		s->decks_mode = 1;
		s->phase = TSR_PHASE_DEAL;
	}
	return GAME_OK;
}

enum game_rc
tsr_deal(const void *in, void *out, const card_t *deck, int n,
    char why[GAME_WHY_MAX])
{
	const struct tsr_state	*is = in;
	struct tsr_state	*s = out;
	int			 want[TSR_IDS], i;

	if (!is->decks_mode || is->phase != TSR_PHASE_DEAL) {
		snprintf(why, GAME_WHY_MAX, "This game is not waiting for a "
		    "deck.");
		return GAME_REFUSED;
	}
	if (n != tsr_deck_size(is)) {
		snprintf(why, GAME_WHY_MAX, "This table plays with %d cards "
		    "(%d packs with jokers), not %d.", tsr_deck_size(is),
		    is->npacks, n);
		return GAME_REFUSED;
	}
	for (i = 0; i < TSR_IDS; i++)
		want[i] = i == CARD_STD_JK ? 2 * is->npacks : is->npacks;
	for (i = 0; i < n; i++)
		if (deck[i] >= TSR_IDS || --want[deck[i]] < 0) {
			snprintf(why, GAME_WHY_MAX, "The deck must be %d "
			    "standard packs with jokers; card %d is one too "
			    "many.", is->npacks, i + 1);
			return GAME_REFUSED;
		}
	memcpy(s, is, sizeof(*s));
	deal_cards(s, deck);
	return GAME_OK;
}

/*
 * Make the discard pile except its top card the new stock: shuffled,
 * or in decks mode turned over (the oldest discard on top).
 */
static void
rebuild(struct tsr_state *s)
{
	card_t	 top = s->discard[s->ndiscard - 1];
	int	 i, n = s->ndiscard - 1;

	for (i = 0; i < n; i++)
		s->stock[n - 1 - i] = s->discard[i];
	s->nstock = (uint8_t)n;
	if (!s->decks_mode)
		rng_shuffle(&s->rng, s->stock, n);
	memset(s->discard, CARD_NONE, sizeof(s->discard));
	s->discard[0] = top;
	s->ndiscard = 1;
	s->rebuilds++;
}

card_t
tsr_stock_card(struct tsr_state *s)
{
	card_t	 c;

	if (s->nstock == 0) {
		if (s->ndiscard <= 1 || s->rebuilds >= s->rebuild_cap)
			return CARD_NONE;
		rebuild(s);
	}
	c = s->stock[--s->nstock];
	s->stock[s->nstock] = CARD_NONE;
	return c;
}

static void
result_text(const struct tsr_state *s, const struct tsr_result *r,
    char *t, size_t tsz)
{
	size_t	 len;
	int	 i;

	if (r->kind == TSR_END_OUT)
		len = (size_t)snprintf(t, tsz, "Round %d: seat %d went out.",
		    r->round, r->out);
	else
		len = (size_t)snprintf(t, tsz, "Round %d ended with nobody "
		    "out: the stock could not be rebuilt.", r->round);
	for (i = 0; i < s->nseats && len < tsz; i++) {
		if (i == r->out)
			continue;
		len += (size_t)snprintf(t + len, tsz - len, " Seat %d +%d.", i,
		    r->points[i]);
	}
	for (i = 0; i < s->nseats && len < tsz; i++)
		if (r->made[i])
			len += (size_t)snprintf(t + len, tsz - len, " Seat %d "
			    "made contract %d.", i, r->made[i]);
}

static void
game_over(struct tsr_state *s, uint32_t winners, struct game_event *e)
{
	size_t	 len = strlen(e->text);
	int	 i;

	s->over = 1;
	s->winners = (uint16_t)winners;
	s->phase = TSR_PHASE_OVER;
	for (i = 0; i < s->nseats; i++)
		if (winners & (1u << i)) {
			len += (size_t)snprintf(e->text + len,
			    sizeof(e->text) - len, " Seat %d wins.", i);
			if (len >= sizeof(e->text))
				break;
		}
}

/* Among seats in cand, the lowest score (all tied seats). */
static uint32_t
lowest(const struct tsr_state *s, uint32_t cand)
{
	uint32_t	 w = 0;
	int		 i, best = 0, any = 0;

	for (i = 0; i < s->nseats; i++)
		if (cand & (1u << i)) {
			if (!any || s->scores[i] < best) {
				best = s->scores[i];
				w = 0;
				any = 1;
			}
			if (s->scores[i] == best)
				w |= 1u << i;
		}
	return w;
}

/* Score the round, advance contracts, end the game or deal the next round. */
void
tsr_end_round(struct tsr_state *s, int out, struct game_events *ev)
{
	struct game_event	*e = &ev->ev[ev->n++];
	struct tsr_result	 r;
	uint32_t		 done = 0, cand = 0;
	int			 i, c, best = 0;

	memset(&r, 0, sizeof(r));
	r.kind = out >= 0 ? TSR_END_OUT : TSR_END_BLOCKED;
	r.out = out >= 0 ? (uint8_t)out : TSR_NOBODY;
	r.round = s->round;
	for (i = 0; i < s->nseats; i++) {
		for (c = 0; c < TSR_IDS && i != out; c++)
			r.points[i] = (int16_t)(r.points[i] +
			    s->hand[i][c] * tsr_value((card_t)c));
		s->scores[i] += r.points[i];
		e->delta[i] = r.points[i];
		if (s->down & (1u << i)) {
			r.made[i] = (uint8_t)tsr_current_contract(s, i);
			if (!s->dummy && s->contract[i] <= TSR_CONTRACTS)
				s->contract[i]++;
			if (r.made[i] == TSR_CONTRACTS)
				done |= 1u << i;
		}
	}
	e->hand = s->round;
	snprintf(e->kind, sizeof(e->kind), "%s", tsr_end_name(r.kind));
	result_text(s, &r, e->text, sizeof(e->text));
	s->last = r;
	s->drawn = CARD_NONE;
	s->from_pile = 0;
	s->pending = CARD_NONE;
	tsr_close_window(s);
	if (s->dummy) {
		if (s->round >= TSR_DUMMY_ROUNDS) {
			game_over(s, lowest(s, (1u << s->nseats) - 1), e);
			return;
		}
	} else if (done != 0) {
		game_over(s, lowest(s, done), e);
		return;
	} else if (s->round >= s->match_cap) {
		for (i = 0; i < s->nseats; i++)
			if (s->contract[i] > best)
				best = s->contract[i];
		for (i = 0; i < s->nseats; i++)
			if (s->contract[i] == best)
				cand |= 1u << i;
		game_over(s, lowest(s, cand), e);
		return;
	}
	s->round++;
	s->dealer = (uint8_t)((s->dealer + 1) % s->nseats);
	if (s->decks_mode) {
		clear_round(s);
		s->phase = TSR_PHASE_DEAL;
	} else
		shuffle_and_deal(s);
}

/* A new turn for seat: ends the round if the stock cannot be rebuilt. */
void
tsr_begin_turn(struct tsr_state *s, int seat, struct game_events *ev)
{
	s->turn = (uint8_t)seat;
	s->phase = TSR_PHASE_DRAW;
	s->drawn = CARD_NONE;
	s->from_pile = 0;
	s->pending = CARD_NONE;
	if (s->nstock == 0 && s->ndiscard <= 1)
		tsr_end_round(s, -1, ev);
}

void
tsr_status(const void *st, struct game_status *out)
{
	const struct tsr_state	*s = st;
	int			 i;

	memset(out, 0, sizeof(*out));
	out->nseats = s->nseats;
	out->over = s->over;
	out->hand = s->round;
	out->dealer = s->dealer;
	out->needs_deck = s->phase == TSR_PHASE_DEAL;
	out->to_act = tsr_playing(s) ? (1u << s->turn) | tsr_buyers(s) : 0;
	/* The window closes when the turn player discards, answered or not. */
	out->optional = out->to_act & ~(1u << s->turn);
	out->winners = s->winners;
	for (i = 0; i < s->nseats; i++)
		out->scores[i] = s->scores[i];
	memcpy(out->seating, s->seating, sizeof(out->seating));
}

static const char *const tsr_no_yes[] = { "No", "Yes" };
const struct game_option tsr_options[] = {
	{ "mayi", "May I?", "Yes: players may ask to buy the top discard out "
	  "of turn; no: no buying.", NULL, 0, 1, 1, tsr_no_yes },
	{ "dummy", "Dummy Rummy", "Yes: everyone's contract is the round "
	  "number, 12 rounds, lowest total wins.", NULL, 0, 1, 0, tsr_no_yes },
	{ "buy_limit", "Buys per round", "Cards each player may buy with "
	  "May I? in one round.", NULL, 0, TSR_BUY_LIMIT_MAX,
	  TSR_BUY_LIMIT_DEFAULT, NULL },
	{ "rebuild_cap", "Stock rebuilds per round", "How many times the "
	  "stock may be rebuilt from the discards in one round.",
	  NULL, 0, TSR_REBUILD_CAP_MAX, TSR_REBUILD_CAP_DEFAULT, NULL },
	{ "match_cap", "Round cap", "The most rounds a standard game lasts.",
	  NULL, 1, TSR_MATCH_CAP_MAX, TSR_MATCH_CAP_DEFAULT, NULL },
	{ "free_liberate", "Liberate before going down", "Yes: a player who "
	  "has not laid a contract may liberate a wild too.",
	  NULL, 0, 1, 0, tsr_no_yes },
	{ NULL, NULL, NULL, NULL, 0, 0, 0, NULL }
};

/*
 * A seat that asked "May I?" may withdraw while another seat is to
 * play; it answered already, so it is not in to_act.
 */
int
tsr_may_act(const void *st, int seat)
{
	const struct tsr_state	*s = st;
	uint32_t		 bit;

	if (!tsr_playing(s) || seat < 0 || seat >= s->nseats)
		return 0;
	bit = 1u << seat;
	if (seat == s->turn || (tsr_buyers(s) & bit))
		return 1;
	return s->win_card != CARD_NONE && (s->win_asked & bit) != 0;
}

/*
 * What may change without making the viewer's pending move stale
 * (game.h view_quiet).  Other seats' answers to the "May I?" window
 * never count.  A seat that is not to play can only answer the window
 * (mayi, pass, withdraw name no card), so for it only the card on
 * offer, whose turn it is, the round and its own cards and answers
 * count: the turn player's draw does not void a "No, thanks" being
 * clicked.
 */
void
tsr_view_quiet(void *view)
{
	struct tsr_state	*v = view, keep;
	uint16_t		 own = 0;
	int			 me = v->viewer;

	if (me >= 0 && me < TSR_SEATS_MAX)
		own = (uint16_t)(1u << me);
	v->win_asked &= own;
	v->win_done &= own;
	if (own == 0 || me >= v->nseats || me == v->turn || !tsr_playing(v))
		return;
	memset(&keep, 0, sizeof(keep));
	keep.layout = v->layout;
	keep.phase = TSR_PHASE_DRAW;
	keep.viewer = v->viewer;
	keep.nseats = v->nseats;
	keep.turn = v->turn;
	keep.round = v->round;
	keep.win_card = v->win_card;
	keep.win_from = v->win_from;
	keep.win_asked = v->win_asked;
	keep.win_done = v->win_done;
	keep.buys[me] = v->buys[me];
	keep.nhand[me] = v->nhand[me];
	memcpy(keep.hand[me], v->hand[me], sizeof(keep.hand[me]));
	*v = keep;
}

/* News (game.h): whose "May I?" the move granted, and the card taken. */
void
tsr_news(const void *before, const void *after, struct game_news *out)
{
	const struct tsr_state	*b = before, *a = after;
	char			 tok[CARD_TEXT_MAX];
	int			 s;

	for (s = 0; a->round == b->round && s < a->nseats &&
	    s < TSR_SEATS_MAX; s++)
		if (a->buys[s] > b->buys[s])
			out->seats |= UINT32_C(1) << s;
	card_format(CARD_STD, b->win_card, tok);
	if (out->seats != 0)
		snprintf(out->text, sizeof(out->text), "Your \"May I?\" was "
		    "granted: you took %s and one penalty card from the "
		    "stock.", tok);
}

static const char *const end_names[TSR_END__MAX] = {
	"none", "out", "blocked"
};

const char *
tsr_end_name(int kind)
{
	return kind >= 0 && kind < TSR_END__MAX ? end_names[kind] : "?";
}
