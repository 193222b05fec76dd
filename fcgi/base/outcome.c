/*
 * outcome.c: the table's ending laid over the rules' status
 * (outcome.h).
 */
#include "outcome.h"

#include <string.h>

#include "rating.h"

const char *
outcome_name(enum outcome_end e)
{
	switch (e) {
	case OUTCOME_RESIGN:
		return "resign";
	case OUTCOME_ABORT:
		return "abort";
	default:
		return NULL;
	}
}

int
outcome_parse(const char *s)
{
	if (s == NULL)
		return -1;
	if (strcmp(s, "resign") == 0)
		return OUTCOME_RESIGN;
	if (strcmp(s, "abort") == 0)
		return OUTCOME_ABORT;
	return -1;
}

/* Every seat of gs as a mask. */
static uint32_t
all_seats(const struct game_status *gs)
{
	int	 n = gs->nseats < GAME_SEATS_MAX ? gs->nseats : GAME_SEATS_MAX;

	return n >= 32 ? UINT32_MAX : (UINT32_C(1) << n) - 1;
}

void
outcome_status(const struct outcome *o, struct game_status *gs)
{
	int	 place[GAME_SEATS_MAX], team[GAME_SEATS_MAX], s, best = 0;

	switch (o->end) {
	case OUTCOME_ABORT:
		gs->over = 1;
		gs->to_act = gs->optional = 0;
		gs->winners = 0;
		return;
	case OUTCOME_RESIGN:
		gs->over = 1;
		gs->to_act = gs->optional = 0;
		gs->winners = all_seats(gs) & ~o->resigned;
		if (o->seat >= 0 && o->seat < GAME_SEATS_MAX)
			gs->winners &= ~(UINT32_C(1) << o->seat);
		return;
	default:
		break;
	}
	if (!gs->over || o->resigned == 0)
		return;
	if ((gs->winners & ~o->resigned) != 0) {
		gs->winners &= ~o->resigned;
		return;
	}
	/* Only resigned seats won: the best of the others take it. */
	rating_places(gs, place, team);
	for (s = 0; s < gs->nseats && s < GAME_SEATS_MAX; s++)
		if (!((o->resigned >> s) & 1) && (best == 0 || place[s] < best))
			best = place[s];
	gs->winners = 0;
	for (s = 0; s < gs->nseats && s < GAME_SEATS_MAX; s++)
		if (!((o->resigned >> s) & 1) && place[s] == best)
			gs->winners |= UINT32_C(1) << s;
}

void
outcome_places(const struct outcome *o, const struct game_status *gs,
    int *place, int *team)
{
	int	 n = gs->nseats < GAME_SEATS_MAX ? gs->nseats : GAME_SEATS_MAX;
	int	 was[GAME_SEATS_MAX], s, t, u, kept = 0, used;

	rating_places(gs, place, team);
	if (o->resigned == 0)
		return;
	/* The others keep their order, their places closed up. */
	memcpy(was, place, (size_t)n * sizeof(*was));
	for (s = 0; s < n; s++) {
		if ((o->resigned >> s) & 1)
			continue;
		kept++;
		for (t = 0, place[s] = 1; t < n; t++)
			if (!((o->resigned >> t) & 1) && was[t] < was[s])
				place[s]++;
	}
	for (s = 0; s < n; s++) {
		if (!((o->resigned >> s) & 1))
			continue;
		place[s] = kept + 1;
		/* A team of its own: the lowest id no other seat uses. */
		for (t = 0; t < n; t++) {
			for (used = 0, u = 0; u < n && !used; u++)
				used = u != s && team[u] == t;
			if (!used)
				break;
		}
		team[s] = t;
	}
}
