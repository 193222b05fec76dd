/*
 * test_play.c: the one move path (play.h) on a scratch database.
 *
 * A toy game of two seats, each with a secret number: "peek" adds one
 * to the mover's secret (only the mover's view changes; at most 3) and
 * tells the other seat so as news (game.h), "pass" hands the turn over
 * (both views change).  Every refusal (no seat, open table, stale, no
 * text, unreadable, not the seat's turn, refused by the engine) must
 * leave the database and the loaded game byte for byte as they were,
 * and come in the documented order; a move that passes is stored with
 * its mails, the engine's news among them.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "arena.h"
#include "db.h"
#include "mail_queue.h"
#include "migrate.h"
#include "play.h"
#include "store_account.h"
#include "store_game.h"
#include "store_user.h"
#include "twelve_step.h"
#include "test_tmpdb.h"

struct toy {
	int32_t		 turn;
	int32_t		 secret[2];
	int32_t		 passes;
};

struct toy_view {
	int32_t		 turn;
	int32_t		 mine;
	int32_t		 passes;
};

enum { TOY_PEEK, TOY_PASS };

static enum game_rc
toy_setup(void *out, const struct game_setup *su, char why[GAME_WHY_MAX])
{
	struct toy	*t = out;

	if (su->nseats != 2) {
		snprintf(why, GAME_WHY_MAX, "The toy takes 2 seats.");
		return GAME_BAD_OPTIONS;
	}
	memset(t, 0, sizeof(*t));
	t->turn = su->dealer >= 0 ? su->dealer : 0;
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
	if (mv->verb == TOY_PEEK)
		t->secret[seat]++;
	else {
		t->turn = 1 - t->turn;
		t->passes++;
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
	out->to_act = 1u << t->turn;
}

static void
toy_view(const void *st, int viewer, void *out)
{
	const struct toy *t = st;
	struct toy_view	*v = out;

	v->turn = t->turn;
	v->passes = t->passes;
	v->mine = viewer >= 0 && viewer < 2 ? t->secret[viewer] : -1;
}

static enum game_rc
toy_parse(const char *text, struct game_move *mv, char why[GAME_WHY_MAX])
{
	memset(mv, 0, sizeof(*mv));
	if (strcasecmp(text, "peek") == 0)
		mv->verb = TOY_PEEK;
	else if (strcasecmp(text, "pass") == 0)
		mv->verb = TOY_PASS;
	else {
		snprintf(why, GAME_WHY_MAX, "Say peek or pass.");
		return GAME_BAD_TEXT;
	}
	return GAME_OK;
}

static size_t
toy_format(const struct game_move *mv, char *buf, size_t bufsz)
{
	return (size_t)snprintf(buf, bufsz, "%s", mv->verb == TOY_PEEK ?
	    "peek" : "pass");
}

/* News: a peek is told to the other seat, which need not act. */
static void
toy_news(const void *before, const void *after, struct game_news *out)
{
	const struct toy *b = before, *a = after;
	int		 s;

	for (s = 0; s < 2; s++)
		if (a->secret[s] > b->secret[s]) {
			out->seats |= 1u << (1 - s);
			snprintf(out->text, sizeof(out->text), "Seat %d "
			    "peeked.", s);
		}
}

static const struct game_rules toy_rules = {
	.slug = "toy",
	.name = "Toy",
	.cards = CARD_TT,
	.seats_min = 2,
	.seats_max = 2,
	.layout = 1,
	.state_size = sizeof(struct toy),
	.view_size = sizeof(struct toy_view),
	.setup = toy_setup,
	.apply = toy_apply,
	.status = toy_status,
	.view = toy_view,
	.parse = toy_parse,
	.format = toy_format,
	.news = toy_news
};

static const uint8_t zero_seed[32];

struct fx {
	struct tmpdb	 tmp;
	struct db	*db;
	struct arena	 a;
	int64_t		 alice, bob, carol, dave;
};

