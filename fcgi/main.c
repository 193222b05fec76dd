/*
 * main.c: role dispatch.  "topper fcgi", "topper worker" and the admin
 * and engine commands all live in this one binary; the table below is
 * the whole command surface.
 */
#include "cli.h"
#include "mail_send.h"

#include <stdio.h>
#include <string.h>

const struct cli_cmd cli_cmds[] = {
	{ "play", cli_play, "RECORD.json|- [--view SEAT] [--upto PLY]",
	    "replay a game record and print where it stands, as JSON" },
	{ "sim", cli_sim, "--game SLUG [--games N] [--first K] [--seed HEX] [--seats LIST] [--options TEXT]... [--bot SEATS] [--league strong:easy [--playouts P] [--policy easy|random] [--deadline-ms MS]] [--record FILE] [--quiet]",
	    "play random legal games, checking every invariant; print the fingerprint" },
	{ "fcgi", cli_fcgi, "[--config F] [--processes N] [--batch K] [--socket PATH] [--pid-file PATH]",
	    "answer FastCGI requests from nginx on a unix socket (N processes, default 2; K waiting requests share one commit)" },
	{ "worker", cli_worker, "[--config F] [--once] [--now UNIXTIME]",
	    "move bot seats and apply deadlines every 200 ms (--once: one poll)" },
	{ "init", cli_init, "[--config F]",
	    "create the database or bring its schema up to date; print its path" },
	{ "user", cli_user, "add NAME EMAIL [--password-stdin | --password P] [--bot] [--config F]",
	    "add a player (or a bot, which needs no password)" },
	{ "import", cli_import, "RECORD.json|- --users A,B [--config F]",
	    "store a game from a record, replaying its moves; print the game id" },
	{ "mail-in", cli_mail_in, "[--config F] < MESSAGE",
	    "play a move sent by reply to a turn mail (an MTA pipes the mail in)" },
	{ "export", cli_export, "GAME_ID [--config F]",
	    "print a game as a record (the seed only once the game is over)" },
	{ "mail-status", mail_send_cli, "[--config F] [--retry ID]",
	    "count the outbox's queued, sent and failed mail; list the failed (--retry: queue one again)" },
	{ "test-reply-token", cli_test_reply_token, "GAME SEAT [--ply N] [--expires T] [--config F]",
	    "(tests) print the reply token a turn mail to that seat would carry" },
	{ "test-state-sha", cli_test_state_sha, "GAME_ID [--config F]",
	    "(tests) print the hex SHA-256 of the game's stored state" },
	{ "bench-fill", cli_bench_fill, "[--config F] [--users N] [--games N] [--open N] [--password P]",
	    "(bench) fill a fresh database with users and bot-played games" },
	{ "bench-moves", cli_bench_moves, "--out FILE [--config F] [--per-game K]",
	    "(bench) sessions and a script of legal moves for tools/bench/moves.lua" },
	{ "bench-write", cli_bench_write, "[--config F] [--iterations N]",
	    "(bench) time durable writes on a scratch database" },
	{ "bench-engine", cli_bench_engine, "[--seconds S]",
	    "(bench) engine speed: random games per second, worst-case move listing and contract search" },
	{ "bench-vp", cli_bench_vp, "[--config F]",
	    "(bench) after bench-fill: a 6-seat Vodkapolis 500 game halfway through" },
	{ NULL, NULL, NULL, NULL }
};

int
cli_usage(const char *name)
{
	int	 i;

	for (i = 0; cli_cmds[i].name != NULL; i++)
		if (strcmp(cli_cmds[i].name, name) == 0) {
			fprintf(stderr, "usage: topper %s %s\n", name,
			    cli_cmds[i].usage);
			return 2;
		}
	fprintf(stderr, "topper: no command \"%s\"\n", name);
	return 2;
}

static int
help(FILE *f)
{
	int	 i;

	fprintf(f, "usage: topper COMMAND [ARGS]\n\ncommands:\n");
	for (i = 0; cli_cmds[i].name != NULL; i++)
		if (strncmp(cli_cmds[i].name, "test-", 5) != 0 &&
		    strncmp(cli_cmds[i].name, "bench-", 6) != 0)	/* hidden */
			fprintf(f, "  %-8s %s\n           %s\n",
			    cli_cmds[i].name, cli_cmds[i].usage,
			    cli_cmds[i].help);
	return f == stdout ? 0 : 2;
}

int
main(int argc, char **argv)
{
	int	 i;

	if (argc < 2)
		return help(stderr);
	if (strcmp(argv[1], "help") == 0 || strcmp(argv[1], "--help") == 0 ||
	    strcmp(argv[1], "-h") == 0)
		return help(stdout);
	for (i = 0; cli_cmds[i].name != NULL; i++)
		if (strcmp(cli_cmds[i].name, argv[1]) == 0)
			return cli_cmds[i].fn(argc - 1, argv + 1);
	fprintf(stderr, "topper: unknown command \"%s\"; try \"topper help\"\n",
	    argv[1]);
	return 2;
}
