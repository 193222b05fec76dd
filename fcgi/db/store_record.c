/*
 * store_record.c: a stored game as its JSON record (store_record.h).
 */
#include "store_record.h"

#include <json-c/json.h>

#include "codec.h"
#include "record.h"
#include "store_game.h"

struct json_object *
store_record_json(struct db *db, struct arena *a, const struct store_game *g)
{
	struct record		 rec;
	struct json_object	*o;

	if (store_game_record(db, a, g, &rec) != DB_OK)
		return NULL;
	/* The seed stays secret until the game is over (DESIGN.md "Trust"). */
	if ((o = codec_record_json(&rec, g->over)) == NULL)
		return NULL;
	if (g->has_seed)
		json_object_object_add(o, "commitment",
		    json_object_new_string(g->commitment));
	return o;
}

const char *
store_record_text(struct json_object *o)
{
	return json_object_to_json_string_ext(o, JSON_C_TO_STRING_PRETTY |
	    JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_NOSLASHESCAPE);
}
