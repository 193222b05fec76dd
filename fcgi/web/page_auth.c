/*
 * page_auth.c: the home page and the account pages: register, log in,
 * log out, and the account page with its personal API token.
 *
 * Every form that fails is rendered again with a message and what the
 * visitor typed, except the password, which never goes back into a
 * page.  Passwords are checked by store_user (Argon2id at the cost
 * topper.conf sets); the session by sess.c; the token and the
 * read-only database by the route checks (auth.c) before any handler
 * here runs.
 */
#include "page_auth.h"

#include <stdio.h>
#include <string.h>

#include "acct_mail.h"
#include "arena.h"
#include "auth.h"
#include "config.h"
#include "form.h"
#include "game_web.h"
#include "mail_queue.h"
#include "page.h"
#include "page_deadline.h"
#include "req.h"
#include "resp.h"
#include "route.h"
#include "serve.h"
#include "sess.h"
#include "store_account.h"
#include "store_user.h"
#include "tpl.h"

/* The zones offered when the browser's own is not known (no JS). */
static const char *const zones[] = {
	"UTC",
	"Pacific/Honolulu", "America/Anchorage", "America/Los_Angeles",
	"America/Denver", "America/Phoenix", "America/Chicago",
	"America/Mexico_City", "America/New_York", "America/Toronto",
	"America/Halifax", "America/Bogota", "America/Lima",
	"America/Santiago", "America/Argentina/Buenos_Aires",
	"America/Sao_Paulo", "Atlantic/Reykjavik", "Europe/London",
	"Europe/Dublin", "Europe/Lisbon", "Africa/Lagos", "Europe/Paris",
	"Europe/Brussels", "Europe/Amsterdam", "Europe/Berlin",
	"Europe/Zurich", "Europe/Vienna", "Europe/Rome", "Europe/Madrid",
	"Europe/Copenhagen", "Europe/Oslo", "Europe/Stockholm",
	"Europe/Warsaw", "Europe/Prague", "Europe/Budapest",
	"Africa/Johannesburg", "Africa/Cairo", "Europe/Athens",
	"Europe/Bucharest", "Europe/Helsinki", "Europe/Kyiv",
	"Europe/Istanbul", "Europe/Moscow", "Africa/Nairobi", "Asia/Dubai",
	"Asia/Karachi", "Asia/Kolkata", "Asia/Dhaka", "Asia/Bangkok",
	"Asia/Jakarta", "Asia/Singapore", "Asia/Shanghai",
	"Asia/Hong_Kong", "Asia/Taipei", "Asia/Seoul", "Asia/Tokyo",
	"Australia/Perth", "Australia/Adelaide", "Australia/Brisbane",
	"Australia/Sydney", "Pacific/Auckland",
};
#define NZONES	(sizeof(zones) / sizeof(zones[0]))

struct zone_opt {
	const char	*value;
	int		 selected;
};

/* What the auth pages show; every member may be NULL or 0. */
struct form_page {
	const char		*error;		/* the message of a failed form */
	const char		*name;
	const char		*email;
	const char		*tz;
	const char		*next;
	const char		*token;		/* a new API token, shown once */
	const char		*created;	/* account: when registered */
	int			 has_token;
	int			 verified;	/* account: address confirmed */
	const char		*token_expires;	/* account: the API token's end */
	const char		*token_used;	/* account: its last use, or NULL */
	int			 idle_days;	/* account: session_idle in days */
	const char		*mail;		/* account: "every", "digest", "off" */
	const char		*vacation;	/* account: deadlines' vacation, a sentence */
	int			 vacation_on;
	int			 confirm_moves;	/* account: a second tap */
	const char		*lobby;		/* where "Play" leads */
	struct zone_opt		*opts;
	size_t			 nopts;
};

static int
zone_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct zone_opt	*z = data;

	if (strcmp(key, "value") == 0)
		return tpl_str(out, z->value);
	if (strcmp(key, "selected") == 0)
		return tpl_bool(out, z->selected);
	return tpl_none(out);
}

static int
zone_item(const void *list, size_t i, struct tpl_ctx *out)
{
	const struct zone_opt	*z = list;

	out->lookup = zone_lookup;
	out->data = &z[i];
	return 0;
}

