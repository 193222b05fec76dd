/*
 * twelve_step_text.c: 12-Step Rummy moves as text (the shared grammar
 * of move.h) and the list of legal moves.  Verbs: draw, take,
 * contract MELD | MELD ..., layoff X on Y [@N[.K]], liberate X on Y
 * [@N[.K]], mayi, withdraw, pass, discard X.  A wild's card is written
 * "JK=8H"; "@N.K" is seat N's K-th meld in the order laid.
 */
#include "twelve_step.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "move.h"

static const char *const verbs[] = {
	"draw", "take", "contract", "layoff", "liberate", "mayi", "withdraw",
	"pass", "discard", NULL
};

static const struct move_grammar grammar = { CARD_STD, verbs };

static const char *const phase_names[TSR_PHASE__MAX] = {
	"deal", "draw", "play", "over"
};

const char *
tsr_phase_name(int phase)
{
	return phase >= 0 && phase < TSR_PHASE__MAX ? phase_names[phase] : "?";
}

static enum game_rc
bad(char why[GAME_WHY_MAX], const char *fmt, const char *arg)
{
	snprintf(why, GAME_WHY_MAX, fmt, arg != NULL ? arg : "");
	return GAME_BAD_TEXT;
}

/* The next space-separated token of *p: its start, length in *n. */
static const char *
token(const char **p, size_t *n)
{
	const char	*t;

	while (**p == ' ' || **p == '\t')
		(*p)++;
	t = *p;
	while (**p != '\0' && **p != ' ' && **p != '\t')
		(*p)++;
	*n = (size_t)(*p - t);
	return t;
}

/*
 * "contract" with meld numbers (the page's form, one select per card):
 * "contract 5C/1 JK/2 =8H 7H/2 9D/0 5D/1 ..." is "contract 5C 5D ... |
 * JK=8H 7H ...": CARD/N puts the card in meld N (1..3; 0 leaves it in
 * the hand), a token "=X" names the card the wild before it stands for
 * ("=" alone names none).  Rewrites text into out; 0 when it is not
 * this form (out untouched), 1 when rewritten, -1 with why[].
 */
static int
contract_by_number(const char *text, char out[GAME_MOVE_TEXT_MAX],
    char why[GAME_WHY_MAX])
{
	const char	*p = text, *t, *slash;
	char		 card[GAME_MOVE_CARDS_MAX][12];
	int		 grp[GAME_MOVE_CARDS_MAX];
	size_t		 n, len;
	int		 nc = 0, g, i, any = 0, tagged = 0;

	t = token(&p, &n);
	if (n != 8 || strncasecmp(t, "contract", 8) != 0 ||
	    strchr(text, '/') == NULL)
		return 0;
	for (t = token(&p, &n); n > 0; t = token(&p, &n)) {
		if (*t == '=') {
			if (nc == 0 || strchr(card[nc - 1], '=') != NULL) {
				snprintf(why, GAME_WHY_MAX, "\"%.*s\" names "
				    "the card of no wild.", (int)(n > 8 ? 8 :
				    n), t);
				return -1;
			}
			len = strlen(card[nc - 1]);
			if (n > 1 && len + n < sizeof(card[0]))
				memcpy(card[nc - 1] + len, t, n + 1),
				    card[nc - 1][len + n] = '\0';
			continue;
		}
		slash = memchr(t, '/', n);
		if (slash == NULL || slash + 2 != t + n || slash[1] < '0' ||
		    slash[1] > '0' + TSR_REQS_MAX || slash == t ||
		    (size_t)(slash - t) >= sizeof(card[0])) {
			snprintf(why, GAME_WHY_MAX, "With meld numbers every "
			    "card says its meld, as in 5C/1 (0: kept), not "
			    "\"%.*s\".", (int)(n > 12 ? 12 : n), t);
			return -1;
		}
		if (nc == GAME_MOVE_CARDS_MAX) {
			snprintf(why, GAME_WHY_MAX, "Too many cards.");
			return -1;
		}
		memcpy(card[nc], t, (size_t)(slash - t));
		card[nc][slash - t] = '\0';
		grp[nc++] = slash[1] - '0';
		tagged = 1;
	}
	if (!tagged)
		return 0;
	len = (size_t)snprintf(out, GAME_MOVE_TEXT_MAX, "contract");
	for (g = 1; g <= TSR_REQS_MAX; g++) {
		int	 first = 1;

		for (i = 0; i < nc; i++) {
			if (grp[i] != g)
				continue;
			if (first && any)
				len += (size_t)snprintf(out + len,
				    len < GAME_MOVE_TEXT_MAX ?
				    GAME_MOVE_TEXT_MAX - len : 0, " |");
			first = 0;
			any = 1;
			len += (size_t)snprintf(out + len,
			    len < GAME_MOVE_TEXT_MAX ? GAME_MOVE_TEXT_MAX - len :
			    0, " %s", card[i]);
		}
	}
	if (len >= GAME_MOVE_TEXT_MAX) {
		snprintf(why, GAME_WHY_MAX, "That move is too long.");
		return -1;
	}
	if (!any) {
		snprintf(why, GAME_WHY_MAX, "Put the cards of your contract "
		    "in its melds (no card is in a meld).");
		return -1;
	}
	return 1;
}

