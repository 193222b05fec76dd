/*
 * page_lobby_new.c: POST /lobby/new (page_lobby.h), reading the forms
 * page_lobby_forms.c offers.
 *
 * One form per registered game, each built from the game's rules: the
 * number of players (seats_min..seats_max), who sits in every other
 * seat (the bot, anyone, or a player named) and the table options the
 * engine describes (struct game_option), so a game added to the
 * registry appears here without code of its own.  The engine's setup()
 * stays the judge of options: what it refuses comes back as its
 * sentence.
 */
#include "page_lobby.h"
#include "page_lobby_form.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "acct_limit.h"
#include "arena.h"
#include "config.h"
#include "db.h"
#include "deadline.h"
#include "form.h"
#include "mail_queue.h"
#include "page.h"
#include "req.h"
#include "resp.h"
#include "serve.h"
#include "sess.h"
#include "store_bot_level.h"
#include "store_game.h"
#include "store_invite.h"
#include "store_lobby.h"
#include "store_rating.h"
#include "store_social.h"
#include "store_user.h"
#include "tpl.h"

/* ---- POST /lobby/new ---- */

enum new_field { NF_CSRF, NF_GAME, NF_SEATS, NF_MOVE_TIME, NF_ON_TIMEOUT,
    NF_RATED, NF_CHAT_CLOSED, NF__BASE };

/* Fields: the three above, then opponent/invitee per other seat, then
 * the game's options. */
enum {
	NF_OPP = NF__BASE,
	NF_INV = NF_OPP + GAME_SEATS_MAX,
	NF_OPT = NF_INV + GAME_SEATS_MAX,
	NF__MAX = NF_OPT + PAGE_LOBBY_OPTIONS_MAX
};

/* The field table for rules (NULL: the base fields only); *n its size. */
static struct form_field *
new_fields(struct arena *a, const struct game_rules *rules, size_t *n)
{
	struct form_field	*t;
	int			 k, i;

	if ((t = arena_calloc(a, NF__MAX * sizeof(*t))) == NULL)
		return NULL;
	t[NF_CSRF] = (struct form_field){ "csrf", NULL, 0, 0 };
	t[NF_GAME] = (struct form_field){ "game", form_line, 0, 40 };
	t[NF_SEATS] = (struct form_field){ "seats", form_uint, 0,
	    GAME_SEATS_MAX };
	/* The clock (deadline.h): "3d", "36h"; move or bot. */
	t[NF_MOVE_TIME] = (struct form_field){ "move_time", form_line, 0, 20 };
	t[NF_ON_TIMEOUT] = (struct form_field){ "on_timeout", form_line, 0, 4 };
	t[NF_RATED] = (struct form_field){ "rated", form_uint, 0, 1 };
	t[NF_CHAT_CLOSED] = (struct form_field){ "chat_closed", form_uint, 0,
	    1 };
	*n = NF__BASE;
	if (rules == NULL)
		return t;
	for (k = 0; k < GAME_SEATS_MAX; k++) {
		t[NF_OPP + k] = (struct form_field){ page_lobby_opp_fields[k], form_line,
		    0, 10 };
		t[NF_INV + k] = (struct form_field){ page_lobby_inv_fields[k], form_line,
		    0, 40 };
	}
	for (i = 0; rules->options != NULL && i < PAGE_LOBBY_OPTIONS_MAX;
	    i++) {
		const struct game_option *o = &rules->options[i];

		if (o->key == NULL)
			break;
		t[NF_OPT + i] = o->words != NULL ?
		    (struct form_field){ o->key, form_line, 0, 40 } :
		    (struct form_field){ o->key, form_uint, 0,
		    (size_t)o->hi };
	}
	*n = (size_t)(NF_OPT + i);
	return a->failed ? NULL : t;
}

/*
 * Who sits in the other seats: user ids, 0 for an open seat; an
 * invited player's seat stays open, held by an invitation
 * (store_invite.h), until they accept.  seat[k]: where the k-th other
 * player sits (the seed's seating), set by create().
 */
struct seating {
	int64_t		 user[GAME_SEATS_MAX];	/* [k], k >= 1 */
	int		 invited[GAME_SEATS_MAX];
	int		 seat[GAME_SEATS_MAX];
};

