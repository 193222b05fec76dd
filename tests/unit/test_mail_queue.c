/*
 * test_mail_queue.c: the outbox on a real database (fcgi/mail/mail_queue.c,
 * fcgi/mail/mail_send.c and mail_sender.c with the "dir:" destination,
 * fcgi/mail/mail_compose.c and mail_compose_game.c).
 *
 * For each of the six games, random legal moves go through
 * play_move() with every seat a person: each move queues exactly
 * one row per other person who must newly act (every person when a hand
 * ended), the mover none; the worker's mail job composes and writes
 * every row; and no mail's "Your cards" line holds a card another seat
 * holds hidden.  Then the preference (digest held until a visit, off),
 * each reason's subject, and delivery: a failing destination backs off and is capped, a lease
 * keeps a claimed row from a second sender until it runs out.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arena.h"
#include "config.h"
#include "db.h"
#include "mail_compose.h"
#include "mail_queue.h"
#include "mail_send.h"
#include "migrate.h"
#include "play.h"
#include "rng.h"
#include "store_game.h"
#include "store_account.h"
#include "store_user.h"

struct fx {
	char		 dir[256];	/* scratch: db, config, mail/ */
	char		 path[300];
	char		 mail[300];
	struct db	*db;
	struct arena	 a;
	struct config	 cf;
	struct mail_sender *ms;
	int64_t		 user[GAME_SEATS_MAX];
};

static void
rmtree(const char *dir)
{
	char		 p[600];
	DIR		*d;
	struct dirent	*e;

	if ((d = opendir(dir)) == NULL)
		return;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.' && (e->d_name[1] == '\0' ||
		    (e->d_name[1] == '.' && e->d_name[2] == '\0')))
			continue;
		snprintf(p, sizeof(p), "%s/%s", dir, e->d_name);
		if (e->d_type == DT_DIR)
			rmtree(p);
		else
			unlink(p);
	}
	closedir(d);
	rmdir(dir);
}

static int
setup(void **state)
{
	struct fx	*f;
	char		 conf[320], err[256], name[16], email[32];
	FILE		*fp;
	int		 i, added;

	if ((f = calloc(1, sizeof(*f))) == NULL)
		return -1;
	snprintf(f->dir, sizeof(f->dir), "%s/test_mail.XXXXXX",
	    getenv("TMPDIR") != NULL ? getenv("TMPDIR") : "/tmp");
	if (mkdtemp(f->dir) == NULL)
		return -1;
	snprintf(f->path, sizeof(f->path), "%s/t.db", f->dir);
	snprintf(f->mail, sizeof(f->mail), "%s/mail", f->dir);
	mkdir(f->mail, 0700);
	snprintf(conf, sizeof(conf), "%s/topper.conf", f->dir);
	if ((fp = fopen(conf, "w")) == NULL)
		return -1;
	fprintf(fp, "db = %s\nbase_url = https://cards.example\n"
	    "mail.smtp_url = dir:%s\nmail.from = Topper <t@cards.example>\n"
	    "mail.reply_to = play@cards.example\nmail.attempts = 3\n"
	    "mail.retry = 10\nmail.retry_max = 15\nmail.lease = 100\n"
	    "mail.timeout = 5\n", f->path,
	    f->mail);
	fclose(fp);
	if (config_load(&f->cf, conf, err, sizeof(err)) != 0 ||
	    (f->db = db_open(f->path, DB_CREATE)) == NULL ||
	    migrate_apply(f->db) < 0 ||
	    db_setting_add(f->db, "secret", "00112233445566778899aabbccddeeff"
	    "00112233445566778899aabbccddeeff", &added) != DB_OK)
		return -1;
	for (i = 0; i < GAME_SEATS_MAX; i++) {
		snprintf(name, sizeof(name), "user%d", i);
		snprintf(email, sizeof(email), "u%d@example.org", i);
		if (store_user_create(f->db, name, email, "pass-word-1", NULL, 0,
		    CONFIG_PWHASH_MIN, &f->user[i]) != STORE_USER_OK ||
		    store_account_set_verified(f->db, f->user[i]) !=
		    STORE_USER_OK)
			return -1;
	}
	if ((f->ms = mail_sender_new(&f->cf, f->db)) == NULL)
		return -1;
	arena_init(&f->a, 0);
	*state = f;
	return 0;
}

