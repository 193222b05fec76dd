/*
 * page_scores.c: the score sheet (page_scores.h).  Every string is
 * made before the render, in the request arena, so the lookups only
 * point at it.
 */
#include "page_scores.h"

#include <string.h>

#include "arena.h"
#include "game_web.h"
#include "plot.h"
#include "req.h"
#include "serve.h"
#include "store_game.h"
#include "store_hands.h"
#include "tpl.h"

struct sheet {
	int		 nseats;
	int		 nhands;
	int		 open;
	const char	*name[GAME_SEATS_MAX];
	const char	*key[GAME_SEATS_MAX];	/* plot_key's sample */
	const char	*plot;
	struct row	*rows;			/* nhands of them, then the totals */
};

/* A seat's running total after a hand, and the hand's change ("+10"). */
struct cell {
	long long	 total;
	const char	*delta;			/* NULL on the totals row */
};

struct row {
	int		 hand;			/* 0 on the totals row */
	const char	*kind;
	int		 last;			/* the totals row */
	struct cell	 cell[GAME_SEATS_MAX];
	int		 ncells;
};

static int
cell_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct cell	*c = data;

	if (strcmp(key, "total") == 0)
		return tpl_int(out, c->total);
	if (strcmp(key, "delta") == 0)
		return tpl_str(out, c->delta);
	return tpl_none(out);
}

static int
cell_item(const void *list, size_t i, struct tpl_ctx *out)
{
	out->lookup = cell_lookup;
	out->data = (const struct cell *)list + i;
	return 0;
}

static int
row_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct row	*w = data;

	if (strcmp(key, "hand") == 0)
		return w->last ? tpl_none(out) : tpl_int(out, w->hand);
	if (strcmp(key, "kind") == 0)
		return tpl_str(out, w->kind);
	if (strcmp(key, "totals_row") == 0)
		return tpl_bool(out, w->last);
	if (strcmp(key, "cells") == 0)
		return tpl_list(out, (size_t)w->ncells, cell_item, w->cell);
	return tpl_none(out);
}

static int
row_item(const void *list, size_t i, struct tpl_ctx *out)
{
	out->lookup = row_lookup;
	out->data = (const struct row *)list + i;
	return 0;
}

/* A column head: data points at the seat's index in the sheet. */
struct head {
	const struct sheet	*s;
	int			 seat;
};

static int
head_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct head	*h = data;

	if (strcmp(key, "name") == 0)
		return tpl_str(out, h->s->name[h->seat]);
	if (strcmp(key, "key_html") == 0)
		return tpl_str(out, h->s->key[h->seat]);
	return tpl_none(out);
}

static int
head_item(const void *list, size_t i, struct tpl_ctx *out)
{
	out->lookup = head_lookup;
	out->data = (const struct head *)list + i;
	return 0;
}

static int
sheet_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct sheet	*s = data;
	struct head		*heads;
	int			 i;

	if (strcmp(key, "sheet_heads") == 0) {
		/* Built here: the sheet is const, the heads point into it. */
		heads = (struct head *)(s->rows + s->nhands + 1);
		for (i = 0; i < s->nseats; i++) {
			heads[i].s = s;
			heads[i].seat = i;
		}
		return tpl_list(out, (size_t)s->nseats, head_item, heads);
	}
	if (strcmp(key, "sheet_rows") == 0)
		return tpl_list(out, (size_t)s->nhands + 1, row_item, s->rows);
	if (strcmp(key, "sheet_plot_html") == 0)
		return tpl_str(out, s->plot);
	if (strcmp(key, "sheet_open") == 0)
		return tpl_bool(out, s->open);
	if (strcmp(key, "sheet_hands") == 0)
		return tpl_int(out, s->nhands);
	if (strcmp(key, "sheet_hands_word") == 0)
		return tpl_str(out, s->nhands == 1 ? "hand" : "hands");
	return tpl_none(out);
}

static int
sheet_item(const void *list, size_t i, struct tpl_ctx *out)
{
	(void)i;
	out->lookup = sheet_lookup;
	out->data = list;
	return 0;
}

int
page_scores_value(struct req *r, const struct store_game *g,
    const struct page_game_names *names, int open, struct tpl_val *out)
{
	struct store_hand	*hands;
	struct sheet		*s;
	double			*y;
	char			*svg;
	long long		 run[GAME_SEATS_MAX];
	int			 n, h, k, np;

	tpl_list(out, 0, sheet_item, NULL);
	if (store_hands_list(r->app->db, r->arena, g->id, g->nseats, &hands,
	    &n) != DB_OK)
		return -1;
	if (n == 0)
		return 0;
	if ((s = arena_calloc(r->arena, sizeof(*s))) == NULL ||
	    (s->rows = arena_calloc(r->arena, (size_t)(n + 1) *
	    sizeof(*s->rows) + GAME_SEATS_MAX * sizeof(struct head))) == NULL)
		return -1;
	s->nseats = g->nseats < GAME_SEATS_MAX ? g->nseats : GAME_SEATS_MAX;
	s->nhands = n;
	s->open = open;
	/* The plot: every seat's total from 0 before the first hand. */
	np = n + 1 < PLOT_POINTS_MAX ? n + 1 : PLOT_POINTS_MAX;
	if ((y = arena_calloc(r->arena, (size_t)(s->nseats * np) *
	    sizeof(*y))) == NULL)
		return -1;
	memset(run, 0, sizeof(run));
	for (h = 0; h <= n; h++) {
		struct row	*w = &s->rows[h];

		w->last = h == n;
		w->hand = h < n ? hands[h].hand : 0;
		w->kind = h < n ? arena_strdup(r->arena, hands[h].kind) : NULL;
		w->ncells = s->nseats;
		for (k = 0; k < s->nseats; k++) {
			if (h < n) {
				run[k] += hands[h].delta[k];
				w->cell[k].delta = hands[h].delta[k] == 0 ?
				    "0" : arena_printf(r->arena, "%+d",
				    (int)hands[h].delta[k]);
				/* The last points, when the hands are many. */
				if (h + 1 - (n + 1 - np) >= 0)
					y[k * np + h + 1 - (n + 1 - np)] =
					    (double)run[k];
			}
			w->cell[k].total = run[k];
		}
	}
	for (k = 0; k < s->nseats; k++) {
		s->name[k] = page_game_who(names, k);
		if ((svg = arena_alloc(r->arena, PLOT_KEY_MAX)) != NULL &&
		    plot_key(k, svg, PLOT_KEY_MAX) > 0)
			s->key[k] = svg;
	}
	/* The room plot.h promises, for these lines and points only. */
	n = 1024 + s->nseats * (160 + 14 * np);
	if ((svg = arena_alloc(r->arena, (size_t)n)) != NULL &&
	    plot_lines(y, s->nseats, np, "The total of each player after each "
	    "hand", svg, (size_t)n) > 0)
		s->plot = svg;
	tpl_list(out, 1, sheet_item, s);
	return 0;
}
