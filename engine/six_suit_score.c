/*
 * six_suit_score.c: Six Suit eliminations and the ends of deals and of
 * the match (RULES.md 7c step 5, 7f): elimination and survival points,
 * the survivor bonus, the events that report them, and the winners.
 */
#include "six_suit.h"

#include <stdio.h>
#include <string.h>

static int
popcount(uint32_t m)
{
	return game_seat_count(m);
}

static void
add_event(struct six_state *s, struct game_events *ev, int kind,
    const int32_t *fdelta, const char *text)
{
	struct game_event	*e;
	int			 i;

	if (ev->n >= GAME_EVENTS_MAX)
		return;
	e = &ev->ev[ev->n++];
	memset(e, 0, sizeof(*e));
	e->hand = s->hand;
	snprintf(e->kind, sizeof(e->kind), "%s", six_end_name(kind));
	for (i = 0; i < s->nseats; i++)
		e->delta[i] = fdelta[six_team(s, i)];
	snprintf(e->text, sizeof(e->text), "%s", text);
}

static void
faction_name(const struct six_state *s, int f, char *buf, size_t n)
{
	if (s->nfactions == s->nseats)
		snprintf(buf, n, "seat %d", f);
	else
		snprintf(buf, n, "team %d", f);
}

/* End the match: the factions with the highest total win. */
static void
end_match(struct six_state *s, char *text, size_t tsz)
{
	int32_t	 best;
	size_t	 len;
	int	 f, i, nwin = 0;

	best = s->scores[0];
	for (f = 1; f < s->nfactions; f++)
		if (s->scores[f] > best)
			best = s->scores[f];
	s->winners = 0;
	for (i = 0; i < s->nseats; i++)
		if (s->scores[six_team(s, i)] == best)
			s->winners |= (uint16_t)(1u << i);
	len = strlen(text);
	len += (size_t)snprintf(text + len, tsz - len, " The match is over; "
	    "the winner%s with %d:", s->nfactions == s->nseats &&
	    popcount(s->winners) == 1 ? " is" : "s are", (int)best);
	for (f = 0; f < s->nfactions && len < tsz; f++)
		if (s->scores[f] == best) {
			char	 name[16];

			faction_name(s, f, name, sizeof(name));
			len += (size_t)snprintf(text + len, tsz - len, "%s %s",
			    nwin++ ? "," : "", name);
		}
	if (len < tsz)
		snprintf(text + len, tsz - len, ".");
	s->over = 1;
	s->phase = SIX_PHASE_OVER;
}

/* 7f: the survivor bonus of faction T after the final phase. */
int32_t
six_survivor_bonus(const struct six_state *s)
{
	int	 m = popcount(s->alive), e = s->elims, n = s->nseats, j;
	int32_t	 sum = 0;

	for (j = 0; j < m; j++)
		sum += n - e - j;
	sum += m * (m - 1) / 2;
	return sum * (s->nfactions - 1);
}

void
six_end_deal(struct six_state *s, int kind, struct game_events *ev)
{
	int32_t	 fd[GAME_SEATS_MAX];
	char	 text[GAME_EVENT_TEXT_MAX], name[16];
	int	 t;

	memset(fd, 0, sizeof(fd));
	switch (kind) {
	case SIX_END_SURVIVED:
		t = six_team(s, game_first_seat(s->alive));
		fd[t] = six_survivor_bonus(s);
		faction_name(s, t, name, sizeof(name));
		snprintf(text, sizeof(text), "Deal %d: %d player%s of %s "
		    "survived the final phase after %d fall%s; %s scores a "
		    "bonus of %d.", s->hand, popcount(s->alive),
		    popcount(s->alive) == 1 ? "" : "s", name, s->elims,
		    s->elims == 1 ? "" : "s", name, (int)fd[t]);
		break;
	case SIX_END_WIPEOUT:
		snprintf(text, sizeof(text), "Deal %d: nobody is left "
		    "standing; there is no survivor bonus.", s->hand);
		break;
	default:
		snprintf(text, sizeof(text), "Deal %d reached the cap of %d "
		    "orbits; there is no survivor bonus.", s->hand,
		    s->orbit_cap);
		break;
	}
	for (t = 0; t < s->nfactions; t++) {
		s->scores[t] += fd[t];
		s->deal_points[t] += fd[t];
	}
	if (s->hand >= s->ndeals) {
		end_match(s, text, sizeof(text));
		add_event(s, ev, kind, fd, text);
		return;
	}
	add_event(s, ev, kind, fd, text);
	s->hand++;
	s->dealer = (uint8_t)((s->dealer + 1) % s->nseats);
}