/* The home page's games, from the registry: name, players, what it is. */
static int
home_game_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct game_web	*w = data;

	if (strcmp(key, "slug") == 0)
		return tpl_str(out, w->rules->slug);
	if (strcmp(key, "game_name") == 0)
		return tpl_str(out, w->rules->name);
	if (strcmp(key, "about") == 0)
		return tpl_str(out, w->about);
	if (strcmp(key, "seats_min") == 0)
		return tpl_int(out, w->rules->seats_min);
	if (strcmp(key, "seats_max") == 0)
		return tpl_int(out, w->rules->seats_max);
	if (strcmp(key, "many_sizes") == 0)
		return tpl_bool(out, w->rules->seats_max > w->rules->seats_min);
	return tpl_none(out);
}

static int
home_game_item(const void *list, size_t i, struct tpl_ctx *out)
{
	const struct game_web *const	*all = list;

	out->lookup = home_game_lookup;
	out->data = all[i];
	return 0;
}

static int
home_games(struct tpl_val *out)
{
	const struct game_web *const	*all = game_web_all();
	size_t				 n = 0;

	while (all[n] != NULL)
		n++;
	return tpl_list(out, n, home_game_item, all);
}

static int
form_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct form_page	*f = data;

	if (strcmp(key, "error") == 0)
		return tpl_str(out, f->error);
	if (strcmp(key, "name") == 0)
		return tpl_str(out, f->name);
	if (strcmp(key, "email") == 0)
		return tpl_str(out, f->email);
	if (strcmp(key, "tz") == 0)
		return tpl_str(out, f->tz);
	if (strcmp(key, "next") == 0)
		return tpl_str(out, f->next);
	if (strcmp(key, "token") == 0)
		return tpl_str(out, f->token);
	if (strcmp(key, "created") == 0)
		return tpl_str(out, f->created);
	if (strcmp(key, "has_token") == 0)
		return tpl_bool(out, f->has_token);
	if (strcmp(key, "verified") == 0)
		return tpl_bool(out, f->verified);
	if (strcmp(key, "token_expires") == 0)
		return tpl_str(out, f->token_expires);
	if (strcmp(key, "token_used") == 0)
		return tpl_str(out, f->token_used);
	if (strcmp(key, "idle_days") == 0)
		return tpl_int(out, f->idle_days);
	if (strcmp(key, "lobby") == 0)
		return tpl_str(out, f->lobby);
	if (strcmp(key, "vacation") == 0)
		return tpl_str(out, f->vacation);
	if (strcmp(key, "vacation_on") == 0)
		return tpl_bool(out, f->vacation_on);
	if (strcmp(key, "confirm_moves") == 0)
		return tpl_bool(out, f->confirm_moves);
	if (strncmp(key, "mail_", 5) == 0 && f->mail != NULL)
		return tpl_bool(out, strcmp(key + 5, f->mail) == 0);
	if (strcmp(key, "zones") == 0)
		return tpl_list(out, f->nopts, zone_item, f->opts);
	if (strcmp(key, "home_games") == 0)
		return home_games(out);
	return tpl_none(out);
}

/* The zone options with tz selected; tz joins the list if missing. */
static void
zone_options(struct req *r, struct form_page *f, const char *tz)
{
	size_t	 i, n = 0;
	int	 found = 0;

	if (tz == NULL || *tz == '\0')
		tz = "UTC";
	for (i = 0; i < NZONES; i++)
		found |= strcmp(zones[i], tz) == 0;
	if ((f->opts = arena_alloc(r->arena, (NZONES + 1) *
	    sizeof(*f->opts))) == NULL)
		return;
	if (!found && when_tz_valid(tz)) {
		f->opts[n].value = tz;
		f->opts[n++].selected = 1;
	}
	for (i = 0; i < NZONES; i++) {
		f->opts[n].value = zones[i];
		f->opts[n++].selected = strcmp(zones[i], tz) == 0;
	}
	f->nopts = n;
}

static void
show(struct req *r, int status, const char *tpl, struct form_page *f,
    const char *title)
{
	struct tpl_ctx	 c = { form_lookup, f };

	page_render_status(r, status, tpl, &c, title);
}

/* Where a new or returning player lands. */
#define LANDING	"/lobby"

