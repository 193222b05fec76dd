/*
 * page_game_tsr_tpl.c: the template lookups of the 12-Step Rummy board
 * (page_game_tsr.h): cards (the move forms' too), players, melds by
 * owner, the contracts table, other seats' hands and the board itself
 * (templates/partials/board_tsr.html).  page_game_tsr.c fills the
 * structs.
 */
#include "page_game_kit.h"
#include "page_game_tsr.h"

#include <string.h>

#include "tpl.h"
#include "twelve_step.h"

/* ---- cards, shared with page_game_tsr_play.c ---- */

static int
card_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct page_game_tsr_card	*p = data;

	if (strcmp(key, "card_html") == 0)
		return tpl_str(out, p->svg);
	if (strcmp(key, "tok") == 0)
		return tpl_str(out, p->tok);
	if (strcmp(key, "label") == 0)
		return tpl_str(out, p->label);
	if (strcmp(key, "short") == 0)
		return tpl_str(out, p->shortname);
	if (strcmp(key, "pick") == 0)
		return tpl_bool(out, p->pick);
	if (strcmp(key, "disabled") == 0)
		return tpl_bool(out, p->disabled);
	if (strcmp(key, "drawn") == 0)
		return tpl_bool(out, p->drawn);
	if (strcmp(key, "pick_move") == 0)
		return tpl_str(out, p->move);
	return tpl_none(out);
}

static int
card_item(const void *list, size_t i, struct tpl_ctx *out)
{
	const struct page_game_tsr_cards	*l = list;

	out->lookup = card_lookup;
	out->data = &l->v[i];
	return 0;
}

int
page_game_tsr_cards_val(struct tpl_val *out,
    const struct page_game_tsr_cards *l)
{
	return tpl_list(out, (size_t)l->n, card_item, l);
}

/* ---- lookups ---- */

static int
player_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct ptsr_player	*p = data;

	if (strcmp(key, "name") == 0)
		return tpl_str(out, p->name);
	if (strcmp(key, "score") == 0)
		return tpl_int(out, p->score);
	if (strcmp(key, "ncards") == 0)
		return tpl_int(out, p->ncards);
	if (strcmp(key, "contract") == 0)
		return tpl_int(out, p->contract);
	if (strcmp(key, "contract_name") == 0)
		return tpl_str(out, p->contract_name);
	if (strcmp(key, "done") == 0)
		return tpl_bool(out, p->contract > TSR_CONTRACTS);
	if (strcmp(key, "buys") == 0)
		return tpl_int(out, p->buys);
	if (strcmp(key, "down") == 0)
		return tpl_bool(out, p->down);
	if (strcmp(key, "to_act") == 0)
		return tpl_bool(out, p->to_act);
	if (strcmp(key, "dealer") == 0)
		return tpl_bool(out, p->dealer);
	if (strcmp(key, "winner") == 0)
		return tpl_bool(out, p->winner);
	if (strcmp(key, "you") == 0)
		return tpl_bool(out, p->you);
	if (strcmp(key, "bot") == 0)
		return tpl_bool(out, p->bot);
	if (strcmp(key, "asked") == 0)
		return tpl_bool(out, p->asked);
	if (strcmp(key, "made") == 0)
		return p->made > 0 ? tpl_int(out, p->made) : tpl_none(out);
	if (strcmp(key, "points") == 0)
		return tpl_int(out, p->points);
	return tpl_none(out);
}

static int
player_item(const void *list, size_t i, struct tpl_ctx *out)
{
	const struct ptsr_player	*p = list;

	out->lookup = player_lookup;
	out->data = &p[i];
	return 0;
}

static int
meld_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct ptsr_meld	*m = data;

	if (strcmp(key, "meld_name") == 0)
		return tpl_str(out, m->name);
	if (strcmp(key, "cards") == 0)
		return page_game_tsr_cards_val(out, &m->cards);
	return tpl_none(out);
}

static int
meld_item(const void *list, size_t i, struct tpl_ctx *out)
{
	const struct ptsr_owner	*o = list;

	out->lookup = meld_lookup;
	out->data = &o->m[i];
	return 0;
}

static int
owner_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct ptsr_owner	*o = data;

	if (strcmp(key, "owner_title") == 0)
		return tpl_str(out, o->title);
	if (strcmp(key, "melds") == 0)
		return tpl_list(out, (size_t)o->n, meld_item, o);
	return tpl_none(out);
}

