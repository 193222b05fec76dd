/*
 * page_game_text_r500.c: Rummy 500 moves in words for the game and
 * history pages (hooked into page_game_words(), page_game_text.c):
 * "bob took 5H and the card above it from the discard pile.", "You
 * laid off 8C on the meld of 5C."  Cards are <abbr> with their words.
 */
#include "page_game.h"
#include "page_game_r500.h"

#include <stdio.h>

#include "buf.h"
#include "rummy500.h"

int
pr5_words(struct buf *b, const struct page_game_names *names,
    const char *text, const void *before)
{
	const struct r500_state	*v = before;
	struct game_move	 mv;
	char			 why[GAME_WHY_MAX];
	int			 i, above = -1;

	(void)names;
	if (r500_parse(text, &mv, why) != GAME_OK)
		return -1;
	switch (mv.verb) {
	case R500_DRAW:
		buf_puts(b, " drew from the stock.");
		break;
	case R500_TAKE:
		buf_puts(b, " took ");
		page_game_put_card(b, CARD_STD, mv.cards[0]);
		if (v != NULL)
			for (i = 0; i < v->ndiscard && i < R500_DECK; i++)
				if (v->discard[i] == mv.cards[0])
					above = v->ndiscard - 1 - i;
		if (above > 0)
			buf_printf(b, " and the %d card%s above it", above,
			    above == 1 ? "" : "s");
		buf_puts(b, " from the discard pile.");
		break;
	case R500_MELD:
		buf_puts(b, " melded ");
		for (i = 0; i < mv.ncards; i++) {
			if (i > 0)
				buf_putc(b, ' ');
			page_game_put_card(b, CARD_STD, mv.cards[i]);
		}
		buf_putc(b, '.');
		break;
	case R500_LAYOFF:
		buf_puts(b, " laid off ");
		page_game_put_card(b, CARD_STD, mv.cards[0]);
		if (mv.asnum[0] > 0)
			buf_puts(b, mv.asnum[0] == R500_ACE_LOW ?
			    " (low)" : " (high)");
		buf_puts(b, " on the meld of ");
		page_game_put_card(b, CARD_STD, mv.on);
		buf_putc(b, '.');
		break;
	default:
		buf_puts(b, " discarded ");
		page_game_put_card(b, CARD_STD, mv.cards[0]);
		if (v != NULL && v->turn < R500_SEATS_MAX &&
		    v->nhand[v->turn] == 1)
			buf_puts(b, " and went out");
		buf_putc(b, '.');
		break;
	}
	return 0;
}