const char *
page_auth_wait_text(struct req *r, int64_t secs)
{
	if (secs < 60)
		return arena_printf(r->arena, "%lld second%s", (long long)secs,
		    secs == 1 ? "" : "s");
	if (secs < 2 * 3600)
		return arena_printf(r->arena, "%lld minute%s",
		    (long long)(secs + 59) / 60, secs <= 60 ? "" : "s");
	return arena_printf(r->arena, "%lld hours", (long long)(secs + 3599) /
	    3600);
}

static enum config_pwhash
cost(const struct req *r)
{
	return r->app != NULL && r->app->config != NULL ?
	    r->app->config->pwhash : CONFIG_PWHASH_INTERACTIVE;
}

/* The text of a parsed field, "" when absent. */
static const char *
val(const struct form_val *v)
{
	return v->present ? v->s : "";
}

void
page_auth_home(struct req *r)
{
	struct form_page	 f;

	memset(&f, 0, sizeof(f));
	f.lobby = LANDING;
	show(r, 200, "home", &f, "Triple Topper card games by turns");
}

/* Register. */

enum reg_field { RF_NAME, RF_EMAIL, RF_PASSWORD, RF_TZ, RF__MAX };

static const struct form_field reg_fields[RF__MAX] = {
	[RF_NAME] =	{ "name",	form_line,	0, 100 },
	[RF_EMAIL] =	{ "email",	form_line,	0, 300 },
	[RF_PASSWORD] =	{ "password",	NULL,		0, 0 },
	[RF_TZ] =	{ "tz",		form_line,	0, 100 },
};

void
page_auth_register_form(struct req *r)
{
	struct form_page	 f;

	if (sess_current(r) != NULL) {
		resp_redirect(r, 303, "%s", LANDING);
		return;
	}
	memset(&f, 0, sizeof(f));
	f.tz = "UTC";
	zone_options(r, &f, f.tz);
	show(r, 200, "register", &f, "Register");
}

/*
 * A new account: count the registration for its address and mail the
 * link that verifies the address.  A failure is logged; the account
 * page can send the link again.
 */
static void
registered(struct req *r, int64_t id, int64_t now)
{
	struct db		*db = r->app->db;
	struct store_user	 u;
	enum acct_mail_rc	 rc = ACCT_MAIL_ERROR;
	int64_t			 wait;

	if (store_user_by_id(db, id, &u) == STORE_USER_OK &&
	    db_begin_immediate(db) == DB_OK &&
	    store_account_event(db, "register", r->remote_addr, now) == DB_OK)
		rc = acct_mail_verify(db, r->app->config, &u, now, &wait);
	if (rc != ACCT_MAIL_SENT || db_commit(db) != DB_OK) {
		db_rollback_if_open(db);
		fprintf(stderr, "topper: user %lld: the verification mail "
		    "could not be queued\n", (long long)id);
	}
}

void
page_auth_register(struct req *r)
{
	struct form_val		 v[RF__MAX];
	struct form_err		 err;
	struct form_page	 f;
	enum store_user_rc	 rc;
	int64_t			 id, now, wait;
	int			 status, n, secs;

	memset(&f, 0, sizeof(f));
	if (form_parse(r->arena, reg_fields, RF__MAX, r->body, r->body_len,
	    NULL, v, &err) != FORM_OK) {
		f.error = arena_strdup(r->arena, err.why);
		f.tz = "UTC";
		zone_options(r, &f, f.tz);
		show(r, 400, "register", &f, "Register");
		return;
	}
	f.name = val(&v[RF_NAME]);
	f.email = val(&v[RF_EMAIL]);
	/* An unknown zone is no reason to refuse anyone: UTC it is. */
	f.tz = when_tz_valid(val(&v[RF_TZ])) ? val(&v[RF_TZ]) : "UTC";
	zone_options(r, &f, f.tz);
	now = db_now();
	config_rate(r->app->config, "register_rate", 5, 3600, &n, &secs);
	if (store_account_limited(r->app->db, "register", r->remote_addr, n,
	    secs, now, &wait)) {
		resp_header(r, "Retry-After", arena_printf(r->arena, "%lld",
		    (long long)wait));
		f.error = arena_printf(r->arena, "Too many registrations from "
		    "your address: at most %d in %s. Please try again in %s.",
		    n, page_auth_wait_text(r, secs), page_auth_wait_text(r,
		    wait));
		show(r, 429, "register", &f, "Register");
		return;
	}
	if ((rc = store_user_check_name(f.name)) == STORE_USER_OK &&
	    (rc = store_user_check_email(f.email)) == STORE_USER_OK &&
	    (rc = store_user_check_password(val(&v[RF_PASSWORD]))) ==
	    STORE_USER_OK)
		rc = store_user_create(r->app->db, f.name, f.email,
		    val(&v[RF_PASSWORD]), f.tz, 0, cost(r), &id);
	if (rc == STORE_USER_OK && sess_login(r, id) != 0)
		rc = STORE_USER_ERROR;
	if (rc == STORE_USER_OK) {
		registered(r, id, now);
		resp_redirect(r, 303, "%s", LANDING);
		return;
	}
	status = rc == STORE_USER_NAME_TAKEN ? 409 :
	    rc == STORE_USER_ERROR ? 500 : 400;
	f.error = store_user_why(rc);
	show(r, status, "register", &f, "Register");
}

