/*
 * twelve_step_may.c: what a 12-Step Rummy seat may do with the cards on
 * the table (RULES.md 5b), for the moves (twelve_step_play.c), their
 * listing (twelve_step_text.c) and the probe: the card a seat must keep
 * back, the discard it may take, which meld a card may join or free a
 * wild from, and how a move names that meld ("on X @N.K").
 */
#include "twelve_step.h"

#include <stdio.h>
#include <string.h>

card_t
tsr_keep_not(const struct tsr_state *s, int seat)
{
	return s->from_pile && seat == s->turn ? s->drawn : CARD_NONE;
}

int
tsr_may_take(const struct tsr_state *s, int seat)
{
	return s->ndiscard > 0 &&
	    s->nhand[seat] > s->hand[seat][s->discard[s->ndiscard - 1]];
}

int
tsr_kept(const struct tsr_state *s, int seat, const uint8_t *minus)
{
	card_t	 kn = tsr_keep_not(s, seat);
	int	 c, n = 0;

	for (c = 0; c < TSR_IDS; c++)
		if (c != kn)
			n += s->hand[seat][c] - (minus != NULL ? minus[c] : 0);
	return n;
}

/* Could wild w go on m somewhere? */
static int
wild_fits(const struct tsr_meld *m, card_t w)
{
	if (m->kind == TSR_SET)
		return tsr_layoff_pos(m, w, CARD_NONE, NULL) >= 0;
	if (m->lo > 0 && tsr_layoff_pos(m, w, tsr_run_card(m->suit,
	    m->lo - 1), NULL) >= 0)
		return 1;
	return m->hi < 13 && tsr_layoff_pos(m, w, tsr_run_card(m->suit,
	    m->hi + 1), NULL) >= 0;
}

int
tsr_can_liberate(const struct tsr_state *s, int seat, int mi, card_t c)
{
	const struct tsr_meld	*m = &s->melds[mi];
	struct tsr_meld		 tmp;
	struct tsr_meld		 out[TSR_REQS_MAX];
	uint8_t			 minus[TSR_IDS], h[TSR_IDS];
	card_t			 w;
	int			 pos, j;

	if (m->owner == seat || s->hand[seat][c] == 0)
		return 0;
	if ((pos = tsr_liberate_pos(m, c)) < 0)
		return 0;
	w = m->cards[pos];
	tmp = *m;
	tmp.cards[pos] = c;
	if (s->down & (1u << seat)) {
		memset(minus, 0, sizeof(minus));
		minus[c] = 1;
		if (tsr_kept(s, seat, minus) < 1)
			return 0;
		for (j = 0; j < s->nmelds; j++)
			if (wild_fits(j == mi ? &tmp : &s->melds[j], w))
				return 1;
		return 0;
	}
	if (!s->free_liberate)
		return 0;
	memcpy(h, s->hand[seat], sizeof(h));
	h[c]--;
	h[w]++;
	return tsr_find_contract(h, s->nhand[seat],
	    tsr_current_contract(s, seat), tsr_keep_not(s, seat), w, out) > 0;
}

static int
accepts(const struct tsr_state *s, int seat, int j, card_t c, card_t as,
    enum tsr_target what)
{
	if (what == TSR_FOR_LAYOFF)
		return tsr_layoff_pos(&s->melds[j], c, as, NULL) >= 0;
	return tsr_can_liberate(s, seat, j, c);
}

int
tsr_meld_index(const struct tsr_state *s, int j)
{
	int	 k, n = 0;

	for (k = 0; k <= j && k < s->nmelds; k++)
		if (s->melds[k].owner == s->melds[j].owner)
			n++;
	return n;
}

int
tsr_meld_owned(const struct tsr_state *s, int j, int at, int nth)
{
	return (at < 0 || s->melds[j].owner == at) &&
	    (nth < 1 || tsr_meld_index(s, j) == nth);
}

int
tsr_target(const struct tsr_state *s, int seat, card_t c, card_t as,
    card_t x, int at, int nth, enum tsr_target what)
{
	int	 j;

	for (j = 0; j < s->nmelds; j++)
		if (tsr_meld_owned(s, j, at, nth) && tsr_meld_names(&s->melds[j], x) &&
		    accepts(s, seat, j, c, as, what))
			return j;
	return -1;
}

static int
name_with(const struct tsr_state *s, int seat, int j, card_t c, card_t as,
    enum tsr_target what, int at, int nth, struct game_move *mv)
{
	const struct tsr_meld	*m = &s->melds[j];
	card_t			 x;
	int			 i;

	for (i = 0; i < (m->kind == TSR_SET ? 4 : m->hi - m->lo + 1); i++) {
		x = m->kind == TSR_SET ? (card_t)(13 * i + m->rank) :
		    tsr_run_card(m->suit, m->lo + i);
		if (tsr_target(s, seat, c, as, x, at, nth, what) == j) {
			mv->on = x;
			mv->at = (int8_t)at;
			mv->num = nth;
			return 0;
		}
	}
	return -1;
}

int
tsr_name_target(const struct tsr_state *s, int seat, int j, card_t c,
    card_t as, enum tsr_target what, struct game_move *mv)
{
	int	 own = s->melds[j].owner;

	if (name_with(s, seat, j, c, as, what, -1, -1, mv) == 0 ||
	    name_with(s, seat, j, c, as, what, own, -1, mv) == 0)
		return 0;
	/* Two melds of one owner holding the same cards: number it. */
	return name_with(s, seat, j, c, as, what, own, tsr_meld_index(s, j),
	    mv);
}
