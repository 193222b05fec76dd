/*
 * page_game_cm.c: the Casino Macedonia board of the game and history
 * pages (game_web.h): the players with scores, hand and capture
 * counts; the table options; every table pile with its kind, value,
 * owner and the color or suit that binds it; the running category
 * counts of the hand (captures are public, since every captured card
 * was taken face up) and each seat's captured cards; the viewer's hand,
 * whose cards carry the piles each could take, build or stack on
 * (data-take, data-build, data-stack) for static/js/game_cm.js; and the
 * last hand's panel.  The template lookups are in page_game_cm_tpl.c,
 * the move forms in page_game_cm_play.c.  Everything is read from the
 * engine's view (struct cm_state); the structs of page_game_cm.h hold
 * what a lookup cannot compute on the fly.
 */
#include "page_game_kit.h"
#include "page_game_cm.h"

#include <stdio.h>
#include <string.h>

#include "arena.h"
#include "buf.h"
#include "cards.h"
#include "req.h"
#include "tpl.h"

static const char *const color_words[] = { "red", "yellow", "green", "blue" };
static const char *const suit_words[] = { "circle", "heart", "triangle",
	"square" };


static const char *
who(const struct pcm_board *b, int seat)
{
	return page_game_who(b->names, seat);
}

static const char *
text_of(struct buf *b)
{
	return b->failed ? "" : b->data;
}

/* The cards of cards[0..n) as a list; a declared number noted. */
static int
blist_set(struct req *r, const struct cm_state *v, struct pcm_list *l,
    const card_t *cards, int n)
{
	char	 note[32];
	int	 i, lo, hi;

	l->n = 0;
	l->v = NULL;
	if (n <= 0)
		return 0;
	if ((l->v = arena_calloc(r->arena, (size_t)n * sizeof(*l->v))) == NULL)
		return -1;
	for (i = 0; i < n; i++) {
		note[0] = '\0';
		if (v->pile_of[cards[i]] != CM_NOBODY &&
		    cm_numbers(v, cards[i], &lo, &hi) == 1 &&
		    v->decl[cards[i]] > 0)
			snprintf(note, sizeof(note), "played as %d",
			    v->decl[cards[i]]);
		card_format(CARD_TT, cards[i], l->v[i].tok);
		l->v[i].svg = page_game_svg(r, CARD_TT, cards[i], note);
	}
	l->n = n;
	return 0;
}

/* ---- building the board ---- */

/* The one element of a mask's natural bits, -1 for none, -2 for mixed. */
static int
one_of(int mask)
{
	int	 i, found = -1;

	for (i = 0; i < 4; i++)
		if (mask & (1 << i)) {
			if (found >= 0)
				return -2;
			found = i;
		}
	return found;
}

/* What a pile matches: its color, its suit, either, or anything. */
static const char *
binds_text(struct req *r, const struct cm_pile *p)
{
	int	 c = one_of(p->cmask), s = one_of(p->smask);
	char	 cw[40], sw[40];

	if (c == -2 && s == -2)
		return "nothing (mixed)";
	snprintf(cw, sizeof(cw), "%s", c >= 0 ? color_words[c] :
	    "any color (black)");
	snprintf(sw, sizeof(sw), "%s", s >= 0 ? suit_words[s] :
	    "any suit (blob)");
	if (c == -2)
		return arena_printf(r->arena, "%s; colors mixed", sw);
	if (s == -2)
		return arena_printf(r->arena, "%s; suits mixed", cw);
	return arena_printf(r->arena, "%s or %s", cw, sw);
}

static int
piles_set(struct req *r, struct pcm_board *b)
{
	static const char *const kinds[] = { "Single", "Build", "Stack" };
	const struct cm_state	*v = b->v;
	card_t			 cards[CM_IDS];
	int			 x, i, n;

	for (x = 0; x < v->npiles; x++) {
		const struct cm_pile	*p = &v->piles[x];
		struct pcm_tpile		*q = &b->piles[x];

		pcm_pile_tok(v, x, q->tok);
		q->kind = kinds[p->kind <= CM_STACK_PILE ? p->kind : 0];
		q->single = p->kind == CM_SINGLE;
		q->value = p->value == 0 ? "?" : arena_printf(r->arena, "%d",
		    p->value);
		q->mine = p->owner == b->viewer && b->viewer >= 0;
		q->owner = p->owner == CM_NOBODY ? NULL : p->owner ==
		    b->viewer ? "you" : who(b, p->owner);
		q->binds = binds_text(r, p);
		for (n = 0, i = 0; i < CM_IDS; i++)
			if (v->pile_of[i] == x)
				cards[n++] = (card_t)i;
		if (blist_set(r, v, &q->cards, cards, n) != 0)
			return -1;
	}
	return 0;
}

