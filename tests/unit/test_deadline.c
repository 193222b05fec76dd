/*
 * test_deadline.c: the clock rules (deadline.h) and the worker's
 * deadline job, with a clock the test controls (worker_deadlines takes
 * now from its caller).
 *
 * The arithmetic first (reminder time, time left while paused, the
 * push after a vacation, days charged, the yearly bank in the user's
 * zone, the lobby's "3d").  Then on a real database, two people
 * playing Gin Vodka: a clock starts for the seat to act and moves with
 * the turn; the reminder goes once at a quarter left; a deadline plays
 * the rules' default moves for the rest of the turn; a vacation stops
 * the clock and pushes it on when it ends (by hand or when its days
 * run out); three timeouts in a row, or the table's choice, hand the
 * seat to a bot and tell the player; a move of one's own resets the
 * count.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arena.h"
#include "db.h"
#include "deadline.h"
#include "mail_queue.h"
#include "migrate.h"
#include "play.h"
#include "store_game.h"
#include "store_lobby.h"
#include "store_user.h"
#include "worker.h"

static void
test_arithmetic(void **state)
{
	(void)state;
	assert_int_equal(deadline_remind_at(1000, 400), 1300);
	/* Running: deadline - now. */
	assert_int_equal(deadline_left(1000, 0, 0, 400), 600);
	assert_int_equal(deadline_left(1000, 0, 0, 1400), -400);
	/* On vacation since 300: stands at what was left then. */
	assert_int_equal(deadline_left(1000, 0, 300, 800), 700);
	/* The clock started during the vacation: nothing used yet. */
	assert_int_equal(deadline_left(1000, 500, 300, 800), 500);
	/* A vacation that starts later does not count yet. */
	assert_int_equal(deadline_left(1000, 0, 900, 800), 200);
	/* Pushed by the time the clock stood. */
	assert_int_equal(deadline_pushed(1000, 0, 300, 800), 1500);
	assert_int_equal(deadline_pushed(1000, 500, 300, 800), 1300);
	assert_int_equal(deadline_pushed(1000, 900, 300, 800), 1000);
	/* Days: every started day, at least one. */
	assert_int_equal(deadline_vacation_days(100, 100), 1);
	assert_int_equal(deadline_vacation_days(0, DEADLINE_DAY), 1);
	assert_int_equal(deadline_vacation_days(0, DEADLINE_DAY + 1), 2);
	assert_int_equal(deadline_vacation_days(0, 14 * DEADLINE_DAY), 14);
	/* The bank: a new year starts full; never negative. */
	assert_int_equal(deadline_bank(2026, 2025, 14), 14);
	assert_int_equal(deadline_bank(2026, 2026, 5), 9);
	assert_int_equal(deadline_bank(2026, 2026, 20), 0);
}

static void
test_year_in_zone(void **state)
{
	int64_t	 t = 1767225599;	/* 2025-12-31 23:59:59 UTC */

	(void)state;
	assert_int_equal(deadline_year("UTC", t), 2025);
	assert_int_equal(deadline_year("Pacific/Auckland", t), 2026);
	assert_int_equal(deadline_year("America/Los_Angeles", t + 3600),
	    2025);
	assert_int_equal(deadline_year("No/Such_Zone", t), 2025);
	assert_int_equal(deadline_year(NULL, t + 1), 2026);
}

