/*
 * vodkapolis_meld.c: the easy bot's meld or add in the play phase
 * (vp_meld_fast) and the floors of its takes (vp_bot_take_floors), on
 * the compact copy of vodkapolis_gp.h: the bot's choice of every move
 * of a playout but the draw, without vp_legal_adds' list.
 */
#include "vodkapolis_gp.h"

#include <string.h>

#include "move.h"

/* The running floor of vp_bot_take_floors: cards come, never go. */
struct floor {
	uint8_t		 cnt[VP_SLOTS];
	uint64_t	 room[2];	/* slots of a meld with room */
	uint64_t	 stuck[2];	/* by card id */
	int		 sum;
};

static void
floor_add(struct floor *f, card_t x)
{
	uint64_t	 w;
	int		 k, l, h, y, ok = 0;

	if (x >= VP_DECK)
		return;
	for (k = 0; k < 3; k++) {
		l = vp_slot_of[x][k];
		ok |= ++f->cnt[l] >= 3 || vp_gp_has(f->room, l);
		if (f->cnt[l] != 3)
			continue;
		/* A third card on the line: its stuck cards may go. */
		for (h = 0; h < 2; h++)
			for (w = f->stuck[h] & vp_line_mask[l][h]; w != 0;
			    w &= w - 1) {
				y = h * 64 + __builtin_ctzll(w);
				vp_gp_set(f->stuck, y, 0);
				f->sum -= vp_value_of[y] + VP_GP_CARD_WEIGHT;
			}
	}
	if (!ok) {
		vp_gp_set(f->stuck, x, 1);
		f->sum += vp_value_of[x] + VP_GP_CARD_WEIGHT;
	}
}

void
vp_bot_take_floors(const struct vp_state *v, int seat, int *fl)
{
	struct floor		 f;
	const struct vp_meld	*m;
	card_t			 a, b;
	int			 i, k;

	memset(&f, 0, sizeof(f));
	for (i = 0; i < v->nmelds; i++) {
		m = &v->melds[i];
		if (m->ncards >= VP_MELD_MAX)
			continue;
		a = m->cards[0];
		b = m->cards[1];
		/* As in vp_bot_floor: a meld on no one line, no floor. */
		if (m->ncards < 2 || a >= VP_DECK || b >= VP_DECK ||
		    card_tt_matches(a, b) != 2) {
			memset(fl, 0, sizeof(*fl) * v->nchain);
			return;
		}
		for (k = 0; k < 3; k++)
			if (vp_slot_of[a][k] == vp_slot_of[b][k])
				vp_gp_set(f.room, vp_slot_of[a][k], 1);
	}
	for (i = 0; i < v->nhand[seat]; i++)
		floor_add(&f, v->hands[seat][i]);
	for (i = v->nchain - 1; i >= 0; i--) {
		floor_add(&f, v->chain[i]);
		fl[i] = f.sum;
	}
}

/*
 * The legal new melds' triples of g in hand order, packed a << 16 |
 * b << 8 | c, into tr[0..max-1]: how many, or -1 past max.
 */
static int
gp_legal_triples(const struct vp_gp *g, uint32_t *tr, int max)
{
	uint64_t	 w;
	uint32_t	 key;
	int		 h, l, i, j, k, n, p, nt = 0, cd[VP_MELD_MAX], t[3];

	for (h = 0; h < 2; h++)
		for (w = g->big[h]; w != 0; w &= w - 1) {
			l = h * 64 + __builtin_ctzll(w);
			n = vp_gp_line_cards(g, l, cd);
			for (i = 0; i < n; i++)
				for (j = i + 1; j < n; j++)
					for (k = j + 1; k < n; k++) {
						t[0] = cd[i];
						t[1] = cd[j];
						t[2] = cd[k];
						if (!vp_gp_oblig_ok(g, t, 3, -1, l))
							continue;
						if (nt >= max)
							return -1;
						key = (uint32_t)(t[0] << 16 |
						    t[1] << 8 | t[2]);
						for (p = nt++; p > 0 &&
						    tr[p - 1] > key; p--)
							tr[p] = tr[p - 1];
						tr[p] = key;
					}
		}
	return nt;
}

