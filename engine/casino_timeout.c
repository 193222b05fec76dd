/*
 * casino_timeout.c: the move made for a seat whose time ran out
 * (RULES.md 4b): the first drop, else the least take.
 */
#include "casino.h"

#include <string.h>

#include "move.h"

/* The timeout choice (RULES.md 4b): the first drop, else the least take. */
struct pick {
	const struct cm_state *s;
	int		 have, drop;
	struct game_move mv;
	card_t		 key[CM_IDS + 1];
	int		 nkey;
};

static void
take_key(const struct cm_state *s, const struct cm_play *pl, card_t *key,
    int *nkey)
{
	int	 i, x, n = 0;

	key[n++] = pl->h;
	for (i = 0; i < CM_IDS; i++) {
		x = s->pile_of[i];
		if (x == CM_NOBODY)
			continue;
		if (pl->sweep || x == pl->target ||
		    ((pl->taken[x >> 6] >> (x & 63)) & 1))
			key[n++] = (card_t)i;
	}
	*nkey = n;
}

static int
key_less(const card_t *a, int na, const card_t *b, int nb)
{
	int	 i;

	for (i = 0; i < na && i < nb; i++)
		if (a[i] != b[i])
			return a[i] < b[i];
	return na < nb;
}

static void
pick(void *ctx, const struct game_move *mv, const struct cm_play *pl)
{
	struct pick	*p = ctx;
	card_t		 key[CM_IDS + 1];
	int		 nkey;

	if (p->drop)
		return;
	if (pl->verb == CM_DROP) {
		p->drop = 1;
		p->have = 1;
		p->mv = *mv;
		return;
	}
	if (pl->verb != CM_TAKE)
		return;
	take_key(p->s, pl, key, &nkey);
	if (!p->have || key_less(key, nkey, p->key, p->nkey)) {
		p->have = 1;
		p->mv = *mv;
		memcpy(p->key, key, (size_t)nkey);
		p->nkey = nkey;
	}
}

/* A take of pile x by hand card c, built as text would be; 0 if legal. */
static int
try_take(const struct cm_state *s, int seat, card_t c, int decl, int on,
    int x, struct game_move *out)
{
	struct cm_play	 pl;
	char		 why[GAME_WHY_MAX];

	move_clear(out);
	out->verb = CM_TAKE;
	move_add_card(out, c, 0);
	if (decl > 0)
		out->asnum[0] = (int8_t)decl;
	if (on >= 0)
		out->on = s->piles[on].name;
	move_add_card(out, s->piles[x].name, 1);
	return cm_check(s, seat, out, &pl, why);
}

/*
 * RULES.md 4b: drop the lowest-id card (a declared number as low as it
 * goes); when drops are banned, the least take in canonical order.  If
 * the listing ran out of search steps on a crowded table, the first
 * capture of an owned pile (the one the ban saw) instead.
 */
enum game_rc
cm_timeout_move(const void *st, int seat, struct game_move *out)
{
	const struct cm_state	*s = st;
	struct pick		 p;
	int			 i, x, q, d, lo, hi, r;
	card_t			 c;

	move_clear(out);
	if (s->phase != CM_PHASE_PLAY || seat != s->turn)
		return GAME_REFUSED;
	if (cm_may_drop(s, seat))
		for (i = 0; i < s->nhand[seat]; i++) {
			c = s->hands[seat][i];
			r = cm_numbers(s, c, &lo, &hi);
			if (r < 0 && cm_can_sweep(s))
				continue;
			out->verb = CM_DROP;
			move_add_card(out, c, 0);
			if (r == 1)
				out->asnum[0] = (int8_t)lo;
			return GAME_OK;
		}
	memset(&p, 0, sizeof(p));
	p.s = s;
	cm_generate(s, seat, pick, &p);
	if (p.have) {
		*out = p.mv;
		return GAME_OK;
	}
	for (i = 0; i < s->nhand[seat]; i++) {
		c = s->hands[seat][i];
		if ((r = cm_numbers(s, c, &lo, &hi)) < 0)
			continue;
		for (d = lo; d <= hi; d++)
			for (x = 0; x < s->npiles; x++) {
				if (s->piles[x].owner != seat)
					continue;
				if (try_take(s, seat, c, r == 1 ? d : 0, -1, x,
				    out) == 0)
					return GAME_OK;
				for (q = 0; q < s->npiles; q++)
					if (q != x && try_take(s, seat, c,
					    r == 1 ? d : 0, q, x, out) == 0)
						return GAME_OK;
			}
	}
	return GAME_REFUSED;
}
