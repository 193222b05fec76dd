/*
 * move.h: the shared grammar of move text (DESIGN.md "Cards and moves
 * as text").
 *
 * A move is one line: a verb, then arguments separated by spaces.  An
 * argument is a card ("3Rh"), a card with a wild's value ("QRc=3",
 * "JK=8H"), "|" to start the next group of cards, "@N" for seat N,
 * "on X" for a target card, or a bare number.  Verbs and cards are read
 * without regard to case.  Each game names its verbs and says which
 * arguments each takes; this module only reads and writes the shape.
 * Nothing here allocates or does I/O.
 */
#ifndef TOPPER_MOVE_H
#define TOPPER_MOVE_H

#include <stddef.h>

#include "card.h"
#include "game.h"

/* A game's verbs, indexed by its verb enum; NULL-terminated. */
struct move_grammar {
	enum card_kind		 cards;
	const char *const	*verbs;
};

/* An empty move: no cards, at = -1, on = CARD_NONE, num = -1. */
void	move_clear(struct game_move *mv);

/*
 * Parse text by the grammar.  Returns GAME_OK, or GAME_BAD_TEXT with a
 * sentence in why[] (an unknown verb lists the game's verbs).
 */
enum game_rc move_parse(const struct move_grammar *g, const char *text,
	    struct game_move *mv, char why[GAME_WHY_MAX]);

/*
 * Write the canonical text of mv into buf (verb in lower case, cards
 * in canonical case, single spaces, " | " between groups).  Returns the
 * length it needed, like snprintf; buf is always NUL-terminated.
 */
size_t	move_format(const struct move_grammar *g, const struct game_move *mv,
	    char *buf, size_t bufsz);

/* Append a card to mv in group grp; returns -1 when mv is full. */
int	move_add_card(struct game_move *mv, card_t c, int grp);

/*
 * Append mv to a legal-move list out[0..max-1] holding *n moves: copied
 * while it fits, counted always (a listing returns how many there are).
 */
void	move_list_add(struct game_move *out, int max, int *n,
	    const struct game_move *mv);

/* mv: an empty move of verb with card c in group 0 (none: CARD_NONE). */
void	move_simple(struct game_move *mv, int verb, card_t c);

#endif /* TOPPER_MOVE_H */
