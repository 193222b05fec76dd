/*
 * leak_view.c: what the twin-game leak sweep (leak.c) fetches and how it
 * compares: every view of every observer, the replies normalized (the
 * game id, the mail's per-game tokens) and compared byte for byte.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "db.h"
#include "game.h"
#include "mail_compose.h"
#include "mail_queue.h"
#include "site.h"

#include "leak.h"

/*
 * Remove from s (in place) what may rightly differ between the twins:
 * the game's id wherever it is a whole number, and in mail the signed
 * tokens (reply, unsubscribe) and the Message-ID, which name the game.
 */
static size_t
normalize(char *s, size_t n, int64_t id, int is_mail)
{
	static const char	 b64[] = "abcdefghijklmnopqrstuvwxyz"
				    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.";
	char			 idtxt[32], *out, *o;
	size_t			 i = 0, k, idn;

	if ((out = o = malloc(n + 1)) == NULL)
		leak_die("out of memory");
	idn = (size_t)snprintf(idtxt, sizeof(idtxt), "%lld", (long long)id);
	while (i < n) {
		if (s[i] >= '0' && s[i] <= '9' && (i == 0 ||
		    s[i - 1] < '0' || s[i - 1] > '9')) {
			for (k = i; k < n && s[k] >= '0' && s[k] <= '9'; k++)
				continue;
			if (k - i == idn && memcmp(s + i, idtxt, idn) == 0)
				memcpy(o, "ID", 2), o += 2;
			else
				memcpy(o, s + i, k - i), o += k - i;
			i = k;
			continue;
		}
		if (is_mail && (s[i] == '+' || s[i] == '/' || s[i] == '<')) {
			/* a token after "+", "/" or "<": a long base64url run */
			for (k = i + 1; k < n && s[k] != '\0' &&
			    strchr(b64, s[k]) != NULL; k++)
				continue;
			if (k - i > 24) {
				*o++ = s[i];
				memcpy(o, "TOKEN", 5), o += 5;
				i = k;
				continue;
			}
		}
		*o++ = s[i++];
	}
	k = (size_t)(o - out);
	if (k > n)
		leak_die("normalize grew a reply");	/* ids have 7 digits */
	memcpy(s, out, k);
	s[k] = '\0';
	free(out);
	return k;
}

static void
dump(const char *what, const char *who, int ply)
{
	char	 path[4096];
	FILE	*f;
	int	 i;

	if (L.dump == NULL)
		return;
	for (i = 0; i < 2; i++) {
		snprintf(path, sizeof(path), "%s/diff%ld-%s-%s-%d.%c",
		    L.dump, L.diffs, who, what, ply, "AB"[i]);
		for (char *p = path + strlen(L.dump) + 1; *p; p++)
			if (*p == '/' || *p == '?')
				*p = '_';
		if ((f = fopen(path, "w")) != NULL) {
			fwrite(L.rep[i].text, 1, L.rep[i].len, f);
			fclose(f);
		}
	}
}

/* Compare the two normalized replies in L.rep; 1 when they are equal. */
int
leak_compare(const struct twin *t, int is_mail, const char *what,
    const char *who, int must_differ)
{
	size_t	 n0, n1;
	int	 same;

	n0 = normalize(L.rep[0].text, L.rep[0].len, t->id[0], is_mail);
	n1 = normalize(L.rep[1].text, L.rep[1].len, t->id[1], is_mail);
	L.rep[0].len = n0;
	L.rep[1].len = n1;
	same = n0 == n1 && memcmp(L.rep[0].text, L.rep[1].text, n0) == 0;
	if (must_differ) {
		L.controls++;
		if (same) {
			L.control_fails++;
			fprintf(stderr, "soak-leak: CONTROL %s %s: the owner's "
			    "views of %lld and %lld are the same\n",
			    t->rules->slug, what, (long long)t->id[0],
			    (long long)t->id[1]);
		}
		return !same;
	}
	L.compared++;
	if (!same) {
		dump(what, who, t->ply);
		L.diffs++;
		fprintf(stderr, "soak-leak: DIFFERENCE %s games %lld/%lld "
		    "ply %d, %s as %s (owner seat %d)\n", t->rules->slug,
		    (long long)t->id[0], (long long)t->id[1], t->ply, what,
		    who, t->owner);
	}
	return same;
}

/* GET path (query q) from both games as w, then compare. */
void
leak_fetch2(const struct twin *t, const struct site_who *w, const char *fmt,
    const char *q, int must_differ)
{
	struct site_req	 r;
	char		 path[2][128], what[160];
	int		 i;

	for (i = 0; i < 2; i++) {
		snprintf(path[i], sizeof(path[i]), fmt, (long long)t->id[i]);
		memset(&r, 0, sizeof(r));
		r.method = "GET";
		r.path = path[i];
		r.query = q;
		r.cookie = w->uid ? w->cookie : NULL;
		site_request(&L.site, &r, &L.rep[i]);
	}
	snprintf(what, sizeof(what), "%s%s%s", path[0], q ? "?" : "",
	    q ? q : "");
	leak_compare(t, 0, what, w->name, must_differ);
}

