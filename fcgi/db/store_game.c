/*
 * store_game.c: games, seats, moves and hands in SQLite.
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

/* A state or view buffer aligned for any engine struct. */
union buf {
	max_align_t	 align;
	unsigned char	 b[GAME_STATE_MAX];
};

static void
put_u32(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char)v;
	p[1] = (unsigned char)(v >> 8);
	p[2] = (unsigned char)(v >> 16);
	p[3] = (unsigned char)(v >> 24);
}

static uint32_t
get_u32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	    (uint32_t)p[3] << 24;
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

/* games.decks back into g->decks and g->decklen (arena). */
static int
decks_parse(struct arena *a, const char *text, struct store_game *g)
{
	struct json_object	*root, *d, *c;
	const char		*s, *end;
	size_t			 h, i, nd, total = 0;
	int			 rc = -1;

	if ((root = json_tokener_parse(text)) == NULL)
		return -1;
	if (!json_object_is_type(root, json_type_array) ||
	    (nd = json_object_array_length(root)) == 0)
		goto out;
	for (h = 0; h < nd; h++) {
		d = json_object_array_get_idx(root, h);
		if (!json_object_is_type(d, json_type_array))
			goto out;
		total += json_object_array_length(d);
	}
	g->decks = arena_alloc(a, total + 1);
	g->decklen = arena_alloc(a, nd * sizeof(int));
	if (g->decks == NULL || g->decklen == NULL)
		goto out;
	total = 0;
	for (h = 0; h < nd; h++) {
		d = json_object_array_get_idx(root, h);
		g->decklen[h] = (int)json_object_array_length(d);
		for (i = 0; i < (size_t)g->decklen[h]; i++) {
			c = json_object_array_get_idx(d, i);
			s = json_object_get_string(c);
			if (s == NULL ||
			    (g->decks[total] = card_parse(g->rules->cards, s,
			    &end)) == CARD_NONE || *end != '\0')
				goto out;
			total++;
		}
	}
	g->ndecks = (int)nd;
	rc = 0;
out:
	json_object_put(root);
	return rc;
}

