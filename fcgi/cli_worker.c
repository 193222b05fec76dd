/*
 * cli_worker.c: "topper worker [--config F] [--once]", the background
 * role (DESIGN.md "One binary, three roles"; worker.h says what it
 * does).  --once runs a single poll and exits, for tests and cron.
 */
#include "cli.h"

#include <stdio.h>
#include <string.h>

#include "config.h"
#include "worker.h"

int
cli_worker(int argc, char **argv)
{
	struct config	 cf;
	const char	*path;
	char		 err[512];
	int		 i, once = 0, rc;

	path = config_arg(&argc, argv);
	if (path != NULL && *path == '\0')
		return cli_usage("worker");
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--once") == 0)
			once = 1;
		else
			return cli_usage("worker");
	}
	memset(&cf, 0, sizeof(cf));
	if (config_load(&cf, path, err, sizeof(err)) != 0) {
		fprintf(stderr, "topper worker: %s\n", err);
		return 2;
	}
	rc = worker_run(&cf, once);
	config_free(&cf);
	return rc;
}
