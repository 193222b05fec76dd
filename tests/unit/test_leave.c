/*
 * test_leave.c: leaving a game.  The table's outcome over the rules'
 * status (outcome.h): an abort has no winner, a resignation at two
 * seats makes the other seat win, a resigned seat never wins and ranks
 * last on a team of its own.  The play layer (leave.h) over a real
 * database: a resignation at three seats hands the seat to a bot and
 * rates its player last, an abort is refused once every seat moved, a
 * refusal writes nothing, and a rematch waits for every person while
 * bots accept at once.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "arena.h"
#include "config.h"
#include "db.h"
#include "leave.h"
#include "migrate.h"
#include "outcome.h"
#include "store_game.h"
#include "store_leave.h"
#include "store_rating.h"
#include "store_user.h"
#include "test_tmpdb.h"

/* ---- outcome.h, pure ---- */

static void
status(struct game_status *gs, int n, uint32_t winners)
{
	int	 s;

	memset(gs, 0, sizeof(*gs));
	gs->nseats = n;
	gs->over = winners != 0;
	gs->winners = winners;
	gs->to_act = 1;
	for (s = 0; s < n; s++)
		gs->scores[s] = (winners >> s) & 1 ? 100 : 10 * s;
}

static void
test_outcome_status(void **state)
{
	struct outcome		 o = { OUTCOME_ABORT, 1, 3, 0 };
	struct game_status	 gs;

	(void)state;
	status(&gs, 2, 0);
	outcome_status(&o, &gs);
	assert_true(gs.over);
	assert_int_equal(gs.winners, 0);
	assert_int_equal(gs.to_act, 0);

	o = (struct outcome){ OUTCOME_RESIGN, 1, 3, 1u << 1 };
	status(&gs, 2, 0);
	outcome_status(&o, &gs);
	assert_true(gs.over);
	assert_int_equal(gs.winners, 1u << 0);	/* the other seat */
	assert_int_equal(gs.to_act, 0);

	/* Three seats: seat 2 resigned and its bot won; the best other wins. */
	o = (struct outcome){ OUTCOME_RULES, -1, 0, 1u << 2 };
	status(&gs, 3, 1u << 2);
	gs.scores[0] = 50;
	gs.scores[1] = 70;
	outcome_status(&o, &gs);
	assert_int_equal(gs.winners, 1u << 1);
	/* Still running: nothing changes. */
	status(&gs, 3, 0);
	outcome_status(&o, &gs);
	assert_false(gs.over);
	assert_int_equal(gs.to_act, 1);
	assert_int_equal(outcome_parse("resign"), OUTCOME_RESIGN);
	assert_int_equal(outcome_parse("abort"), OUTCOME_ABORT);
	assert_int_equal(outcome_parse("draw"), -1);
	assert_null(outcome_name(OUTCOME_RULES));
}

static void
test_outcome_places(void **state)
{
	struct outcome		 o = { OUTCOME_RULES, -1, 0, 1u << 0 };
	struct game_status	 gs;
	int			 place[4], team[4];

	(void)state;
	/* Seat 0 won by the rules but resigned: last, the others close up. */
	status(&gs, 4, 1u << 0);
	gs.scores[1] = 40;
	gs.scores[2] = 60;
	gs.scores[3] = 20;
	outcome_places(&o, &gs, place, team);
	assert_int_equal(place[0], 4);
	assert_int_equal(place[2], 1);
	assert_int_equal(place[1], 2);
	assert_int_equal(place[3], 3);
	/* Teams 0 and 1: the resigned seat gets a team no one else has. */
	gs.nteams = 2;
	gs.team[0] = 0;
	gs.team[1] = 1;
	gs.team[2] = 0;
	gs.team[3] = 1;
	gs.team_scores[0] = 100;
	gs.team_scores[1] = 50;
	outcome_places(&o, &gs, place, team);
	assert_int_equal(place[0], 4);	/* "1, 2, 2, 4" */
	assert_true(team[0] != 0 && team[0] != 1);
	assert_int_equal(place[2], 1);
	assert_int_equal(place[1], 2);
	assert_int_equal(place[3], 2);
}

/* ---- leave.h over a database ---- */

struct fx {
	struct tmpdb	 tmp;
	struct db	*db;
	struct arena	 a;
	int64_t		 user[3], bot;
};