/* g's set-up as a record without moves. */
static void
record_of(const struct store_game *g, struct record *rec)
{
	memset(rec, 0, sizeof(*rec));
	rec->rules = g->rules;
	snprintf(rec->options, sizeof(rec->options), "%s", g->options);
	rec->nseats = g->nseats;
	rec->dealer = g->dealer;
	rec->has_seed = g->has_seed;
	memcpy(rec->seed, g->seed, sizeof(rec->seed));
	rec->ndecks = g->ndecks;
	rec->decks = g->decks;
	rec->decklen = g->decklen;
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
	union buf		 state, scratch;
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

static const char SQL_GAME_LOAD[] =
    "SELECT rules, options, nseats, dealer, state, ply, to_act, status, "
    "seed, commitment, decks, created, updated, finished, ended, "
    "coalesce(ended_ply, 0), coalesce(ended_seat, -1) "
    "FROM games WHERE id = ?1";

static const char SQL_SEATS_LOAD[] =
    "SELECT s.seat, s.\"user\", s.is_bot, s.view_ply, coalesce(s.deadline, 0), "
    "coalesce(s.turn_start, 0), coalesce(u.vacation_from, 0), "
    "coalesce(s.resigned_ply, -1) "
    "FROM seats AS s LEFT JOIN users AS u ON u.id = s.\"user\" "
    "WHERE s.game = ?1 ORDER BY s.seat";

/* Replay the log into g->state (which holds state_size bytes). */
static enum db_rc
rebuild(struct db *db, struct arena *a, struct store_game *g)
{
	union buf		 scratch;
	struct record		 rec;
	struct record_result	 res;
	enum db_rc		 rc;
	int			 ret;

	if ((rc = store_game_record(db, a, g, &rec)) != DB_OK)
		return rc;
	ret = record_replay(&rec, -1, g->state, scratch.b, NULL, NULL, &res);
	if (ret != 0 || res.ply != g->ply) {
		fprintf(stderr, "topper: game %lld: the move log does not "
		    "replay to ply %d (stopped at %d, move %d: %s)\n",
		    (long long)g->id, g->ply, res.ply, res.failed_move,
		    res.why);
		return DB_ERROR;
	}
	g->rebuilt = 1;
	return DB_OK;
}

/* Columns of SQL_GAME_LOAD into g, apart from the state. */
static enum db_rc
read_game(struct db_stmt *st, struct arena *a, struct store_game *g)
{
	const unsigned char	*p;

	p = db_column_text(st, 1);
	snprintf(g->options, sizeof(g->options), "%s",
	    p != NULL ? (const char *)p : "");
	g->nseats = db_column_int(st, 2);
	g->dealer = db_column_is_null(st, 3) ? -1 :
	    db_column_int(st, 3);
	g->ply = db_column_int(st, 5);
	g->to_act = (uint32_t)db_column_int64(st, 6);
	p = db_column_text(st, 7);
	g->over = p != NULL && strcmp((const char *)p, "over") == 0;
	if (db_column_bytes(st, 8) == 32) {
		g->has_seed = 1;
		memcpy(g->seed, db_column_blob(st, 8), 32);
	}
	p = db_column_text(st, 9);
	snprintf(g->commitment, sizeof(g->commitment), "%s",
	    p != NULL ? (const char *)p : "");
	if ((p = db_column_text(st, 10)) != NULL &&
	    decks_parse(a, (const char *)p, g) != 0) {
		fprintf(stderr, "topper: game %lld: unreadable decks\n",
		    (long long)g->id);
		return DB_ERROR;
	}
	g->created = db_column_int64(st, 11);
	g->updated = db_column_int64(st, 12);
	g->finished = db_column_int64(st, 13);
	p = db_column_text(st, 14);
	g->outcome.end = p != NULL && outcome_parse((const char *)p) > 0 ?
	    (enum outcome_end)outcome_parse((const char *)p) : OUTCOME_RULES;
	g->outcome.ply = db_column_int(st, 15);
	g->outcome.seat = db_column_int(st, 16);
	return DB_OK;
}

static enum db_rc
load_seats(struct db *db, struct store_game *g)
{
	struct db_stmt	*st;
	int		 s, rc;

	if ((st = db_stmt(db, SQL_SEATS_LOAD)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, g->id);
	while ((rc = db_step(st)) == DB_ROW) {
		s = db_column_int(st, 0);
		if (s < 0 || s >= GAME_SEATS_MAX)
			continue;
		g->user[s] = db_column_int64(st, 1);
		g->is_bot[s] = db_column_int(st, 2);
		g->view_ply[s] = db_column_int(st, 3);
		g->deadline[s] = db_column_int64(st, 4);
		g->turn_start[s] = db_column_int64(st, 5);
		g->vacation_from[s] = db_column_int64(st, 6);
		g->resigned_ply[s] = db_column_int(st, 7);
		if (g->resigned_ply[s] >= 0)
			g->outcome.resigned |= UINT32_C(1) << s;
	}
	if (rc != DB_DONE)
		return db_fail(db, st);
	db_reset(st);
	return DB_OK;
}

static enum db_rc
load(struct db *db, struct arena *a, int64_t id,
    const struct game_rules *rules, struct store_game *g)
{
	const unsigned char	*blob;
	const char		*slug;
	struct db_stmt		*st;
	size_t			 n;
	int			 stale;
	enum db_rc		 rc;

	memset(g, 0, sizeof(*g));
	g->id = id;
	if ((st = db_stmt(db, SQL_GAME_LOAD)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, id);
	switch (db_step(st)) {
	case DB_ROW:
		break;
	case DB_DONE:
		db_reset(st);
		return DB_NOTFOUND;
	default:
		return db_fail(db, st);
	}
	slug = (const char *)db_column_text(st, 0);
	if (rules == NULL)
		rules = game_find(slug);
	if (rules == NULL || slug == NULL || strcmp(slug, rules->slug) != 0) {
		fprintf(stderr, "topper: game %lld: no rules \"%s\" here\n",
		    (long long)id, slug != NULL ? slug : "");
		db_reset(st);
		return DB_ERROR;
	}
	g->rules = rules;
	if ((rc = read_game(st, a, g)) != DB_OK ||
	    (g->state = arena_calloc(a, rules->state_size)) == NULL) {
		db_reset(st);
		return rc != DB_OK ? rc : DB_ERROR;
	}
	blob = db_column_blob(st, 4);
	n = (size_t)db_column_bytes(st, 4);
	stale = blob == NULL || n != STORE_GAME_HEADER + rules->state_size ||
	    get_u32(blob) != rules->layout ||
	    get_u32(blob + 4) != rules->state_size;
	if (!stale)
		memcpy(g->state, blob + STORE_GAME_HEADER, rules->state_size);
	db_reset(st);
	if ((rc = load_seats(db, g)) != DB_OK)
		return rc;
	if (stale)
		return rebuild(db, a, g);
	return DB_OK;
}

enum db_rc
store_game_load(struct db *db, struct arena *a, int64_t id,
    struct store_game *g)
{
	return load(db, a, id, NULL, g);
}

enum db_rc
store_game_load_rules(struct db *db, struct arena *a, int64_t id,
    const struct game_rules *rules, struct store_game *g)
{
	return load(db, a, id, rules, g);
}

static const char SQL_GAME_PLY[] = "SELECT ply FROM games WHERE id = ?1";

enum db_rc
store_game_ply(struct db *db, int64_t id, int *ply)
{
	struct db_stmt	*st;

	if ((st = db_stmt(db, SQL_GAME_PLY)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, id);
	switch (db_step(st)) {
	case DB_ROW:
		*ply = db_column_int(st, 0);
		db_reset(st);
		return DB_OK;
	case DB_DONE:
		db_reset(st);
		return DB_NOTFOUND;
	default:
		return db_fail(db, st);
	}
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
	union buf		 va, vb;
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
	union buf		 scratch;
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
		record_of(g, &rec);
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

static const char SQL_MOVES[] =
    "SELECT ply, seat, text FROM moves WHERE game = ?1 ORDER BY ply";

enum db_rc
store_game_moves(struct db *db, struct arena *a, int64_t id,
    struct record_move **moves, int *nmoves)
{
	struct record_move	*m = NULL, *grown;
	struct db_stmt		*st;
	const unsigned char	*p;
	int			 n = 0, cap = 0, rc;

	if ((st = db_stmt(db, SQL_MOVES)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, id);
	while ((rc = db_step(st)) == DB_ROW) {
		if (db_column_int(st, 0) != n + 1) {
			fprintf(stderr, "topper: game %lld: ply %d missing "
			    "from the log\n", (long long)id, n + 1);
			db_reset(st);
			return DB_ERROR;
		}
		if (n == cap) {
			/* Arena memory is not freed; doubling wastes < half. */
			cap = cap == 0 ? 64 : cap * 2;
			if ((grown = arena_alloc(a, (size_t)cap *
			    sizeof(*m))) == NULL) {
				db_reset(st);
				return DB_ERROR;
			}
			if (n > 0)
				memcpy(grown, m, (size_t)n * sizeof(*m));
			m = grown;
		}
		m[n].seat = db_column_int(st, 1);
		p = db_column_text(st, 2);
		snprintf(m[n].text, sizeof(m[n].text), "%s",
		    p != NULL ? (const char *)p : "");
		n++;
	}
	if (rc != DB_DONE)
		return db_fail(db, st);
	db_reset(st);
	*moves = m;
	*nmoves = n;
	return DB_OK;
}

enum db_rc
store_game_record(struct db *db, struct arena *a, const struct store_game *g,
    struct record *rec)
{
	struct record_move	*moves = NULL;
	enum db_rc		 rc;
	int			 n = 0;

	record_of(g, rec);
	if ((rc = store_game_moves(db, a, g->id, &moves, &n)) != DB_OK)
		return rc;
	rec->moves = moves;
	rec->nmoves = n;
	return DB_OK;
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
