/*
 * six_suit_bot.c: a Six Suit bot that reads only its own view.
 *
 * Predict: the declaration that earns the most extra cards on average
 * over the cards it has not seen.  Play: eliminate an opponent when it
 * can (a double match first, for the extra turn), otherwise move its
 * own faction away from six suits, keep a chain going, push opponents
 * towards six suits (as much as its own safety; but when a third
 * faction moves next and would take the elimination, rather away),
 * and discard the card worth least, keeping cards that could finish an
 * opponent.  Veto:
 * accept only a play that leaves it safer.  Ties are broken by the
 * noise.  The strong bot's careful rule (six_bot_choose_careful) is
 * the same but for a push with a third faction next: still towards,
 * at an eighth of the weight.
 */
#include "six_suit.h"

#include <string.h>

#include "move.h"
#include "six_suit_dist.h"

enum {
	ELIMINATE = 100000,
	EXTRA_TURN = 400,
	WASTED = -100000
};

/* How bad a distance from a six suit is for the player who has it. */
static int
danger(int d)
{
	static const int	 table[] = { 3000, 400, 60, 8 };

	return d >= 0 && d < 4 ? table[d] : 0;
}

/* The tops of q with pile p replaced by c. */
static void
tops_with(const struct six_state *v, int q, int p, card_t c,
    card_t out[SIX_PILES])
{
	memcpy(out, v->top[q], SIX_PILES);
	out[p] = c;
}

/* Would a double match on q now earn an extra turn? */
static int
earns_extra(const struct six_state *v, int q)
{
	return v->natural || q == v->chain_target || v->relaxed;
}

/* What play() works out once per move for every seat. */
struct pctx {
	struct six_tops	 tc[GAME_SEATS_MAX];
	int		 d0[GAME_SEATS_MAX];	/* distance now */
	int		 team[GAME_SEATS_MAX];
	int		 next_team;		/* the next seat's */
	int		 open[GAME_SEATS_MAX];	/* six_play_allowed's seat part */
	int		 opp[GAME_SEATS_MAX];	/* a living opponent */
	int		 k[GAME_SEATS_MAX][SIX_PILES];	/* matches of the card */
	int		 d1[GAME_SEATS_MAX][SIX_PILES];	/* distance after it */
	int		 free;			/* six_free_time */
	int		 mine;			/* our team */
	int		 careful;		/* the strong bot's rule */
};

/*
 * Does a third faction (neither ours nor q's) move right after this
 * play on q?  Then pushing q towards a six suit mostly hands that
 * faction the elimination and its points.  (Measured against the
 * earlier bot, which pushed every opponent at 1/8 of its own safety:
 * this one won 518 to 381 of 1000 4-seat team games, 457 to 299 of 800
 * 6-seat games alone, 164 to 126 of 300 12-seat games alone.)
 */
static int
third_party_next(const struct six_state *v, const struct pctx *pc, int q,
    int k)
{
	if (k == 2 && earns_extra(v, q) && v->extras < SIX_CHAIN_CAP)
		return 0;		/* our own extra turn comes next */
	return pc->next_team != pc->mine && pc->next_team != pc->team[q];
}

/* The card's play on q's pile p (its matches and distances in pc). */
static int
score_play(const struct six_state *v, int seat, const struct pctx *pc,
    int q, int p)
{
	int	 k = pc->k[q][p], d0 = pc->d0[q], d1 = pc->d1[q][p], sc = 0;
	int	 ours = pc->team[q] == pc->mine;

	if (pc->free) {
		if (q != seat && !ours)
			return WASTED;	/* would only help an opponent */
	} else if (!ours && d1 == 0)
		return ELIMINATE + (k == 2 && earns_extra(v, q) ? EXTRA_TURN :
		    0) + (v->nseats - v->elims) * 10;
	if (ours)
		sc += danger(d0) - danger(d1);
	else if (!third_party_next(v, pc, q, k))
		sc += danger(d1) - danger(d0);
	else
		/*
		 * The careful rule pushes still: the third faction may not
		 * hold the card that finishes q, and q is nearer our own
		 * chance.  Easy against easy, one seat careful, it won
		 * 27.3% of 4,000 games at 4 seats alone (24.0% as easy),
		 * 34.9% of 3,000 at 3 (32.3%), 18.6% at 6 (17.0%).
		 */
		sc += (pc->careful ? 1 : -1) * (danger(d1) - danger(d0)) / 8;
	if (k == 2 && earns_extra(v, q) && v->extras < SIX_CHAIN_CAP)
		sc += EXTRA_TURN / (ours && d1 == 0 ? 8 : 1);
	return sc;
}

