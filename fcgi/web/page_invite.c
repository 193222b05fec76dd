/*
 * page_invite.c: answering an invitation (page_invite.h).
 */
#include "page_invite.h"

#include <stdio.h>
#include <string.h>

#include <sodium.h>

#include "arena.h"
#include "db.h"
#include "form.h"
#include "game.h"
#include "mail_invite.h"
#include "mail_queue.h"
#include "page.h"
#include "page_game_kit.h"
#include "req.h"
#include "resp.h"
#include "serve.h"
#include "sess.h"
#include "store_game.h"
#include "store_invite.h"
#include "tpl.h"

/* ---- the game page's lines ---- */

struct invite_view {
	const char	**line;
	int		 nlines;
	int		 mine;		/* the viewer's invitation waits */
};

static int
line_lookup(const void *data, const char *key, struct tpl_val *out)
{
	return strcmp(key, "text") == 0 ? tpl_str(out,
	    *(const char *const *)data) : tpl_none(out);
}

static int
line_item(const void *list, size_t i, struct tpl_ctx *out)
{
	out->lookup = line_lookup;
	out->data = (const char *const *)list + i;
	return 0;
}

static int
view_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct invite_view	*v = data;

	if (strcmp(key, "lines") == 0)
		return tpl_list(out, (size_t)v->nlines, line_item, v->line);
	if (strcmp(key, "mine") == 0)
		return tpl_bool(out, v->mine);
	return tpl_none(out);
}

static int
view_item(const void *list, size_t i, struct tpl_ctx *out)
{
	(void)i;
	out->lookup = view_lookup;
	out->data = list;
	return 0;
}

/* What the page says of one invitation. */
static const char *
line_of(struct req *r, const struct store_invite *v, int64_t uid)
{
	char		 when[PAGE_TIME_MAX];
	const char	*who = v->user == uid ? "You" : v->name;

	switch (v->state) {
	case STORE_INVITE_WAITING:
		return v->user == uid ? arena_printf(r->arena, "%s invites "
		    "you to this game. Accept by %s, or decline; no clock "
		    "runs until every invited player has accepted.",
		    v->from_name, page_time(r, v->expires, when)) :
		    arena_printf(r->arena, "Waiting for %s to accept (until "
		    "%s).", v->name, page_time(r, v->expires, when));
	case STORE_INVITE_ACCEPTED:
		return arena_printf(r->arena, "%s accepted on %s.", who,
		    page_time(r, v->answered, when));
	case STORE_INVITE_DECLINED:
		return arena_printf(r->arena, "%s declined on %s; that seat "
		    "is open to anyone.", who, page_time(r, v->answered, when));
	default:
		return arena_printf(r->arena, "%s did not answer in time (%s); "
		    "that seat is open to anyone.", who,
		    page_time(r, v->answered, when));
	}
}

/* "Bo (invited)" into a name buffer of n bytes, or "Bo" alone. */
static void
name_held(char *out, size_t n, const char *name)
{
	size_t	 len = strlen(name);

	if (len >= n)
		len = n - 1;
	memcpy(out, name, len);
	out[len] = '\0';
	if (len + sizeof(" (invited)") <= n)
		memcpy(out + len, " (invited)", sizeof(" (invited)"));
}

/*
 * What play waits for, into names->waiting: "bob accepts the
 * invitation", "you and carol accept the invitations", and "... and
 * the open seat is taken" when a seat is neither held nor taken.
 */
static void
waiting_for(struct page_game_names *names, const struct store_invite *inv,
    int n, int64_t uid, int free_seat)
{
	char	*w = names->waiting;
	size_t	 cap = sizeof(names->waiting), len = 0;
	int	 i, k = 0, waiting = 0, you = 0;

	for (i = 0; i < n; i++)
		waiting += inv[i].state == STORE_INVITE_WAITING;
	w[0] = '\0';
	for (i = 0; i < n && len < cap; i++) {
		if (inv[i].state != STORE_INVITE_WAITING)
			continue;
		len += (size_t)snprintf(w + len, cap - len, "%s%s",
		    k == 0 ? "" : k == waiting - 1 ? " and " : ", ",
		    inv[i].user == uid ? "you" : inv[i].name);
		you |= inv[i].user == uid;
		k++;
	}
	if (len < cap)
		len += (size_t)snprintf(w + len, cap - len, "%s",
		    waiting > 1 ? " accept the invitations" : you ?
		    " accept the invitation" : " accepts the invitation");
	if (free_seat && len < cap)
		snprintf(w + len, cap - len, " and every open seat is taken");
}

int
page_invite_value(struct req *r, const struct store_game *g, int64_t uid,
    struct tpl_val *out, int *free_seat, struct page_game_names *names)
{
	struct store_invite	*inv;
	struct invite_view	*v;
	uint32_t		 held = 0;
	int			 n, i, s;

