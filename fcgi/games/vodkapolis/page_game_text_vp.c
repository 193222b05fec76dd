/*
 * page_game_text_vp.c: Vodkapolis 500 moves in words for the game and
 * history pages (the words of its web side, game_web.h):
 * "bob laid 1Bh 2Bh 4Bh in front of carol.", "You took 3Rh and the 2
 * cards after it from the chain."  Cards are <abbr> with their words.
 */
#include "page_game_kit.h"
#include "page_game_vp.h"

#include <stdio.h>

#include "buf.h"
#include "words.h"
#include "esc.h"
#include "vodkapolis.h"

int
pvp_words(struct words *w, const struct page_game_names *names,
    int seat, const char *text, const void *before, card_t took)
{
	const struct vp_state	*v = before;
	struct game_move	 mv;
	char			 why[GAME_WHY_MAX];
	int			 i, after;

	(void)seat;
	(void)took;
	if (vp_parse(text, &mv, why) != GAME_OK)
		return -1;
	switch (mv.verb) {
	case VP_DRAW:
		words_put(w, " drew from the stock.");
		break;
	case VP_TAKE:
		words_put(w, " took ");
		words_card(w, CARD_TT, mv.cards[0]);
		after = -1;
		if (v != NULL)
			for (i = 0; i < v->nchain && i < VP_DECK; i++)
				if (v->chain[i] == mv.cards[0])
					after = v->nchain - 1 - i;
		if (after > 0)
			words_printf(w, " and the %d card%s after it", after,
			    after == 1 ? "" : "s");
		words_put(w, " from the chain.");
		break;
	case VP_MELD:
		words_put(w, " laid ");
		for (i = 0; i < mv.ncards; i++) {
			if (i > 0)
				words_putc(w, ' ');
			words_card(w, CARD_TT, mv.cards[i]);
		}
		words_put(w, " in front of ");
		words_name(w, mv.at == names->viewer ? "you" :
		    page_game_who(names, mv.at));
		words_putc(w, '.');
		break;
	case VP_ADD:
		words_put(w, " added ");
		words_card(w, CARD_TT, mv.cards[0]);
		words_put(w, " to the meld of ");
		words_card(w, CARD_TT, mv.on);
		words_putc(w, '.');
		break;
	case VP_DISCARD:
		words_put(w, " discarded ");
		words_card(w, CARD_TT, mv.cards[0]);
		if (v != NULL && v->turn < VP_SEATS_MAX &&
		    v->nhand[v->turn] == 1)
			words_put(w, " and went out");
		words_putc(w, '.');
		break;
	default:
		words_put(w, " took back the last meld or extension.");
		break;
	}
	return 0;
}
