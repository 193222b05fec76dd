/*
 * main.c: role dispatch.  "topper fcgi", "topper worker" and the admin
 * and engine commands all live in this one binary; the table below is
 * the whole command surface.
 */
#include "cli.h"

#include <stdio.h>
#include <string.h>

const struct cli_cmd cli_cmds[] = {
	{ "play", cli_play, "RECORD.json|- [--view SEAT] [--upto PLY]",
	    "replay a game record and print where it stands, as JSON" },
	{ "sim", cli_sim, "--game SLUG [--games N] [--seed HEX] [--bot SEATS] [--quiet]",
	    "play random legal games, checking every invariant; print the fingerprint" },
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
		fprintf(f, "  %-8s %s\n           %s\n", cli_cmds[i].name,
		    cli_cmds[i].usage, cli_cmds[i].help);
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