	tpl_none(out);
	*free_seat = 0;
	for (s = 0; s < g->nseats; s++)
		*free_seat |= g->user[s] == 0;
	if (store_invite_of_game(r->app->db, r->arena, g->id, &inv, &n) !=
	    DB_OK)
		return -1;
	if (n == 0)
		return 0;
	if ((v = arena_calloc(r->arena, sizeof(*v))) == NULL ||
	    (v->line = arena_calloc(r->arena, (size_t)n *
	    sizeof(*v->line))) == NULL)
		return -1;
	for (i = 0; i < n; i++) {
		/* Answered long ago, on a running game: not news. */
		if (inv[i].state == STORE_INVITE_WAITING) {
			held |= UINT32_C(1) << inv[i].seat;
			if (names != NULL && inv[i].seat < names->nseats)
				name_held(names->name[inv[i].seat],
				    sizeof(names->name[0]), inv[i].name);
		}
		if (inv[i].state == STORE_INVITE_WAITING && inv[i].user == uid)
			v->mine = 1;
		if ((v->line[v->nlines] = line_of(r, &inv[i], uid)) == NULL)
			return -1;
		v->nlines++;
	}
	*free_seat = 0;
	for (s = 0; s < g->nseats; s++)
		*free_seat |= g->user[s] == 0 && !(held >> s & 1);
	if (names != NULL && held != 0)
		waiting_for(names, inv, n, uid, *free_seat);
	return tpl_list(out, 1, view_item, v);
}

/* ---- answering ---- */

/*
 * Answer invitation id (accept or not) in one transaction, with the
 * inviter's mail; *started says whether it started the game.  0, or
 * the status to answer with and why[] set (500 with why[] empty).
 */
static int
answer(struct req *r, int64_t id, int accept, int *started,
    char why[GAME_WHY_MAX])
{
	struct db		*db = r->app->db;
	struct store_invite	 v;
	enum db_rc		 rc;

	why[0] = '\0';
	if (db_begin_immediate(db) != DB_OK) {
		snprintf(why, GAME_WHY_MAX, "The server is busy; please try "
		    "again.");
		return 503;
	}
	rc = store_invite_answer(db, id, accept, db_now(), started, why);
	if (rc == DB_OK)
		rc = store_invite_get(db, id, &v);
	if (rc == DB_OK)
		rc = mail_queue_answer(db, &v, *started);
	if (rc == DB_OK && db_commit(db) == DB_OK)
		return 0;
	db_rollback_if_open(db);
	if (rc == DB_REFUSED)
		return strstr(why, "expired") != NULL ? 410 : 409;
	if (rc == DB_NOTFOUND) {
		snprintf(why, GAME_WHY_MAX, "There is no such invitation.");
		return 404;
	}
	why[0] = '\0';
	return 500;
}

/* answer=accept|decline from the body: 1, 0, or -1 (400 sent). */
static int
read_answer(struct req *r, int with_csrf)
{
	static const struct form_field	 fields[] = {
		{ "answer", form_line, FORM_REQUIRED, 10 },
		{ "csrf", NULL, 0, 0 },
	};
	struct form_val			 v[2];
	struct form_err			 err;

	memset(v, 0, sizeof(v));
	if (form_parse(r->arena, fields, with_csrf ? 2 : 1, r->body,
	    r->body_len, NULL, v, &err) != FORM_OK) {
		resp_fail(r, 400, "%s", err.why);
		return -1;
	}
	if (strcmp(v[0].s, "accept") == 0)
		return 1;
	if (strcmp(v[0].s, "decline") == 0)
		return 0;
	resp_fail(r, 400, "Answer with accept or decline.");
	return -1;
}

void
page_invite_answer(struct req *r)
{
	const struct sess_user	*u = sess_current(r);
	struct store_invite	 v;
	char			 why[GAME_WHY_MAX];
	long long		 id = req_id(r, 0);
	int			 accept, status, started;

	if (u == NULL) {
		resp_fail(r, 403, "Please log in first.");
		return;
	}
	if ((accept = read_answer(r, 1)) < 0)
		return;
	switch (store_invite_waiting(r->app->db, id, u->id, &v)) {
	case DB_OK:
		break;
	case DB_NOTFOUND:
		resp_fail(r, 409, "No invitation of yours waits in this "
		    "game.");
		return;
	default:
		resp_fail(r, 500, "The invitation could not be read.");
		return;
	}
	if ((status = answer(r, v.id, accept, &started, why)) == 0)
		resp_redirect(r, 303, "/g/%lld", id);
	else if (why[0] != '\0')
		resp_fail(r, status, "%s", why);
	else
		resp_fail(r, 500, "The answer could not be stored.");
}

/* ---- /i/TOKEN ---- */

struct link_page {
	struct req		*r;
	struct store_invite	 v;
	const struct game_rules	*rules;
	const char		*error;
	const char		*done;		/* what the answer did */
	const char		*until;
};

