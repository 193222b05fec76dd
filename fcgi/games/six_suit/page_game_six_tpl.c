/*
 * page_game_six_tpl.c: the template lookups of the Six Suit board
 * (page_game_six.h): cards, players, factions, the plays in words and
 * the board itself (templates/partials/board_six.html).
 * page_game_six.c fills the structs; the lookups live here so that
 * neither file grows past the 600-line limit.
 */
#include "page_game_kit.h"
#include "page_game_six.h"

#include <string.h>

#include "tpl.h"

/* ---- lookups ---- */

static int
card_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct psix_card	*c = data;

	switch (key[0]) {
	case 'c':
		if (strcmp(key, "card_html") == 0)
			return tpl_str(out, c->svg);
		if (strcmp(key, "checked") == 0)
			return tpl_bool(out, c->checked);
		break;
	case 'd':
		if (strcmp(key, "dbl") == 0)
			return tpl_strn(out, c->dbl.data, c->dbl.len);
		if (strcmp(key, "drawn") == 0)
			return tpl_bool(out, c->drawn);
		break;
	case 'e':
		if (strcmp(key, "elim") == 0)
			return tpl_strn(out, c->elim.data, c->elim.len);
		break;
	case 'f':
		if (strcmp(key, "fits") == 0)
			return tpl_strn(out, c->fits.data, c->fits.len);
		break;
	case 'h':
		if (strcmp(key, "height") == 0)
			return tpl_int(out, c->height);
		if (strcmp(key, "high") == 0)
			return tpl_bool(out, c->height > 1);
		break;
	case 'p':
		if (strcmp(key, "pick") == 0)
			return tpl_bool(out, c->pick);
		if (strcmp(key, "pile") == 0)
			return tpl_int(out, c->pile);
		if (strcmp(key, "proposed") == 0)
			return tpl_bool(out, c->proposed);
		break;
	case 't':
		if (strcmp(key, "tok") == 0)
			return tpl_str(out, c->tok);
		if (strcmp(key, "target") == 0)
			return tpl_bool(out, c->target);
		break;
	case 'v':
		if (strcmp(key, "value") == 0)
			return tpl_str(out, c->value);
		break;
	}
	return tpl_none(out);
}

static int
card_item(const void *list, size_t i, struct tpl_ctx *out)
{
	const struct psix_card	*c = list;

	out->lookup = card_lookup;
	out->data = &c[i];
	return 0;
}

static int
player_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct psix_player	*p = data;

	switch (key[0]) {
	case 'a':
		if (strcmp(key, "alive") == 0)
			return tpl_bool(out, p->alive);
		break;
	case 'b':
		if (strcmp(key, "bot") == 0)
			return tpl_bool(out, p->bot);
		if (strcmp(key, "backs_html") == 0)
			return tpl_str(out, p->backs);
		break;
	case 'c':
		if (strcmp(key, "close") == 0)
			return tpl_bool(out, p->close);
		if (strcmp(key, "chain") == 0)
			return tpl_bool(out, p->chain);
		break;
	case 'd':
		if (strcmp(key, "dealer") == 0)
			return tpl_bool(out, p->dealer);
		break;
	case 'e':
		if (strcmp(key, "exposed") == 0)
			return tpl_bool(out, p->exposed);
		break;
	case 'f':
		if (strcmp(key, "fell") == 0)
			return tpl_str(out, p->fell);
		break;
	case 'g':
		if (strcmp(key, "ghost") == 0)
			return tpl_bool(out, !p->alive);
		break;
	case 'h':
		if (strcmp(key, "hidden") == 0)
			return tpl_list(out, (size_t)p->hidden.n, card_item,
			    p->hidden.v);
		if (strcmp(key, "hidden_up") == 0)
			return tpl_bool(out, p->hidden.n > 0);
		break;
	case 'k':
		if (strcmp(key, "kind") == 0)
			return tpl_str(out, p->kind);
		if (strcmp(key, "known") == 0)
			return tpl_list(out, (size_t)p->known.n, card_item,
			    p->known.v);
		if (strcmp(key, "known_up") == 0)
			return tpl_bool(out, p->known.n > 0);
		break;
	case 'n':
		if (strcmp(key, "name") == 0)
			return tpl_str(out, p->name);
		if (strcmp(key, "nhand") == 0)
			return tpl_int(out, p->nhand);
		break;
	case 'o':
		if (strcmp(key, "owner") == 0)
			return tpl_bool(out, p->owner);
		break;
	case 's':
		if (strcmp(key, "seat") == 0)
			return tpl_int(out, p->seat);
		if (strcmp(key, "seat_no") == 0)
			return tpl_int(out, p->seat + 1);
		break;
	case 't':
		if (strcmp(key, "to_act") == 0)
			return tpl_bool(out, p->to_act);
		if (strcmp(key, "tops") == 0)
			return tpl_list(out, p->alive ? SIX_PILES : 0,
			    card_item, p->tops);
		if (strcmp(key, "team_name") == 0)
			return tpl_str(out, page_game_six_team(p->team));
		if (strcmp(key, "team_mark") == 0)
			return tpl_str(out, page_game_six_mark(p->team));
		if (strcmp(key, "team_no") == 0)
			return tpl_int(out, p->team);
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
	const struct psix_player	*p = list;

	out->lookup = player_lookup;
	out->data = &p[i];
	return 0;
}

