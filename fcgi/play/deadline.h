/*
 * deadline.h: the clock rules (issue 8 "Deadlines"; DESIGN.md
 * "Storage"; prefix deadline_).
 *
 * Every game has a time per move (games.move_secs, 3 days unless the
 * table chose otherwise) and what happens when it runs out
 * (games.on_timeout: 'move' plays the rules' timeout_move for the seat,
 * 'bot' hands the seat to a bot).  A seat's clock starts when the seat
 * comes to act: seats.turn_start, seats.deadline = turn_start +
 * move_secs and seats.remind_at, when a quarter of the time is left.
 * A seat that keeps acting within its turn (drew, must discard) keeps
 * its deadline; a seat that stops acting loses it.  The SQL triggers of
 * sql/004_deadlines.sql keep these columns in step with games.to_act,
 * so every path that moves or starts a game (pages, API, worker,
 * import) sets clocks without calling anything here.
 *
 * Vacation: each user has DEADLINE_VACATION_DAYS days per calendar
 * year in the user's own zone, not carried over.  Switched on at time
 * F, it runs until switched off or until the days left are used up
 * (users.vacation_until).  While it runs the user's clocks stand still:
 * the worker neither reminds nor times out, and pages show the time
 * left as it was.  When it ends at E, each of the user's deadlines
 * moves on by the time it stood still (E - max(F, turn_start)), and
 * ceil((E - F) / 1 day) days are charged to F's year.
 *
 * A seat timed out DEADLINE_TIMEOUTS_TO_BOT times in a row is handed to
 * a bot (seats.is_bot = 1) and the player is told by mail; a move the
 * player makes resets the count (seats.timeouts).
 *
 * The functions above the line are pure arithmetic; the rest run
 * inside the caller's transaction, like the store_* modules.
 */
#ifndef TOPPER_DEADLINE_H
#define TOPPER_DEADLINE_H

#include <stdint.h>

#include "db.h"

enum {
	DEADLINE_DAY = 86400,
	DEADLINE_MOVE_SECS = 3 * 86400,		/* default time per move */
	DEADLINE_MOVE_SECS_MIN = 3600,		/* a table may choose 1 h .. */
	DEADLINE_MOVE_SECS_MAX = 30 * 86400,	/* .. 30 days */
	DEADLINE_VACATION_DAYS = 14,		/* per calendar year */
	DEADLINE_TIMEOUTS_TO_BOT = 3,		/* in a row: a bot takes over */
	DEADLINE_TURN_MOVES_MAX = 16,		/* default moves in one timeout */
	DEADLINE_WHY_MAX = 160
};

enum deadline_on_timeout {
	DEADLINE_ON_TIMEOUT_MOVE = 0,	/* the rules' timeout move */
	DEADLINE_ON_TIMEOUT_BOT		/* a bot takes the seat at once */
};

/* --- pure ---------------------------------------------------------- */

/* When to remind a clock started at start: a quarter of move_secs left. */
int64_t	deadline_remind_at(int64_t start, int64_t move_secs);

/*
 * Seconds left on a clock ending at deadline that started at start,
 * seen at now.  vac_from: when the owner's vacation began, or 0; the
 * clock then stands at what was left when it stopped (at vac_from, or
 * at start if it started later).  May be negative (overdue).
 */
int64_t	deadline_left(int64_t deadline, int64_t start, int64_t vac_from,
	    int64_t now);

/* The deadline after a vacation from vac_from to vac_end. */
int64_t	deadline_pushed(int64_t deadline, int64_t start, int64_t vac_from,
	    int64_t vac_end);

/* Vacation days charged for a vacation from..end: started days, >= 1. */
int	deadline_vacation_days(int64_t from, int64_t end);

/*
 * Days left to take in year, given the year the used days were counted
 * in (last_year) and how many (used): a new year starts from the full
 * bank.  Never negative.
 */
int	deadline_bank(int year, int last_year, int used);

/* The calendar year of t in the IANA zone tz (NULL/unknown: UTC). */
int	deadline_year(const char *tz, int64_t t);

/*
 * A time per move typed by a person: "3d", "36h", "90m", "2 d", or a
 * bare number of days.  0 with *secs set when it is within
 * DEADLINE_MOVE_SECS_MIN..MAX; -1 with why[] otherwise.
 */
int	deadline_parse(const char *s, int64_t *secs,
	    char why[DEADLINE_WHY_MAX]);

/* secs as the shortest of "3 d", "36 h", "90 min" (exact). */
const char *deadline_format(int64_t secs, char buf[32]);

/* --- stored -------------------------------------------------------- */

/*
 * Set game's time per move and timeout rule (the lobby, in the creating
 * transaction).  Clocks already running are re-timed from their start.
 * DB_REFUSED when move_secs is out of range.
 */
enum db_rc	deadline_game_set(struct db *db, int64_t game,
		    int64_t move_secs, enum deadline_on_timeout on);

/* A user's vacation, as the account page shows it. */
struct deadline_vacation {
	int		 on;		/* running now */
	int64_t		 from, until;	/* when on */
	int		 days_left;	/* to take this year (before this one) */
	int		 year;		/* the user's current year */
};

enum db_rc	deadline_vacation_get(struct db *db, int64_t user,
		    int64_t now, struct deadline_vacation *out);

/*
 * Switch user's vacation on at now (until the days left run out).
 * DB_REFUSED with why[] when it is on already or no day is left.
 */
enum db_rc	deadline_vacation_start(struct db *db, int64_t user,
		    int64_t now, char why[DEADLINE_WHY_MAX]);

/*
 * End user's vacation at min(now, vacation_until): move each of the
 * user's deadlines and reminders on, charge the days.  DB_NOTFOUND when
 * no vacation runs.
 */
enum db_rc	deadline_vacation_stop(struct db *db, int64_t user,
		    int64_t now);

/* One seat's clock, for pages. */
struct deadline_clock {
	int		 running;	/* the seat has a deadline */
	int		 paused;	/* its player is on vacation */
	int64_t		 deadline;	/* as stored (a vacation moves it when it ends) */
	int64_t		 left;		/* seconds, see deadline_left() */
};

/*
 * One seat's clock at now, from its stored deadline (0: none), the
 * start of its turn and its player's vacation start (0: none).
 */
void		deadline_clock(int64_t deadline, int64_t turn_start,
		    int64_t vacation_from, int64_t now,
		    struct deadline_clock *out);

/*
 * The clocks of game's seats at now into clk[0..nseats-1] (zeroed for
 * a seat without a deadline), and the game's time per move.  A page
 * that has loaded the game (store_game.h) has the same columns and
 * calls deadline_clock() instead.
 */
enum db_rc	deadline_clocks(struct db *db, int64_t game, int64_t now,
		    struct deadline_clock *clk, int nseats,
		    int64_t *move_secs);

#endif /* TOPPER_DEADLINE_H */