/* Log in and out. */

enum login_field { LF_NAME, LF_PASSWORD, LF_NEXT, LF__MAX };

static const struct form_field login_fields[LF__MAX] = {
	[LF_NAME] =	{ "name",	form_line,	0, 100 },
	[LF_PASSWORD] =	{ "password",	NULL,		0, 0 },
	[LF_NEXT] =	{ "next",	form_line,	0, 1024 },
};

void
page_auth_login_form(struct req *r)
{
	struct form_val		 v[LF__MAX];
	struct form_page	 f;

	memset(&f, 0, sizeof(f));
	if (form_parse(r->arena, login_fields, LF__MAX, r->query,
	    strlen(r->query), NULL, v, NULL) == FORM_OK && v[LF_NEXT].present)
		f.next = auth_next(v[LF_NEXT].s);
	if (sess_current(r) != NULL) {
		resp_redirect(r, 303, "%s", f.next != NULL ? f.next :
		    LANDING);
		return;
	}
	show(r, 200, "login", &f, "Log in");
}

void
page_auth_login(struct req *r)
{
	const struct config	*cf = r->app->config;
	struct form_val		 v[LF__MAX];
	struct form_err		 err;
	struct form_page	 f;
	struct store_user	 u;
	enum store_user_rc	 rc;
	const char		*ip = r->remote_addr;
	struct auth_rate	 lim;
	enum auth_wait		 why;
	char			 secs[32];
	int64_t			 now, wait;

	memset(&f, 0, sizeof(f));
	if (form_parse(r->arena, login_fields, LF__MAX, r->body, r->body_len,
	    NULL, v, &err) != FORM_OK) {
		f.error = arena_strdup(r->arena, err.why);
		show(r, 400, "login", &f, "Log in");
		return;
	}
	f.name = val(&v[LF_NAME]);
	f.next = v[LF_NEXT].present ? auth_next(v[LF_NEXT].s) : NULL;
	if (*f.name == '\0' || !v[LF_PASSWORD].present) {
		f.error = "Please give your name and your password.";
		show(r, 400, "login", &f, "Log in");
		return;
	}
	now = db_now();
	auth_rate_config(cf, &lim);
	if ((wait = auth_rate_wait(r->app->db, f.name, ip, &lim, now,
	    &why)) > 0) {
		snprintf(secs, sizeof(secs), "%lld", (long long)wait);
		resp_header(r, "Retry-After", secs);
		f.error = arena_printf(r->arena, "Too many failed logins %s. "
		    "Please wait %s and try again%s.", why == AUTH_WAIT_ADDR ?
		    "from your address" : "for this name",
		    page_auth_wait_text(r, wait), why == AUTH_WAIT_ACCOUNT ?
		    ", or set a new password with the link \"Forgot your "
		    "password?\"" : "");
		show(r, 429, "login", &f, "Log in");
		return;
	}
	rc = store_user_verify(r->app->db, f.name, v[LF_PASSWORD].s, cost(r),
	    &u);
	if (rc == STORE_USER_OK) {
		(void)auth_rate_clear(r->app->db, f.name);
		if (sess_login(r, u.id) == 0) {
			resp_redirect(r, 303, "%s", f.next != NULL ? f.next :
			    LANDING);
			return;
		}
		rc = STORE_USER_ERROR;
	} else if (rc != STORE_USER_ERROR) {
		(void)auth_rate_fail(r->app->db, f.name, ip, &lim, now);
		rc = STORE_USER_WRONG_PASSWORD;	/* never say which */
	}
	f.error = store_user_why(rc);
	show(r, rc == STORE_USER_ERROR ? 500 : 401, "login", &f, "Log in");
}

