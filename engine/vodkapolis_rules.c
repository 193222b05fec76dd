/*
 * vodkapolis_rules.c: Vodkapolis 500 melds, the round-robin rule 4b,
 * the take obligation (RULES.md 0.3, 2b), move checks and penalties
 * (the legal moves are listed in vodkapolis_legal.c).
 */
#include "vodkapolis.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int
attr(card_t c, int k)
{
	switch (k) {
	case 0:
		return card_tt_number(c);
	case 1:
		return card_tt_color(c);
	default:
		return card_tt_suit(c);
	}
}

int
vp_is_meld(card_t a, card_t b, card_t c)
{
	int	 k, same = 0;

	if (a >= VP_DECK || b >= VP_DECK || c >= VP_DECK || a == b || a == c ||
	    b == c)
		return 0;
	for (k = 0; k < 3; k++)
		if (attr(a, k) == attr(b, k) && attr(b, k) == attr(c, k))
			same++;
	return same == 2;
}

/* The attributes first: most cards fail there, before the loop. */
int
vp_on_line(const struct vp_meld *m, card_t x)
{
	int	 k, i;

	for (k = 0; k < 3; k++)
		if (attr(m->cards[0], k) == attr(m->cards[1], k) &&
		    attr(x, k) != attr(m->cards[0], k))
			return 0;
	for (i = 0; i < m->ncards; i++)
		if (m->cards[i] == x)
			return 0;
	return 1;
}

int
vp_fits(const struct vp_meld *m, card_t x)
{
	return m->ncards >= VP_MELD_MIN && m->ncards < VP_MELD_MAX &&
	    vp_on_line(m, x);
}

int
vp_count(const struct vp_state *s, int seat, int target)
{
	int	 i, n = 0;

	for (i = 0; i < s->nmelds; i++)
		if (s->melds[i].originator == seat &&
		    s->melds[i].target == target)
			n++;
	return n;
}

/*
 * The seats seat may lay a new meld before now (rule 4b), as a mask:
 * one pass over the melds, where vp_may_target per seat counts them
 * once per opponent.
 */
unsigned
vp_targets(const struct vp_state *s, int seat)
{
	int		 cnt[VP_SEATS_MAX], i, x, min = -1;
	unsigned	 mask = 0;

	memset(cnt, 0, sizeof(cnt));
	for (i = 0; i < s->nmelds; i++)
		if (s->melds[i].originator == seat &&
		    s->melds[i].target < VP_SEATS_MAX)
			cnt[s->melds[i].target]++;
	for (x = 0; x < s->nseats && x < VP_SEATS_MAX; x++) {
		if (x == seat || !(s->active & (1u << x)))
			continue;
		if (min < 0 || cnt[x] < min)
			min = cnt[x];
	}
	for (x = 0; x < s->nseats && x < VP_SEATS_MAX; x++)
		if (x != seat && (s->active & (1u << x)) && cnt[x] == min)
			mask |= 1u << x;
	return mask;
}

int
vp_may_target(const struct vp_state *s, int seat, int target)
{
	if (target < 0 || target >= s->nseats || target == seat ||
	    !(s->active & (1u << target)))
		return 0;
	return (vp_targets(s, seat) >> target) & 1;
}

/*
 * Can o (in hand[0..n-1]) still reach the table this turn, keeping a
 * card?  extra, when not NULL, is a meld about to be laid; grown is
 * the index of a meld about to receive one card, or -1.
 */
static int
placeable(const struct vp_state *s, const card_t *hand, int n, card_t o,
    const struct vp_meld *extra, int grown)
{
	int	 i, k, j, cnt, size, key;

	if (n >= 2) {
		for (i = 0; i < s->nmelds; i++) {
			size = s->melds[i].ncards + (i == grown);
			if (size < VP_MELD_MAX && vp_on_line(&s->melds[i], o))
				return 1;
		}
		if (extra != NULL && vp_on_line(extra, o))
			return 1;
	}
	if (n < 4)
		return 0;
	/* A new meld: o and two more cards of one of its three lines. */
	for (k = 0; k < 3; k++) {
		key = vp_line_key(o, k);
		cnt = 0;
		for (j = 0; j < n; j++)
			if (hand[j] != o && vp_line_key(hand[j], k) == key &&
			    ++cnt >= 2)
				return 1;
	}
	return 0;
}

