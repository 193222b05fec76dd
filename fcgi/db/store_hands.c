/* store_hands.c: a game's ended hands (store_hands.h). */
#include "store_hands.h"

#include <stdlib.h>
#include <string.h>


#include "arena.h"

static const char SQL_HANDS[] =
    "SELECT hand, ply, kind, deltas FROM hands WHERE game = ?1 "
    "ORDER BY id LIMIT ?2";

int
store_hands_deltas(const char *text, int nseats, int32_t *delta)
{
	const char	*p = text;
	char		*end;
	long		 v;
	int		 s, got = 0;

	for (s = 0; s < nseats; s++)
		delta[s] = 0;
	if (p == NULL || *p++ != '[')
		return 0;
	for (s = 0; s < nseats; s++) {
		v = strtol(p, &end, 10);
		if (end == p)
			break;
		delta[s] = (int32_t)v;
		got++;
		p = end;
		if (*p != ',')
			break;
		p++;
	}
	return got;
}

enum db_rc
store_hands_list(struct db *db, struct arena *a, int64_t id, int nseats,
    struct store_hand **out, int *n)
{
	struct store_hand	*h;
	struct db_stmt		*st;
	const unsigned char	*t;
	int			 k = 0, rc;

	*out = NULL;
	*n = 0;
	if (nseats > GAME_SEATS_MAX)
		nseats = GAME_SEATS_MAX;
	/* Not zeroed: each row read is filled whole below. */
	if ((h = arena_alloc(a, STORE_HANDS_MAX * sizeof(*h))) == NULL)
		return DB_ERROR;
	if ((st = db_stmt(db, SQL_HANDS)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, id);
	db_bind_int(st, 2, STORE_HANDS_MAX);
	while ((rc = db_step(st)) == DB_ROW && k < STORE_HANDS_MAX) {
		h[k].hand = db_column_int(st, 0);
		h[k].ply = db_column_int(st, 1);
		t = db_column_text(st, 2);
		memset(h[k].kind, 0, sizeof(h[k].kind));
		strncpy(h[k].kind, t != NULL ? (const char *)t : "",
		    sizeof(h[k].kind) - 1);
		t = db_column_text(st, 3);
		store_hands_deltas((const char *)t, nseats, h[k].delta);
		k++;
	}
	if (rc != DB_ROW && rc != DB_DONE)
		return db_fail(db, st);
	db_reset(st);
	*out = h;
	*n = k;
	return DB_OK;
}
