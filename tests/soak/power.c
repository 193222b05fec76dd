/*
 * power.c: one life of the power loss part of "make soak".
 *
 *   soak-power --config FILE --ack FILE [--seed N] [--cut N] [--moves M]
 *              [--lying-disk]
 *
 * Opens the site in this process behind the lossy VFS (lossy.h), then
 * plays random legal moves through the API (GET the game as the seat to
 * act, POST one of its legal moves) in the active games, up to M moves.
 * Every move the site acknowledges (200) is appended to the ack file
 * ("GAME PLY TEXT", tab-separated) and synced before the next request,
 * as a client that was told "saved" would remember it.  With --cut N
 * the power goes at the Nth write, sync or truncate of the database
 * files: the process ends with status 77 and whatever was not synced is
 * lost.  tests/soak/power.sh runs lives in a loop and checks the
 * database after each (tests/soak/check_db.sh).
 *
 * --lying-disk: syncs do nothing, so a cut loses acknowledged moves; the
 * check after it must say so (the control of tests/cli/soak_power.sh).
 *
 * Exit: 0 after M moves or when no game is left, 77 at the cut, 2 on a
 * setup error, 1 on a reply no client should get (a 5xx).
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <json-c/json.h>
#include <sqlite3.h>

#include "lossy.h"
#include "site.h"

#define GAMES_MAX	64
#define USERS_MAX	12

static uint64_t	 rnd_state;

static uint32_t
rnd(uint32_t n)
{
	rnd_state ^= rnd_state << 13;
	rnd_state ^= rnd_state >> 7;
	rnd_state ^= rnd_state << 17;
	return n ? (uint32_t)((rnd_state >> 11) % n) : 0;
}

/* The body of a reply (after the blank line), or "". */
static const char *
body_of(const struct site_reply *r)
{
	const char	*b = strstr(r->text, "\r\n\r\n");

	return b != NULL ? b + 4 : "";
}

struct game {
	long long	 id;
	int		 nseats;
	long long	 seat_uid[12];
};

