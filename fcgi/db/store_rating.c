/*
 * store_rating.c: the rows behind ratings (store_rating.h).
 */
#include "store_rating.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "outcome.h"
#include "rating.h"
#include "store_game.h"

static const char SQL_SET_RATED[] =
    "UPDATE games SET rated = 1 WHERE id = ?1";

static const char SQL_IS_RATED[] =
    "SELECT rated FROM games WHERE id = ?1";

static const char SQL_APPLIED[] =
    "SELECT 1 FROM rating_history WHERE game = ?1 LIMIT 1";

static const char SQL_GET[] =
    "SELECT rating, rd, vol FROM ratings WHERE \"user\" = ?1 AND rules = ?2";

static const char SQL_PUT[] =
    "INSERT INTO ratings (\"user\", rules, rating, rd, vol, games, wins, "
    "updated) VALUES (?1, ?2, ?3, ?4, ?5, 1, ?6, ?7) "
    "ON CONFLICT (\"user\", rules) DO UPDATE SET rating = ?3, rd = ?4, "
    "vol = ?5, games = ratings.games + 1, wins = ratings.wins + ?6, "
    "updated = ?7";

static const char SQL_HISTORY_ADD[] =
    "INSERT INTO rating_history (\"user\", game, rules, place, before, rating, "
    "rd, at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)";

