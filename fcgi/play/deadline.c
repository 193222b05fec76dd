/*
 * deadline.c: the clock rules (deadline.h), and the few statements on
 * clocks and vacations outside the worker's own.
 */
#include "deadline.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "when.h"
#include "store_user.h"

int64_t
deadline_remind_at(int64_t start, int64_t move_secs)
{
	return start + move_secs - move_secs / 4;
}

int64_t
deadline_left(int64_t deadline, int64_t start, int64_t vac_from,
    int64_t now)
{
	int64_t	 stop = now;

	if (vac_from > 0 && vac_from < now)
		stop = vac_from > start ? vac_from : start;
	if (stop > now)
		stop = now;
	return deadline - stop;
}

int64_t
deadline_pushed(int64_t deadline, int64_t start, int64_t vac_from,
    int64_t vac_end)
{
	int64_t	 stood = vac_end - (start > vac_from ? start : vac_from);

	return stood > 0 ? deadline + stood : deadline;
}

int
deadline_vacation_days(int64_t from, int64_t end)
{
	int64_t	 d = end > from ? (end - from + DEADLINE_DAY - 1) /
	    DEADLINE_DAY : 0;

	return d < 1 ? 1 : d > 366 ? 366 : (int)d;
}

int
deadline_bank(int year, int last_year, int used)
{
	int	 left;

	if (year != last_year)
		return DEADLINE_VACATION_DAYS;
	left = DEADLINE_VACATION_DAYS - used;
	return left < 0 ? 0 : left;
}

int
deadline_year(const char *tz, int64_t t)
{
	char	 buf[WHEN_TIME_MAX];

	/* page.c owns TZ switching; its text starts with the year. */
	return atoi(when_format(tz, t, buf));
}

int
deadline_parse(const char *s, int64_t *secs, char why[DEADLINE_WHY_MAX])
{
	const char	*p = s;
	long long	 n = 0, unit = DEADLINE_DAY;
	char		 u[8];
	size_t		 k = 0;

	while (isspace((unsigned char)*p))
		p++;
	if (!isdigit((unsigned char)*p))
		goto bad;
	while (isdigit((unsigned char)*p) && n < 100000)
		n = n * 10 + (*p++ - '0');
	while (isspace((unsigned char)*p))
		p++;
	while (isalpha((unsigned char)*p) && k < sizeof(u) - 1)
		u[k++] = (char)tolower((unsigned char)*p++);
	u[k] = '\0';
	while (isspace((unsigned char)*p))
		p++;
	if (*p != '\0')
		goto bad;
	if (k == 0 || strcmp(u, "d") == 0 || strcmp(u, "day") == 0 ||
	    strcmp(u, "days") == 0)
		unit = DEADLINE_DAY;
	else if (strcmp(u, "h") == 0 || strcmp(u, "hour") == 0 ||
	    strcmp(u, "hours") == 0)
		unit = 3600;
	else if (strcmp(u, "m") == 0 || strcmp(u, "min") == 0 ||
	    strcmp(u, "minutes") == 0)
		unit = 60;
	else
		goto bad;
	if (n * unit < DEADLINE_MOVE_SECS_MIN ||
	    n * unit > DEADLINE_MOVE_SECS_MAX) {
		snprintf(why, DEADLINE_WHY_MAX, "The time per move must be "
		    "between 1 hour and 30 days.");
		return -1;
	}
	*secs = n * unit;
	return 0;
bad:
	snprintf(why, DEADLINE_WHY_MAX, "Write the time per move as days, "
	    "hours or minutes: \"3d\", \"36h\" or \"90m\".");
	return -1;
}

const char *
deadline_format(int64_t secs, char buf[32])
{
	if (secs > 0 && secs % DEADLINE_DAY == 0)
		snprintf(buf, 32, "%lld d", (long long)(secs / DEADLINE_DAY));
	else if (secs > 0 && secs % 3600 == 0)
		snprintf(buf, 32, "%lld h", (long long)(secs / 3600));
	else
		snprintf(buf, 32, "%lld min", (long long)(secs / 60));
	return buf;
}

static const char SQL_GAME_SET[] =
    "UPDATE games SET move_secs = ?2, on_timeout = ?3 WHERE id = ?1";
