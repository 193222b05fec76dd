/*
 * test_store_lobby.c: the lobby's queries that the game page runs on
 * every view: the seats' names in one query (the viewer's skipped, a
 * bot's name in each of its seats, open seats empty, never past
 * nseats) and the tail of the move log, oldest first.
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
#include "gin_vodka.h"
#include "migrate.h"
#include "play.h"
#include "store_game.h"
#include "store_hands.h"
#include "store_lobby.h"
#include "store_user.h"
#include "vodkapolis.h"
#include "test_tmpdb.h"

struct fx {
	struct tmpdb	 tmp;
	struct db	*db;
	struct arena	 a;
	int64_t		 alice, bob, robot;
};

static int
setup_fx(void **state)
{
	struct fx	*f;

	if ((f = calloc(1, sizeof(*f))) == NULL)
		return -1;
	if (tmpdb_make(&f->tmp, "sl") != 0)
		return -1;
	if ((f->db = db_open(f->tmp.path, DB_CREATE)) == NULL ||
	    migrate_apply(f->db) < 1)
		return -1;
	arena_init(&f->a, 0);
	if (store_user_create(f->db, "alice", "a@example.org", "pass-word",
	    NULL, 0, CONFIG_PWHASH_MIN, &f->alice) != STORE_USER_OK ||
	    store_user_create(f->db, "bob", "b@example.org", "pass-word",
	    NULL, 0, CONFIG_PWHASH_MIN, &f->bob) != STORE_USER_OK ||
	    store_user_create(f->db, "robot", "r@example.org", NULL, NULL, 1,
	    CONFIG_PWHASH_MIN, &f->robot) != STORE_USER_OK)
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

/* A new game of rules with users[0..nseats) (0: an open seat). */
static int64_t
game(struct fx *f, const struct game_rules *rules, int nseats,
    const int64_t *users)
{
	struct store_game_new	 n;
	char			 why[GAME_WHY_MAX];
	int64_t			 id = 0;
	int			 s;

	memset(&n, 0, sizeof(n));
	n.rules = rules;
	n.nseats = nseats;
	n.dealer = -1;
	for (s = 0; s < nseats; s++)
		n.users[s] = users[s];
	assert_int_equal(db_begin_immediate(f->db), DB_OK);
	if (store_game_create(f->db, &n, &id, why) != DB_OK)
		fail_msg("store_game_create: %s", why);
	assert_int_equal(db_commit(f->db), DB_OK);
	return id;
}

static void
test_seat_names(void **state)
{
	struct fx	*f = *state;
	char		 names[GAME_SEATS_MAX][STORE_USER_NAME_MAX + 1];
	int64_t		 two[2] = { f->alice, f->robot };
	int64_t		 open[2] = { f->alice, 0 };
	int64_t		 three[3] = { f->robot, f->alice, f->robot };
	int64_t		 g1, g2, g3;

	g1 = game(f, &gv_rules, 2, two);
	g2 = game(f, &gv_rules, 2, open);
	g3 = game(f, &vp_rules, 3, three);

	assert_int_equal(store_lobby_seat_names(f->db, g1, 0, 2, names),
	    DB_OK);
	assert_string_equal(names[0], "alice");
	assert_string_equal(names[1], "robot");
	/* The viewer's seat is skipped: the page has that name. */
	assert_int_equal(store_lobby_seat_names(f->db, g1, f->alice, 2,
	    names), DB_OK);
	assert_string_equal(names[0], "");
	assert_string_equal(names[1], "robot");
	/* A stranger skips nobody. */
	assert_int_equal(store_lobby_seat_names(f->db, g1, f->bob, 2, names),
	    DB_OK);
	assert_string_equal(names[0], "alice");

	/* An open seat has no name. */
	memset(names, 'x', sizeof(names));
	assert_int_equal(store_lobby_seat_names(f->db, g2, f->bob, 2, names),
	    DB_OK);
	assert_string_equal(names[0], "alice");
	assert_string_equal(names[1], "");

	/* One bot account in two seats: named in both. */
	assert_int_equal(store_lobby_seat_names(f->db, g3, f->alice, 3,
	    names), DB_OK);
	assert_string_equal(names[0], "robot");
	assert_string_equal(names[1], "");
	assert_string_equal(names[2], "robot");

	/* Never past nseats; an unknown game names nobody. */
	memset(names, 'x', sizeof(names));
	names[1][0] = '\0';
	assert_int_equal(store_lobby_seat_names(f->db, g3, 0, 1, names),
	    DB_OK);
	assert_string_equal(names[0], "robot");
	assert_string_equal(names[1], "");
	assert_int_equal(names[2][0], 'x');
	assert_int_equal(store_lobby_seat_names(f->db, g3 + 100, 0, 3, names),
	    DB_OK);
	assert_string_equal(names[0], "");
	assert_string_equal(names[2], "");
}

