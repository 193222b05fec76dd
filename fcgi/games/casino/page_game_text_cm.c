/*
 * page_game_text_cm.c: Casino Macedonia moves in words for the game and
 * history pages (page_game_cm.h; the words of its web side, game_web.h):
 * "bob played 3Rt and took 1Rc + 2Rh.", "You built
 * 3Rh on 4Rt, making 7."  With the position before the move (history)
 * a build or stack taken is named with all its cards.
 */
#include "page_game_kit.h"
#include "page_game_cm.h"

#include <stdio.h>

#include "buf.h"
#include "words.h"

/* The played card, with its declared number. */
static void
put_played(struct words *w, const struct game_move *mv)
{
	words_card(w, CARD_TT, mv->cards[0]);
	if (mv->asnum[0] > 0)
		words_printf(w, " as a %d", mv->asnum[0]);
}

/* The pile named by c: its cards when before shows a build or stack. */
static void
put_pile(struct words *w, const struct cm_state *v, card_t c)
{
	const struct cm_pile	*p;
	int			 x, i, n = 0;

	if (v == NULL || c >= CM_IDS || (x = v->pile_of[c]) == CM_NOBODY ||
	    x >= v->npiles || v->piles[x].kind == CM_SINGLE) {
		words_card(w, CARD_TT, c);
		return;
	}
	p = &v->piles[x];
	words_put(w, p->kind == CM_BUILD_PILE ? "the build of " :
	    "the stack of ");
	if (p->value == 0)
		words_put(w, "?");
	else
		words_printf(w, "%d", p->value);
	words_put(w, " (");
	for (i = 0; i < CM_IDS; i++)
		if (v->pile_of[i] == x) {
			if (n++ > 0)
				words_putc(w, ' ');
			words_card(w, CARD_TT, (card_t)i);
		}
	words_put(w, ")");
}

int
pcm_words(struct words *w, const struct page_game_names *names,
    int seat, const char *text, const void *before, card_t took)
{
	const struct cm_state	*v = before;
	struct game_move	 mv;
	char			 why[GAME_WHY_MAX];
	int			 i, x, value = -1;

	(void)names;
	(void)seat;
	(void)took;
	if (cm_parse(text, &mv, why) != GAME_OK)
		return -1;
	if (v != NULL && (v->layout != CM_LAYOUT || v->phase != CM_PHASE_PLAY))
		v = NULL;
	if (v != NULL && mv.on != CARD_NONE && mv.on < CM_IDS &&
	    (x = v->pile_of[mv.on]) != CM_NOBODY && x < v->npiles)
		value = v->piles[x].value + (mv.asnum[0] > 0 ? mv.asnum[0] :
		    mv.cards[0] < CARD_TT_COUNT ? card_tt_number(mv.cards[0]) +
		    1 : 0);
	switch (mv.verb) {
	case CM_DROP:
		words_put(w, " dropped ");
		put_played(w, &mv);
		words_put(w, mv.asnum[0] < 0 && mv.cards[0] >= CARD_TT_COUNT ?
		    ", setting it aside." : ".");
		return 0;
	case CM_BUILD:
	case CM_STACK:
		words_put(w, mv.verb == CM_BUILD ? " built " : " stacked ");
		put_played(w, &mv);
		words_put(w, " on ");
		put_pile(w, v, mv.on);
		if (mv.verb == CM_BUILD && value > 0)
			words_printf(w, ", making %d", value);
		words_put(w, ".");
		return 0;
	default:
		break;
	}
	if (mv.ncards == 1) {
		words_put(w, " swept the table with ");
		put_played(w, &mv);
		words_put(w, ".");
		return 0;
	}
	if (mv.on != CARD_NONE) {
		words_put(w, " built ");
		put_played(w, &mv);
		words_put(w, " on ");
		put_pile(w, v, mv.on);
		if (value > 0)
			words_printf(w, ", making %d,", value);
		words_put(w, " and took it with ");
	} else {
		words_put(w, " played ");
		put_played(w, &mv);
		words_put(w, " and took ");
	}
	for (i = 1; i < mv.ncards; i++) {
		if (i > 1)
			words_put(w, mv.group[i] != mv.group[i - 1] ? "; " :
			    " + ");
		put_pile(w, v, mv.cards[i]);
	}
	words_put(w, ".");
	return 0;
}
