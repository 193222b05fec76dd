/*
 * codec_six_suit.c: a Six Suit view (struct six_state from
 * six_rules.view) as JSON for the API and records.  Hidden cards are
 * never written: a masked hand appears as its count with "hidden": null
 * (and "known", the cards everyone saw go into it and it still holds),
 * the stock only as a count.  Each player lists the 6 top cards, the
 * depth of each pile, whether the player is alive, has a six suit (is
 * "exposed") and how far from one it is.  The center pile is listed
 * bottom first.
 */
#include "codec.h"

#include "six_suit.h"

static struct json_object *
seat_json(const struct six_state *v, int seat)
{
	return seat >= 0 && seat < v->nseats ? json_object_new_int(seat) :
	    NULL;
}

static struct json_object *
seats_json(const struct six_state *v, uint32_t mask)
{
	struct json_object	*a = json_object_new_array();
	int			 i;

	for (i = 0; i < v->nseats; i++)
		if (mask & (1u << i))
			json_object_array_add(a, json_object_new_int(i));
	return a;
}

static struct json_object *
viewer_json(int viewer)
{
	if (viewer >= 0)
		return json_object_new_int(viewer);
	if (viewer == GAME_VIEW_ALL)
		return json_object_new_string("all");
	if (viewer == GAME_VIEW_SPECTATOR)
		return json_object_new_string("spectator");
	return json_object_new_string("state");
}

/* The cards of a known[] mask, by id: shown or proposed, still held. */
static struct json_object *
known_json(const uint64_t m[2])
{
	card_t	 a[CARD_TT_COUNT];
	int	 c, n = 0;

	for (c = 0; c < CARD_TT_COUNT; c++)
		if (six_known_has(m, (card_t)c))
			a[n++] = (card_t)c;
	return codec_cards_json(CARD_TT, a, n);
}

static struct json_object *
player_json(const struct six_state *v, int i)
{
	struct json_object	*o = json_object_new_object(), *d;
	int			 alive = (v->alive >> i) & 1, n, p;

	n = v->nhand[i] > SIX_DECK ? SIX_DECK : v->nhand[i];
	json_object_object_add(o, "seat", json_object_new_int(i));
	json_object_object_add(o, "team", json_object_new_int(six_team(v, i)));
	json_object_object_add(o, "alive", json_object_new_boolean(alive));
	json_object_object_add(o, "tops", alive ? codec_cards_json(CARD_TT, v->top[i],
	    SIX_PILES) : json_object_new_array());
	d = json_object_new_array();
	for (p = 0; alive && p < SIX_PILES; p++)
		json_object_array_add(d, json_object_new_int(v->depth[i][p]));
	json_object_object_add(o, "depths", d);
	json_object_object_add(o, "six_suit", json_object_new_boolean(alive &&
	    six_is_six_suit(v->top[i])));
	json_object_object_add(o, "distance", alive ?
	    json_object_new_int(six_distance(v->top[i])) : NULL);
	json_object_object_add(o, "eliminated_by", seat_json(v, alive ?
	    -1 : v->fell_by[i]));
	json_object_object_add(o, "fall", v->fell_order[i] ?
	    json_object_new_int(v->fell_order[i]) : NULL);
	json_object_object_add(o, "hidden_count", json_object_new_int(n));
	json_object_object_add(o, "hidden", codec_cards_visible(v->hands[i], n) ?
	    codec_cards_json(CARD_TT, v->hands[i], n) : NULL);
	json_object_object_add(o, "known", known_json(v->known[i]));
	json_object_object_add(o, "score",
	    json_object_new_int(v->scores[six_team(v, i)]));
	return o;
}

static struct json_object *
draw_json(const struct six_state *v)
{
	struct json_object	*o;
	int			 i, n = 0;

	if (v->pred == CARD_NONE)
		return NULL;
	o = json_object_new_object();
	json_object_object_add(o, "prediction", codec_card_json(CARD_TT, v->pred));
	for (i = 0; i < v->ndrawn && i < 3; i++)
		if (v->drawn[i] != CARD_NONE)
			n++;
	json_object_object_add(o, "count", json_object_new_int(v->ndrawn));
	json_object_object_add(o, "matches", v->shown || n > 0 ?
	    json_object_new_int(v->k) : NULL);
	json_object_object_add(o, "shown", json_object_new_boolean(v->shown));
	json_object_object_add(o, "cards", n == v->ndrawn ?
	    codec_cards_json(CARD_TT, v->drawn, v->ndrawn) : v->shown ? codec_cards_json(CARD_TT, v->drawn,
	    1) : NULL);
	return o;
}