int
main(int argc, char **argv)
{
	struct site		 site;
	struct site_req		 q;
	struct site_reply	 rep = { 0 };
	struct site_who		 who[USERS_MAX];
	struct game		 games[GAMES_MAX];
	const char		*config = NULL, *ack = NULL;
	long			 cutn = 0, moves = 100, made = 0, refused = 0;
	long			 seed = 1;
	int			 ngames = 0, nwho = 0, i, fd, tries = 0,
				 lying = 0;
	sqlite3			*db;
	sqlite3_stmt		*st;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--config") == 0 && i + 1 < argc)
			config = argv[++i];
		else if (strcmp(argv[i], "--ack") == 0 && i + 1 < argc)
			ack = argv[++i];
		else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc)
			seed = atol(argv[++i]);
		else if (strcmp(argv[i], "--cut") == 0 && i + 1 < argc)
			cutn = atol(argv[++i]);
		else if (strcmp(argv[i], "--lying-disk") == 0)
			lying = 1;
		else if (strcmp(argv[i], "--moves") == 0 && i + 1 < argc)
			moves = atol(argv[++i]);
		else {
			fprintf(stderr, "usage: soak-power --config FILE "
			    "--ack FILE [--seed N] [--cut N] [--moves M] "
			    "[--lying-disk]\n");
			return 2;
		}
	}
	if (config == NULL || ack == NULL)
		return 2;
	rnd_state = 0x9e3779b97f4a7c15ull ^ (uint64_t)seed * 0x2545f4914f6cdd1dull;
	if (lossy_install((uint64_t)seed, lying) != 0) {
		fprintf(stderr, "soak-power: cannot install the VFS\n");
		return 2;
	}
	if ((fd = open(ack, O_WRONLY | O_APPEND | O_CREAT, 0644)) < 0) {
		perror(ack);
		return 2;
	}
	if (site_open(&site, config) != 0)
		return 2;

	/* The games in play and who sits where (read before the cut is armed). */
	if (sqlite3_open(site.cf.db, &db) != SQLITE_OK ||
	    sqlite3_prepare_v2(db, "SELECT g.id, g.nseats, s.seat, u.name, "
	    "u.id FROM games g JOIN seats s ON s.game = g.id JOIN users u ON "
	    "u.id = s.user WHERE g.status = 'active' ORDER BY g.id, s.seat",
	    -1, &st, NULL) != SQLITE_OK) {
		fprintf(stderr, "soak-power: %s\n", sqlite3_errmsg(db));
		return 2;
	}
	while (sqlite3_step(st) == SQLITE_ROW) {
		long long	 id = sqlite3_column_int64(st, 0);
		const char	*name = (const char *)sqlite3_column_text(st, 3);
		int		 seat = sqlite3_column_int(st, 2);

		if (ngames == 0 || games[ngames - 1].id != id) {
			if (ngames == GAMES_MAX)
				break;
			games[ngames].id = id;
			games[ngames].nseats = sqlite3_column_int(st, 1);
			ngames++;
		}
		if (seat >= 0 && seat < 12)
			games[ngames - 1].seat_uid[seat] =
			    sqlite3_column_int64(st, 4);
		for (i = 0; i < nwho; i++)
			if (strcmp(who[i].name, name) == 0)
				break;
		if (i == nwho && nwho < USERS_MAX) {
			snprintf(who[nwho].name, sizeof(who[nwho].name), "%s",
			    name);
			who[nwho].uid = sqlite3_column_int64(st, 4);
			nwho++;
		}
	}
	sqlite3_finalize(st);
	sqlite3_close(db);
	for (i = 0; i < nwho; i++) {
		/* A copy: site_login() fills who[i] anew, name included. */
		char	 name[sizeof(who[i].name)];

		memcpy(name, who[i].name, sizeof(name));
		name[sizeof(name) - 1] = '\0';
		if (site_login(&site, name, (long long)time(NULL), &who[i]) != 0)
			return 2;
	}
	lossy_arm(cutn);

	while (made < moves && ngames > 0 && tries < 20 * moves) {
		struct json_object	*o, *v, *legal;
		struct game		*g = &games[rnd((uint32_t)ngames)];
		struct site_who		*w = NULL;
		char			 path[64], body[512], text[300];
		const char		*mv;
		long long		 ply;
		int			 seat, nl, status;

		tries++;
		/* Who is to act, as anyone sees it. */
		snprintf(path, sizeof(path), "/api/games/%lld", g->id);
		memset(&q, 0, sizeof(q));
		q.method = "GET";
		q.path = path;
		if (site_request(&site, &q, &rep) != 200)
			return 1;
		o = json_tokener_parse(body_of(&rep));
		if (o == NULL || !json_object_object_get_ex(o, "to_act", &v) ||
		    json_object_array_length(v) == 0 ||
		    (json_object_object_get_ex(o, "over", &legal) &&
		    json_object_get_boolean(legal))) {
			json_object_put(o);
			*g = games[--ngames];	/* over: leave it */
			continue;
		}
		seat = json_object_get_int(json_object_array_get_idx(v,
		    rnd((uint32_t)json_object_array_length(v))));
		json_object_put(o);
		for (i = 0; i < nwho; i++)
			if (seat >= 0 && seat < 12 &&
			    who[i].uid == g->seat_uid[seat])
				w = &who[i];
		if (w == NULL)
			continue;
		/* Its legal moves, as that seat sees them. */
		q.cookie = w->cookie;
		if (site_request(&site, &q, &rep) != 200)
			return 1;
		o = json_tokener_parse(body_of(&rep));
		if (o == NULL || !json_object_object_get_ex(o, "legal",
		    &legal) || (nl = (int)json_object_array_length(legal)) ==
		    0 || !json_object_object_get_ex(o, "ply", &v)) {
			json_object_put(o);
			continue;
		}
		ply = json_object_get_int64(v);
		mv = json_object_get_string(json_object_array_get_idx(legal,
		    rnd((uint32_t)nl)));
		snprintf(text, sizeof(text), "%s", mv != NULL ? mv : "");
		v = json_object_new_object();
		json_object_object_add(v, "ply", json_object_new_int64(ply));
		json_object_object_add(v, "move", json_object_new_string(text));
		snprintf(body, sizeof(body), "%s",
		    json_object_to_json_string_ext(v, JSON_C_TO_STRING_PLAIN));
		json_object_put(v);
		json_object_put(o);
		snprintf(path, sizeof(path), "/api/games/%lld/moves", g->id);
		memset(&q, 0, sizeof(q));
		q.method = "POST";
		q.path = path;
		q.cookie = w->cookie;
		q.csrf = w->csrf;
		q.body = body;
		status = site_request(&site, &q, &rep);
		if (status >= 500) {
			fprintf(stderr, "soak-power: %d for %s\n%s\n", status,
			    body, rep.text);
			return 1;
		}
		if (status != 200) {
			refused++;	/* 409/422: a stale view; nothing saved */
			continue;
		}
		o = json_tokener_parse(body_of(&rep));
		if (o == NULL || !json_object_object_get_ex(o, "ply", &v)) {
			fprintf(stderr, "soak-power: a 200 without a ply\n");
			return 1;
		}
		/* Acknowledged: remember it durably before going on. */
		{
			char	 line[600];
			int	 n;

			n = snprintf(line, sizeof(line), "%lld\t%lld\t%s\n",
			    g->id, (long long)json_object_get_int64(v), text);
			if (write(fd, line, (size_t)n) != n || fdatasync(fd) != 0) {
				perror(ack);
				return 2;
			}
		}
		json_object_put(o);
		made++;
	}
	site_reply_free(&rep);
	site_close(&site);
	close(fd);
	printf("power: %ld moves acknowledged, %ld refused, %ld file "
	    "operations\n", made, refused, lossy_ops());
	return 0;
}
