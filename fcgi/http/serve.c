/*
 * serve.c: socket, worker processes and the request loop of "topper fcgi".
 * (Where it listens, unix or TCP, is endpoint.c's.)
 *
 * libfcgi is single-threaded, so concurrency comes from processes: two
 * for two cores (DESIGN.md "Speed"), all accepting on one socket.  The
 * parent does nothing but supervise; it handles signals synchronously
 * with sigtimedwait(), so it needs no handlers and no async-signal
 * reasoning.  A worker waits in ppoll() with SIGTERM unblocked and
 * accepts with SIGTERM blocked, on a non-blocking listening socket:
 * a stop request is seen at once while idle, never interrupts a request
 * half-way, and a worker that loses the race for a connection to its
 * sibling just goes back to waiting (libfcgi returns -EAGAIN).  libfcgi
 * reads the request; the reply goes out in one writev(2) with its
 * FastCGI records (resp_send_fcgi) and the connection is closed here,
 * without libfcgi's wait for nginx to hang up first (finish_sent).
 * The loop itself is batch.c's: with --batch N (the writer pool) the
 * requests waiting share one commit.
 */
#include "serve.h"

#include <errno.h>
#include <fcgiapp.h>
#include <fcntl.h>
#include <malloc.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "batch.h"
#include "config.h"
#include "db.h"
#include "endpoint.h"
#include "migrate.h"
#include "req.h"
#include "resp.h"
#include "store_user.h"
#include "tpl.h"

enum {
	RESTART_DELAY_MS = 1000,	/* a child that died young waits this */
	STOP_GRACE_MS = 10000		/* then SIGKILL */
};

static volatile sig_atomic_t	 stopping;

static void
on_stop(int sig)
{
	(void)sig;
	stopping = 1;
}

