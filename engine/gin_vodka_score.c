/*
 * gin_vodka_score.c: Gin Vodka melds, arrangements and hand results
 * (RULES.md 3c, 3d).
 *
 * An arrangement is found by a depth-first search over the cards in id
 * order: the lowest card not yet placed is either deadwood, laid off
 * onto one of the knocker's melds, or the lowest card of a new meld
 * drawn from one of its three lines.  With at most 12 cards and lines
 * of 4 the search is tiny, so it can list every minimum and keep the
 * one with the smallest key (RULES.md 3b, ties).  The bot asks it of a
 * hand less each card in turn, so a hand is made ready once (sorted,
 * lines marked: struct gv_hand_search) and each search starts with the
 * card left out already placed.
 */
#include "gin_vodka.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

enum {
	NLINES = GV_LINES,	/* 3 orientations x 16 */
	KEY_MAX = GV_KEY_MAX	/* 12 ids + 1 + 4 + 4 terminators, padded */
};

int
gv_card_value(card_t c)
{
	return card_tt_number(c) + 1 + 2 * (card_tt_color(c) == CARD_BLUE) +
	    2 * (card_tt_suit(c) == CARD_SQUARE);
}

/* The line of c that varies attribute o (0 number, 1 color, 2 suit). */
static int
line_of(card_t c, int o)
{
	int	 n = card_tt_number(c), col = card_tt_color(c);
	int	 s = card_tt_suit(c);

	switch (o) {
	case 0:
		return col * 4 + s;
	case 1:
		return 16 + n * 4 + s;
	default:
		return 32 + n * 4 + col;
	}
}

static int
squares_card(card_t c)
{
	return c < CARD_TT_COUNT && card_tt_number(c) <= 3 &&
	    card_tt_color(c) <= 3 && card_tt_suit(c) <= 3;
}

int
gv_is_meld(const card_t *cards, int n)
{
	int	 i, j, o, same;

	if (n < 3 || n > GV_MELD_MAX)
		return 0;
	for (i = 0; i < n; i++) {
		if (!squares_card(cards[i]))
			return 0;
		for (j = 0; j < i; j++)
			if (cards[i] == cards[j])
				return 0;
	}
	for (o = 0; o < 3; o++) {
		same = 1;
		for (i = 1; i < n; i++)
			if (line_of(cards[i], o) != line_of(cards[0], o))
				same = 0;
		if (same)
			return 1;
	}
	return 0;
}

int
gv_fits(const struct gv_meld *m, card_t x)
{
	card_t	 all[GV_MELD_MAX + 1];
	int	 n = m->ncards + m->nlaid;

	if (n >= GV_MELD_MAX)
		return 0;
	memcpy(all, m->cards, (size_t)n);
	all[n] = x;
	return gv_is_meld(all, n + 1);
}

/*
 * The line all of m's cards lie on (its orientation x 16 + line_of's
 * index within it), or -1 when they are not distinct Squares cards of
 * one line, 2 to 4 of them.  Two distinct cards share at most one line,
 * so the line is the meld's for good: lay-offs keep to it.
 */
static int
meld_line(const struct gv_meld *m)
{
	int	 n = m->ncards + m->nlaid, i, j, o;

	if (n < 2 || n > GV_MELD_MAX)
		return -1;
	for (i = 0; i < n; i++) {
		if (!squares_card(m->cards[i]))
			return -1;
		for (j = 0; j < i; j++)
			if (m->cards[i] == m->cards[j])
				return -1;
	}
	for (o = 0; o < 3; o++) {
		for (i = 1; i < n; i++)
			if (line_of(m->cards[i], o) != line_of(m->cards[0], o))
				break;
		if (i == n)
			return line_of(m->cards[0], o);
	}
	return -1;
}

/*
 * gv_fits(m, x) for m whose meld_line() was line when it had no more
 * cards than now (laid cards were checked onto that line): one line
 * compare instead of a meld check of the whole.
 */
static int
fits_line(const struct gv_meld *m, int line, card_t x)
{
	int	 n = m->ncards + m->nlaid, i;

	if (line < 0 || n >= GV_MELD_MAX || n + 1 < 3 || !squares_card(x) ||
	    line_of(x, line / 16) != line)
		return 0;
	for (i = 0; i < n; i++)
		if (m->cards[i] == x)
			return 0;
	return 1;
}

/*
 * The key of the current arrangement: deadwood ids, then each own meld,
 * then the lay-offs on each knocker meld, every list ended by 0 and
 * every id written as id + 1, so a shorter list sorts first.
 */