void
page_auth_logout(struct req *r)
{
	sess_logout(r);
	resp_redirect(r, 303, "/");
}

/* The account page. */

static void
account(struct req *r, int status, const char *token, const char *error)
{
	const struct sess_user	*s;
	struct store_user	 u;
	struct form_page	 f;
	struct store_account	 a;
	char			 when[PAGE_TIME_MAX];
	enum mail_mode		 mode;

	if ((s = sess_current(r)) == NULL ||
	    store_user_by_id(r->app->db, s->id, &u) != STORE_USER_OK) {
		resp_fail(r, 500, "Your account could not be read.");
		return;
	}
	memset(&f, 0, sizeof(f));
	f.name = s->name;
	f.email = arena_strdup(r->arena, u.email);
	f.tz = arena_strdup(r->arena, u.tz);
	f.created = arena_strdup(r->arena, when_format(u.tz, u.created,
	    when));
	f.token = token;
	f.error = error;
	f.has_token = token != NULL || sess_api_exists(r);
	if (store_account_get(r->app->db, s->id, &a) == STORE_USER_OK) {
		f.verified = a.email_verified;
		f.confirm_moves = a.confirm_moves;
		if (a.api_expires > 0)
			f.token_expires = arena_strdup(r->arena,
			    when_format(u.tz, a.api_expires, when));
		if (a.api_used > 0)
			f.token_used = arena_strdup(r->arena,
			    when_format(u.tz, a.api_used, when));
	}
	f.idle_days = sess_idle_secs(r) / 86400;
	f.vacation = page_deadline_vacation_text(r, s->id, &f.vacation_on);
	f.mail = mail_mode_name(mail_pref_get(r->app->db, s->id, &mode) ==
	    DB_OK ? mode : MAIL_EVERY);
	zone_options(r, &f, f.tz);
	show(r, status, "account", &f, "Your account");
}

void
page_auth_account(struct req *r)
{
	/* After a setting is saved (page_mail_pref): say so. */
	if (strcmp(r->query, "saved=mail") == 0)
		page_flash(r, "Your mail setting is saved.");
	else if (strcmp(r->query, "saved=confirm") == 0)
		page_flash(r, "Your setting for sending moves is saved.");
	account(r, 200, NULL, NULL);
}

void
page_auth_account_show(struct req *r, int status, const char *error)
{
	account(r, status, NULL, error);
}

void
page_auth_token(struct req *r)
{
	char	 tok[SESS_TOKEN_TEXT];
	char	*copy;

	if (sess_api_create(r, tok) != 0) {
		resp_fail(r, 500, "The token could not be made; please try "
		    "again.");
		return;
	}
	copy = arena_strdup(r->arena, tok);
	memset(tok, 0, sizeof(tok));
	page_flash(r, "Here is your new API token. Copy it now: it is "
	    "shown only once.");
	account(r, 200, copy, NULL);
}

void
page_auth_token_revoke(struct req *r)
{
	if (sess_api_revoke(r) != 0) {
		resp_fail(r, 500, "The token could not be revoked; please try "
		    "again.");
		return;
	}
	page_flash(r, "Your API token was revoked.");
	account(r, 200, NULL, NULL);
}

enum tz_field { TF_TZ, TF__MAX };

static const struct form_field tz_fields[TF__MAX] = {
	[TF_TZ] = { "tz", form_line, FORM_REQUIRED, 100 },
};

void
page_auth_tz(struct req *r)
{
	const struct sess_user	*s = sess_current(r);
	struct form_val		 v[TF__MAX];

	if (form_parse(r->arena, tz_fields, TF__MAX, r->body, r->body_len,
	    NULL, v, NULL) != FORM_OK || !when_tz_valid(v[TF_TZ].s)) {
		account(r, 400, NULL, "Please choose a time zone from the "
		    "list.");
		return;
	}
	if (s == NULL ||
	    store_user_set_tz(r->app->db, s->id, v[TF_TZ].s) != STORE_USER_OK) {
		resp_fail(r, 500, "The time zone could not be saved.");
		return;
	}
	page_flash(r, "Your time zone was saved.");
	account(r, 200, NULL, NULL);
}
