/*
 * page_game_tsr_play.c: the 12-Step Rummy move forms (game_web.h,
 * struct game_web), from rules->legal on the viewer's view:
 * buttons to draw or take and for "May I?" (ask, pass, withdraw; a
 * seat that is not to play gets only these); the contract form, one
 * select per hand card saying its meld (and, for a wild, the card it
 * stands for), pre-filled with a contract the engine found, posted as
 * card picks "7H/1 JK/2 =8H ..." (twelve_step_text.c reads them); a
 * select of every lay-off and one of every liberation, in words; and
 * the discard pick of the board (partials/game_play.html's
 * "f-discard").
 */
#include "page_game_kit.h"
#include "page_game_tsr.h"

#include <stdio.h>
#include <string.h>

#include "arena.h"
#include "buf.h"
#include "req.h"
#include "tpl.h"
#include "twelve_step.h"

enum {
	TSR_PLAY_LEGAL = 1024,		/* moves listed; typing covers more */
	TSR_BUTTONS = 8,
	TSR_AS_CHOICES = CARD_STD_COUNT + 1
};

struct tchoice {
	char		 value[12];	/* "7H/2", "=8H" */
	const char	*text;
	int		 selected;
};

/* One row of the contract form: a hand card and its meld. */
struct trow {
	struct page_game_tsr_card	 card;
	int				 idx;		/* field c<idx> */
	struct tchoice			 choices[TSR_REQS_MAX + 1];
	int				 nchoices;
	int				 wild;
	int				 as_idx;	/* field c<as_idx> */
	struct tchoice			*as;		/* TSR_AS_CHOICES */
};

struct tbutton {
	char		 move[16];
	const char	*label;
};

struct tsrplay {
	struct tbutton	 buttons[TSR_BUTTONS];
	int		 nbuttons;
	int		 can_discard;
	int		 has_contract;
	const char	*contract_title;
	const char	*contract_help;
	struct trow	 rows[PAGE_GAME_PICKS];
	int		 nrows;
	int		 cut;		/* rows left out: too many cards */
	struct page_game_opts layoffs, liberations;
	int		 window_only;	/* a "May I?" answer, not a turn */
};

/* ---- lookups ---- */

static int
choice_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct tchoice	*c = data;

	if (strcmp(key, "opt_value") == 0)
		return tpl_str(out, c->value);
	if (strcmp(key, "opt_text") == 0)
		return tpl_str(out, c->text);
	if (strcmp(key, "opt_selected") == 0)
		return tpl_bool(out, c->selected);
	return tpl_none(out);
}

static int
choice_item(const void *list, size_t i, struct tpl_ctx *out)
{
	const struct tchoice	*c = list;

	out->lookup = choice_lookup;
	out->data = &c[i];
	return 0;
}

static int
row_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct trow	*w = data;

	if (strcmp(key, "idx") == 0)
		return tpl_int(out, w->idx);
	if (strcmp(key, "card_html") == 0)
		return tpl_str(out, w->card.svg);
	if (strcmp(key, "label") == 0)
		return tpl_str(out, w->card.label);
	if (strcmp(key, "short") == 0)
		return tpl_str(out, w->card.shortname);
	if (strcmp(key, "tok") == 0)
		return tpl_str(out, w->card.tok);
	if (strcmp(key, "choices") == 0)
		return tpl_list(out, (size_t)w->nchoices, choice_item,
		    w->choices);
	if (strcmp(key, "wild") == 0)
		return tpl_bool(out, w->wild);
	if (strcmp(key, "as_idx") == 0)
		return tpl_int(out, w->as_idx);
	if (strcmp(key, "as_choices") == 0)
		return tpl_list(out, w->as != NULL ? TSR_AS_CHOICES : 0,
		    choice_item, w->as);
	return tpl_none(out);
}

static int
row_item(const void *list, size_t i, struct tpl_ctx *out)
{
	const struct trow	*w = list;

	out->lookup = row_lookup;
	out->data = &w[i];
	return 0;
}

static int
button_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct tbutton	*b = data;

	if (strcmp(key, "move") == 0)
		return tpl_str(out, b->move);
	if (strcmp(key, "button_label") == 0)
		return tpl_str(out, b->label);
	return tpl_none(out);
}

static int
button_item(const void *list, size_t i, struct tpl_ctx *out)
{
	const struct tbutton	*b = list;

	out->lookup = button_lookup;
	out->data = &b[i];
	return 0;
}

