/*
 * six_suit_view.c: the Six Suit definitions every part uses (factions,
 * six suits, free time, which plays are allowed), the legal-move list,
 * moves as text, what each viewer may see, and the self-checks that
 * tests and simulations run after every move.
 */
#include "six_suit.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "move.h"

static const char *const verbs[] = {
	"predict", "play", "discard", "pass", "accept", "reject", NULL
};

static const struct move_grammar grammar = { CARD_TT, verbs };

static const char *const phase_names[SIX_PHASE__MAX] = {
	"deal", "predict", "play", "veto", "over"
};

static const char *const end_names[SIX_END__MAX] = {
	"none", "elimination", "survived", "wipeout", "cap"
};

const char *
six_phase_name(int phase)
{
	return phase >= 0 && phase < SIX_PHASE__MAX ? phase_names[phase] : "?";
}

const char *
six_end_name(int kind)
{
	return kind >= 0 && kind < SIX_END__MAX ? end_names[kind] : "?";
}

int
six_team(const struct six_state *s, int seat)
{
	return s->nfactions > 0 ? seat % s->nfactions : seat;
}

/*
 * The fewest piles whose top must change for all six to share one
 * number, color or suit (the wild Q, black or blob, value 4, fits any):
 * per attribute, the piles neither of the most common plain value nor
 * wild.
 */
int
six_distance(const card_t tops[SIX_PILES])
{
	int	 cnt[3][5], best = SIX_PILES, a, x, i;

	memset(cnt, 0, sizeof(cnt));
	for (i = 0; i < SIX_PILES; i++) {
		if (tops[i] >= CARD_TT_COUNT)
			return SIX_PILES + 1;
		cnt[0][card_tt_number(tops[i])]++;
		cnt[1][card_tt_color(tops[i])]++;
		cnt[2][card_tt_suit(tops[i])]++;
	}
	for (a = 0; a < 3; a++)
		for (x = 0; x < 4; x++)
			if (SIX_PILES - cnt[a][x] - cnt[a][4] < best)
				best = SIX_PILES - cnt[a][x] - cnt[a][4];
	return best;
}

int
six_is_six_suit(const card_t tops[SIX_PILES])
{
	return six_distance(tops) == 0;
}

int
six_free_time(const struct six_state *s)
{
	return s->nat <= (uint32_t)SIX_FREE_ORBITS * s->nseats;
}

int
six_play_allowed(const struct six_state *s, int seat, card_t c, int q,
    int p)
{
	card_t	 t;

	if (q < 0 || q >= s->nseats || p < 0 || p >= SIX_PILES ||
	    !(s->alive & (1u << q)))
		return 0;
	t = s->top[q][p];
	if (t >= CARD_TT_COUNT || card_tt_matches(c, t) == 0)
		return 0;
	if (q != seat && six_free_time(s))
		return s->nseats > 2 && s->veto && !(s->vetoed & (1u << q));
	return 1;
}

int
six_may_act(const struct six_state *s, int seat)
{
	int	 who;

	if (s->phase <= SIX_PHASE_DEAL || s->phase >= SIX_PHASE_OVER)
		return 0;
	who = s->phase == SIX_PHASE_VETO ? s->prop_owner : s->turn;
	return seat == who &&
	    (s->viewer == SIX_NOT_A_VIEW || s->viewer == seat);
}

int
six_legal(const void *st, int seat, struct game_move *out, int max)
{
	const struct six_state	*s = st;
	struct game_move	 mv;
	card_t			 c;
	int			 n = 0, i, q, p;

	if (!six_may_act(s, seat))
		return 0;
	/* One move made up once per verb and card, then only its card,
	 * "on" and "@" changed: a turn lists 125 predictions, and the sim
	 * lists them twice after every move. */
	switch (s->phase) {
	case SIX_PHASE_PREDICT:
		move_simple(&mv, SIX_PREDICT, 0);
		for (i = 0; i < CARD_TT_COUNT; i++) {
			mv.cards[0] = (card_t)i;
			move_list_add(out, max, &n, &mv);
		}
		break;
	case SIX_PHASE_PLAY:
		if (s->nhand[seat] == 0) {
			move_simple(&mv, SIX_PASS, CARD_NONE);
			move_list_add(out, max, &n, &mv);
			break;
		}
		for (i = 0; i < s->nhand[seat]; i++) {
			c = s->hands[seat][i];
			move_simple(&mv, SIX_PLAY, c);
			for (q = 0; q < s->nseats; q++)
				for (p = 0; p < SIX_PILES; p++) {
					if (!six_play_allowed(s, seat, c, q, p))
						continue;
					mv.on = s->top[q][p];
					mv.at = (int8_t)q;
					move_list_add(out, max, &n, &mv);
				}
			move_simple(&mv, SIX_DISCARD, c);
			move_list_add(out, max, &n, &mv);
		}
		break;
	default:
		move_simple(&mv, SIX_ACCEPT, CARD_NONE);
		move_list_add(out, max, &n, &mv);
		move_simple(&mv, SIX_REJECT, CARD_NONE);
		move_list_add(out, max, &n, &mv);
		break;
	}
	return n;
}

