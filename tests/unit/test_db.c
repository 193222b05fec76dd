/*
 * test_db.c: configuration, the connection and its statement cache,
 * migrations and the user rules.  Writers waiting on each other (the
 * busy handler), group commit and the WAL checkpoints are in
 * test_db_write.c.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "db.h"
#include "migrate.h"
#include "store_user.h"
#include "test_db.h"
#include "test_tmpdb.h"

static void
test_migrations(void **state)
{
	struct tmpdb	 t;
	struct db	*db;
	char		 v[256];
	int		 ver;

	(void)state;
	tmp_make(&t);
	assert_null(db_open(t.path, 0));	/* must exist without DB_CREATE */
	assert_non_null(db = db_open(t.path, DB_CREATE));
	assert_int_equal(migrate_check(db), -1);
	assert_true(migrate_count() >= 1);
	assert_int_equal(migrate_apply(db), migrate_count());
	assert_int_equal(db_user_version(db, &ver), DB_OK);
	assert_int_equal(ver, migrate_count());
	assert_int_equal(migrate_check(db), 0);
	assert_int_equal(migrate_apply(db), 0);	/* nothing left to do */

	query1(db, "PRAGMA integrity_check", v);
	assert_string_equal(v, "ok");
	query1(db, "PRAGMA foreign_key_check", v);
	assert_string_equal(v, "");		/* no rows */
	query1(db, "PRAGMA journal_mode", v);
	assert_string_equal(v, "wal");
	query1(db, "PRAGMA synchronous", v);
	assert_string_equal(v, "2");		/* FULL */
	query1(db, "PRAGMA foreign_keys", v);
	assert_string_equal(v, "1");
	/* Every table of ours is STRICT. */
	query1(db, "SELECT count(*) FROM pragma_table_list WHERE schema = "
	    "'main' AND type = 'table' AND name NOT LIKE 'sqlite_%' AND "
	    "strict = 0", v);
	assert_string_equal(v, "0");
	query1(db, "SELECT count(*) FROM pragma_table_list WHERE schema = "
	    "'main' AND type = 'table' AND name NOT LIKE 'sqlite_%'", v);
	assert_true(atoi(v) >= 9);
	/* A newer database than the program is refused. */
	assert_int_equal(db_set_user_version(db, migrate_count() + 1), DB_OK);
	assert_int_equal(migrate_apply(db), -1);
	assert_int_equal(migrate_check(db), -1);
	db_close(db);
	tmpdb_remove(&t);
}

static const char SQL_A[] = "SELECT ?1 + 1";
static const char SQL_B[] = "SELECT ?1 + 1";	/* same text, other address */

static void
test_stmt_cache(void **state)
{
	struct tmpdb	 t;
	struct db	*db;
	struct db_stmt	*a, *b;
	char		 v[256];
	int		 added, n;

	(void)state;
	db = fresh_db(&t);
	n = db_nprepared(db);
	assert_non_null(a = db_stmt(db, SQL_A));
	db_bind_int(a, 1, 41);
	assert_int_equal(db_step(a), DB_ROW);
	assert_int_equal(db_column_int(a, 0), 42);
	/* Handed back reset and cleared: ?1 is NULL again, so NULL + 1. */
	assert_ptr_equal(db_stmt(db, SQL_A), a);
	assert_int_equal(db_step(a), DB_ROW);
	assert_int_equal(db_column_is_null(a, 0), 1);
	db_reset(a);
	assert_non_null(b = db_stmt(db, SQL_B));
	assert_ptr_not_equal(a, b);
	assert_int_equal(db_nprepared(db), n + 2);
	assert_ptr_equal(db_stmt(db, SQL_A), a);
	assert_int_equal(db_nprepared(db), n + 2);

	/* Transactions. */
	db_rollback_if_open(db);		/* no-op outside one */
	assert_int_equal(db_in_txn(db), 0);
	assert_int_equal(db_begin_immediate(db), DB_OK);
	assert_int_equal(db_in_txn(db), 1);
	assert_int_equal(db_setting_add(db, "k", "one", &added), DB_OK);
	assert_int_equal(added, 1);
	db_rollback_if_open(db);
	assert_int_equal(db_setting_get(db, "k", v, sizeof(v)), DB_NOTFOUND);
	assert_int_equal(db_begin_immediate(db), DB_OK);
	assert_int_equal(db_setting_add(db, "k", "one", &added), DB_OK);
	assert_int_equal(db_setting_add(db, "k", "two", &added), DB_OK);
	assert_int_equal(added, 0);		/* kept the first */
	assert_int_equal(db_commit(db), DB_OK);
	assert_int_equal(db_setting_get(db, "k", v, sizeof(v)), DB_OK);
	assert_string_equal(v, "one");
	assert_int_equal(db_setting_get(db, "k", v, 3), DB_ERROR);

	/* query_only refuses writes, and lifts again. */
	assert_int_equal(db_query_only(db, 1), DB_OK);
	assert_int_equal(db_setting_add(db, "q", "x", NULL), DB_ERROR);
	assert_int_equal(sqlite3_extended_errcode(db_handle(db)) & 0xff,
	    SQLITE_READONLY);
	assert_int_equal(db_begin_immediate(db), DB_ERROR);
	assert_int_equal(db_setting_get(db, "k", v, sizeof(v)), DB_OK);
	assert_int_equal(db_query_only(db, 0), DB_OK);
	assert_int_equal(db_setting_add(db, "q", "x", NULL), DB_OK);
	/* Toggling prepares nothing again (PRAGMA query_only would). */
	n = db_nprepared(db);
	assert_int_equal(db_query_only(db, 1), DB_OK);
	assert_int_equal(db_setting_get(db, "q", v, sizeof(v)), DB_OK);
	assert_int_equal(db_query_only(db, 0), DB_OK);
	assert_int_equal(db_setting_get(db, "q", v, sizeof(v)), DB_OK);
	assert_int_equal(db_nprepared(db), n);
	/* Not inside a transaction. */
	assert_int_equal(db_begin_immediate(db), DB_OK);
	assert_int_equal(db_query_only(db, 1), DB_ERROR);
	assert_int_equal(db_commit(db), DB_OK);
	db_close(db);
	tmpdb_remove(&t);
}

