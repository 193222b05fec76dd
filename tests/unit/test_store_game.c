/*
 * test_store_game.c: games in the database, through a toy game whose
 * views change in known ways: creating and loading (the seed and its
 * commitment, refusals, open games), view_ply as moves advance,
 * refusals that write nothing, the end, two writers of one ply, the
 * ply check and decks.  Gin Vodka's snapshot against a replay of the
 * move log is in test_store_game_replay.c.
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
#include "play.h"
#include "record.h"
#include "store_game.h"
#include "test_store_game.h"

/*
 * The toy: two seats, each with a secret number.  "peek" adds one to
 * the mover's secret (only the mover's view changes; at most 3), "pass"
 * hands the turn over (both views change), "end" ends the game with
 * one hand event.  Decks mode: the first deck's two cards are the
 * secrets.
 */
struct toy {
	int32_t		 turn;
	int32_t		 secret[2];
	int32_t		 passes;
	int32_t		 over;
	int32_t		 needs_deck;
};

struct toy_view {
	int32_t		 turn;
	int32_t		 mine;
	int32_t		 passes;
	int32_t		 over;
};

enum { TOY_PEEK, TOY_PASS, TOY_END };

static enum game_rc
toy_setup(void *out, const struct game_setup *su, char why[GAME_WHY_MAX])
{
	struct toy	*t = out;

	if (su->nseats != 2) {
		snprintf(why, GAME_WHY_MAX, "The toy takes 2 seats.");
		return GAME_BAD_OPTIONS;
	}
	if (su->options != NULL && *su->options != '\0') {
		snprintf(why, GAME_WHY_MAX, "No options.");
		return GAME_BAD_OPTIONS;
	}
	memset(t, 0, sizeof(*t));
	if (su->seed != NULL) {
		t->secret[0] = su->seed[0] % 10;
		t->secret[1] = su->seed[1] % 10;
	} else
		t->needs_deck = 1;
	t->turn = su->dealer >= 0 ? su->dealer : 0;
	return GAME_OK;
}

static enum game_rc
toy_deal(const void *in, void *out, const card_t *deck, int n,
    char why[GAME_WHY_MAX])
{
	struct toy	*t = out;

	if (n != 2) {
		snprintf(why, GAME_WHY_MAX, "A toy deck has 2 cards.");
		return GAME_REFUSED;
	}
	memcpy(t, in, sizeof(*t));
	t->secret[0] = deck[0];
	t->secret[1] = deck[1];
	t->needs_deck = 0;
	return GAME_OK;
}

static enum game_rc
toy_apply(const void *in, void *out, int seat, const struct game_move *mv,
    struct game_events *ev, char why[GAME_WHY_MAX])
{
	const struct toy *a = in;
	struct toy	*t = out;

	memset(ev, 0, sizeof(*ev));
	if (mv->verb == TOY_PEEK && a->secret[seat] >= 3) {
		snprintf(why, GAME_WHY_MAX, "Enough peeking.");
		return GAME_REFUSED;
	}
	memcpy(t, a, sizeof(*t));
	switch (mv->verb) {
	case TOY_PEEK:
		t->secret[seat]++;
		break;
	case TOY_PASS:
		t->turn = 1 - t->turn;
		t->passes++;
		break;
	default:
		t->over = 1;
		ev->n = 1;
		ev->ev[0].hand = 1;
		snprintf(ev->ev[0].kind, sizeof(ev->ev[0].kind), "end");
		ev->ev[0].delta[seat] = t->passes;
		ev->ev[0].delta[1 - seat] = -t->passes;
		snprintf(ev->ev[0].text, sizeof(ev->ev[0].text),
		    "Seat %d ended it.", seat);
		break;
	}
	return GAME_OK;
}

static void
toy_status(const void *st, struct game_status *out)
{
	const struct toy *t = st;

	memset(out, 0, sizeof(*out));
	out->nseats = 2;
	out->hand = 1;
	out->over = t->over;
	out->needs_deck = t->needs_deck;
	out->to_act = t->over || t->needs_deck ? 0 : 1u << t->turn;
	out->scores[0] = t->secret[0];
	out->scores[1] = t->secret[1];
}

