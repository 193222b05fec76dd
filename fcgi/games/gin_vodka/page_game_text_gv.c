/*
 * page_game_text_gv.c: Gin Vodka's moves in words, what a "take" took,
 * and the knock form's fields turned into move text (page_game_gv.h).
 */
#include "page_game_gv.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "gin_vodka.h"
#include "words.h"

/* Cards of knock mv after the discard, melds separated by "; ". */
static void
put_melds(struct words *w, const struct game_move *mv)
{
	int	 j;

	for (j = 1; j < mv->ncards; j++) {
		if (j > 1)
			words_put(w, mv->group[j] != mv->group[j - 1] ? "; " :
			    " ");
		words_card(w, CARD_TT, mv->cards[j]);
	}
}

/* A take takes the card discarded just before it in the same hand. */
void
page_game_gv_took(const struct record_move *moves, int n, const void *now,
    card_t *took)
{
	struct game_move	 mv;
	char			 why[GAME_WHY_MAX];
	card_t			 top = CARD_NONE;
	int			 i, pending = 0;

	(void)now;
	for (i = 0; i < n; i++) {
		took[i] = CARD_NONE;
		if (gv_parse(moves[i].text, &mv, why) != GAME_OK)
			continue;
		switch (mv.verb) {
		case GV_TAKE:
			took[i] = top;
			top = CARD_NONE;
			break;
		case GV_DISCARD:
			/* The defender's last discard ends the hand. */
			top = pending ? CARD_NONE : mv.cards[0];
			pending = 0;
			break;
		case GV_KNOCK:
			/* 11 cards in melds is gin: the hand ends at once. */
			pending = mv.ncards - 1 < GV_HAND;
			top = pending ? mv.cards[0] : CARD_NONE;
			break;
		default:
			break;
		}
	}
}

int
page_game_gv_words(struct words *w, const struct page_game_names *names,
    int seat, const char *text, const void *before, card_t took)
{
	const struct gv_state	*v = before;
	struct game_move	 mv;
	char			 why[GAME_WHY_MAX];
	int			 opening;

	(void)names;
	(void)seat;
	if (gv_parse(text, &mv, why) != GAME_OK)
		return -1;
	switch (mv.verb) {
	case GV_PASS:
		words_put(w, " passed on the upcard.");
		break;
	case GV_DRAW:
		words_put(w, " drew from the stock.");
		break;
	case GV_TAKE:
		if (v != NULL && v->ndiscard > 0) {
			took = v->discard[v->ndiscard - 1];
			opening = v->phase == GV_PHASE_OPEN_ND ||
			    v->phase == GV_PHASE_OPEN_D;
		} else
			opening = took == CARD_NONE;
		if (took == CARD_NONE) {
			words_put(w, " took the upcard.");
			break;
		}
		words_put(w, opening ? " took the upcard, " : " took ");
		words_card(w, CARD_TT, took);
		words_put(w, opening ? "." : ", from the discard pile.");
		break;
	case GV_DISCARD:
		words_put(w, " discarded ");
		words_card(w, CARD_TT, mv.cards[0]);
		words_put(w, ".");
		break;
	case GV_KNOCK:
		words_put(w, mv.ncards - 1 >= GV_HAND ? " went gin, discarding " :
		    " knocked, discarding ");
		words_card(w, CARD_TT, mv.cards[0]);
		if (mv.ncards > 1) {
			words_put(w, ", with melds ");
			put_melds(w, &mv);
		} else
			words_put(w, ", with no melds");
		words_put(w, ".");
		break;
	default:
		return -1;
	}
	return 0;
}

/* Parse a whole card token; CARD_NONE when s is not exactly one. */
static card_t
whole_card(const char *s, size_t n)
{
	char		 tok[8];
	const char	*end;
	card_t		 c;

	if (n == 0 || n >= sizeof(tok))
		return CARD_NONE;
	memcpy(tok, s, n);
	tok[n] = '\0';
	if ((c = card_parse(CARD_TT, tok, &end)) == CARD_NONE || *end != '\0')
		return CARD_NONE;
	return c;
}

int
page_game_knock_text(const char *discard, const char *const *rows,
    int nrows, char *out, size_t outsz, char why[GAME_WHY_MAX])
{
	card_t		 x, c, groups[GV_MELDS_MAX + 1][GV_HAND_MAX];
	int		 ng[GV_MELDS_MAX + 1], i, g, k;
	const char	*colon;
	char		 tok[CARD_TEXT_MAX];
	size_t		 len;

	memset(ng, 0, sizeof(ng));
	if (discard == NULL ||
	    (x = whole_card(discard, strlen(discard))) == CARD_NONE) {
		snprintf(why, GAME_WHY_MAX, "Choose the card to discard when "
		    "you knock.");
		return -1;
	}
	for (i = 0; i < nrows; i++) {
		if (rows[i] == NULL)
			continue;
		if ((colon = strchr(rows[i], ':')) == NULL ||
		    (c = whole_card(rows[i], (size_t)(colon - rows[i]))) ==
		    CARD_NONE || colon[1] < '0' ||
		    colon[1] > '0' + GV_MELDS_MAX || colon[2] != '\0') {
			snprintf(why, GAME_WHY_MAX, "The meld choice in row %d "
			    "of the knock form does not read.", i + 1);
			return -1;
		}
		g = colon[1] - '0';
		if (c == x || g == 0)
			continue;
		if (ng[g] == GV_HAND_MAX) {
			snprintf(why, GAME_WHY_MAX, "Meld %d has too many "
			    "cards.", g);
			return -1;
		}
		groups[g][ng[g]++] = c;
	}
	card_format(CARD_TT, x, tok);
	len = (size_t)snprintf(out, outsz, "knock %s", tok);
	for (g = 1; g <= GV_MELDS_MAX; g++) {
		if (ng[g] == 0)
			continue;
		for (k = 0; k < ng[g] && len < outsz; k++) {
			card_format(CARD_TT, groups[g][k], tok);
			len += (size_t)snprintf(out + len, outsz - len, "%s%s",
			    k == 0 ? " | " : " ", tok);
		}
	}
	if (len >= outsz) {
		snprintf(why, GAME_WHY_MAX, "That knock is too long.");
		return -1;
	}
	return 0;
}

/* The knock form: move "knock" with a discard and rows k0..k11. */
int
page_game_gv_move_text(const char *move, const char *const *value,
    char *out, size_t outsz, char why[GAME_WHY_MAX])
{
	if (strcasecmp(move, "knock") != 0 || value[0] == NULL)
		return 0;
	return page_game_knock_text(value[0], value + 1, GV_HAND_MAX,
	    out, outsz, why) == 0 ? 1 : -1;
}