static int
play_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct tsrplay	*p = data;

	if (strcmp(key, "play_tsr") == 0)
		return tpl_bool(out, 1);
	if (strcmp(key, "tsr_buttons") == 0)
		return tpl_list(out, (size_t)p->nbuttons, button_item,
		    p->buttons);
	if (strcmp(key, "can_discard") == 0)
		return tpl_bool(out, p->can_discard);
	if (strcmp(key, "has_contract") == 0)
		return tpl_bool(out, p->has_contract);
	if (strcmp(key, "contract_title") == 0)
		return tpl_str(out, p->contract_title);
	if (strcmp(key, "contract_help") == 0)
		return tpl_str(out, p->contract_help);
	if (strcmp(key, "crows") == 0)
		return tpl_list(out, (size_t)p->nrows, row_item, p->rows);
	if (strcmp(key, "cut") == 0)
		return tpl_int(out, p->cut);
	if (strcmp(key, "has_layoffs") == 0)
		return tpl_bool(out, p->layoffs.n > 0);
	if (strcmp(key, "layoffs") == 0)
		return page_game_opts_val(out, &p->layoffs);
	if (strcmp(key, "has_liberations") == 0)
		return tpl_bool(out, p->liberations.n > 0);
	if (strcmp(key, "liberations") == 0)
		return page_game_opts_val(out, &p->liberations);
	if (strcmp(key, "window_only") == 0)
		return tpl_bool(out, p->window_only);
	return tpl_none(out);
}

/* ---- building the forms ---- */

static const char *
short_of(struct req *r, card_t c)
{
	char	 sh[CARDS_STD_SHORT_MAX];

	cards_std_short(c, sh, sizeof(sh));
	return arena_strdup(r->arena, sh);
}

static void
button(struct tsrplay *p, const struct game_move *mv, const char *label)
{
	struct tbutton	*b;

	if (p->nbuttons == TSR_BUTTONS)
		return;
	b = &p->buttons[p->nbuttons++];
	tsr_rules.format(mv, b->move, sizeof(b->move));
	b->label = label;
}

/*
 * "meld 3 (run of hearts, 4 to 6)" for the meld move mv names: the
 * board numbers the melds in the order laid.
 */
static const char *
target_words(struct req *r, const struct tsr_state *v, int seat,
    const struct game_move *mv, enum tsr_target what)
{
	const char	*name;
	int		 j;

	j = tsr_target(v, seat, mv->cards[0], mv->as[0], mv->on, mv->at,
	    mv->num, what);
	if (j < 0)
		return "a meld";
	name = page_game_tsr_meld_name(r, v, j);
	return arena_printf(r->arena, "meld %d (%s%s)", j + 1, name,
	    v->melds[j].owner == seat ? ", yours" : "");
}

static void
layoff_option(struct req *r, struct tsrplay *p, const struct tsr_state *v,
    int seat, const struct game_move *mv)
{
	struct page_game_opt	*o = &p->layoffs.v[p->layoffs.n++];

	tsr_rules.format(mv, o->value, sizeof(o->value));
	o->text = arena_printf(r->arena, "%s%s%s on %s", short_of(r,
	    mv->cards[0]), mv->as[0] != CARD_NONE ? " as " : "",
	    mv->as[0] != CARD_NONE ? short_of(r, mv->as[0]) : "",
	    target_words(r, v, seat, mv, TSR_FOR_LAYOFF));
}

static void
liberate_option(struct req *r, struct tsrplay *p, const struct tsr_state *v,
    int seat, const struct game_move *mv)
{
	struct page_game_opt	*o = &p->liberations.v[p->liberations.n++];

	tsr_rules.format(mv, o->value, sizeof(o->value));
	o->text = arena_printf(r->arena, "Put your %s in %s and take its "
	    "wild", short_of(r, mv->cards[0]),
	    target_words(r, v, seat, mv, TSR_FOR_LIBERATE));
}

static const char *const group_texts[TSR_REQS_MAX + 1] = {
	"Keep in hand", "Meld 1", "Meld 2", "Meld 3"
};

/*
 * The contract form: a row per hand card (and a second field per
 * wild), pre-filled with the contract mv the engine found.
 */