static int
setup_fx(void **state)
{
	struct fx	*f;

	f = calloc(1, sizeof(*f));
	if (f == NULL || tmpdb_make(&f->tmp, "play") != 0)
		return -1;
	if ((f->db = db_open(f->tmp.path, DB_CREATE)) == NULL ||
	    migrate_apply(f->db) < 1)
		return -1;
	arena_init(&f->a, 0);
	if (store_user_create(f->db, "alice", "a@example.org", "not-a-common-pw",
	    NULL, 0, CONFIG_PWHASH_MIN, &f->alice) != STORE_USER_OK ||
	    store_user_create(f->db, "bob", "b@example.org", "not-a-common-pw",
	    NULL, 0, CONFIG_PWHASH_MIN, &f->bob) != STORE_USER_OK ||
	    store_user_create(f->db, "carol", "c@example.org", "not-a-common-pw",
	    NULL, 0, CONFIG_PWHASH_MIN, &f->carol) != STORE_USER_OK ||
	    store_user_create(f->db, "dave", "d@example.org", "not-a-common-pw",
	    NULL, 0, CONFIG_PWHASH_MIN, &f->dave) != STORE_USER_OK ||
	    store_account_set_verified(f->db, f->alice) != STORE_USER_OK ||
	    store_account_set_verified(f->db, f->bob) != STORE_USER_OK ||
	    store_account_set_verified(f->db, f->carol) != STORE_USER_OK ||
	    store_account_set_verified(f->db, f->dave) != STORE_USER_OK)
		return -1;	/* verified: mail goes only to verified addresses */
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

/* The first column of the one row sql returns, as text (arena). */
static const char *
text_of(struct fx *f, const char *sql, int64_t id)
{
	sqlite3_stmt	*st;
	const char	*v;

	assert_int_equal(sqlite3_prepare_v2(db_handle(f->db), sql, -1, &st,
	    NULL), SQLITE_OK);
	sqlite3_bind_int64(st, 1, id);
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	v = arena_strdup(&f->a, sqlite3_column_text(st, 0) != NULL ?
	    (const char *)sqlite3_column_text(st, 0) : "");
	sqlite3_finalize(st);
	assert_non_null(v);
	return v;
}

/* Everything a move may write, about game ?1, as one string. */
static const char SQL_PRINT[] =
    "SELECT (SELECT hex(state) || '/' || ply || '/' || to_act || '/' || "
    "status || '/' || updated || '/' || coalesce(finished, '-') FROM games "
    "WHERE id = ?1) || ' seats ' || (SELECT group_concat(seat || ':' || "
    "view_ply || ':' || coalesce(bot_due, '-') || ':' || "
    "coalesce(deadline, '-'), ' ') FROM seats WHERE game = ?1) || "
    "' moves ' || (SELECT count(*) FROM moves) || ' hands ' || "
    "(SELECT count(*) FROM hands) || ' outbox ' || "
    "(SELECT count(*) FROM outbox)";

/* A game of alice (seat 0) and bob (seat 1, or open), loaded into g. */
static int64_t
toy_game(struct fx *f, int open, struct store_game *g)
{
	struct store_game_new	 n;
	char			 why[GAME_WHY_MAX];
	int64_t			 id = 0;

	memset(&n, 0, sizeof(n));
	n.rules = &toy_rules;
	n.nseats = 2;
	n.dealer = 0;
	n.seed = zero_seed;
	n.users[0] = f->alice;
	n.users[1] = open ? 0 : f->bob;
	assert_int_equal(db_begin_immediate(f->db), DB_OK);
	assert_int_equal(store_game_create(f->db, &n, &id, why), DB_OK);
	assert_int_equal(db_commit(f->db), DB_OK);
	assert_int_equal(store_game_load_rules(f->db, &f->a, id, &toy_rules,
	    g), DB_OK);
	return id;
}

/* One move in its own transaction, committed only when it passed. */
static enum play_rc
play(struct fx *f, struct store_game *g, int seat, long long seen,
    int flags, const char *text, char why[GAME_WHY_MAX])
{
	enum play_rc	 rc;

	assert_int_equal(db_begin_immediate(f->db), DB_OK);
	rc = play_move(f->db, g, seat, seen, flags, text, why);
	if (rc == PLAY_OK)
		assert_int_equal(db_commit(f->db), DB_OK);
	db_rollback_if_open(f->db);
	return rc;
}

/*
 * A refusal with want, and why[] holding say when say is not NULL;
 * inside the transaction nothing was written (sqlite3_total_changes),
 * and after it the database and g are as they were, byte for byte.
 */
static void
refused(struct fx *f, struct store_game *g, int seat, long long seen,
    int flags, const char *text, enum play_rc want, const char *say)
{
	struct store_game	 before;
	unsigned char		 state[sizeof(struct toy)];
	const char		*print;
	char			 why[GAME_WHY_MAX];
	int			 changes;

	memcpy(&before, g, sizeof(before));
	memcpy(state, g->state, sizeof(state));
	print = text_of(f, SQL_PRINT, g->id);
	changes = sqlite3_total_changes(db_handle(f->db));
	assert_int_equal(db_begin_immediate(f->db), DB_OK);
	why[0] = 'x';
	why[1] = '\0';
	assert_int_equal(play_move(f->db, g, seat, seen, flags, text, why),
	    want);
	assert_int_equal(sqlite3_total_changes(db_handle(f->db)), changes);
	db_rollback_if_open(f->db);
	assert_true(why[0] != '\0' && strcmp(why, "x") != 0);
	if (say != NULL)
		assert_string_equal(why, say);
	assert_memory_equal(&before, g, sizeof(before));
	assert_memory_equal(state, g->state, sizeof(state));
	assert_string_equal(text_of(f, SQL_PRINT, g->id), print);
}

static void
test_refusals(void **state)
{
	struct fx		*f = *state;
	struct store_game	 g;
	char			 why[GAME_WHY_MAX];

	toy_game(f, 0, &g);
	/* No seat: a caller's -1, or past the table. */
	refused(f, &g, -1, 0, PLAY_SEEN_VIEW, "peek", PLAY_NOT_SEATED, NULL);
	refused(f, &g, 2, 0, 0, "peek", PLAY_NOT_SEATED, NULL);
	/* Unreadable, not the seat's turn, no text at all. */
	refused(f, &g, 0, 0, PLAY_SEEN_VIEW, "jump", PLAY_REFUSED,
	    "Say peek or pass.");
	refused(f, &g, 1, 0, PLAY_SEEN_VIEW, "peek", PLAY_REFUSED,
	    "It is not seat 1's turn.");
	refused(f, &g, 0, 0, PLAY_SEEN_VIEW, NULL, PLAY_NO_TEXT, NULL);

	/* Seat 0 peeks: only its own view changes (view_ply 1, 0). */
	assert_int_equal(play(f, &g, 0, 0, PLAY_SEEN_VIEW, "peek", why),
	    PLAY_OK);
	assert_int_equal(g.view_ply[0], 1);
	assert_int_equal(g.view_ply[1], 0);
	/* Seat 0 saw ply 0 and its view changed since: stale. */
	refused(f, &g, 0, 0, PLAY_SEEN_VIEW, "peek", PLAY_STALE,
	    "The game has moved on to ply 1.");
	/* A ply ahead of the game is stale too. */
	refused(f, &g, 0, 2, PLAY_SEEN_VIEW, "peek", PLAY_STALE, NULL);
	/* Seat 1's view did not change: not stale, so on to the turn. */
	refused(f, &g, 1, 0, PLAY_SEEN_VIEW, "peek", PLAY_REFUSED,
	    "It is not seat 1's turn.");
	/* A bot's choice counts the ply itself. */
	refused(f, &g, 0, 0, PLAY_SEEN_PLY, "peek", PLAY_STALE, NULL);
	/* Nothing stale without a seen flag (a deadline's move). */
	refused(f, &g, 1, 0, 0, "peek", PLAY_REFUSED, NULL);

	/* Twice more, then the engine refuses a fourth peek. */
	assert_int_equal(play(f, &g, 0, 1, PLAY_SEEN_PLY, "peek", why),
	    PLAY_OK);
	assert_int_equal(play(f, &g, 0, -1, 0, "PEEK", why), PLAY_OK);
	refused(f, &g, 0, 3, PLAY_SEEN_VIEW, "peek", PLAY_REFUSED,
	    "Enough peeking.");
	assert_int_equal(g.ply, 3);
	assert_string_equal(text_of(f, "SELECT group_concat(text, ' ') FROM "
	    "(SELECT text FROM moves WHERE game = ?1 ORDER BY ply)", g.id),
	    "peek peek peek");
	arena_reset(&f->a);
}

/* The checks run in order: seat, open table, staleness, text, parse. */
static void
test_order(void **state)
{
	struct fx		*f = *state;
	struct store_game	 g, o;
	char			 why[GAME_WHY_MAX];

	toy_game(f, 0, &g);
	assert_int_equal(play(f, &g, 0, 0, PLAY_SEEN_VIEW, "peek", why),
	    PLAY_OK);
	refused(f, &g, -1, 0, PLAY_SEEN_VIEW, NULL, PLAY_NOT_SEATED, NULL);
	refused(f, &g, 0, 0, PLAY_SEEN_VIEW, NULL, PLAY_STALE, NULL);
	refused(f, &g, 0, 0, PLAY_SEEN_VIEW, "jump", PLAY_STALE, NULL);
	refused(f, &g, 0, 1, PLAY_SEEN_VIEW, NULL, PLAY_NO_TEXT, NULL);

	/* An open seat: refused only when the caller asks for a full table. */
	toy_game(f, 1, &o);
	refused(f, &o, 3, 0, PLAY_FULL_TABLE, "peek", PLAY_NOT_SEATED, NULL);
	refused(f, &o, 0, 5, PLAY_FULL_TABLE | PLAY_SEEN_VIEW, NULL,
	    PLAY_OPEN, NULL);
	assert_int_equal(play(f, &o, 0, 0, PLAY_SEEN_VIEW, "peek", why),
	    PLAY_OK);
	arena_reset(&f->a);
}

/*
 * A move that passes queues its mails in its transaction: the engine's
 * news to the seat it names (bob, who need not act), then a turn mail;
 * the mover gets none.  A second writer at the same ply loses.
 */
static void
test_mail_and_conflict(void **state)
{
	struct fx		*f = *state;
	struct store_game	 g, late;
	char			 why[GAME_WHY_MAX];
	int64_t			 id;

	id = toy_game(f, 0, &g);
	assert_int_equal(store_game_load_rules(f->db, &f->a, id, &toy_rules,
	    &late), DB_OK);
	assert_int_equal(play(f, &g, 0, 0, PLAY_SEEN_VIEW, "peek", why),
	    PLAY_OK);
	assert_string_equal(text_of(f, "SELECT group_concat(user || ':' || "
	    "seat || ':' || ply || ':' || why || ':' || body, ' | ') FROM "
	    "outbox WHERE game = ?1", id), arena_printf(&f->a,
	    "%lld:1:1:%d:Seat 0 peeked.", (long long)f->bob, MAIL_WHY_NOTE));
	assert_int_equal(play(f, &g, 0, 1, PLAY_SEEN_VIEW, "pass", why),
	    PLAY_OK);
	assert_string_equal(text_of(f, "SELECT group_concat(user || ':' || "
	    "seat || ':' || ply || ':' || why, ' | ') FROM outbox WHERE game = "
	    "?1 AND ply = 2", id), arena_printf(&f->a, "%lld:1:2:%d",
	    (long long)f->bob, MAIL_WHY_TURN));
	/* late was loaded at ply 0: the store refuses its ply 1. */
	refused(f, &late, 0, -1, 0, "pass", PLAY_CONFLICT, NULL);
	arena_reset(&f->a);
}

/* The first legal move of seat whose text starts with verb, into text. */
static int
legal_text(const struct store_game *g, int seat, struct game_move *mv,
    const char *verb, char text[GAME_MOVE_TEXT_MAX])
{
	int	 n, i;

	n = g->rules->legal(g->state, seat, mv, GAME_LEGAL_MAX);
	for (i = 0; i < n && i < GAME_LEGAL_MAX; i++) {
		g->rules->format(&mv[i], text, GAME_MOVE_TEXT_MAX);
		if (verb == NULL ? strncmp(text, "take", 4) != 0 :
		    strncmp(text, verb, strlen(verb)) == 0)
			return 1;
	}
	return 0;
}

/*
 * 12-Step through the whole path: seats that may ask "May I?" do, the
 * seat to play draws from the stock and discards, until a request is
 * granted.  The buyer, who need not act, gets a mail whose note is the
 * engine's sentence naming the card it took: the news the mail queue
 * once worked out from 12-Step's state itself.
 */
static void
test_twelve_step_grant(void **state)
{
	struct fx		*f = *state;
	const struct game_rules	*tsr = game_find("twelve-step-rummy");
	struct store_game_new	 n;
	struct store_game	 g;
	struct game_status	 gs;
	struct game_move	*mv;
	char			 text[GAME_MOVE_TEXT_MAX], why[GAME_WHY_MAX];
	char			 tok[CARD_TEXT_MAX];
	const char		*want = NULL;
	uint32_t		 optional;
	int64_t			 id, notes = 0;
	int			 k, s, seat, asked = -1;
	card_t			 card;

	assert_non_null(tsr);
	assert_non_null(mv = malloc(GAME_LEGAL_MAX * sizeof(*mv)));
	memset(&n, 0, sizeof(n));
	n.rules = tsr;
	n.nseats = 4;
	n.dealer = 0;
	n.seed = zero_seed;
	n.users[0] = f->alice;
	n.users[1] = f->bob;
	n.users[2] = f->carol;
	n.users[3] = f->dave;
	assert_int_equal(db_begin_immediate(f->db), DB_OK);
	assert_int_equal(store_game_create(f->db, &n, &id, why), DB_OK);
	assert_int_equal(db_commit(f->db), DB_OK);
	assert_int_equal(store_game_load(f->db, &f->a, id, &g), DB_OK);
	for (k = 0; k < 200 && notes == 0; k++) {
		tsr->status(g.state, &gs);
		assert_false(gs.over);
		optional = gs.to_act & gs.optional;
		seat = -1;
		for (s = 0; s < g.nseats && seat < 0; s++)
			if ((optional >> s & 1) &&
			    legal_text(&g, s, mv, "mayi", text))
				seat = asked = s;
		if (seat < 0) {
			seat = game_first_seat(gs.to_act & ~gs.optional);
			assert_true(seat >= 0);
			if (!legal_text(&g, seat, mv, "draw", text) &&
			    !legal_text(&g, seat, mv, "discard", text))
				assert_true(legal_text(&g, seat, mv, NULL,
				    text));
		}
		card = ((const struct tsr_state *)g.state)->win_card;
		assert_int_equal(play(f, &g, seat, -1, 0, text, why), PLAY_OK);
		notes = atoll(text_of(f, "SELECT count(*) FROM outbox WHERE "
		    "game = ?1 AND why & 16", id));
		if (notes > 0) {
			card_format(CARD_STD, card, tok);
			want = arena_printf(&f->a, "%lld:%d:Your \"May I?\" "
			    "was granted: you took %s and one penalty card "
			    "from the stock.", (long long)g.user[asked], asked,
			    tok);
		}
	}
	assert_int_equal(notes, 1);
	assert_string_equal(text_of(f, "SELECT user || ':' || seat || ':' || "
	    "body FROM outbox WHERE game = ?1 AND why & 16", id), want);
	free(mv);
	arena_reset(&f->a);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_refusals, setup_fx,
		    teardown_fx),
		cmocka_unit_test_setup_teardown(test_order, setup_fx,
		    teardown_fx),
		cmocka_unit_test_setup_teardown(test_mail_and_conflict,
		    setup_fx, teardown_fx),
		cmocka_unit_test_setup_teardown(test_twelve_step_grant,
		    setup_fx, teardown_fx),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
