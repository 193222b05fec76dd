/*
 * gin_vodka_text.c: Gin Vodka moves as text, through the shared
 * grammar of move.h: "pass", "take", "draw", "discard X" and
 * "knock X | MELD | MELD ...".
 */
#include "gin_vodka.h"

#include <stdio.h>
#include <string.h>

#include "deck.h"
#include "move.h"

static const char *const verbs[] = {
	"pass", "take", "draw", "discard", "knock", NULL
};

static const struct move_grammar grammar = { CARD_TT, verbs };

static const char *const phase_names[GV_PHASE__MAX] = {
	"deal", "open_nondealer", "open_dealer", "draw", "discard",
	"last_draw", "last_discard", "over"
};

static const char *const end_names[GV_END__MAX] = {
	"none", "gin", "knock", "undercut", "void"
};

const char *
gv_phase_name(int phase)
{
	return phase >= 0 && phase < GV_PHASE__MAX ? phase_names[phase] : "?";
}

const char *
gv_end_name(int kind)
{
	return kind >= 0 && kind < GV_END__MAX ? end_names[kind] : "?";
}

/* A refusal sentence with at most one %s filled from arg. */
static enum game_rc
bad(char why[GAME_WHY_MAX], const char *fmt, const char *arg)
{
	snprintf(why, GAME_WHY_MAX, fmt, arg != NULL ? arg : "");
	return GAME_BAD_TEXT;
}

enum game_rc
gv_parse(const char *text, struct game_move *mv, char why[GAME_WHY_MAX])
{
	enum game_rc	 rc;
	char		 tok[CARD_TEXT_MAX];
	int		 i;

	if ((rc = move_parse(&grammar, text, mv, why)) != GAME_OK)
		return rc;
	if (mv->at >= 0 || mv->on != CARD_NONE || mv->num >= 0)
		return bad(why, "\"%s\" takes no seat, target or number.",
		    verbs[mv->verb]);
	for (i = 0; i < mv->ncards; i++) {
		if (mv->as[i] != CARD_NONE || mv->asnum[i] >= 0)
			return bad(why, "Gin Vodka has no wild cards; write "
			    "cards without \"=\".", NULL);
		if (!deck_has(DECK_SQUARES, mv->cards[i])) {
			card_format(CARD_TT, mv->cards[i], tok);
			return bad(why, "%s is not in the Squares deck (no black, "
			    "blob or Q).", tok);
		}
	}
	switch (mv->verb) {
	case GV_PASS:
	case GV_TAKE:
	case GV_DRAW:
		if (mv->ncards != 0)
			return bad(why, "\"%s\" names no card.", verbs[mv->verb]);
		break;
	case GV_DISCARD:
		if (mv->ncards != 1 || mv->ngroups != 1)
			return bad(why, "Name exactly one card to discard, as in "
			    "\"discard 3Rc\".", NULL);
		break;
	case GV_KNOCK:
		if (mv->ncards < 1 || mv->group[0] != 0 ||
		    (mv->ncards > 1 && mv->group[1] == 0))
			return bad(why, "A knock names one discard, then the "
			    "melds: \"knock 4Bs | 1Rc 2Rc 3Rc | ...\".", NULL);
		break;
	default:
		return bad(why, "Unknown move.", NULL);
	}
	return GAME_OK;
}

size_t
gv_format(const struct game_move *mv, char *buf, size_t bufsz)
{
	if (mv->verb >= GV_VERB__MAX) {
		if (bufsz > 0)
			buf[0] = '\0';
		return 0;
	}
	return move_format(&grammar, mv, buf, bufsz);
}

void
gv_knock_move(card_t x, const struct gv_arrangement *arr,
    struct game_move *mv)
{
	int	 i, j;

	move_clear(mv);
	mv->verb = GV_KNOCK;
	move_add_card(mv, x, 0);
	for (i = 0; i < arr->nmelds; i++)
		for (j = 0; j < arr->melds[i].ncards; j++)
			move_add_card(mv, arr->melds[i].cards[j], i + 1);
}
