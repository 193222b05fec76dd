/*
 * batch.c: the request loop of every "topper fcgi" process, and group
 * commit in the writer (batch.h).
 *
 * One batch at a time: its libfcgi requests, the replies built for them
 * and the arena those live in, all kept until the commit, then sent.
 * A reader's batch is always one request.
 */
#include "batch.h"

#include <errno.h>
#include <fcgiapp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "arena.h"
#include "db.h"
#include "req.h"
#include "resp.h"
#include "serve.h"

struct batch {
	FCGX_Request	 frs[SERVE_BATCH_MAX];
	struct req	 reqs[SERVE_BATCH_MAX];
};

/*
 * End a request whose reply resp_send_fcgi() wrote in full.  libfcgi's
 * FCGX_Finish_r() would write nothing more, then shutdown(2) and poll
 * until nginx hangs up: a wait of one scheduling round trip per request
 * in a single-threaded process.  nginx needs no more from us after
 * END_REQUEST, so read what it may still have sent (the empty stdin
 * record; nothing blocks) and close.
 */
static void
finish_sent(FCGX_Request *fr)
{
	char	 trash[512];

	if (!FCGX_HasSeenEOF(fr->in))	/* a GET has read to the end */
		while (recv(fr->ipcFd, trash, sizeof(trash),
		    MSG_DONTWAIT) > 0)
			continue;
	close(fr->ipcFd);
	fr->ipcFd = -1;
	FCGX_Free(fr, 0);		/* streams and parameters */
}

static void
handle_one(struct app *app, struct arena *a, FCGX_Request *fr,
    struct req *r)
{
	enum req_rc	 rc;

	memset(&app->rq, 0, sizeof(app->rq));
	rc = req_init(r, a, fr->envp);
	r->app = app;
	r->out = fr->out;
	if (rc == REQ_OK)
		rc = req_read_body(r, fr->in);
	switch (rc) {
	case REQ_OK:
		app->dispatch(r);
		break;
	case REQ_TOO_LARGE:
		resp_fail(r, 413, "That request is too large.");
		break;
	case REQ_BAD:
		resp_fail(r, 400, "That request could not be read.");
		break;
	case REQ_NOMEM:
		break;			/* resp_flush sends the 500 */
	}
	if (app->db != NULL)		/* a refused check skips auth_after() */
		db_end_read(app->db);
	app->requests++;
}

static void
reply_one(FCGX_Request *fr, struct req *r)
{
	int	 status = RESP_SEND_FALLBACK;

	/* With keep-conn the connection outlives us: libfcgi's way then. */
	if (!fr->keepConnection)
		status = resp_send_fcgi(r, fr->ipcFd, fr->requestId);
	if (status == RESP_SEND_FALLBACK) {
		status = resp_flush(r);
		FCGX_Finish_r(fr);
	} else
		finish_sent(fr);
	if (status >= 500)
		fprintf(stderr, "topper fcgi[%ld]: %d %s %s\n", (long)getpid(),
		    status, r->method_text, r->path);
}

/*
 * Take the requests waiting now, up to max, commit their writes as one
 * and reply.  Returns how many, or -1 when accept failed (its errno's
 * negation in *err) before any was taken.
 */
static int
take(struct app *app, struct batch *b, int max,
    volatile sig_atomic_t *stopping, int *err)
{
	int	 k, i, rc, committed;

	*err = 0;
	if (app->db != NULL)
		db_batch_begin(app->db);
	for (k = 0; k < max && (k == 0 || !*stopping); k++) {
		if ((rc = FCGX_Accept_r(&b->frs[k])) < 0) {
			if (rc != -EAGAIN && rc != -EWOULDBLOCK &&
			    rc != -EINTR)
				*err = rc;
			break;
		}
		handle_one(app, &app->arena, &b->frs[k], &b->reqs[k]);
	}
	committed = 0;
	if (app->db != NULL && db_batch_end(app->db, &committed) != DB_OK) {
		fprintf(stderr, "topper fcgi[%ld]: the commit of %d "
		    "requests failed\n", (long)getpid(), k);
		for (i = 0; i < k; i++)
			resp_fail_plain(&b->reqs[i], 503, "That could not be "
			    "saved just now; nothing was changed.  Please try "
			    "again in a moment.");
	}
	for (i = 0; i < k; i++)
		reply_one(&b->frs[i], &b->reqs[i]);
	arena_reset(&app->arena);
	/* Checkpoints wait until the replies are out (db.h). */
	if (committed)
		db_checkpoint_if_due(app->db);
	if (k > 0) {
		app->batches++;
		app->commits += committed;
		if (k > app->batch_most)
			app->batch_most = k;
	}
	return k == 0 && *err != 0 ? -1 : k;
}

int
batch_loop(struct app *app, int listen_fd, const sigset_t *waitmask,
    volatile sig_atomic_t *stopping)
{
	struct batch	*b;
	struct pollfd	 pfd;
	int		 k, max, err, ret;

	max = app->batch < 1 ? 1 : app->batch > SERVE_BATCH_MAX ?
	    SERVE_BATCH_MAX : app->batch;
	if ((b = calloc(1, sizeof(*b))) == NULL) {
		fprintf(stderr, "topper fcgi: out of memory\n");
		return -1;
	}
	for (k = 0; k < max; k++)
		FCGX_InitRequest(&b->frs[k], listen_fd,
		    FCGI_FAIL_ACCEPT_ON_INTR);
	ret = 0;
	while (!*stopping) {
		pfd.fd = listen_fd;
		pfd.events = POLLIN;
		pfd.revents = 0;
		if (ppoll(&pfd, 1, NULL, waitmask) == -1) {
			if (errno == EINTR)
				continue;
			fprintf(stderr, "topper fcgi: poll: %s\n",
			    strerror(errno));
			ret = -1;
			break;
		}
		/* A sibling may have taken the connection: 0 taken. */
		if (take(app, b, max, stopping, &err) == -1) {
			fprintf(stderr, "topper fcgi: accept: %s\n",
			    strerror(-err));
			ret = -1;
			break;
		}
	}
	for (k = 0; k < max; k++)
		FCGX_Free(&b->frs[k], 1);
	free(b);
	if (max > 1)
		fprintf(stderr, "topper fcgi[%ld]: %lu requests in %lu batches "
		    "(%lu commits), the largest %d\n", (long)getpid(),
		    app->requests, app->batches, app->commits, app->batch_most);
	return ret;
}
