/*
 * page_game_cm_tpl.c: the template lookups of the Casino Macedonia
 * board (page_game_cm.h): cards, table piles, players with their
 * running counts and captures, the last hand's lines, the table
 * options, and the board itself (templates/partials/board_cm.html and
 * the cm_*.html partials).  page_game_cm.c fills the structs.
 */
#include "page_game_kit.h"
#include "page_game_cm.h"

#include <string.h>

#include "tpl.h"

static int
card_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct pcm_card	*c = data;

	if (strcmp(key, "card_html") == 0)
		return tpl_str(out, c->svg);
	if (strcmp(key, "tok") == 0)
		return tpl_str(out, c->tok);
	if (strcmp(key, "hl_take") == 0)
		return tpl_str(out, c->take);
	if (strcmp(key, "hl_build") == 0)
		return tpl_str(out, c->build);
	if (strcmp(key, "hl_stack") == 0)
		return tpl_str(out, c->stack);
	if (strcmp(key, "hl_drop") == 0)
		return tpl_bool(out, c->drop);
	return tpl_none(out);
}

static int
card_item(const void *list, size_t i, struct tpl_ctx *out)
{
	const struct pcm_list	*l = list;

	out->lookup = card_lookup;
	out->data = &l->v[i];
	return 0;
}

static int
cards_val(struct tpl_val *out, const struct pcm_list *l)
{
	return tpl_list(out, (size_t)l->n, card_item, l);
}

static int
pile_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct pcm_tpile	*p = data;

	if (strcmp(key, "pile_tok") == 0)
		return tpl_str(out, p->tok);
	if (strcmp(key, "kind") == 0)
		return tpl_str(out, p->kind);
	if (strcmp(key, "pvalue") == 0)
		return tpl_str(out, p->value);
	if (strcmp(key, "owner") == 0)
		return tpl_str(out, p->owner);
	if (strcmp(key, "binds") == 0)
		return tpl_str(out, p->binds);
	if (strcmp(key, "mine") == 0)
		return tpl_bool(out, p->mine);
	if (strcmp(key, "single") == 0)
		return tpl_bool(out, p->single);
	if (strcmp(key, "pcards") == 0)
		return cards_val(out, &p->cards);
	return tpl_none(out);
}

static int
pile_item(const void *list, size_t i, struct tpl_ctx *out)
{
	const struct pcm_tpile	*p = list;

	out->lookup = pile_lookup;
	out->data = &p[i];
	return 0;
}

static int
player_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct pcm_player	*p = data;

	switch (key[0]) {
	case 'a':
		if (strcmp(key, "all_yh") == 0)
			return tpl_bool(out, p->all_yh);
		break;
	case 'b':
		if (strcmp(key, "bot") == 0)
			return tpl_bool(out, p->bot);
		if (strcmp(key, "backs_html") == 0)
			return tpl_str(out, p->backs);
		break;
	case 'c':
		if (strcmp(key, "captures") == 0)
			return cards_val(out, &p->captures);
		break;
	case 'd':
		if (strcmp(key, "dealer") == 0)
			return tpl_bool(out, p->dealer);
		break;
	case 'f':
		if (strcmp(key, "faceup") == 0)
			return tpl_bool(out, p->hand.n > 0);
		if (strcmp(key, "faceup_title") == 0)
			return tpl_str(out, p->faceup_title);
		break;
	case 'h':
		if (strcmp(key, "hcards") == 0)
			return cards_val(out, &p->hand);
		if (strcmp(key, "has_cards") == 0)
			return tpl_bool(out, p->ncards > 0);
		break;
	case 'l':
		if (strcmp(key, "lead_cards") == 0)
			return tpl_bool(out, p->lead_cards);
		if (strcmp(key, "lead_reds") == 0)
			return tpl_bool(out, p->lead_reds);
		if (strcmp(key, "lead_circles") == 0)
			return tpl_bool(out, p->lead_circles);
		break;
	case 'n':
		if (strcmp(key, "name") == 0)
			return tpl_str(out, p->name);
		if (strcmp(key, "ncards") == 0)
			return tpl_int(out, p->ncards);
		/* "1 card", "2 cards": the template's plural. */
		if (strcmp(key, "ncards_one") == 0)
			return tpl_bool(out, p->ncards == 1);
		if (strcmp(key, "ncaptured") == 0)
			return tpl_int(out, p->ncaptured);
		break;
	case 's':
		if (strcmp(key, "score") == 0)
			return tpl_int(out, p->score);
		if (strcmp(key, "seat") == 0)
			return tpl_int(out, p->seat);
		break;
	case 't':
		if (strcmp(key, "to_act") == 0)
			return tpl_bool(out, p->to_act);
		if (strcmp(key, "t_cards") == 0)
			return tpl_int(out, p->t.cards);
		if (strcmp(key, "t_reds") == 0)
			return tpl_int(out, p->t.reds);
		if (strcmp(key, "t_circles") == 0)
			return tpl_int(out, p->t.circles);
		if (strcmp(key, "t_ones") == 0)
			return tpl_int(out, p->t.ones);
		if (strcmp(key, "t_rc") == 0)
			return tpl_int(out, p->t.red_circles);
		if (strcmp(key, "t_bs") == 0)
			return tpl_bool(out, p->t.blue_square);
		if (strcmp(key, "t_yh") == 0)
			return tpl_int(out, p->t.yellow_hearts);
		if (strcmp(key, "t_points") == 0)
			return tpl_int(out, p->t.points);
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
	const struct pcm_player	*p = list;

	out->lookup = player_lookup;
	out->data = &p[i];
	return 0;
}

