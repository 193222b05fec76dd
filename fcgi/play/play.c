/*
 * play.c: the one path of a move (play.h).
 *
 * The new state is built in a GAME_STATE_MAX buffer on the stack (the
 * engine bounds every size), so a move allocates nothing here.
 */
#include "play.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "mail_queue.h"
#include "store_game.h"

/* A state buffer aligned for any engine struct. */
union state_buf {
	max_align_t	 align;
	unsigned char	 b[GAME_STATE_MAX];
};

/* A store result as the move's outcome; why[] says it when not OK. */
static enum play_rc
stored(enum db_rc rc, char why[GAME_WHY_MAX])
{
	switch (rc) {
	case DB_OK:
		return PLAY_OK;
	case DB_REFUSED:		/* why[] from the store (a deck) */
		return PLAY_REFUSED;
	case DB_CONSTRAINT:
		snprintf(why, GAME_WHY_MAX, "Someone moved first.");
		return PLAY_CONFLICT;
	case DB_BUSY:
		snprintf(why, GAME_WHY_MAX, "The server is busy.");
		return PLAY_BUSY;
	default:
		snprintf(why, GAME_WHY_MAX, "The move could not be saved.");
		return PLAY_ERROR;
	}
}

/* Why seat may not act now, or 0 when it may. */
static int
not_to_act(const struct store_game *g, int seat, char why[GAME_WHY_MAX])
{
	struct game_status	 gs;

	g->rules->status(g->state, &gs);
	if (gs.over)
		snprintf(why, GAME_WHY_MAX, "The game is over.");
	else if (seat < 0 || seat >= g->nseats)
		snprintf(why, GAME_WHY_MAX, "There is no seat %d.", seat);
	else if (gs.needs_deck)
		snprintf(why, GAME_WHY_MAX, "The game waits for the deck of "
		    "hand %d.", gs.hand);
	else if (!game_may_act(g->rules, g->state, &gs, seat))
		snprintf(why, GAME_WHY_MAX, "It is not seat %d's turn.", seat);
	else
		return 0;
	return 1;
}

/* The checks before the text is read: PLAY_OK when they all pass. */
static enum play_rc
check(const struct store_game *g, int seat, long long seen, int flags,
    char why[GAME_WHY_MAX])
{
	int	 s;

	if (seat < 0 || seat >= g->nseats) {
		snprintf(why, GAME_WHY_MAX, "You do not hold a seat in this "
		    "game.");
		return PLAY_NOT_SEATED;
	}
	for (s = 0; (flags & PLAY_FULL_TABLE) && !g->over && s < g->nseats;
	    s++)
		if (g->user[s] == 0) {
			snprintf(why, GAME_WHY_MAX, "The table still waits "
			    "for a player.");
			return PLAY_OPEN;
		}
	if (((flags & PLAY_SEEN_VIEW) && (g->view_ply[seat] > seen ||
	    seen > g->ply)) || ((flags & PLAY_SEEN_PLY) && seen != g->ply)) {
		snprintf(why, GAME_WHY_MAX, "The game has moved on to ply "
		    "%d.", g->ply);
		return PLAY_STALE;
	}
	return PLAY_OK;
}

enum play_rc
play_move(struct db *db, struct store_game *g, int seat, long long seen,
    int flags, const char *text, char why[GAME_WHY_MAX])
{
	const struct game_rules	*rules = g->rules;
	union state_buf		 next;
	struct game_move	 mv;
	struct game_events	 ev;
	struct game_news	 news;
	char			 canon[GAME_MOVE_TEXT_MAX];
	uint32_t		 was;
	enum play_rc		 prc;
	enum db_rc		 rc;

	why[0] = '\0';
	if ((prc = check(g, seat, seen, flags, why)) != PLAY_OK)
		return prc;
	if (text == NULL) {
		snprintf(why, GAME_WHY_MAX, "There is no move to read.");
		return PLAY_NO_TEXT;
	}
	if (rules->parse(text, &mv, why) != GAME_OK) {
		if (why[0] == '\0')
			snprintf(why, GAME_WHY_MAX, "That move could not be "
			    "read.");
		return PLAY_REFUSED;
	}
	if (not_to_act(g, seat, why)) {
		/* The engine words the refusal better when it can ("seat
		 * 1 must first accept or reject the play on its pile"). */
		canon[0] = '\0';
		if (!g->over && rules->apply(g->state, next.b, seat, &mv, &ev,
		    canon) == GAME_REFUSED && canon[0] != '\0')
			snprintf(why, GAME_WHY_MAX, "%s", canon);
		return PLAY_REFUSED;
	}
	memset(&ev, 0, sizeof(ev));
	if (rules->apply(g->state, next.b, seat, &mv, &ev, why) != GAME_OK) {
		if (why[0] == '\0')
			snprintf(why, GAME_WHY_MAX, "That move is not allowed "
			    "now.");
		return PLAY_REFUSED;
	}
	if (rules->format(&mv, canon, sizeof(canon)) >= sizeof(canon))
		snprintf(canon, sizeof(canon), "%s", text);
	/* What the move tells seats that need not act, from the engine. */
	memset(&news, 0, sizeof(news));
	if (rules->news != NULL)
		rules->news(g->state, next.b, &news);
	was = g->to_act;
	if ((rc = store_game_advance(db, g, seat, canon, next.b, &ev, why)) !=
	    DB_OK)
		return stored(rc, why);
	/* The mails this move causes, in its transaction (mail_queue.h). */
	return stored(mail_queue_move(db, g, seat, was, &news, &ev), why);
}
