/*
 * cli_worker.c: "topper worker [--config F] [--once]", the background
 * role (DESIGN.md "One binary, three roles"; worker.h says what it
 * does).  --once runs a single poll and exits, for tests and cron.
 * --now T makes every poll take Unix time T as now (tests of deadlines).
 */
#include "cli.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "worker.h"

int
cli_worker(int argc, char **argv)
{
	struct config	 cf;
	const char	*path;
	char		 err[512];
	char		*end;
	int64_t		 now = 0;
	int		 i, once = 0, rc;

	path = config_arg(&argc, argv);
	if (path != NULL && *path == '\0')
		return cli_usage("worker");
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--once") == 0)
			once = 1;
		else if (strcmp(argv[i], "--now") == 0 && i + 1 < argc) {
			now = strtoll(argv[++i], &end, 10);
			if (*end != '\0' || now <= 0)
				return cli_usage("worker");
		} else
			return cli_usage("worker");
	}
	memset(&cf, 0, sizeof(cf));
	if (config_load(&cf, path, err, sizeof(err)) != 0) {
		fprintf(stderr, "topper worker: %s\n", err);
		return 2;
	}
	rc = worker_run(&cf, once, now);
	config_free(&cf);
	return rc;
}
