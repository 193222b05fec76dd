/* card.c: card ids and their text form (RULES.md 0.1 and 0.2). */
#include "card.h"

#include <string.h>

static const char tt_numbers[] = "1234Q";
static const char tt_colors[] = "RYGBK";
static const char tt_suits[] = "chtsb";
static const char std_ranks[] = "A23456789TJQK";
static const char std_suits[] = "SHDC";

int
card_tt_special(card_t c)
{
	return (card_tt_number(c) == CARD_NQ) +
	    (card_tt_color(c) == CARD_BLACK) +
	    (card_tt_suit(c) == CARD_BLOB);
}

int
card_valid(enum card_kind k, card_t c)
{
	if (k == CARD_TT)
		return c <= CARD_TT_JK2;
	return c <= CARD_STD_JK;
}

static int
upper(int ch)
{
	return ch >= 'a' && ch <= 'z' ? ch - 'a' + 'A' : ch;
}

static int
lower(int ch)
{
	return ch >= 'A' && ch <= 'Z' ? ch - 'A' + 'a' : ch;
}

/* Index of ch in set, or -1; ch must not be NUL. */
static int
index_of(const char *set, int ch)
{
	const char	*p;

	if (ch == '\0' || (p = strchr(set, ch)) == NULL)
		return -1;
	return (int)(p - set);
}

static int
token_ends(int ch)
{
	return ch == '\0' || ch == ' ' || ch == '\t' || ch == '|' ||
	    ch == '=' || ch == ',';
}

card_t
card_parse(enum card_kind k, const char *t, const char **end)
{
	card_t	 c = CARD_NONE;
	size_t	 len;
	int	 a, b, s;

	if (t == NULL)
		return CARD_NONE;
	if (upper(t[0]) == 'J' && upper(t[1]) == 'K') {
		if (k == CARD_STD) {
			c = CARD_STD_JK;
			len = 2;
		} else if (t[2] == '1' || t[2] == '2') {
			c = t[2] == '1' ? CARD_TT_JK1 : CARD_TT_JK2;
			len = 3;
		} else
			return CARD_NONE;
	} else if (k == CARD_TT) {
		a = index_of(tt_numbers, upper(t[0]));
		b = a < 0 ? -1 : index_of(tt_colors, upper(t[1]));
		s = b < 0 ? -1 : index_of(tt_suits, lower(t[2]));
		if (s < 0)
			return CARD_NONE;
		c = card_tt_make(a, b, s);
		len = 3;
	} else {
		a = index_of(std_ranks, upper(t[0]));
		s = a < 0 ? -1 : index_of(std_suits, upper(t[1]));
		if (s < 0)
			return CARD_NONE;
		c = (card_t)(13 * s + a);
		len = 2;
	}
	if (!token_ends(t[len]))
		return CARD_NONE;
	if (end != NULL)
		*end = t + len;
	return c;
}

size_t
card_format(enum card_kind k, card_t c, char out[CARD_TEXT_MAX])
{
	if (!card_valid(k, c)) {
		memcpy(out, "??", 3);
		return 2;
	}
	if (k == CARD_TT && c >= CARD_TT_JK1) {
		memcpy(out, c == CARD_TT_JK1 ? "JK1" : "JK2", 4);
		return 3;
	}
	if (k == CARD_STD && c == CARD_STD_JK) {
		memcpy(out, "JK", 3);
		return 2;
	}
	if (k == CARD_TT) {
		out[0] = tt_numbers[card_tt_number(c)];
		out[1] = tt_colors[card_tt_color(c)];
		out[2] = tt_suits[card_tt_suit(c)];
		out[3] = '\0';
		return 3;
	}
	out[0] = std_ranks[card_std_rank(c)];
	out[1] = std_suits[card_std_suit(c)];
	out[2] = '\0';
	return 2;
}

int
card_find(const card_t *a, int n, card_t c)
{
	int	 i;

	for (i = 0; i < n; i++)
		if (a[i] == c)
			return i;
	return -1;
}

void
card_sort(card_t *a, int n)
{
	int	 i, j;
	card_t	 t;

	for (i = 1; i < n; i++)
		for (j = i; j > 0 && a[j - 1] > a[j]; j--) {
			t = a[j];
			a[j] = a[j - 1];
			a[j - 1] = t;
		}
}

void
card_insert_sorted(card_t *a, int n, card_t c)
{
	int	 i;

	for (i = n; i > 0 && a[i - 1] > c; i--)
		a[i] = a[i - 1];
	a[i] = c;
}

int
card_remove(card_t *a, int n, card_t c)
{
	int	 i = card_find(a, n, c);

	if (i < 0)
		return -1;
	memmove(a + i, a + i + 1, (size_t)(n - i - 1));
	a[n - 1] = CARD_NONE;
	return 0;
}

int
card_all_none(const card_t *a, size_t n)
{
	return n == 0 || (a[0] == CARD_NONE && memcmp(a, a + 1, n - 1) == 0);
}