/*
 * Fill pc's matches and distances for card c, and return the card's
 * worth in hand: how many living opponents' tops it matches, and much
 * more for each top it could finish an opponent on.
 */
static int
card_worth(const struct six_state *v, card_t c, struct pctx *pc)
{
	struct six_attr	 ca;
	int		 q, p, w = 0;

	six_attr_of(c, &ca);
	for (q = 0; q < v->nseats; q++) {
		if (!pc->opp[q] && !pc->open[q])
			continue;
		for (p = 0; p < SIX_PILES; p++) {
			if ((pc->k[q][p] = six_tops_matches(&pc->tc[q], p,
			    &ca)) == 0)
				continue;
			pc->d1[q][p] = six_tops_distance_with(&pc->tc[q], p,
			    &ca);
			if (pc->opp[q])
				w += pc->d1[q][p] == 0 ? 9 : 1;
		}
	}
	return w;
}

/*
 * A declaration d's worth over the unseen cards u: 2 for u == d, 1 for
 * u sharing exactly two of d's three attributes.  Counted by pairs of
 * attributes (a card id is number, color and suit: card.h), which is
 * the same sum as comparing d with every unseen card.
 */
static void
predict(const struct six_state *v, int seat, struct rng *r,
    struct game_move *out)
{
	uint8_t	 seen[CARD_TT_COUNT];
	int	 nc[5][5], ns[5][5], cs[5][5];
	int	 best = -1, d, u, val, i, j, p, ties = 0, n, c, s;
	card_t	 pick = 0;

	memset(seen, 0, sizeof(seen));
	for (i = 0; i < v->nseats; i++)
		for (p = 0; p < SIX_PILES; p++)
			if (v->top[i][p] < CARD_TT_COUNT)
				seen[v->top[i][p]] = 1;
	for (j = 0; j < v->nunder; j++)
		seen[v->under[j]] = 1;
	for (j = 0; j < v->ncenter; j++)
		seen[v->center[j]] = 1;
	for (j = 0; j < v->nhand[seat]; j++)
		seen[v->hands[seat][j]] = 1;
	memset(nc, 0, sizeof(nc));
	memset(ns, 0, sizeof(ns));
	memset(cs, 0, sizeof(cs));
	/* Ids in order, d = 25 n + 5 c + s (card_tt_make). */
	for (n = 0, u = 0; n < 5; n++)
		for (c = 0; c < 5; c++)
			for (s = 0; s < 5; s++, u++)
				if (!seen[u]) {
					nc[n][c]++;
					ns[n][s]++;
					cs[c][s]++;
				}
	for (n = 0, d = 0; n < 5; n++)
		for (c = 0; c < 5; c++)
			for (s = 0; s < 5; s++, d++) {
				/* Each pair count holds d once when unseen. */
				val = nc[n][c] + ns[n][s] + cs[c][s] -
				    (seen[d] ? 0 : 1);
				if (val > best) {
					best = val;
					pick = (card_t)d;
					ties = 1;
				} else if (val == best && rng_uniform(r,
				    (uint32_t)++ties) == 0)
					pick = (card_t)d;
			}
	move_clear(out);
	out->verb = SIX_PREDICT;
	move_add_card(out, pick, 0);
}

/*
 * A play's choice while play() weighs them, the move built once at the
 * end: building and copying a whole game_move per candidate cost a
 * playout more than the weighing.
 */
struct pick {
	uint8_t		 verb;
	card_t		 card, on;
	int8_t		 at;
};