static int
faction_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct psix_faction	*f = data;

	if (strcmp(key, "fname") == 0)
		return tpl_str(out, f->name);
	if (strcmp(key, "fmark") == 0)
		return tpl_str(out, f->mark);
	if (strcmp(key, "members") == 0)
		return tpl_str(out, f->members);
	if (strcmp(key, "fscore") == 0)
		return tpl_int(out, f->score);
	if (strcmp(key, "fdeal") == 0)
		return tpl_int(out, f->deal);
	if (strcmp(key, "fwinner") == 0)
		return tpl_bool(out, f->winner);
	if (strcmp(key, "fteam") == 0)
		return tpl_bool(out, f->teams);
	if (strcmp(key, "team_no") == 0)
		return tpl_int(out, f->team);
	return tpl_none(out);
}

static int
faction_item(const void *list, size_t i, struct tpl_ctx *out)
{
	const struct psix_faction	*f = list;

	out->lookup = faction_lookup;
	out->data = &f[i];
	return 0;
}

static int
splay_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct psix_play	*p = data;

	if (strcmp(key, "lmove") == 0)
		return tpl_str(out, p->move);
	if (strcmp(key, "ltext") == 0)
		return tpl_str(out, p->text);
	return tpl_none(out);
}

static int
splay_item(const void *list, size_t i, struct tpl_ctx *out)
{
	const struct psix_play	*p = list;

	out->lookup = splay_lookup;
	out->data = &p[i];
	return 0;
}

int
page_game_six_board_lookup(const void *data, const char *key,
    struct tpl_val *out)
{
	const struct psix_board	*b = data;
	const struct six_state	*v = b->v;

	switch (key[0]) {
	case 'b':
		if (strcmp(key, "board_six") == 0)
			return tpl_bool(out, 1);
		break;
	case 'c':
		if (strcmp(key, "card_defs_html") == 0)
			return tpl_str(out, b->defs);
		if (strcmp(key, "chain") == 0)
			return tpl_str(out, b->chain);
		if (strcmp(key, "center") == 0)
			return tpl_list(out, v->ncenter > 0 || b->pick ? 1 : 0,
			    card_item, &b->center);
		break;
	case 'd':
		if (strcmp(key, "deal_no") == 0)
			return tpl_int(out, v->hand);
		if (strcmp(key, "deals") == 0)
			return tpl_int(out, v->ndeals);
		if (strcmp(key, "draw") == 0)
			return tpl_str(out, b->draw);
		break;
	case 'f':
		if (strcmp(key, "factions") == 0)
			return tpl_list(out, v->nfactions, faction_item,
			    b->factions);
		break;
	case 'h':
		if (strcmp(key, "hand") == 0)
			return tpl_list(out, (size_t)b->hand.n, card_item,
			    b->hand.v);
		if (strcmp(key, "has_hand") == 0)
			return tpl_bool(out, b->viewer >= 0);
		if (strcmp(key, "hand_count") == 0)
			return tpl_int(out, b->viewer >= 0 ?
			    v->nhand[b->viewer] : 0);
		break;
	case 'l':
		if (strcmp(key, "last") == 0)
			return tpl_str(out, b->last);
		break;
	case 'n':
		if (strcmp(key, "ncenter") == 0)
			return tpl_int(out, v->ncenter);
		if (strcmp(key, "nplays") == 0)
			return tpl_int(out, b->nplays);
		break;
	case 'p':
		if (strcmp(key, "players") == 0)
			return tpl_list(out, v->nseats, player_item,
			    b->players);
		if (strcmp(key, "phase") == 0)
			return tpl_str(out, b->phase);
		if (strcmp(key, "pick") == 0)
			return tpl_bool(out, b->pick);
		if (strcmp(key, "plays") == 0)
			return tpl_list(out, (size_t)b->nplays, splay_item,
			    b->plays);
		break;
	case 's':
		if (strcmp(key, "status") == 0)
			return tpl_str(out, b->status);
		if (strcmp(key, "stock") == 0)
			return tpl_int(out, v->nstock);
		if (strcmp(key, "stock_html") == 0)
			return tpl_str(out, b->stock_svg);
		break;
	case 't':
		if (strcmp(key, "teams") == 0)
			return tpl_bool(out, b->teams);
		break;
	}
	return tpl_none(out);
}