static int
setup_fx(void **state)
{
	static const char *const names[] = { "alice", "bob", "carol" };
	struct fx	*f = calloc(1, sizeof(*f));
	char		 mail[32];
	int		 i;

	if (f == NULL || tmpdb_make(&f->tmp, "lv") != 0)
		return -1;
	if ((f->db = db_open(f->tmp.path, DB_CREATE)) == NULL ||
	    migrate_apply(f->db) < 1)
		return -1;
	arena_init(&f->a, 0);
	for (i = 0; i < 3; i++) {
		snprintf(mail, sizeof(mail), "%s@example.org", names[i]);
		if (store_user_create(f->db, names[i], mail, "not-a-common-pw",
		    NULL, 0, CONFIG_PWHASH_MIN, &f->user[i]) != STORE_USER_OK)
			return -1;
	}
	if (store_user_create(f->db, "robo", "robo@example.org",
	    "not-a-common-pw", NULL, 0, CONFIG_PWHASH_MIN, &f->bot) !=
	    STORE_USER_OK || sqlite3_exec(db_handle(f->db), "UPDATE users SET "
	    "email_verified = 1; UPDATE users SET is_bot = 1 WHERE name = "
	    "'robo'", NULL, NULL, NULL) != SQLITE_OK)
		return -1;
	*state = f;
	return 0;
}

static int
teardown_fx(void **state)
{
	struct fx	*f = *state;

	db_close(f->db);
	arena_free(&f->a);
	tmpdb_remove(&f->tmp);
	free(f);
	return 0;
}

/* A Rummy 500 game of users u[0..n-1], rated, loaded into g. */
static void
game(struct fx *f, const int64_t *u, int n, struct store_game *g)
{
	static const uint8_t	 seed[32] = { 7 };
	struct store_game_new	 ng;
	char			 why[GAME_WHY_MAX];
	int64_t			 id;
	int			 s;

	memset(&ng, 0, sizeof(ng));
	ng.rules = game_find("rummy-500");
	assert_non_null(ng.rules);
	ng.nseats = n;
	ng.dealer = -1;
	ng.seed = seed;
	for (s = 0; s < n; s++)
		ng.users[s] = u[s];
	assert_int_equal(db_begin_immediate(f->db), DB_OK);
	assert_int_equal(store_game_create(f->db, &ng, &id, why), DB_OK);
	assert_int_equal(store_rating_set_rated(f->db, id), DB_OK);
	assert_int_equal(store_game_load(f->db, &f->a, id, g), DB_OK);
	assert_int_equal(db_commit(f->db), DB_OK);
}

static int
count(struct fx *f, const char *sql)
{
	sqlite3_stmt	*st;
	int		 n;

	assert_int_equal(sqlite3_prepare_v2(db_handle(f->db), sql, -1, &st,
	    NULL), SQLITE_OK);
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	n = sqlite3_column_int(st, 0);
	sqlite3_finalize(st);
	return n;
}

static void
test_resign_three(void **state)
{
	struct fx		*f = *state;
	struct store_game	 g, again;
	struct game_status	 gs;
	char			 why[GAME_WHY_MAX];

	game(f, f->user, 3, &g);
	assert_int_equal(db_begin_immediate(f->db), DB_OK);
	assert_int_equal(leave_resign(f->db, &g, 1, why), LEAVE_OK);
	assert_int_equal(db_commit(f->db), DB_OK);
	assert_false(g.over);
	assert_int_equal(count(f, "SELECT is_bot FROM seats WHERE seat = 1"), 1);
	assert_int_equal(count(f, "SELECT count(*) FROM seats WHERE seat = 1 "
	    "AND deadline IS NULL AND resigned_ply = 0"), 1);
	/* The others hear of it; the resigner and no bot. */
	assert_int_equal(count(f, "SELECT count(*) FROM outbox"), 2);
	assert_int_equal(count(f, "SELECT count(*) FROM outbox WHERE user = 2"),
	    0);
	/* Loaded again, the seat is resigned; resigning again is refused. */
	assert_int_equal(store_game_load(f->db, &f->a, g.id, &again), DB_OK);
	assert_int_equal(again.outcome.resigned, 1u << 1);
	assert_int_equal(db_begin_immediate(f->db), DB_OK);
	assert_int_equal(leave_resign(f->db, &again, 1, why), LEAVE_REFUSED);
	db_rollback_if_open(f->db);

	/* It ends with bob's bot ahead: bob still ranks last, as bob. */
	memset(&gs, 0, sizeof(gs));
	gs.nseats = 3;
	gs.over = 1;
	gs.winners = 1u << 1;
	gs.scores[0] = 300;
	gs.scores[1] = 500;
	gs.scores[2] = 100;
	outcome_status(&again.outcome, &gs);
	assert_int_equal(gs.winners, 1u << 0);
	again.finished = 1000;
	assert_int_equal(db_begin_immediate(f->db), DB_OK);
	assert_int_equal(store_rating_game_over(f->db, &again, &gs), DB_OK);
	assert_int_equal(db_commit(f->db), DB_OK);
	assert_int_equal(count(f, "SELECT place FROM rating_history WHERE "
	    "user = 2"), 3);
	assert_int_equal(count(f, "SELECT place FROM rating_history WHERE "
	    "user = 1"), 1);
}