static void
make_key(const struct gv_hand_search *s, uint8_t key[KEY_MAX])
{
	const struct gv_arrangement	*a = &s->cur;
	int				 i, j, k = 0;

	memset(key, 0, KEY_MAX);
	for (i = 0; i < a->ndead; i++)
		key[k++] = (uint8_t)(a->dead[i] + 1);
	k++;
	for (i = 0; i < a->nmelds; i++) {
		for (j = 0; j < a->melds[i].ncards; j++)
			key[k++] = (uint8_t)(a->melds[i].cards[j] + 1);
		k++;
	}
	for (j = 0; j < s->nk; j++) {
		for (i = 0; i < a->nlaid; i++)
			if (a->laid_on[i] == j)
				key[k++] = (uint8_t)(a->laid[i] + 1);
		k++;
	}
}

static void
record(struct gv_hand_search *s, int dw)
{
	uint8_t	 key[KEY_MAX];

	if (!s->keyed) {
		s->best = dw;
		return;
	}
	make_key(s, key);
	if (dw < s->best || memcmp(key, s->bestkey, KEY_MAX) < 0) {
		s->best = dw;
		s->bestarr = s->cur;
		s->bestarr.deadwood = (uint8_t)dw;
		memcpy(s->bestkey, key, KEY_MAX);
	}
}

static void
search(struct gv_hand_search *s, unsigned used, int dw)
{
	struct gv_arrangement	*a = &s->cur;
	struct gv_meld		*m;
	unsigned		 bit, avail, sub, rest;
	int			 i, j, o;

	if (dw > s->best || (!s->keyed && dw >= s->best))
		return;
	if (used == (1u << s->n) - 1) {
		record(s, dw);
		return;
	}
	i = __builtin_ctz(~used);	/* the lowest card not placed */
	bit = 1u << i;
	/* A new meld with card i as its lowest card. */
	for (o = 0; o < 3; o++) {
		avail = s->linemask[s->line[i][o]] & ~used & ~bit;
		for (sub = avail; sub != 0; sub = (sub - 1) & avail) {
			/*
			 * Two or three cards: bits dropped by hand, since
			 * __builtin_popcount without -mpopcnt is a libgcc call
			 * costing a tenth of a playout.
			 */
			rest = sub & (sub - 1);
			if (rest == 0)
				continue;
			rest &= rest - 1;
			if ((rest & (rest - 1)) != 0)
				continue;
			m = &a->melds[a->nmelds++];
			m->ncards = 0;
			m->nlaid = 0;
			m->cards[m->ncards++] = s->cards[i];
			for (j = i + 1; j < s->n; j++)
				if (sub & (1u << j))
					m->cards[m->ncards++] = s->cards[j];
			search(s, used | bit | sub, dw);
			a->nmelds--;
		}
	}
	/* A lay-off onto one of the knocker's melds. */
	for (j = 0; j < s->nk; j++) {
		m = &s->kmelds[j];
		if (!fits_line(m, s->kline[j], s->cards[i]))
			continue;
		m->cards[m->ncards + m->nlaid++] = s->cards[i];
		a->laid[a->nlaid] = s->cards[i];
		a->laid_on[a->nlaid++] = (uint8_t)j;
		search(s, used | bit, dw);
		a->nlaid--;
		m->nlaid--;
	}
	/* Deadwood. */
	a->dead[a->ndead++] = s->cards[i];
	search(s, used | bit, dw + s->val[i]);
	a->ndead--;
}

/* Does mask have three bits or more? */
static int
three_or_more(unsigned m)
{
	m &= m - 1;
	return (m & (m - 1)) != 0;
}

/*
 * The deadwood every arrangement of s's hand less the cards of skip (a
 * mask) has: the cards on no line holding three of the others and
 * fitting no knocker meld.  Cheap, and for most random hands already
 * more than a knock allows.
 */
static int
forced_deadwood(const struct gv_hand_search *s, unsigned skip)
{
	int	 i, j, o, fits, forced = 0;

	for (i = 0; i < s->n; i++) {
		if (skip & (1u << i))
			continue;
		fits = 0;
		for (o = 0; o < 3 && !fits; o++)
			fits = three_or_more(s->linemask[s->line[i][o]] &
			    ~skip);
		for (j = 0; j < s->nk && !fits; j++)
			fits = fits_line(&s->kmelds[j], s->kline[j],
			    s->cards[i]);
		if (!fits)
			forced += s->val[i];
	}
	return forced;
}

