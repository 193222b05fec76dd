/*
 * store_archive.c: the queries of the archive and the player pages
 * (store_archive.h).
 */
#include "store_archive.h"

#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "game.h"
#include "rating.h"
#include "outcome.h"
#include "store_lobby.h"

/* The seats of game g whose player resigned, as a mask (outcome.h). */
#define SQL_RESIGNED \
    "(SELECT coalesce(sum(1 << CAST(r.seat AS INTEGER)), 0) FROM seats r " \
    "WHERE r.game = g.id AND r.resigned_ply IS NOT NULL)"

/* The table's outcome from columns i (ended), i + 1 and i + 2. */
static void
outcome_of(struct db_stmt *st, int i, struct outcome *o)
{
	int	 e = outcome_parse((const char *)db_column_text(st, i));

	memset(o, 0, sizeof(*o));
	o->end = e > 0 ? (enum outcome_end)e : OUTCOME_RULES;
	o->seat = db_column_int(st, i + 1);
	o->resigned = (uint32_t)db_column_int64(st, i + 2);
}

/* ?1 slug, ?2 user, ?3 before, ?4 status wanted, ?5 limit + 1. */
static const char SQL_LIST[] =
    "SELECT g.id, g.rules, coalesce(g.finished, 0), g.updated, g.rated, "
    "g.state, g.ended, coalesce(g.ended_seat, -1), " SQL_RESIGNED " "
    "FROM games g "
    "WHERE g.status = CASE WHEN ?4 = 0 THEN 'over' ELSE 'active' END "
    "AND (CAST(?1 AS TEXT) IS NULL OR g.rules = ?1) "
    "AND (CAST(?2 AS BIGINT) IS NULL OR EXISTS (SELECT 1 FROM seats s "
    "WHERE s.game = g.id AND s.\"user\" = ?2)) "
    "AND (CAST(?3 AS BIGINT) IS NULL OR g.id < ?3) "
    "ORDER BY g.id DESC LIMIT ?5";

static const char SQL_SEATS[] =
    "SELECT s.seat, coalesce(u.name, '') FROM seats s "
    "LEFT JOIN users u ON u.id = s.\"user\" WHERE s.game = ?1 ORDER BY s.seat";