/*
 * "@N.K", seat N's K-th meld (the shared grammar knows "@N" only):
 * copies text into out without ".K" and returns K, 0 when there is
 * none (out untouched), -1 with why[].
 */
static int
meld_number(const char *text, char out[GAME_MOVE_TEXT_MAX],
    char why[GAME_WHY_MAX])
{
	const char	*p = text, *t, *dot;
	size_t		 n;
	int		 k = 0;

	for (t = token(&p, &n); n > 0; t = token(&p, &n)) {
		if (*t != '@' || (dot = memchr(t, '.', n)) == NULL)
			continue;
		if (k > 0 || dot + 2 != t + n || dot[1] < '1' ||
		    dot[1] > '0' + TSR_REQS_MAX) {
			snprintf(why, GAME_WHY_MAX, "A meld is numbered among "
			    "its owner's from 1 to %d, as in @1.2, not "
			    "\"%.*s\".", TSR_REQS_MAX, (int)(n > 12 ? 12 : n),
			    t);
			return -1;
		}
		k = dot[1] - '0';
		snprintf(out, GAME_MOVE_TEXT_MAX, "%.*s%s", (int)(dot - text),
		    text, dot + 2);
	}
	return k;
}

enum game_rc
tsr_parse(const char *text, struct game_move *mv, char why[GAME_WHY_MAX])
{
	enum game_rc	 rc;
	const char	*v;
	char		 flat[GAME_MOVE_TEXT_MAX], plain[GAME_MOVE_TEXT_MAX];
	int		 i, target, nth = 0;

	if (text != NULL && strlen(text) < GAME_MOVE_TEXT_MAX) {
		if ((i = contract_by_number(text, flat, why)) < 0 ||
		    (nth = meld_number(i > 0 ? flat : text, plain,
		    why)) < 0) {
			move_clear(mv);
			return GAME_BAD_TEXT;
		}
		if (i > 0)
			text = flat;
		if (nth > 0)
			text = plain;
	}
	if ((rc = move_parse(&grammar, text, mv, why)) != GAME_OK)
		return rc;
	v = verbs[mv->verb];
	target = mv->verb == TSR_LAYOFF || mv->verb == TSR_LIBERATE;
	if (mv->num >= 0)
		return bad(why, "\"%s\" takes no number.", v);
	if (nth > 0)
		mv->num = nth;
	if (!target && (mv->on != CARD_NONE || mv->at >= 0))
		return bad(why, "\"%s\" names no meld.", v);
	if (target && mv->on == CARD_NONE)
		return bad(why, "Name the meld by a card in it, as in \"%s 9C "
		    "on 5C\".", v);
	for (i = 0; i < mv->ncards; i++) {
		if (mv->asnum[i] >= 0)
			return bad(why, "Write a wild's card, as in JK=8H.",
			    NULL);
		if (mv->as[i] != CARD_NONE && (!tsr_wild(mv->cards[i]) ||
		    mv->as[i] == CARD_STD_JK))
			return bad(why, "Only a wild (a deuce or a joker) "
			    "takes \"=\" with the card it stands for.", NULL);
	}
	switch (mv->verb) {
	case TSR_DRAW:
	case TSR_TAKE:
	case TSR_MAYI:
	case TSR_WITHDRAW:
	case TSR_PASS:
		if (mv->ncards != 0)
			return bad(why, "\"%s\" names no card.", v);
		break;
	case TSR_DISCARD:
	case TSR_LIBERATE:
	case TSR_LAYOFF:
		if (mv->ncards != 1 || mv->ngroups != 1)
			return bad(why, "\"%s\" names exactly one card.", v);
		if (mv->verb != TSR_LAYOFF && mv->as[0] != CARD_NONE)
			return bad(why, "\"%s\" takes no \"=\".", v);
		break;
	case TSR_CONTRACT:
		if (mv->ncards < 3 || mv->ngroups > TSR_REQS_MAX)
			return bad(why, "A contract is one to three melds "
			    "separated by \"|\", as in \"contract 3H 3D 3S | "
			    "5C 6C 7C 8C\".", NULL);
		break;
	default:
		return bad(why, "Unknown move.", NULL);
	}
	return GAME_OK;
}