static int
teardown(void **state)
{
	struct fx	*f = *state;

	mail_sender_free(f->ms);
	arena_free(&f->a);
	db_close(f->db);
	config_free(&f->cf);
	rmtree(f->dir);
	free(f);
	return 0;
}

static int64_t
query(struct fx *f, const char *sql)
{
	sqlite3_stmt	*st;
	int64_t		 v;

	assert_int_equal(sqlite3_prepare_v2(db_handle(f->db), sql, -1, &st,
	    NULL), SQLITE_OK);
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return v;
}

static void
exec(struct fx *f, const char *sql)
{
	assert_int_equal(sqlite3_exec(db_handle(f->db), sql, NULL, NULL, NULL),
	    SQLITE_OK);
}

static int64_t
new_game(struct fx *f, const struct game_rules *rules, int nseats)
{
	struct store_game_new	 n;
	uint8_t			 seed[32];
	char			 why[GAME_WHY_MAX];
	int64_t			 id = 0;
	int			 i;

	for (i = 0; i < 32; i++)
		seed[i] = (uint8_t)(i * 13 + nseats);
	memset(&n, 0, sizeof(n));
	n.rules = rules;
	n.nseats = nseats;
	n.dealer = -1;
	n.seed = seed;
	for (i = 0; i < nseats; i++)
		n.users[i] = f->user[i];
	assert_int_equal(db_begin_immediate(f->db), DB_OK);
	assert_int_equal(store_game_create(f->db, &n, &id, why), DB_OK);
	assert_int_equal(db_commit(f->db), DB_OK);
	return id;
}

/* The text of file path with quoted-printable soft breaks removed. */
static char *
slurp_qp(const char *path)
{
	static char	 buf[1 << 16];
	FILE		*fp;
	size_t		 n, i, j;

	assert_non_null(fp = fopen(path, "r"));
	n = fread(buf, 1, sizeof(buf) - 1, fp);
	fclose(fp);
	buf[n] = '\0';
	for (i = j = 0; i < n; i++) {
		if (buf[i] == '=' && buf[i + 1] == '\r' && buf[i + 2] == '\n') {
			i += 2;
			continue;
		}
		buf[j++] = buf[i];
	}
	buf[j] = '\0';
	return buf;
}

/* Every mail file in f->mail, removed after cb read it; returns the count. */
static int
each_mail(struct fx *f, void (*cb)(const char *text, void *ctx), void *ctx)
{
	char		 p[600];
	DIR		*d;
	struct dirent	*e;
	int		 n = 0;

	assert_non_null(d = opendir(f->mail));
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(p, sizeof(p), "%s/%s", f->mail, e->d_name);
		if (cb != NULL)
			cb(slurp_qp(p), ctx);
		unlink(p);
		n++;
	}
	closedir(d);
	return n;
}

/* What one move's mails must not show: other seats' hidden cards. */
struct secrets {
	int		 nseats;
	const char	*hidden[GAME_SEATS_MAX];	/* per seat, spaced */
	int		 checked;
};

