/*
 * test_store_game_replay.c: a Gin Vodka game in the database, played
 * move by move: the stored snapshot equals a replay of the move log,
 * and a snapshot of another layout is rebuilt from the log, on load
 * and by store_game_refresh.  The store itself, through a toy game, is
 * tested in test_store_game.c.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "arena.h"
#include "db.h"
#include "play.h"
#include "record.h"
#include "store_game.h"
#include "test_store_game.h"

/* Gin Vodka: play the first legal move each time, then check. */
static void
test_gin_vodka_replay(void **state)
{
	struct fx		*f = *state;
	const struct game_rules	*gv = game_find("gin-vodka");
	struct store_game_new	 n;
	struct store_game	 g, h;
	struct game_move	 legal[GAME_LEGAL_MAX];
	struct record		 rec;
	struct record_result	 res;
	char			 why[GAME_WHY_MAX], text[GAME_MOVE_TEXT_MAX];
	void			*replay, *scratch;
	uint8_t			 seed[32];
	int64_t			 id;
	int			 i, seat, nl, nrefresh;

	if (gv == NULL)
		skip();
	memset(seed, 0x5a, sizeof(seed));
	memset(&n, 0, sizeof(n));
	n.rules = gv;
	n.nseats = 2;
	n.dealer = -1;
	n.seed = seed;
	n.users[0] = f->alice;
	n.users[1] = f->bot;
	assert_int_equal(db_begin_immediate(f->db), DB_OK);
	assert_int_equal(store_game_create(f->db, &n, &id, why), DB_OK);
	assert_int_equal(db_commit(f->db), DB_OK);
	assert_int_equal(store_game_load(f->db, &f->a, id, &g), DB_OK);
	for (i = 0; i < 60 && !g.over; i++) {
		seat = game_first_seat(g.to_act);
		assert_true(seat >= 0);
		nl = gv->legal(g.state, seat, legal, GAME_LEGAL_MAX);
		assert_true(nl > 0);
		gv->format(&legal[i % (nl < 3 ? nl : 3)], text, sizeof(text));
		assert_int_equal(play(f, &g, seat, text, why), PLAY_OK);
	}
	assert_int_equal(g.ply, i);

	/* The log is the truth: a replay gives the stored bytes. */
	replay = arena_alloc(&f->a, gv->state_size);
	scratch = arena_alloc(&f->a, gv->state_size);
	assert_int_equal(store_game_load(f->db, &f->a, id, &h), DB_OK);
	assert_int_equal(h.rebuilt, 0);
	assert_int_equal(store_game_record(f->db, &f->a, &h, &rec), DB_OK);
	assert_int_equal(rec.nmoves, g.ply);
	assert_int_equal(record_replay(&rec, -1, replay, scratch, NULL, NULL,
	    &res), 0);
	assert_memory_equal(replay, h.state, gv->state_size);

	/* A snapshot with another layout is rebuilt from the log. */
	assert_int_equal(sqlite3_exec(db_handle(f->db), "UPDATE games SET "
	    "state = zeroblob(100), layout = 0 WHERE rules = 'gin-vodka'",
	    NULL, NULL, NULL), SQLITE_OK);
	assert_int_equal(store_game_load(f->db, &f->a, id, &h), DB_OK);
	assert_int_equal(h.rebuilt, 1);
	assert_memory_equal(replay, h.state, gv->state_size);
	assert_int_equal(db_begin_immediate(f->db), DB_OK);
	assert_int_equal(store_game_refresh(f->db, &f->a, &nrefresh), DB_OK);
	assert_int_equal(db_commit(f->db), DB_OK);
	assert_int_equal(nrefresh, 1);
	assert_int_equal(store_game_load(f->db, &f->a, id, &h), DB_OK);
	assert_int_equal(h.rebuilt, 0);
	assert_memory_equal(replay, h.state, gv->state_size);
	arena_reset(&f->a);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_gin_vodka_replay,
		    setup_fx, teardown_fx),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