static void
test_parse_format(void **state)
{
	char	 why[DEADLINE_WHY_MAX], buf[32];
	int64_t	 s;

	(void)state;
	assert_int_equal(deadline_parse("3d", &s, why), 0);
	assert_int_equal(s, 3 * DEADLINE_DAY);
	assert_int_equal(deadline_parse(" 36 H ", &s, why), 0);
	assert_int_equal(s, 36 * 3600);
	assert_int_equal(deadline_parse("90m", &s, why), 0);
	assert_int_equal(s, 5400);
	assert_int_equal(deadline_parse("2 days", &s, why), 0);
	assert_int_equal(s, 2 * DEADLINE_DAY);
	assert_int_equal(deadline_parse("7", &s, why), 0);
	assert_int_equal(s, 7 * DEADLINE_DAY);
	assert_int_equal(deadline_parse("0d", &s, why), -1);
	assert_non_null(strstr(why, "between"));
	assert_int_equal(deadline_parse("31d", &s, why), -1);
	assert_int_equal(deadline_parse("59m", &s, why), -1);
	assert_int_equal(deadline_parse("99999999999999d", &s, why), -1);
	assert_int_equal(deadline_parse("3x", &s, why), -1);
	assert_non_null(strstr(why, "3d"));
	assert_int_equal(deadline_parse("", &s, why), -1);
	assert_int_equal(deadline_parse("d3", &s, why), -1);
	assert_int_equal(deadline_parse("3d 4h", &s, why), -1);
	assert_string_equal(deadline_format(3 * DEADLINE_DAY, buf), "3 d");
	assert_string_equal(deadline_format(36 * 3600, buf), "36 h");
	assert_string_equal(deadline_format(5400, buf), "90 min");
}

/* --- on a database ------------------------------------------------ */

struct fx {
	char		 path[256];
	struct db	*db;
	struct worker	 w;
	struct arena	 a;
	int64_t		 alice, bob, game;
};

static int
setup(void **state)
{
	struct store_game_new	 n;
	struct fx		*f;
	const char		*dir;
	uint8_t			 seed[32];
	char			 why[GAME_WHY_MAX];
	int			 fd, i;

	if ((f = calloc(1, sizeof(*f))) == NULL)
		return -1;
	if ((dir = getenv("TMPDIR")) == NULL)
		dir = "/tmp";
	snprintf(f->path, sizeof(f->path), "%s/test_deadline.XXXXXX", dir);
	if ((fd = mkstemp(f->path)) == -1)
		return -1;
	close(fd);
	if ((f->db = db_open(f->path, DB_CREATE)) == NULL ||
	    migrate_apply(f->db) < 0)
		return -1;
	if (store_user_create(f->db, "alice", "a@example.org", "pass-word-1",
	    "UTC", 0, CONFIG_PWHASH_MIN, &f->alice) != STORE_USER_OK ||
	    store_user_create(f->db, "bob", "b@example.org", "password2",
	    "UTC", 0, CONFIG_PWHASH_MIN, &f->bob) != STORE_USER_OK ||
	    sqlite3_exec(db_handle(f->db), "UPDATE users SET "
	    "email_verified = 1", NULL, NULL, NULL) != SQLITE_OK)
		return -1;
	for (i = 0; i < 32; i++)
		seed[i] = (uint8_t)(i * 5 + 3);
	memset(&n, 0, sizeof(n));
	n.rules = game_find("gin-vodka");
	n.options = "target=100";
	n.nseats = 2;
	n.dealer = 1;
	n.seed = seed;
	n.users[0] = f->alice;
	n.users[1] = f->bob;
	if (db_begin_immediate(f->db) != DB_OK ||
	    store_game_create(f->db, &n, &f->game, why) != DB_OK ||
	    db_commit(f->db) != DB_OK)
		return -1;
	worker_init(&f->w, f->db);
	arena_init(&f->a, 0);
	*state = f;
	return 0;
}

static int
teardown(void **state)
{
	struct fx	*f = *state;
	char		 p[300];

	worker_free(&f->w);
	arena_free(&f->a);
	db_close(f->db);
	unlink(f->path);
	snprintf(p, sizeof(p), "%s-wal", f->path);
	unlink(p);
	snprintf(p, sizeof(p), "%s-shm", f->path);
	unlink(p);
	free(f);
	return 0;
}

/* One integer from sql with ?1 = a, ?2 = b; -1 for NULL. */
static int64_t
q2(struct fx *f, const char *sql, int64_t a, int64_t b)
{
	sqlite3_stmt	*st;
	int64_t		 v;

	assert_int_equal(sqlite3_prepare_v2(db_handle(f->db), sql, -1, &st,
	    NULL), SQLITE_OK);
	sqlite3_bind_int64(st, 1, a);
	sqlite3_bind_int64(st, 2, b);
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	v = sqlite3_column_type(st, 0) == SQLITE_NULL ? -1 :
	    sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return v;
}