static int
res_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct pcm_res	*x = data;

	if (strcmp(key, "name") == 0)
		return tpl_str(out, x->name);
	if (strcmp(key, "r_cards") == 0)
		return tpl_int(out, x->t->cards);
	if (strcmp(key, "r_reds") == 0)
		return tpl_int(out, x->t->reds);
	if (strcmp(key, "r_circles") == 0)
		return tpl_int(out, x->t->circles);
	if (strcmp(key, "r_ones") == 0)
		return tpl_int(out, x->t->ones);
	if (strcmp(key, "r_rc") == 0)
		return tpl_int(out, x->t->red_circles);
	if (strcmp(key, "r_bs") == 0)
		return tpl_bool(out, x->t->blue_square);
	if (strcmp(key, "r_yh") == 0)
		return tpl_int(out, x->t->yellow_hearts);
	if (strcmp(key, "r_points") == 0)
		return tpl_int(out, x->t->points);
	if (strcmp(key, "r_most_cards") == 0)
		return tpl_bool(out, x->most_cards);
	if (strcmp(key, "r_most_reds") == 0)
		return tpl_bool(out, x->most_reds);
	if (strcmp(key, "r_most_circles") == 0)
		return tpl_bool(out, x->most_circles);
	return tpl_none(out);
}

static int
res_item(const void *list, size_t i, struct tpl_ctx *out)
{
	const struct pcm_res	*x = list;

	out->lookup = res_lookup;
	out->data = &x[i];
	return 0;
}

static int
opt_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct pcm_opt	*o = data;

	if (strcmp(key, "opt_name") == 0)
		return tpl_str(out, o->name);
	if (strcmp(key, "opt_value") == 0)
		return tpl_str(out, o->value);
	return tpl_none(out);
}

static int
opt_item(const void *list, size_t i, struct tpl_ctx *out)
{
	const struct pcm_opt	*o = list;

	out->lookup = opt_lookup;
	out->data = &o[i];
	return 0;
}

/* The board's keys, looked up in order (a few dozen per page). */
static int
board_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct pcm_board	*b = data;
	const struct cm_state	*v = b->v;

	if (strcmp(key, "board_cm") == 0)
		return tpl_bool(out, 1);
	if (strcmp(key, "card_defs_html") == 0)
		return tpl_str(out, b->defs);
	if (strcmp(key, "players") == 0)
		return tpl_list(out, v->nseats, player_item, b->players);
	if (strcmp(key, "piles") == 0)
		return tpl_list(out, v->npiles, pile_item, b->piles);
	if (strcmp(key, "npiles") == 0)
		return tpl_int(out, v->npiles);
	if (strcmp(key, "status") == 0)
		return tpl_str(out, b->status);
	if (strcmp(key, "opts") == 0)
		return tpl_list(out, (size_t)b->nopts, opt_item, b->opts);
	if (strcmp(key, "hand_no") == 0)
		return tpl_int(out, v->hand);
	if (strcmp(key, "hands_in_match") == 0)
		return tpl_int(out, v->nhands);
	if (strcmp(key, "stock") == 0)
		return tpl_int(out, v->nstock);
	if (strcmp(key, "nburned") == 0)
		return tpl_int(out, v->nburned);
	if (strcmp(key, "burned_shown") == 0)
		return tpl_bool(out, b->burned.n > 0);
	if (strcmp(key, "burned") == 0)
		return cards_val(out, &b->burned);
	if (strcmp(key, "has_aside") == 0)
		return tpl_bool(out, b->aside.n > 0);
	if (strcmp(key, "aside") == 0)
		return cards_val(out, &b->aside);
	if (strcmp(key, "has_my_hand") == 0)
		return tpl_bool(out, b->hand.n > 0);
	if (strcmp(key, "my_hand") == 0)
		return cards_val(out, &b->hand);
	if (strcmp(key, "my_count") == 0)
		return tpl_int(out, b->hand.n);
	/* "1 card", "2 cards": the template's plural. */
	if (strcmp(key, "my_count_one") == 0)
		return tpl_bool(out, b->hand.n == 1);
	if (strcmp(key, "cm_play") == 0)
		return tpl_bool(out, b->play);
	if (strcmp(key, "running") == 0)
		return tpl_bool(out, v->phase == CM_PHASE_PLAY);
	if (strcmp(key, "q_five") == 0)
		return tpl_bool(out, v->q_mode == CM_Q_FIVE && !v->squares);
	if (strcmp(key, "pts_bs") == 0)
		return tpl_int(out, b->squares ? 8 : 15);
	if (strcmp(key, "pts_yh") == 0)
		return tpl_int(out, b->squares ? 18 : 50);
	if (strcmp(key, "n_yh") == 0)
		return tpl_int(out, b->squares ? 4 : 5);
	if (strcmp(key, "result") == 0)
		return tpl_bool(out, b->has_result);
	if (strcmp(key, "res_hand") == 0)
		return tpl_int(out, v->last.hand);
	if (strcmp(key, "res_text") == 0)
		return tpl_str(out, b->res_text);
	if (strcmp(key, "res_rows") == 0)
		return tpl_list(out, b->has_result ? v->nseats : 0, res_item,
		    b->res);
	/* Open while the next hand's first deal is played. */
	if (strcmp(key, "result_open") == 0)
		return tpl_bool(out, b->has_result &&
		    (v->phase == CM_PHASE_OVER ||
		    (v->hand == v->last.hand + 1 && v->nstock == v->ndeck -
		    v->nburned - CM_TABLE_START - CM_HAND * v->nseats)));
	return tpl_none(out);
}

static int
board_item(const void *list, size_t i, struct tpl_ctx *out)
{
	(void)i;
	out->lookup = board_lookup;
	out->data = list;
	return 0;
}

int
pcm_board_val(struct tpl_val *out, const struct pcm_board *b)
{
	return tpl_list(out, 1, board_item, b);
}