int
vp_can_place(const struct vp_state *s, const card_t *hand, int n, card_t o)
{
	return placeable(s, hand, n, o, NULL, -1);
}

int
vp_obliged(const struct vp_state *s)
{
	return s->taken != CARD_NONE && s->turn < VP_SEATS_MAX &&
	    card_find(s->hands[s->turn], s->nhand[s->turn], s->taken) >= 0;
}

int
vp_meld_of(const struct vp_state *s, card_t c)
{
	int	 i;

	for (i = 0; i < s->nmelds; i++)
		if (card_find(s->melds[i].cards, s->melds[i].ncards, c) >= 0)
			return i;
	return -1;
}

/* hand minus the cards of rm[0..nrm-1], into out; returns the count. */
static int
without(const card_t *hand, int n, const card_t *rm, int nrm, card_t *out)
{
	int	 i, k = 0;

	for (i = 0; i < n; i++)
		if (card_find(rm, nrm, hand[i]) < 0)
			out[k++] = hand[i];
	return k;
}

/* A refusal sentence into why (if not NULL); returns -1. */
__attribute__((format(printf, 2, 3)))
static int
sayf(char *why, const char *fmt, ...)
{
	va_list	 ap;

	if (why == NULL)
		return -1;
	va_start(ap, fmt);
	vsnprintf(why, GAME_WHY_MAX, fmt, ap);
	va_end(ap);
	return -1;
}

/* A card's token, returned by value so it can sit in an argument list. */
struct tok {
	char	 t[CARD_TEXT_MAX];
};

static struct tok
tokstr(card_t c)
{
	struct tok	 t;

	t.t[0] = '\0';
	if (c != CARD_NONE)
		card_format(CARD_TT, c, t.t);
	return t;
}

static int
check_take(const struct vp_state *s, int seat, card_t x,
    char why[GAME_WHY_MAX])
{
	card_t	 h[VP_HAND_MAX + VP_DECK];
	int	 i, n;

	if ((i = card_find(s->chain, s->nchain, x)) < 0)
		return sayf(why, "%s is not in the discard chain.",
		    tokstr(x).t);
	n = s->nhand[seat];
	memcpy(h, s->hands[seat], (size_t)n);
	memcpy(h + n, s->chain + i, (size_t)(s->nchain - i));
	n += s->nchain - i;
	if (n > VP_HAND_MAX || !placeable(s, h, n, x, NULL, -1))
		return sayf(why, "You may take %s only if you can meld it this "
		    "turn and still keep a card to discard; you could not.",
		    tokstr(x).t);
	return 0;
}

/* Is the obligation still possible without rm[] (extra, grown: placeable)? */
static int
still_placeable(const struct vp_state *s, int seat, const card_t *rm,
    int nrm, const struct vp_meld *extra, int grown)
{
	card_t	 h[VP_HAND_MAX];
	int	 n;

	if (!vp_obliged(s) || card_find(rm, nrm, s->taken) >= 0)
		return 1;
	n = without(s->hands[seat], s->nhand[seat], rm, nrm, h);
	return placeable(s, h, n, s->taken, extra, grown);
}

static int
check_meld(const struct vp_state *s, int seat, const struct game_move *mv,
    char why[GAME_WHY_MAX])
{
	struct vp_meld	 m;
	int		 i;

	if (mv->ncards != 3)
		return sayf(why,
		    "A new meld is exactly 3 cards; lay 3, then add "
		    "more one by one.");
	for (i = 0; i < 3; i++)
		if (card_find(s->hands[seat], s->nhand[seat], mv->cards[i]) < 0)
			return sayf(why, "You do not hold %s.",
			    tokstr(mv->cards[i]).t);
	if (!vp_is_meld(mv->cards[0], mv->cards[1], mv->cards[2]))
		return sayf(why, "Those three cards are not a meld: a meld "
		    "shares two attributes (a line such as *Bh).");
	if (mv->at < 0 || mv->at >= s->nseats || mv->at == seat ||
	    !(s->active & (1u << mv->at)))
		return sayf(why, "Lay a new meld in front of an opponent still "
		    "in the game, as in \"meld 1Bh 2Bh 4Bh @1\".");
	if (!vp_may_target(s, seat, mv->at)) {
		snprintf(why, GAME_WHY_MAX,
		    "You must first lay a meld in front "
		    "of every other opponent before a second one in front of "
		    "seat %d (rule 4b).", mv->at);
		return -1;
	}
	if (s->nhand[seat] <= 3)
		return sayf(why, "You must keep a card to discard.");
	memset(&m, 0, sizeof(m));
	m.ncards = 3;
	memcpy(m.cards, mv->cards, 3);
	if (!still_placeable(s, seat, mv->cards, 3, &m, -1))
		return sayf(why, "After that meld you could no longer meld %s, "
		    "which you took from the chain.", tokstr(s->taken).t);
	return 0;
}