int
gv_knock_floor(const card_t *cards, int n)
{
	uint16_t	 linemask[NLINES];
	int		 i, o, fits, v, forced = 0, big = 0;

	if (n > GV_HAND_MAX)
		n = GV_HAND_MAX;
	memset(linemask, 0, sizeof(linemask));
	for (i = 0; i < n; i++)
		for (o = 0; o < 3; o++)
			linemask[line_of(cards[i], o)] |= (uint16_t)(1u << i);
	/* A card on no line of three here is on none in any subset. */
	for (i = 0; i < n; i++) {
		fits = 0;
		for (o = 0; o < 3 && !fits; o++)
			fits = three_or_more(linemask[line_of(cards[i], o)]);
		if (fits)
			continue;
		v = gv_card_value(cards[i]);
		forced += v;
		if (v > big)
			big = v;
	}
	return forced - big;
}

void
gv_hand_search_init(struct gv_hand_search *s, const card_t *cards, int n,
    const struct gv_meld *kmelds, int nk)
{
	int	 i, o;

	if (n > GV_HAND_MAX)
		n = GV_HAND_MAX;
	if (nk > GV_MELDS_MAX)
		nk = GV_MELDS_MAX;
	s->n = n;
	memcpy(s->cards, cards, (size_t)n);
	card_sort(s->cards, n);
	memset(s->linemask, 0, sizeof(s->linemask));
	for (i = 0; i < n; i++) {
		s->val[i] = (uint8_t)gv_card_value(s->cards[i]);
		for (o = 0; o < 3; o++) {
			s->line[i][o] = (uint8_t)line_of(s->cards[i], o);
			s->linemask[s->line[i][o]] |= (uint16_t)(1u << i);
		}
	}
	s->nk = nk;
	for (i = 0; i < nk; i++) {
		s->kmelds[i] = kmelds[i];
		s->kline[i] = (int8_t)meld_line(&kmelds[i]);
	}
}

/*
 * The search over s's hand less the cards of skip starts with them
 * placed: the rest are tried in the same order, the same melds in the
 * same order, as in a search of that smaller hand, so the minimum and
 * the tie-break winner are the same.  Unkeyed searches look only for
 * arrangements below bound and return bound when none is.
 */
int
gv_hand_search_without(struct gv_hand_search *s, card_t skip, int bound,
    struct gv_arrangement *out)
{
	unsigned	 skipbit = 0;
	int		 i;

	for (i = 0; i < s->n && skip != CARD_NONE; i++)
		if (s->cards[i] == skip)
			skipbit = 1u << i;
	s->keyed = out != NULL;
	if (!s->keyed && forced_deadwood(s, skipbit) >= bound)
		return bound;
	memset(&s->cur, 0, sizeof(s->cur));
	s->best = s->keyed ? INT_MAX : bound;
	search(s, skipbit, 0);
	if (out != NULL)
		*out = s->bestarr;
	return s->best;
}

/* One search of cards[0..n-1]: gv_hand_search_without leaving none out. */
static int
run_search(const card_t *cards, int n, const struct gv_meld *kmelds, int nk,
    int keyed, int bound, struct gv_arrangement *out)
{
	struct gv_hand_search	 s;
	struct gv_arrangement	 arr;

	gv_hand_search_init(&s, cards, n, kmelds, nk);
	if (!keyed)
		return gv_hand_search_without(&s, CARD_NONE, bound, NULL);
	gv_hand_search_without(&s, CARD_NONE, INT_MAX, out ? out : &arr);
	return s.best;
}

int
gv_deadwood(const card_t *cards, int n)
{
	return run_search(cards, n, NULL, 0, 0, INT_MAX, NULL);
}

int
gv_can_knock(const card_t *cards, int n)
{
	return run_search(cards, n, NULL, 0, 0, GV_KNOCK_MAX + 1, NULL) <=
	    GV_KNOCK_MAX;
}

int
gv_best_arrangement(const card_t *cards, int n, struct gv_arrangement *out)
{
	return run_search(cards, n, NULL, 0, 1, INT_MAX, out);
}

int
gv_defender_arrangement(const card_t *cards, int n,
    const struct gv_meld *kmelds, int nk, struct gv_arrangement *out)
{
	return run_search(cards, n, kmelds, nk, 1, INT_MAX, out);
}

int
gv_deadwood_below(const card_t *cards, int n, const struct gv_meld *kmelds,
    int nk, int bound)
{
	return run_search(cards, n, kmelds, nk, 0, bound, NULL);
}

