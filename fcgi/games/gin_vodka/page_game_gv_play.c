/*
 * page_game_gv_play.c: Gin Vodka's moves as forms (game_web.h), from
 * rules->legal on the viewer's view: labelled buttons for pass, take
 * and draw; the discard form whose radios are the cards of the hand
 * (page_game_gv.c draws them with form="f-discard"); and the knock
 * form, one select per card (a meld 1..4 or deadwood), pre-filled with
 * a lowest-deadwood arrangement for the discard that leaves the least
 * deadwood.
 */
#include "page_game_kit.h"

#include <stdio.h>
#include <string.h>

#include "arena.h"
#include "cards.h"
#include "gin_vodka.h"
#include "req.h"
#include "tpl.h"
#include "words.h"

/* One choice of a knock row's select: deadwood (0) or meld 1..4. */
struct kchoice {
	char		 value[CARD_TEXT_MAX + 3];	/* "3Rh:2" */
	const char	*text;
	int		 selected;
};

/* One card of the knock form. */
struct krow {
	char		 tok[CARD_TEXT_MAX];
	char		 face[WORDS_FACE_MAX];	/* "3R♥", beside its picture */
	const char	*svg;
	int		 idx;
	struct kchoice	 choices[GV_MELDS_MAX + 1];
};

/* One discard the knock form offers. */
struct kopt {
	char		 tok[CARD_TEXT_MAX];
	char		 face[WORDS_FACE_MAX];	/* "3B■", what the option says */
	char		 words[CARDS_LABEL_MAX];	/* "blue square 3" */
	int		 dead;
	int		 selected;
	char		 melds[80];	/* "1Rc 2Rc 3Rc|1Yh 1Yt 1Ys", for game.js */
};

struct button {
	char		 move[GAME_MOVE_TEXT_MAX];
	const char	*label;
};

struct play {
	struct button	*buttons;	/* room for those the game may offer */
	int		 nbuttons;
	int		 can_discard, can_knock;
	struct krow	 rows[GV_HAND_MAX];
	int		 nrows;
	struct kopt	 opts[GV_HAND_MAX];
	int		 nopts;
	int		 best;		/* deadwood of the pre-fill */
};

static int
choice_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct kchoice	*c = data;

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
	const struct krow	*k = list;

	out->lookup = choice_lookup;
	out->data = &k->choices[i];
	return 0;
}

static int
row_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct krow	*k = data;

	switch (key[0]) {
	case 'c':
		if (strcmp(key, "card_html") == 0)
			return tpl_str(out, k->svg);
		if (strcmp(key, "choices") == 0)
			return tpl_list(out, GV_MELDS_MAX + 1, choice_item, k);
		break;
	case 'f':
		if (strcmp(key, "face") == 0)
			return tpl_str(out, k->face);
		break;
	case 'i':
		if (strcmp(key, "idx") == 0)
			return tpl_int(out, k->idx);
		break;
	case 't':
		if (strcmp(key, "tok") == 0)
			return tpl_str(out, k->tok);
		break;
	}
	return tpl_none(out);
}

static int
row_item(const void *list, size_t i, struct tpl_ctx *out)
{
	const struct krow	*k = list;

	out->lookup = row_lookup;
	out->data = &k[i];
	return 0;
}

static int
opt_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct kopt	*o = data;

	switch (key[0]) {
	case 'd':
		if (strcmp(key, "dead") == 0)
			return tpl_int(out, o->dead);
		break;
	case 'f':
		if (strcmp(key, "face") == 0)
			return tpl_str(out, o->face);
		break;
	case 'l':
		if (strcmp(key, "label") == 0)
			return tpl_str(out, o->words);
		break;
	case 'm':
		if (strcmp(key, "melds") == 0)
			return tpl_str(out, o->melds);
		break;
	case 'o':
		if (strcmp(key, "opt_selected") == 0)
			return tpl_bool(out, o->selected);
		break;
	case 't':
		if (strcmp(key, "tok") == 0)
			return tpl_str(out, o->tok);
		break;
	}
	return tpl_none(out);
}

