/*
 * page_game_text_r500.c: Rummy 500 moves in words for the game and
 * history pages (the words of its web side, game_web.h):
 * "bob took 5H and the card above it from the discard pile.", "You
 * laid off 8C on the meld of 5C."  Cards are <abbr> with their words.
 */
#include "page_game_kit.h"
#include "page_game_r500.h"

#include <stdio.h>

#include "buf.h"
#include "words.h"
#include "rummy500.h"

int
pr5_words(struct words *w, const struct page_game_names *names,
    int seat, const char *text, const void *before, card_t took)
{
	const struct r500_state	*v = before;
	struct game_move	 mv;
	char			 why[GAME_WHY_MAX];
	int			 i, above = -1;

	(void)seat;
	(void)took;
	(void)names;
	if (r500_parse(text, &mv, why) != GAME_OK)
		return -1;
	switch (mv.verb) {
	case R500_DRAW:
		words_put(w, " drew from the stock.");
		break;
	case R500_TAKE:
		words_put(w, " took ");
		words_card(w, CARD_STD, mv.cards[0]);
		if (v != NULL)
			for (i = 0; i < v->ndiscard && i < R500_DECK; i++)
				if (v->discard[i] == mv.cards[0])
					above = v->ndiscard - 1 - i;
		if (above > 0)
			words_printf(w, " and the %d card%s above it", above,
			    above == 1 ? "" : "s");
		words_put(w, " from the discard pile.");
		break;
	case R500_MELD:
		words_put(w, " melded ");
		for (i = 0; i < mv.ncards; i++) {
			if (i > 0)
				words_putc(w, ' ');
			words_card(w, CARD_STD, mv.cards[i]);
		}
		words_putc(w, '.');
		break;
	case R500_LAYOFF:
		words_put(w, " laid off ");
		words_card(w, CARD_STD, mv.cards[0]);
		if (mv.asnum[0] > 0)
			words_put(w, mv.asnum[0] == R500_ACE_LOW ?
			    " (low)" : " (high)");
		words_put(w, " on the meld of ");
		words_card(w, CARD_STD, mv.on);
		words_putc(w, '.');
		break;
	default:
		words_put(w, " discarded ");
		words_card(w, CARD_STD, mv.cards[0]);
		if (v != NULL && v->turn < R500_SEATS_MAX &&
		    v->nhand[v->turn] == 1)
			words_put(w, " and went out");
		words_putc(w, '.');
		break;
	}
	return 0;
}