static int64_t
seat_col(struct fx *f, int seat, const char *col)
{
	char	 sql[128];

	snprintf(sql, sizeof(sql), "SELECT %s FROM seats WHERE game = ?1 AND "
	    "seat = ?2", col);
	return q2(f, sql, f->game, seat);
}

static struct store_game *
load(struct fx *f, struct store_game *g)
{
	arena_reset(&f->a);
	assert_int_equal(store_game_load(f->db, &f->a, f->game, g), DB_OK);
	return g;
}

/* The one seat that must act (Gin Vodka: one at a time). */
static int
acting(struct fx *f)
{
	struct store_game	 g;

	load(f, &g);
	assert_int_equal(game_seat_count(g.to_act), 1);
	return g.to_act & 1u ? 0 : 1;
}

/* The seat that acts plays its default moves to the end of its turn. */
static void
play_turn(struct fx *f)
{
	struct store_game	 g;
	struct game_move	 mv;
	char			 text[GAME_MOVE_TEXT_MAX], why[GAME_WHY_MAX];
	int			 seat = acting(f);

	load(f, &g);
	while (g.to_act & (1u << seat)) {
		assert_int_equal(g.rules->timeout_move(g.state, seat, &mv),
		    GAME_OK);
		g.rules->format(&mv, text, sizeof(text));
		assert_int_equal(db_begin_immediate(f->db), DB_OK);
		assert_int_equal(play_move(f->db, &g, seat, 0, 0, text, why),
		    PLAY_OK);
		assert_int_equal(db_commit(f->db), DB_OK);
	}
}

/* Mails of kind 'game' to user with bit why. */
static int64_t
mails(struct fx *f, int64_t user, int why)
{
	return q2(f, "SELECT count(*) FROM outbox WHERE user = ?1 AND "
	    "kind = 'game' AND why & ?2", user, why);
}

static int64_t
user_of(struct fx *f, int seat)
{
	return seat == 0 ? f->alice : f->bob;
}

static void
test_clock_follows_the_turn(void **state)
{
	struct fx	*f = *state;
	int64_t		 now = db_now(), dl, start;
	int		 s = acting(f);

	dl = seat_col(f, s, "deadline");
	start = seat_col(f, s, "turn_start");
	assert_true(start >= now - 5 && start <= now + 5);
	assert_int_equal(dl, start + DEADLINE_MOVE_SECS);
	assert_int_equal(seat_col(f, s, "remind_at"),
	    deadline_remind_at(start, DEADLINE_MOVE_SECS));
	assert_int_equal(seat_col(f, !s, "deadline"), -1);
	assert_int_equal(seat_col(f, !s, "remind_at"), -1);
	play_turn(f);
	/* The clock went over to the other seat. */
	assert_int_equal(acting(f), !s);
	assert_int_equal(seat_col(f, s, "deadline"), -1);
	assert_int_equal(seat_col(f, s, "turn_start"), -1);
	assert_true(seat_col(f, !s, "deadline") >= now + DEADLINE_MOVE_SECS);
}

static void
test_reminder_once(void **state)
{
	struct fx	*f = *state;
	int		 s = acting(f);
	int64_t		 at = seat_col(f, s, "remind_at"), u = user_of(f, s);

	assert_int_equal(worker_deadlines(&f->w, at - 1), 0);
	assert_int_equal(mails(f, u, MAIL_WHY_REMINDER), 0);
	assert_int_equal(worker_deadlines(&f->w, at), 1);
	assert_int_equal(mails(f, u, MAIL_WHY_REMINDER), 1);
	assert_int_equal(f->w.reminded, 1);
	/* It says when, in the player's zone, and how long is left. */
	assert_int_equal(q2(f, "SELECT count(*) FROM outbox WHERE user = ?1 "
	    "AND why & ?2 AND body LIKE 'Your move is due by 20__-__-__ __:__ "
	    "UTC (18 h left).'", u, MAIL_WHY_REMINDER), 1);
	/* Once per turn. */
	assert_int_equal(worker_deadlines(&f->w, at + 60), 0);
	assert_int_equal(mails(f, u, MAIL_WHY_REMINDER), 1);
	assert_int_equal(seat_col(f, s, "remind_at"), -1);
	/* The deadline itself is untouched. */
	assert_true(seat_col(f, s, "deadline") > at);
}

