/*
 * codec_casino.c: a Casino Macedonia view (struct cm_state from
 * cm_rules.view) as JSON for the API and records.  Hidden cards are
 * never written: a masked hand appears as its count with "cards": null,
 * the stock only as a count, the burned cards only in a finished
 * game's everything-shown view.  Captures are public (each hand's
 * "captures").  Table piles are listed in table order, each with its cards
 * (a declared number as "QRc=3"), kind, value and owner.
 */
#include "codec.h"

#include <stdio.h>

#include "casino.h"

static struct json_object *
seat_json(const struct cm_state *v, int seat)
{
	return seat >= 0 && seat < v->nseats ? json_object_new_int(seat) : NULL;
}

static struct json_object *
hands_json(const struct cm_state *v)
{
	struct json_object	*a = json_object_new_array(), *h, *cards;
	int			 i, j, n, shown;

	for (i = 0; i < v->nseats; i++) {
		n = v->nhand[i] > CM_HAND ? CM_HAND : v->nhand[i];
		shown = 1;
		for (j = 0; j < n; j++)
			if (v->hands[i][j] == CARD_NONE)
				shown = 0;
		cards = NULL;
		if (shown) {
			cards = json_object_new_array();
			for (j = 0; j < n; j++)
				json_object_array_add(cards,
				    codec_card_json(CARD_TT, v->hands[i][j]));
		}
		h = json_object_new_object();
		json_object_object_add(h, "count", json_object_new_int(n));
		json_object_object_add(h, "cards", cards);
		json_object_object_add(h, "captured",
		    json_object_new_int(v->ncaptured[i]));
		/* Captures are public: each card was face up when taken. */
		cards = json_object_new_array();
		for (j = 0; j < CM_IDS; j++)
			if (v->won[j] == i)
				json_object_array_add(cards,
				    codec_card_json(CARD_TT, (card_t)j));
		json_object_object_add(h, "captures", cards);
		json_object_array_add(a, h);
	}
	return a;
}

static struct json_object *
piles_json(const struct cm_state *v)
{
	static const char *const kinds[] = { "single", "build", "stack" };
	struct json_object	*a = json_object_new_array(), *p, *cards;
	char			 tok[CARD_TEXT_MAX], buf[16];
	int			 x, i, lo, hi;

	for (x = 0; x < v->npiles && x < CM_PILES_MAX; x++) {
		cards = json_object_new_array();
		for (i = 0; i < CM_IDS; i++) {
			if (v->pile_of[i] != x)
				continue;
			card_format(CARD_TT, (card_t)i, tok);
			if (cm_numbers(v, (card_t)i, &lo, &hi) == 1)
				snprintf(buf, sizeof(buf), "%s=%d", tok,
				    v->decl[i]);
			else
				snprintf(buf, sizeof(buf), "%s", tok);
			json_object_array_add(cards,
			    json_object_new_string(buf));
		}
		p = json_object_new_object();
		json_object_object_add(p, "name", codec_card_json(CARD_TT, v->piles[x].name));
		json_object_object_add(p, "kind", json_object_new_string(
		    kinds[v->piles[x].kind < 3 ? v->piles[x].kind : 0]));
		json_object_object_add(p, "value", v->piles[x].value ?
		    json_object_new_int(v->piles[x].value) : NULL);
		json_object_object_add(p, "owner",
		    seat_json(v, v->piles[x].owner));
		json_object_object_add(p, "cards", cards);
		json_object_array_add(a, p);
	}
	return a;
}

static struct json_object *
list_json(const card_t *c, int n)
{
	struct json_object	*a = json_object_new_array();
	int			 i;

	for (i = 0; i < n; i++)
		json_object_array_add(a, codec_card_json(CARD_TT, c[i]));
	return a;
}

