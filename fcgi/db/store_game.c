/*
 * store_game.c: games, seats, moves and hands in SQLite: the writers
 * (create, advance, refresh) and the small helpers on a loaded game;
 * reading a game back is store_game_read.c.
 *
 * Every state buffer here is a fixed GAME_STATE_MAX bytes on the stack
 * (the engine bounds every size), so storing a move allocates nothing
 * but the arena copies a caller keeps.  The move path itself (checks,
 * engine, mail) is play_move() in play.c, a layer above.
 */
#include "store_game.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <json-c/json.h>
#include <sodium.h>

#include "arena.h"
#include "store_rating.h"

static void
put_u32(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char)v;
	p[1] = (unsigned char)(v >> 8);
	p[2] = (unsigned char)(v >> 16);
	p[3] = (unsigned char)(v >> 24);
}

/* Header + state into out (STORE_GAME_HEADER + state_size bytes). */
static size_t
snapshot(const struct game_rules *rules, const void *state,
    unsigned char *out)
{
	put_u32(out, rules->layout);
	put_u32(out + 4, (uint32_t)rules->state_size);
	memcpy(out + STORE_GAME_HEADER, state, rules->state_size);
	return STORE_GAME_HEADER + rules->state_size;
}

void
store_game_commitment(const uint8_t seed[32], char out[65])
{
	static const char hex[] = "0123456789abcdef";
	unsigned char	 h[crypto_hash_sha256_BYTES];
	int		 i;

	crypto_hash_sha256(h, seed, 32);
	for (i = 0; i < 32; i++) {
		out[2 * i] = hex[h[i] >> 4];
		out[2 * i + 1] = hex[h[i] & 15];
	}
	out[64] = '\0';
}

/* Decks as JSON text (caller frees with json_object_put on *root). */
static const char *
decks_text(const struct game_rules *rules, int ndecks, const card_t *decks,
    const int *decklen, struct json_object **root)
{
	struct json_object	*d;
	char			 card[CARD_TEXT_MAX];
	int			 h, i, off = 0;

	if ((*root = json_object_new_array()) == NULL)
		return NULL;
	for (h = 0; h < ndecks; h++) {
		if ((d = json_object_new_array()) == NULL)
			return NULL;
		json_object_array_add(*root, d);
		for (i = 0; i < decklen[h]; i++) {
			card_format(rules->cards, decks[off + i], card);
			json_object_array_add(d, json_object_new_string(card));
		}
		off += decklen[h];
	}
	return json_object_to_json_string_ext(*root, JSON_C_TO_STRING_PLAIN);
}

int
store_game_seat_of(const struct store_game *g, int64_t user)
{
	int	 s;

	for (s = 0; user != 0 && s < g->nseats; s++)
		if (g->user[s] == user)
			return s;
	return -1;
}

int
store_game_has_open_seat(const struct store_game *g)
{
	int	 s;

	for (s = 0; s < g->nseats; s++)
		if (g->user[s] == 0)
			return 1;
	return 0;
}

static const char SQL_GAME_INSERT[] =
    "INSERT INTO games (rules, options, nseats, dealer, state, layout, "
    "to_act, status, seed, commitment, decks, created_by, created, updated) "
    "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?13) "
    "RETURNING id";

static const char SQL_SEAT_INSERT[] =
    "INSERT INTO seats (game, seat, \"user\", is_bot, bot_due) "
    "SELECT ?1, ?2, ?3, b, "
    "CASE WHEN b = 1 AND ?4 <> 0 THEN CAST(?5 AS BIGINT) END FROM "
    "(SELECT coalesce((SELECT is_bot FROM users WHERE id = ?3), 0) AS b) "
    "AS bot";

/* Insert the seats of game id; bot seats that must act are due now. */
static enum db_rc
insert_seats(struct db *db, const struct store_game_new *n, int64_t id,
    uint32_t to_act, int64_t now)
{
	struct db_stmt	*st;
	enum db_rc	 rc;
	int		 s;

	for (s = 0; s < n->nseats; s++) {
		if ((st = db_stmt(db, SQL_SEAT_INSERT)) == NULL)
			return DB_ERROR;
		db_bind_int64(st, 1, id);
		db_bind_int(st, 2, s);
		if (n->users[s] != 0)
			db_bind_int64(st, 3, n->users[s]);
		db_bind_int(st, 4, (to_act >> s) & 1);
		db_bind_int64(st, 5, now);
		if ((rc = db_step_done(db, st)) != DB_OK)
			return rc;
	}
	return DB_OK;
}