static void
test_timeout_plays_the_turn(void **state)
{
	struct fx		*f = *state;
	struct store_game	 g;
	int			 s = acting(f), ply;
	int64_t			 dl = seat_col(f, s, "deadline");

	ply = load(f, &g)->ply;
	/* A second early: only the reminder. */
	assert_int_equal(worker_deadlines(&f->w, dl - 1), 1);
	assert_int_equal(load(f, &g)->ply, ply);
	assert_int_equal(f->w.timeouts, 0);
	assert_int_equal(worker_deadlines(&f->w, dl), 1);
	assert_int_equal(f->w.timeouts, 1);
	load(f, &g);
	assert_true(g.ply > ply);
	/* The whole turn: the seat no longer acts, its clock is gone. */
	assert_int_equal(acting(f), !s);
	assert_int_equal(seat_col(f, s, "deadline"), -1);
	assert_int_equal(seat_col(f, s, "timeouts"), 1);
	assert_int_equal(seat_col(f, s, "is_bot"), 0);
	assert_int_equal(q2(f, "SELECT count(*) FROM moves WHERE game = ?1 "
	    "AND seat = ?2", f->game, s), g.ply - ply);
	/* The other seat's clock starts now, not at the old deadline. */
	assert_true(seat_col(f, !s, "deadline") >= dl);
	assert_true(seat_col(f, !s, "turn_start") >= dl - DEADLINE_MOVE_SECS);
}

static void
test_three_timeouts_hand_over(void **state)
{
	struct fx		*f = *state;
	struct store_game	 g;
	int			 s = acting(f), i, ply;
	int64_t			 u = user_of(f, s);

	/* Two timeouts, then a move of the player's own: back to 0. */
	for (i = 0; i < 2; i++) {
		assert_int_equal(acting(f), s);
		assert_true(worker_deadlines(&f->w, seat_col(f, s,
		    "deadline")) >= 1);
		assert_int_equal(seat_col(f, s, "timeouts"), i + 1);
		play_turn(f);		/* the other player moves */
	}
	play_turn(f);
	assert_int_equal(seat_col(f, s, "timeouts"), 0);
	play_turn(f);
	/* Three in a row now. */
	for (i = 0; i < 3; i++) {
		assert_int_equal(acting(f), s);
		ply = load(f, &g)->ply;
		assert_true(worker_deadlines(&f->w, seat_col(f, s,
		    "deadline")) >= 1);
		if (i < 2) {
			/* Past the opening a turn is draw and discard. */
			assert_int_equal(load(f, &g)->ply, ply + 2);
			play_turn(f);
		}
	}
	/* The third: a bot takes the seat, due now; the player is told. */
	assert_int_equal(seat_col(f, s, "is_bot"), 1);
	assert_true(seat_col(f, s, "bot_due") > 0);
	assert_int_equal(seat_col(f, s, "deadline"), -1);
	assert_int_equal(seat_col(f, s, "timeouts"), 3);
	assert_int_equal(load(f, &g)->ply, ply);	/* the bot moves next */
	assert_int_equal(q2(f, "SELECT count(*) FROM outbox WHERE user = ?1 "
	    "AND why & ?2 AND body LIKE '%bot plays your seat%'", u,
	    MAIL_WHY_NOTE), 1);
	assert_int_equal(q2(f, "SELECT is_bot FROM users WHERE id = ?1", u,
	    0), 0);
	assert_int_equal(worker_bots(&f->w, seat_col(f, s, "bot_due")), 1);
	assert_true(load(f, &g)->ply > ply);
}

