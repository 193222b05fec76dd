/*
 * store_game_read.c: games, seats and moves read back from SQLite
 * (store_game_read.h).
 *
 * Rebuilding a state from the log replays it in a fixed GAME_STATE_MAX
 * scratch buffer on the stack, as store_game.c does; only what a caller
 * keeps (state, decks, move log) is copied into its arena.
 */
#include "store_game_read.h"

#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "arena.h"
#include "store_game.h"

/* A word of a snapshot's header (store_game.c writes them). */
static uint32_t
get_u32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	    (uint32_t)p[3] << 24;
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

void
store_game_setup_record(const struct store_game *g, struct record *rec)
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
	union store_game_buf	 scratch;
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

	store_game_setup_record(g, rec);
	if ((rc = store_game_moves(db, a, g->id, &moves, &n)) != DB_OK)
		return rc;
	rec->moves = moves;
	rec->nmoves = n;
	return DB_OK;
}
