/*
 * leave.c: resign, abort and rematch (leave.h).
 */
#include "leave.h"

#include <stdio.h>
#include <string.h>

#include <sodium.h>

#include "mail_queue.h"
#include "store_game.h"
#include "store_leave.h"
#include "store_user.h"

/* Every seat of g as a mask. */
static uint32_t
every_seat(const struct store_game *g)
{
	return g->nseats >= 32 ? UINT32_MAX : (UINT32_C(1) << g->nseats) - 1;
}

int
leave_may_resign(const struct store_game *g, int seat)
{
	return !g->over && seat >= 0 && seat < g->nseats &&
	    !((g->outcome.resigned >> seat) & 1) &&
	    !store_game_has_open_seat(g);
}

int
leave_may_abort(const struct store_game *g, int seat, uint32_t moved)
{
	return !g->over && seat >= 0 && seat < g->nseats &&
	    (moved & every_seat(g)) != every_seat(g);
}

static enum leave_rc
failed(enum db_rc rc, char why[GAME_WHY_MAX])
{
	if (rc == DB_CONSTRAINT || rc == DB_BUSY) {
		snprintf(why, GAME_WHY_MAX, "The game changed meanwhile; "
		    "please look at it again.");
		return LEAVE_CONFLICT;
	}
	snprintf(why, GAME_WHY_MAX, "That could not be saved.");
	return LEAVE_ERROR;
}

/* The name of seat's player, for the others' mails. */
static void
seat_name(struct db *db, const struct store_game *g, int seat,
    char *out, size_t outsz)
{
	struct store_user	 u;

	if (g->user[seat] != 0 && store_user_by_id(db, g->user[seat], &u) ==
	    STORE_USER_OK)
		snprintf(out, outsz, "%s", u.name);
	else
		snprintf(out, outsz, "A player");
}

/* Tell every seat but seat (people only: mail_queue_game skips bots). */
static enum db_rc
tell_others(struct db *db, const struct store_game *g, int seat, int why,
    const char *note)
{
	enum db_rc	 rc;
	int		 s;

	for (s = 0; s < g->nseats; s++)
		if (s != seat && (rc = mail_queue_game(db, g->id, s, g->ply,
		    why, note, NULL)) != DB_OK)
			return rc;
	return DB_OK;
}

enum leave_rc
leave_resign(struct db *db, struct store_game *g, int seat,
    char why[GAME_WHY_MAX])
{
	char		 name[64], note[160];
	enum db_rc	 rc;

	why[0] = '\0';
	if (seat < 0 || seat >= g->nseats) {
		snprintf(why, GAME_WHY_MAX, "You do not hold a seat in this "
		    "game.");
		return LEAVE_NOT_SEATED;
	}
	if (g->over)
		snprintf(why, GAME_WHY_MAX, "The game is over already.");
	else if ((g->outcome.resigned >> seat) & 1)
		snprintf(why, GAME_WHY_MAX, "You have resigned this game "
		    "already.");
	else if (store_game_has_open_seat(g))
		snprintf(why, GAME_WHY_MAX, "The game has not started: a "
		    "seat is still open.  Abort it instead.");
	if (why[0] != '\0')
		return LEAVE_REFUSED;
	seat_name(db, g, seat, name, sizeof(name));
	if ((rc = store_leave_resign(db, g, seat, db_now())) != DB_OK)
		return failed(rc, why);
	if (g->nseats == 2)
		snprintf(note, sizeof(note), "%s resigned.", name);
	else
		snprintf(note, sizeof(note), "%s resigned and will rank last; "
		    "a bot plays that seat to the end.", name);
	if ((rc = tell_others(db, g, seat, g->over ? MAIL_WHY_OVER :
	    MAIL_WHY_NOTE, note)) != DB_OK)
		return failed(rc, why);
	return LEAVE_OK;
}

