/*
 * page_game_text.c: moves in words for the game and history pages, and
 * the knock form's fields turned into move text (page_game.h).
 *
 * Words are HTML: a player's name is escaped, and a card is written as
 * its token inside <abbr> whose title says it in words, so "3Rh" reads
 * "red heart 3" to whoever needs it.
 */
#include "page_game.h"

#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "esc.h"
#include "gin_vodka.h"
#include "page_game_cm.h"
#include "page_game_r500.h"
#include "page_game_six.h"
#include "page_game_tsr.h"
#include "page_game_vp.h"
#include "rummy500.h"
#include "twelve_step.h"
#include "vodkapolis.h"

const char *
page_game_who(const struct page_game_names *names, int seat)
{
	if (seat >= 0 && seat == names->viewer)
		return "You";
	if (seat < 0 || seat >= names->nseats || seat >= GAME_SEATS_MAX)
		return "Nobody";
	return names->name[seat];
}

/* Cards of knock mv after the discard, melds separated by "; ". */
static void
put_melds(struct buf *b, const struct game_move *mv)
{
	int	 j;

	for (j = 1; j < mv->ncards; j++) {
		if (j > 1)
			buf_puts(b, mv->group[j] != mv->group[j - 1] ? "; " :
			    " ");
		page_game_put_card(b, CARD_TT, mv->cards[j]);
	}
}

void
page_game_took(const struct game_rules *rules,
    const struct record_move *moves, int n, const void *now, card_t *took)
{
	struct game_move	 mv;
	char			 why[GAME_WHY_MAX];
	card_t			 top = CARD_NONE;
	int			 i, pending = 0;

	if (rules == &six_rules) {
		page_game_six_took(moves, n, now, took);
		return;
	}
	for (i = 0; i < n; i++) {
		took[i] = CARD_NONE;
		if (rules != &gv_rules ||
		    rules->parse(moves[i].text, &mv, why) != GAME_OK)
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

void
page_game_words(struct buf *b, const struct game_rules *rules,
    const struct page_game_names *names, int seat, const char *text,
    const void *before, card_t took)
{
	const struct gv_state	*v = before;
	struct game_move	 mv;
	char			 why[GAME_WHY_MAX];
	int			 opening;

	esc_html_str(b, page_game_who(names, seat));
	if (rules == &vp_rules && pvp_words(b, names, text, before) == 0)
		return;		/* page_game_text_vp.c */
	if (rules == &r500_rules && pr5_words(b, names, text, before) == 0)
		return;		/* page_game_text_r500.c */
	if (rules == &cm_rules && pcm_words(b, text, before) == 0)
		return;		/* page_game_text_cm.c */
	if (rules == &six_rules && page_game_six_words(b, names, seat,
	    text, before, took) == 0)
		return;		/* page_game_text_six.c */
	if (rules == &tsr_rules && page_game_tsr_words(b, names, seat, text,
	    before) == 0)
		return;		/* page_game_text_tsr.c */
	if (rules != &gv_rules || rules->parse(text, &mv, why) != GAME_OK) {
		buf_puts(b, " played <code>");
		esc_html_str(b, text);
		buf_puts(b, "</code>.");
		return;
	}
	switch (mv.verb) {
	case GV_PASS:
		buf_puts(b, " passed on the upcard.");
		break;
	case GV_DRAW:
		buf_puts(b, " drew from the stock.");
		break;
	case GV_TAKE:
		if (v != NULL && v->ndiscard > 0) {
			took = v->discard[v->ndiscard - 1];
			opening = v->phase == GV_PHASE_OPEN_ND ||
			    v->phase == GV_PHASE_OPEN_D;
		} else
			opening = took == CARD_NONE;
		if (took == CARD_NONE) {
			buf_puts(b, " took the upcard.");
			break;
		}
		buf_puts(b, opening ? " took the upcard, " : " took ");
		page_game_put_card(b, CARD_TT, took);
		buf_puts(b, opening ? "." : ", from the discard pile.");
		break;
	case GV_DISCARD:
		buf_puts(b, " discarded ");
		page_game_put_card(b, CARD_TT, mv.cards[0]);
		buf_puts(b, ".");
		break;
	case GV_KNOCK:
		buf_puts(b, mv.ncards - 1 >= GV_HAND ? " went gin, discarding " :
		    " knocked, discarding ");
		page_game_put_card(b, CARD_TT, mv.cards[0]);
		if (mv.ncards > 1) {
			buf_puts(b, ", with melds ");
			put_melds(b, &mv);
		} else
			buf_puts(b, ", with no melds");
		buf_puts(b, ".");
		break;
	default:
		buf_puts(b, " played <code>");
		esc_html_str(b, text);
		buf_puts(b, "</code>.");
		break;
	}
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
