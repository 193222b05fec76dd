/*
 * endpoint.h: where "topper fcgi" listens, a unix socket or a TCP
 * address (prefix endpoint_).
 *
 * One text names it, in the "socket" key of topper.conf and in
 * --socket.  "127.0.0.1:9000" and "[::1]:9000" (an IP address of this
 * host, IPv6 in brackets, then a port) are TCP; anything else is the
 * path of a unix socket ("var/run/topper.sock").  A text that starts
 * with "/" or "." is always a path, so "./odd:80" names a file; any
 * other text that starts with "[" or ends in ":DIGITS" must be a good
 * address, so "localhost:9000" or "10.0.0.300:9000" is refused with a
 * sentence saying what to write, never taken for a file name.  Host
 * names are refused: a listener binds one address, a name may have
 * several.
 *
 * A TCP port has no file mode to keep strangers out: only the nginx
 * hosts may reach it (a firewall, a private address, and the
 * "fcgi_allow" key of config.h for IPv4).  Nothing here allocates.
 */
#ifndef TOPPER_ENDPOINT_H
#define TOPPER_ENDPOINT_H

#include <stddef.h>
#include <sys/socket.h>

enum endpoint_kind {
	ENDPOINT_UNIX,
	ENDPOINT_TCP
};

enum {
	ENDPOINT_PATH_MAX = 108,	/* sizeof(sun_path), NUL included */
	ENDPOINT_TEXT_MAX = 64		/* "[v6 address]:65535" and NUL */
};

struct endpoint {
	enum endpoint_kind	 kind;
	char			 path[ENDPOINT_PATH_MAX];	/* UNIX */
	struct sockaddr_storage	 sa;			/* TCP */
	socklen_t		 salen;			/* TCP */
};

/*
 * Read text into ep.  Returns 0, or -1 with a sentence in err that
 * names the text and says what to write instead.
 */
int	endpoint_parse(const char *text, struct endpoint *ep, char *err,
	    size_t errsz);

/*
 * The address as it is written ("127.0.0.1:9000", "[::1]:9000", the
 * path), in out of outsz bytes (ENDPOINT_PATH_MAX holds any).
 */
void	endpoint_format(const struct endpoint *ep, char *out, size_t outsz);

/*
 * A listening socket on ep, non-blocking (serve_loop polls it) and
 * close-on-exec.  A unix socket is born with mode 0660; a stale one
 * left by a dead run is removed, a live one (something accepts on it)
 * or a path that is not a socket is refused.  A TCP socket has
 * SO_REUSEADDR (a restart does not wait for old connections to time
 * out) and TCP_NODELAY (a reply goes out at once; Linux hands it on to
 * every accepted connection).  Returns the descriptor, or -1 with a
 * message on stderr ("bind 127.0.0.1:9000: Address already in use").
 */
int	endpoint_listen(const struct endpoint *ep, int backlog);

#endif /* TOPPER_ENDPOINT_H */