static void
check_mail(const char *text, void *ctx)
{
	struct secrets	*s = ctx;
	const char	*to, *line, *end, *h;
	char		 mine[2048], tok[16];
	int		 seat, i;
	size_t		 n;

	assert_non_null(to = strstr(text, "\r\nTo: u"));
	seat = atoi(to + 7);
	assert_true(seat >= 0 && seat < s->nseats);
	assert_non_null(strstr(text, "List-Unsubscribe-Post: "
	    "List-Unsubscribe=One-Click"));
	if ((line = strstr(text, "Your cards: ")) == NULL)
		return;
	line += strlen("Your cards: ");
	end = strstr(line, "\r\n");
	n = (size_t)(end - line);
	assert_true(n < sizeof(mine));
	memcpy(mine, line, n);
	mine[n] = '\0';
	assert_string_equal(mine, s->hidden[seat]);
	/* No card another seat hides (a deck without copies: 2 seats). */
	for (i = 0; i < s->nseats; i++) {
		if (i == seat)
			continue;
		for (h = s->hidden[i]; *h != '\0'; h += n + (h[n] == ' ')) {
			n = strcspn(h, " ");
			snprintf(tok, sizeof(tok), "%.*s", (int)n, h);
			if (strstr(s->hidden[seat], tok) == NULL)
				assert_null(strstr(mine, tok));
		}
	}
	s->checked++;
}

static void
test_six_games(void **state)
{
	struct fx			*f = *state;
	const struct game_rules *const	*all = game_all();
	struct store_game		 g;
	struct game_move		*mv;
	struct game_status		 gs;
	struct secrets			 sec;
	struct rng			 r;
	struct arena			 ha;	/* the secrets outlive a send */
	char				 text[GAME_MOVE_TEXT_MAX];
	char				 why[GAME_WHY_MAX];
	uint8_t				 key[32] = { 5 };
	uint32_t			 was, newly;
	int64_t				 id, before, hands0, hands1;
	int				 gi, k, seat, n, s, expect, ngames = 0;
	int				 mails = 0, checked = 0;

	rng_init(&r, key);
	arena_init(&ha, 0);
	assert_non_null(mv = malloc(GAME_LEGAL_MAX * sizeof(*mv)));
	for (gi = 0; all[gi] != NULL; gi++, ngames++) {
		id = new_game(f, all[gi], all[gi]->seats_min);
		for (k = 0; k < 60; k++) {
			arena_reset(&f->a);
			assert_int_equal(store_game_load(f->db, &f->a, id, &g),
			    DB_OK);
			if (g.over)
				break;
			seat = game_first_seat(g.to_act);
			n = g.rules->legal(g.state, seat, mv, GAME_LEGAL_MAX);
			assert_true(n > 0);
			if (n > GAME_LEGAL_MAX)
				n = GAME_LEGAL_MAX;
			g.rules->format(&mv[rng_uniform(&r, (uint32_t)n)], text,
			    sizeof(text));
			was = g.to_act;
			before = query(f, "SELECT count(*) FROM outbox");
			hands0 = query(f, "SELECT count(*) FROM hands");
			assert_int_equal(db_begin_immediate(f->db), DB_OK);
			assert_int_equal(play_move(f->db, &g, seat, 0, 0, text,
			    why), PLAY_OK);
			assert_int_equal(db_commit(f->db), DB_OK);
			hands1 = query(f, "SELECT count(*) FROM hands");
			newly = hands1 > hands0 ? g.to_act : g.to_act & ~was;
			expect = 0;
			for (s = 0; s < g.nseats; s++)
				if (s != seat && ((newly >> s & 1) ||
				    hands1 > hands0 || g.over))
					expect++;
			if (g.over && hands1 == hands0)
				expect = g.nseats - 1;
			assert_int_equal(query(f, "SELECT count(*) FROM outbox") -
			    before, expect);
			/* Deliver now, while the position is the mails'. */
			arena_reset(&ha);
			memset(&sec, 0, sizeof(sec));
			sec.nseats = g.nseats;
			for (s = 0; s < g.nseats; s++)
				assert_int_equal(mail_compose_hidden(&ha,
				    g.rules, g.state, s, &sec.hidden[s]), 0);
			g.rules->status(g.state, &gs);
			assert_int_equal(mail_send_due(f->ms, f->db, &f->a,
			    db_now()), expect);
			assert_int_equal(each_mail(f, g.nseats == 2 &&
			    strcmp(g.rules->slug, "twelve-step-rummy") != 0 ?
			    check_mail : NULL, &sec), expect);
			mails += expect;
			checked += sec.checked;
		}
	}
	free(mv);
	arena_free(&ha);
	assert_int_equal(ngames, 6);
	assert_true(mails > 60);
	assert_true(checked > 20);
	assert_int_equal(query(f, "SELECT count(*) FROM outbox WHERE sent "
	    "IS NULL"), 0);
}

