/*
 * page_game_text_tsr.c: 12-Step Rummy moves in words for the game and
 * history pages (hooked into page_game_words(), page_game_text.c):
 * "bob laid contract 2: 4H 4D 4S; 5C 6C 7C JK as 8C.", "You asked
 * May I? for 8H."  Cards are <abbr> whose title says them in words.
 */
#include "page_game.h"
#include "page_game_tsr.h"

#include "buf.h"
#include "twelve_step.h"

/* Card i of mv, with " as X" for a named wild. */
static void
put_move_card(struct buf *b, const struct game_move *mv, int i)
{
	page_game_put_card(b, CARD_STD, mv->cards[i]);
	if (mv->as[i] != CARD_NONE) {
		buf_puts(b, " as ");
		page_game_put_card(b, CARD_STD, mv->as[i]);
	}
}

int
page_game_tsr_words(struct buf *b, const struct page_game_names *names,
    int seat, const char *text, const void *before)
{
	const struct tsr_state	*v = before;
	struct game_move	 mv;
	char			 why[GAME_WHY_MAX];
	card_t			 c;
	int			 i, you = seat >= 0 && seat == names->viewer;

	if (tsr_parse(text, &mv, why) != GAME_OK)
		return -1;
	switch (mv.verb) {
	case TSR_DRAW:
		buf_puts(b, " drew from the stock.");
		break;
	case TSR_TAKE:
		c = v != NULL && v->ndiscard > 0 ?
		    v->discard[v->ndiscard - 1] : CARD_NONE;
		buf_puts(b, " took ");
		if (c != CARD_NONE)
			page_game_put_card(b, CARD_STD, c);
		else
			buf_puts(b, "the top card");
		buf_puts(b, " from the discard pile.");
		break;
	case TSR_CONTRACT:
		buf_puts(b, " laid ");
		if (v != NULL && seat >= 0 && seat < v->nseats)
			buf_printf(b, "contract %d", tsr_current_contract(v,
			    seat));
		else
			buf_puts(b, "a contract");
		buf_puts(b, ": ");
		for (i = 0; i < mv.ncards; i++) {
			if (i > 0)
				buf_puts(b, mv.group[i] != mv.group[i - 1] ?
				    "; " : " ");
			put_move_card(b, &mv, i);
		}
		buf_puts(b, ".");
		break;
	case TSR_LAYOFF:
		buf_puts(b, " laid off ");
		put_move_card(b, &mv, 0);
		buf_puts(b, " on the meld of ");
		page_game_put_card(b, CARD_STD, mv.on);
		buf_puts(b, ".");
		break;
	case TSR_LIBERATE:
		buf_puts(b, " freed the wild in the meld of ");
		page_game_put_card(b, CARD_STD, mv.on);
		buf_puts(b, " with ");
		page_game_put_card(b, CARD_STD, mv.cards[0]);
		buf_puts(b, ".");
		break;
	case TSR_MAYI:
	case TSR_PASS:
		c = v != NULL ? v->win_card : CARD_NONE;
		buf_puts(b, mv.verb == TSR_MAYI ? " asked \"May I?\" for " :
		    " did not ask for ");
		if (c != CARD_NONE)
			page_game_put_card(b, CARD_STD, c);
		else
			buf_puts(b, "the top discard");
		buf_puts(b, ".");
		break;
	case TSR_WITHDRAW:
		buf_puts(b, you ? " withdrew your \"May I?\"." :
		    " withdrew their \"May I?\".");
		break;
	case TSR_DISCARD:
		buf_puts(b, " discarded ");
		page_game_put_card(b, CARD_STD, mv.cards[0]);
		buf_puts(b, ".");
		break;
	default:
		return -1;
	}
	return 0;
}