enum db_rc
store_rating_set_rated(struct db *db, int64_t id)
{
	struct db_stmt	*st;

	if ((st = db_stmt(db, SQL_SET_RATED)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, id);
	return db_step_done(db, st);
}

enum db_rc
store_rating_is_rated(struct db *db, int64_t id, int *rated)
{
	struct db_stmt	*st;
	int		 rc;

	*rated = 0;
	if ((st = db_stmt(db, SQL_IS_RATED)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, id);
	rc = db_step(st);
	if (rc == DB_ROW)
		*rated = db_column_int(st, 0);
	else if (rc != DB_DONE)
		return db_fail(db, st);
	db_reset(st);
	return rc == DB_ROW ? DB_OK : DB_NOTFOUND;
}

/* *found = 1 when the game's result was already applied. */
static enum db_rc
applied(struct db *db, int64_t id, int *found)
{
	struct db_stmt	*st;
	int		 rc;

	*found = 0;
	if ((st = db_stmt(db, SQL_APPLIED)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, id);
	rc = db_step(st);
	if (rc != DB_ROW && rc != DB_DONE)
		return db_fail(db, st);
	*found = rc == DB_ROW;
	db_reset(st);
	return DB_OK;
}

static enum db_rc
get_rating(struct db *db, int64_t user, const char *slug, struct rating *out)
{
	struct db_stmt	*st;
	int		 rc;

	rating_new(out);
	if ((st = db_stmt(db, SQL_GET)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, user);
	db_bind_text(st, 2, slug, -1, DB_STATIC);
	rc = db_step(st);
	if (rc == DB_ROW) {
		out->r = db_column_double(st, 0);
		out->rd = db_column_double(st, 1);
		out->vol = db_column_double(st, 2);
	} else if (rc != DB_DONE)
		return db_fail(db, st);
	db_reset(st);
	return DB_OK;
}

static enum db_rc
put_rating(struct db *db, const struct store_game *g, int seat,
    const struct rating *before, const struct rating *after, int place)
{
	struct db_stmt	*st;
	enum db_rc	 rc;

	if ((st = db_stmt(db, SQL_PUT)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, g->user[seat]);
	db_bind_text(st, 2, g->rules->slug, -1, DB_STATIC);
	db_bind_double(st, 3, after->r);
	db_bind_double(st, 4, after->rd);
	db_bind_double(st, 5, after->vol);
	db_bind_int(st, 6, place == 1);
	db_bind_int64(st, 7, g->finished);
	if ((rc = db_step_done(db, st)) != DB_OK)
		return rc;
	if ((st = db_stmt(db, SQL_HISTORY_ADD)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, g->user[seat]);
	db_bind_int64(st, 2, g->id);
	db_bind_text(st, 3, g->rules->slug, -1, DB_STATIC);
	db_bind_int(st, 4, place);
	db_bind_double(st, 5, before->r);
	db_bind_double(st, 6, after->r);
	db_bind_double(st, 7, after->rd);
	db_bind_int64(st, 8, g->finished);
	return db_step_done(db, st);
}

enum db_rc
store_rating_game_over(struct db *db, const struct store_game *g,
    const struct game_status *gs)
{
	struct rating	 in[GAME_SEATS_MAX], out[GAME_SEATS_MAX];
	long long	 who[GAME_SEATS_MAX];
	int		 place[GAME_SEATS_MAX], team[GAME_SEATS_MAX];
	int		 rated, done = 0, s, t, best, n = g->nseats, people = 0;
	enum db_rc	 rc;

	if ((rc = store_rating_is_rated(db, g->id, &rated)) != DB_OK ||
	    !rated)
		return rc == DB_NOTFOUND ? DB_OK : rc;
	if ((rc = applied(db, g->id, &done)) != DB_OK || done)
		return rc;
	if (n < 2 || n > GAME_SEATS_MAX)
		return DB_OK;
	for (s = 0; s < n; s++) {
		if (g->user[s] == 0)
			return DB_OK;	/* an open seat: no one to rate */
		who[s] = g->user[s];
		for (t = 0; t < s && g->user[t] != g->user[s]; t++)
			continue;
		people += t == s;
	}
	if (people < 2)
		return DB_OK;	/* one account at every seat */
	/* A seat whose player resigned ranks last (outcome.h). */
	outcome_places(&g->outcome, gs, place, team);
	for (s = 0; s < n; s++)
		if ((rc = get_rating(db, g->user[s], g->rules->slug, &in[s])) !=
		    DB_OK)
			return rc;
	if (rating_game(in, team, place, n, out) != 0)
		return DB_OK;	/* everyone on one team: nothing to learn */
	rating_merge(in, who, n, out);
	/* One row per account: at its first seat, with its best place. */
	for (s = 0; s < n; s++) {
		for (t = 0; t < s && g->user[t] != g->user[s]; t++)
			continue;
		if (t < s)
			continue;
		for (best = place[s], t = s + 1; t < n; t++)
			if (g->user[t] == g->user[s] && place[t] < best)
				best = place[t];
		if ((rc = put_rating(db, g, s, &in[s], &out[s], best)) != DB_OK)
			return rc;
	}
	return DB_OK;
}

/* A number with two decimals, printed as such in JSON. */
static struct json_object *
num2(double v)
{
	char	 text[32];

	v = round(v * 100.0) / 100.0;
	snprintf(text, sizeof(text), "%.2f", v);
	return json_object_new_double_s(v, text);
}

static void
add_str(struct json_object *o, const char *key, const unsigned char *s)
{
	json_object_object_add(o, key, json_object_new_string(s != NULL ?
	    (const char *)s : ""));
}

static const char SQL_BOARD[] =
    "SELECT u.name, u.is_bot, r.rating, r.rd, r.games, r.wins "
    "FROM ratings r JOIN users u ON u.id = r.\"user\" "
    "WHERE r.rules = ?1 AND r.games >= ?2 "
    "ORDER BY r.rating DESC, u.name LIMIT ?3";

enum db_rc
store_rating_board(struct db *db, const char *slug, int min_games,
    struct json_object **out)
{
	struct json_object	*arr, *o;
	struct db_stmt		*st;
	int			 rc, rank = 0;

	*out = NULL;
	if ((st = db_stmt(db, SQL_BOARD)) == NULL)
		return DB_ERROR;
	if ((arr = json_object_new_array()) == NULL) {
		db_reset(st);
		return DB_ERROR;
	}
	db_bind_text(st, 1, slug, -1, DB_STATIC);
	db_bind_int(st, 2, min_games);
	db_bind_int(st, 3, STORE_RATING_BOARD_MAX);
	while ((rc = db_step(st)) == DB_ROW) {
		o = json_object_new_object();
		json_object_object_add(o, "rank", json_object_new_int(++rank));
		add_str(o, "name", db_column_text(st, 0));
		json_object_object_add(o, "bot",
		    json_object_new_boolean(db_column_int(st, 1)));
		json_object_object_add(o, "rating",
		    num2(db_column_double(st, 2)));
		json_object_object_add(o, "rd",
		    num2(db_column_double(st, 3)));
		json_object_object_add(o, "games",
		    json_object_new_int(db_column_int(st, 4)));
		json_object_object_add(o, "wins",
		    json_object_new_int(db_column_int(st, 5)));
		json_object_array_add(arr, o);
	}
	if (rc != DB_DONE) {
		json_object_put(arr);
		return db_fail(db, st);
	}
	db_reset(st);
	*out = arr;
	return DB_OK;
}

static const char SQL_OF_USER[] =
    "SELECT rules, rating, rd, games, wins FROM ratings WHERE \"user\" = ?1 "
    "ORDER BY games DESC, rules";

static const char SQL_HISTORY[] =
    "SELECT game, at, rating, rd, place FROM rating_history "
    "WHERE \"user\" = ?1 AND rules = ?2 ORDER BY at, game LIMIT ?3";

/* The history of user in slug into o's "history". */
static enum db_rc
add_history(struct db *db, int64_t user, const char *slug,
    struct json_object *o)
{
	struct json_object	*arr = json_object_new_array(), *p;
	struct db_stmt		*st;
	int			 rc;

	json_object_object_add(o, "history", arr);
	if ((st = db_stmt(db, SQL_HISTORY)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, user);
	db_bind_text(st, 2, slug, -1, DB_TRANSIENT);
	db_bind_int(st, 3, STORE_RATING_PLOT_MAX);
	while ((rc = db_step(st)) == DB_ROW) {
		p = json_object_new_object();
		json_object_object_add(p, "game",
		    json_object_new_int64(db_column_int64(st, 0)));
		json_object_object_add(p, "at",
		    json_object_new_int64(db_column_int64(st, 1)));
		json_object_object_add(p, "rating",
		    num2(db_column_double(st, 2)));
		json_object_object_add(p, "rd",
		    num2(db_column_double(st, 3)));
		json_object_object_add(p, "place",
		    json_object_new_int(db_column_int(st, 4)));
		json_object_array_add(arr, p);
	}
	if (rc != DB_DONE)
		return db_fail(db, st);
	db_reset(st);
	return DB_OK;
}

enum db_rc
store_rating_of_user(struct db *db, int64_t user, struct json_object **out)
{
	struct json_object	*arr, *o;
	const struct game_rules	*rules;
	struct db_stmt		*st;
	char			 slug[64];
	int			 rc, i, n;
	enum db_rc		 drc;

	*out = NULL;
	if ((st = db_stmt(db, SQL_OF_USER)) == NULL)
		return DB_ERROR;
	arr = json_object_new_array();
	db_bind_int64(st, 1, user);
	while ((rc = db_step(st)) == DB_ROW) {
		o = json_object_new_object();
		snprintf(slug, sizeof(slug), "%s",
		    (const char *)db_column_text(st, 0));
		rules = game_find(slug);
		add_str(o, "slug", (const unsigned char *)slug);
		add_str(o, "game_name", (const unsigned char *)(rules != NULL ?
		    rules->name : slug));
		json_object_object_add(o, "rating",
		    num2(db_column_double(st, 1)));
		json_object_object_add(o, "rd",
		    num2(db_column_double(st, 2)));
		json_object_object_add(o, "games",
		    json_object_new_int(db_column_int(st, 3)));
		json_object_object_add(o, "wins",
		    json_object_new_int(db_column_int(st, 4)));
		json_object_array_add(arr, o);
	}
	if (rc != DB_DONE) {
		json_object_put(arr);
		return db_fail(db, st);
	}
	db_reset(st);
	/* The histories after the first statement is done with. */
	n = (int)json_object_array_length(arr);
	for (i = 0; i < n; i++) {
		o = json_object_array_get_idx(arr, (size_t)i);
		if ((drc = add_history(db, user, json_object_get_string(
		    json_object_object_get(o, "slug")), o)) != DB_OK) {
			json_object_put(arr);
			return drc;
		}
	}
	*out = arr;
	return DB_OK;
}