static int
opt_item(const void *list, size_t i, struct tpl_ctx *out)
{
	const struct kopt	*o = list;

	out->lookup = opt_lookup;
	out->data = &o[i];
	return 0;
}

static int
button_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct button	*b = data;

	if (strcmp(key, "move") == 0)
		return tpl_str(out, b->move);
	if (strcmp(key, "button_label") == 0)
		return tpl_str(out, b->label);
	return tpl_none(out);
}

static int
button_item(const void *list, size_t i, struct tpl_ctx *out)
{
	const struct button	*b = list;

	out->lookup = button_lookup;
	out->data = &b[i];
	return 0;
}

static int
play_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct play	*p = data;

	switch (key[0]) {
	case 'b':
		if (strcmp(key, "buttons") == 0)
			return tpl_list(out, (size_t)p->nbuttons, button_item,
			    p->buttons);
		break;
	case 'c':
		if (strcmp(key, "can_discard") == 0)
			return tpl_bool(out, p->can_discard);
		if (strcmp(key, "can_knock") == 0)
			return tpl_bool(out, p->can_knock);
		break;
	case 'h':
		if (strcmp(key, "has_buttons") == 0)
			return tpl_bool(out, p->nbuttons > 0);
		break;
	case 'k':
		if (strcmp(key, "kopts") == 0)
			return tpl_list(out, (size_t)p->nopts, opt_item,
			    p->opts);
		if (strcmp(key, "krows") == 0)
			return tpl_list(out, (size_t)p->nrows, row_item,
			    p->rows);
		if (strcmp(key, "kbest") == 0)
			return tpl_int(out, p->best);
		break;
	}
	return tpl_none(out);
}

/* Deadwood the knock move mv leaves; its melds as text into melds. */
static int
knock_dead(const struct gv_state *v, int seat, const struct game_move *mv,
    char *melds, size_t meldsz)
{
	char	 tok[CARD_TEXT_MAX];
	size_t	 len = 0;
	int	 i, j, dead = 0, in;

	for (i = 0; i < v->nhand[seat]; i++) {
		if (v->hands[seat][i] == mv->cards[0])
			continue;
		for (in = 0, j = 1; j < mv->ncards; j++)
			in |= mv->cards[j] == v->hands[seat][i];
		if (!in)
			dead += gv_card_value(v->hands[seat][i]);
	}
	melds[0] = '\0';
	for (j = 1; j < mv->ncards && len + 6 < meldsz; j++) {
		card_format(CARD_TT, mv->cards[j], tok);
		len += (size_t)snprintf(melds + len, meldsz - len, "%s%s",
		    j == 1 ? "" : mv->group[j] != mv->group[j - 1] ? "|" : " ",
		    tok);
	}
	return dead;
}

