/*
 * fuzz_site.c: what a client sends to the site, through the real routes
 * (tests/soak/site.h: the checks, handlers, templates and a database, in
 * this process): the JSON body of an API move, the form body of a page
 * move, the query string of the history and lobby pages, and the Cookie
 * header.
 *
 * On the first input it makes a scratch database (under $TMPDIR) with
 * two players and a Gin Vodka game in progress (tests/records/gin-vodka-
 * in-progress.json, read from the working directory: run it from the
 * top of the tree), and signs "alice" in.  The first byte of an input
 * picks what the rest is sent as; the rest ends at its first NUL.
 * Invariant checked: no reply is a 500 (a handler that failed on input
 * instead of refusing it).  The game may move when an input is a legal
 * move; that is fine: later inputs meet another position.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>

#include "cli.h"
#include "site.h"

int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct site	 site;
static struct site_who	 alice;
static struct site_reply rep;
static char		 dir[256];
static int		 ready;

int
cli_usage(const char *name)
{
	fprintf(stderr, "fuzz_site: bad arguments to %s\n", name);
	return 2;
}

static void
cleanup(void)
{
	char	 cmd[300];

	site_close(&site);
	site_reply_free(&rep);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		fprintf(stderr, "fuzz_site: could not remove %s\n", dir);
}

static void
setup(void)
{
	char		 conf[300], cwd[4096];
	const char	*tmp = getenv("TMPDIR");
	FILE		*f;
	int		 keep, null, rc;
	char		*init[] = { "init", "--config", conf, NULL };
	char		*ua[] = { "user", "add", "alice", "alice@example.org",
			    "--password", "alice-secret", "--config", conf,
			    NULL };
	char		*ub[] = { "user", "add", "bob", "bob@example.org",
			    "--password", "bob-secret-pw", "--config", conf,
			    NULL };
	char		*imp[] = { "import",
			    "tests/records/gin-vodka-in-progress.json",
			    "--users", "alice,bob", "--config", conf, NULL };

	snprintf(dir, sizeof(dir), "%s/fuzz-site.XXXXXX",
	    tmp != NULL && *tmp ? tmp : "/tmp");
	if (mkdtemp(dir) == NULL || getcwd(cwd, sizeof(cwd)) == NULL)
		abort();
	snprintf(conf, sizeof(conf), "%s/topper.conf", dir);
	if ((f = fopen(conf, "w")) == NULL)
		abort();
	fprintf(f, "db = %s/topper.db\ndata_dir = %s\npwhash = min\n", dir,
	    cwd);
	fclose(f);
	fflush(stdout);
	keep = dup(1);			/* the commands print what they did */
	if ((null = open("/dev/null", O_WRONLY)) < 0 || keep < 0)
		abort();
	dup2(null, 1);
	close(null);
	rc = cli_init(3, init) != 0 || cli_user(8, ua) != 0 ||
	    cli_user(8, ub) != 0 || cli_import(6, imp) != 0;
	fflush(stdout);
	dup2(keep, 1);
	close(keep);
	if (rc) {
		fprintf(stderr, "fuzz_site: set-up failed (run it from the "
		    "top of the tree)\n");
		abort();
	}
	if (site_open(&site, conf) != 0 ||
	    site_login(&site, "alice", 1767225600, &alice) != 0)
		abort();
	atexit(cleanup);
	ready = 1;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct site_req	 q;
	char		*s, *form = NULL;
	int		 status;

	if (!ready)
		setup();
	if (size == 0)
		return 0;
	if ((s = malloc(size)) == NULL)
		return 0;
	memcpy(s, data + 1, size - 1);
	s[size - 1] = '\0';
	memset(&q, 0, sizeof(q));
	q.cookie = alice.cookie;
	q.csrf = alice.csrf;
	switch (data[0] % 5) {
	case 0:			/* the API's JSON move */
		q.method = "POST";
		q.path = "/api/games/1/moves";
		q.body = s;
		break;
	case 1:			/* the page's form move */
		q.method = "POST";
		q.path = "/g/1/move";
		/* with the session's token first, or CSRF refuses it all */
		if (asprintf(&form, "csrf=%s&%s", alice.csrf, s) < 0)
			abort();
		q.body = form;
		q.content_type = "application/x-www-form-urlencoded";
		break;
	case 2:			/* a query string */
		q.method = "GET";
		q.path = "/g/1/history";
		q.query = s;
		break;
	case 3:
		q.method = "GET";
		q.path = "/lobby";
		q.query = s;
		break;
	default:		/* a Cookie header */
		q.method = "GET";
		q.path = "/api/games/1";
		q.cookie = s;
		break;
	}
	status = site_request(&site, &q, &rep);
	if (status == 500) {
		fprintf(stderr, "fuzz_site: 500 for %s %s\n%s\n", q.method,
		    q.path, rep.text);
		abort();
	}
	free(form);
	free(s);
	return 0;
}
