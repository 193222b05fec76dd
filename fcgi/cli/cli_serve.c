/*
 * cli_serve.c: "topper fcgi", the FastCGI role (DESIGN.md "One binary,
 * three roles").
 *
 * The socket comes from --socket, else from fd 0 when a process manager
 * (spawn-fcgi, cgi-fcgi -start) passes a listening socket there, else
 * from the configuration's "socket" key: a unix socket path or a TCP
 * address (endpoint.h).  A value that is neither ends the run before
 * anything starts, with the sentence saying what to write.
 */
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "endpoint.h"
#include "routes.h"
#include "serve.h"

/* The value of "--name VALUE" or "--name=VALUE" at argv[*i], or NULL. */
static const char *
opt(int argc, char **argv, int *i, const char *name)
{
	size_t	 n;

	n = strlen(name);
	if (strncmp(argv[*i], name, n) != 0)
		return NULL;
	if (argv[*i][n] == '=')
		return argv[*i] + n + 1;
	if (argv[*i][n] != '\0' || *i + 1 >= argc)
		return NULL;
	return argv[++*i];
}

int
cli_fcgi(int argc, char **argv)
{
	struct config		 cf;
	struct serve_opts	 o;
	struct endpoint		 ep;
	const char		*path, *v, *sock = NULL;
	char			 err[512], *end;
	long			 n;
	int			 i, rc;

	memset(&o, 0, sizeof(o));
	o.processes = 2;
	path = config_arg(&argc, argv);
	if (path != NULL && *path == '\0')
		return cli_usage("fcgi");
	for (i = 1; i < argc; i++) {
		if ((v = opt(argc, argv, &i, "--processes")) != NULL) {
			n = strtol(v, &end, 10);
			if (*v == '\0' || *end != '\0' || n < 0 ||
			    n > SERVE_PROCESSES_MAX)
				return cli_usage("fcgi");
			o.processes = (int)n;
		} else if ((v = opt(argc, argv, &i, "--batch")) != NULL) {
			n = strtol(v, &end, 10);
			if (*v == '\0' || *end != '\0' || n < 1 ||
			    n > SERVE_BATCH_MAX)
				return cli_usage("fcgi");
			o.batch = (int)n;
		} else if ((v = opt(argc, argv, &i, "--socket")) != NULL)
			sock = v;
		else if ((v = opt(argc, argv, &i, "--pid-file")) != NULL)
			o.pidfile = v;
		else
			return cli_usage("fcgi");
	}
	memset(&cf, 0, sizeof(cf));
	if (config_load(&cf, path, err, sizeof(err)) != 0) {
		fprintf(stderr, "topper fcgi: %s\n", err);
		return 1;
	}
	if (sock != NULL || !serve_fd0_listening()) {
		if (endpoint_parse(sock != NULL ? sock : cf.socket, &ep, err,
		    sizeof(err)) != 0) {
			fprintf(stderr, "topper fcgi: %s: %s\n", sock != NULL ?
			    "--socket" : cf.path != NULL ? cf.path :
			    "the default configuration", err);
			config_free(&cf);
			return 1;
		}
		o.endpoint = &ep;
	}
	o.dispatch = routes_dispatch;
	routes_install();
	rc = serve_run(&cf, &o);
	config_free(&cf);
	return rc;
}