/* Move q's piles (buried cards first, then the top) and hand to the center. */
static void
clear_player(struct six_state *s, int q)
{
	int	 p, i, j, pile;

	for (p = 0; p < SIX_PILES; p++) {
		pile = q * SIX_PILES + p;
		for (i = j = 0; i < s->nunder; i++) {
			if (s->under_pile[i] == pile)
				s->center[s->ncenter++] = s->under[i];
			else {
				s->under[j] = s->under[i];
				s->under_pile[j++] = s->under_pile[i];
			}
		}
		for (i = j; i < s->nunder; i++) {
			s->under[i] = CARD_NONE;
			s->under_pile[i] = 0;
		}
		s->nunder = (uint8_t)j;
		s->depth[q][p] = 0;
		s->center[s->ncenter++] = s->top[q][p];
		s->top[q][p] = CARD_NONE;
	}
	for (i = 0; i < s->nhand[q]; i++)
		s->center[s->ncenter++] = s->hands[q][i];
	memset(s->hands[q], CARD_NONE, sizeof(s->hands[q]));
	s->nhand[q] = 0;
	memset(s->known[q], 0, sizeof(s->known[q]));
}

static int
one_faction_left(const struct six_state *s)
{
	int	 i, t = -1;

	for (i = 0; i < s->nseats; i++)
		if (s->alive & (1u << i)) {
			if (t >= 0 && six_team(s, i) != t)
				return 0;
			t = six_team(s, i);
		}
	return t >= 0;
}

/*
 * Seat p eliminates seat q (7c step 5).  Returns 1 when that ended the
 * deal (nobody left alive).
 */
int
six_eliminate(struct six_state *s, int p, int q, struct game_events *ev)
{
	int32_t	 fd[GAME_SEATS_MAX];
	char	 text[GAME_EVENT_TEXT_MAX], name[16];
	int	 e, pts, i, nsurv;

	memset(fd, 0, sizeof(fd));
	e = ++s->elims;
	pts = s->nseats - e + 1;
	fd[six_team(s, p)] += pts;
	s->alive &= (uint16_t)~(1u << q);
	nsurv = popcount(s->alive);
	for (i = 0; i < s->nseats; i++)
		if (s->alive & (1u << i))
			fd[six_team(s, i)]++;
	for (i = 0; i < s->nfactions; i++) {
		s->scores[i] += fd[i];
		s->deal_points[i] += fd[i];
	}
	s->fell_by[q] = (uint8_t)p;
	s->fell_order[q] = (uint8_t)e;
	clear_player(s, q);
	faction_name(s, six_team(s, p), name, sizeof(name));
	snprintf(text, sizeof(text), "Seat %d eliminated seat %d with a six "
	    "suit (fall %d of deal %d): %s scores %d; %d survivor%s score%s "
	    "1 each.", p, q, e, s->hand, name, pts, nsurv,
	    nsurv == 1 ? "" : "s", nsurv == 1 ? "s" : "");
	add_event(s, ev, SIX_END_FALL, fd, text);
	if (s->alive == 0) {
		six_end_deal(s, SIX_END_WIPEOUT, ev);
		return 1;
	}
	if (one_faction_left(s))
		s->final_pending = 1;
	return 0;
}