static void
test_last_moves(void **state)
{
	struct fx		*f = *state;
	struct store_game	 g;
	struct record_move	*moves;
	int64_t			 two[2] = { f->alice, f->bob }, id;
	char			 why[GAME_WHY_MAX];
	int			 n, first, i, k = 0, last[2] = { 0, 0 }, ply;

	id = game(f, &gv_rules, 2, two);
	/* Play five moves: pass or take at the opening, then the hand. */
	for (i = 0; i < 5; i++) {
		struct game_move	 legal[64];
		struct game_status	 st;
		char			 text[GAME_MOVE_TEXT_MAX];
		int			 s, nl;

		assert_int_equal(store_game_load(f->db, &f->a, id, &g), DB_OK);
		g.rules->status(g.state, &st);
		for (s = 0; s < 2 && !((st.to_act >> s) & 1); s++)
			;
		assert_true(s < 2);
		nl = g.rules->legal(g.state, s, legal, 64);
		assert_true(nl > 0);
		g.rules->format(&legal[0], text, sizeof(text));
		assert_int_equal(db_begin_immediate(f->db), DB_OK);
		if (play_move(f->db, &g, s, 0, 0, text, why) != PLAY_OK)
			fail_msg("%s: %s", text, why);
		assert_int_equal(db_commit(f->db), DB_OK);
		k++;
		last[s] = k;
	}
	/* Each seat's last move, found from the end of the log. */
	for (i = 0; i < 2; i++) {
		assert_int_equal(store_lobby_last_move_of(f->db, id, i, &ply),
		    DB_OK);
		assert_int_equal(ply, last[i]);
	}
	assert_int_equal(store_lobby_last_move_of(f->db, id, 5, &ply), DB_OK);
	assert_int_equal(ply, 0);
	/* The last three, oldest first; first is the ply before them. */
	assert_int_equal(store_lobby_last_moves(f->db, &f->a, id, 3, &moves,
	    &n, &first), DB_OK);
	assert_int_equal(n, 3);
	assert_int_equal(first, k - 3);
	for (i = 0; i < n; i++)
		assert_true(strlen(moves[i].text) > 0);
	/* More asked than played: all of them, from ply 1. */
	assert_int_equal(store_lobby_last_moves(f->db, &f->a, id, 12, &moves,
	    &n, &first), DB_OK);
	assert_int_equal(n, k);
	assert_int_equal(first, 0);
	arena_reset(&f->a);
}

/* The hands table's deltas text, as store_game writes it. */
static void
test_hands_deltas(void **state)
{
	int32_t	 d[4];

	(void)state;
	assert_int_equal(store_hands_deltas("[10,-3,0]", 4, d), 3);
	assert_int_equal(d[0], 10);
	assert_int_equal(d[1], -3);
	assert_int_equal(d[2], 0);
	assert_int_equal(d[3], 0);	/* past the text's end */
	assert_int_equal(store_hands_deltas("[7,8,9]", 2, d), 2);
	assert_int_equal(d[1], 8);
	assert_int_equal(store_hands_deltas("junk", 2, d), 0);
	assert_int_equal(d[0], 0);
	assert_int_equal(store_hands_deltas(NULL, 2, d), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_seat_names, setup_fx,
		    teardown_fx),
		cmocka_unit_test_setup_teardown(test_last_moves, setup_fx,
		    teardown_fx),
		cmocka_unit_test(test_hands_deltas),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