enum leave_rc
leave_abort(struct db *db, struct store_game *g, int seat,
    char why[GAME_WHY_MAX])
{
	char		 name[64], note[160];
	uint32_t	 moved;
	enum db_rc	 rc;

	why[0] = '\0';
	if (seat < 0 || seat >= g->nseats) {
		snprintf(why, GAME_WHY_MAX, "You do not hold a seat in this "
		    "game.");
		return LEAVE_NOT_SEATED;
	}
	if ((rc = store_leave_moved(db, g->id, &moved)) != DB_OK)
		return failed(rc, why);
	if (g->over) {
		snprintf(why, GAME_WHY_MAX, "The game is over already.");
		return LEAVE_REFUSED;
	}
	if (!leave_may_abort(g, seat, moved)) {
		snprintf(why, GAME_WHY_MAX, "Every player has moved, so the "
		    "game can no longer be aborted; you may resign.");
		return LEAVE_REFUSED;
	}
	seat_name(db, g, seat, name, sizeof(name));
	if ((rc = store_leave_abort(db, g, seat, db_now())) != DB_OK)
		return failed(rc, why);
	snprintf(note, sizeof(note), "%s aborted the game before every player "
	    "had moved: it ends with no result.", name);
	if ((rc = tell_others(db, g, seat, MAIL_WHY_OVER, note)) != DB_OK)
		return failed(rc, why);
	return LEAVE_OK;
}

/* The seats of g whose account is a bot's: they accept at once. */
static enum db_rc
bot_accounts(struct db *db, const struct store_game *g, uint32_t *mask)
{
	struct store_user	 u;
	enum store_user_rc	 urc;
	int			 s;

	*mask = 0;
	for (s = 0; s < g->nseats; s++) {
		if (g->user[s] == 0)
			continue;
		if ((urc = store_user_by_id(db, g->user[s], &u)) ==
		    STORE_USER_OK && u.is_bot)
			*mask |= UINT32_C(1) << s;
		else if (urc == STORE_USER_ERROR)
			return DB_ERROR;
	}
	return DB_OK;
}

/* A state buffer aligned for any engine struct. */
union leave_state {
	max_align_t	 align;
	unsigned char	 b[GAME_STATE_MAX];
};

/*
 * The rematch of g: its options and players on a new seed, which draws
 * the seating again (old seat k's player sits where the new seating
 * puts the k-th player), and its table settings.
 */
static enum db_rc
make_rematch(struct db *db, const struct store_game *g, int64_t by,
    int64_t *id, char why[GAME_WHY_MAX])
{
	union leave_state	 st;
	struct store_game_new	 n;
	struct store_leave_table t;
	struct game_setup	 su;
	struct game_status	 gs;
	uint8_t			 seed[32];
	enum db_rc		 rc;
	int			 k;

	randombytes_buf(seed, sizeof(seed));
	memset(&su, 0, sizeof(su));
	su.nseats = g->nseats;
	su.options = g->options;
	su.seed = seed;
	su.dealer = -1;
	if (g->rules->setup(st.b, &su, why) != GAME_OK) {
		sodium_memzero(seed, sizeof(seed));
		return DB_REFUSED;
	}
	g->rules->status(st.b, &gs);
	memset(&n, 0, sizeof(n));
	n.rules = g->rules;
	n.options = g->options;
	n.nseats = g->nseats;
	n.dealer = -1;
	n.seed = seed;
	for (k = 0; k < g->nseats; k++)
		n.users[gs.seating[k]] = g->user[k];
	n.created_by = by;
	rc = store_game_create(db, &n, id, why);
	sodium_memzero(seed, sizeof(seed));
	sodium_memzero(st.b, sizeof(st.b));
	if (rc == DB_OK)
		rc = store_leave_table_of(db, g->id, &t);
	if (rc == DB_OK)
		rc = store_leave_table_set(db, *id, &t);
	if (rc == DB_OK)
		rc = store_leave_rematch_made(db, g->id, *id);
	return rc;
}

static const char SQL_TURN[] = "SELECT ply, to_act FROM games WHERE id = ?1";

