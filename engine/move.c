/* move.c: read and write move text by a game's grammar. */
#include "move.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

/*
 * Two memsets of the zero part, below 64 bytes each, because legal()
 * clears a move per move it lists: the compiler writes these as a few
 * vector stores, where one memset of the whole struct (or a copy of an
 * empty template) became a string store the next byte loads wait for.
 */
void
move_clear(struct game_move *mv)
{
	memset(mv, 0, offsetof(struct game_move, group));
	memset(mv->group, 0, sizeof(mv->group));
	mv->at = -1;
	mv->on = CARD_NONE;
	mv->num = -1;
	memset(mv->as, CARD_NONE, sizeof(mv->as));
	memset(mv->asnum, -1, sizeof(mv->asnum));
}

int
move_add_card(struct game_move *mv, card_t c, int grp)
{
	if (mv->ncards >= GAME_MOVE_CARDS_MAX)
		return -1;
	mv->cards[mv->ncards] = c;
	mv->group[mv->ncards] = (uint8_t)grp;
	mv->ncards++;
	if (mv->ngroups < grp + 1)
		mv->ngroups = (uint8_t)(grp + 1);
	return 0;
}

static int
is_space(int ch)
{
	return ch == ' ' || ch == '\t';
}

/* Length of the token at p: up to a space or NUL; "|" stands alone. */
static size_t
token_len(const char *p)
{
	size_t	 n = 0;

	if (*p == '|')
		return 1;
	while (p[n] != '\0' && !is_space(p[n]) && p[n] != '|')
		n++;
	return n;
}

static int
same_word(const char *p, size_t n, const char *word)
{
	size_t	 i;
	int	 a, b;

	if (strlen(word) != n)
		return 0;
	for (i = 0; i < n; i++) {
		a = p[i] >= 'A' && p[i] <= 'Z' ? p[i] - 'A' + 'a' : p[i];
		b = word[i];
		if (a != b)
			return 0;
	}
	return 1;
}

/* Parse a non-negative decimal of at most 6 digits; -1 if not one. */
static long
small_number(const char *p, size_t n)
{
	long	 v = 0;
	size_t	 i;

	if (n == 0 || n > 6)
		return -1;
	for (i = 0; i < n; i++) {
		if (p[i] < '0' || p[i] > '9')
			return -1;
		v = v * 10 + (p[i] - '0');
	}
	return v;
}

static void
list_verbs(const struct move_grammar *g, char why[GAME_WHY_MAX],
    const char *p, size_t n)
{
	size_t	 len;
	int	 i;

	len = (size_t)snprintf(why, GAME_WHY_MAX,
	    "\"%.*s\" is not a move here; the moves are:",
	    (int)(n > 20 ? 20 : n), p);
	for (i = 0; g->verbs[i] != NULL && len < GAME_WHY_MAX; i++)
		len += (size_t)snprintf(why + len, GAME_WHY_MAX - len, "%s %s",
		    i ? "," : "", g->verbs[i]);
}

static enum game_rc
bad(char why[GAME_WHY_MAX], const char *what, const char *p, size_t n)
{
	snprintf(why, GAME_WHY_MAX, "%s \"%.*s\".", what,
	    (int)(n > 24 ? 24 : n), p);
	return GAME_BAD_TEXT;
}

enum game_rc
move_parse(const struct move_grammar *g, const char *text,
    struct game_move *mv, char why[GAME_WHY_MAX])
{
	const char	*p = text, *end;
	size_t		 n;
	long		 v;
	card_t		 c;
	int		 i, grp = 0, want_on = 0;