static enum game_rc
bad(char why[GAME_WHY_MAX], const char *msg)
{
	snprintf(why, GAME_WHY_MAX, "%s", msg);
	return GAME_BAD_TEXT;
}

enum game_rc
six_parse(const char *text, struct game_move *mv, char why[GAME_WHY_MAX])
{
	enum game_rc	 rc;
	int		 i;

	if ((rc = move_parse(&grammar, text, mv, why)) != GAME_OK)
		return rc;
	if (mv->num >= 0 || mv->ngroups > 1)
		return bad(why, "Six Suit moves take no number and no \"|\".");
	for (i = 0; i < mv->ncards; i++) {
		if (mv->as[i] != CARD_NONE || mv->asnum[i] >= 0)
			return bad(why, "Write cards without \"=\": in Six Suit "
			    "black, blob and Q are matched literally.");
		if (mv->cards[i] >= CARD_TT_COUNT)
			return bad(why, "Six Suit is played without jokers.");
	}
	if (mv->on != CARD_NONE && mv->on >= CARD_TT_COUNT)
		return bad(why, "Six Suit is played without jokers.");
	switch (mv->verb) {
	case SIX_PREDICT:
		if (mv->ncards != 1 || mv->on != CARD_NONE || mv->at >= 0)
			return bad(why, "Predict one number, color and suit, as "
			    "in \"predict 2Bc\".");
		break;
	case SIX_PLAY:
		if (mv->ncards != 1 || mv->on == CARD_NONE)
			return bad(why, "Name your card and the top card you play "
			    "on, as in \"play 3Rh on 4Rt\" (optionally \"@2\" "
			    "for its owner).");
		break;
	case SIX_DISCARD:
		if (mv->ncards != 1 || mv->on != CARD_NONE || mv->at >= 0)
			return bad(why, "Name one card to discard, as in "
			    "\"discard 3Rh\".");
		break;
	default:
		if (mv->ncards != 0 || mv->on != CARD_NONE || mv->at >= 0) {
			snprintf(why, GAME_WHY_MAX, "\"%s\" takes no card or "
			    "seat.", verbs[mv->verb]);
			return GAME_BAD_TEXT;
		}
		break;
	}
	return GAME_OK;
}

size_t
six_format(const struct game_move *mv, char *buf, size_t bufsz)
{
	if (mv->verb >= SIX_VERB__MAX) {
		if (bufsz > 0)
			buf[0] = '\0';
		return 0;
	}
	return move_format(&grammar, mv, buf, bufsz);
}

static int
shows_all(const struct six_state *s, int viewer)
{
	return viewer == GAME_VIEW_ALL && s->over;
}

void
six_view(const void *st, int viewer, void *out)
{
	const struct six_state	*s = st;
	struct six_state	*v = out;
	int			 i;

	memcpy(v, s, sizeof(*v));
	memset(&v->rng, 0, sizeof(v->rng));
	if (viewer != GAME_VIEW_ALL && (viewer < 0 || viewer >= s->nseats))
		viewer = GAME_VIEW_SPECTATOR;
	if (viewer == GAME_VIEW_ALL && !shows_all(s, viewer))
		viewer = GAME_VIEW_SPECTATOR;
	v->viewer = (int8_t)viewer;
	if (viewer == GAME_VIEW_ALL)
		return;
	for (i = 0; i < GAME_SEATS_MAX; i++)
		if (i != viewer)
			memset(v->hands[i], CARD_NONE, sizeof(v->hands[i]));
	memset(v->stock, CARD_NONE, sizeof(v->stock));
	if (viewer != s->turn || !(s->phase > SIX_PHASE_DEAL &&
	    s->phase < SIX_PHASE_OVER))
	{
		for (i = 0; i < 3; i++)
			if (!(i == 0 && s->shown))
				v->drawn[i] = CARD_NONE;
		if (!s->shown)
			v->k = 0;
	}
}

__attribute__((format(printf, 2, 3)))
static int
fail(char why[GAME_WHY_MAX], const char *fmt, ...)
{
	va_list	 ap;

	va_start(ap, fmt);
	vsnprintf(why, GAME_WHY_MAX, fmt, ap);
	va_end(ap);
	return -1;
}

