/*
 * page_game_gv_tpl.c: the template lookups of the Gin Vodka board
 * (page_game_gv.h): cards, melds, players, hands, the last hand's panel
 * and the board itself (templates/partials/board_gv.html and the gv_*
 * partials).  page_game_gv.c fills the structs.
 */
#include "page_game_kit.h"
#include "page_game_gv.h"

#include <string.h>

#include "cards.h"
#include "gin_vodka.h"
#include "tpl.h"

/* ---- lookups: cards, melds, choices ---- */

/* Every card of a page asks several keys: one strcmp each. */
static int
card_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct pgv_card	*p = data;

	switch (key[0]) {
	case 'c':
		if (strcmp(key, "card_html") == 0)
			return tpl_str(out, p->svg);
		break;
	case 'd':
		if (strcmp(key, "drawn") == 0)
			return tpl_bool(out, p->drawn);
		if (strcmp(key, "disabled") == 0)
			return tpl_bool(out, p->disabled);
		break;
	case 'l':
		if (strcmp(key, "label") == 0)
			return tpl_str(out, cards_label_str(p->card));
		break;
	case 'p':
		if (strcmp(key, "pick") == 0)
			return tpl_bool(out, p->pick);
		if (strcmp(key, "pick_move") == 0)
			return tpl_str(out, p->move);
		break;
	case 't':
		if (strcmp(key, "tok") == 0)
			return tpl_str(out, p->tok);
		break;
	case 'v':
		if (strcmp(key, "value") == 0)
			return tpl_int(out, p->value);
		break;
	}
	return tpl_none(out);
}

static int
card_item(const void *list, size_t i, struct tpl_ctx *out)
{
	const struct pgv_list	*l = list;

	out->lookup = card_lookup;
	out->data = &l->v[i];
	return 0;
}

static int
cards_val(struct tpl_val *out, const struct pgv_list *l)
{
	return tpl_list(out, (size_t)l->n, card_item, l);
}

static int
meld_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct pgv_meld	*m = data;

	switch (key[0]) {
	case 'h':
		if (strcmp(key, "has_laid") == 0)
			return tpl_bool(out, m->laid.n > 0);
		break;
	case 'l':
		if (strcmp(key, "laid") == 0)
			return cards_val(out, &m->laid);
		break;
	case 'o':
		if (strcmp(key, "own") == 0)
			return cards_val(out, &m->own);
		break;
	}
	return tpl_none(out);
}

static int
meld_item(const void *list, size_t i, struct tpl_ctx *out)
{
	const struct pgv_melds	*m = list;

	out->lookup = meld_lookup;
	out->data = &m->v[i];
	return 0;
}

static int
melds_val(struct tpl_val *out, const struct pgv_melds *m)
{
	return tpl_list(out, (size_t)m->n, meld_item, m);
}

/* ---- lookups: players, hands, result, options, buttons ---- */

static int
player_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct pgv_player	*p = data;

	switch (key[0]) {
	case 'b':
		if (strcmp(key, "bot") == 0)
			return tpl_bool(out, p->bot);
		break;
	case 'd':
		if (strcmp(key, "dealer") == 0)
			return tpl_bool(out, p->dealer);
		break;
	case 'n':
		if (strcmp(key, "name") == 0)
			return tpl_str(out, p->name);
		if (strcmp(key, "ncards") == 0)
			return tpl_int(out, p->ncards);
		break;
	case 's':
		if (strcmp(key, "score") == 0)
			return tpl_int(out, p->score);
		break;
	case 't':
		if (strcmp(key, "to_act") == 0)
			return tpl_bool(out, p->to_act);
		break;
	case 'w':
		if (strcmp(key, "winner") == 0)
			return tpl_bool(out, p->winner);
		break;
	case 'y':
		if (strcmp(key, "you") == 0)
			return tpl_bool(out, p->you);
		break;
	}
	return tpl_none(out);
}

static int
player_item(const void *list, size_t i, struct tpl_ctx *out)
{
	const struct pgv_player	*p = list;

	out->lookup = player_lookup;
	out->data = &p[i];
	return 0;
}

static int
hand_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct pgv_hand	*h = data;

	switch (key[0]) {
	case 'b':
		if (strcmp(key, "backs_html") == 0)
			return tpl_str(out, h->backs);
		break;
	case 'c':
		if (strcmp(key, "count") == 0)
			return tpl_int(out, h->count);
		/* "1 card", "2 cards": the template's plural. */
		if (strcmp(key, "count_one") == 0)
			return tpl_bool(out, h->count == 1);
		if (strcmp(key, "cards") == 0)
			return cards_val(out, &h->cards);
		break;
	case 'f':
		if (strcmp(key, "faceup") == 0)
			return tpl_bool(out, h->cards.n > 0);
		break;
	case 'h':
		if (strcmp(key, "hand_title") == 0)
			return tpl_str(out, h->title);
		break;
	case 'k':
		if (strcmp(key, "known") == 0)
			return cards_val(out, &h->known);
		if (strcmp(key, "known_up") == 0)
			return tpl_bool(out, h->known.n > 0);
		break;
	case 'm':
		if (strcmp(key, "mine") == 0)
			return tpl_bool(out, h->mine);
		break;
	}
	return tpl_none(out);
}

