/*
 * page_game_six_play.c: the Six Suit move forms (game_web.h).
 *
 * - Predict: three radio groups (number, color, suit: the fields w0,
 *   w1 and w2 that the move handler joins into one card), pre-set to
 *   the prediction that earns the most extra cards on average, so it
 *   takes one click, with or without JavaScript.
 * - Play: the form "f-play", whose radios are on the board
 *   (page_game_six.c): a target (a top card, or the center pile to
 *   discard) and a hidden card; or "Pass" with no hidden card.
 * - Veto: the pile's owner accepts or rejects the play waiting on it,
 *   told what it would do to their six tops.
 * The engine stays the judge: a target the chosen card does not match
 * comes back as its refusal.
 */
#include "page_game_kit.h"
#include "page_game_six.h"

#include <stdio.h>
#include <string.h>

#include "arena.h"
#include "cards.h"
#include "req.h"
#include "tpl.h"
#include "words.h"

/* One value of the quick predict form: number, color or suit. */
struct pval {
	char		 letter[2];
	const char	*words;
	int		 checked;
};

struct pattr {
	const char	*legend;
	const char	*name;		/* "w0", "w1", "w2": one token */
	struct pval	 vals[5];
};

struct sixplay {
	int		 predict, play, pass, veto;
	struct pattr	 attrs[3];
	const char	*best;		/* "2B●", the face */
	const char	*veto_text, *veto_after;
	int		 nhand;
};

/* The prediction with the most extra cards expected (as the bot's). */
static card_t
best_guess(const struct six_state *v, int seat)
{
	uint8_t	 seen[CARD_TT_COUNT];
	int	 d, u, k, val, best = -1, q, p, j;
	card_t	 pick = 0;

	memset(seen, 0, sizeof(seen));
	for (q = 0; q < v->nseats; q++)
		for (p = 0; p < SIX_PILES; p++)
			if (v->top[q][p] < CARD_TT_COUNT)
				seen[v->top[q][p]] = 1;
	for (j = 0; j < v->nunder; j++)
		if (v->under[j] < CARD_TT_COUNT)
			seen[v->under[j]] = 1;
	for (j = 0; j < v->ncenter; j++)
		if (v->center[j] < CARD_TT_COUNT)
			seen[v->center[j]] = 1;
	if (seat >= 0 && seat < v->nseats)
		for (j = 0; j < v->nhand[seat]; j++)
			if (v->hands[seat][j] < CARD_TT_COUNT)
				seen[v->hands[seat][j]] = 1;
	for (d = 0; d < CARD_TT_COUNT; d++) {
		for (val = 0, u = 0; u < CARD_TT_COUNT; u++) {
			if (seen[u])
				continue;
			k = card_tt_matches((card_t)d, (card_t)u);
			val += k == 3 ? 2 : k == 2 ? 1 : 0;
		}
		if (val > best) {
			best = val;
			pick = (card_t)d;
		}
	}
	return pick;
}

static int
val_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct pval	*v = data;

	if (strcmp(key, "letter") == 0)
		return tpl_str(out, v->letter);
	if (strcmp(key, "words") == 0)
		return tpl_str(out, v->words);
	if (strcmp(key, "vchecked") == 0)
		return tpl_bool(out, v->checked);
	return tpl_none(out);
}

static int
val_item(const void *list, size_t i, struct tpl_ctx *out)
{
	const struct pval	*v = list;

	out->lookup = val_lookup;
	out->data = &v[i];
	return 0;
}

static int
attr_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct pattr	*a = data;

	if (strcmp(key, "legend") == 0)
		return tpl_str(out, a->legend);
	if (strcmp(key, "aname") == 0)
		return tpl_str(out, a->name);
	if (strcmp(key, "vals") == 0)
		return tpl_list(out, 5, val_item, a->vals);
	return tpl_none(out);
}

static int
attr_item(const void *list, size_t i, struct tpl_ctx *out)
{
	const struct pattr	*a = list;

	out->lookup = attr_lookup;
	out->data = &a[i];
	return 0;
}

