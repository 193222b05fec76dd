/*
 * codec_twelve_step.c: a 12-Step Rummy view (struct tsr_state from
 * tsr_rules.view) as JSON for the API and records.  Hidden cards are
 * never written: another seat's hand appears only as its count (and
 * "known", the cards it took face up and may hold), the stock only as
 * a count.  The viewer's hand is listed in id order with
 * copies repeated.  Piles are listed bottom first (the last discard is
 * the top one).  A run lists its cards low to high; a wild in a run is
 * written with the card it stands for ("JK=8H").
 */
#include "codec.h"

#include <stdio.h>

#include "twelve_step.h"

static struct json_object *
seat_json(const struct tsr_state *v, int seat)
{
	return seat >= 0 && seat < v->nseats ? json_object_new_int(seat) :
	    NULL;
}

static struct json_object *
seats_json(const struct tsr_state *v, uint32_t mask)
{
	struct json_object	*a = json_object_new_array();
	int			 i;

	for (i = 0; i < v->nseats; i++)
		if (mask & (1u << i))
			json_object_array_add(a, json_object_new_int(i));
	return a;
}

static struct json_object *
meld_json(const struct tsr_meld *m)
{
	struct json_object	*o = json_object_new_object(), *a;
	char			 tok[CARD_TEXT_MAX], as[CARD_TEXT_MAX];
	char			 buf[2 * CARD_TEXT_MAX + 1];
	int			 i;

	json_object_object_add(o, "owner", json_object_new_int(m->owner));
	json_object_object_add(o, "kind", json_object_new_string(
	    m->kind == TSR_SET ? "set" : "run"));
	a = json_object_new_array();
	if (m->kind == TSR_SET) {
		for (i = 0; i < m->ncards; i++)
			json_object_array_add(a, codec_card_json(CARD_STD, m->cards[i]));
	} else
		for (i = m->lo; i <= m->hi; i++) {
			card_format(CARD_STD, m->cards[i], tok);
			if (tsr_wild(m->cards[i])) {
				card_format(CARD_STD, tsr_run_card(m->suit, i),
				    as);
				snprintf(buf, sizeof(buf), "%s=%s", tok, as);
			} else
				snprintf(buf, sizeof(buf), "%s", tok);
			json_object_array_add(a, json_object_new_string(buf));
		}
	json_object_object_add(o, "cards", a);
	return o;
}

static struct json_object *
seat_info(const struct tsr_state *v, int i)
{
	struct json_object	*o = json_object_new_object(), *h;
	int			 c, k, shown = v->viewer == i ||
				    (v->viewer == GAME_VIEW_ALL && v->over);

	json_object_object_add(o, "seat", json_object_new_int(i));
	json_object_object_add(o, "cards", json_object_new_int(v->nhand[i]));
	json_object_object_add(o, "contract", json_object_new_int(
	    tsr_current_contract(v, i)));
	json_object_object_add(o, "contract_text", json_object_new_string(
	    tsr_contract_name(tsr_current_contract(v, i))));
	json_object_object_add(o, "down", json_object_new_boolean(
	    (v->down >> i) & 1));
	json_object_object_add(o, "buys", json_object_new_int(v->buys[i]));
	json_object_object_add(o, "score", json_object_new_int(v->scores[i]));
	h = NULL;
	if (shown) {
		h = json_object_new_array();
		for (c = 0; c < TSR_IDS; c++)
			for (k = 0; k < v->hand[i][c]; k++)
				json_object_array_add(h, codec_card_json(CARD_STD, (card_t)c));
	}
	json_object_object_add(o, "hand", h);
	/* Cards taken face up and not seen to leave: public. */
	h = json_object_new_array();
	for (c = 0; c < TSR_IDS; c++)
		for (k = 0; k < v->known[i][c]; k++)
			json_object_array_add(h, codec_card_json(CARD_STD, (card_t)c));
	json_object_object_add(o, "known", h);
	return o;
}

struct json_object *
codec_twelve_step_view(const void *view)
{
	const struct tsr_state	*v = view;
	struct json_object	*o = json_object_new_object(), *a, *w;
	int			 i;

	json_object_object_add(o, "phase", json_object_new_string(
	    tsr_phase_name(v->phase)));
	json_object_object_add(o, "round", json_object_new_int(v->round));
	json_object_object_add(o, "dealer", json_object_new_int(v->dealer));
	json_object_object_add(o, "turn", v->phase == TSR_PHASE_DRAW ||
	    v->phase == TSR_PHASE_PLAY ? seat_json(v, v->turn) : NULL);
	json_object_object_add(o, "viewer", json_object_new_int(v->viewer));
	json_object_object_add(o, "packs", json_object_new_int(v->npacks));
	json_object_object_add(o, "dummy", json_object_new_boolean(v->dummy));
	json_object_object_add(o, "mayi", json_object_new_boolean(v->mayi));
	json_object_object_add(o, "buy_limit",
	    json_object_new_int(v->buy_limit));
	json_object_object_add(o, "rebuilds", json_object_new_int(v->rebuilds));
	json_object_object_add(o, "rebuild_cap",
	    json_object_new_int(v->rebuild_cap));
	json_object_object_add(o, "match_cap",
	    json_object_new_int(v->match_cap));
	json_object_object_add(o, "stock", json_object_new_int(v->nstock));
	a = json_object_new_array();
	for (i = 0; i < v->ndiscard; i++)
		json_object_array_add(a, codec_card_json(CARD_STD, v->discard[i]));
	json_object_object_add(o, "discards", a);
	json_object_object_add(o, "drawn", codec_card_json(CARD_STD, v->drawn));
	json_object_object_add(o, "from_pile",
	    json_object_new_boolean(v->from_pile));
	json_object_object_add(o, "pending", codec_card_json(CARD_STD, v->pending));
	a = json_object_new_array();
	for (i = 0; i < v->nseats; i++)
		json_object_array_add(a, seat_info(v, i));
	json_object_object_add(o, "seats", a);
	a = json_object_new_array();
	for (i = 0; i < v->nmelds; i++)
		json_object_array_add(a, meld_json(&v->melds[i]));
	json_object_object_add(o, "melds", a);
	w = NULL;
	if (v->win_card != CARD_NONE) {
		w = json_object_new_object();
		json_object_object_add(w, "card", codec_card_json(CARD_STD, v->win_card));
		json_object_object_add(w, "from", seat_json(v, v->win_from));
		json_object_object_add(w, "asked", seats_json(v, v->win_asked));
		json_object_object_add(w, "answered",
		    seats_json(v, v->win_done));
	}
	json_object_object_add(o, "may_i", w);
	w = NULL;
	if (v->last.kind != TSR_END_NONE) {
		w = json_object_new_object();
		json_object_object_add(w, "round",
		    json_object_new_int(v->last.round));
		json_object_object_add(w, "kind", json_object_new_string(
		    tsr_end_name(v->last.kind)));
		json_object_object_add(w, "out", seat_json(v, v->last.out));
		a = json_object_new_array();
		for (i = 0; i < v->nseats; i++)
			json_object_array_add(a,
			    json_object_new_int(v->last.points[i]));
		json_object_object_add(w, "points", a);
		a = json_object_new_array();
		for (i = 0; i < v->nseats; i++)
			json_object_array_add(a,
			    json_object_new_int(v->last.made[i]));
		json_object_object_add(w, "made", a);
	}
	json_object_object_add(o, "last", w);
	json_object_object_add(o, "over", json_object_new_boolean(v->over));
	json_object_object_add(o, "winners", seats_json(v, v->winners));
	return o;
}
