/*
 * codec_vodkapolis.c: a Vodkapolis 500 view (struct vp_state from
 * vp_rules.view) as JSON.  Hidden cards are never written: a masked
 * hand is its count with "cards": null (and "known", the cards it
 * took face up from the chain and holds), the stock only a count.  The
 * chain is listed oldest first; melds in the order laid, each with its
 * originator and target.
 */
#include "codec.h"

#include "vodkapolis.h"

static struct json_object *
seats_json(uint32_t mask, int nseats)
{
	struct json_object	*a = json_object_new_array();
	int			 i;

	for (i = 0; i < nseats; i++)
		if (mask & (1u << i))
			json_object_array_add(a, json_object_new_int(i));
	return a;
}

static struct json_object *
ints_json(const int32_t *v, int n)
{
	struct json_object	*a = json_object_new_array();
	int			 i;

	for (i = 0; i < n; i++)
		json_object_array_add(a, json_object_new_int(v[i]));
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

static struct json_object *
hands_json(const struct vp_state *v, int ns)
{
	struct json_object	*a = json_object_new_array(), *h;
	card_t			 known[128];
	int			 i, n, k, c;

	for (i = 0; i < ns; i++) {
		n = v->nhand[i] > VP_HAND_MAX ? VP_HAND_MAX : v->nhand[i];
		h = json_object_new_object();
		json_object_object_add(h, "count", json_object_new_int(n));
		json_object_object_add(h, "cards", codec_cards_visible(v->hands[i], n) ?
		    codec_cards_json(CARD_TT, v->hands[i], n) : NULL);
		/* Taken face up from the chain and still held: public. */
		for (k = c = 0; c < 128; c++)
			if (vp_known_has(v->known[i], (card_t)c))
				known[k++] = (card_t)c;
		json_object_object_add(h, "known", codec_cards_json(CARD_TT,
		    known, k));
		json_object_object_add(h, "active", json_object_new_boolean(
		    (v->active >> i) & 1));
		json_object_array_add(a, h);
	}
	return a;
}

static struct json_object *
melds_json(const struct vp_state *v)
{
	struct json_object	*a = json_object_new_array(), *m;
	const struct vp_meld	*g;
	int			 i, n = v->nmelds > VP_MELDS_MAX ? VP_MELDS_MAX :
				    v->nmelds;

	for (i = 0; i < n; i++) {
		g = &v->melds[i];
		m = json_object_new_object();
		json_object_object_add(m, "cards", codec_cards_json(CARD_TT, g->cards,
		    g->ncards > VP_MELD_MAX ? VP_MELD_MAX : g->ncards));
		json_object_object_add(m, "originator",
		    json_object_new_int(g->originator));
		json_object_object_add(m, "target",
		    json_object_new_int(g->target));
		json_object_object_add(m, "closed",
		    json_object_new_boolean(g->ncards >= VP_MELD_MAX));
		json_object_array_add(a, m);
	}
	return a;
}

static struct json_object *
result_json(const struct vp_state *v, int ns)
{
	const struct vp_result	*r = &v->last;
	struct json_object	*o;

	if (r->kind == VP_END_NONE)
		return NULL;
	o = json_object_new_object();
	json_object_object_add(o, "hand", json_object_new_int(r->hand));
	json_object_object_add(o, "kind",
	    json_object_new_string(vp_end_name(r->kind)));
	json_object_object_add(o, "out", r->out < ns ?
	    json_object_new_int(r->out) : NULL);
	json_object_object_add(o, "held", ints_json(r->held, ns));
	json_object_object_add(o, "in_front", ints_json(r->front, ns));
	json_object_object_add(o, "delta", ints_json(r->delta, ns));
	json_object_object_add(o, "eliminated", seats_json(r->eliminated, ns));
	return o;
}

struct json_object *
codec_vodkapolis_view(const void *view)
{
	const struct vp_state	*v = view;
	struct json_object	*o = json_object_new_object();
	int			 play, ns, nc, nst;

	ns = v->nseats > VP_SEATS_MAX ? VP_SEATS_MAX : v->nseats;
	nc = v->nchain > VP_DECK ? VP_DECK : v->nchain;
	nst = v->nstock > VP_DECK ? VP_DECK : v->nstock;
	play = v->phase == VP_PHASE_DRAW || v->phase == VP_PHASE_PLAY;
	json_object_object_add(o, "game",
	    json_object_new_string("vodkapolis-500"));
	json_object_object_add(o, "viewer", viewer_json(v->viewer));
	json_object_object_add(o, "phase",
	    json_object_new_string(vp_phase_name(v->phase)));
	json_object_object_add(o, "hand", json_object_new_int(v->hand));
	json_object_object_add(o, "dealer", json_object_new_int(v->dealer));
	json_object_object_add(o, "end_mode",
	    json_object_new_string(vp_end_mode_name(v->end_mode)));
	json_object_object_add(o, "turn", play ?
	    json_object_new_int(v->turn) : NULL);
	json_object_object_add(o, "to_act", seats_json(play ? 1u << v->turn :
	    0, ns));
	json_object_object_add(o, "drawn", codec_card_json(CARD_TT, v->drawn));
	json_object_object_add(o, "taken", codec_card_json(CARD_TT, v->taken));
	json_object_object_add(o, "must_meld", play && v->taken != CARD_NONE &&
	    vp_meld_of(v, v->taken) < 0 ? codec_card_json(CARD_TT, v->taken) : NULL);
	json_object_object_add(o, "can_undo",
	    json_object_new_boolean(play && v->nlog > 0));
	json_object_object_add(o, "hands", hands_json(v, ns));
	json_object_object_add(o, "chain", codec_cards_json(CARD_TT, v->chain, nc));
	json_object_object_add(o, "stock", json_object_new_int(nst));
	if (nst > 0 && codec_cards_visible(v->stock, nst))
		json_object_object_add(o, "stock_cards",
		    codec_cards_json(CARD_TT, v->stock, nst));
	json_object_object_add(o, "melds", melds_json(v));
	json_object_object_add(o, "scores", ints_json(v->scores, ns));
	json_object_object_add(o, "active", seats_json(v->active, ns));
	json_object_object_add(o, "last_hand", result_json(v, ns));
	json_object_object_add(o, "over", json_object_new_boolean(v->over));
	json_object_object_add(o, "winners", seats_json(v->winners, ns));
	return o;
}