static int
link_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct link_page	*p = data;
	int			 ok = p->v.id != 0;

	if (strcmp(key, "error") == 0)
		return tpl_str(out, p->error);
	if (strcmp(key, "done") == 0)
		return tpl_str(out, p->done);
	if (strcmp(key, "can_answer") == 0)
		return tpl_bool(out, p->error == NULL && p->done == NULL);
	if (strcmp(key, "action") == 0)
		return tpl_str(out, p->r->path);
	if (strcmp(key, "gid") == 0)
		return ok ? tpl_int(out, p->v.game) : tpl_none(out);
	if (strcmp(key, "game_name") == 0)
		return ok && p->rules != NULL ? tpl_str(out, p->rules->name) :
		    tpl_none(out);
	if (strcmp(key, "from") == 0)
		return ok ? tpl_str(out, p->v.from_name) : tpl_none(out);
	if (strcmp(key, "name") == 0)
		return ok ? tpl_str(out, p->v.name) : tpl_none(out);
	if (strcmp(key, "until") == 0)
		return tpl_str(out, p->until);
	return tpl_none(out);
}

static void
link_render(struct req *r, struct link_page *p, int status)
{
	struct tpl_ctx	 c = { link_lookup, p };

	resp_header(r, "X-Robots-Tag", "noindex");
	resp_cache(r, "no-store");
	page_render_status(r, status, "invite", &c, p->done != NULL ?
	    "Invitation answered" : p->error != NULL ?
	    "Invitation not answered" : "An invitation");
}

/* Check the link: 0 with p->v loaded, or the status with p->error. */
static int
link_check(struct req *r, struct link_page *p)
{
	uint8_t			 key[TOKEN_KEY_BYTES];
	const char		*tok = r->ncaps > 0 ? r->caps[0].str : NULL;
	const struct sess_user	*u;
	struct token		 t;
	enum token_rc		 trc;
	char			 when[PAGE_TIME_MAX];

	memset(p, 0, sizeof(*p));
	p->r = r;
	if (token_key_load(r->app->db, key) != 0)
		return 500;
	trc = mail_invite_verify(tok, tok != NULL ? strlen(tok) : 0, key,
	    db_now(), &t);
	sodium_memzero(key, sizeof(key));
	if (trc == TOKEN_EXPIRED) {
		p->error = "This invitation has expired.";
		return 410;
	}
	if (trc != TOKEN_OK) {
		p->error = "This link is not valid: it was changed, or it was "
		    "not made by this site. Please use the link as it came "
		    "in the mail.";
		return 403;
	}
	switch (store_invite_get(r->app->db, t.ply, &p->v)) {
	case DB_OK:
		break;
	case DB_NOTFOUND:
		p->error = "This invitation no longer exists.";
		return 404;
	default:
		return 500;
	}
	p->rules = game_find(p->v.rules);
	p->until = arena_strdup(r->arena, page_time(r, p->v.expires, when));
	if (p->v.user != t.user || p->v.game != t.game) {
		p->error = "This link is not valid.";
		return 403;
	}
	if ((u = sess_current(r)) != NULL && u->id != p->v.user) {
		p->error = "This invitation was sent to another player. You "
		    "are signed in as someone else, so it answers nothing.";
		return 403;
	}
	if (p->v.state != STORE_INVITE_WAITING) {
		p->error = arena_printf(r->arena, "This invitation was %s "
		    "already.", store_invite_state_name(p->v.state));
		return p->v.state == STORE_INVITE_EXPIRED ? 410 : 409;
	}
	return 0;
}

void
page_invite_show(struct req *r)
{
	struct link_page	*p;
	int			 status;

	if ((p = arena_calloc(r->arena, sizeof(*p))) == NULL) {
		resp_fail(r, 500, "This link could not be read.");
		return;
	}
	if ((status = link_check(r, p)) == 500) {
		resp_fail(r, 500, "This link could not be read.");
		return;
	}
	link_render(r, p, status != 0 ? status : 200);
}

void
page_invite_link(struct req *r)
{
	struct link_page	*p;
	char			 why[GAME_WHY_MAX];
	int			 status, accept, started;

	if ((p = arena_calloc(r->arena, sizeof(*p))) == NULL) {
		resp_fail(r, 500, "This link could not be read.");
		return;
	}
	if ((accept = read_answer(r, 0)) < 0)
		return;
	if ((status = link_check(r, p)) == 500) {
		resp_fail(r, 500, "This link could not be read.");
		return;
	}
	if (status != 0) {
		link_render(r, p, status);
		return;
	}
	if ((status = answer(r, p->v.id, accept, &started, why)) != 0) {
		if (why[0] == '\0') {
			resp_fail(r, 500, "The answer could not be stored.");
			return;
		}
		p->error = arena_strdup(r->arena, why);
		link_render(r, p, status);
		return;
	}
	p->done = !accept ? "You declined: your seat is open to anyone now." :
	    started ? "You accepted: the game has started, and its clocks "
	    "run. Open the game to play." : "You accepted: your seat is "
	    "waiting for you. The game starts when every invited player "
	    "has accepted.";
	link_render(r, p, 200);
}
