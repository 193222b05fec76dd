/*
 * leak_play.c: the twins' moves in the twin-game leak sweep (leak.c): a
 * move legal in both games, chosen at random, posted to both and swept,
 * until one would show the swapped card to anyone but the owner (the
 * engine's views of the two games compared, which also picks the swap).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "site.h"

#include "leak.h"

/* Which viewers' engine views differ: bit s for seat s, bit 31 spectator. */
uint32_t
leak_view_diff(const struct game_rules *g, int nseats, const uint8_t *a,
    const uint8_t *b)
{
	uint8_t		*va = calloc(1, g->view_size), *vb = calloc(1,
			    g->view_size);
	uint32_t	 m = 0;
	int		 s;

	if (va == NULL || vb == NULL)
		leak_die("out of memory");
	for (s = -1; s < nseats; s++) {
		memset(va, 0, g->view_size);
		memset(vb, 0, g->view_size);
		g->view(a, s < 0 ? GAME_VIEW_SPECTATOR : s, va);
		g->view(b, s < 0 ? GAME_VIEW_SPECTATOR : s, vb);
		if (memcmp(va, vb, g->view_size) != 0)
			m |= s < 0 ? 1u << 31 : 1u << s;
	}
	free(va);
	free(vb);
	return m;
}

/* Post move text as seat to both games; both must take it. */
static void
post2(struct twin *t, int seat, const char *text)
{
	struct site_req	 r;
	char		 body[4 * GAME_MOVE_TEXT_MAX], path[2][64], esc[
			    2 * GAME_MOVE_TEXT_MAX];
	const char	*p;
	char		*e = esc;
	int		 i;

	for (p = text; *p; p++) {		/* no '"' or '\\' in moves, */
		if (*p == '"' || *p == '\\')	/* but escape to be sure */
			*e++ = '\\';
		*e++ = *p;
	}
	*e = '\0';
	snprintf(body, sizeof(body), "{\"ply\": %d, \"move\": \"%s\"}",
	    t->ply, esc);
	for (i = 0; i < 2; i++) {
		snprintf(path[i], sizeof(path[i]), "/api/games/%lld/moves",
		    (long long)t->id[i]);
		memset(&r, 0, sizeof(r));
		r.method = "POST";
		r.path = path[i];
		r.cookie = L.seat_user[seat].cookie;
		r.csrf = L.seat_user[seat].csrf;
		r.body = body;
		if (site_request(&L.site, &r, &L.rep[i]) != 200) {
			fprintf(stderr, "soak-leak: %s game %lld: move %s "
			    "refused:\n%s\n", t->rules->slug,
			    (long long)t->id[i], text, L.rep[i].text);
			exit(2);
		}
	}
	/* What the mover reads back is a view too, when it is not S. */
	if (seat != t->owner) {
		t->ply++;
		leak_compare(t, 0, "move reply", L.seat_user[seat].name, 0);
		t->ply--;
	}
}

/* Up to max moves legal in both; returns the moves made. */
int
leak_play(struct twin *t, int max)
{
	const struct game_rules	*g = t->rules;
	struct game_move	*la = malloc(GAME_LEGAL_MAX * sizeof(*la));
	struct game_move	*lb = malloc(GAME_LEGAL_MAX * sizeof(*lb));
	struct game_status	 sa, sb;
	struct game_events	 ev;
	char			 why[GAME_WHY_MAX], ta[GAME_MOVE_TEXT_MAX],
				 tb[GAME_MOVE_TEXT_MAX];
	uint8_t			*na = malloc(g->state_size),
				*nb = malloc(g->state_size);
	int			 made = 0, seat, na_, nb_, i, j, *common,
				 nc, hand, cand[GAME_SEATS_MAX], ncand;
	uint32_t		 seen;

	common = malloc(GAME_LEGAL_MAX * sizeof(*common));
	if (la == NULL || lb == NULL || na == NULL || nb == NULL ||
	    common == NULL)
		leak_die("out of memory");
	g->status(t->st[0], &sa);
	hand = sa.hand;
	seen = leak_view_diff(g, t->nseats, t->st[0], t->st[1]);
	while (made < max) {
		g->status(t->st[0], &sa);
		g->status(t->st[1], &sb);
		if (sa.over || sb.over || sa.hand != hand || sb.hand != hand ||
		    sa.to_act != sb.to_act || sa.to_act == 0)
			break;
		for (ncand = 0, seat = 0; seat < t->nseats; seat++)
			if (sa.to_act & (1u << seat))
				cand[ncand++] = seat;
		seat = cand[leak_rnd((uint32_t)ncand)];
		na_ = g->legal(t->st[0], seat, la, GAME_LEGAL_MAX);
		nb_ = g->legal(t->st[1], seat, lb, GAME_LEGAL_MAX);
		if (na_ > GAME_LEGAL_MAX)
			na_ = GAME_LEGAL_MAX;
		if (nb_ > GAME_LEGAL_MAX)
			nb_ = GAME_LEGAL_MAX;
		for (nc = 0, i = 0; i < na_; i++) {
			g->format(&la[i], ta, sizeof(ta));
			for (j = 0; j < nb_; j++) {
				g->format(&lb[j], tb, sizeof(tb));
				if (strcmp(ta, tb) == 0) {
					common[nc++] = i;
					break;
				}
			}
		}
		if (nc == 0)
			break;
		i = common[leak_rnd((uint32_t)nc)];
		g->format(&la[i], ta, sizeof(ta));
		if (g->apply(t->st[0], na, seat, &la[i], &ev, why) != GAME_OK ||
		    g->apply(t->st[1], nb, seat, &la[i], &ev, why) != GAME_OK)
			break;		/* legal() listed a canonical instance */
		/* A move that shows the swapped card to anyone but S: stop. */
		if ((leak_view_diff(g, t->nseats, na, nb) & ~seen) != 0) {
			L.stopped_reveal++;
			break;
		}
		post2(t, seat, ta);
		if (t->nmoves < (int)(sizeof(t->moves) / sizeof(t->moves[0]))) {
			t->moves[t->nmoves].seat = seat;
			snprintf(t->moves[t->nmoves].text,
			    sizeof(t->moves[0].text), "%s", ta);
			t->nmoves++;
		}
		memcpy(t->st[0], na, g->state_size);
		memcpy(t->st[1], nb, g->state_size);
		t->ply++;
		made++;
		L.moves++;
		leak_sweep(t, 0);
	}
	free(la);
	free(lb);
	free(na);
	free(nb);
	free(common);
	return made;
}
