/*
 * store_lobby.h: the lists and seat changes of the lobby (prefix
 * store_lobby_): open games to join, a player's own games, taking an
 * open seat, the bot account, and the tail of a game's move log.
 *
 * The tables belong to store_game.c (games, seats) and store_user.c
 * (users); this module only adds the queries the lobby pages need, so
 * handlers still never see SQL (STYLE.md 3.5).  Lists come back in the
 * caller's arena.  Writers run inside the caller's BEGIN IMMEDIATE and
 * never commit or roll back.
 */
#ifndef TOPPER_STORE_LOBBY_H
#define TOPPER_STORE_LOBBY_H

#include <stddef.h>
#include <stdint.h>

#include "config.h"
#include "db.h"
#include "game.h"
#include "record.h"
#include "store_user.h"

struct arena;

enum {
	STORE_LOBBY_LIST_MAX = 200,	/* rows one list returns at most */
	STORE_LOBBY_NAMES_MAX = 256	/* "Alice, bot" */
};

#define STORE_LOBBY_BOT_NAME	"bot"
#define STORE_LOBBY_BOT_EMAIL	"bot@invalid"

/* An open game (status 'open') the lobby offers. */
struct store_lobby_open {
	int64_t			 id;
	const struct game_rules	*rules;		/* NULL: unknown slug (skipped) */
	char			 options[128];
	int64_t			 created;
	char			 creator[STORE_USER_NAME_MAX + 1];	/* "" if none */
	int			 open_seats;
	int			 mine;		/* the asking user holds a seat */
	int64_t			 move_secs;	/* time per move */
	char			 invited[STORE_LOBBY_NAMES_MAX];	/* "Bo, Cy": waiting
						   invitations, or "" */
};

/* One of a player's games. */
struct store_lobby_game {
	int64_t			 id;
	const struct game_rules	*rules;		/* NULL: unknown slug */
	int			 seat;		/* the player's seat */
	int			 status;	/* STORE_LOBBY_OPEN, _ACTIVE, _OVER */
	int			 my_turn;	/* active and the seat must act */
	int			 ply;
	int64_t			 updated, finished;
	char			 others[STORE_LOBBY_NAMES_MAX];	/* other seats' names */
	int			 has_status;	/* st below read from the snapshot */
	struct game_status	 st;
};

enum { STORE_LOBBY_OPEN, STORE_LOBBY_ACTIVE, STORE_LOBBY_OVER };

/*
 * Open games, newest first, at most max (<= STORE_LOBBY_LIST_MAX):
 * those with a seat for anyone (a seat held by a waiting invitation is
 * none), and uid's own; mine is set for games uid sits in (uid 0:
 * none).  *out in a.
 */
enum db_rc	store_lobby_open_games(struct db *db, struct arena *a,
		    int64_t uid, int max, struct store_lobby_open **out,
		    int *n);

/*
 * uid's games: those where it is uid's turn first, then the others
 * still running or waiting for a player, then the finished ones; each
 * group most recently updated first.  At most max.  Scores and winners
 * come from each snapshot (has_status = 0 when it is of another
 * layout).  *out in a.
 */
enum db_rc	store_lobby_my_games(struct db *db, struct arena *a,
		    int64_t uid, int max, struct store_lobby_game **out,
		    int *n);

/*
 * The engine's status from a games.state blob of n bytes, when its
 * header matches rules (layout and size): 1, else 0 (*out unset).
 */
int		store_lobby_status(const struct game_rules *rules,
		    const void *blob, size_t n, struct game_status *out);

/*
 * Seat uid at seat of game id (-1: its lowest open seat), which must
 * be an open seat of an open game that uid does not sit in yet (and
 * uid no bot), not held by an invitation (store_invite.h); when no
 * open seat is left the game becomes active (store_invite_start()).  DB_REFUSED with why[] otherwise (the game is
 * not open, the seat is taken, uid already sits there).
 */
enum db_rc	store_lobby_join(struct db *db, int64_t id, int seat,
		    int64_t uid, char why[GAME_WHY_MAX]);

/*
 * The names of game id's players by seat, in one query (a game page
 * names every seat): names[s] for s < nseats is the name of the user
 * in seat s; "" for an open seat and for the seats of user skip (the
 * viewer, whose name the page has; 0 skips nobody).
 */
enum db_rc	store_lobby_seat_names(struct db *db, int64_t id, int64_t skip,
		    int nseats, char (*names)[STORE_USER_NAME_MAX + 1]);

/*
 * The last n moves of game id (the game page's "last moves"), oldest
 * first, into *moves (arena); *first is the ply of moves[0] minus one.
 * Reads n rows, however long the log.
 */
enum db_rc	store_lobby_last_moves(struct db *db, struct arena *a,
		    int64_t id, int n, struct record_move **moves, int *nmoves,
		    int *first);

/*
 * The ply of seat's last move in game id into *ply, 0 when it has not
 * moved.  Walks the log back from its end, so it reads about a round.
 */
enum db_rc	store_lobby_last_move_of(struct db *db, int64_t id, int seat,
		    int *ply);

/*
 * The bot account (STORE_LOBBY_BOT_NAME, is_bot, no password), created
 * on first use.  DB_REFUSED when a person holds that name.
 */
enum db_rc	store_lobby_bot(struct db *db, int64_t *id);

#endif /* TOPPER_STORE_LOBBY_H */