static void
test_abort(void **state)
{
	struct fx		*f = *state;
	struct store_game	 g;
	char			 why[GAME_WHY_MAX];
	int			 before;

	game(f, f->user, 2, &g);
	/* Both seats moved (the log is all abort reads). */
	assert_int_equal(sqlite3_exec(db_handle(f->db), "INSERT INTO moves "
	    "(game, ply, seat, text, created) VALUES (1, 1, 0, 'x', 0), "
	    "(1, 2, 1, 'y', 0)", NULL, NULL, NULL), SQLITE_OK);
	before = sqlite3_total_changes(db_handle(f->db));
	assert_int_equal(db_begin_immediate(f->db), DB_OK);
	assert_int_equal(leave_abort(f->db, &g, 0, why), LEAVE_REFUSED);
	assert_non_null(strstr(why, "Every player has moved"));
	assert_int_equal(sqlite3_total_changes(db_handle(f->db)), before);
	db_rollback_if_open(f->db);
	assert_false(g.over);
	/* Only seat 0 moved: abort is allowed, with no result. */
	assert_int_equal(sqlite3_exec(db_handle(f->db), "DELETE FROM moves "
	    "WHERE seat = 1", NULL, NULL, NULL), SQLITE_OK);
	assert_int_equal(leave_may_abort(&g, 1, 1u << 0), 1);
	assert_int_equal(db_begin_immediate(f->db), DB_OK);
	assert_int_equal(leave_abort(f->db, &g, 1, why), LEAVE_OK);
	assert_int_equal(db_commit(f->db), DB_OK);
	assert_true(g.over);
	assert_int_equal(g.outcome.end, OUTCOME_ABORT);
	assert_int_equal(count(f, "SELECT count(*) FROM games WHERE "
	    "ended = 'abort' AND status = 'over'"), 1);
	assert_int_equal(count(f, "SELECT count(*) FROM rating_history"), 0);
	assert_int_equal(leave_may_resign(&g, 0), 0);
}

static void
test_rematch(void **state)
{
	struct fx		*f = *state;
	struct store_game	 g;
	int64_t			 u[3] = { f->user[0], f->bot, f->user[2] };
	int64_t			 made;
	char			 why[GAME_WHY_MAX];

	game(f, u, 3, &g);
	assert_int_equal(db_begin_immediate(f->db), DB_OK);
	assert_int_equal(leave_rematch(f->db, &g, 0, &made, why),
	    LEAVE_REFUSED);		/* not over yet */
	assert_int_equal(leave_abort(f->db, &g, 0, why), LEAVE_OK);
	/* alice offers; the bot accepts at once; carol has not yet. */
	assert_int_equal(leave_rematch(f->db, &g, 0, &made, why), LEAVE_OK);
	assert_int_equal(made, 0);
	assert_int_equal(count(f, "SELECT count(*) FROM rematch_accepts"), 2);
	assert_int_equal(leave_rematch(f->db, &g, 0, &made, why),
	    LEAVE_REFUSED);
	assert_int_equal(leave_rematch(f->db, &g, 2, &made, why), LEAVE_OK);
	assert_true(made > g.id);
	assert_int_equal(db_commit(f->db), DB_OK);
	assert_int_equal(count(f, "SELECT count(*) FROM games a, games b "
	    "WHERE a.id = 1 AND b.id = 2 AND a.rules = b.rules AND b.rated = 1 "
	    "AND a.commitment != b.commitment AND b.status = 'active'"), 1);
	assert_int_equal(count(f, "SELECT count(*) FROM seats WHERE game = 2 "
	    "AND user IN (1, 3, 4)"), 3);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_outcome_status),
		cmocka_unit_test(test_outcome_places),
		cmocka_unit_test_setup_teardown(test_resign_three, setup_fx,
		    teardown_fx),
		cmocka_unit_test_setup_teardown(test_abort, setup_fx,
		    teardown_fx),
		cmocka_unit_test_setup_teardown(test_rematch, setup_fx,
		    teardown_fx),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