static void
toy_view(const void *st, int viewer, void *out)
{
	const struct toy *t = st;
	struct toy_view	*v = out;

	v->turn = t->turn;
	v->passes = t->passes;
	v->over = t->over;
	v->mine = viewer >= 0 && viewer < 2 ? t->secret[viewer] : -1;
}

static enum game_rc
toy_parse(const char *text, struct game_move *mv, char why[GAME_WHY_MAX])
{
	static const char *const verbs[] = { "peek", "pass", "end" };
	int		 i;

	memset(mv, 0, sizeof(*mv));
	for (i = 0; i < 3; i++)
		if (strcasecmp(text, verbs[i]) == 0) {
			mv->verb = (uint8_t)i;
			return GAME_OK;
		}
	snprintf(why, GAME_WHY_MAX, "Say peek, pass or end.");
	return GAME_BAD_TEXT;
}

static size_t
toy_format(const struct game_move *mv, char *buf, size_t bufsz)
{
	static const char *const verbs[] = { "peek", "pass", "end" };

	return (size_t)snprintf(buf, bufsz, "%s", verbs[mv->verb]);
}

static const struct game_rules toy_rules = {
	.slug = "toy",
	.name = "Toy",
	.cards = CARD_TT,
	.seats_min = 2,
	.seats_max = 2,
	.layout = 7,
	.state_size = sizeof(struct toy),
	.view_size = sizeof(struct toy_view),
	.setup = toy_setup,
	.deal = toy_deal,
	.apply = toy_apply,
	.status = toy_status,
	.view = toy_view,
	.parse = toy_parse,
	.format = toy_format,
};

static const uint8_t zero_seed[32];

static int
count_cb(void *arg, int n, char **vals, char **names)
{
	int64_t	*out = arg;

	(void)names;
	if (n > 0 && vals[0] != NULL)
		*out = strtoll(vals[0], NULL, 10);
	return 0;
}

/* The first column of the one row sql returns, as an integer. */
static int64_t
count(struct fx *f, const char *sql)
{
	int64_t	 n = -1;

	assert_int_equal(sqlite3_exec(db_handle(f->db), sql, count_cb, &n,
	    NULL), SQLITE_OK);
	return n;
}

static int64_t
toy_game(struct fx *f, const uint8_t *seed)
{
	struct store_game_new	 n;
	char			 why[GAME_WHY_MAX];
	int64_t			 id = 0;

	memset(&n, 0, sizeof(n));
	n.rules = &toy_rules;
	n.nseats = 2;
	n.dealer = -1;
	n.seed = seed;
	n.users[0] = f->alice;
	n.users[1] = f->bot;
	assert_int_equal(db_begin_immediate(f->db), DB_OK);
	assert_int_equal(store_game_create(f->db, &n, &id, why), DB_OK);
	assert_int_equal(db_commit(f->db), DB_OK);
	return id;
}