static int
hand_item(const void *list, size_t i, struct tpl_ctx *out)
{
	const struct pgv_hand	*h = list;

	out->lookup = hand_lookup;
	out->data = &h[i];
	return 0;
}

static int
result_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct pgv_result	*p = data;
	const struct gv_result	*r = p->r;

	switch (key[0]) {
	case 'd':
		if (strcmp(key, "dname") == 0)
			return tpl_str(out, p->dname);
		if (strcmp(key, "dmelds") == 0)
			return melds_val(out, &p->dmelds);
		if (strcmp(key, "ddead") == 0)
			return cards_val(out, &p->ddead);
		if (strcmp(key, "ddeadwood") == 0)
			return tpl_int(out, r->ddead);
		break;
	case 'k':
		if (strcmp(key, "kname") == 0)
			return tpl_str(out, p->kname);
		if (strcmp(key, "kmelds") == 0)
			return melds_val(out, &p->kmelds);
		if (strcmp(key, "kdead") == 0)
			return cards_val(out, &p->kdead);
		if (strcmp(key, "kdeadwood") == 0)
			return tpl_int(out, r->kdead);
		break;
	case 'p':
		if (strcmp(key, "points") == 0)
			return tpl_int(out, r->points);
		break;
	case 'r':
		if (strcmp(key, "res_hand") == 0)
			return tpl_int(out, r->hand);
		if (strcmp(key, "res_text") == 0)
			return tpl_str(out, p->text);
		if (strcmp(key, "res_void") == 0)
			return tpl_bool(out, r->kind == GV_END_VOID);
		if (strcmp(key, "res_gin") == 0)
			return tpl_bool(out, r->kind == GV_END_GIN);
		break;
	}
	return tpl_none(out);
}

static int
result_item(const void *list, size_t i, struct tpl_ctx *out)
{
	(void)i;
	out->lookup = result_lookup;
	out->data = list;
	return 0;
}

int
page_game_gv_board_lookup(const void *data, const char *key,
    struct tpl_val *out)
{
	const struct pgv_board	*b = data;
	const struct gv_state	*v = b->v;
	int			 opening = v->phase == GV_PHASE_OPEN_ND ||
				    v->phase == GV_PHASE_OPEN_D;

	switch (key[0]) {
	case 'b':
		if (strcmp(key, "board_gv") == 0)
			return tpl_bool(out, 1);
		break;
	case 'c':
		if (strcmp(key, "card_defs_html") == 0)
			return tpl_str(out, b->defs);
		break;
	case 'd':
		if (strcmp(key, "discards") == 0)
			return tpl_int(out, v->ndiscard);
		if (strcmp(key, "discard_html") == 0)
			return tpl_str(out, b->discard_svg);
		break;
	case 'g':
		if (strcmp(key, "gin") == 0)
			return tpl_bool(out, 1);
		break;
	case 'h':
		if (strcmp(key, "hands") == 0)
			return tpl_list(out, (size_t)b->nhands, hand_item,
			    b->hands);
		if (strcmp(key, "hand_no") == 0)
			return tpl_int(out, v->hand);
		break;
	case 'k':
		if (strcmp(key, "knocking") == 0)
			return tpl_bool(out, b->knocker != NULL);
		if (strcmp(key, "knocker") == 0)
			return tpl_str(out, b->knocker);
		if (strcmp(key, "kmelds") == 0)
			return melds_val(out, &b->kmelds);
		if (strcmp(key, "kdead") == 0)
			return cards_val(out, &b->kdead);
		if (strcmp(key, "kdeadwood") == 0)
			return tpl_int(out, v->knock.deadwood);
		break;
	case 'p':
		if (strcmp(key, "players") == 0)
			return tpl_list(out, GV_SEATS, player_item, b->players);
		break;
	case 'r':
		if (strcmp(key, "result") == 0)
			return tpl_list(out, b->has_result ? 1 : 0,
			    result_item, &b->res);
		if (strcmp(key, "result_open") == 0)
			return tpl_bool(out, b->has_result && (opening ||
			    v->phase == GV_PHASE_OVER));
		if (strcmp(key, "recycles") == 0)
			return tpl_int(out, v->recycles);
		if (strcmp(key, "recycle_cap") == 0)
			return tpl_int(out, v->recycle_cap);
		break;
	case 's':
		if (strcmp(key, "stock") == 0)
			return tpl_int(out, v->nstock);
		if (strcmp(key, "stock_html") == 0)
			return tpl_str(out, b->stock_svg);
		if (strcmp(key, "status") == 0)
			return tpl_str(out, b->status);
		break;
	case 't':
		if (strcmp(key, "target") == 0)
			return tpl_int(out, v->target);
		break;
	case 'u':
		if (strcmp(key, "upcard") == 0)
			return tpl_bool(out, opening);
		break;
	}
	return tpl_none(out);
}