static int
owner_item(const void *list, size_t i, struct tpl_ctx *out)
{
	const struct ptsr_owner	*o = list;

	out->lookup = owner_lookup;
	out->data = &o[i];
	return 0;
}

static int
step_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct ptsr_step	*t = data;

	if (strcmp(key, "k") == 0)
		return tpl_int(out, t->k);
	if (strcmp(key, "step_name") == 0)
		return tpl_str(out, t->name);
	if (strcmp(key, "step_who") == 0)
		return tpl_str(out, t->who);
	return tpl_none(out);
}

static int
step_item(const void *list, size_t i, struct tpl_ctx *out)
{
	const struct ptsr_step	*t = list;

	out->lookup = step_lookup;
	out->data = &t[i];
	return 0;
}

static int
hand_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct ptsr_hand	*h = data;

	if (strcmp(key, "hand_title") == 0)
		return tpl_str(out, h->title);
	if (strcmp(key, "count") == 0)
		return tpl_int(out, h->count);
	/* "1 card", "2 cards": the template's plural. */
	if (strcmp(key, "count_one") == 0)
		return tpl_bool(out, h->count == 1);
	if (strcmp(key, "cards") == 0)
		return page_game_tsr_cards_val(out, &h->cards);
	if (strcmp(key, "known") == 0)
		return page_game_tsr_cards_val(out, &h->known);
	if (strcmp(key, "known_up") == 0)
		return tpl_bool(out, h->known.n > 0);
	return tpl_none(out);
}

static int
hand_item(const void *list, size_t i, struct tpl_ctx *out)
{
	const struct ptsr_hand	*h = list;

	out->lookup = hand_lookup;
	out->data = &h[i];
	return 0;
}

int
page_game_tsr_board_lookup(const void *data, const char *key,
    struct tpl_val *out)
{
	const struct ptsr_board	*b = data;
	const struct tsr_state	*v = b->v;

	if (strcmp(key, "board_tsr") == 0)
		return tpl_bool(out, 1);
	if (strcmp(key, "card_defs_html") == 0)
		return tpl_str(out, b->defs);
	if (strcmp(key, "players") == 0)
		return tpl_list(out, (size_t)v->nseats, player_item,
		    b->players);
	if (strcmp(key, "round_name") == 0)
		return tpl_str(out, b->round_name);
	if (strcmp(key, "status") == 0)
		return tpl_str(out, b->status);
	if (strcmp(key, "owners") == 0)
		return tpl_list(out, (size_t)b->nowners, owner_item,
		    b->owners);
	if (strcmp(key, "no_melds") == 0)
		return tpl_bool(out, b->nowners == 0);
	if (strcmp(key, "steps") == 0)
		return tpl_list(out, TSR_CONTRACTS, step_item, b->steps);
	if (strcmp(key, "dummy") == 0)
		return tpl_bool(out, v->dummy);
	if (strcmp(key, "window") == 0)
		return tpl_str(out, b->window);
	if (strcmp(key, "window_html") == 0)
		return tpl_str(out, b->window_svg);
	if (strcmp(key, "requests") == 0)
		return tpl_str(out, b->requests);
	if (strcmp(key, "stock") == 0)
		return tpl_int(out, v->nstock);
	if (strcmp(key, "stock_html") == 0)
		return tpl_str(out, b->stock_svg);
	if (strcmp(key, "discards") == 0)
		return tpl_int(out, v->ndiscard);
	if (strcmp(key, "discard_html") == 0)
		return tpl_str(out, b->discard_svg);
	if (strcmp(key, "rebuilds") == 0)
		return tpl_int(out, v->rebuilds);
	if (strcmp(key, "rebuild_cap") == 0)
		return tpl_int(out, v->rebuild_cap);
	if (strcmp(key, "has_hand") == 0)
		return tpl_bool(out, b->has_hand);
	if (strcmp(key, "hand") == 0)
		return page_game_tsr_cards_val(out, &b->hand);
	if (strcmp(key, "hand_count") == 0)
		return tpl_int(out, b->hand.n);
	/* "1 card", "2 cards": the template's plural. */
	if (strcmp(key, "hand_count_one") == 0)
		return tpl_bool(out, b->hand.n == 1);
	if (strcmp(key, "others") == 0)
		return tpl_list(out, (size_t)b->nothers, hand_item,
		    b->others);
	if (strcmp(key, "result") == 0)
		return tpl_str(out, b->result);
	if (strcmp(key, "mayi_on") == 0)
		return tpl_bool(out, v->mayi);
	return tpl_none(out);
}