/* Running clocks follow the new time (turn_start is kept). */
static const char SQL_GAME_RETIME[] =
    "UPDATE seats SET deadline = turn_start + ?2, remind_at = "
    "CASE WHEN remind_at IS NOT NULL THEN turn_start + ?2 - ?2 / 4 END "
    "WHERE game = ?1 AND deadline IS NOT NULL AND turn_start IS NOT NULL";

enum db_rc
deadline_game_set(struct db *db, int64_t game, int64_t move_secs,
    enum deadline_on_timeout on)
{
	struct db_stmt	*st;
	enum db_rc	 rc;

	if (move_secs < DEADLINE_MOVE_SECS_MIN ||
	    move_secs > DEADLINE_MOVE_SECS_MAX)
		return DB_REFUSED;
	if ((st = db_stmt(db, SQL_GAME_SET)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, game);
	db_bind_int64(st, 2, move_secs);
	db_bind_text(st, 3, on == DEADLINE_ON_TIMEOUT_BOT ? "bot" :
	    "move", -1, DB_STATIC);
	if ((rc = db_step_done(db, st)) != DB_OK)
		return rc;
	if (db_changes(db) != 1)
		return DB_NOTFOUND;
	if ((st = db_stmt(db, SQL_GAME_RETIME)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, game);
	db_bind_int64(st, 2, move_secs);
	return db_step_done(db, st);
}

static const char SQL_VAC_GET[] =
    "SELECT tz, vacation_year, vacation_used, vacation_from, "
    "vacation_until FROM users WHERE id = ?1";

/* The user's vacation columns; out->days_left for now's year. */
static enum db_rc
vac_read(struct db *db, int64_t user, int64_t now,
    struct deadline_vacation *out, int *last_year, int *used,
    char tz[STORE_USER_TZ_MAX])
{
	struct db_stmt		*st;
	const unsigned char	*p;

	memset(out, 0, sizeof(*out));
	if ((st = db_stmt(db, SQL_VAC_GET)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, user);
	switch (db_step(st)) {
	case DB_ROW:
		break;
	case DB_DONE:
		db_reset(st);
		return DB_NOTFOUND;
	default:
		return db_fail(db, st);
	}
	p = db_column_text(st, 0);
	snprintf(tz, STORE_USER_TZ_MAX, "%s", p != NULL ? (const char *)p :
	    "UTC");
	out->year = deadline_year(tz, now);
	*last_year = db_column_int(st, 1);
	*used = db_column_int(st, 2);
	out->days_left = deadline_bank(out->year, *last_year, *used);
	if (!db_column_is_null(st, 3)) {
		out->on = 1;
		out->from = db_column_int64(st, 3);
		out->until = db_column_int64(st, 4);
	}
	db_reset(st);
	return DB_OK;
}

enum db_rc
deadline_vacation_get(struct db *db, int64_t user, int64_t now,
    struct deadline_vacation *out)
{
	char	 tz[STORE_USER_TZ_MAX];
	int	 last_year, used;

	return vac_read(db, user, now, out, &last_year, &used, tz);
}

static const char SQL_VAC_START[] =
    "UPDATE users SET vacation_from = ?2, vacation_until = ?3 "
    "WHERE id = ?1 AND vacation_from IS NULL";

enum db_rc
deadline_vacation_start(struct db *db, int64_t user, int64_t now,
    char why[DEADLINE_WHY_MAX])
{
	struct deadline_vacation v;
	struct db_stmt		*st;
	enum db_rc		 rc;
	char			 tz[STORE_USER_TZ_MAX];
	int			 last_year, used;

	why[0] = '\0';
	if ((rc = vac_read(db, user, now, &v, &last_year, &used, tz)) !=
	    DB_OK)
		return rc;
	if (v.on) {
		snprintf(why, DEADLINE_WHY_MAX, "Your vacation is on already.");
		return DB_REFUSED;
	}
	if (v.days_left <= 0) {
		snprintf(why, DEADLINE_WHY_MAX, "You have no vacation day "
		    "left this year.");
		return DB_REFUSED;
	}
	if ((st = db_stmt(db, SQL_VAC_START)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, user);
	db_bind_int64(st, 2, now);
	db_bind_int64(st, 3, now + (int64_t)v.days_left * DEADLINE_DAY);
	return db_step_done(db, st);
}

/* Clocks move on by the time they stood (deadline_pushed, in SQL). */
/* max(0, ?3 - max(?2, coalesce(turn_start, ?2))), in CASEs (SQLite's
 * max(a, b) is not PostgreSQL's). */
#define VAC_PAUSED_FROM "CASE WHEN turn_start > ?2 THEN turn_start ELSE ?2 END"
#define VAC_PUSHED \
    "CASE WHEN ?3 - " VAC_PAUSED_FROM " > 0 " \
    "THEN ?3 - " VAC_PAUSED_FROM " ELSE 0 END"
static const char SQL_VAC_PUSH[] =
    "UPDATE seats SET "
    "deadline = deadline + " VAC_PUSHED ", "
    "remind_at = remind_at + " VAC_PUSHED " "
    "WHERE \"user\" = ?1 AND deadline IS NOT NULL";
static const char SQL_VAC_END[] =
    "UPDATE users SET vacation_from = NULL, vacation_until = NULL, "
    "vacation_year = ?2, vacation_used = ?3 WHERE id = ?1";

enum db_rc
deadline_vacation_stop(struct db *db, int64_t user, int64_t now)
{
	struct deadline_vacation v;
	struct db_stmt		*st;
	enum db_rc		 rc;
	int64_t			 end;
	char			 tz[STORE_USER_TZ_MAX];
	int			 last_year, used, year;

	if ((rc = vac_read(db, user, now, &v, &last_year, &used, tz)) !=
	    DB_OK)
		return rc;
	if (!v.on)
		return DB_NOTFOUND;
	end = now < v.until ? now : v.until;
	if (end < v.from)
		end = v.from;
	if ((st = db_stmt(db, SQL_VAC_PUSH)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, user);
	db_bind_int64(st, 2, v.from);
	db_bind_int64(st, 3, end);
	if ((rc = db_step_done(db, st)) != DB_OK)
		return rc;
	/* The days count in the year the vacation began. */
	year = deadline_year(tz, v.from);
	used = (year == last_year ? used : 0) +
	    deadline_vacation_days(v.from, end);
	if ((st = db_stmt(db, SQL_VAC_END)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, user);
	db_bind_int(st, 2, year);
	db_bind_int(st, 3, used > DEADLINE_VACATION_DAYS ?
	    DEADLINE_VACATION_DAYS : used);
	return db_step_done(db, st);
}

static const char SQL_CLOCKS[] =
    "SELECT s.seat, s.deadline, coalesce(s.turn_start, 0), "
    "coalesce(u.vacation_from, 0), g.move_secs FROM games g "
    "JOIN seats s ON s.game = g.id LEFT JOIN users u ON u.id = s.\"user\" "
    "WHERE g.id = ?1 ORDER BY s.seat";

void
deadline_clock(int64_t deadline, int64_t turn_start, int64_t vacation_from,
    int64_t now, struct deadline_clock *out)
{
	memset(out, 0, sizeof(*out));
	if (deadline == 0)
		return;
	out->running = 1;
	out->paused = vacation_from > 0 && vacation_from <= now;
	out->deadline = deadline;
	out->left = deadline_left(deadline, turn_start,
	    out->paused ? vacation_from : 0, now);
}

enum db_rc
deadline_clocks(struct db *db, int64_t game, int64_t now,
    struct deadline_clock *clk, int nseats, int64_t *move_secs)
{
	struct db_stmt	*st;
	int		 s, rc;

	memset(clk, 0, sizeof(*clk) * (size_t)nseats);
	*move_secs = DEADLINE_MOVE_SECS;
	if ((st = db_stmt(db, SQL_CLOCKS)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, game);
	while ((rc = db_step(st)) == DB_ROW) {
		*move_secs = db_column_int64(st, 4);
		s = db_column_int(st, 0);
		if (s < 0 || s >= nseats ||
		    db_column_is_null(st, 1))
			continue;
		deadline_clock(db_column_int64(st, 1),
		    db_column_int64(st, 2), db_column_int64(st, 3),
		    now, &clk[s]);
	}
	if (rc != DB_DONE)
		return db_fail(db, st);
	db_reset(st);
	return DB_OK;
}