static void
test_create_load(void **state)
{
	struct fx		*f = *state;
	struct store_game	 g;
	struct store_game_new	 n;
	uint8_t			 seed[32];
	char			 commit[65], why[GAME_WHY_MAX], sql[128];
	const struct toy	*t;
	int64_t			 id;

	memset(seed, 0, sizeof(seed));
	seed[0] = 13;
	seed[1] = 4;
	id = toy_game(f, seed);
	assert_int_equal(store_game_load_rules(f->db, &f->a, id, &toy_rules,
	    &g), DB_OK);
	assert_int_equal(g.ply, 0);
	assert_int_equal(g.nseats, 2);
	assert_int_equal(g.dealer, -1);
	assert_int_equal(g.over, 0);
	assert_int_equal(g.rebuilt, 0);
	assert_int_equal(g.to_act, 1);
	assert_int_equal(g.user[0], f->alice);
	assert_int_equal(g.user[1], f->bot);
	assert_int_equal(g.is_bot[0], 0);
	assert_int_equal(g.is_bot[1], 1);
	assert_int_equal(store_game_seat_of(&g, f->bot), 1);
	assert_int_equal(store_game_seat_of(&g, 0), -1);
	assert_int_equal(store_game_seat_of(&g, 12345), -1);
	assert_true(g.has_seed);
	assert_memory_equal(g.seed, seed, 32);
	store_game_commitment(seed, commit);
	assert_string_equal(g.commitment, commit);
	/* SHA-256 of the bytes 0d 04 and 30 zeros, from Python's hashlib. */
	assert_string_equal(commit,
	    "ca82ecd324eb0f71e377e0f8718c4f28"
	    "0b02d99cb7f2e37dcdf79c3c35ecac61");
	t = g.state;
	assert_int_equal(t->secret[0], 3);
	assert_int_equal(t->secret[1], 4);
	snprintf(sql, sizeof(sql), "SELECT status = 'active' AND "
	    "length(state) = %d FROM games WHERE id = %lld",
	    STORE_GAME_HEADER + (int)sizeof(struct toy), (long long)id);
	assert_int_equal(count(f, sql), 1);
	/* Not found, and a slug that is not in the registry. */
	assert_int_equal(store_game_load_rules(f->db, &f->a, id + 100,
	    &toy_rules, &g), DB_NOTFOUND);
	assert_int_equal(store_game_load(f->db, &f->a, id, &g), DB_ERROR);

	/* The rules refuse: nothing is stored. */
	memset(&n, 0, sizeof(n));
	n.rules = &toy_rules;
	n.nseats = 2;
	n.dealer = -1;
	n.options = "speed=9";
	assert_int_equal(db_begin_immediate(f->db), DB_OK);
	assert_int_equal(store_game_create(f->db, &n, &id, why), DB_REFUSED);
	assert_non_null(strstr(why, "No options."));
	/* An unknown user is refused by the foreign key. */
	n.options = NULL;
	n.users[0] = 9999;
	assert_int_equal(store_game_create(f->db, &n, &id, why),
	    DB_CONSTRAINT);
	db_rollback_if_open(f->db);
	assert_int_equal(count(f, "SELECT count(*) FROM games"), 1);
	/* An open seat makes an open game; a fresh seed each time. */
	n.users[0] = 0;
	assert_int_equal(db_begin_immediate(f->db), DB_OK);
	assert_int_equal(store_game_create(f->db, &n, &id, why), DB_OK);
	assert_int_equal(db_commit(f->db), DB_OK);
	snprintf(sql, sizeof(sql), "SELECT status = 'open' AND seed IS NOT "
	    "NULL AND length(commitment) = 64 FROM games WHERE id = %lld",
	    (long long)id);
	assert_int_equal(count(f, sql), 1);
	arena_reset(&f->a);
}