/* One game's players with their scores and places, into o. */
static enum db_rc
add_players(struct db *db, struct json_object *o, int64_t id,
    const struct game_status *gs, const struct outcome *oc)
{
	struct json_object	*arr = json_object_new_array(), *p;
	struct db_stmt		*st;
	char			 winners[256];
	int			 place[GAME_SEATS_MAX], team[GAME_SEATS_MAX];
	int			 rc, s;
	size_t			 len = 0;

	winners[0] = '\0';
	if (gs != NULL)
		outcome_places(oc, gs, place, team);
	/* An aborted game has no result: no places. */
	if (oc->end == OUTCOME_ABORT)
		gs = NULL;
	if (outcome_name(oc->end) != NULL) {
		json_object_object_add(o, "ended",
		    json_object_new_string(outcome_name(oc->end)));
		json_object_object_add(o, "aborted",
		    json_object_new_boolean(oc->end == OUTCOME_ABORT));
	}
	json_object_object_add(o, "players", arr);
	if ((st = db_stmt(db, SQL_SEATS)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, id);
	while ((rc = db_step(st)) == DB_ROW) {
		const char *name = (const char *)db_column_text(st, 1);

		s = db_column_int(st, 0);
		p = json_object_new_object();
		json_object_object_add(p, "seat", json_object_new_int(s));
		json_object_object_add(p, "name", json_object_new_string(
		    name[0] != '\0' ? name : "(open seat)"));
		if (gs != NULL && s >= 0 && s < gs->nseats) {
			json_object_object_add(p, "score",
			    json_object_new_int(gs->scores[s]));
			if (gs->over) {
				json_object_object_add(p, "place",
				    json_object_new_int(place[s]));
				json_object_object_add(p, "won",
				    json_object_new_boolean(place[s] == 1));
				if (place[s] == 1 && len < sizeof(winners))
					len += (size_t)snprintf(winners + len,
					    sizeof(winners) - len, "%s%s",
					    len > 0 ? ", " : "", name);
			}
		}
		json_object_array_add(arr, p);
	}
	if (rc != DB_DONE)
		return db_fail(db, st);
	db_reset(st);
	json_object_object_add(o, "winners", json_object_new_string(winners));
	return DB_OK;
}

enum db_rc
store_archive_list(struct db *db, const struct store_archive_query *q,
    struct json_object **out, int *more)
{
	struct json_object	*arr, *o;
	const struct game_rules	*rules;
	struct game_status	 gs[STORE_ARCHIVE_PAGE];
	struct outcome		 oc[STORE_ARCHIVE_PAGE];
	int64_t			 ids[STORE_ARCHIVE_PAGE];
	int			 has[STORE_ARCHIVE_PAGE];
	struct db_stmt		*st;
	char			 slug[64];
	int			 rc, n = 0, i;
	int			 limit = q->limit < 1 ? 1 :
				    q->limit > STORE_ARCHIVE_PAGE ?
				    STORE_ARCHIVE_PAGE : q->limit;
	enum db_rc		 drc;

	*out = NULL;
	*more = 0;
	if ((st = db_stmt(db, SQL_LIST)) == NULL)
		return DB_ERROR;
	arr = json_object_new_array();
	if (q->slug != NULL)
		db_bind_text(st, 1, q->slug, -1, DB_TRANSIENT);
	if (q->user != 0)
		db_bind_int64(st, 2, q->user);
	if (q->before != 0)
		db_bind_int64(st, 3, q->before);
	db_bind_int(st, 4, q->status != 0);
	db_bind_int(st, 5, limit + 1);
	while ((rc = db_step(st)) == DB_ROW) {
		if (n == limit) {
			*more = 1;
			break;
		}
		snprintf(slug, sizeof(slug), "%s",
		    (const char *)db_column_text(st, 1));
		rules = game_find(slug);
		ids[n] = db_column_int64(st, 0);
		has[n] = store_lobby_status(rules, db_column_blob(st, 5),
		    (size_t)db_column_bytes(st, 5), &gs[n]);
		outcome_of(st, 6, &oc[n]);
		if (has[n])
			outcome_status(&oc[n], &gs[n]);
		o = json_object_new_object();
		json_object_object_add(o, "id", json_object_new_int64(ids[n]));
		json_object_object_add(o, "slug", json_object_new_string(slug));
		json_object_object_add(o, "game_name", json_object_new_string(
		    rules != NULL ? rules->name : slug));
		json_object_object_add(o, "finished",
		    json_object_new_int64(db_column_int64(st, 2)));
		json_object_object_add(o, "updated",
		    json_object_new_int64(db_column_int64(st, 3)));
		json_object_object_add(o, "rated",
		    json_object_new_boolean(db_column_int(st, 4)));
		json_object_array_add(arr, o);
		n++;
	}
	if (rc != DB_ROW && rc != DB_DONE) {
		json_object_put(arr);
		return db_fail(db, st);
	}
	db_reset(st);
	for (i = 0; i < n; i++)
		if ((drc = add_players(db, json_object_array_get_idx(arr,
		    (size_t)i), ids[i], has[i] ? &gs[i] : NULL, &oc[i])) !=
		    DB_OK) {
			json_object_put(arr);
			return drc;
		}
	*out = arr;
	return DB_OK;
}

static const char SQL_H2H[] =
    "SELECT g.rules, g.state, a.seat, b.seat, g.ended, "
    "coalesce(g.ended_seat, -1), " SQL_RESIGNED " FROM games g "
    "JOIN seats a ON a.game = g.id AND a.\"user\" = ?1 "
    "JOIN seats b ON b.game = g.id AND b.\"user\" = ?2 "
    "WHERE g.status = 'over'";

enum db_rc
store_archive_h2h(struct db *db, int64_t a, int64_t b, int *won, int *lost,
    int *drawn)
{
	struct game_status	 gs;
	struct outcome		 oc;
	struct db_stmt		*st;
	char			 slug[64];
	int			 place[GAME_SEATS_MAX], team[GAME_SEATS_MAX];
	int			 rc, sa, sb;

	*won = *lost = *drawn = 0;
	if (a == b)
		return DB_OK;
	if ((st = db_stmt(db, SQL_H2H)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, a);
	db_bind_int64(st, 2, b);
	while ((rc = db_step(st)) == DB_ROW) {
		snprintf(slug, sizeof(slug), "%s",
		    (const char *)db_column_text(st, 0));
		if (!store_lobby_status(game_find(slug),
		    db_column_blob(st, 1),
		    (size_t)db_column_bytes(st, 1), &gs))
			continue;
		sa = db_column_int(st, 2);
		sb = db_column_int(st, 3);
		if (sa < 0 || sb < 0 || sa >= gs.nseats || sb >= gs.nseats)
			continue;
		outcome_of(st, 4, &oc);
		if (oc.end == OUTCOME_ABORT)
			continue;	/* no result */
		outcome_status(&oc, &gs);
		outcome_places(&oc, &gs, place, team);
		if (place[sa] < place[sb])
			(*won)++;
		else if (place[sa] > place[sb])
			(*lost)++;
		else
			(*drawn)++;
	}
	if (rc != DB_DONE)
		return db_fail(db, st);
	db_reset(st);
	return DB_OK;
}