size_t
tsr_format(const struct game_move *mv, char *buf, size_t bufsz)
{
	struct game_move	 m;
	size_t			 len;
	char			 k[8];

	if (mv->verb >= TSR_VERB__MAX) {
		if (bufsz > 0)
			buf[0] = '\0';
		return 0;
	}
	if (mv->num < 1 || mv->at < 0)
		return move_format(&grammar, mv, buf, bufsz);
	/* "@N" comes last: its meld number follows it as ".K". */
	m = *mv;
	m.num = -1;
	len = move_format(&grammar, &m, buf, bufsz);
	snprintf(k, sizeof(k), ".%d", (int)mv->num);
	if (len < bufsz)
		snprintf(buf + len, bufsz - len, "%s", k);
	return len + strlen(k);
}

static void
add(struct game_move *out, int max, int *n, const struct game_move *mv)
{
	if (*n < max)
		out[*n] = *mv;
	(*n)++;
}

static void
simple(struct game_move *mv, int verb, card_t c)
{
	move_clear(mv);
	mv->verb = (uint8_t)verb;
	if (c != CARD_NONE)
		move_add_card(mv, c, 0);
}

/* Lay-offs of card c (every id if c is CARD_NONE). */
static void
list_layoffs(const struct tsr_state *s, int seat, card_t only,
    struct game_move *out, int max, int *n)
{
	const struct tsr_meld	*m;
	struct game_move	 mv;
	uint8_t			 minus[TSR_IDS];
	card_t			 as;
	int			 c, j, pos;

	for (c = 0; c < TSR_IDS; c++) {
		if (s->hand[seat][c] == 0 || (only != CARD_NONE && c != only))
			continue;
		memset(minus, 0, sizeof(minus));
		minus[c] = 1;
		if (tsr_kept(s, seat, minus) < 1)
			continue;
		for (j = 0; j < s->nmelds; j++) {
			m = &s->melds[j];
			for (pos = -1; pos < 2; pos++) {
				as = CARD_NONE;
				if (pos >= 0) {
					/* A wild on a run: each open end. */
					if (m->kind != TSR_RUN ||
					    !tsr_wild((card_t)c))
						break;
					as = tsr_run_card(m->suit, pos == 0 ?
					    m->lo - 1 : m->hi + 1);
					if ((pos == 0 && m->lo == 0) ||
					    (pos == 1 && m->hi == 13))
						continue;
					/* Both ends an ace: named once. */
					if (pos == 1 && m->lo > 0 && as ==
					    tsr_run_card(m->suit, m->lo - 1))
						continue;
				} else if (m->kind == TSR_RUN &&
				    tsr_wild((card_t)c))
					continue;
				if (tsr_layoff_pos(m, (card_t)c, as, NULL) < 0)
					continue;
				simple(&mv, TSR_LAYOFF, (card_t)c);
				mv.as[0] = as;
				if (tsr_name_target(s, seat, j, (card_t)c, as,
				    TSR_FOR_LAYOFF, &mv) == 0)
					add(out, max, n, &mv);
			}
		}
	}
}