static int
check_add(const struct vp_state *s, int seat, const struct game_move *mv,
    char why[GAME_WHY_MAX])
{
	card_t	 x = mv->cards[0];
	int	 m;

	if (mv->ncards != 1 || mv->on == CARD_NONE)
		return sayf(why,
		    "Add one card to a meld named by a card in it, "
		    "as in \"add 3Bh on 1Bh\".");
	if (card_find(s->hands[seat], s->nhand[seat], x) < 0)
		return sayf(why, "You do not hold %s.", tokstr(x).t);
	if ((m = vp_meld_of(s, mv->on)) < 0)
		return sayf(why, "No meld on the table holds %s.",
		    tokstr(mv->on).t);
	if (s->melds[m].ncards >= VP_MELD_MAX)
		return sayf(why, "The meld with %s is complete: 5 cards, the "
		    "whole line.", tokstr(mv->on).t);
	if (!vp_fits(&s->melds[m], x))
		return sayf(why, "%s is not on that meld's line.", tokstr(x).t);
	if (s->nhand[seat] <= 1)
		return sayf(why, "You must keep a card to discard.");
	if (!still_placeable(s, seat, &x, 1, NULL, m))
		return sayf(why,
		    "After that you could no longer meld %s, which "
		    "you took from the chain.", tokstr(s->taken).t);
	return 0;
}

int
vp_check(const struct vp_state *s, int seat, const struct game_move *mv,
    char why[GAME_WHY_MAX])
{
	if (s->phase == VP_PHASE_DRAW) {
		switch (mv->verb) {
		case VP_DRAW:
			if (s->nstock == 0)
				return sayf(why, "The stock is empty.");
			return 0;
		case VP_TAKE:
			if (mv->ncards != 1)
				return sayf(why,
				    "Name the chain card to take, as "
				    "in \"take 3Rh\".");
			return check_take(s, seat, mv->cards[0], why);
		default:
			return sayf(why,
			    "First draw from the stock or take from "
			    "the discard chain.");
		}
	}
	switch (mv->verb) {
	case VP_DRAW:
	case VP_TAKE:
		return sayf(why, "You have already drawn this turn.");
	case VP_MELD:
		return check_meld(s, seat, mv, why);
	case VP_ADD:
		return check_add(s, seat, mv, why);
	case VP_UNDO:
		if (s->nlog == 0)
			return sayf(why,
			    "There is nothing to undo: a draw or a "
			    "take is never undone.");
		return 0;
	default:
		if (mv->ncards != 1)
			return sayf(why, "Name one card to discard.");
		if (card_find(s->hands[seat], s->nhand[seat], mv->cards[0]) < 0)
			return sayf(why, "You do not hold %s.",
			    tokstr(mv->cards[0]).t);
		if (vp_obliged(s))
			return sayf(why,
			    "You must meld %s, which you took from "
			    "the chain, before you discard.",
			    tokstr(s->taken).t);
		return 0;
	}
}

int
vp_held_penalty(const struct vp_state *s, int seat)
{
	int	 i, p = 0;

	for (i = 0; i < s->nhand[seat]; i++)
		p += vp_card_value(s->hands[seat][i]);
	return p;
}

int
vp_front_penalty(const struct vp_state *s, int seat)
{
	int	 i, j, p = 0;

	for (i = 0; i < s->nmelds; i++)
		if (s->melds[i].target == seat)
			for (j = 0; j < s->melds[i].ncards; j++)
				p += vp_card_value(s->melds[i].cards[j]);
	return p;
}
