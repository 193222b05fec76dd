/*
 * page_game_text_tsr.c: 12-Step Rummy moves in words for the game and
 * history pages (the words of its web side, game_web.h):
 * "bob laid contract 2: 4H 4D 4S; 5C 6C 7C JK as 8C.", "You asked
 * May I? for 8H."  Cards are <abbr> whose title says them in words.
 */
#include "page_game_kit.h"
#include "page_game_tsr.h"

#include "buf.h"
#include "words.h"
#include "twelve_step.h"

/* Card i of mv, with " as X" for a named wild. */
static void
put_move_card(struct words *w, const struct game_move *mv, int i)
{
	words_card(w, CARD_STD, mv->cards[i]);
	if (mv->as[i] != CARD_NONE) {
		words_put(w, " as ");
		words_card(w, CARD_STD, mv->as[i]);
	}
}

int
page_game_tsr_words(struct words *w, const struct page_game_names *names,
    int seat, const char *text, const void *before, card_t took)
{
	const struct tsr_state	*v = before;
	struct game_move	 mv;
	char			 why[GAME_WHY_MAX];
	card_t			 c;
	int			 i, you = seat >= 0 && seat == names->viewer;

	(void)took;
	if (tsr_parse(text, &mv, why) != GAME_OK)
		return -1;
	switch (mv.verb) {
	case TSR_DRAW:
		words_put(w, " drew from the stock.");
		break;
	case TSR_TAKE:
		c = v != NULL && v->ndiscard > 0 ?
		    v->discard[v->ndiscard - 1] : CARD_NONE;
		words_put(w, " took ");
		if (c != CARD_NONE)
			words_card(w, CARD_STD, c);
		else
			words_put(w, "the top card");
		words_put(w, " from the discard pile.");
		break;
	case TSR_CONTRACT:
		words_put(w, " laid ");
		if (v != NULL && seat >= 0 && seat < v->nseats)
			words_printf(w, "contract %d", tsr_current_contract(v,
			    seat));
		else
			words_put(w, "a contract");
		words_put(w, ": ");
		for (i = 0; i < mv.ncards; i++) {
			if (i > 0)
				words_put(w, mv.group[i] != mv.group[i - 1] ?
				    "; " : " ");
			put_move_card(w, &mv, i);
		}
		words_put(w, ".");
		break;
	case TSR_LAYOFF:
		words_put(w, " laid off ");
		put_move_card(w, &mv, 0);
		words_put(w, " on the meld of ");
		words_card(w, CARD_STD, mv.on);
		words_put(w, ".");
		break;
	case TSR_LIBERATE:
		words_put(w, " freed the wild in the meld of ");
		words_card(w, CARD_STD, mv.on);
		words_put(w, " with ");
		words_card(w, CARD_STD, mv.cards[0]);
		words_put(w, ".");
		break;
	case TSR_MAYI:
	case TSR_PASS:
		c = v != NULL ? v->win_card : CARD_NONE;
		words_put(w, mv.verb == TSR_MAYI ? " asked \"May I?\" for " :
		    " did not ask for ");
		if (c != CARD_NONE)
			words_card(w, CARD_STD, c);
		else
			words_put(w, "the top discard");
		words_put(w, ".");
		break;
	case TSR_WITHDRAW:
		words_put(w, you ? " withdrew your \"May I?\"." :
		    " withdrew their \"May I?\".");
		break;
	case TSR_DISCARD:
		words_put(w, " discarded ");
		words_card(w, CARD_STD, mv.cards[0]);
		words_put(w, ".");
		break;
	default:
		return -1;
	}
	return 0;
}