/* Pile names of set m (bit per pile), space-separated. */
static const char *
names_of(struct req *r, const struct cm_state *v, const uint64_t m[2])
{
	char		 tok[CARD_TEXT_MAX];
	struct buf	 b;
	int		 x, n = 0;

	buf_init(&b, r->arena);
	for (x = 0; x < v->npiles; x++)
		if ((m[x >> 6] >> (x & 63)) & 1) {
			pcm_pile_tok(v, x, tok);
			if (n++ > 0)
				buf_putc(&b, ' ');
			buf_puts(&b, tok);
		}
	return n == 0 ? NULL : text_of(&b);
}

static void
mark(uint64_t m[2], int x)
{
	if (x >= 0 && x < CM_PILES_MAX && x != CM_NOBODY)
		m[x >> 6] |= (uint64_t)1 << (x & 63);
}

/* The viewer's hand; to move, what each card could take or build on. */
static int
hand_set(struct req *r, struct pcm_board *b)
{
	const struct cm_state	*v = b->v;
	struct pcm_moves	 m;
	uint64_t		 take[2], build[2], stack[2];
	int			 i, k, x, seat = b->viewer;

	if (seat < 0 || seat >= v->nseats || v->nhand[seat] == 0 ||
	    v->hands[seat][0] == CARD_NONE)
		return 0;
	if (blist_set(r, v, &b->hand, v->hands[seat], v->nhand[seat]) != 0)
		return -1;
	if (!b->play)
		return 0;
	if (pcm_moves(r, v, seat, &m) != 0)
		return -1;
	for (i = 0; i < b->hand.n; i++) {
		struct pcm_card	*c = &b->hand.v[i];

		memset(take, 0, sizeof(take));
		memset(build, 0, sizeof(build));
		memset(stack, 0, sizeof(stack));
		for (k = 0; k < m.n; k++) {
			const struct cm_play	*pl = &m.pl[k];

			if (pl->h != v->hands[seat][i])
				continue;
			switch (pl->verb) {
			case CM_TAKE:
				if (pl->sweep) {
					for (x = 0; x < v->npiles; x++)
						mark(take, x);
					break;
				}
				mark(take, pl->target);
				take[0] |= pl->taken[0];
				take[1] |= pl->taken[1];
				break;
			case CM_BUILD:
				mark(build, pl->target);
				break;
			case CM_STACK:
				mark(stack, pl->target);
				break;
			default:
				c->drop = 1;
				break;
			}
		}
		c->take = names_of(r, v, take);
		c->build = names_of(r, v, build);
		c->stack = names_of(r, v, stack);
	}
	return 0;
}

static int
players_set(struct req *r, struct pcm_board *b)
{
	const struct cm_state	*v = b->v;
	struct cm_result	 run;
	struct buf		 backs;
	card_t			 won[CM_IDS];
	int			 s, i, n;

	cm_score(v, &run);
	for (s = 0; s < v->nseats; s++) {
		struct pcm_player	*p = &b->players[s];

		p->seat = s;
		p->name = who(b, s);
		p->score = (int)v->scores[s];
		p->ncards = v->nhand[s];
		p->ncaptured = v->ncaptured[s];
		p->to_act = v->phase == CM_PHASE_PLAY && v->turn == s &&
		    !b->names->vacant;
		p->dealer = v->dealer == s;
		p->winner = (v->winners >> s) & 1;
		p->you = s == b->viewer;
		p->bot = b->names->is_bot[s];
		p->t = run.tally[s];
		p->lead_cards = run.most_cards == s;
		p->lead_reds = run.most_reds == s;
		p->lead_circles = run.most_circles == s;
		p->all_yh = p->t.yellow_hearts == (v->squares ? 4 : 5);
		for (n = 0, i = 0; i < CM_IDS; i++)
			if (v->won[i] == s)
				won[n++] = (card_t)i;
		if (blist_set(r, v, &p->captures, won, n) != 0)
			return -1;
		/* Others' hands: face up only in a revealed view. */
		if (s == b->viewer)
			continue;
		if (v->nhand[s] > 0 && v->hands[s][0] != CARD_NONE) {
			if (blist_set(r, v, &p->hand, v->hands[s],
			    v->nhand[s]) != 0)
				return -1;
			p->faceup_title = arena_printf(r->arena, "%s's hand",
			    p->name);
		} else {
			buf_init(&backs, r->arena);
			cards_backs_svg(&backs, v->nhand[s]);
			p->backs = text_of(&backs);
		}
	}
	return 0;
}