/* Count c once in seen[]; -1 with why[] if it is not a card or repeated. */
static int
see(uint8_t *seen, card_t c, int *total, char why[GAME_WHY_MAX])
{
	char	 tok[CARD_TEXT_MAX];

	if (c >= CARD_TT_COUNT)
		return fail(why, "a place holds a non-card (%d)", c);
	if (seen[c]++) {
		card_format(CARD_TT, c, tok);
		snprintf(why, GAME_WHY_MAX, "%s appears twice", tok);
		return -1;
	}
	(*total)++;
	return 0;
}

static int
audit_piles(const struct six_state *s, uint8_t *seen, int *total,
    char why[GAME_WHY_MAX])
{
	int	 depth[GAME_SEATS_MAX][SIX_PILES];
	int	 i, p, q;

	memset(depth, 0, sizeof(depth));
	for (i = 0; i < s->nunder; i++) {
		q = s->under_pile[i] / SIX_PILES;
		if (q >= s->nseats || !(s->alive & (1u << q)))
			return fail(why, "a buried card lies in dead seat %d", q);
		depth[q][s->under_pile[i] % SIX_PILES]++;
		if (see(seen, s->under[i], total, why) != 0)
			return -1;
	}
	for (q = 0; q < GAME_SEATS_MAX; q++)
		for (p = 0; p < SIX_PILES; p++) {
			if (depth[q][p] != s->depth[q][p])
				return fail(why, "seat %d: a pile depth is wrong",
				    q);
			if (q >= s->nseats || !(s->alive & (1u << q))) {
				if (s->top[q][p] != CARD_NONE)
					return fail(why, "ghost seat %d has a "
					    "top card", q);
			} else if (see(seen, s->top[q][p], total, why) != 0)
				return -1;
		}
	return 0;
}

/*
 * This deal's points per faction against the formula of RULES.md 7f,
 * worked out from who fell, in which order and by whom: the e-th fall
 * gives N - e + 1 to the eliminator's faction, and +1 to each player
 * alive after it, so a living seat has scored one per fall and a seat
 * that fell e-th has scored e - 1.  Once the match is over the last
 * deal may also hold the survivor bonus: m (N - e) (F - 1) for the one
 * faction of the m survivors (the sum over j < m of N - e - j, plus
 * m (m - 1) / 2).  A bonus mid-match is gone with the next deal's
 * reset, so it is checked only when its deal is the last: the sims'
 * one-deal games (deals=1) check every bonus they score.
 */
static int
audit_points(const struct six_state *s, char why[GAME_WHY_MAX])
{
	int32_t	 want[GAME_SEATS_MAX], extra;
	uint32_t orders = 0;
	int	 q, e, f, t = -1, m = 0, n = s->nseats;

	memset(want, 0, sizeof(want));
	for (q = 0; q < n; q++) {
		if (s->alive & (1u << q)) {
			want[six_team(s, q)] += s->elims;
			m++;
			if (t >= 0 && six_team(s, q) != t)
				t = GAME_SEATS_MAX;	/* two factions */
			else if (t < 0)
				t = six_team(s, q);
			continue;
		}
		e = s->fell_order[q];
		if (e < 1 || e > s->elims || s->fell_by[q] >= n ||
		    (orders & (1u << e)))
			return fail(why, "seat %d is out without a fall of its "
			    "own (order %d)", q, e);
		orders |= 1u << e;
		want[six_team(s, s->fell_by[q])] += n - e + 1;
		want[six_team(s, q)] += e - 1;
	}
	for (f = 0; f < s->nfactions; f++) {
		if ((extra = s->deal_points[f] - want[f]) == 0)
			continue;
		if (s->phase == SIX_PHASE_OVER && f == t &&
		    extra == m * (n - s->elims) * (s->nfactions - 1))
			continue;
		return fail(why, "faction %d has %d points this deal; the "
		    "falls give %d", f, (int)s->deal_points[f], (int)want[f]);
	}
	return 0;
}

/* Each card marked known in seat i's mask is in its hand. */
static int
audit_known(const struct six_state *s, int i, char why[GAME_WHY_MAX])
{
	int	 c;

	for (c = 0; c < 128; c++)
		if (six_known_has(s->known[i], (card_t)c) &&
		    card_find(s->hands[i], s->nhand[i], (card_t)c) < 0)
			return fail(why, "a card known to be in hand %d is not "
			    "there", i);
	return 0;
}