int
vp_meld_fast(const struct vp_state *s, int seat, const uint8_t noise[32],
    struct game_move *out)
{
	struct vp_gp		 g;
	struct vp_new_meld	 nm;
	uint32_t		 tr[VP_GP_MOVES_MAX];
	uint64_t		 w;
	unsigned		 tmask, b;
	int			 ac[3 * VP_DECK], am[3 * VP_DECK];
	int			 h, c, k, i, j, t, m[3], nmc, v, n, nl = 0;
	int			 na = 0, nt = 0, bw = 0, best = -1, bt = -1;

	if (s->phase != VP_PHASE_PLAY || seat != s->turn ||
	    (s->viewer != VP_NOT_A_VIEW && s->viewer != seat))
		return 0;
	if (vp_gp_init(&g, s, seat) != 0)
		return -1;
	/* The adds in list order: held cards in order, melds by index. */
	for (h = 0; h < 2 && g.nh >= 2; h++)
		for (w = g.held[h]; w != 0; w &= w - 1) {
			c = h * 64 + __builtin_ctzll(w);
			for (nmc = 0, k = 0; k < 3; k++) {
				t = g.meld[vp_slot_of[c][k]];
				if (t < 0 || g.size[t] >= VP_MELD_MAX)
					continue;
				for (j = nmc++; j > 0 && m[j - 1] > t; j--)
					m[j] = m[j - 1];
				m[j] = t;
			}
			for (i = 0; i < nmc; i++)
				if (vp_gp_oblig_ok(&g, &c, 1, m[i], -1)) {
					ac[na] = c;
					am[na++] = m[i];
				}
		}
	/* The new melds: each legal triple before each target allowed. */
	tmask = g.nh >= 4 ? vp_gp_targets(&g, s, seat) : 0;
	for (b = tmask; b != 0; b &= b - 1)
		nt++;
	if (nt > 0 && (nl = gp_legal_triples(&g, tr, VP_GP_MOVES_MAX)) < 0)
		return -1;
	n = nl * nt;
	if (na > 0) {
		/* best_add over the adds after the n melds, all in its cap. */
		if (n + na > VP_GP_MOVES_MAX)
			return -1;
		for (i = 0; i < na; i++) {
			v = 2 * (1000 + vp_value_of[ac[i]] + 40 * g.opp[am[i]]) +
			    (noise[(n + i) % 32] & 1);
			if (v > bw) {
				bw = v;
				best = i;
			}
		}
		move_simple(out, VP_ADD, (card_t)ac[best]);
		out->on = s->melds[am[best]].cards[0];
		return 1;
	}
	if (n > VP_GP_MOVES_MAX)
		return -1;
	for (i = 0, k = 0; i < nl; i++) {
		c = vp_value_of[tr[i] >> 16] + vp_value_of[(tr[i] >> 8) & 0xff] +
		    vp_value_of[tr[i] & 0xff];
		for (t = 0; t < s->nseats && t < VP_SEATS_MAX; t++) {
			if (!((tmask >> t) & 1))
				continue;
			v = 2 * (500 + 4 * c + g.tw[t]) + (noise[k++ % 32] & 1);
			if (v > bw) {
				bw = v;
				best = i;
				bt = t;
			}
		}
	}
	if (best < 0)
		return 0;
	nm.cards[0] = (card_t)(tr[best] >> 16);
	nm.cards[1] = (card_t)((tr[best] >> 8) & 0xff);
	nm.cards[2] = (card_t)(tr[best] & 0xff);
	nm.at = (int8_t)bt;
	vp_new_meld_move(&nm, out);
	return 1;
}