static void
test_advance_views(void **state)
{
	struct fx		*f = *state;
	struct store_game	 g, again;
	char			 why[GAME_WHY_MAX], sql[160];
	int64_t			 id, changes;
	const struct toy	*t;

	id = toy_game(f, zero_seed);
	assert_int_equal(store_game_load_rules(f->db, &f->a, id, &toy_rules,
	    &g), DB_OK);
	/* peek: only seat 0's view changes. */
	assert_int_equal(play(f, &g, 0, "PEEK", why), PLAY_OK);
	assert_int_equal(g.ply, 1);
	assert_int_equal(g.view_ply[0], 1);
	assert_int_equal(g.view_ply[1], 0);
	/* pass: both change; the bot at seat 1 becomes due. */
	assert_int_equal(play(f, &g, 0, "pass", why), PLAY_OK);
	assert_int_equal(g.view_ply[0], 2);
	assert_int_equal(g.view_ply[1], 2);
	snprintf(sql, sizeof(sql), "SELECT count(*) FROM seats WHERE game = "
	    "%lld AND bot_due IS NOT NULL AND seat = 1", (long long)id);
	assert_int_equal(count(f, sql), 1);
	assert_int_equal(play(f, &g, 1, "peek", why), PLAY_OK);
	assert_int_equal(g.view_ply[0], 2);
	assert_int_equal(g.view_ply[1], 3);

	/* What was stored is what load reads back. */
	assert_int_equal(store_game_load_rules(f->db, &f->a, id, &toy_rules,
	    &again), DB_OK);
	assert_int_equal(again.ply, 3);
	assert_int_equal(again.view_ply[0], 2);
	assert_int_equal(again.view_ply[1], 3);
	assert_memory_equal(again.state, g.state, sizeof(struct toy));
	snprintf(sql, sizeof(sql), "SELECT group_concat(ply || ':' || seat "
	    "|| ':' || text, ' ') = '1:0:peek 2:0:pass 3:1:peek' FROM "
	    "(SELECT * FROM moves WHERE game = %lld ORDER BY ply)",
	    (long long)id);
	assert_int_equal(count(f, sql), 1);

	/* Refusals write nothing: not your turn, unreadable, illegal. */
	changes = sqlite3_total_changes(db_handle(f->db));
	assert_int_equal(play(f, &g, 0, "peek", why), PLAY_REFUSED);
	assert_string_equal(why, "It is not seat 0's turn.");
	assert_int_equal(play(f, &g, 1, "jump", why), PLAY_REFUSED);
	assert_string_equal(why, "Say peek, pass or end.");
	assert_int_equal(play(f, &g, 5, "peek", why), PLAY_NOT_SEATED);
	assert_int_equal(play(f, &g, 1, "peek", why), PLAY_OK);
	assert_int_equal(play(f, &g, 1, "peek", why), PLAY_OK);
	changes = sqlite3_total_changes(db_handle(f->db));
	t = g.state;
	assert_int_equal(t->secret[1], 3);
	assert_int_equal(play(f, &g, 1, "peek", why), PLAY_REFUSED);
	assert_string_equal(why, "Enough peeking.");
	assert_int_equal(sqlite3_total_changes(db_handle(f->db)), changes);
	assert_int_equal(g.ply, 5);
	snprintf(sql, sizeof(sql), "SELECT ply FROM games WHERE id = %lld",
	    (long long)id);
	assert_int_equal(count(f, sql), 5);

	/* The end: status, finished, the hand event, no bot due. */
	assert_int_equal(play(f, &g, 1, "end", why), PLAY_OK);
	assert_int_equal(g.over, 1);
	assert_int_equal(g.to_act, 0);
	snprintf(sql, sizeof(sql), "SELECT status = 'over' AND finished IS "
	    "NOT NULL AND to_act = 0 FROM games WHERE id = %lld",
	    (long long)id);
	assert_int_equal(count(f, sql), 1);
	snprintf(sql, sizeof(sql), "SELECT count(*) FROM hands WHERE game = "
	    "%lld AND hand = 1 AND kind = 'end' AND deltas = '[-1,1]' AND "
	    "ply = 6 AND text = 'Seat 1 ended it.'", (long long)id);
	assert_int_equal(count(f, sql), 1);
	snprintf(sql, sizeof(sql), "SELECT count(*) FROM seats WHERE game = "
	    "%lld AND bot_due IS NOT NULL", (long long)id);
	assert_int_equal(count(f, sql), 0);
	assert_int_equal(play(f, &g, 1, "pass", why), PLAY_REFUSED);
	assert_string_equal(why, "The game is over.");
	arena_reset(&f->a);
}

static void
test_duplicate_ply(void **state)
{
	struct fx		*f = *state;
	struct store_game	 g1, g2;
	char			 why[GAME_WHY_MAX], sql[128];
	int64_t			 id;

	id = toy_game(f, zero_seed);
	/* Two requests load the same ply; the second to write loses. */
	assert_int_equal(store_game_load_rules(f->db, &f->a, id, &toy_rules,
	    &g1), DB_OK);
	assert_int_equal(store_game_load_rules(f->db, &f->a, id, &toy_rules,
	    &g2), DB_OK);
	assert_int_equal(play(f, &g1, 0, "pass", why), PLAY_OK);
	assert_int_equal(play(f, &g2, 0, "peek", why), PLAY_CONFLICT);
	snprintf(sql, sizeof(sql), "SELECT count(*) || max(games.ply) FROM moves, games "
	    "WHERE game = %lld AND games.id = game", (long long)id);
	assert_int_equal(count(f, sql), 11);	/* one move, ply 1 */
	/* And the table itself refuses a second row for a ply. */
	snprintf(sql, sizeof(sql), "INSERT INTO moves VALUES (%lld, 1, 1, "
	    "'peek', 0)", (long long)id);
	assert_int_equal(sqlite3_exec(db_handle(f->db), sql, NULL, NULL, NULL),
	    SQLITE_CONSTRAINT_PRIMARYKEY);
	arena_reset(&f->a);
}