/*
 * Create the game with a fresh seed from the OS: the creator sits
 * where the seed's seating puts the first player, the k-th other seat
 * where it puts the (k+1)-th.
 */
static enum db_rc
create(struct req *r, const struct game_rules *rules, int nseats,
    const char *options, int64_t me, struct seating *who,
    int64_t *id, char why[GAME_WHY_MAX])
{
	union {
		max_align_t	 align;
		unsigned char	 b[GAME_STATE_MAX];
	}			 st;
	struct store_game_new	 n;
	struct game_setup	 su;
	struct game_status	 gs;
	uint8_t			 seed[32];
	enum db_rc		 rc;
	int			 k;

	randombytes_buf(seed, sizeof(seed));
	memset(&su, 0, sizeof(su));
	su.nseats = nseats;
	su.options = options;
	su.seed = seed;
	su.dealer = -1;
	why[0] = '\0';
	if (rules->setup(st.b, &su, why) != GAME_OK) {
		sodium_memzero(seed, sizeof(seed));
		return DB_REFUSED;
	}
	rules->status(st.b, &gs);
	memset(&n, 0, sizeof(n));
	n.rules = rules;
	n.options = options;
	n.nseats = nseats;
	n.dealer = -1;
	n.seed = seed;
	n.users[gs.seating[0]] = me;
	for (k = 1; k < nseats; k++) {
		who->seat[k] = gs.seating[k];
		n.users[gs.seating[k]] = who->invited[k] ? 0 : who->user[k];
	}
	n.created_by = me;
	rc = store_game_create(r->app->db, &n, id, why);
	sodium_memzero(seed, sizeof(seed));
	sodium_memzero(st.b, sizeof(st.b));
	return rc;
}

/*
 * Read the options of f's game from v into f (what the page shows
 * again) and opts ("key=value" for each value that differs from the
 * default).  Returns NULL, or the sentence for a 400.
 */
static const char *
read_options(struct arena *a, struct lobby_form *f, const struct form_val *v,
    char *opts, size_t optsz)
{
	const struct game_option	*o;
	size_t				 len = 0;
	int				 i, w;

	opts[0] = '\0';
	for (i = 0; i < f->nopts; i++) {
		o = &f->rules->options[i];
		if (!v[NF_OPT + i].present)
			continue;
		f->value[i] = v[NF_OPT + i].s;
		if (o->words != NULL) {
			for (w = 0; o->words[w] != NULL &&
			    strcmp(o->words[w], v[NF_OPT + i].s) != 0; w++)
				;
			if (o->words[w] == NULL)
				return arena_printf(a, "Choose one of the "
				    "offered values for \"%s\".", o->label);
			if (w == o->def)
				continue;
		} else {
			if (v[NF_OPT + i].u < (unsigned long long)o->lo)
				return arena_printf(a, "\"%s\" must be at "
				    "least %d.", o->label, o->lo);
			if (v[NF_OPT + i].u == (unsigned long long)o->def)
				continue;
		}
		len += (size_t)snprintf(opts + len, optsz - len, "%s%s=%s",
		    len > 0 ? " " : "", o->key, v[NF_OPT + i].s);
		if (len >= optsz)
			return "Those options are too long.";
	}
	return NULL;
}

/*
 * Seat the other players of f: the bot account (easy), the strong
 * bot's (store_bot_level.h), an open seat, or the player named; one person in one seat only.  Inside the caller's
 * transaction.  DB_OK, DB_REFUSED with *error, or DB_ERROR.
 */
static enum db_rc
read_seats(struct req *r, struct lobby_form *f, int64_t me,
    struct seating *who, const char **error)
{
	struct store_user	 u;
	int64_t			 bot = 0, strong = 0;
	int			 k, j;

