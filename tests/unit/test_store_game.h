/*
 * test_store_game.h: the fixture the game store unit tests share: a
 * real database in a temp dir holding alice and a bot, and a move
 * played in its own transaction as a handler plays it.  Included by
 * test_store_game*.c only, after cmocka.h.
 */
#ifndef TEST_STORE_GAME_H
#define TEST_STORE_GAME_H

#include <stdlib.h>

#include "arena.h"
#include "db.h"
#include "migrate.h"
#include "play.h"
#include "store_game.h"
#include "store_user.h"
#include "test_tmpdb.h"

struct fx {
	struct tmpdb	 tmp;
	struct db	*db;
	struct arena	 a;
	int64_t		 alice, bot;
};

static inline int
setup_fx(void **state)
{
	struct fx	*f;

	f = calloc(1, sizeof(*f));
	if (f == NULL || tmpdb_make(&f->tmp, "sg") != 0)
		return -1;
	if ((f->db = db_open(f->tmp.path, DB_CREATE)) == NULL ||
	    migrate_apply(f->db) < 1)
		return -1;
	arena_init(&f->a, 0);
	if (store_user_create(f->db, "alice", "a@example.org", "pass-word",
	    NULL, 0, CONFIG_PWHASH_MIN, &f->alice) != STORE_USER_OK ||
	    store_user_create(f->db, "robot", "r@example.org", NULL, NULL, 1,
	    CONFIG_PWHASH_MIN, &f->bot) != STORE_USER_OK)
		return -1;
	*state = f;
	return 0;
}

static inline int
teardown_fx(void **state)
{
	struct fx	*f = *state;

	db_close(f->db);
	arena_free(&f->a);
	tmpdb_remove(&f->tmp);
	free(f);
	return 0;
}

/* Play one move in its own transaction, as a handler does (play.h). */
static inline enum play_rc
play(struct fx *f, struct store_game *g, int seat, const char *text,
    char why[GAME_WHY_MAX])
{
	enum play_rc	 rc;

	assert_int_equal(db_begin_immediate(f->db), DB_OK);
	rc = play_move(f->db, g, seat, 0, 0, text, why);
	if (rc == PLAY_OK)
		assert_int_equal(db_commit(f->db), DB_OK);
	db_rollback_if_open(f->db);
	return rc;
}

#endif /* TEST_STORE_GAME_H */