enum db_rc
store_game_create(struct db *db, const struct store_game_new *n,
    int64_t *id, char why[GAME_WHY_MAX])
{
	const struct game_rules	*rules = n->rules;
	union store_game_buf	 state, scratch;
	unsigned char		 blob[STORE_GAME_HEADER + GAME_STATE_MAX];
	struct record		 rec;
	struct record_result	 res;
	struct game_status	 gs;
	struct json_object	*root = NULL;
	const char		*dtext = NULL;
	char			 commit[65];
	struct db_stmt		*st;
	enum db_rc		 rc;
	int64_t			 now = db_now();
	size_t			 len;
	int			 s, vacant = 0;

	why[0] = '\0';
	if (n->nseats < 1 || n->nseats > GAME_SEATS_MAX) {
		snprintf(why, GAME_WHY_MAX, "A game has 1 to %d seats.",
		    GAME_SEATS_MAX);
		return DB_REFUSED;
	}
	memset(&rec, 0, sizeof(rec));
	rec.rules = rules;
	snprintf(rec.options, sizeof(rec.options), "%s",
	    n->options != NULL ? n->options : "");
	rec.nseats = n->nseats;
	rec.dealer = n->dealer;
	if (n->ndecks > 0) {
		rec.ndecks = n->ndecks;
		rec.decks = n->decks;
		rec.decklen = n->decklen;
	} else {
		rec.has_seed = 1;
		if (n->seed != NULL)
			memcpy(rec.seed, n->seed, 32);
		else
			randombytes_buf(rec.seed, 32);
	}
	/* Set up exactly as a replay would (record.c), so replays agree. */
	if (record_replay(&rec, 0, state.b, scratch.b, NULL, NULL, &res) != 0) {
		snprintf(why, GAME_WHY_MAX, "%s", res.why);
		return DB_REFUSED;
	}
	rules->status(state.b, &gs);
	if (rec.ndecks > 0 &&
	    (dtext = decks_text(rules, rec.ndecks, rec.decks, rec.decklen,
	    &root)) == NULL) {
		json_object_put(root);
		return DB_ERROR;
	}
	for (s = 0; s < n->nseats; s++)
		vacant |= n->users[s] == 0;
	len = snapshot(rules, state.b, blob);
	if ((st = db_stmt(db, SQL_GAME_INSERT)) == NULL) {
		json_object_put(root);
		return DB_ERROR;
	}
	db_bind_text(st, 1, rules->slug, -1, DB_STATIC);
	db_bind_text(st, 2, rec.options, -1, DB_STATIC);
	db_bind_int(st, 3, n->nseats);
	if (n->dealer >= 0)
		db_bind_int(st, 4, n->dealer);
	db_bind_blob(st, 5, blob, (int)len, DB_STATIC);
	db_bind_int(st, 6, rules->layout);
	db_bind_int64(st, 7, gs.to_act & ~gs.optional);
	db_bind_text(st, 8, gs.over ? "over" : vacant ? "open" : "active",
	    -1, DB_STATIC);
	if (rec.has_seed) {
		store_game_commitment(rec.seed, commit);
		db_bind_blob(st, 9, rec.seed, 32, DB_STATIC);
		db_bind_text(st, 10, commit, -1, DB_STATIC);
	}
	if (dtext != NULL)
		db_bind_text(st, 11, dtext, -1, DB_STATIC);
	if (n->created_by != 0)
		db_bind_int64(st, 12, n->created_by);
	db_bind_int64(st, 13, now);
	rc = db_step_id(db, st, id);
	json_object_put(root);
	sodium_memzero(rec.seed, sizeof(rec.seed));
	if (rc != DB_OK)
		return rc;
	return insert_seats(db, n, *id, gs.over ? 0 : gs.to_act, now);
}

static const char SQL_MOVE_INSERT[] =
    "INSERT INTO moves (game, ply, seat, text, created) "
    "VALUES (?1, ?2, ?3, ?4, ?5)";
static const char SQL_SEAT_VIEWED[] =
    "UPDATE seats SET view_ply = ?3 WHERE game = ?1 AND seat = ?2";
static const char SQL_HAND_INSERT[] =
    "INSERT INTO hands (game, hand, kind, deltas, text, ply) "
    "VALUES (?1, ?2, ?3, ?4, ?5, ?6)";
static const char SQL_GAME_ADVANCE[] =
    "UPDATE games SET state = ?2, layout = ?3, ply = ?4, to_act = ?5, "
    "status = CASE WHEN ?6 <> 0 THEN 'over' ELSE status END, updated = ?7, "
    "finished = CASE WHEN ?6 <> 0 THEN CAST(?7 AS BIGINT) END "
    "WHERE id = ?1 AND ply = ?4 - 1 "
    "AND ended IS NULL";