static void
test_preferences(void **state)
{
	struct fx	*f = *state;
	enum mail_mode	 m;
	int64_t		 id;
	int		 q;
	char		 sql[256];

	id = new_game(f, game_find("gin-vodka"), 2);
	assert_int_equal(mail_pref_set(f->db, f->user[1], MAIL_DIGEST), DB_OK);
	assert_int_equal(mail_pref_get(f->db, f->user[1], &m), DB_OK);
	assert_int_equal(m, MAIL_DIGEST);
	assert_int_equal(mail_queue_game(f->db, id, 1, 0, MAIL_WHY_TURN, NULL,
	    &q), DB_OK);
	assert_int_equal(q, 1);
	assert_int_equal(mail_queue_game(f->db, id, 1, 1, MAIL_WHY_TURN, NULL,
	    &q), DB_OK);
	assert_int_equal(q, 0);			/* held until a visit */
	/* A session written going backwards is no visit; forwards is. */
	snprintf(sql, sizeof(sql), "INSERT INTO sessions VALUES (x'01', %lld, "
	    "'c', 1, 9999, 100)", (long long)f->user[1]);
	exec(f, sql);				/* a login: a visit */
	assert_int_equal(mail_queue_game(f->db, id, 1, 2, MAIL_WHY_TURN, NULL,
	    &q), DB_OK);
	assert_int_equal(q, 1);
	exec(f, "UPDATE sessions SET last_seen = 50");
	assert_int_equal(mail_queue_game(f->db, id, 1, 3, MAIL_WHY_TURN, NULL,
	    &q), DB_OK);
	assert_int_equal(q, 0);
	exec(f, "UPDATE sessions SET last_seen = 200");
	assert_int_equal(mail_queue_game(f->db, id, 1, 4, MAIL_WHY_TURN,
	    "A reminder.", &q), DB_OK);
	assert_int_equal(q, 1);
	assert_int_equal(query(f, "SELECT count(*) FROM outbox WHERE "
	    "body = 'A reminder.' AND why & 16"), 1);

	assert_int_equal(mail_pref_set(f->db, f->user[0], MAIL_OFF), DB_OK);
	assert_int_equal(mail_pref_get(f->db, f->user[0], &m), DB_OK);
	assert_int_equal(m, MAIL_OFF);
	assert_int_equal(query(f, "SELECT notify FROM users WHERE name = "
	    "'user0'"), 0);
	assert_int_equal(mail_queue_game(f->db, id, 0, 0, MAIL_WHY_TURN, NULL,
	    &q), DB_OK);
	assert_int_equal(q, 0);
	assert_int_equal(mail_pref_set(f->db, 9999, MAIL_OFF), DB_NOTFOUND);
	assert_int_equal(mail_mode_parse("digest", &m), 0);
	assert_int_equal(m, MAIL_DIGEST);
	assert_int_equal(mail_mode_parse("often", &m), -1);

	/* An address not verified gets no game mail (issue 18). */
	assert_int_equal(mail_pref_set(f->db, f->user[0], MAIL_EVERY), DB_OK);
	assert_int_equal(store_account_set_email(f->db, f->user[0],
	    "new@example.org"), STORE_USER_OK);
	assert_int_equal(mail_queue_game(f->db, id, 0, 1, MAIL_WHY_TURN, NULL,
	    &q), DB_OK);
	assert_int_equal(q, 0);
	assert_int_equal(store_account_set_verified(f->db, f->user[0]),
	    STORE_USER_OK);
	assert_int_equal(mail_queue_game(f->db, id, 0, 2, MAIL_WHY_TURN, NULL,
	    &q), DB_OK);
	assert_int_equal(q, 1);

	/* A bot seat never gets mail. */
	exec(f, "UPDATE seats SET is_bot = 1 WHERE seat = 1");
	assert_int_equal(mail_queue_game(f->db, id, 1, 5, MAIL_WHY_TURN, NULL,
	    &q), DB_OK);
	assert_int_equal(q, 0);
}

