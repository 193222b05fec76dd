/* unseen.c: the cards a seat cannot see, dealt at random (unseen.h). */
#include "unseen.h"

#include <string.h>

void
unseen_init(struct unseen *u, enum deck_kind k, int copies)
{
	card_t	 pack[DECK_CARDS_MAX];
	int	 i, n;

	memset(u, 0, sizeof(*u));
	n = deck_fill(k, copies, pack);
	for (i = 0; i < n; i++)
		u->count[pack[i]]++;
}

void
unseen_see(struct unseen *u, const card_t *cards, int n)
{
	int	 i;

	for (i = 0; i < n; i++)
		if (cards[i] != CARD_NONE && u->count[cards[i]] > 0)
			u->count[cards[i]]--;
}

int
unseen_claim(struct unseen *u, card_t c)
{
	if (c == CARD_NONE || u->count[c] == 0)
		return 0;
	u->count[c]--;
	return 1;
}

void
unseen_shuffle(struct unseen *u, struct rng *r)
{
	int	 c, k;

	u->n = u->next = 0;
	for (c = 0; c < 256; c++)
		for (k = 0; k < u->count[c] && u->n < DECK_CARDS_MAX; k++)
			u->list[u->n++] = (card_t)c;
	rng_shuffle(r, u->list, u->n);
}

int
unseen_deal_where(struct unseen *u, card_t *hand, int n, int want,
    int (*fits)(void *arg, card_t c), void *arg)
{
	int	 i, w;

	for (i = w = u->next; i < u->n; i++) {
		if (n < want && fits(arg, u->list[i]))
			hand[n++] = u->list[i];
		else
			u->list[w++] = u->list[i];
	}
	u->n = w;
	while (n < want && u->next < u->n)
		hand[n++] = u->list[u->next++];
	return n;
}

card_t
unseen_next(struct unseen *u)
{
	return u->next < u->n ? u->list[u->next++] : CARD_NONE;
}

void
unseen_sort(card_t *a, int n)
{
	int	 i, j;
	card_t	 c;

	for (i = 1; i < n; i++) {
		c = a[i];
		for (j = i; j > 0 && a[j - 1] > c; j--)
			a[j] = a[j - 1];
		a[j] = c;
	}
}
