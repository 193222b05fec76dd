/*
 * endpoint.c: read a listening address and open it (endpoint.h).
 *
 * The unix side is what serve.c always did; TCP is new, for nginx on
 * other hosts (README "Several hosts").
 */
#include "endpoint.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

/* What to write instead, at the end of every refusal. */
static const char HINT[] = "write an address and port such as "
    "127.0.0.1:9000 or [::1]:9000, or a unix socket path such as "
    "var/run/topper.sock (start it with ./ if it holds a colon)";

/* 1 when s is one or more digits and nothing else. */
static int
all_digits(const char *s, size_t n)
{
	size_t	 i;

	if (n == 0)
		return 0;
	for (i = 0; i < n; i++)
		if (s[i] < '0' || s[i] > '9')
			return 0;
	return 1;
}

/* 1 when text is meant as TCP: "[...", or "...:DIGITS". */
static int
looks_tcp(const char *text)
{
	const char	*colon;

	if (text[0] == '[')
		return 1;
	if ((colon = strrchr(text, ':')) == NULL)
		return 0;
	return all_digits(colon + 1, strlen(colon + 1));
}

/* 1 when text is a bare IP address (a port was forgotten). */
static int
bare_address(const char *text)
{
	unsigned char	 buf[sizeof(struct in6_addr)];

	return inet_pton(AF_INET, text, buf) == 1 ||
	    inet_pton(AF_INET6, text, buf) == 1;
}

static int
parse_tcp(const char *text, struct endpoint *ep, char *err, size_t errsz)
{
	struct sockaddr_in	*in4 = (struct sockaddr_in *)&ep->sa;
	struct sockaddr_in6	*in6 = (struct sockaddr_in6 *)&ep->sa;
	char			 host[ENDPOINT_TEXT_MAX];
	const char		*h, *port_s, *end;
	size_t			 hn;
	long			 port;
	int			 v6;

	if ((v6 = text[0] == '[')) {
		h = text + 1;
		if ((end = strchr(h, ']')) == NULL || end[1] != ':') {
			snprintf(err, errsz, "socket \"%s\": an IPv6 address "
			    "in brackets must be followed by :PORT; %s", text,
			    HINT);
			return -1;
		}
		port_s = end + 2;
	} else {
		h = text;
		end = strrchr(text, ':');
		port_s = end + 1;
	}
	hn = (size_t)(end - h);
	if (!all_digits(port_s, strlen(port_s)) || strlen(port_s) > 5 ||
	    (port = strtol(port_s, NULL, 10)) < 1 || port > 65535) {
		snprintf(err, errsz, "socket \"%s\": the port must be a "
		    "number from 1 to 65535; %s", text, HINT);
		return -1;
	}
	if (hn >= sizeof(host)) {
		snprintf(err, errsz, "socket \"%.40s...\": not an IP "
		    "address; %s", text, HINT);
		return -1;
	}
	memcpy(host, h, hn);
	host[hn] = '\0';
	if (v6 && inet_pton(AF_INET6, host, &in6->sin6_addr) == 1) {
		in6->sin6_family = AF_INET6;
		in6->sin6_port = htons((uint16_t)port);
		ep->salen = sizeof(*in6);
	} else if (!v6 && inet_pton(AF_INET, host, &in4->sin_addr) == 1) {
		in4->sin_family = AF_INET;
		in4->sin_port = htons((uint16_t)port);
		ep->salen = sizeof(*in4);
	} else {
		snprintf(err, errsz, "socket \"%s\": \"%s\" is not an %s "
		    "address (names are not looked up)%s; %s", text, host,
		    v6 ? "IPv6" : "IPv4", !v6 && strchr(host, ':') != NULL ?
		    ", and an IPv6 one goes in brackets" : "", HINT);
		return -1;
	}
	ep->kind = ENDPOINT_TCP;
	return 0;
}

int
endpoint_parse(const char *text, struct endpoint *ep, char *err,
    size_t errsz)
{
	memset(ep, 0, sizeof(*ep));
	if (*text == '\0') {
		snprintf(err, errsz, "the socket is empty; %s", HINT);
		return -1;
	}
	if (text[0] != '/' && text[0] != '.') {
		/* Before looks_tcp(): "::1" and "::1:9000" end in digits. */
		if (bare_address(text)) {
			snprintf(err, errsz, "socket \"%s\": %s; %s", text,
			    strchr(text, ':') != NULL ? "an IPv6 address goes "
			    "in brackets, then :PORT" : "an address needs a "
			    "port", HINT);
			return -1;
		}
		if (looks_tcp(text))
			return parse_tcp(text, ep, err, errsz);
	}
	if (strlen(text) >= sizeof(ep->path)) {
		snprintf(err, errsz, "socket \"%.40s...\": a unix socket path "
		    "must be shorter than %d bytes", text,
		    (int)sizeof(ep->path));
		return -1;
	}
	ep->kind = ENDPOINT_UNIX;
	strcpy(ep->path, text);
	return 0;
}