	memset(who, 0, sizeof(*who));
	for (k = 1; k < f->seats; k++) {
		if (strcmp(f->opp[k], "open") == 0)
			continue;
		if (strcmp(f->opp[k], "bot") == 0) {
			if (bot == 0 && store_lobby_bot(r->app->db, &bot) !=
			    DB_OK) {
				*error = "The bot account is not available.";
				return DB_REFUSED;
			}
			who->user[k] = bot;
			continue;
		}
		if (strcmp(f->opp[k], "strong") == 0) {
			if (strong == 0 && store_bot_strong(r->app->db,
			    &strong) != DB_OK) {
				*error = "The strong bot's account is not "
				    "available.";
				return DB_REFUSED;
			}
			who->user[k] = strong;
			continue;
		}
		if (store_user_check_name(f->invitee[k]) != STORE_USER_OK ||
		    store_user_by_name(r->app->db, f->invitee[k], &u) !=
		    STORE_USER_OK) {
			*error = arena_printf(r->arena, "There is no player "
			    "named \"%s\".", f->invitee[k]);
			return DB_REFUSED;
		}
		if (u.id == me) {
			*error = "Invite someone else: you hold a seat "
			    "already.";
			return DB_REFUSED;
		}
		if (store_social_blocks(r->app->db, u.id, me)) {
			*error = arena_printf(r->arena, "%s does not take "
			    "invitations from you.", u.name);
			return DB_REFUSED;
		}
		for (j = 1; j < k; j++)
			if (who->user[j] == u.id && !u.is_bot) {
				*error = arena_printf(r->arena, "%s is invited "
				    "to two seats; one is enough.", u.name);
				return DB_REFUSED;
			}
		who->user[k] = u.id;
		who->invited[k] = !u.is_bot;
	}
	return DB_OK;
}

/* Hold the invited players' seats of game id (the mails come after). */
static enum db_rc
invite(struct req *r, int nseats, int64_t me, const struct seating *who,
    int64_t id)
{
	int64_t		 now = db_now(), days;
	enum db_rc	 rc;
	int		 k;

	days = config_num(r->app->config, "invite_days", STORE_INVITE_DAYS);
	for (k = 1; k < nseats; k++)
		if (who->invited[k] && (rc = store_invite_add(r->app->db, id,
		    who->seat[k], who->user[k], me, now, now + days * 86400)) !=
		    DB_OK)
			return rc;
	return DB_OK;
}

/* Re-render the lobby with f open and the message. */
static void
again(struct req *r, int status, struct lobby_forms *fs, struct lobby_form *f,
    const char *error)
{
	int	 i;

	for (i = 0; i < fs->n; i++)
		fs->f[i].open = &fs->f[i] == f;
	page_lobby_render(r, status, fs, error);
}