static void
list_text(const card_t *cards, int n, char *buf, size_t bufsz)
{
	char	 tok[CARD_TEXT_MAX];
	size_t	 len = 0;
	int	 i;

	buf[0] = '\0';
	for (i = 0; i < n && len + 5 < bufsz; i++) {
		card_format(CARD_TT, cards[i], tok);
		len += (size_t)snprintf(buf + len, bufsz - len, "%s%s",
		    i ? " " : "", tok);
	}
}

int
gv_named_arrangement(const card_t *kept, int nkept,
    const struct gv_meld *melds, int nmelds, struct gv_arrangement *out,
    char why[GAME_WHY_MAX])
{
	char		 tok[CARD_TEXT_MAX], text[64];
	unsigned	 used = 0;
	int		 i, j, k, pos;
	struct gv_meld	 m, t;

	memset(out, 0, sizeof(*out));
	if (nmelds > GV_MELDS_MAX || nmelds * 3 > nkept) {
		snprintf(why, GAME_WHY_MAX, "You can name at most %d melds "
		    "among the %d cards you keep.", nkept / 3, nkept);
		return -1;
	}
	for (i = 0; i < nmelds; i++) {
		m = melds[i];
		if (m.ncards < 3 || m.ncards > GV_MELD_MAX) {
			list_text(m.cards, m.ncards > GV_MELD_MAX ?
			    GV_MELD_MAX : m.ncards, text, sizeof(text));
			snprintf(why, GAME_WHY_MAX, "A meld has 3 or 4 cards; "
			    "\"%s%s\" has %d.", text,
			    m.ncards > GV_MELD_MAX ? " ..." : "", m.ncards);
			return -1;
		}
		for (j = 0; j < m.ncards; j++) {
			card_format(CARD_TT, m.cards[j], tok);
			for (pos = 0; pos < nkept; pos++)
				if (kept[pos] == m.cards[j])
					break;
			if (pos == nkept) {
				snprintf(why, GAME_WHY_MAX, "You do not hold %s.",
				    tok);
				return -1;
			}
			if (used & (1u << pos)) {
				snprintf(why, GAME_WHY_MAX, "%s is named twice; a "
				    "card may belong to only one meld.", tok);
				return -1;
			}
			used |= 1u << pos;
		}
		if (!gv_is_meld(m.cards, m.ncards)) {
			list_text(m.cards, m.ncards, text, sizeof(text));
			snprintf(why, GAME_WHY_MAX, "\"%s\" is not a meld: a "
			    "meld's cards all share two of number, color and "
			    "suit.", text);
			return -1;
		}
		m.nlaid = 0;
		card_sort(m.cards, m.ncards);
		out->melds[out->nmelds++] = m;
	}
	/* Order the melds by their lowest card. */
	for (i = 1; i < out->nmelds; i++)
		for (k = i; k > 0 && out->melds[k - 1].cards[0] >
		    out->melds[k].cards[0]; k--) {
			t = out->melds[k];
			out->melds[k] = out->melds[k - 1];
			out->melds[k - 1] = t;
		}
	for (pos = 0; pos < nkept; pos++)
		if (!(used & (1u << pos))) {
			out->dead[out->ndead++] = kept[pos];
			out->deadwood = (uint8_t)(out->deadwood +
			    gv_card_value(kept[pos]));
		}
	card_sort(out->dead, out->ndead);
	return 0;
}

void
gv_settle(const struct gv_arrangement *karr, int knocker,
    const card_t *dcards, int dn, struct gv_result *res)
{
	struct gv_meld	*m;
	int		 k, d, i;

	memset(res, 0, sizeof(*res));
	res->knocker = (uint8_t)knocker;
	res->karr = *karr;
	k = karr->deadwood;
	if (k == 0) {
		d = gv_best_arrangement(dcards, dn, &res->darr);
		res->kind = GV_END_GIN;
		res->scorer = (uint8_t)knocker;
		res->points = (int16_t)(GV_GIN_BONUS + d);
	} else {
		d = gv_defender_arrangement(dcards, dn, karr->melds,
		    karr->nmelds, &res->darr);
		for (i = 0; i < res->darr.nlaid; i++) {
			m = &res->karr.melds[res->darr.laid_on[i]];
			m->cards[m->ncards + m->nlaid++] = res->darr.laid[i];
		}
		if (k < d) {
			res->kind = GV_END_KNOCK;
			res->scorer = (uint8_t)knocker;
			res->points = (int16_t)(d - k);
		} else {
			res->kind = GV_END_UNDERCUT;
			res->scorer = (uint8_t)(knocker ^ 1);
			res->points = (int16_t)(GV_UNDERCUT_BONUS + k - d);
		}
	}
	res->kdead = (int16_t)k;
	res->ddead = (int16_t)d;
}