void
endpoint_format(const struct endpoint *ep, char *out, size_t outsz)
{
	const struct sockaddr_in	*in4 = (const void *)&ep->sa;
	const struct sockaddr_in6	*in6 = (const void *)&ep->sa;
	char				 a[INET6_ADDRSTRLEN];

	if (ep->kind == ENDPOINT_UNIX)
		snprintf(out, outsz, "%s", ep->path);
	else if (ep->sa.ss_family == AF_INET6)
		snprintf(out, outsz, "[%s]:%u", inet_ntop(AF_INET6,
		    &in6->sin6_addr, a, sizeof(a)), ntohs(in6->sin6_port));
	else
		snprintf(out, outsz, "%s:%u", inet_ntop(AF_INET,
		    &in4->sin_addr, a, sizeof(a)), ntohs(in4->sin_port));
}

/* 1 when something accepts connections on the socket at path. */
static int
socket_live(const struct sockaddr_un *sa)
{
	int	 fd, live;

	if ((fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0)) == -1)
		return 0;
	live = connect(fd, (const struct sockaddr *)sa, sizeof(*sa)) == 0;
	close(fd);
	return live;
}

static int
listen_unix(const char *path, int backlog)
{
	struct sockaddr_un	 sa;
	struct stat		 st;
	mode_t			 mask;
	int			 fd;

	memset(&sa, 0, sizeof(sa));
	sa.sun_family = AF_UNIX;
	if (strlen(path) >= sizeof(sa.sun_path)) {
		fprintf(stderr, "topper fcgi: socket path too long: %s\n",
		    path);
		return -1;
	}
	strcpy(sa.sun_path, path);
	if (lstat(path, &st) == 0) {
		if (!S_ISSOCK(st.st_mode)) {
			fprintf(stderr, "topper fcgi: %s exists and is not a "
			    "socket\n", path);
			return -1;
		}
		if (socket_live(&sa)) {
			fprintf(stderr, "topper fcgi: another server is "
			    "listening on %s\n", path);
			return -1;
		}
		unlink(path);		/* stale: its server is gone */
	}
	fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	if (fd == -1) {
		fprintf(stderr, "topper fcgi: socket: %s\n", strerror(errno));
		return -1;
	}
	mask = umask(0117);		/* born 0660: no window at 0777 */
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa)) == -1) {
		umask(mask);
		fprintf(stderr, "topper fcgi: bind %s: %s\n", path,
		    strerror(errno));
		close(fd);
		return -1;
	}
	umask(mask);
	if (chmod(path, 0660) == -1 || listen(fd, backlog) == -1) {
		fprintf(stderr, "topper fcgi: %s: %s\n", path, strerror(errno));
		unlink(path);
		close(fd);
		return -1;
	}
	return fd;
}

static int
listen_tcp(const struct endpoint *ep, int backlog)
{
	char	 name[ENDPOINT_TEXT_MAX];
	int	 fd, on = 1, e;

	endpoint_format(ep, name, sizeof(name));
	fd = socket(ep->sa.ss_family, SOCK_STREAM | SOCK_NONBLOCK |
	    SOCK_CLOEXEC, 0);
	if (fd == -1) {
		fprintf(stderr, "topper fcgi: socket for %s: %s\n", name,
		    strerror(errno));
		return -1;
	}
	if (setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof(on)) == -1 ||
	    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof(on)) == -1) {
		fprintf(stderr, "topper fcgi: %s: %s\n", name, strerror(errno));
		close(fd);
		return -1;
	}
	if (bind(fd, (const struct sockaddr *)&ep->sa, ep->salen) == -1) {
		e = errno;
		fprintf(stderr, "topper fcgi: bind %s: %s%s\n", name,
		    strerror(e), e == EADDRNOTAVAIL ?
		    " (is it an address of this host?)" : "");
		close(fd);
		return -1;
	}
	if (listen(fd, backlog) == -1) {
		fprintf(stderr, "topper fcgi: listen %s: %s\n", name,
		    strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

int
endpoint_listen(const struct endpoint *ep, int backlog)
{
	return ep->kind == ENDPOINT_UNIX ? listen_unix(ep->path, backlog) :
	    listen_tcp(ep, backlog);
}
