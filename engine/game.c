/* game.c: helpers every game's rules share (the registry is registry.c). */
#include "game.h"

#include <stdio.h>
#include <string.h>

#include "rng.h"

enum game_rc
game_check_turn(int seat, int nseats, int turn, char why[GAME_WHY_MAX])
{
	if (seat < 0 || seat >= nseats) {
		snprintf(why, GAME_WHY_MAX, "There is no seat %d at this table.",
		    seat);
		return GAME_REFUSED;
	}
	if (seat != turn) {
		snprintf(why, GAME_WHY_MAX, "It is not your turn: seat %d is to "
		    "play.", turn);
		return GAME_REFUSED;
	}
	return GAME_OK;
}

int
game_seat_count(uint32_t mask)
{
	int	 n = 0;

	for (; mask != 0; mask &= mask - 1)
		n++;
	return n;
}

int
game_first_seat(uint32_t mask)
{
	int	 i;

	for (i = 0; i < GAME_SEATS_MAX; i++)
		if (mask & (1u << i))
			return i;
	return -1;
}

int
game_draw_seating(struct rng *r, int nseats, int dealer,
    uint8_t seating[GAME_SEATS_MAX])
{
	int	 i, drawn;

	memset(seating, 0, GAME_SEATS_MAX);
	for (i = 0; i < nseats; i++)
		seating[i] = (uint8_t)i;
	rng_shuffle_u8(r, seating, nseats);
	drawn = (int)rng_uniform(r, (uint32_t)nseats);
	return dealer >= 0 ? dealer : drawn;
}

/* Find "key=" as a whole word in options; returns the value or NULL. */
static const char *
option_value(const char *options, const char *key)
{
	const char	*p = options;
	size_t		 klen = strlen(key);

	if (options == NULL)
		return NULL;
	while (*p != '\0') {
		while (*p == ' ')
			p++;
		if (strncmp(p, key, klen) == 0 && p[klen] == '=')
			return p + klen + 1;
		while (*p != '\0' && *p != ' ')
			p++;
	}
	return NULL;
}

int
game_option_int(const char *options, const char *key, int lo, int hi,
    int *value)
{
	const char	*p;
	long		 v = 0;
	int		 neg = 0, digits = 0;

	if ((p = option_value(options, key)) == NULL)
		return 0;
	if (*p == '-') {
		neg = 1;
		p++;
	}
	for (; *p >= '0' && *p <= '9' && digits < 9; p++, digits++)
		v = v * 10 + (*p - '0');
	if (digits == 0 || (*p != '\0' && *p != ' '))
		return -1;
	if (neg)
		v = -v;
	if (v < lo || v > hi)
		return -1;
	*value = (int)v;
	return 1;
}

int
game_options_known(const char *options, const char *const *keys,
    char why[GAME_WHY_MAX])
{
	const char	*p = options, *eq;
	size_t		 n;
	int		 i, ok;

	if (options == NULL)
		return 0;
	while (*p != '\0') {
		while (*p == ' ')
			p++;
		if (*p == '\0')
			break;
		for (n = 0; p[n] != '\0' && p[n] != ' '; n++)
			;
		eq = memchr(p, '=', n);
		ok = 0;
		for (i = 0; eq != NULL && keys[i] != NULL; i++)
			if (strlen(keys[i]) == (size_t)(eq - p) &&
			    strncmp(keys[i], p, (size_t)(eq - p)) == 0)
				ok = 1;
		if (!ok) {
			snprintf(why, GAME_WHY_MAX, "Unknown table option "
			    "\"%.*s\".", (int)(n > 32 ? 32 : n), p);
			return -1;
		}
		p += n;
	}
	return 0;
}