static struct json_object *
proposal_json(const struct six_state *v)
{
	struct json_object	*o;

	if (v->phase != SIX_PHASE_VETO)
		return NULL;
	o = json_object_new_object();
	json_object_object_add(o, "seat", seat_json(v, v->turn));
	json_object_object_add(o, "card", codec_card_json(CARD_TT, v->prop_card));
	json_object_object_add(o, "on", codec_card_json(CARD_TT, v->prop_on));
	json_object_object_add(o, "owner", seat_json(v, v->prop_owner));
	return o;
}

static struct json_object *
last_json(const struct six_state *v)
{
	struct json_object	*o;
	static const char *const names[] = { "predict", "play", "discard",
	    "pass" };

	if (v->last_seat == SIX_NOBODY || v->last_verb > SIX_PASS)
		return NULL;
	o = json_object_new_object();
	json_object_object_add(o, "seat", seat_json(v, v->last_seat));
	json_object_object_add(o, "move",
	    json_object_new_string(names[v->last_verb]));
	json_object_object_add(o, "card", codec_card_json(CARD_TT, v->last_card));
	json_object_object_add(o, "on", codec_card_json(CARD_TT, v->last_on));
	return o;
}

static struct json_object *
ints_json(const int32_t *a, int n)
{
	struct json_object	*arr = json_object_new_array();
	int			 i;

	for (i = 0; i < n; i++)
		json_object_array_add(arr, json_object_new_int(a[i]));
	return arr;
}

struct json_object *
codec_six_suit_view(const void *view)
{
	const struct six_state	*v = view;
	struct json_object	*o = json_object_new_object(), *a;
	int			 play, i, actor, nc;

	play = v->phase > SIX_PHASE_DEAL && v->phase < SIX_PHASE_OVER;
	actor = v->phase == SIX_PHASE_VETO ? v->prop_owner : v->turn;
	nc = v->ncenter > SIX_DECK ? SIX_DECK : v->ncenter;
	json_object_object_add(o, "game", json_object_new_string("six-suit"));
	json_object_object_add(o, "viewer", viewer_json(v->viewer));
	json_object_object_add(o, "phase",
	    json_object_new_string(six_phase_name(v->phase)));
	json_object_object_add(o, "deal", json_object_new_int(v->hand));
	json_object_object_add(o, "deals", json_object_new_int(v->ndeals));
	json_object_object_add(o, "dealer", json_object_new_int(v->dealer));
	json_object_object_add(o, "factions",
	    json_object_new_int(v->nfactions));
	json_object_object_add(o, "turn", play ? seat_json(v, v->turn) : NULL);
	json_object_object_add(o, "to_act", seats_json(v, play ?
	    1u << actor : 0));
	json_object_object_add(o, "extra_turn", json_object_new_boolean(play &&
	    !v->natural));
	json_object_object_add(o, "chain_target", play ?
	    seat_json(v, v->chain_target) : NULL);
	json_object_object_add(o, "any_target_continues",
	    json_object_new_boolean(play && v->relaxed));
	json_object_object_add(o, "free_time", json_object_new_boolean(play &&
	    six_free_time(v)));
	json_object_object_add(o, "orbit", json_object_new_int(play &&
	    v->nseats > 0 ? (int)((v->nat + v->nseats - 1) / v->nseats) : 0));
	json_object_object_add(o, "orbit_cap",
	    json_object_new_int(v->orbit_cap));
	json_object_object_add(o, "final_turns_left", v->final_left > 0 ?
	    json_object_new_int(v->final_left) : NULL);
	json_object_object_add(o, "veto_option",
	    json_object_new_boolean(v->veto));
	json_object_object_add(o, "draw", draw_json(v));
	json_object_object_add(o, "proposal", proposal_json(v));
	json_object_object_add(o, "vetoed_by", seats_json(v, v->vetoed));
	json_object_object_add(o, "last", last_json(v));
	a = json_object_new_array();
	for (i = 0; i < v->nseats && i < GAME_SEATS_MAX; i++)
		json_object_array_add(a, player_json(v, i));
	json_object_object_add(o, "players", a);
	json_object_object_add(o, "center", codec_cards_json(CARD_TT, v->center, nc));
	json_object_object_add(o, "stock", json_object_new_int(v->nstock));
	json_object_object_add(o, "buried", json_object_new_int(v->nunder));
	json_object_object_add(o, "eliminations",
	    json_object_new_int(v->elims));
	json_object_object_add(o, "scores", ints_json(v->scores,
	    v->nfactions));
	json_object_object_add(o, "deal_points", ints_json(v->deal_points,
	    v->nfactions));
	json_object_object_add(o, "over", json_object_new_boolean(v->over));
	json_object_object_add(o, "winners", seats_json(v, v->winners));
	return o;
}