static void
opts_set(struct req *r, struct pcm_board *b)
{
	const struct cm_state	*v = b->v;
	struct pcm_opt		*o = b->opts;

	o->name = "Deck";
	o->value = v->squares ? "the Squares deck, 64 cards, no wilds "
	    "(option 13)" : v->jokers ? "the full deck and both jokers, "
	    "127 cards" : "the full deck, 125 cards";
	o++;
	if (!v->squares) {
		o->name = "Question marks";
		o->value = v->q_mode == CM_Q_WILD ? "wild: a ? declares 1 to 4 "
		    "when played (option 10)" : v->q_mode == CM_Q_FIVE ?
		    "worth 5; QBs is the 15-point card (option 11)" :
		    "a rank of their own: only a ? takes a ? (base game)";
		o++;
		o->name = "Jokers";
		o->value = !v->jokers ? "off" : v->q_mode == CM_Q_WILD ?
		    "on: a joker sweeps the whole table (option 10)" :
		    v->q_mode == CM_Q_FIVE ? "on: black and blob, declares "
		    "1 to 5 (option 11)" : "on: black and blob, declares 1 "
		    "to 4 (option 9)";
		o++;
	}
	o->name = "Single-card takes";
	o->value = v->single ? arena_printf(r->arena, "on: no build and take; "
	    "builds up to %d (option 12)", v->q_mode == CM_Q_FIVE ? 5 : 4) :
	    "off: build and take allowed; builds up to 8";
	o++;
	o->name = "Match";
	o->value = arena_printf(r->arena, "%d hand%s (%d round%s)", v->nhands,
	    v->nhands == 1 ? "" : "s", v->rounds, v->rounds == 1 ? "" : "s");
	o++;
	b->nopts = (int)(o - b->opts);
}

static const char *
status_text(struct req *r, const struct pcm_board *b)
{
	const struct cm_state	*v = b->v;
	struct buf		 t;
	int			 s, n = 0, best = 0;

	if (b->names->vacant && v->phase != CM_PHASE_OVER)
		return page_game_waiting(r, b->names);
	switch (v->phase) {
	case CM_PHASE_DEAL:
		return "Waiting for the next hand's cards.";
	case CM_PHASE_PLAY:
		if (v->turn == b->viewer)
			return "Your turn: play one card from your hand. "
			    "Capturing is never compulsory.";
		return arena_printf(r->arena, "%s is to play.",
		    who(b, v->turn));
	default:
		break;
	}
	buf_init(&t, r->arena);
	for (s = 0; s < v->nseats; s++)
		if (v->winners & (1u << s)) {
			best = (int)v->scores[s];
			n++;
		}
	if (n == 1)
		for (s = 0; s < v->nseats; s++)
			if (v->winners & (1u << s))
				return arena_printf(r->arena, "Game over: %s "
				    "with %d points.", s == b->viewer ?
				    "you win" : arena_printf(r->arena,
				    "%s wins", who(b, s)), best);
	buf_puts(&t, "Game over: a tie between");
	for (s = 0; s < v->nseats; s++)
		if (v->winners & (1u << s))
			buf_printf(&t, " %s%s", who(b, s), --n == 0 ? "" :
			    n == 1 ? " and" : ",");
	buf_printf(&t, " with %d points.", best);
	return text_of(&t);
}

static void
result_set(struct req *r, struct pcm_board *b)
{
	const struct cm_result	*x = &b->v->last;
	int			 s;

	if (x->hand == 0)
		return;
	b->has_result = 1;
	for (s = 0; s < b->v->nseats; s++) {
		b->res[s].name = who(b, s);
		b->res[s].t = &x->tally[s];
		b->res[s].most_cards = x->most_cards == s;
		b->res[s].most_reds = x->most_reds == s;
		b->res[s].most_circles = x->most_circles == s;
	}
	if (x->taker == CM_NOBODY)
		b->res_text = arena_printf(r->arena, "Hand %d: nobody took "
		    "anything, so the table was not scored.", x->hand);
	else
		b->res_text = arena_printf(r->arena, "Hand %d: %s, the last "
		    "to capture, swept the %d card%s left on the table.",
		    x->hand, who(b, x->taker), x->swept, x->swept == 1 ? "" :
		    "s");
}

int
page_game_cm_board(struct req *r, const void *view,
    const struct page_game_names *names, int mode, struct tpl_val *out)
{
	const struct cm_state	*v = view;
	struct pcm_board		*b;
	struct buf		 sb;
	int			 n;

	if ((b = arena_calloc(r->arena, sizeof(*b))) == NULL)
		return -1;
	b->v = v;
	b->names = names;
	b->squares = v->squares;
	b->viewer = names->viewer >= 0 && names->viewer < v->nseats ?
	    names->viewer : -1;
	b->play = mode == PAGE_GAME_PLAY && b->viewer >= 0 &&
	    v->phase == CM_PHASE_PLAY && v->turn == b->viewer &&
	    !names->vacant;
	if (piles_set(r, b) != 0 || players_set(r, b) != 0 ||
	    hand_set(r, b) != 0)
		return -1;
	n = v->naside > 2 ? 2 : v->naside;
	if (blist_set(r, v, &b->aside, v->aside, n) != 0)
		return -1;
	n = v->nburned > 3 ? 3 : v->nburned;
	if (n > 0 && v->burned[0] != CARD_NONE &&
	    blist_set(r, v, &b->burned, v->burned, n) != 0)
		return -1;
	opts_set(r, b);
	buf_init(&sb, r->arena);
	cards_defs(&sb);
	b->defs = text_of(&sb);
	b->status = status_text(r, b);
	result_set(r, b);
	return r->arena->failed ? -1 : pcm_board_val(out, b);
}
