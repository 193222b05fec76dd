/*
 * test_endpoint.c: where "topper fcgi" listens (fcgi/http/endpoint.c):
 * which texts are TCP and which are paths, every refusal saying what to
 * write, the round trip through endpoint_format, and real listeners on
 * loopback and in a temporary directory.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "endpoint.h"

static void
test_tcp(void **state)
{
	static const char *const good[] = {
		"127.0.0.1:9000", "0.0.0.0:1", "10.1.2.3:65535", "[::1]:9000",
		"[::]:80", "[fe80::1]:8080", NULL
	};
	struct endpoint	 ep;
	char		 err[512], out[ENDPOINT_PATH_MAX];
	int		 i;

	(void)state;
	for (i = 0; good[i] != NULL; i++) {
		assert_int_equal(endpoint_parse(good[i], &ep, err,
		    sizeof(err)), 0);
		assert_int_equal(ep.kind, ENDPOINT_TCP);
		endpoint_format(&ep, out, sizeof(out));
		assert_string_equal(out, good[i]);
	}
	assert_int_equal(endpoint_parse("[::1]:9000", &ep, err, sizeof(err)),
	    0);
	assert_int_equal(ep.sa.ss_family, AF_INET6);
	assert_int_equal(ep.salen, sizeof(struct sockaddr_in6));
	assert_int_equal(endpoint_parse("127.0.0.1:9000", &ep, err,
	    sizeof(err)), 0);
	assert_int_equal(ep.sa.ss_family, AF_INET);
	assert_int_equal(ntohs(((struct sockaddr_in *)&ep.sa)->sin_port),
	    9000);
}

static void
test_unix(void **state)
{
	static const char *const paths[] = {
		"var/run/topper.sock", "/run/topper/topper.sock", "./odd:80",
		"/tmp/a:9000", "sock", "var/x:", NULL
	};
	struct endpoint	 ep;
	char		 err[512], out[ENDPOINT_PATH_MAX];
	int		 i;

	(void)state;
	for (i = 0; paths[i] != NULL; i++) {
		assert_int_equal(endpoint_parse(paths[i], &ep, err,
		    sizeof(err)), 0);
		assert_int_equal(ep.kind, ENDPOINT_UNIX);
		assert_string_equal(ep.path, paths[i]);
		endpoint_format(&ep, out, sizeof(out));
		assert_string_equal(out, paths[i]);
	}
}

/* Each refusal names the text and says what to write. */
static void
test_refusals(void **state)
{
	static const struct {
		const char	*text, *why;
	} bad[] = {
		{ "localhost:9000", "is not an IPv4 address" },
		{ "10.0.0.300:9000", "is not an IPv4 address" },
		{ "::1:9000", "goes in brackets" },	/* a whole IPv6 address */
		{ "fe80::1x:9000", "an IPv6 one goes in brackets" },
		{ "[::1]", "must be followed by :PORT" },
		{ "[::1]9000", "must be followed by :PORT" },
		{ "[127.0.0.1]:9000", "is not an IPv6 address" },
		{ "[::1]:0", "from 1 to 65535" },
		{ "127.0.0.1:65536", "from 1 to 65535" },
		{ "127.0.0.1:000009000", "from 1 to 65535" },
		{ "127.0.0.1", "needs a port" },
		{ "::1", "goes in brackets" },
		{ "var/run/x:80", "start it with ./" },
		{ "", "empty" },
		{ NULL, NULL }
	};
	struct endpoint	 ep;
	char		 err[512], path[200];
	int		 i;

	(void)state;
	for (i = 0; bad[i].text != NULL; i++) {
		err[0] = '\0';
		assert_int_equal(endpoint_parse(bad[i].text, &ep, err,
		    sizeof(err)), -1);
		if (strstr(err, bad[i].why) == NULL)
			fail_msg("%s: \"%s\" lacks \"%s\"", bad[i].text, err,
			    bad[i].why);
		assert_non_null(strstr(err, bad[i].text));
	}
	memset(path, 'a', sizeof(path) - 1);
	path[sizeof(path) - 1] = '\0';
	assert_int_equal(endpoint_parse(path, &ep, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "shorter than"));
}

/* A port nothing listens on right now. */
static int
free_port(void)
{
	struct sockaddr_in	 sa;
	socklen_t		 len = sizeof(sa);
	int			 fd, port;

	fd = socket(AF_INET, SOCK_STREAM, 0);
	assert_true(fd >= 0);
	memset(&sa, 0, sizeof(sa));
	sa.sin_family = AF_INET;
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	assert_int_equal(bind(fd, (struct sockaddr *)&sa, sizeof(sa)), 0);
	assert_int_equal(getsockname(fd, (struct sockaddr *)&sa, &len), 0);
	port = ntohs(sa.sin_port);
	close(fd);
	return port;
}

static void
test_listen_tcp(void **state)
{
	struct endpoint	 ep;
	char		 text[64], err[512];
	int		 fd, fd2, c, on;
	socklen_t	 len;

	(void)state;
	snprintf(text, sizeof(text), "127.0.0.1:%d", free_port());
	assert_int_equal(endpoint_parse(text, &ep, err, sizeof(err)), 0);
	fd = endpoint_listen(&ep, 8);
	assert_true(fd >= 0);
	assert_true(fcntl(fd, F_GETFL) & O_NONBLOCK);
	assert_true(fcntl(fd, F_GETFD) & FD_CLOEXEC);
	/* A second listener on the same address is refused. */
	assert_int_equal(endpoint_listen(&ep, 8), -1);
	/* A client gets through, with Nagle off on its connection. */
	c = socket(AF_INET, SOCK_STREAM, 0);
	assert_int_equal(connect(c, (struct sockaddr *)&ep.sa, ep.salen), 0);
	while ((fd2 = accept(fd, NULL, NULL)) == -1)
		usleep(1000);
	len = sizeof(on);
	on = 0;
	assert_int_equal(getsockopt(fd2, IPPROTO_TCP, TCP_NODELAY,
	    &on, &len), 0);
	assert_int_equal(on, 1);
	close(fd2);
	close(c);
	close(fd);
}

static void
test_listen_unix(void **state)
{
	struct endpoint	 ep;
	struct stat	 st;
	char		 dir[] = "/tmp/test_endpoint.XXXXXX", path[128];
	char		 err[512];
	int		 fd, fd2;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/t.sock", dir);
	assert_int_equal(endpoint_parse(path, &ep, err, sizeof(err)), 0);
	fd = endpoint_listen(&ep, 8);
	assert_true(fd >= 0);
	assert_int_equal(lstat(path, &st), 0);
	assert_true(S_ISSOCK(st.st_mode));
	assert_int_equal(st.st_mode & 0777, 0660);
	assert_int_equal(endpoint_listen(&ep, 8), -1);	/* live: refused */
	close(fd);
	fd2 = endpoint_listen(&ep, 8);			/* stale: replaced */
	assert_true(fd2 >= 0);
	close(fd2);
	unlink(path);
	fd = open(path, O_CREAT | O_WRONLY, 0600);	/* not a socket */
	close(fd);
	assert_int_equal(endpoint_listen(&ep, 8), -1);
	unlink(path);
	rmdir(dir);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tcp),
		cmocka_unit_test(test_unix),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_listen_tcp),
		cmocka_unit_test(test_listen_unix),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