static void
test_user_rules(void **state)
{
	struct tmpdb	 t;
	struct db	*db;
	struct store_user u;
	int64_t		 id, bot;

	(void)state;
	db = fresh_db(&t);
	assert_int_equal(store_user_check_name("ab"), STORE_USER_BAD_NAME);
	assert_int_equal(store_user_check_name("abc"), STORE_USER_OK);
	assert_int_equal(store_user_check_name("a23456789_123456789-"),
	    STORE_USER_OK);
	assert_int_equal(store_user_check_name("a23456789_123456789-x"),
	    STORE_USER_BAD_NAME);
	assert_int_equal(store_user_check_name("two words"),
	    STORE_USER_BAD_NAME);
	assert_int_equal(store_user_check_name("caf\xc3\xa9"),
	    STORE_USER_BAD_NAME);
	assert_int_equal(store_user_check_name("dot.name"), STORE_USER_BAD_NAME);
	assert_int_equal(store_user_check_email("a@b"), STORE_USER_OK);
	assert_int_equal(store_user_check_email(""), STORE_USER_BAD_EMAIL);
	assert_int_equal(store_user_check_email("nobody"), STORE_USER_BAD_EMAIL);
	assert_int_equal(store_user_check_email("a b@c.d"),
	    STORE_USER_BAD_EMAIL);
	assert_int_equal(store_user_check_email("@c.d"), STORE_USER_BAD_EMAIL);

	assert_int_equal(store_user_create(db, "x", "a@b.c", "pass-word-1", NULL,
	    0, CONFIG_PWHASH_MIN, &id), STORE_USER_BAD_NAME);
	assert_int_equal(store_user_create(db, "Alice", NULL, "pass-word-1",
	    NULL, 0, CONFIG_PWHASH_MIN, &id), STORE_USER_BAD_EMAIL);
	assert_int_equal(store_user_create(db, "Alice", "a@b.c", "short", NULL,
	    0, CONFIG_PWHASH_MIN, &id), STORE_USER_BAD_PASSWORD);
	assert_int_equal(store_user_create(db, "Alice", "a@b.c", NULL, NULL,
	    0, CONFIG_PWHASH_MIN, &id), STORE_USER_BAD_PASSWORD);
	/* The common passwords of pw_common.h, in any case. */
	assert_int_equal(store_user_create(db, "Alice", "a@b.c", "password",
	    NULL, 0, CONFIG_PWHASH_MIN, &id), STORE_USER_COMMON_PASSWORD);
	assert_int_equal(store_user_check_password("QwertyUIOP"),
	    STORE_USER_COMMON_PASSWORD);
	assert_int_equal(store_user_check_password("12345678"),
	    STORE_USER_COMMON_PASSWORD);
	assert_int_equal(store_user_check_password("zzzzzzzz"),
	    STORE_USER_OK);
	assert_int_equal(store_user_check_password("abc12345"),
	    STORE_USER_COMMON_PASSWORD);
	assert_int_equal(store_user_create(db, "Alice", "a@b.c", "1234-5678",
	    NULL, 0, CONFIG_PWHASH_MIN, &id), STORE_USER_OK);
	assert_true(id > 0);
	assert_int_equal(store_user_create(db, "aLICE", "x@y.z", "1234-5678",
	    NULL, 0, CONFIG_PWHASH_MIN, NULL), STORE_USER_NAME_TAKEN);
	assert_string_equal(store_user_why(STORE_USER_NAME_TAKEN),
	    "That name is taken.");
	/* A bot needs no password and cannot log in. */
	assert_int_equal(store_user_create(db, "robot", "r@b.c", NULL, NULL,
	    1, CONFIG_PWHASH_MIN, &bot), STORE_USER_OK);

	assert_int_equal(store_user_by_name(db, "ALICE", &u), STORE_USER_OK);
	assert_string_equal(u.name, "Alice");
	assert_string_equal(u.tz, "UTC");
	assert_int_equal(u.id, id);
	assert_int_equal(u.has_password, 1);
	assert_int_equal(store_user_by_id(db, bot, &u), STORE_USER_OK);
	assert_string_equal(u.name, "robot");
	assert_int_equal(u.is_bot, 1);
	assert_int_equal(u.has_password, 0);
	assert_int_equal(store_user_by_name(db, "nobody", &u),
	    STORE_USER_NOTFOUND);
	assert_int_equal(store_user_by_id(db, 999, &u), STORE_USER_NOTFOUND);

	assert_int_equal(store_user_verify(db, "alice", "1234-5678",
	    CONFIG_PWHASH_MIN, &u), STORE_USER_OK);
	assert_int_equal(u.id, id);
	assert_int_equal(store_user_verify(db, "alice", "12345679",
	    CONFIG_PWHASH_MIN, NULL), STORE_USER_WRONG_PASSWORD);
	assert_int_equal(store_user_verify(db, "robot", "1234-5678",
	    CONFIG_PWHASH_MIN, NULL), STORE_USER_WRONG_PASSWORD);
	assert_int_equal(store_user_verify(db, "nobody", "1234-5678",
	    CONFIG_PWHASH_MIN, NULL), STORE_USER_NOTFOUND);
	db_close(db);
	tmpdb_remove(&t);
}

