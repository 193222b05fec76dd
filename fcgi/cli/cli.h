/*
 * cli.h: the topper subcommands.
 *
 * One binary, three roles (DESIGN.md): "topper fcgi" answers requests,
 * "topper worker" does the background work, every other subcommand is
 * an admin or engine command.  Each command is a function taking its
 * own argv (argv[0] is the command name) and returning the process exit
 * status: 0 success, 1 a refused or failed operation, 2 bad usage or
 * malformed input.
 */
#ifndef TOPPER_CLI_H
#define TOPPER_CLI_H

#include <stdio.h>

/* What a command takes and does (cli_help.c); main.c maps names to functions. */
struct cli_help {
	const char	*name;
	const char	*usage;		/* one line: arguments */
	const char	*help;		/* one line: what it does */
};

/* Every command's help, NULL-terminated, in the order "topper help" lists them. */
extern const struct cli_help cli_help[];

/* Print the usage of the named command to stderr; returns 2. */
int	cli_usage(const char *name);

/* "topper help": the commands but the hidden test- and bench- ones; 0 on stdout, else 2. */
int	cli_help_print(FILE *f);

/* Commands, by the file that implements them. */
int	cli_play(int argc, char **argv);	/* cli_play.c */
int	cli_games(int argc, char **argv);	/* cli_games.c */
int	cli_sim(int argc, char **argv);		/* cli_sim.c */
int	cli_init(int argc, char **argv);	/* cli_db.c */
int	cli_user(int argc, char **argv);	/* cli_db.c */
int	cli_import(int argc, char **argv);	/* cli_db.c */
int	cli_export(int argc, char **argv);	/* cli_db.c */
int	cli_test_state_sha(int argc, char **argv);	/* cli_db.c, hidden */
int	cli_fcgi(int argc, char **argv);	/* cli_serve.c */
int	cli_bench_fill(int argc, char **argv);	/* cli_bench.c, hidden */
int	cli_bench_moves(int argc, char **argv);	/* cli_bench_moves.c, hidden */
int	cli_bench_write(int argc, char **argv);	/* cli_bench_write.c, hidden */
int	cli_bench_table(int argc, char **argv);	/* cli_bench.c, hidden */
int	cli_worker(int argc, char **argv);	/* cli_worker.c */
int	cli_mail_in(int argc, char **argv);	/* cli_mail.c */
int	cli_test_reply_token(int argc, char **argv);	/* cli_mail.c, hidden */

#endif /* TOPPER_CLI_H */