/*
 * A move ends every worker's claim on the game's seats (worker.c): it
 * was for the ply before, so a bot seat to act again is free at once.
 */
static const char SQL_BOTS_DUE[] =
    "UPDATE seats SET bot_due = CASE WHEN is_bot = 1 AND "
    "((CAST(?2 AS BIGINT) >> CAST(seat AS INTEGER)) & 1) = 1 "
    "THEN coalesce(bot_due, ?3) END, bot_claimed = NULL WHERE game = ?1";

/* Store one hand event. */
static enum db_rc
insert_hand(struct db *db, const struct store_game *g, int ply,
    const struct game_event *e)
{
	struct db_stmt	*st;
	char		 deltas[GAME_SEATS_MAX * 13 + 3];
	size_t		 len = 0;
	int		 s;

	deltas[len++] = '[';
	for (s = 0; s < g->nseats; s++)
		len += (size_t)snprintf(deltas + len, sizeof(deltas) - len,
		    "%s%ld", s ? "," : "", (long)e->delta[s]);
	snprintf(deltas + len, sizeof(deltas) - len, "]");
	if ((st = db_stmt(db, SQL_HAND_INSERT)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, g->id);
	db_bind_int(st, 2, e->hand);
	db_bind_text(st, 3, e->kind, (int)strnlen(e->kind,
	    sizeof(e->kind)), DB_STATIC);
	db_bind_text(st, 4, deltas, -1, DB_STATIC);
	db_bind_text(st, 5, e->text, (int)strnlen(e->text,
	    sizeof(e->text)), DB_STATIC);
	db_bind_int(st, 6, ply);
	return db_step_done(db, st);
}

/* Seats whose view differs between g->state and next, as a bitmask. */
static uint32_t
views_changed(const struct store_game *g, const void *next)
{
	const struct game_rules	*rules = g->rules;
	union store_game_buf	 va, vb;
	uint32_t		 mask = 0;
	int			 s;

	for (s = 0; s < g->nseats; s++) {
		/* Zeroed first, so padding the view skips compares equal. */
		memset(va.b, 0, rules->view_size);
		memset(vb.b, 0, rules->view_size);
		rules->view(g->state, s, va.b);
		rules->view(next, s, vb.b);
		if (rules->view_quiet != NULL) {
			rules->view_quiet(va.b);
			rules->view_quiet(vb.b);
		}
		if (memcmp(va.b, vb.b, rules->view_size) != 0)
			mask |= 1u << s;
	}
	return mask;
}

enum db_rc
store_game_advance(struct db *db, struct store_game *g, int seat,
    const char *text, void *next, const struct game_events *ev,
    char why[GAME_WHY_MAX])
{
	const struct game_rules	*rules = g->rules;
	unsigned char		 blob[STORE_GAME_HEADER + GAME_STATE_MAX];
	union store_game_buf	 scratch;
	struct record		 rec;
	struct game_status	 gs;
	struct db_stmt		*st;
	enum db_rc		 rc;
	uint32_t		 changed;
	int64_t			 now = db_now();
	int			 ply = g->ply + 1, s, i;
	size_t			 len;

	why[0] = '\0';
	if (g->ndecks > 0) {
		store_game_setup_record(g, &rec);
		if (record_feed_decks(&rec, next, scratch.b, why) != 0)
			return DB_REFUSED;
	}
	rules->status(next, &gs);
	changed = views_changed(g, next);

	if ((st = db_stmt(db, SQL_MOVE_INSERT)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, g->id);
	db_bind_int(st, 2, ply);
	db_bind_int(st, 3, seat);
	db_bind_text(st, 4, text, -1, DB_STATIC);
	db_bind_int64(st, 5, now);
	if ((rc = db_step_done(db, st)) != DB_OK)
		return rc;

	for (s = 0; s < g->nseats; s++) {
		if (!(changed & (1u << s)))
			continue;
		if ((st = db_stmt(db, SQL_SEAT_VIEWED)) == NULL)
			return DB_ERROR;
		db_bind_int64(st, 1, g->id);
		db_bind_int(st, 2, s);
		db_bind_int(st, 3, ply);
		if ((rc = db_step_done(db, st)) != DB_OK)
			return rc;
	}
	for (i = 0; ev != NULL && i < ev->n && i < GAME_EVENTS_MAX; i++)
		if ((rc = insert_hand(db, g, ply, &ev->ev[i])) != DB_OK)
			return rc;

	len = snapshot(rules, next, blob);
	if ((st = db_stmt(db, SQL_GAME_ADVANCE)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, g->id);
	db_bind_blob(st, 2, blob, (int)len, DB_STATIC);
	db_bind_int(st, 3, rules->layout);
	db_bind_int(st, 4, ply);
	db_bind_int64(st, 5, gs.over ? 0 : gs.to_act & ~gs.optional);
	db_bind_int(st, 6, gs.over != 0);
	db_bind_int64(st, 7, now);
	if ((rc = db_step_done(db, st)) != DB_OK)
		return rc;
	if (db_changes(db) != 1) {
		/* The moves PK makes this unreachable; keep the guard. */
		fprintf(stderr, "topper: game %lld: not at ply %d\n",
		    (long long)g->id, ply - 1);
		return DB_CONSTRAINT;
	}

	/* Only bot seats ever have a bot_due: none, nothing to update. */
	for (s = 0; s < g->nseats && !g->is_bot[s]; s++)
		continue;
	if (s < g->nseats) {
		if ((st = db_stmt(db, SQL_BOTS_DUE)) == NULL)
			return DB_ERROR;
		db_bind_int64(st, 1, g->id);
		db_bind_int64(st, 2, gs.over ? 0 : gs.to_act);
		db_bind_int64(st, 3, now);
		if ((rc = db_step_done(db, st)) != DB_OK)
			return rc;
	}

	memcpy(g->state, next, rules->state_size);
	g->ply = ply;
	g->over = gs.over != 0;
	g->to_act = gs.over ? 0 : gs.to_act & ~gs.optional;
	g->updated = now;
	if (gs.over)
		g->finished = now;
	for (s = 0; s < g->nseats; s++)
		if (changed & (1u << s))
			g->view_ply[s] = ply;
	/* A rated game moves its players' ratings as it ends. */
	if (gs.over)
		outcome_status(&g->outcome, &gs);
	return gs.over ? store_rating_game_over(db, g, &gs) : DB_OK;
}

void
store_game_status(const struct store_game *g, struct game_status *gs)
{
	g->rules->status(g->state, gs);
	outcome_status(&g->outcome, gs);
}

static const char SQL_GAMES_ALL[] =
    "SELECT id, rules, layout, length(state) FROM games WHERE id > ?1 "
    "ORDER BY id";
static const char SQL_GAME_SNAPSHOT[] =
    "UPDATE games SET state = ?2, layout = ?3 WHERE id = ?1";

enum db_rc
store_game_refresh(struct db *db, struct arena *a, int *n)
{
	unsigned char		 blob[STORE_GAME_HEADER + GAME_STATE_MAX];
	const struct game_rules	*rules;
	struct store_game	 g;
	struct db_stmt		*st;
	int64_t			 ids[64];
	int			 nids, rc, i, done = 0;
	int64_t			 after = 0;
	size_t			 len;
	enum db_rc		 drc;

	*n = 0;
	/* Batches of stale ids first, then rewrite them: no open cursor. */
	while (!done) {
		nids = 0;
		if ((st = db_stmt(db, SQL_GAMES_ALL)) == NULL)
			return DB_ERROR;
		db_bind_int64(st, 1, after);
		while ((rc = db_step(st)) == DB_ROW) {
			rules = game_find((const char *)
			    db_column_text(st, 1));
			if (rules == NULL || (db_column_int(st, 2) ==
			    rules->layout && (size_t)db_column_int(st,
			    3) == STORE_GAME_HEADER + rules->state_size))
				continue;
			ids[nids++] = db_column_int64(st, 0);
			if (nids == (int)(sizeof(ids) / sizeof(ids[0])))
				break;
		}
		if (rc != DB_ROW && rc != DB_DONE)
			return db_fail(db, st);
		done = rc == DB_DONE;
		db_reset(st);
		for (i = 0; i < nids; i++) {
			after = ids[i];
			if (store_game_load(db, a, ids[i], &g) != DB_OK)
				continue;	/* logged */
			len = snapshot(g.rules, g.state, blob);
			if ((st = db_stmt(db, SQL_GAME_SNAPSHOT)) == NULL)
				return DB_ERROR;
			db_bind_int64(st, 1, g.id);
			db_bind_blob(st, 2, blob, (int)len, DB_STATIC);
			db_bind_int(st, 3, g.rules->layout);
			if ((drc = db_step_done(db, st)) != DB_OK)
				return drc;
			(*n)++;
		}
	}
	return DB_OK;
}