static int
play_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct sixplay	*p = data;

	switch (key[0]) {
	case 'a':
		if (strcmp(key, "attrs") == 0)
			return tpl_list(out, 3, attr_item, p->attrs);
		break;
	case 'b':
		if (strcmp(key, "best") == 0)
			return tpl_str(out, p->best);
		break;
	case 'p':
		if (strcmp(key, "play_six") == 0)
			return tpl_bool(out, 1);
		break;
	case 's':
		if (strcmp(key, "six_predict") == 0)
			return tpl_bool(out, p->predict);
		if (strcmp(key, "six_play") == 0)
			return tpl_bool(out, p->play);
		if (strcmp(key, "six_pass") == 0)
			return tpl_bool(out, p->pass);
		if (strcmp(key, "six_veto") == 0)
			return tpl_bool(out, p->veto);
		if (strcmp(key, "six_many") == 0)
			return tpl_bool(out, p->nhand > 1);
		break;
	case 'v':
		if (strcmp(key, "veto_text") == 0)
			return tpl_str(out, p->veto_text);
		if (strcmp(key, "veto_after") == 0)
			return tpl_str(out, p->veto_after);
		break;
	}
	return tpl_none(out);
}

static void
predict_set(struct req *r, struct sixplay *p, const struct six_state *v,
    int seat)
{
	static const char *const nletters = "1234Q", *const cletters =
	    "RYGBK", *const sletters = "chtsb";
	static const char *const legends[3] = { "Number", "Color", "Suit" };
	static const char *const names[3] = { "w0", "w1", "w2" };
	const char	*letters[3] = { nletters, cletters, sletters };
	card_t		 best = best_guess(v, seat);
	char		 tok[WORDS_FACE_MAX];
	int		 a, x;

	p->predict = 1;
	words_face(CARD_TT, best, tok, sizeof(tok));
	p->best = arena_strdup(r->arena, tok);
	for (a = 0; a < 3; a++) {
		p->attrs[a].legend = legends[a];
		p->attrs[a].name = names[a];
		for (x = 0; x < 5; x++) {
			struct pval	*pv = &p->attrs[a].vals[x];

			pv->letter[0] = letters[a][x];
			pv->words = page_game_six_value(a, x);
			pv->checked = (a == 0 ? card_tt_number(best) : a == 1 ?
			    card_tt_color(best) : card_tt_suit(best)) == x;
		}
	}
}

static void
veto_set(struct req *r, struct sixplay *p, const struct six_state *v,
    int seat)
{
	card_t	 after[SIX_PILES];
	char	 a[WORDS_FACE_MAX], o[WORDS_FACE_MAX];
	int	 d0, d1;

	p->veto = 1;
	words_face(CARD_TT, v->prop_card, a, sizeof(a));
	words_face(CARD_TT, v->prop_on, o, sizeof(o));
	p->veto_text = arena_printf(r->arena, "A play of %s on your %s (pile "
	    "%d) waits for your answer.", a, o, v->prop_pile + 1);
	memcpy(after, v->top[seat], sizeof(after));
	if (v->prop_pile < SIX_PILES)
		after[v->prop_pile] = v->prop_card;
	d0 = six_distance(v->top[seat]);
	d1 = six_distance(after);
	p->veto_after = d1 == 0 ? "It would give you a six suit: you would be "
	    "exposed when free time ends." : d1 < d0 ? arena_printf(r->arena,
	    "It would bring you closer to a six suit (%d card%s away instead "
	    "of %d).", d1, d1 == 1 ? "" : "s", d0) : d1 > d0 ?
	    arena_printf(r->arena, "It would take you further from a six "
	    "suit (%d cards away instead of %d).", d1, d0) :
	    arena_printf(r->arena, "It would leave you %d card%s from a six "
	    "suit.", d1, d1 == 1 ? "" : "s");
}

int
page_game_six_play(struct req *r, const void *view,
    const struct page_game_names *names, int seat, struct tpl_val *out)
{
	const struct six_state	*v = view;
	struct sixplay		*p;

	(void)names;
	if ((p = arena_calloc(r->arena, sizeof(*p))) == NULL)
		return -1;
	if (seat >= 0 && seat < v->nseats &&
	    six_legal(v, seat, NULL, 0) > 0) {
		switch (v->phase) {
		case SIX_PHASE_PREDICT:
			predict_set(r, p, v, seat);
			break;
		case SIX_PHASE_PLAY:
			p->nhand = v->nhand[seat];
			p->play = p->nhand > 0;
			p->pass = p->nhand == 0;
			break;
		case SIX_PHASE_VETO:
			veto_set(r, p, v, seat);
			break;
		}
	}
	if (r->arena->failed)
		return -1;
	return page_game_one(r, out, p->predict || p->play || p->pass ||
	    p->veto, play_lookup, p);
}