/* The turn mail seat would get now, in both games, compared. */
static void
mail2(const struct twin *t, int seat)
{
	struct mail_game_row	 row;
	struct mail_msg		 m;
	int			 i;

	for (i = 0; i < 2; i++) {
		memset(&row, 0, sizeof(row));
		row.user = L.seat_user[seat].uid;
		row.game = t->id[i];
		row.seat = seat;
		row.ply = t->ply;
		row.why = MAIL_WHY_TURN;
		row.note = "";
		L.rep[i].len = 0;
		if (mail_compose_game(L.site.app.db, &L.arena, &L.mc, &row,
		    NOW, &m) != 0)
			leak_die("mail_compose_game failed");
		db_end_read(L.site.app.db);
		free(L.rep[i].text);
		if (asprintf(&L.rep[i].text, "%s\n%s\n%s\n%s", m.subject,
		    m.headers, m.text, m.html ? m.html : "") < 0)
			leak_die("out of memory");
		L.rep[i].len = strlen(L.rep[i].text);
		L.rep[i].cap = L.rep[i].len + 1;
		arena_reset(&L.arena);
	}
	leak_compare(t, 1, "turn mail", L.seat_user[seat].name, 0);
}

/*
 * The <entry> of game id in an Atom feed (none: ""), into rep; the
 * number of entries in n.
 */
static void
feed_entry(const char *feed, int64_t id, struct site_reply *rep, int *n)
{
	const char	*e, *end, *hit = NULL, *hit_end = NULL;
	char		 want[48];

	snprintf(want, sizeof(want), "/g/%lld#", (long long)id);
	*n = 0;
	for (e = strstr(feed, "<entry>"); e != NULL; e = strstr(end,
	    "<entry>")) {
		if ((end = strstr(e, "</entry>")) == NULL)
			leak_die("a feed entry is not closed");
		end += strlen("</entry>");
		(*n)++;
		/* The game's own entry: its <id> names it. */
		if (memmem(e, (size_t)(end - e), want, strlen(want)) != NULL) {
			hit = e;
			hit_end = end;
		}
	}
	free(rep->text);
	if (hit == NULL)
		rep->text = strdup("");
	else
		rep->text = strndup(hit, (size_t)(hit_end - hit));
	if (rep->text == NULL)
		leak_die("out of memory");
	rep->len = strlen(rep->text);
	rep->cap = rep->len + 1;
}

/*
 * Seat's turn feed (GET /feed/TOKEN.atom), the twins' two entries
 * compared (the rest is the seat's other games).  A feed at its cap
 * (FEED_CAP entries) may leave either entry out for a reason of its
 * own: such a pair is counted in L.feeds_full, not compared.
 */
enum { FEED_CAP = 100 };	/* page_feed.c's FEED_MAX */
static void
feed2(const struct twin *t, int seat)
{
	struct site_req		 r;
	struct site_reply	 all = { 0 };
	char			 path[96];
	int			 i, n = 0;

	snprintf(path, sizeof(path), "/feed/%s.atom", L.feed[seat]);
	memset(&r, 0, sizeof(r));
	r.method = "GET";
	r.path = path;
	site_request(&L.site, &r, &all);
	if (all.text == NULL || strstr(all.text, "<feed") == NULL)
		leak_die("a seat's feed did not answer");
	for (i = 0; i < 2; i++)
		feed_entry(all.text, t->id[i], &L.rep[i], &n);
	site_reply_free(&all);
	if (n >= FEED_CAP && (L.rep[0].len == 0) != (L.rep[1].len == 0)) {
		L.feeds_full++;
		return;
	}
	L.feed_entries += L.rep[0].len > 0;
	leak_compare(t, 0, "turn feed", L.seat_user[seat].name, 0);
}

/* Everything every observer can fetch, at the twins' current ply. */
void
leak_sweep(const struct twin *t, int all_history)
{
	const struct site_who	*obs[OBS_MAX];
	char			 q[32];
	int			 n = 0, i, k, s;

	for (s = 0; s < t->nseats; s++)
		if (s != t->owner || L.self_test)
			obs[n++] = &L.seat_user[s];
	obs[n++] = &L.watcher;
	obs[n++] = &L.anon;
	for (i = 0; i < n; i++) {
		leak_fetch2(t, obs[i], "/g/%lld", NULL, 0);
		leak_fetch2(t, obs[i], "/api/games/%lld", NULL, 0);
		leak_fetch2(t, obs[i], "/api/games/%lld/ply", NULL, 0);
		leak_fetch2(t, obs[i], "/g/%lld/history", NULL, 0);
		for (k = all_history ? 0 : t->ply; k <= t->ply; k++) {
			snprintf(q, sizeof(q), "ply=%d", k);
			leak_fetch2(t, obs[i], "/g/%lld/history", q, 0);
		}
	}
	for (s = 0; s < t->nseats; s++)
		if (s != t->owner || L.self_test) {
			mail2(t, s);
			feed2(t, s);
		}
}
