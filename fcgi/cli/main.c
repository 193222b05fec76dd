/*
 * main.c: role dispatch.  "topper fcgi", "topper worker" and the admin
 * and engine commands all live in this one binary; the table below maps
 * each name to its function, and cli_help.c says what each one does.
 */
#include "cli.h"
#include "mail_send.h"

#include <stdio.h>
#include <string.h>

static const struct {
	const char	*name;
	int		(*fn)(int argc, char **argv);
} cmds[] = {
	{ "play", cli_play },
	{ "sim", cli_sim },
	{ "games", cli_games },
	{ "fcgi", cli_fcgi },
	{ "worker", cli_worker },
	{ "init", cli_init },
	{ "user", cli_user },
	{ "import", cli_import },
	{ "mail-in", cli_mail_in },
	{ "export", cli_export },
	{ "mail-status", mail_send_cli },
	{ "test-reply-token", cli_test_reply_token },
	{ "test-state-sha", cli_test_state_sha },
	{ "bench-fill", cli_bench_fill },
	{ "bench-moves", cli_bench_moves },
	{ "bench-write", cli_bench_write },
	{ "bench-table", cli_bench_table },
	{ NULL, NULL }
};

int
main(int argc, char **argv)
{
	int	 i;

	if (argc < 2)
		return cli_help_print(stderr);
	if (strcmp(argv[1], "help") == 0 || strcmp(argv[1], "--help") == 0 ||
	    strcmp(argv[1], "-h") == 0)
		return cli_help_print(stdout);
	for (i = 0; cmds[i].name != NULL; i++)
		if (strcmp(cmds[i].name, argv[1]) == 0)
			return cmds[i].fn(argc - 1, argv + 1);
	fprintf(stderr, "topper: unknown command \"%s\"; try \"topper help\"\n",
	    argv[1]);
	return 2;
}