static long long
now_ms(void)
{
	struct timespec	 ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int
serve_loop(struct app *app, int listen_fd)
{
	struct sigaction	 sa;
	sigset_t		 stop, waitmask;
	int			 ret;

	if (FCGX_Init() != 0) {
		fprintf(stderr, "topper fcgi: libfcgi did not start\n");
		return -1;
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_stop;	/* no SA_RESTART: ppoll must return */
	sigemptyset(&sa.sa_mask);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sa.sa_handler = SIG_IGN;	/* nginx may hang up mid-reply */
	sigaction(SIGPIPE, &sa, NULL);
	sigemptyset(&stop);
	sigaddset(&stop, SIGTERM);
	sigaddset(&stop, SIGINT);
	sigaddset(&stop, SIGHUP);
	sigprocmask(SIG_BLOCK, &stop, &waitmask);
	sigdelset(&waitmask, SIGTERM);
	sigdelset(&waitmask, SIGINT);
	sigdelset(&waitmask, SIGHUP);
	sigdelset(&waitmask, SIGCHLD);
	ret = batch_loop(app, listen_fd, &waitmask, &stopping);
	sigprocmask(SIG_UNBLOCK, &stop, NULL);
	return ret;
}

/*
 * Open what a process keeps: the database (once per process, never
 * before the fork: an SQLite handle must not cross one) and the
 * templates.  A failure is logged and leaves the pointer NULL, so
 * /healthz still answers and pages say what is wrong.
 */
static void
app_open(struct app *app, const struct config *cf)
{
	struct tpl_err	 err;
	char		*dir;
	size_t		 n;

	if ((app->db = db_open(cf->db, 0)) != NULL &&
	    (migrate_check(app->db) != 0 ||
	    db_query_only(app->db, 1) != DB_OK)) {	/* GETs never write */
		db_close(app->db);
		app->db = NULL;
	}
	n = strlen(cf->data_dir) + sizeof("/templates");
	if ((dir = malloc(n)) == NULL)
		return;
	snprintf(dir, n, "%s/templates", cf->data_dir);
	memset(&err, 0, sizeof(err));
	if (tpl_set_load(dir, &app->tpl, &err) != TPL_OK) {
		fprintf(stderr, "topper fcgi: templates %s: %s:%d: %s\n", dir,
		    err.name, err.line, err.msg);
		app->tpl = NULL;
	}
	free(dir);
}

static void
app_close(struct app *app)
{
	tpl_set_free(app->tpl);
	app->tpl = NULL;
	db_close(app->db);
	app->db = NULL;
}

/* One worker process's life, inside the forked child. */
static int
worker(const struct config *cf, int fd, int batch,
    void (*dispatch)(struct req *))
{
	struct app	 app;
	int		 rc;

	/*
	 * Keep freed memory: SQLite rebuilds its page cache after another
	 * process's commit and libfcgi allocates per request, and glibc's
	 * defaults hand it back and forth with brk(2) a few times a request.
	 */
	mallopt(M_MMAP_THRESHOLD, 4 * 1024 * 1024);
	mallopt(M_TRIM_THRESHOLD, 32 * 1024 * 1024);
	memset(&app, 0, sizeof(app));
	app.config = cf;
	app.batch = batch;
	app.dispatch = dispatch;
	/* The writer never hashes a password (nginx sends those to readers). */
	store_user_hash_forbid(batch > 1);
	arena_init(&app.arena, SERVE_ARENA_LIMIT);
	app_open(&app, cf);
	rc = serve_loop(&app, fd);
	app_close(&app);
	arena_free(&app.arena);
	return rc == 0 ? 0 : 1;
}

static int
write_pidfile(const char *path)
{
	FILE	*f;

	if ((f = fopen(path, "w")) == NULL) {
		fprintf(stderr, "topper fcgi: %s: %s\n", path, strerror(errno));
		return -1;
	}
	fprintf(f, "%ld\n", (long)getpid());
	if (fclose(f) != 0) {
		fprintf(stderr, "topper fcgi: %s: %s\n", path, strerror(errno));
		return -1;
	}
	return 0;
}

/* Remove the pid file if it still names this process. */
static void
remove_pidfile(const char *path)
{
	FILE	*f;
	long	 pid;
	int	 ours;

	if ((f = fopen(path, "r")) == NULL)
		return;
	ours = fscanf(f, "%ld", &pid) == 1 && pid == (long)getpid();
	fclose(f);
	if (ours)
		unlink(path);
}

struct slot {
	pid_t		 pid;		/* 0: not running */
	long long	 started;	/* ms, monotonic */
	long long	 due;		/* restart no earlier than this */
};

struct super {
	const struct config	*cf;
	int			 fd;
	int			 batch;		/* serve_opts.batch */
	void			(*dispatch)(struct req *);
	sigset_t		 oldmask;	/* the mask before supervision */
	struct slot		 slots[SERVE_PROCESSES_MAX];
	int			 n;
};

/*
 * Fork worker i.  Returns 0 in the parent, 1 in the child once its
 * worker has finished (the caller then returns the child's status).
 */
static int
spawn(struct super *s, int i, int *child_rc)
{
	pid_t	 parent, pid;

	parent = getpid();
	fflush(NULL);
	if ((pid = fork()) == -1) {
		fprintf(stderr, "topper fcgi: fork: %s\n", strerror(errno));
		s->slots[i].due = now_ms() + RESTART_DELAY_MS;
		return 0;
	}
	if (pid == 0) {
		/* Die with the supervisor, even if it is SIGKILLed. */
		prctl(PR_SET_PDEATHSIG, SIGTERM);
		if (getppid() != parent)
			stopping = 1;
		/*
		 * Signals stay blocked until serve_loop() has its handlers
		 * in place; it waits with them unblocked.
		 */
		*child_rc = stopping ? 0 : worker(s->cf, s->fd, s->batch,
		    s->dispatch);
		return 1;
	}
	s->slots[i].pid = pid;
	s->slots[i].started = now_ms();
	return 0;
}

/* Collect dead children; schedule restarts unless stopping. */
static void
reap(struct super *s, int restart)
{
	pid_t		 pid;
	long long	 t;
	int		 st, i;

	while ((pid = waitpid(-1, &st, WNOHANG)) > 0) {
		for (i = 0; i < s->n; i++)
			if (s->slots[i].pid == pid)
				break;
		if (i == s->n)
			continue;
		s->slots[i].pid = 0;
		if (!restart)
			continue;
		if (WIFSIGNALED(st))
			fprintf(stderr, "topper fcgi: worker %ld killed by "
			    "signal %d; restarting\n", (long)pid,
			    WTERMSIG(st));
		else
			fprintf(stderr, "topper fcgi: worker %ld exited with "
			    "%d; restarting\n", (long)pid, WEXITSTATUS(st));
		t = now_ms();
		s->slots[i].due = t - s->slots[i].started < RESTART_DELAY_MS ?
		    t + RESTART_DELAY_MS : t;
	}
}

/* TERM every child, wait for them, KILL what is left after the grace. */
static void
stop_children(struct super *s, const sigset_t *set)
{
	struct timespec	 ts = { 0, 100 * 1000 * 1000 };
	long long	 deadline;
	int		 i, left;

	for (i = 0; i < s->n; i++)
		if (s->slots[i].pid > 0)
			kill(s->slots[i].pid, SIGTERM);
	deadline = now_ms() + STOP_GRACE_MS;
	for (;;) {
		reap(s, 0);
		for (left = 0, i = 0; i < s->n; i++)
			left += s->slots[i].pid > 0;
		if (left == 0)
			return;
		if (now_ms() >= deadline)
			break;
		sigtimedwait(set, NULL, &ts);
	}
	for (i = 0; i < s->n; i++)
		if (s->slots[i].pid > 0) {
			fprintf(stderr, "topper fcgi: worker %ld did not stop; "
			    "killing it\n", (long)s->slots[i].pid);
			kill(s->slots[i].pid, SIGKILL);
			waitpid(s->slots[i].pid, NULL, 0);
			s->slots[i].pid = 0;
		}
}

/*
 * The supervisor: keep n workers alive until SIGTERM or SIGINT.  SIGHUP
 * replaces every worker (a new binary or configuration is picked up by
 * restarting the whole run; HUP just recycles processes).  Returns 1 in
 * a child (with *child_rc set), 0 in the parent after a stop.
 */
static int
supervise(struct super *s, int *child_rc)
{
	sigset_t	 set;
	struct timespec	 ts;
	long long	 t, wait;
	int		 i, sig;

	sigemptyset(&set);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGHUP);
	sigaddset(&set, SIGCHLD);
	for (;;) {
		t = now_ms();
		wait = 60 * 1000;
		for (i = 0; i < s->n; i++) {
			if (s->slots[i].pid != 0)
				continue;
			if (s->slots[i].due <= t) {
				if (spawn(s, i, child_rc))
					return 1;
			} else if (s->slots[i].due - t < wait)
				wait = s->slots[i].due - t;
		}
		ts.tv_sec = wait / 1000;
		ts.tv_nsec = (wait % 1000) * 1000000;
		sig = sigtimedwait(&set, NULL, &ts);
		if (sig == SIGTERM || sig == SIGINT)
			break;
		if (sig == SIGHUP)
			for (i = 0; i < s->n; i++)
				if (s->slots[i].pid > 0)
					kill(s->slots[i].pid, SIGTERM);
		reap(s, 1);
	}
	stop_children(s, &set);
	return 0;
}

int
serve_fd0_listening(void)
{
	socklen_t	 len;
	int		 on;

	len = sizeof(on);
	return getsockopt(0, SOL_SOCKET, SO_ACCEPTCONN, &on, &len) == 0 &&
	    on;
}

/* The listening socket inherited on fd 0, made non-blocking. */
static int
inherited_socket(void)
{
	int	 fl;

	if (!serve_fd0_listening()) {
		fprintf(stderr, "topper fcgi: no socket given and standard "
		    "input is not a listening socket\n");
		return -1;
	}
	if ((fl = fcntl(0, F_GETFL)) == -1 ||
	    fcntl(0, F_SETFL, fl | O_NONBLOCK) == -1) {
		fprintf(stderr, "topper fcgi: fd 0: %s\n", strerror(errno));
		return -1;
	}
	return 0;
}

/*
 * fcgi_allow (config.h) becomes libfcgi's FCGI_WEB_SERVER_ADDRS, read by
 * FCGX_Init() in each worker: libfcgi then closes a connection from an
 * IPv4 peer not on the list before reading a byte of it.  It lets every
 * other family through, so the list is refused on an IPv6 listener
 * rather than left to look like a guard.  A unix socket has its file
 * mode instead, and the key is ignored there (readers and the writer
 * may share one topper.conf and listen differently).
 */
static int
allow_peers(const struct config *cf, int fd)
{
	struct sockaddr_storage	 ss;
	socklen_t		 len = sizeof(ss);
	const char		*list, *p;
	char			*env, *q;
	int			 rc;

	if ((list = config_get(cf, "fcgi_allow")) == NULL)
		return 0;
	if (getsockname(fd, (struct sockaddr *)&ss, &len) == -1) {
		fprintf(stderr, "topper fcgi: getsockname: %s\n",
		    strerror(errno));
		return -1;
	}
	if (ss.ss_family == AF_UNIX)
		return 0;
	if (ss.ss_family != AF_INET) {
		fprintf(stderr, "topper fcgi: fcgi_allow works on an IPv4 "
		    "listener only (libfcgi checks IPv4 peers alone): listen "
		    "on an IPv4 address, or remove fcgi_allow and let a "
		    "firewall keep the port to the nginx hosts\n");
		return -1;
	}
	/* "a, b c" (config.c checked each address) becomes "a,b,c". */
	if ((env = malloc(strlen(list) + 1)) == NULL)
		return -1;
	for (p = list, q = env; *p != '\0'; p++) {
		if (*p != ' ' && *p != '\t' && *p != ',')
			*q++ = *p;
		else if (q > env && q[-1] != ',')
			*q++ = ',';
	}
	if (q > env && q[-1] == ',')
		q--;
	*q = '\0';
	rc = setenv("FCGI_WEB_SERVER_ADDRS", env, 1);
	free(env);
	return rc;
}

int
serve_run(const struct config *cf, const struct serve_opts *o)
{
	const struct endpoint	*ep = o->endpoint;
	struct super		 s;
	struct stat		 st;
	sigset_t		 set;
	int			 rc, child_rc, i, is_unix;

	memset(&s, 0, sizeof(s));
	s.cf = cf;
	s.n = o->processes;
	s.batch = o->batch;
	s.dispatch = o->dispatch;
	if (s.n < 0 || s.n > SERVE_PROCESSES_MAX) {
		fprintf(stderr, "topper fcgi: --processes must be 0 to %d\n",
		    SERVE_PROCESSES_MAX);
		return 1;
	}
	is_unix = ep != NULL && ep->kind == ENDPOINT_UNIX;
	if (ep != NULL)
		s.fd = endpoint_listen(ep, SERVE_BACKLOG);
	else
		s.fd = inherited_socket();
	if (s.fd == -1)
		return 1;
	memset(&st, 0, sizeof(st));
	if (is_unix)
		lstat(ep->path, &st);
	if (allow_peers(cf, s.fd) == -1) {
		rc = 1;
		goto out;
	}
	if (o->pidfile != NULL && write_pidfile(o->pidfile) == -1) {
		rc = 1;
		goto out;
	}
	if (s.n == 0) {			/* serve in this process */
		rc = worker(cf, s.fd, s.batch, o->dispatch);
		goto out;
	}
	sigemptyset(&set);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGHUP);
	sigaddset(&set, SIGCHLD);
	sigprocmask(SIG_BLOCK, &set, &s.oldmask);
	for (i = 0; i < s.n; i++)
		s.slots[i].due = 0;
	if (supervise(&s, &child_rc)) {
		if (s.fd > 0)
			close(s.fd);
		return child_rc;	/* a worker, done: no cleanup of ours */
	}
	sigprocmask(SIG_SETMASK, &s.oldmask, NULL);
	rc = 0;
out:
	if (o->pidfile != NULL)
		remove_pidfile(o->pidfile);
	if (is_unix) {
		struct stat	 now;

		/* Only our own socket: a newer run may have replaced it. */
		if (lstat(ep->path, &now) == 0 && now.st_ino == st.st_ino &&
		    now.st_dev == st.st_dev)
			unlink(ep->path);
	}
	if (s.fd > 0)
		close(s.fd);
	return rc;
}