/* The subject each_mail's callback saw last. */
static void
keep_subject(const char *text, void *ctx)
{
	const char	*s, *end;

	assert_non_null(s = strstr(text, "\r\nSubject: "));
	s += strlen("\r\nSubject: ");
	assert_non_null(end = strstr(s, "\r\n"));
	snprintf(ctx, 128, "%.*s", (int)(end - s), s);
}

/* A mail's subject says its first reason, the game's end before all. */
static void
test_subjects(void **state)
{
	static const struct {
		int		 why;
		const char	*prefix;
	} cases[] = {
		{ MAIL_WHY_TURN, "Your turn: " },
		{ MAIL_WHY_HAND, "Hand over: " },
		{ MAIL_WHY_TURN | MAIL_WHY_HAND, "Your turn: " },
		{ MAIL_WHY_REMINDER | MAIL_WHY_TURN, "Reminder, your turn: " },
		{ MAIL_WHY_OVER | MAIL_WHY_HAND | MAIL_WHY_TURN,
		    "Game over: " },
		{ MAIL_WHY_NOTE, "" }
	};
	struct fx	*f = *state;
	char		 subject[128], want[128];
	int64_t		 id;
	size_t		 i;
	int		 q;

	id = new_game(f, game_find("gin-vodka"), 2);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		assert_int_equal(mail_queue_game(f->db, id, 1, 0,
		    cases[i].why, cases[i].why == MAIL_WHY_NOTE ?
		    "A note." : NULL, &q), DB_OK);
		assert_int_equal(q, 1);
		assert_int_equal(mail_send_due(f->ms, f->db, &f->a, db_now()),
		    1);
		subject[0] = '\0';
		assert_int_equal(each_mail(f, keep_subject, subject), 1);
		snprintf(want, sizeof(want), "%sGin Vodka #%lld",
		    cases[i].prefix, (long long)id);
		assert_string_equal(subject, want);
	}
}

static void
test_text_refused(void **state)
{
	struct fx		*f = *state;
	struct mail_text	 m = { "a@example.org", 0, 0, "Hi\r\nBcc: x@y",
				    "body", NULL, NULL };

	assert_int_equal(mail_queue_text(f->db, &m, NULL), DB_REFUSED);
	m.subject = "";
	assert_int_equal(mail_queue_text(f->db, &m, NULL), DB_REFUSED);
	m.subject = "Hi";
	m.to = "a@example.org\nBcc: x@y";
	assert_int_equal(mail_queue_text(f->db, &m, NULL), DB_REFUSED);
	assert_int_equal(query(f, "SELECT count(*) FROM outbox"), 0);
}