/* The knock form from the legal knocks (one per discard). */
static int
knock_form(struct req *r, struct play *p, const struct gv_state *v,
    int seat, const struct game_move *legal, int n)
{
	static const char *const texts[] = { "Deadwood", "Meld 1", "Meld 2",
		"Meld 3", "Meld 4" };
	const struct game_move	*best = NULL;
	char			*paren;
	size_t			 len;
	int			 i, j, k, meld;

	for (i = 0; i < n && p->nopts < GV_HAND_MAX; i++) {
		struct kopt	*o = &p->opts[p->nopts];

		if (legal[i].verb != GV_KNOCK || legal[i].ncards < 1)
			continue;
		card_format(CARD_TT, legal[i].cards[0], o->tok);
		words_face(CARD_TT, legal[i].cards[0], o->face,
		    sizeof(o->face));
		cards_label(legal[i].cards[0], o->words, sizeof(o->words));
		if ((paren = strstr(o->words, " (")) != NULL)
			*paren = '\0';	/* the token is shown already */
		o->dead = knock_dead(v, seat, &legal[i], o->melds,
		    sizeof(o->melds));
		if (best == NULL || o->dead < p->best) {
			best = &legal[i];
			p->best = o->dead;
			for (k = 0; k < p->nopts; k++)
				p->opts[k].selected = 0;
			o->selected = 1;
		}
		p->nopts++;
	}
	if (best == NULL)
		return 0;
	p->can_knock = 1;
	for (i = 0; i < v->nhand[seat] && i < GV_HAND_MAX; i++) {
		struct krow	*row = &p->rows[p->nrows++];

		card_format(CARD_TT, v->hands[seat][i], row->tok);
		words_face(CARD_TT, v->hands[seat][i], row->face,
		    sizeof(row->face));
		row->svg = page_game_svg(r, CARD_TT, v->hands[seat][i], NULL);
		row->idx = i;
		for (meld = 0, j = 1; j < best->ncards; j++)
			if (best->cards[j] == v->hands[seat][i])
				meld = best->group[j];
		len = strlen(row->tok);
		for (k = 0; k <= GV_MELDS_MAX; k++) {
			memcpy(row->choices[k].value, row->tok, len);
			row->choices[k].value[len] = ':';
			row->choices[k].value[len + 1] = (char)('0' + k);
			row->choices[k].value[len + 2] = '\0';
			row->choices[k].text = texts[k];
			row->choices[k].selected = k == meld;
		}
	}
	return 0;
}

static int
gv_play(struct req *r, struct play *p, const struct gv_state *v, int seat)
{
	struct game_move	 legal[2 * GV_HAND_MAX + 4];
	struct button		*bt;
	char			 tok[WORDS_FACE_MAX];
	card_t			 top;
	int			 n, i;
	int			 max = (int)(sizeof(legal) / sizeof(legal[0]));

	if ((n = gv_rules.legal(v, seat, legal, max)) > max)
		n = max;
	/* Pass, take and draw: at most one each. */
	if ((p->buttons = arena_alloc(r->arena, 3 * sizeof(*p->buttons))) ==
	    NULL)
		return -1;
	top = v->ndiscard > 0 ? v->discard[v->ndiscard - 1] : CARD_NONE;
	/* The take button names the top card by its face. */
	words_face(CARD_TT, top, tok, sizeof(tok));
	for (i = 0; i < n; i++) {
		switch (legal[i].verb) {
		case GV_PASS:
		case GV_TAKE:
		case GV_DRAW:
			if (p->nbuttons == 3)
				break;
			bt = &p->buttons[p->nbuttons++];
			gv_rules.format(&legal[i], bt->move, sizeof(bt->move));
			bt->label = legal[i].verb == GV_PASS ? "Pass" :
			    legal[i].verb == GV_DRAW ? "Draw from the stock" :
			    arena_printf(r->arena, "Take %s %s",
			    top == CARD_NONE ? "the card" : tok,
			    v->phase == GV_PHASE_OPEN_ND ||
			    v->phase == GV_PHASE_OPEN_D ? "(the upcard)" :
			    "from the discard pile");
			break;
		case GV_DISCARD:
			p->can_discard = 1;
			break;
		}
	}
	return knock_form(r, p, v, seat, legal, n);
}

/* Gin Vodka's own forms: buttons, the discard pick and the knock form. */
int
page_game_gv_play(struct req *r, const void *view,
    const struct page_game_names *names, int seat, struct tpl_val *out)
{
	struct play	*p;

	(void)names;
	if ((p = arena_calloc(r->arena, sizeof(*p))) == NULL)
		return -1;
	if (gv_play(r, p, view, seat) != 0 || r->arena->failed)
		return -1;
	return page_game_one(r, out, p->nbuttons > 0 || p->can_discard ||
	    p->can_knock ? 1 : 0, play_lookup, p);
}
