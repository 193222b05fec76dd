/*
 * codec_gin_vodka.c: a Gin Vodka view (struct gv_state from
 * gv_rules.view) as JSON for the API and records.  Hidden cards are
 * never written: a masked hand appears as its count with "cards": null
 * (and "known", the cards it took face up from the pile and holds),
 * the stock only as a count (its cards only in a finished game's
 * everything-shown view).  Piles are listed bottom first: the last
 * element of "discards" is the top discard, of "stock_cards" the top
 * of the stock.
 */
#include "codec.h"

#include "gin_vodka.h"

static struct json_object *
seat_json(int seat)
{
	return seat >= 0 && seat < GV_SEATS ? json_object_new_int(seat) : NULL;
}

static struct json_object *
seats_json(uint32_t mask)
{
	struct json_object	*a = json_object_new_array();
	int			 i;

	for (i = 0; i < GV_SEATS; i++)
		if (mask & (1u << i))
			json_object_array_add(a, json_object_new_int(i));
	return a;
}

/*
 * Melds of an arrangement: [{"cards": [...], "laid_off": [...]}].  A
 * defender's lay-offs are listed separately by arrangement_json().
 */
static struct json_object *
melds_json(const struct gv_arrangement *a)
{
	struct json_object	*arr = json_object_new_array(), *m;
	const struct gv_meld	*g;
	int			 i;

	for (i = 0; i < a->nmelds && i < GV_MELDS_MAX; i++) {
		g = &a->melds[i];
		m = json_object_new_object();
		json_object_object_add(m, "cards", codec_cards_json(CARD_TT, g->cards,
		    g->ncards));
		json_object_object_add(m, "laid_off", codec_cards_json(CARD_TT, g->cards +
		    g->ncards, g->nlaid));
		json_object_array_add(arr, m);
	}
	return arr;
}

static struct json_object *
arrangement_json(const struct gv_arrangement *a)
{
	struct json_object	*o = json_object_new_object(), *laid, *l;
	int			 i;

	json_object_object_add(o, "melds", melds_json(a));
	json_object_object_add(o, "deadwood_cards", codec_cards_json(CARD_TT, a->dead,
	    a->ndead));
	json_object_object_add(o, "deadwood", json_object_new_int(a->deadwood));
	laid = json_object_new_array();
	for (i = 0; i < a->nlaid && i < GV_HAND_MAX; i++) {
		l = json_object_new_object();
		json_object_object_add(l, "card", codec_card_json(CARD_TT, a->laid[i]));
		json_object_object_add(l, "on_meld",
		    json_object_new_int(a->laid_on[i]));
		json_object_array_add(laid, l);
	}
	json_object_object_add(o, "laid_off", laid);
	return o;
}

static struct json_object *
result_json(const struct gv_result *r)
{
	struct json_object	*o;

	if (r->kind == GV_END_NONE)
		return NULL;
	o = json_object_new_object();
	json_object_object_add(o, "hand", json_object_new_int(r->hand));
	json_object_object_add(o, "kind",
	    json_object_new_string(gv_end_name(r->kind)));
	json_object_object_add(o, "knocker", seat_json(r->knocker));
	json_object_object_add(o, "scorer", seat_json(r->scorer));
	json_object_object_add(o, "points", json_object_new_int(r->points));
	if (r->kind == GV_END_VOID)
		return o;
	json_object_object_add(o, "knock_discard", codec_card_json(CARD_TT, r->knock_discard));
	json_object_object_add(o, "knocker_deadwood",
	    json_object_new_int(r->kdead));
	json_object_object_add(o, "defender_deadwood",
	    json_object_new_int(r->ddead));
	json_object_object_add(o, "knocker_arrangement",
	    arrangement_json(&r->karr));
	json_object_object_add(o, "defender_arrangement",
	    arrangement_json(&r->darr));
	return o;
}

