/*
 * store_record.c: a stored game as its JSON record (store_record.h).
 */
#include "store_record.h"

#include <string.h>

#include <json-c/json.h>

#include "codec.h"
#include "record.h"
#include "store_game.h"
#include "outcome.h"

struct json_object *
store_record_json(struct db *db, struct arena *a, const struct store_game *g)
{
	struct record		 rec;
	struct json_object	*o, *t;

	if (store_game_record(db, a, g, &rec) != DB_OK)
		return NULL;
	/* The seed stays secret until the game is over (DESIGN.md "Trust"). */
	if ((o = codec_record_json(&rec, g->over)) == NULL)
		return NULL;
	if (g->has_seed)
		json_object_object_add(o, "commitment",
		    json_object_new_string(g->commitment));
	if ((t = store_record_table(g)) != NULL)
		json_object_object_add(o, "table", t);
	return o;
}

/* One table event: after ply moves, seat resigned or aborted. */
static struct json_object *
event(int ply, int seat, enum outcome_end how)
{
	struct json_object	*e = json_object_new_object();

	json_object_object_add(e, "ply", json_object_new_int(ply));
	json_object_object_add(e, "seat", json_object_new_int(seat));
	json_object_object_add(e, "event",
	    json_object_new_string(outcome_name(how)));
	return e;
}

struct json_object *
store_record_table(const struct store_game *g)
{
	struct json_object	*a;
	int			 s, done[GAME_SEATS_MAX], best;

	if (g->outcome.end == OUTCOME_RULES && g->outcome.resigned == 0)
		return NULL;
	a = json_object_new_array();
	memset(done, 0, sizeof(done));
	/* Resignations in the order they came (by ply, then seat). */
	for (;;) {
		for (best = -1, s = 0; s < g->nseats; s++)
			if (((g->outcome.resigned >> s) & 1) && !done[s] &&
			    (best < 0 || g->resigned_ply[s] <
			    g->resigned_ply[best]))
				best = s;
		if (best < 0)
			break;
		done[best] = 1;
		json_object_array_add(a, event(g->resigned_ply[best], best,
		    OUTCOME_RESIGN));
	}
	if (g->outcome.end == OUTCOME_ABORT)
		json_object_array_add(a, event(g->outcome.ply, g->outcome.seat,
		    OUTCOME_ABORT));
	return a;
}

const char *
store_record_text(struct json_object *o)
{
	return json_object_to_json_string_ext(o, JSON_C_TO_STRING_PRETTY |
	    JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_NOSLASHESCAPE);
}
