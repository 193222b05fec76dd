/*
 * casino_text.c: Casino Macedonia moves as text, through the shared
 * grammar of move.h.
 *
 *   take 3Rt | 1Rc 2Rh | 3Kc     play 3Rt, take two groups
 *   take 1Rc on 4Rt | 2Rh 3Rs    build-and-take: 1Rc onto 4Rt's pile
 *   build 3Rh on 4Rt             build (value 7)
 *   stack 3Yh on 3Rc             stack onto a pile of equal value
 *   drop 2Gs                     a new single pile
 *   drop QRc=3, take JK1=2 | 2Rc a declared number
 *   take JK1                     a sweeper joker (q_mode wild)
 *
 * The canonical text writes "on P" right after the played card and
 * names each captured pile by its lowest card.
 */
#include "casino.h"

#include <stdio.h>
#include <string.h>

#include "move.h"

static const char *const verbs[] = {
	"take", "build", "stack", "drop", NULL
};

static const struct move_grammar grammar = { CARD_TT, verbs };

enum game_rc
cm_parse(const char *text, struct game_move *mv, char why[GAME_WHY_MAX])
{
	enum game_rc	 rc;
	char		 buf[GAME_MOVE_TEXT_MAX + 8];
	int		 i;

	if ((rc = move_parse(&grammar, text, mv, why)) != GAME_OK)
		return rc;
	if (mv->at >= 0 || mv->num >= 0) {
		snprintf(why, GAME_WHY_MAX, "\"%s\" takes cards only, no seat "
		    "or number.", verbs[mv->verb]);
		return GAME_BAD_TEXT;
	}
	if (mv->ncards == 0) {
		snprintf(why, GAME_WHY_MAX, "Name the card you play, as in "
		    "\"%s 3Rh\".", verbs[mv->verb]);
		return GAME_BAD_TEXT;
	}
	/* "take 3Rt 1Rc 2Rh": no bars at all, one group after the card. */
	if (mv->verb == CM_TAKE && mv->ncards > 1 && mv->ngroups == 1) {
		for (i = 1; i < mv->ncards; i++)
			mv->group[i] = 1;
		mv->ngroups = 2;
	}
	if (mv->group[0] != 0 || (mv->ncards > 1 && mv->group[1] == 0)) {
		snprintf(why, GAME_WHY_MAX, "Write the card you play first, "
		    "then \"|\" before each group you take: "
		    "\"take 3Rt | 1Rc 2Rh\".");
		return GAME_BAD_TEXT;
	}
	if (mv->verb != CM_TAKE && mv->ncards > 1) {
		snprintf(why, GAME_WHY_MAX, "\"%s\" names one card from your "
		    "hand%s.", verbs[mv->verb], mv->verb == CM_DROP ? "" :
		    " and the pile after \"on\"");
		return GAME_BAD_TEXT;
	}
	/* The canonical text adds " |": it must still fit. */
	if (cm_format(mv, buf, sizeof(buf)) >= GAME_MOVE_TEXT_MAX) {
		snprintf(why, GAME_WHY_MAX, "A move is one line of at most %d "
		    "characters.", GAME_MOVE_TEXT_MAX - 1);
		return GAME_BAD_TEXT;
	}
	return GAME_OK;
}

static void
put(char *buf, size_t bufsz, size_t *len, const char *s)
{
	size_t	 n = strlen(s);

	if (*len < bufsz) {
		size_t	 room = bufsz - *len - 1;

		memcpy(buf + *len, s, n < room ? n : room);
		buf[*len + (n < room ? n : room)] = '\0';
	}
	*len += n;
}

static void
put_card(char *buf, size_t bufsz, size_t *len, const struct game_move *mv,
    int i)
{
	char	 tok[CARD_TEXT_MAX], num[16];

	card_format(CARD_TT, mv->cards[i], tok);
	put(buf, bufsz, len, " ");
	put(buf, bufsz, len, tok);
	if (mv->asnum[i] >= 0) {
		snprintf(num, sizeof(num), "=%d", mv->asnum[i]);
		put(buf, bufsz, len, num);
	} else if (mv->as[i] != CARD_NONE) {
		card_format(CARD_TT, mv->as[i], tok);
		put(buf, bufsz, len, "=");
		put(buf, bufsz, len, tok);
	}
}

size_t
cm_format(const struct game_move *mv, char *buf, size_t bufsz)
{
	char	 tok[CARD_TEXT_MAX];
	size_t	 len = 0;
	int	 i, grp = 0;

	if (bufsz > 0)
		buf[0] = '\0';
	put(buf, bufsz, &len, mv->verb < CM_VERB__MAX ? verbs[mv->verb] : "?");
	for (i = 0; i < mv->ncards; i++) {
		if (i == 1 && mv->on != CARD_NONE) {
			card_format(CARD_TT, mv->on, tok);
			put(buf, bufsz, &len, " on ");
			put(buf, bufsz, &len, tok);
		}
		while (grp < mv->group[i]) {
			put(buf, bufsz, &len, " |");
			grp++;
		}
		put_card(buf, bufsz, &len, mv, i);
	}
	if (mv->on != CARD_NONE && mv->ncards < 2) {
		card_format(CARD_TT, mv->on, tok);
		put(buf, bufsz, &len, " on ");
		put(buf, bufsz, &len, tok);
	}
	return len;
}