/*
 * store_game_ply: what the move handler checks under its write lock
 * after reading the game before it; g2, read before g1's move, is stale.
 */
static void
test_ply_check(void **state)
{
	struct fx		*f = *state;
	struct store_game	 g1, g2;
	char			 why[GAME_WHY_MAX];
	int64_t			 id;
	int			 ply = -1;

	id = toy_game(f, zero_seed);
	assert_int_equal(store_game_ply(f->db, id, &ply), DB_OK);
	assert_int_equal(ply, 0);
	assert_int_equal(store_game_load_rules(f->db, &f->a, id, &toy_rules,
	    &g1), DB_OK);
	assert_int_equal(store_game_load_rules(f->db, &f->a, id, &toy_rules,
	    &g2), DB_OK);
	assert_int_equal(play(f, &g1, 0, "pass", why), PLAY_OK);
	assert_int_equal(store_game_ply(f->db, id, &ply), DB_OK);
	assert_int_equal(ply, 1);
	assert_int_not_equal(ply, g2.ply);
	assert_int_equal(store_game_ply(f->db, id + 1000, &ply), DB_NOTFOUND);
	arena_reset(&f->a);
}

static void
test_decks(void **state)
{
	struct fx		*f = *state;
	struct store_game_new	 n;
	struct store_game	 g;
	struct record		 rec;
	static const card_t	 decks[] = { 7, 2 };
	static const int	 decklen[] = { 2 };
	static const card_t	 bad[] = { 7 };
	char			 why[GAME_WHY_MAX], sql[128];
	const struct toy	*t;
	int64_t			 id;

	memset(&n, 0, sizeof(n));
	n.rules = &toy_rules;
	n.nseats = 2;
	n.dealer = 1;
	n.ndecks = 1;
	n.decks = bad;
	n.decklen = (const int[]){ 1 };
	assert_int_equal(db_begin_immediate(f->db), DB_OK);
	assert_int_equal(store_game_create(f->db, &n, &id, why), DB_REFUSED);
	assert_non_null(strstr(why, "A toy deck has 2 cards."));
	n.decks = decks;
	n.decklen = decklen;
	assert_int_equal(store_game_create(f->db, &n, &id, why), DB_OK);
	assert_int_equal(db_commit(f->db), DB_OK);
	snprintf(sql, sizeof(sql), "SELECT seed IS NULL AND commitment IS NULL "
	    "AND decks = '[[\"1Yt\",\"1Rt\"]]' FROM games WHERE id = %lld",
	    (long long)id);
	assert_int_equal(count(f, sql), 1);
	assert_int_equal(store_game_load_rules(f->db, &f->a, id, &toy_rules,
	    &g), DB_OK);
	assert_int_equal(g.has_seed, 0);
	assert_string_equal(g.commitment, "");
	assert_int_equal(g.dealer, 1);
	assert_int_equal(g.ndecks, 1);
	assert_int_equal(g.decklen[0], 2);
	assert_int_equal(g.decks[0], 7);
	assert_int_equal(g.decks[1], 2);
	t = g.state;
	assert_int_equal(t->secret[0], 7);
	assert_int_equal(t->turn, 1);
	assert_int_equal(play(f, &g, 1, "pass", why), PLAY_OK);
	assert_int_equal(store_game_record(f->db, &f->a, &g, &rec), DB_OK);
	assert_int_equal(rec.ndecks, 1);
	assert_int_equal(rec.has_seed, 0);
	assert_int_equal(rec.dealer, 1);
	assert_int_equal(rec.nmoves, 1);
	assert_string_equal(rec.moves[0].text, "pass");
	arena_reset(&f->a);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_create_load, setup_fx,
		    teardown_fx),
		cmocka_unit_test_setup_teardown(test_advance_views, setup_fx,
		    teardown_fx),
		cmocka_unit_test_setup_teardown(test_ply_check, setup_fx,
		    teardown_fx),
		cmocka_unit_test_setup_teardown(test_duplicate_ply, setup_fx,
		    teardown_fx),
		cmocka_unit_test_setup_teardown(test_decks, setup_fx,
		    teardown_fx),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
