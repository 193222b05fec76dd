/*
 * codec_rummy500.c: a Rummy 500 view (struct r500_state from
 * r500_rules.view) as JSON for the API and records.  Hidden cards are
 * never written: a masked hand appears as its count with "cards": null
 * (and "known", the cards it took face up from the pile and holds),
 * the stock only as a count (its cards only in a finished game's
 * everything-shown view).  The discard pile is listed bottom first; a
 * run's cards run from low to high, each with the seat that laid it.
 */
#include "codec.h"

#include "rummy500.h"

static struct json_object *
seat_json(const struct r500_state *v, int seat)
{
	return seat >= 0 && seat < v->nseats ? json_object_new_int(seat) : NULL;
}

static struct json_object *
ints_json(const int32_t *a, int n)
{
	struct json_object	*o = json_object_new_array();
	int			 i;

	for (i = 0; i < n; i++)
		json_object_array_add(o, json_object_new_int(a[i]));
	return o;
}

static struct json_object *
seats_json(int nseats, uint32_t mask)
{
	struct json_object	*a = json_object_new_array();
	int			 i;

	for (i = 0; i < nseats; i++)
		if (mask & (1u << i))
			json_object_array_add(a, json_object_new_int(i));
	return a;
}

static struct json_object *
melds_json(const struct r500_state *v)
{
	struct json_object	*a = json_object_new_array(), *m, *by;
	const struct r500_meld	*g;
	int			 i, j, n;

	for (i = 0; i < v->nmelds && i < R500_MELDS_MAX; i++) {
		g = &v->melds[i];
		n = g->ncards > R500_MELD_CARDS ? R500_MELD_CARDS : g->ncards;
		m = json_object_new_object();
		json_object_object_add(m, "kind", json_object_new_string(
		    g->kind == R500_SET ? "set" : "run"));
		json_object_object_add(m, "owner", seat_json(v, g->owner));
		json_object_object_add(m, "cards", codec_cards_json(CARD_STD, g->cards, n));
		by = json_object_new_array();
		for (j = 0; j < n; j++)
			json_object_array_add(by, json_object_new_int(g->by[j]));
		json_object_object_add(m, "by", by);
		if (g->kind == R500_RUN)
			json_object_object_add(m, "low",
			    json_object_new_int(g->lo));
		json_object_array_add(a, m);
	}
	return a;
}

static struct json_object *
result_json(const struct r500_state *v)
{
	const struct r500_result	*r = &v->last;
	struct json_object		*o, *t, *h, *d;
	int				 i;

	if (r->kind == R500_END_NONE)
		return NULL;
	o = json_object_new_object();
	json_object_object_add(o, "hand", json_object_new_int(r->hand));
	json_object_object_add(o, "kind",
	    json_object_new_string(r500_end_name(r->kind)));
	json_object_object_add(o, "out", seat_json(v, r->out));
	t = json_object_new_array();
	h = json_object_new_array();
	d = json_object_new_array();
	for (i = 0; i < v->nseats && i < R500_SEATS_MAX; i++) {
		json_object_array_add(t, json_object_new_int(r->table[i]));
		json_object_array_add(h, json_object_new_int(r->held[i]));
		json_object_array_add(d, json_object_new_int(r->table[i] -
		    r->held[i]));
	}
	json_object_object_add(o, "table", t);
	json_object_object_add(o, "held", h);
	json_object_object_add(o, "delta", d);
	return o;
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

static struct json_object *
hands_json(const struct r500_state *v)
{
	struct json_object	*a = json_object_new_array(), *h;
	card_t			 known[64];
	int			 i, n, k, c;

	for (i = 0; i < v->nseats && i < R500_SEATS_MAX; i++) {
		n = v->nhand[i] > R500_HAND_MAX ? R500_HAND_MAX : v->nhand[i];
		h = json_object_new_object();
		json_object_object_add(h, "count", json_object_new_int(n));
		json_object_object_add(h, "cards", codec_cards_visible(v->hands[i], n) ?
		    codec_cards_json(CARD_STD, v->hands[i], n) : NULL);
		/* Taken face up from the pile and still held: public. */
		for (k = c = 0; c < 64; c++)
			if ((v->known[i] >> c) & 1)
				known[k++] = (card_t)c;
		json_object_object_add(h, "known", codec_cards_json(CARD_STD,
		    known, k));
		json_object_array_add(a, h);
	}
	return a;
}

struct json_object *
codec_rummy500_view(const void *view)
{
	const struct r500_state	*v = view;
	struct json_object	*o = json_object_new_object();
	int32_t			 table[R500_SEATS_MAX];
	int			 play, nd, ns, i, nseats;

	nseats = v->nseats > R500_SEATS_MAX ? R500_SEATS_MAX : v->nseats;
	play = v->phase == R500_PHASE_DRAW || v->phase == R500_PHASE_PLAY;
	nd = v->ndiscard > R500_DECK ? R500_DECK : v->ndiscard;
	ns = v->nstock > R500_DECK ? R500_DECK : v->nstock;
	for (i = 0; i < nseats; i++)
		table[i] = r500_table_points(v, i);
	json_object_object_add(o, "game", json_object_new_string("rummy-500"));
	json_object_object_add(o, "viewer", viewer_json(v->viewer));
	json_object_object_add(o, "phase",
	    json_object_new_string(r500_phase_name(v->phase)));
	json_object_object_add(o, "hand", json_object_new_int(v->hand));
	json_object_object_add(o, "hand_cap", json_object_new_int(v->hand_cap));
	json_object_object_add(o, "two_player_cards",
	    json_object_new_int(v->deal_two));
	json_object_object_add(o, "dealer", json_object_new_int(v->dealer));
	json_object_object_add(o, "turn", play ? seat_json(v, v->turn) : NULL);
	json_object_object_add(o, "to_act", seats_json(nseats, play ?
	    1u << v->turn : 0));
	json_object_object_add(o, "drawn", codec_card_json(CARD_STD, v->drawn));
	json_object_object_add(o, "taken", codec_card_json(CARD_STD, v->taken));
	json_object_object_add(o, "must_lay", codec_card_json(CARD_STD, v->owed));
	json_object_object_add(o, "hands", hands_json(v));
	json_object_object_add(o, "discards", codec_cards_json(CARD_STD, v->discard, nd));
	json_object_object_add(o, "stock", json_object_new_int(ns));
	if (ns > 0 && codec_cards_visible(v->stock, ns))
		json_object_object_add(o, "stock_cards",
		    codec_cards_json(CARD_STD, v->stock, ns));
	json_object_object_add(o, "melds", melds_json(v));
	json_object_object_add(o, "table_points", ints_json(table, nseats));
	json_object_object_add(o, "scores", ints_json(v->scores, nseats));
	json_object_object_add(o, "target", json_object_new_int(R500_TARGET));
	json_object_object_add(o, "last_hand", result_json(v));
	json_object_object_add(o, "over", json_object_new_boolean(v->over));
	json_object_object_add(o, "winners", seats_json(nseats, v->winners));
	return o;
}