void
page_lobby_new(struct req *r)
{
	const struct sess_user	*u = sess_current(r);
	const struct game_rules	*rules;
	struct lobby_forms	*fs;
	struct lobby_form	*f = NULL;
	struct form_field	*fields;
	struct form_val		 v[NF__MAX];
	struct form_err		 err;
	struct seating		 who;
	const char		*error = NULL;
	char			 options[RECORD_OPTIONS_MAX], why[GAME_WHY_MAX];
	size_t			 nf;
	int64_t			 id = 0, move_secs = DEADLINE_MOVE_SECS;
	enum deadline_on_timeout on_timeout = DEADLINE_ON_TIMEOUT_MOVE;
	char			 clock_why[DEADLINE_WHY_MAX];
	int			 i, k;
	enum db_rc		 rc;

	if (u == NULL) {
		resp_fail(r, 403, "Please log in first.");
		return;
	}
	if ((fs = page_lobby_forms_new(r->arena)) == NULL ||
	    (fields = new_fields(r->arena, NULL, &nf)) == NULL) {
		resp_fail(r, 500, "The lobby could not be shown.");
		return;
	}
	if ((error = acct_limit_games(r, u->id)) != NULL) {
		page_lobby_render(r, 429, fs, error);
		return;
	}
	memset(v, 0, sizeof(v));
	if (form_parse(r->arena, fields, nf, r->body, r->body_len, NULL, v,
	    &err) != FORM_OK) {
		page_lobby_render(r, 400, fs, arena_strdup(r->arena, err.why));
		return;
	}
	rules = v[NF_GAME].present ? game_find(v[NF_GAME].s) : game_all()[0];
	for (i = 0; rules != NULL && i < fs->n; i++)
		if (fs->f[i].rules == rules)
			f = &fs->f[i];
	if (f == NULL) {
		page_lobby_render(r, 400, fs, "Choose one of the games on "
		    "offer.");
		return;
	}
	if ((fields = new_fields(r->arena, rules, &nf)) == NULL) {
		resp_fail(r, 500, "The lobby could not be shown.");
		return;
	}
	memset(v, 0, sizeof(v));
	if (form_parse(r->arena, fields, nf, r->body, r->body_len, NULL, v,
	    &err) != FORM_OK) {
		again(r, 400, fs, f, arena_strdup(r->arena, err.why));
		return;
	}
	if (v[NF_SEATS].present)
		f->seats = (int)v[NF_SEATS].u;
	for (k = 1; k < GAME_SEATS_MAX; k++) {
		if (v[NF_OPP + k].present)
			f->opp[k] = v[NF_OPP + k].s;
		if (v[NF_INV + k].present)
			f->invitee[k] = v[NF_INV + k].s;
		for (i = 0; page_lobby_opp_values[i] != NULL &&
		    strcmp(page_lobby_opp_values[i], f->opp[k]) != 0; i++)
			;
		if (page_lobby_opp_values[i] == NULL) {
			f->opp[k] = "bot";
			error = "Choose who sits in each seat: the easy or "
			    "the strong bot, anyone, or a player you name.";
		}
	}
	if (error == NULL && (f->seats < rules->seats_min ||
	    f->seats > rules->seats_max))
		error = arena_printf(r->arena, "%s is for %d to %d players.",
		    rules->name, rules->seats_min, rules->seats_max);
	if (error == NULL)
		error = read_options(r->arena, f, v, options, sizeof(options));
	if (error != NULL) {
		if (f->seats < rules->seats_min || f->seats > rules->seats_max)
			f->seats = rules->seats_min;
		again(r, 400, fs, f, error);
		return;
	}

	if (error == NULL && v[NF_MOVE_TIME].present &&
	    v[NF_MOVE_TIME].s[0] != '\0' &&
	    deadline_parse(v[NF_MOVE_TIME].s, &move_secs, clock_why) != 0)
		error = arena_strdup(r->arena, clock_why);
	if (error == NULL && v[NF_ON_TIMEOUT].present) {
		if (strcmp(v[NF_ON_TIMEOUT].s, "bot") == 0)
			on_timeout = DEADLINE_ON_TIMEOUT_BOT;
		else if (strcmp(v[NF_ON_TIMEOUT].s, "move") != 0)
			error = "Choose what happens when a player's time runs "
			    "out.";
	}
	if (error != NULL) {
		again(r, 400, fs, f, error);
		return;
	}
	if (db_begin_immediate(r->app->db) != DB_OK) {
		resp_fail(r, 503, "The server is busy; please try again.");
		return;
	}
	if ((rc = read_seats(r, f, u->id, &who, &error)) == DB_OK)
		rc = create(r, rules, f->seats, options, u->id, &who, &id,
		    why);
	if (rc == DB_OK)	/* the clock, in the same transaction */
		rc = deadline_game_set(r->app->db, id, move_secs, on_timeout);
	if (rc == DB_OK && v[NF_RATED].u == 1)
		rc = store_rating_set_rated(r->app->db, id);
	if (rc == DB_OK && v[NF_CHAT_CLOSED].u == 1)
		rc = store_social_chat_public(r->app->db, id, 0);
	if (rc == DB_OK)	/* the invitations, in the same transaction */
		rc = invite(r, f->seats, u->id, &who, id);
	if (rc == DB_OK)
		rc = mail_queue_invites(r->app->db, id, u->id);
	if (rc == DB_REFUSED) {
		db_rollback_if_open(r->app->db);
		again(r, 422, fs, f, error != NULL ? error :
		    arena_strdup(r->arena, why));
		return;
	}
	if (rc != DB_OK || db_commit(r->app->db) != DB_OK) {
		db_rollback_if_open(r->app->db);
		resp_fail(r, 500, "The game could not be created.");
		return;
	}
	resp_redirect(r, 303, "/g/%lld", (long long)id);
}
