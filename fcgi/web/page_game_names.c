/*
 * page_game_names.c: the seats' names as a person reads them, for the
 * game page, its history, the table's sections and the confirm page
 * (page_game.h).  A file of its own so that those pages can name the
 * players without linking the game page itself.
 */
#include "page_game.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "bot_name.h"
#include "req.h"
#include "sess.h"
#include "serve.h"
#include "store_bot_level.h"
#include "store_game.h"
#include "store_lobby.h"
#include "store_user.h"

void
page_game_names(struct req *r, const struct store_game *g, int64_t uid,
    struct page_game_names *out)
{
	const struct sess_user	*me = sess_current(r);
	char			 known[GAME_SEATS_MAX][STORE_USER_NAME_MAX + 1];
	uint8_t			 level[GAME_SEATS_MAX];
	const char		*name;
	size_t			 n;
	int			 s, open = 0, nseats = g->nseats < GAME_SEATS_MAX ?
				    g->nseats : GAME_SEATS_MAX;

	memset(out, 0, sizeof(*out));
	out->nseats = g->nseats;
	out->viewer = -1;
	/*
	 * The others' names in one query, not one per seat; the signed-in
	 * player's came with the session.
	 */
	if (r->app == NULL || store_lobby_seat_names(r->app->db, g->id,
	    me != NULL ? me->id : 0, nseats, known) != DB_OK)
		for (s = 0; s < nseats; s++)
			known[s][0] = '\0';
	for (s = 0; s < nseats; s++) {
		out->is_bot[s] = g->is_bot[s];
		if (uid != 0 && g->user[s] == uid && out->viewer < 0)
			out->viewer = s;
		if (g->user[s] == 0)
			name = "Open seat";
		else if (me != NULL && g->user[s] == me->id)
			name = me->name;
		else if (known[s][0] != '\0')
			name = known[s];
		else
			name = "Unknown player";
		snprintf(out->name[s], sizeof(out->name[s]), "%s", name);
		out->vacant |= g->user[s] == 0;
		open += g->user[s] == 0;
	}
	snprintf(out->waiting, sizeof(out->waiting), "%s", open > 1 ?
	    "every open seat is taken" : "the open seat is taken");
	/* One bot account may hold several seats: a name per seat. */
	for (s = 0; s < nseats; s++)
		if (g->user[s] != 0 && g->is_bot[s])
			snprintf(out->name[s], sizeof(out->name[s]), "%s",
			    bot_name(s));
	/* Which bot plays a bot's seat: the easy or the strong one. */
	for (s = 0; s < nseats && !g->is_bot[s]; s++)
		;
	if (s < nseats && r->app != NULL &&
	    store_bot_levels(r->app->db, g->id, nseats, level) == DB_OK)
		for (s = 0; s < nseats; s++)
			if (g->is_bot[s]) {
				n = strlen(out->name[s]);
				snprintf(out->name[s] + n,
				    sizeof(out->name[s]) - n, " (%s)",
				    bot_level_name(level[s]));
			}
}
