/*
 * rummy500_text.c: Rummy 500 moves as text, through the shared grammar
 * of move.h: "draw", "take 7H", "meld 5H 6H 7H", "layoff 8H on 5H"
 * ("layoff AH=14 on 2H" names an ace's end) and "discard KS".
 */
#include "rummy500.h"

#include <stdio.h>
#include <string.h>

#include "move.h"

static const char *const verbs[] = {
	"draw", "take", "meld", "layoff", "discard", NULL
};

static const struct move_grammar grammar = { CARD_STD, verbs };

static const char *const phase_names[R500_PHASE__MAX] = {
	"deal", "draw", "play", "over"
};

static const char *const end_names[R500_END__MAX] = {
	"none", "out", "stock"
};

const char *
r500_phase_name(int phase)
{
	return phase >= 0 && phase < R500_PHASE__MAX ? phase_names[phase] : "?";
}

const char *
r500_end_name(int kind)
{
	return kind >= 0 && kind < R500_END__MAX ? end_names[kind] : "?";
}

static enum game_rc
bad(char why[GAME_WHY_MAX], const char *fmt, const char *arg)
{
	snprintf(why, GAME_WHY_MAX, fmt, arg != NULL ? arg : "");
	return GAME_BAD_TEXT;
}

enum game_rc
r500_parse(const char *text, struct game_move *mv, char why[GAME_WHY_MAX])
{
	enum game_rc	 rc;
	int		 i;

	if ((rc = move_parse(&grammar, text, mv, why)) != GAME_OK)
		return rc;
	if (mv->at >= 0 || mv->num >= 0 || mv->ngroups > 1)
		return bad(why, "\"%s\" takes no seat, number or \"|\".",
		    verbs[mv->verb]);
	if (mv->on != CARD_NONE && mv->verb != R500_LAYOFF)
		return bad(why, "Only \"layoff\" names a target with \"on\".",
		    NULL);
	for (i = 0; i < mv->ncards; i++) {
		if (mv->cards[i] >= CARD_STD_COUNT || mv->on == CARD_STD_JK)
			return bad(why, "Rummy 500 is played without jokers.",
			    NULL);
		if (mv->as[i] != CARD_NONE || (mv->asnum[i] >= 0 &&
		    (card_std_rank(mv->cards[i]) != 0 ||
		    (mv->asnum[i] != R500_ACE_LOW &&
		    mv->asnum[i] != R500_ACE_HIGH) ||
		    (mv->verb != R500_MELD && mv->verb != R500_LAYOFF))))
			return bad(why, "Only an ace in a run takes an end: "
			    "=1 for low, =14 for high, as in \"layoff AH=14 "
			    "on QH\".", NULL);
	}
	switch (mv->verb) {
	case R500_DRAW:
		if (mv->ncards != 0)
			return bad(why, "\"draw\" names no card.", NULL);
		break;
	case R500_TAKE:
		if (mv->ncards != 1)
			return bad(why, "Name the discard to take, as in "
			    "\"take 7H\"; every card above it comes too.", NULL);
		break;
	case R500_MELD:
		if (mv->ncards < 3)
			return bad(why, "A meld has at least 3 cards, as in "
			    "\"meld 5H 6H 7H\".", NULL);
		break;
	case R500_LAYOFF:
		if (mv->ncards != 1 || mv->on == CARD_NONE)
			return bad(why, "A lay-off names one card and a card of "
			    "the meld, as in \"layoff 8H on 5H\".", NULL);
		break;
	case R500_DISCARD:
		if (mv->ncards != 1)
			return bad(why, "Name one card to discard, as in "
			    "\"discard KS\".", NULL);
		break;
	default:
		return bad(why, "Unknown move.", NULL);
	}
	return GAME_OK;
}

size_t
r500_format(const struct game_move *mv, char *buf, size_t bufsz)
{
	if (mv->verb >= R500_VERB__MAX) {
		if (bufsz > 0)
			buf[0] = '\0';
		return 0;
	}
	return move_format(&grammar, mv, buf, bufsz);
}