static void
test_table_hands_to_bot(void **state)
{
	struct fx		*f = *state;
	struct store_game	 g;
	int			 s = acting(f), ply;
	int64_t			 start = seat_col(f, s, "turn_start");

	assert_int_equal(db_begin_immediate(f->db), DB_OK);
	assert_int_equal(deadline_game_set(f->db, f->game, 10,
	    DEADLINE_ON_TIMEOUT_BOT), DB_REFUSED);
	assert_int_equal(deadline_game_set(f->db, f->game, 3600,
	    DEADLINE_ON_TIMEOUT_BOT), DB_OK);
	assert_int_equal(db_commit(f->db), DB_OK);
	/* The running clock follows the new time. */
	assert_int_equal(seat_col(f, s, "deadline"), start + 3600);
	assert_int_equal(seat_col(f, s, "remind_at"), start + 2700);
	ply = load(f, &g)->ply;
	assert_true(worker_deadlines(&f->w, start + 3600) >= 1);
	assert_int_equal(seat_col(f, s, "is_bot"), 1);
	assert_int_equal(seat_col(f, s, "timeouts"), 1);
	assert_int_equal(load(f, &g)->ply, ply);
}

static void
test_vacation_stops_the_clock(void **state)
{
	struct fx		*f = *state;
	struct store_game	 g;
	struct deadline_vacation v;
	struct deadline_clock	 clk[2], c;
	char			 why[DEADLINE_WHY_MAX];
	int			 s = acting(f), ply;
	int64_t			 u = user_of(f, s), start, dl, t0, t1, ms;

	start = seat_col(f, s, "turn_start");
	dl = seat_col(f, s, "deadline");
	t0 = start + 1000;
	assert_int_equal(db_begin_immediate(f->db), DB_OK);
	assert_int_equal(deadline_vacation_start(f->db, u, t0, why), DB_OK);
	assert_int_equal(deadline_vacation_start(f->db, u, t0, why),
	    DB_REFUSED);
	assert_non_null(strstr(why, "already"));
	assert_int_equal(db_commit(f->db), DB_OK);
	assert_int_equal(deadline_vacation_get(f->db, u, t0 + 5, &v), DB_OK);
	assert_true(v.on);
	assert_int_equal(v.until, t0 + 14 * DEADLINE_DAY);
	/* The page shows the clock standing. */
	assert_int_equal(deadline_clocks(f->db, f->game, dl + 50, clk, 2, &ms),
	    DB_OK);
	assert_int_equal(ms, DEADLINE_MOVE_SECS);
	assert_true(clk[s].running && clk[s].paused);
	assert_int_equal(clk[s].left, dl - t0);
	assert_false(clk[!s].running);
	/* The game page reads the same from the loaded game, no query. */
	ply = load(f, &g)->ply;
	deadline_clock(g.deadline[s], g.turn_start[s], g.vacation_from[s],
	    dl + 50, &c);
	assert_true(c.running && c.paused);
	assert_int_equal(c.deadline, dl);
	assert_int_equal(c.left, dl - t0);
	deadline_clock(g.deadline[!s], g.turn_start[!s], g.vacation_from[!s],
	    dl + 50, &c);
	assert_false(c.running);
	/* Past the deadline and the reminder: nothing happens. */
	assert_int_equal(worker_deadlines(&f->w, dl + 100), 0);
	assert_int_equal(load(f, &g)->ply, ply);
	assert_int_equal(mails(f, u, MAIL_WHY_REMINDER), 0);
	/* Back after 5000 s: the clock moved on by as much. */
	t1 = t0 + 5000;
	assert_int_equal(db_begin_immediate(f->db), DB_OK);
	assert_int_equal(deadline_vacation_stop(f->db, u, t1), DB_OK);
	assert_int_equal(deadline_vacation_stop(f->db, u, t1), DB_NOTFOUND);
	assert_int_equal(db_commit(f->db), DB_OK);
	assert_int_equal(seat_col(f, s, "deadline"), dl + 5000);
	assert_int_equal(deadline_vacation_get(f->db, u, t1, &v), DB_OK);
	assert_false(v.on);
	assert_int_equal(v.days_left, DEADLINE_VACATION_DAYS - 1);
	assert_int_equal(worker_deadlines(&f->w, dl + 4999 - 1) >= 0, 1);
	assert_int_equal(load(f, &g)->ply, ply);
	assert_true(worker_deadlines(&f->w, dl + 5000) >= 1);
	assert_true(load(f, &g)->ply > ply);
}

