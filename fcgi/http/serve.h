/*
 * serve.h: the FastCGI side of "topper fcgi" (STYLE.md 3.3).
 *
 * serve_run() binds its socket itself, a unix socket or a TCP address
 * (endpoint.h), or takes a listening socket inherited on fd 0, as
 * spawn-fcgi and cgi-fcgi -start pass it; it forks
 * the worker processes and supervises them: a child that dies is
 * restarted, SIGTERM and SIGINT are passed on and end the run cleanly.
 * Each worker process runs serve_loop(): one request at a time, one
 * arena per process, reset after every request; or with --batch N (the
 * writer pool) batch.h's loop, where up to N requests that were already
 * waiting share one arena and one commit before any of their replies
 * goes out.  Nothing outlives a request (a batch) but the process state
 * in struct app, which is freed when the loop ends, so a clean shutdown
 * leaves ASan nothing to report.
 */
#ifndef TOPPER_SERVE_H
#define TOPPER_SERVE_H

#include <stddef.h>
#include <stdint.h>

#include "arena.h"

struct FCGX_Request;
struct config;
struct db;
struct endpoint;
struct req;
struct sess_user;
struct tpl_set;

enum {
	SERVE_ARENA_LIMIT = 64 * 1024 * 1024,	/* bytes one request may use */
	SERVE_BACKLOG = 128,			/* listen() queue */
	SERVE_PROCESSES_MAX = 64,
	SERVE_BATCH_MAX = 32			/* requests sharing a commit */
};

/*
 * Per-request state of the session and page modules (sess.h, csrf.h,
 * page.h), kept here because struct req belongs to the parser; it
 * points into the request arena and is zeroed before every request.
 */
struct app_req {
	const struct sess_user	*sess;		/* the session, once loaded */
	int			 sess_loaded;	/* sess_current() has run */
	int			 writable;	/* query_only is off (R_WRITES) */
	const char		*csrf;		/* anonymous CSRF token, once made */
	const char		*flash;		/* page_flash() notice */
	int64_t			 seen_game;	/* write seats.seen_at after (page_turn.h) */
	int			 waiting;	/* games waiting for the viewer, */
	int			 waiting_known;	/* once page_turn_peek() read it */
};

/*
 * What one worker process keeps between requests.  db and tpl are opened
 * in the process after the fork and closed when its loop ends; either is
 * NULL when it could not be opened (logged; pages needing it fail).
 */
struct app {
	const struct config	*config;	/* process lifetime, not owned */
	struct arena		 arena;		/* the request arena */
	unsigned long		 requests;	/* answered by this process */
	int			 batch;		/* serve_opts.batch */
	unsigned long		 batches;	/* request groups handled */
	unsigned long		 commits;	/* of those, groups that wrote */
	int			 batch_most;	/* requests in the largest */
	struct db		*db;		/* the database connection */
	struct tpl_set		*tpl;		/* data_dir/templates, linked */
	struct app_req		 rq;		/* zeroed before each request */
	void			(*dispatch)(struct req *r);	/* serve_opts */
};

struct serve_opts {
	const struct endpoint *endpoint;	/* to bind; NULL: fd 0 is
					   the socket */
	const char	*pidfile;	/* written while running; NULL: none */
	int		 processes;	/* workers; 0: serve in this process */
	int		 batch;		/* up to this many requests share a
					   commit; 0 or 1: one each */
	void		(*dispatch)(struct req *r);	/* answers one request:
					   the layer above (web/) routes it */
};

/*
 * Answer requests on listen_fd until SIGTERM or SIGINT, then return 0
 * (-1 when libfcgi could not start).  Each request: parse (req.h), read
 * the body, route (route.h), flush the reply, reset the arena.  A signal
 * that comes during a request lets that request finish first.
 */
int	serve_loop(struct app *app, int listen_fd);

/* 1 when fd 0 is a listening socket (spawn-fcgi, cgi-fcgi -start). */
int	serve_fd0_listening(void);

/*
 * The whole "topper fcgi" run, as described at the top.  With the
 * "fcgi_allow" key (config.h) and a TCP listener, connections from any
 * other peer are closed unread; the key is refused on an IPv6 listener
 * and ignored on a unix socket.  Returns the exit status: 0 after a
 * clean stop, 1 when the socket, the peer list or the pid file could
 * not be set up.
 */
int	serve_run(const struct config *cf, const struct serve_opts *o);

#endif /* TOPPER_SERVE_H */