static struct json_object *
result_json(const struct cm_state *v)
{
	const struct cm_result	*r = &v->last;
	const struct cm_tally	*t;
	struct json_object	*o, *a, *s;
	int			 i;

	if (r->hand == 0)
		return NULL;
	o = json_object_new_object();
	json_object_object_add(o, "hand", json_object_new_int(r->hand));
	json_object_object_add(o, "last_taker", seat_json(v, r->taker));
	json_object_object_add(o, "swept", json_object_new_int(r->swept));
	json_object_object_add(o, "most_cards", seat_json(v, r->most_cards));
	json_object_object_add(o, "most_reds", seat_json(v, r->most_reds));
	json_object_object_add(o, "most_circles",
	    seat_json(v, r->most_circles));
	a = json_object_new_array();
	for (i = 0; i < v->nseats; i++) {
		t = &r->tally[i];
		s = json_object_new_object();
		json_object_object_add(s, "cards",
		    json_object_new_int(t->cards));
		json_object_object_add(s, "reds", json_object_new_int(t->reds));
		json_object_object_add(s, "circles",
		    json_object_new_int(t->circles));
		json_object_object_add(s, "ones", json_object_new_int(t->ones));
		json_object_object_add(s, "red_circles",
		    json_object_new_int(t->red_circles));
		json_object_object_add(s, "blue_square",
		    json_object_new_boolean(t->blue_square));
		json_object_object_add(s, "yellow_hearts",
		    json_object_new_int(t->yellow_hearts));
		json_object_object_add(s, "points",
		    json_object_new_int(t->points));
		json_object_array_add(a, s);
	}
	json_object_object_add(o, "seats", a);
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

struct json_object *
codec_casino_view(const void *view)
{
	static const char *const qm[] = { "separate", "wild", "five" };
	static const char *const phases[] = { "deal", "play", "over" };
	const struct cm_state	*v = view;
	struct json_object	*o = json_object_new_object(), *a, *opt;
	int			 i, play = v->phase == CM_PHASE_PLAY, shown;

	json_object_object_add(o, "game",
	    json_object_new_string("casino-macedonia"));
	json_object_object_add(o, "viewer", viewer_json(v->viewer));
	json_object_object_add(o, "phase", json_object_new_string(
	    phases[v->phase < CM_PHASE__MAX ? v->phase : 0]));
	opt = json_object_new_object();
	json_object_object_add(opt, "q_mode",
	    json_object_new_string(qm[v->q_mode < CM_Q__MAX ? v->q_mode : 0]));
	json_object_object_add(opt, "jokers",
	    json_object_new_boolean(v->jokers));
	json_object_object_add(opt, "single_takes",
	    json_object_new_boolean(v->single));
	json_object_object_add(opt, "squares",
	    json_object_new_boolean(v->squares));
	json_object_object_add(opt, "rounds", json_object_new_int(v->rounds));
	json_object_object_add(o, "options", opt);
	json_object_object_add(o, "hand", json_object_new_int(v->hand));
	json_object_object_add(o, "hands_in_match",
	    json_object_new_int(v->nhands));
	json_object_object_add(o, "dealer", json_object_new_int(v->dealer));
	json_object_object_add(o, "turn", play ? seat_json(v, v->turn) : NULL);
	a = json_object_new_array();
	if (play)
		json_object_array_add(a, json_object_new_int(v->turn));
	json_object_object_add(o, "to_act", a);
	json_object_object_add(o, "hands", hands_json(v));
	json_object_object_add(o, "table", piles_json(v));
	json_object_object_add(o, "stock", json_object_new_int(v->nstock));
	json_object_object_add(o, "set_aside", list_json(v->aside,
	    v->naside > 2 ? 2 : v->naside));
	shown = v->nburned > 0 && v->burned[0] != CARD_NONE;
	json_object_object_add(o, "burned", shown ? list_json(v->burned,
	    v->nburned > 3 ? 3 : v->nburned) : NULL);
	json_object_object_add(o, "last_taker", seat_json(v, v->last_taker));
	a = json_object_new_array();
	for (i = 0; i < CM_IDS; i++)
		if (v->viewer >= 0 && v->won[i] == v->viewer)
			json_object_array_add(a, codec_card_json(CARD_TT, (card_t)i));
	json_object_object_add(o, "my_captures", v->viewer >= 0 ? a : NULL);
	if (v->viewer < 0)
		json_object_put(a);
	a = json_object_new_array();
	for (i = 0; i < v->nseats; i++)
		json_object_array_add(a, json_object_new_int(v->scores[i]));
	json_object_object_add(o, "scores", a);
	json_object_object_add(o, "last_hand", result_json(v));
	json_object_object_add(o, "over", json_object_new_boolean(v->over));
	a = json_object_new_array();
	for (i = 0; i < v->nseats; i++)
		if (v->winners & (1u << i))
			json_object_array_add(a, json_object_new_int(i));
	json_object_object_add(o, "winners", a);
	return o;
}