static int
contract_form(struct req *r, struct tsrplay *p, const struct tsr_state *v,
    int seat, const struct game_move *mv)
{
	struct tsr_req	 reqs[TSR_REQS_MAX];
	card_t		 cs[PAGE_GAME_TSR_HAND_MAX];
	uint8_t		 used[GAME_MOVE_CARDS_MAX];
	struct buf	 help;
	char		 tok[CARD_TEXT_MAX];
	int		 k = tsr_current_contract(v, seat), nreq, n, i, j, g;
	int		 field = 0;

	nreq = tsr_contract_reqs(k, reqs);
	p->has_contract = 1;
	p->contract_title = arena_printf(r->arena, "Lay contract %d: %s", k,
	    tsr_contract_name(k));
	buf_init(&help, r->arena);
	for (g = 0; g < nreq; g++)
		buf_puts(&help, arena_printf(r->arena, "%sMeld %d: a %s of %d "
		    "or more", g ? "; " : "", g + 1, reqs[g].kind == TSR_SET ?
		    "set" : "run", reqs[g].len));
	p->contract_help = help.failed ? "" : help.data;
	memset(used, 0, sizeof(used));
	n = page_game_tsr_hand(v, seat, cs);
	for (i = 0; i < n; i++) {
		struct trow	*w = &p->rows[p->nrows];
		int		 grp = 0, c;
		card_t		 as = CARD_NONE;

		if (field + 1 + tsr_wild(cs[i]) > PAGE_GAME_PICKS) {
			p->cut = n - i;
			break;
		}
		/* The move's first unused copy of this card. */
		for (j = 0; j < mv->ncards; j++)
			if (!used[j] && mv->cards[j] == cs[i]) {
				used[j] = 1;
				grp = mv->group[j] + 1;
				as = mv->as[j];
				break;
			}
		page_game_tsr_card_set(r, &w->card, cs[i], NULL);
		w->idx = field++;
		w->nchoices = nreq + 1;
		card_format(CARD_STD, cs[i], tok);
		for (g = 0; g <= nreq; g++) {
			snprintf(w->choices[g].value,
			    sizeof(w->choices[g].value), "%s/%d", tok, g);
			w->choices[g].text = g == 0 ? group_texts[0] :
			    arena_printf(r->arena, "%s: %s", group_texts[g],
			    reqs[g - 1].kind == TSR_SET ? "set" : "run");
			w->choices[g].selected = g == grp;
		}
		p->nrows++;
		if (!tsr_wild(cs[i]))
			continue;
		w->wild = 1;
		w->as_idx = field++;
		if ((w->as = arena_calloc(r->arena, TSR_AS_CHOICES *
		    sizeof(*w->as))) == NULL)
			return -1;
		snprintf(w->as[0].value, sizeof(w->as[0].value), "=");
		w->as[0].text = "as placed";
		w->as[0].selected = as == CARD_NONE;
		for (c = 0; c < CARD_STD_COUNT; c++) {
			struct tchoice	*ch = &w->as[c + 1];

			card_format(CARD_STD, (card_t)c, tok);
			snprintf(ch->value, sizeof(ch->value), "=%s", tok);
			ch->text = arena_printf(r->arena, "as %s",
			    short_of(r, (card_t)c));
			ch->selected = as == c;
		}
	}
	return 0;
}

static int
tsr_play(struct req *r, struct tsrplay *p, const struct tsr_state *v,
    int seat)
{
	struct game_move	*legal;
	const struct game_move	*contract = NULL;
	card_t			 top;
	int			 n, i, nl = 0, nb = 0;

	if ((legal = arena_alloc(r->arena, TSR_PLAY_LEGAL *
	    sizeof(*legal))) == NULL)
		return -1;
	if ((n = tsr_rules.legal(v, seat, legal, TSR_PLAY_LEGAL)) >
	    TSR_PLAY_LEGAL)
		n = TSR_PLAY_LEGAL;
	top = v->ndiscard > 0 ? v->discard[v->ndiscard - 1] : CARD_NONE;
	p->window_only = seat != v->turn;
	for (i = 0; i < n; i++) {
		if (legal[i].verb == TSR_LAYOFF)
			nl++;
		else if (legal[i].verb == TSR_LIBERATE)
			nb++;
	}
	if (page_game_opts_alloc(r, &p->layoffs, nl) != 0 ||
	    page_game_opts_alloc(r, &p->liberations, nb) != 0)
		return -1;
	for (i = 0; i < n; i++) {
		const struct game_move	*mv = &legal[i];

		switch (mv->verb) {
		case TSR_DRAW:
			button(p, mv, "Draw from the stock");
			break;
		case TSR_TAKE:
			button(p, mv, arena_printf(r->arena, "Take %s from the "
			    "discard pile", short_of(r, top)));
			break;
		case TSR_MAYI:
			button(p, mv, arena_printf(r->arena, "May I? Ask to "
			    "buy %s", short_of(r, v->win_card)));
			break;
		case TSR_PASS:
			button(p, mv, arena_printf(r->arena, "No, thanks (do "
			    "not ask for %s)", short_of(r, v->win_card)));
			break;
		case TSR_WITHDRAW:
			button(p, mv, arena_printf(r->arena, "Withdraw my "
			    "request for %s", short_of(r, v->win_card)));
			break;
		case TSR_CONTRACT:
			if (contract == NULL)
				contract = mv;
			break;
		case TSR_LAYOFF:
			layoff_option(r, p, v, seat, mv);
			break;
		case TSR_LIBERATE:
			liberate_option(r, p, v, seat, mv);
			break;
		case TSR_DISCARD:
			p->can_discard = 1;
			break;
		}
	}
	if (contract != NULL && contract_form(r, p, v, seat, contract) != 0)
		return -1;
	return 0;
}

int
page_game_tsr_play(struct req *r, const void *view,
    const struct page_game_names *names, int seat, struct tpl_val *out)
{
	struct tsrplay	*p;

	(void)names;
	if ((p = arena_calloc(r->arena, sizeof(*p))) == NULL)
		return -1;
	if (tsr_play(r, p, view, seat) != 0 || r->arena->failed)
		return -1;
	return page_game_one(r, out, p->nbuttons > 0 || p->can_discard ||
	    p->has_contract || p->layoffs.n > 0 || p->liberations.n > 0 ?
	    1 : 0, play_lookup, p);
}