int
six_audit(const void *st, char why[GAME_WHY_MAX])
{
	const struct six_state	*s = st;
	uint8_t			 seen[CARD_TT_COUNT];
	int			 i, j, total = 0;

	if (s->layout != SIX_LAYOUT)
		return fail(why, "layout %d", s->layout);
	if (s->nseats < SIX_SEATS_MIN || s->nseats > SIX_SEATS_MAX ||
	    s->nfactions < 2 || s->nseats % s->nfactions != 0)
		return fail(why, "bad seat or faction count %d", s->nfactions);
	if (s->phase == SIX_PHASE_DEAL)
		return s->nstock + s->ncenter + s->nunder == 0 ? 0 :
		    fail(why, "cards before the deal (%d)", s->nstock);
	if ((s->alive >> s->nseats) != 0)
		return fail(why, "seat bitmask %d out of range", s->alive);
	memset(seen, 0, sizeof(seen));
	if (audit_piles(s, seen, &total, why) != 0)
		return -1;
	for (i = 0; i < GAME_SEATS_MAX; i++) {
		if (i >= s->nseats && s->nhand[i] != 0)
			return fail(why, "seat %d outside the game holds cards",
			    i);
		for (j = 0; j < s->nhand[i]; j++) {
			if (see(seen, s->hands[i][j], &total, why) != 0)
				return -1;
			if (j > 0 && s->hands[i][j - 1] > s->hands[i][j])
				return fail(why, "hand %d is not sorted", i);
		}
		if (audit_known(s, i, why) != 0)
			return -1;
	}
	for (i = 0; i < s->nstock; i++)
		if (see(seen, s->stock[i], &total, why) != 0)
			return -1;
	for (i = 0; i < s->ncenter; i++)
		if (see(seen, s->center[i], &total, why) != 0)
			return -1;
	if (total != SIX_DECK)
		return fail(why, "%d cards accounted for, not 125", total);
	if (audit_points(s, why) != 0)
		return -1;
	if (s->phase == SIX_PHASE_VETO) {
		if (s->prop_owner >= s->nseats || s->prop_pile >= SIX_PILES ||
		    s->top[s->prop_owner][s->prop_pile] != s->prop_on ||
		    s->prop_owner == s->turn)
			return fail(why, "the play under veto names no pile "
			    "(%d)", s->prop_owner);
		for (j = 0; j < s->nhand[s->turn]; j++)
			if (s->hands[s->turn][j] == s->prop_card)
				return 0;
		return fail(why, "the card under veto is not in seat %d's "
		    "hand", s->turn);
	}
	return 0;
}

int
six_audit_view(const void *st, const void *view, int viewer,
    char why[GAME_WHY_MAX])
{
	const struct six_state	*s = st, *v = view;
	static const uint8_t	 zero[sizeof(struct rng)];
	int			 i, j, actor;

	if (memcmp(&v->rng, zero, sizeof(zero)) != 0)
		return fail(why, "the view holds random state");
	if (shows_all(s, viewer))
		return 0;
	for (i = 0; i < GAME_SEATS_MAX; i++) {
		if (v->nhand[i] != s->nhand[i])
			return fail(why, "the view's count of hand %d differs",
			    i);
		if (i != viewer ? !card_all_none(v->hands[i], SIX_DECK) :
		    memcmp(v->hands[i], s->hands[i], SIX_DECK) != 0)
			return fail(why, "the view shows hand %d wrongly", i);
	}
	if (memcmp(v->known, s->known, sizeof(s->known)) != 0)
		return fail(why, "the view's known cards differ");
	if (v->nstock != s->nstock)
		return fail(why, "the view's stock count differs");
	if (!card_all_none(v->stock, SIX_DECK))
		return fail(why, "the view shows a stock card");
	actor = s->phase > SIX_PHASE_DEAL && s->phase < SIX_PHASE_OVER &&
	    viewer == s->turn;
	if (!actor && !s->shown && v->k != 0)
		return fail(why, "the view shows how well seat %d predicted",
		    s->turn);
	for (j = 0; j < 3; j++)
		if (v->drawn[j] != CARD_NONE && !actor && !(j == 0 && s->shown))
			return fail(why, "the view shows drawn card %d", j);
	return 0;
}

/*
 * The whole state face up for viewer, at any ply (a finished game's
 * history): the random stream is zeroed, so nothing left to draw
 * is in it.
 */
int
six_reveal(const void *st, int viewer, void *out)
{
	const struct six_state	*s = st;
	struct six_state		*v = out;

	memcpy(v, s, sizeof(*v));
	memset(&v->rng, 0, sizeof(v->rng));
	v->viewer = (int8_t)(viewer >= 0 && viewer < v->nseats ? viewer :
	    GAME_VIEW_ALL);
	return 0;
}