static void
list_liberations(const struct tsr_state *s, int seat, struct game_move *out,
    int max, int *n)
{
	struct game_move	 mv;
	int			 c, j;

	for (c = 0; c < CARD_STD_COUNT; c++) {
		if (s->hand[seat][c] == 0 || tsr_wild((card_t)c))
			continue;
		for (j = 0; j < s->nmelds; j++) {
			if (!tsr_can_liberate(s, seat, j, (card_t)c))
				continue;
			simple(&mv, TSR_LIBERATE, (card_t)c);
			if (tsr_name_target(s, seat, j, (card_t)c, CARD_NONE,
			    TSR_FOR_LIBERATE, &mv) == 0)
				add(out, max, n, &mv);
		}
	}
}

static void
list_play(const struct tsr_state *s, int seat, struct game_move *out,
    int max, int *n)
{
	struct tsr_meld		 melds[TSR_REQS_MAX];
	struct game_move	 mv;
	card_t			 kn = tsr_keep_not(s, seat);
	int			 down = (s->down >> seat) & 1, k, c;

	if (s->pending != CARD_NONE) {
		if (down)
			list_layoffs(s, seat, s->pending, out, max, n);
		else if ((k = tsr_find_contract(s->hand[seat], s->nhand[seat],
		    tsr_current_contract(s, seat), kn, s->pending,
		    melds)) > 0) {
			tsr_contract_move(melds, k, &mv);
			add(out, max, n, &mv);
		}
		return;
	}
	if (!down && (k = tsr_find_contract(s->hand[seat], s->nhand[seat],
	    tsr_current_contract(s, seat), kn, CARD_NONE, melds)) > 0) {
		tsr_contract_move(melds, k, &mv);
		add(out, max, n, &mv);
	}
	if (down)
		list_layoffs(s, seat, CARD_NONE, out, max, n);
	if (down || s->free_liberate)
		list_liberations(s, seat, out, max, n);
	for (c = 0; c < TSR_IDS; c++)
		if (s->hand[seat][c] > 0 && c != kn) {
			simple(&mv, TSR_DISCARD, (card_t)c);
			add(out, max, n, &mv);
		}
}

int
tsr_legal(const void *st, int seat, struct game_move *out, int max)
{
	const struct tsr_state	*s = st;
	struct game_move	 mv;
	int			 n = 0;

	if (!tsr_playing(s) || seat < 0 || seat >= s->nseats)
		return 0;
	/* A view made for anyone else hides this seat's hand: no moves. */
	if (s->viewer != TSR_NOT_A_VIEW && s->viewer != seat)
		return 0;
	if (seat != s->turn) {
		if (tsr_buyers(s) & (1u << seat)) {
			simple(&mv, TSR_MAYI, CARD_NONE);
			add(out, max, &n, &mv);
			simple(&mv, TSR_PASS, CARD_NONE);
			add(out, max, &n, &mv);
		} else if (s->win_card != CARD_NONE &&
		    (s->win_asked & (1u << seat))) {
			simple(&mv, TSR_WITHDRAW, CARD_NONE);
			add(out, max, &n, &mv);
		}
		return n;
	}
	if (s->phase == TSR_PHASE_DRAW) {
		simple(&mv, TSR_DRAW, CARD_NONE);
		add(out, max, &n, &mv);
		if (s->ndiscard > 0 && tsr_may_take(s, seat)) {
			simple(&mv, TSR_TAKE, CARD_NONE);
			add(out, max, &n, &mv);
		}
		return n;
	}
	list_play(s, seat, out, max, &n);
	return n;
}