/* The one hash at production cost (DESIGN.md "Trust"). */
static void
test_password_interactive(void **state)
{
	struct tmpdb	 t;
	struct db	*db;
	struct store_user u;
	char		 v[256];
	double		 t0, ms;

	(void)state;
	db = fresh_db(&t);
	t0 = now_ms();
	assert_int_equal(store_user_create(db, "carol", "c@d.e",
	    "correct horse", "Europe/Paris", 0, CONFIG_PWHASH_INTERACTIVE,
	    NULL), STORE_USER_OK);
	ms = now_ms() - t0;
	print_message("pwhash interactive: hash %.0f ms\n", ms);
	query1(db, "SELECT pwhash FROM users WHERE name = 'carol'", v);
	/* libsodium's INTERACTIVE: 64 MiB, 2 passes, Argon2id. */
	assert_non_null(strstr(v, "$argon2id$v=19$m=65536,t=2,p=1$"));
	t0 = now_ms();
	assert_int_equal(store_user_verify(db, "Carol", "correct horse",
	    CONFIG_PWHASH_INTERACTIVE, &u), STORE_USER_OK);
	print_message("pwhash interactive: verify %.0f ms\n", now_ms() - t0);
	assert_string_equal(u.tz, "Europe/Paris");
	assert_int_equal(store_user_verify(db, "carol", "correct horsE",
	    CONFIG_PWHASH_INTERACTIVE, NULL), STORE_USER_WRONG_PASSWORD);
	db_close(db);
	tmpdb_remove(&t);
}

static void
write_file(const char *path, const char *text)
{
	FILE	*f;

	assert_non_null(f = fopen(path, "w"));
	fputs(text, f);
	fclose(f);
}