static void
test_vacation_runs_out(void **state)
{
	struct fx		*f = *state;
	struct deadline_vacation v;
	char			 why[DEADLINE_WHY_MAX];
	int			 s = acting(f);
	int64_t			 u = user_of(f, s), dl, t0, until;

	dl = seat_col(f, s, "deadline");
	t0 = seat_col(f, s, "turn_start");
	assert_int_equal(db_begin_immediate(f->db), DB_OK);
	assert_int_equal(deadline_vacation_start(f->db, u, t0, why), DB_OK);
	assert_int_equal(db_commit(f->db), DB_OK);
	until = t0 + 14 * DEADLINE_DAY;
	assert_int_equal(worker_deadlines(&f->w, until - 1), 0);
	/* The days ran out: the vacation ends by itself. */
	assert_int_equal(worker_deadlines(&f->w, until), 1);
	assert_int_equal(seat_col(f, s, "deadline"), dl + 14 * DEADLINE_DAY);
	assert_int_equal(deadline_vacation_get(f->db, u, until, &v), DB_OK);
	assert_false(v.on);
	assert_int_equal(v.days_left, 0);
	assert_int_equal(db_begin_immediate(f->db), DB_OK);
	assert_int_equal(deadline_vacation_start(f->db, u, until + 10, why),
	    DB_REFUSED);
	assert_non_null(strstr(why, "no vacation day"));
	db_rollback_if_open(f->db);
	/* Next year the bank is full again (not carried over either). */
	assert_int_equal(deadline_vacation_get(f->db, u,
	    until + 366 * DEADLINE_DAY, &v), DB_OK);
	assert_int_equal(v.days_left, DEADLINE_VACATION_DAYS);
}

/* An open table has no clock; the clock starts when the last seat is taken. */
static void
test_clock_starts_when_the_table_fills(void **state)
{
	struct fx		*f = *state;
	struct store_game_new	 n;
	struct store_game	 g;
	uint8_t			 seed[32];
	char			 why[GAME_WHY_MAX];
	int64_t			 id;
	int			 s;

	memset(seed, 7, sizeof(seed));
	memset(&n, 0, sizeof(n));
	n.rules = game_find("gin-vodka");
	n.nseats = 2;
	n.dealer = -1;
	n.seed = seed;
	n.users[0] = f->alice;		/* seat 1 open */
	assert_int_equal(db_begin_immediate(f->db), DB_OK);
	assert_int_equal(store_game_create(f->db, &n, &id, why), DB_OK);
	assert_int_equal(db_commit(f->db), DB_OK);
	assert_int_equal(q2(f, "SELECT count(*) FROM seats WHERE game = ?1 AND "
	    "deadline IS NOT NULL", id, 0), 0);
	assert_int_equal(db_begin_immediate(f->db), DB_OK);
	assert_int_equal(store_lobby_join(f->db, id, -1, f->bob, why), DB_OK);
	assert_int_equal(db_commit(f->db), DB_OK);
	arena_reset(&f->a);
	assert_int_equal(store_game_load(f->db, &f->a, id, &g), DB_OK);
	s = g.to_act & 1u ? 0 : 1;
	assert_int_equal(q2(f, "SELECT count(*) FROM seats WHERE game = ?1 AND "
	    "deadline IS NOT NULL", id, 0), 1);
	assert_int_equal(q2(f, "SELECT deadline - turn_start FROM seats "
	    "WHERE game = ?1 AND seat = ?2", id, s), DEADLINE_MOVE_SECS);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_arithmetic),
		cmocka_unit_test(test_year_in_zone),
		cmocka_unit_test(test_parse_format),
		cmocka_unit_test_setup_teardown(test_clock_follows_the_turn,
		    setup, teardown),
		cmocka_unit_test_setup_teardown(
		    test_clock_starts_when_the_table_fills, setup, teardown),
		cmocka_unit_test_setup_teardown(test_reminder_once, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_timeout_plays_the_turn,
		    setup, teardown),
		cmocka_unit_test_setup_teardown(test_three_timeouts_hand_over,
		    setup, teardown),
		cmocka_unit_test_setup_teardown(test_table_hands_to_bot,
		    setup, teardown),
		cmocka_unit_test_setup_teardown(test_vacation_stops_the_clock,
		    setup, teardown),
		cmocka_unit_test_setup_teardown(test_vacation_runs_out, setup,
		    teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
