/*
 * page_game_text_vp.c: Vodkapolis 500 moves in words for the game and
 * history pages (hooked into page_game_words(), page_game_text.c):
 * "bob laid 1Bh 2Bh 4Bh in front of carol.", "You took 3Rh and the 2
 * cards after it from the chain."  Cards are <abbr> with their words.
 */
#include "page_game.h"
#include "page_game_vp.h"

#include <stdio.h>

#include "buf.h"
#include "esc.h"
#include "vodkapolis.h"

int
pvp_words(struct buf *b, const struct page_game_names *names,
    const char *text, const void *before)
{
	const struct vp_state	*v = before;
	struct game_move	 mv;
	char			 why[GAME_WHY_MAX];
	int			 i, after;

	if (vp_parse(text, &mv, why) != GAME_OK)
		return -1;
	switch (mv.verb) {
	case VP_DRAW:
		buf_puts(b, " drew from the stock.");
		break;
	case VP_TAKE:
		buf_puts(b, " took ");
		page_game_put_card(b, CARD_TT, mv.cards[0]);
		after = -1;
		if (v != NULL)
			for (i = 0; i < v->nchain && i < VP_DECK; i++)
				if (v->chain[i] == mv.cards[0])
					after = v->nchain - 1 - i;
		if (after > 0)
			buf_printf(b, " and the %d card%s after it", after,
			    after == 1 ? "" : "s");
		buf_puts(b, " from the chain.");
		break;
	case VP_MELD:
		buf_puts(b, " laid ");
		for (i = 0; i < mv.ncards; i++) {
			if (i > 0)
				buf_putc(b, ' ');
			page_game_put_card(b, CARD_TT, mv.cards[i]);
		}
		buf_puts(b, " in front of ");
		esc_html_str(b, mv.at == names->viewer ? "you" :
		    page_game_who(names, mv.at));
		buf_putc(b, '.');
		break;
	case VP_ADD:
		buf_puts(b, " added ");
		page_game_put_card(b, CARD_TT, mv.cards[0]);
		buf_puts(b, " to the meld of ");
		page_game_put_card(b, CARD_TT, mv.on);
		buf_putc(b, '.');
		break;
	case VP_DISCARD:
		buf_puts(b, " discarded ");
		page_game_put_card(b, CARD_TT, mv.cards[0]);
		if (v != NULL && v->turn < VP_SEATS_MAX &&
		    v->nhand[v->turn] == 1)
			buf_puts(b, " and went out");
		buf_putc(b, '.');
		break;
	default:
		buf_puts(b, " took back the last meld or extension.");
		break;
	}
	return 0;
}