static void
test_config(void **state)
{
	struct tmpdb	 t;
	struct config	 cf;
	char		 err[256], path[160];
	char		 a0[] = "cmd", a1[] = "x", a2[] = "--config",
			 a3[] = "f.conf", a4[] = "y", a5[] = "--config=g";
	char		*argv[] = { a0, a1, a2, a3, a4, a5, NULL };
	int		 argc = 6;

	(void)state;
	tmp_make(&t);
	snprintf(path, sizeof(path), "%s/topper.conf", t.dir);
	write_file(path, "# comment\n\n db = /x/t.db \nport=9090\n"
	    "pwhash = min\nlogin_rate = 5/60\nmail.from = Topper "
	    "<t@example.org>\nmail.smtp_url = smtp://127.0.0.1:2525\n"
	    "mail.from = again@example.org\n");
	assert_int_equal(config_load(&cf, path, err, sizeof(err)), 0);
	assert_string_equal(cf.path, path);
	assert_string_equal(cf.db, "/x/t.db");
	assert_string_equal(cf.socket, "var/run/topper.sock");
	assert_string_equal(cf.data_dir, ".");
	assert_string_equal(cf.base_url, "http://127.0.0.1:9090");
	assert_int_equal(cf.port, 9090);
	assert_int_equal(cf.pwhash, CONFIG_PWHASH_MIN);
	assert_int_equal(cf.login_rate_n, 5);
	assert_int_equal(cf.login_rate_secs, 60);
	assert_string_equal(config_get(&cf, "mail.smtp_url"),
	    "smtp://127.0.0.1:2525");
	assert_string_equal(config_get(&cf, "mail.from"), "again@example.org");
	assert_null(config_get(&cf, "mail.other"));
	config_free(&cf);

	write_file(path, "db = a\npwhash = fast\n");
	assert_int_equal(config_load(&cf, path, err, sizeof(err)), -1);
	assert_non_null(strstr(err, ":2: pwhash"));
	write_file(path, "just words\n");
	assert_int_equal(config_load(&cf, path, err, sizeof(err)), -1);
	assert_non_null(strstr(err, ":1: expected"));
	write_file(path, "port = 0\n");
	assert_int_equal(config_load(&cf, path, err, sizeof(err)), -1);
	/* The account limits (issue 18): checked on load, read with defaults. */
	write_file(path, "register_rate = 2/60\ngames_open = 4\n");
	assert_int_equal(config_load(&cf, path, err, sizeof(err)), 0);
	{
		int	 n, secs;

		config_rate(&cf, "register_rate", 5, 3600, &n, &secs);
		assert_int_equal(n * 10000 + secs, 20060);
		config_rate(&cf, "games_rate", 10, 3600, &n, &secs);
		assert_int_equal(n * 10000 + secs, 103600);
		assert_int_equal(config_num(&cf, "games_open", 10), 4);
		assert_int_equal(config_num(&cf, "session_idle", 99), 99);
		assert_int_equal(config_num(NULL, "games_open", 10), 10);
	}
	config_free(&cf);
	write_file(path, "db = a\nregister_rate = 5\n");
	assert_int_equal(config_load(&cf, path, err, sizeof(err)), -1);
	assert_non_null(strstr(err, ":2: the value must be N/SECONDS"));
	write_file(path, "games_open = -1\n");
	assert_int_equal(config_load(&cf, path, err, sizeof(err)), -1);
	unlink(path);
	/* A file named explicitly must exist. */
	assert_int_equal(config_load(&cf, path, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "No such file"));
	rmdir(t.dir);

	/* Defaults when nothing is found (no var/topper.conf in tests). */
	if (access("var/topper.conf", F_OK) != 0 &&
	    access("/etc/topper/topper.conf", F_OK) != 0) {
		unsetenv("TOPPER_CONFIG");
		assert_int_equal(config_load(&cf, NULL, err, sizeof(err)), 0);
		assert_null(cf.path);
		assert_string_equal(cf.db, "var/topper.db");
		assert_int_equal(cf.port, 8080);
		assert_int_equal(cf.pwhash, CONFIG_PWHASH_INTERACTIVE);
		config_free(&cf);
	}

	assert_string_equal(config_arg(&argc, argv), "g");
	assert_int_equal(argc, 3);
	assert_string_equal(argv[0], "cmd");
	assert_string_equal(argv[1], "x");
	assert_string_equal(argv[2], "y");
	assert_null(argv[3]);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_config),
		cmocka_unit_test(test_migrations),
		cmocka_unit_test(test_stmt_cache),
		cmocka_unit_test(test_user_rules),
		cmocka_unit_test(test_password_interactive),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