	move_clear(mv);
	if (text == NULL || strlen(text) >= GAME_MOVE_TEXT_MAX) {
		snprintf(why, GAME_WHY_MAX, "A move is one line of at most %d "
		    "characters.", GAME_MOVE_TEXT_MAX - 1);
		return GAME_BAD_TEXT;
	}
	while (is_space(*p))
		p++;
	n = token_len(p);
	if (n == 0) {
		snprintf(why, GAME_WHY_MAX, "The move is empty.");
		return GAME_BAD_TEXT;
	}
	for (i = 0; g->verbs[i] != NULL; i++)
		if (same_word(p, n, g->verbs[i]))
			break;
	if (g->verbs[i] == NULL) {
		list_verbs(g, why, p, n);
		return GAME_BAD_TEXT;
	}
	mv->verb = (uint8_t)i;
	for (p += n;; p += n) {
		while (is_space(*p))
			p++;
		if ((n = token_len(p)) == 0)
			break;
		if (want_on) {
			c = card_parse(g->cards, p, &end);
			if (c == CARD_NONE || (size_t)(end - p) != n)
				return bad(why, "\"on\" must name a card, not", p, n);
			mv->on = c;
			want_on = 0;
			continue;
		}
		if (n == 1 && *p == '|') {
			if (mv->ncards == 0 || mv->group[mv->ncards - 1] != grp)
				return bad(why, "A group between bars is empty near", p, n);
			grp++;
			continue;
		}
		if (same_word(p, n, "on")) {
			if (mv->on != CARD_NONE)
				return bad(why, "Only one target may be named:", p, n);
			want_on = 1;
			continue;
		}
		if (*p == '@') {
			v = small_number(p + 1, n - 1);
			if (v < 0 || v >= GAME_SEATS_MAX || mv->at >= 0)
				return bad(why, "A seat is written @0 to @11, not", p, n);
			mv->at = (int8_t)v;
			continue;
		}
		if ((v = small_number(p, n)) >= 0 &&
		    card_parse(g->cards, p, NULL) == CARD_NONE) {
			if (mv->num >= 0)
				return bad(why, "Only one number may be given:", p, n);
			mv->num = (int32_t)v;
			continue;
		}
		c = card_parse(g->cards, p, &end);
		if (c == CARD_NONE)
			return bad(why, "This is not a card:", p, n);
		if (move_add_card(mv, c, grp) != 0)
			return bad(why, "Too many cards, at", p, n);
		if (*end == '=') {
			const char	*val = end + 1;
			size_t		 vn = n - (size_t)(val - p);
			card_t		 as = card_parse(g->cards, val, &end);

			if (as != CARD_NONE && (size_t)(end - val) == vn)
				mv->as[mv->ncards - 1] = as;
			else if ((v = small_number(val, vn)) >= 0 && v <= 99)
				mv->asnum[mv->ncards - 1] = (int8_t)v;
			else
				return bad(why, "A wild's value must be a card or a "
				    "number:", p, n);
		} else if ((size_t)(end - p) != n)
			return bad(why, "This is not a card:", p, n);
	}
	if (want_on)
		return bad(why, "\"on\" must be followed by a card:", "on", 2);
	if (mv->ncards > 0 && mv->group[mv->ncards - 1] != grp)
		return bad(why, "A group between bars is empty near", "|", 1);
	return GAME_OK;
}

/* Append to buf at *len, keeping NUL termination; counts what it wanted. */
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

size_t
move_format(const struct move_grammar *g, const struct game_move *mv,
    char *buf, size_t bufsz)
{
	char	 tok[CARD_TEXT_MAX], num[16];
	size_t	 len = 0;
	int	 i, grp = 0;

	if (bufsz > 0)
		buf[0] = '\0';
	put(buf, bufsz, &len, g->verbs[mv->verb]);
	for (i = 0; i < mv->ncards; i++) {
		while (grp < mv->group[i]) {
			put(buf, bufsz, &len, " |");
			grp++;
		}
		card_format(g->cards, mv->cards[i], tok);
		put(buf, bufsz, &len, " ");
		put(buf, bufsz, &len, tok);
		if (mv->as[i] != CARD_NONE) {
			card_format(g->cards, mv->as[i], tok);
			put(buf, bufsz, &len, "=");
			put(buf, bufsz, &len, tok);
		} else if (mv->asnum[i] >= 0) {
			snprintf(num, sizeof(num), "=%d", mv->asnum[i]);
			put(buf, bufsz, &len, num);
		}
	}
	if (mv->on != CARD_NONE) {
		card_format(g->cards, mv->on, tok);
		put(buf, bufsz, &len, " on ");
		put(buf, bufsz, &len, tok);
	}
	if (mv->num >= 0) {
		snprintf(num, sizeof(num), " %d", (int)mv->num);
		put(buf, bufsz, &len, num);
	}
	if (mv->at >= 0) {
		snprintf(num, sizeof(num), " @%d", mv->at);
		put(buf, bufsz, &len, num);
	}
	return len;
}

void
move_list_add(struct game_move *out, int max, int *n,
    const struct game_move *mv)
{
	if (*n < max)
		out[*n] = *mv;
	(*n)++;
}

void
move_simple(struct game_move *mv, int verb, card_t c)
{
	move_clear(mv);
	mv->verb = (uint8_t)verb;
	if (c != CARD_NONE)
		move_add_card(mv, c, 0);
}
