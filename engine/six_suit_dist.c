/*
 * six_suit_dist.c: a seat's tops counted for the bot (six_suit_dist.h).
 */
#include "six_suit_dist.h"

#include <string.h>

void
six_attr_of(card_t c, struct six_attr *out)
{
	out->v[0] = (int8_t)card_tt_number(c);
	out->v[1] = (int8_t)card_tt_color(c);
	out->v[2] = (int8_t)card_tt_suit(c);
}

/*
 * t->most[p] for pile p whose top has attributes ap (-1 each for no
 * card), all[a][x] being the tops that fit value x of a.
 */
static void
most_set(struct six_tops *t, int p, const int ap[3], const int all[3][4],
    int dead)
{
	int	 left[4], most, a, x;

	for (a = 0; a < 3; a++) {
		most = 0;
		for (x = 0; x < 4; x++) {
			left[x] = all[a][x] - (ap[a] == x || ap[a] == 4);
			most = left[x] > most ? left[x] : most;
		}
		/* A plain value adds to its own count, a special to all. */
		for (x = 0; x < 4; x++)
			t->most[p][a][x] = (int8_t)(dead ? -1 :
			    left[x] + 1 > most ? left[x] + 1 : most);
		t->most[p][a][4] = (int8_t)(dead ? -1 : most + 1);
	}
}

void
six_tops_set(struct six_tops *t, const card_t tops[SIX_PILES])
{
	int	 cnt[3][5], all[3][4], ap[3], none = 0, best = 0, p, a, x;

	memset(cnt, 0, sizeof(cnt));
	for (p = 0; p < SIX_PILES; p++) {
		six_attr_of(tops[p], &t->at[p]);
		if (tops[p] >= CARD_TT_COUNT)
			none++;
		else
			for (a = 0; a < 3; a++)
				cnt[a][t->at[p].v[a]]++;
	}
	for (a = 0; a < 3; a++)
		for (x = 0; x < 4; x++) {
			all[a][x] = cnt[a][x] + cnt[a][4];
			best = all[a][x] > best ? all[a][x] : best;
		}
	t->d0 = (int8_t)(none > 0 ? SIX_PILES + 1 : SIX_PILES - best);
	for (p = 0; p < SIX_PILES; p++) {
		for (a = 0; a < 3; a++)
			ap[a] = tops[p] < CARD_TT_COUNT ? t->at[p].v[a] : -1;
		most_set(t, p, ap, all, none - (tops[p] >= CARD_TT_COUNT) > 0);
	}
}