static void
consider(struct pick *best, int *bestsc, int *ties, struct rng *r,
    const struct pick *pk, int sc)
{
	if (sc > *bestsc) {
		*best = *pk;
		*bestsc = sc;
		*ties = 1;
	} else if (sc == *bestsc && rng_uniform(r, (uint32_t)++*ties) == 0)
		*best = *pk;
}

static void
play(const struct six_state *v, int seat, int careful, struct rng *r,
    struct game_move *out)
{
	struct pick		 pk, best = { SIX_DISCARD, CARD_NONE, CARD_NONE, -1 };
	struct pctx		 pc;
	card_t			 c, t;
	int			 i, q, p, sc, w, bestsc = WASTED - 1, ties = 0;
	int			 alive;

	move_clear(out);
	if (v->nhand[seat] == 0) {
		out->verb = SIX_PASS;
		return;
	}
	pc.free = six_free_time(v);
	pc.careful = careful;
	pc.mine = six_team(v, seat);
	pc.next_team = six_team(v, (v->turn + 1) % v->nseats);
	for (q = 0; q < v->nseats; q++) {
		six_tops_set(&pc.tc[q], v->top[q]);
		pc.d0[q] = pc.tc[q].d0;
		pc.team[q] = six_team(v, q);
		alive = (v->alive & (1u << q)) != 0;
		pc.opp[q] = alive && pc.team[q] != pc.mine;
		pc.open[q] = alive && (q == seat || !pc.free ||
		    (v->nseats > 2 && v->veto && !(v->vetoed & (1u << q))));
	}
	for (i = 0; i < v->nhand[seat]; i++) {
		c = v->hands[seat][i];
		w = card_worth(v, c, &pc);
		/* One choice per card; only its "on" and "@" change. */
		pk.verb = SIX_PLAY;
		pk.card = c;
		for (q = 0; q < v->nseats; q++)
			for (p = 0; pc.open[q] && p < SIX_PILES; p++) {
				t = v->top[q][p];
				if (t >= CARD_TT_COUNT || pc.k[q][p] == 0)
					continue;	/* six_play_allowed */
				pk.on = t;
				pk.at = (int8_t)q;
				sc = score_play(v, seat, &pc, q, p) * 4 - w;
				consider(&best, &bestsc, &ties, r, &pk, sc);
			}
		pk.verb = SIX_DISCARD;
		pk.on = CARD_NONE;
		pk.at = -1;
		consider(&best, &bestsc, &ties, r, &pk, -4 - w);
	}
	/* A discard scores above WASTED - 1, so one was always kept. */
	out->verb = best.verb;
	move_add_card(out, best.card, 0);
	out->on = best.on;
	out->at = best.at;
}

static void
veto(const struct six_state *v, int seat, struct game_move *out)
{
	card_t	 after[SIX_PILES];
	int	 d0, d1;

	tops_with(v, seat, v->prop_pile, v->prop_card, after);
	d0 = six_distance(v->top[seat]);
	d1 = six_distance(after);
	move_clear(out);
	out->verb = danger(d1) < danger(d0) || (danger(d1) == danger(d0) &&
	    six_team(v, v->turn) == six_team(v, seat)) ? SIX_ACCEPT :
	    SIX_REJECT;
}

/* The easy bot, or with careful the strong bot's rule. */
static enum game_rc
bot_move(const struct six_state *view, int seat, const uint8_t noise[32],
    int careful, struct game_move *out)
{
	struct rng	 r;

	if (!six_may_act(view, seat))
		return GAME_REFUSED;
	rng_init(&r, noise);
	switch (view->phase) {
	case SIX_PHASE_PREDICT:
		predict(view, seat, &r, out);
		break;
	case SIX_PHASE_PLAY:
		play(view, seat, careful, &r, out);
		break;
	default:
		veto(view, seat, out);
		break;
	}
	return GAME_OK;
}

enum game_rc
six_bot_choose(const struct six_state *view, int seat,
    const uint8_t noise[32], struct game_move *out)
{
	return bot_move(view, seat, noise, 0, out);
}

enum game_rc
six_bot_choose_careful(const struct six_state *view, int seat,
    const uint8_t noise[32], struct game_move *out)
{
	return bot_move(view, seat, noise, 1, out);
}
