/*
 * store_record.h: a stored game as the JSON record that "topper
 * export" prints and /g/ID/record.json serves (prefix store_record_):
 * one function, so the two can never differ.
 */
#ifndef TOPPER_STORE_RECORD_H
#define TOPPER_STORE_RECORD_H

#include "db.h"

struct arena;
struct json_object;
struct store_game;

/*
 * g as a record: rules, options, seats, dealer, decks or (once over
 * only: DESIGN.md "Trust") the seed, the moves, and the commitment
 * when seeded, and the table's events (store_record_table()).  NULL on an error (logged).  The caller puts it.
 */
struct json_object *store_record_json(struct db *db, struct arena *a,
		    const struct store_game *g);

/*
 * How the table ended g or left it, as the record's "table" array (README
 * "Game records"): one { "ply", "seat", "event" } per resignation, by
 * ply, then the abort; NULL when there is none.  The caller puts it.
 */
struct json_object *store_record_table(const struct store_game *g);

/* The text both print: pretty, spaced, slashes as they are. */
const char	*store_record_text(struct json_object *o);

#endif /* TOPPER_STORE_RECORD_H */
