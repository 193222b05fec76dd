/*
 * cli_help.c: what each command takes and does, for "topper help" and
 * the usage line a command prints when its arguments do not read.  Kept
 * apart from main.c's table of functions, so that a command can print
 * its usage without depending on every other command.
 */
#include "cli.h"

#include <stdio.h>
#include <string.h>

const struct cli_help cli_help[] = {
	{ "play", "RECORD.json|- [--view SEAT] [--upto PLY]",
	    "replay a game record and print where it stands, as JSON" },
	{ "games", "",
	    "list the games: slug, seats and name, one a line" },
	{ "sim", "--game SLUG [--games N] [--first K] [--seed HEX] [--seats LIST] [--options TEXT]... [--bot SEATS] [--league strong:easy [--playouts P] [--policy easy|random] [--deadline-ms MS]] [--record FILE] [--quiet]",
	    "play random legal games, checking every invariant; print the fingerprint" },
	{ "fcgi", "[--config F] [--processes N] [--batch K] [--socket PATH|ADDR:PORT] [--pid-file PATH]",
	    "answer FastCGI requests from nginx on a unix socket or a TCP address such as 127.0.0.1:9000 (N processes, default 2; K waiting requests share one commit)" },
	{ "worker", "[--config F] [--once] [--now UNIXTIME]",
	    "move bot seats and apply deadlines every 200 ms (--once: one poll)" },
	{ "init", "[--config F]",
	    "create the database or bring its schema up to date; print its path" },
	{ "user", "add NAME EMAIL [--password-stdin | --password P] [--bot] [--config F]",
	    "add a player (or a bot, which needs no password)" },
	{ "import", "RECORD.json|- --users A,B [--rated] [--config F]",
	    "store a game from a record, replaying its moves; print the game id" },
	{ "mail-in", "[--config F] < MESSAGE",
	    "play a move sent by reply to a turn mail (an MTA pipes the mail in)" },
	{ "export", "GAME_ID [--config F]",
	    "print a game as a record (the seed only once the game is over)" },
	{ "mail-status", "[--config F] [--retry ID]",
	    "count the outbox's queued, sent and failed mail; list the failed (--retry: queue one again)" },
	{ "test-reply-token", "GAME SEAT [--ply N] [--expires T] [--config F]",
	    "(tests) print the reply token a turn mail to that seat would carry" },
	{ "test-state-sha", "GAME_ID [--config F]",
	    "(tests) print the hex SHA-256 of the game's stored state" },
	{ "bench-fill", "[--game SLUG] [--config F] [--users N] [--games N] [--open N] [--password P]",
	    "(bench) fill a fresh database with users and bot-played games" },
	{ "bench-moves", "--out FILE [--game SLUG] [--config F] [--per-game K]",
	    "(bench) sessions and a script of legal moves for tools/bench/moves.lua" },
	{ "bench-write", "[--config F] [--iterations N]",
	    "(bench) time durable writes on a scratch database" },
	{ "bench-table", "--game SLUG [--seats N] [--config F]",
	    "(bench) after bench-fill: one bot-played game of SLUG at N seats, halfway through" },
	{ NULL, NULL, NULL }
};

int
cli_usage(const char *name)
{
	int	 i;

	for (i = 0; cli_help[i].name != NULL; i++)
		if (strcmp(cli_help[i].name, name) == 0) {
			fprintf(stderr, "usage: topper %s %s\n", name,
			    cli_help[i].usage);
			return 2;
		}
	fprintf(stderr, "topper: no command \"%s\"\n", name);
	return 2;
}

int
cli_help_print(FILE *f)
{
	int	 i;

	fprintf(f, "usage: topper COMMAND [ARGS]\n\ncommands:\n");
	for (i = 0; cli_help[i].name != NULL; i++)
		if (strncmp(cli_help[i].name, "test-", 5) != 0 &&
		    strncmp(cli_help[i].name, "bench-", 6) != 0)	/* hidden */
			fprintf(f, "  %-8s %s\n           %s\n",
			    cli_help[i].name, cli_help[i].usage,
			    cli_help[i].help);
	return f == stdout ? 0 : 2;
}