/* Every person at the new table hears it began (and whose turn). */
static enum db_rc
tell_rematch(struct db *db, int64_t old, int64_t id)
{
	struct db_stmt	*st;
	enum db_rc	 rc;
	char		 note[96];
	int		 s, ply = 0;
	uint32_t	 to_act = 0;

	if ((st = db_stmt(db, SQL_TURN)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, id);
	if (db_step(st) != DB_ROW)
		return db_fail(db, st);
	ply = db_column_int(st, 0);
	to_act = (uint32_t)db_column_int64(st, 1);
	db_reset(st);
	snprintf(note, sizeof(note), "The rematch of game %lld begins.",
	    (long long)old);
	for (s = 0; s < GAME_SEATS_MAX; s++)
		if ((rc = mail_queue_game(db, id, s, ply, MAIL_WHY_NOTE |
		    ((to_act >> s) & 1 ? MAIL_WHY_TURN : 0), note, NULL)) !=
		    DB_OK)
			return rc;
	return DB_OK;
}

enum leave_rc
leave_rematch(struct db *db, struct store_game *g, int seat,
    int64_t *new_game, char why[GAME_WHY_MAX])
{
	char		 name[64], note[200];
	uint32_t	 accepted, bots;
	int		 offered, s;
	enum db_rc	 rc;
	int64_t		 now = db_now();

	why[0] = '\0';
	*new_game = 0;
	if (seat < 0 || seat >= g->nseats) {
		snprintf(why, GAME_WHY_MAX, "You do not hold a seat in this "
		    "game.");
		return LEAVE_NOT_SEATED;
	}
	if ((rc = store_leave_rematch(db, g->id, &offered, &accepted,
	    new_game)) != DB_OK)
		return failed(rc, why);
	if (!g->over)
		snprintf(why, GAME_WHY_MAX, "A rematch can be offered once the "
		    "game is over.");
	else if (*new_game != 0)
		snprintf(why, GAME_WHY_MAX, "The rematch is game %lld already.",
		    (long long)*new_game);
	else if ((accepted >> seat) & 1)
		snprintf(why, GAME_WHY_MAX, "You have accepted already; the "
		    "others have not yet.");
	else if (store_game_has_open_seat(g))
		snprintf(why, GAME_WHY_MAX, "A seat of this game was never "
		    "taken, so there is no one to play again.");
	if (why[0] != '\0') {
		*new_game = 0;
		return LEAVE_REFUSED;
	}
	if ((rc = bot_accounts(db, g, &bots)) != DB_OK ||
	    (rc = store_leave_rematch_accept(db, g->id, seat, now)) != DB_OK)
		return failed(rc, why);
	accepted |= UINT32_C(1) << seat;
	/* Bots accept at once, when it is offered. */
	for (s = 0; !offered && s < g->nseats; s++)
		if (((bots >> s) & 1) && !((accepted >> s) & 1)) {
			if ((rc = store_leave_rematch_accept(db, g->id, s,
			    now)) != DB_OK)
				return failed(rc, why);
			accepted |= UINT32_C(1) << s;
		}
	if ((accepted & every_seat(g)) == every_seat(g)) {
		if ((rc = make_rematch(db, g, g->user[seat], new_game, why)) !=
		    DB_OK || (rc = tell_rematch(db, g->id, *new_game)) !=
		    DB_OK) {
			*new_game = 0;
			if (rc == DB_REFUSED)
				return LEAVE_REFUSED;
			return failed(rc, why);
		}
		return LEAVE_OK;
	}
	seat_name(db, g, seat, name, sizeof(name));
	if (offered)
		snprintf(note, sizeof(note), "%s accepted the rematch.", name);
	else
		snprintf(note, sizeof(note), "%s offers a rematch: the same "
		    "players and options, a new deal.  Accept it on the game's "
		    "page.", name);
	if ((rc = tell_others(db, g, seat, MAIL_WHY_NOTE, note)) != DB_OK)
		return failed(rc, why);
	return LEAVE_OK;
}