static struct json_object *
knock_json(const struct gv_state *v)
{
	struct json_object	*o;

	/* Only during the last play; afterwards the knock is in last_hand. */
	if (v->knocker == GV_NOBODY || (v->phase != GV_PHASE_LAST_DRAW &&
	    v->phase != GV_PHASE_LAST_DISCARD))
		return NULL;
	o = json_object_new_object();
	json_object_object_add(o, "knocker", seat_json(v->knocker));
	json_object_object_add(o, "discard", codec_card_json(CARD_TT, v->knock_discard));
	json_object_object_add(o, "melds", melds_json(&v->knock));
	json_object_object_add(o, "deadwood_cards", codec_cards_json(CARD_TT, v->knock.dead,
	    v->knock.ndead));
	json_object_object_add(o, "deadwood",
	    json_object_new_int(v->knock.deadwood));
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
hands_json(const struct gv_state *v)
{
	struct json_object	*a = json_object_new_array(), *h;
	int			 i, n;

	for (i = 0; i < GV_SEATS; i++) {
		n = v->nhand[i] > GV_HAND_MAX ? GV_HAND_MAX : v->nhand[i];
		h = json_object_new_object();
		json_object_object_add(h, "count", json_object_new_int(n));
		json_object_object_add(h, "cards", codec_cards_visible(v->hands[i], n) ?
		    codec_cards_json(CARD_TT, v->hands[i], n) : NULL);
		/* Taken face up from the pile and still held: public. */
		json_object_object_add(h, "known", codec_cards_json(CARD_TT,
		    v->known[i], v->nknown[i] > GV_HAND_MAX ? GV_HAND_MAX :
		    v->nknown[i]));
		json_object_array_add(a, h);
	}
	return a;
}

struct json_object *
codec_gin_vodka_view(const void *view)
{
	const struct gv_state	*v = view;
	struct json_object	*o = json_object_new_object();
	int			 play, nd, ns;

	play = v->phase > GV_PHASE_DEAL && v->phase < GV_PHASE_OVER;
	nd = v->ndiscard > GV_DECK ? GV_DECK : v->ndiscard;
	ns = v->nstock > GV_DECK ? GV_DECK : v->nstock;
	json_object_object_add(o, "game", json_object_new_string("gin-vodka"));
	json_object_object_add(o, "viewer", viewer_json(v->viewer));
	json_object_object_add(o, "phase",
	    json_object_new_string(gv_phase_name(v->phase)));
	json_object_object_add(o, "hand", json_object_new_int(v->hand));
	json_object_object_add(o, "dealer", json_object_new_int(v->dealer));
	json_object_object_add(o, "turn", play ? seat_json(v->turn) : NULL);
	json_object_object_add(o, "to_act", seats_json(play ?
	    1u << v->turn : 0));
	json_object_object_add(o, "must_draw_stock",
	    json_object_new_boolean(play && v->stock_only));
	json_object_object_add(o, "drawn", codec_card_json(CARD_TT, v->drawn));
	json_object_object_add(o, "drawn_from_pile",
	    json_object_new_boolean(v->from_pile));
	json_object_object_add(o, "hands", hands_json(v));
	json_object_object_add(o, "upcard", (v->phase == GV_PHASE_OPEN_ND ||
	    v->phase == GV_PHASE_OPEN_D) && nd > 0 ?
	    codec_card_json(CARD_TT, v->discard[nd - 1]) : NULL);
	json_object_object_add(o, "discard_top", nd > 0 ?
	    codec_card_json(CARD_TT, v->discard[nd - 1]) : NULL);
	json_object_object_add(o, "discards", codec_cards_json(CARD_TT, v->discard, nd));
	json_object_object_add(o, "stock", json_object_new_int(ns));
	if (ns > 0 && codec_cards_visible(v->stock, ns))
		json_object_object_add(o, "stock_cards",
		    codec_cards_json(CARD_TT, v->stock, ns));
	json_object_object_add(o, "scores", json_object_new_array());
	json_object_array_add(json_object_object_get(o, "scores"),
	    json_object_new_int(v->scores[0]));
	json_object_array_add(json_object_object_get(o, "scores"),
	    json_object_new_int(v->scores[1]));
	json_object_object_add(o, "target", json_object_new_int(v->target));
	json_object_object_add(o, "recycles", json_object_new_int(v->recycles));
	json_object_object_add(o, "recycle_cap",
	    json_object_new_int(v->recycle_cap));
	json_object_object_add(o, "knock", knock_json(v));
	json_object_object_add(o, "last_hand", result_json(&v->last));
	json_object_object_add(o, "over", json_object_new_boolean(v->over));
	json_object_object_add(o, "winners", seats_json(v->winners));
	return o;
}