static void
test_backoff_cap_lease(void **state)
{
	struct fx		*f = *state;
	struct mail_text	 m = { "a@example.org", 0, 0, "Hello", "body",
				    NULL, NULL };
	char			 hidden[400];
	int64_t			 id, t = 1000000;
	FILE			*out;

	assert_int_equal(mail_queue_text(f->db, &m, &id), DB_OK);
	/* The destination is missing: each attempt fails and backs off. */
	snprintf(hidden, sizeof(hidden), "%s.gone", f->mail);
	assert_int_equal(rename(f->mail, hidden), 0);
	assert_int_equal(mail_send_due(f->ms, f->db, &f->a, t), 0);
	assert_int_equal(query(f, "SELECT attempts FROM outbox"), 1);
	assert_int_equal(query(f, "SELECT next_try FROM outbox"), t + 10);
	assert_int_equal(mail_send_due(f->ms, f->db, &f->a, t + 9), 0);
	assert_int_equal(query(f, "SELECT attempts FROM outbox"), 1);
	assert_int_equal(mail_send_due(f->ms, f->db, &f->a, t + 10), 0);
	/* Twice mail.retry is 20 s, more than mail.retry_max = 15. */
	assert_int_equal(query(f, "SELECT next_try FROM outbox"), t + 25);
	assert_int_equal(mail_send_due(f->ms, f->db, &f->a, t + 24), 0);
	assert_int_equal(query(f, "SELECT attempts FROM outbox"), 2);
	assert_int_equal(mail_send_due(f->ms, f->db, &f->a, t + 25), 0);
	/* The third of mail.attempts = 3: failed, and listed. */
	assert_int_equal(query(f, "SELECT failed FROM outbox"), t + 25);
	assert_int_equal(mail_send_due(f->ms, f->db, &f->a, t + 9999), 0);
	assert_int_equal(query(f, "SELECT attempts FROM outbox"), 3);
	assert_non_null(out = tmpfile());
	assert_int_equal(mail_send_status(f->db, out), 1);
	fclose(out);

	/* A claimed row (a worker died after sending) waits for its lease. */
	assert_int_equal(rename(hidden, f->mail), 0);
	assert_int_equal(mail_queue_text(f->db, &m, &id), DB_OK);
	exec(f, "UPDATE outbox SET claimed_until = 2000100, attempts = 1 "
	    "WHERE sent IS NULL AND failed IS NULL");
	assert_int_equal(mail_send_due(f->ms, f->db, &f->a, 2000099), 0);
	assert_int_equal(mail_send_due(f->ms, f->db, &f->a, 2000100), 1);
	assert_int_equal(query(f, "SELECT attempts FROM outbox WHERE sent "
	    "IS NOT NULL"), 2);
	assert_int_equal(each_mail(f, NULL, NULL), 1);
	/* A row claimed at the cap whose lease ran out is failed, not resent. */
	assert_int_equal(mail_queue_text(f->db, &m, &id), DB_OK);
	exec(f, "UPDATE outbox SET claimed_until = 10, attempts = 3 "
	    "WHERE sent IS NULL AND failed IS NULL");
	assert_int_equal(mail_send_due(f->ms, f->db, &f->a, 20), 0);
	assert_int_equal(query(f, "SELECT count(*) FROM outbox WHERE failed "
	    "= 20"), 1);
	assert_int_equal(each_mail(f, NULL, NULL), 0);
}

/*
 * Message-IDs: the time leads, in fixed width, so each new one sorts
 * after the last and the UNIQUE index on outbox.message_id grows at its
 * end; the random tail keeps two made in one microsecond apart.
 */
static void
test_message_id_order(void **state)
{
	char	 prev[MAIL_ID_MAX], cur[MAIL_ID_MAX];
	int	 i;

	(void)state;
	mail_queue_message_id(12, 34, 1, prev);
	assert_int_equal(strncmp(prev, "topper.", 7), 0);
	assert_int_equal(strspn(prev + 7, "0123456789abcdef"), 14);
	assert_non_null(strstr(prev, ".g12.34.1."));
	for (i = 0; i < 1000; i++) {
		mail_queue_message_id(i % 2 ? 0 : 99999 - i, i, i % 12, cur);
		assert_true(strlen(cur) < MAIL_ID_MAX - 1);
		/* Later or equal in time; never the same text. */
		assert_true(strncmp(prev, cur, 7 + 14) <= 0);
		assert_string_not_equal(prev, cur);
		memcpy(prev, cur, sizeof(cur));
	}
	assert_non_null(strstr(cur, ".m."));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_six_games, setup, teardown),
		cmocka_unit_test_setup_teardown(test_preferences, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_subjects, setup, teardown),
		cmocka_unit_test_setup_teardown(test_text_refused, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_backoff_cap_lease, setup,
		    teardown),
		cmocka_unit_test(test_message_id_order),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
