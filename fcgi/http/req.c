/*
 * req.c: the request struct from the FastCGI parameters (STYLE.md 3.3).
 *
 * Only what handlers and the security checks read is copied, once, into
 * the request arena; the parameter block itself belongs to libfcgi and
 * dies at FCGX_Finish_r().  Limits are checked before anything is
 * stored: the body cap here repeats nginx's client_max_body_size, so a
 * direct FastCGI client (cgi-fcgi, a misconfigured proxy) cannot make
 * a process allocate more than REQ_BODY_MAX for a body.
 */
#include "req.h"

#include <fcgiapp.h>
#include <stdint.h>
#include <string.h>

#include "arena.h"
#include "buf.h"

/*
 * The parameters req_init() reads, found in one pass over envp: nginx
 * sends some 25, and looking each name up in turn cost ~400 string
 * compares a request (/healthz included).  The first of a name counts,
 * as with req_env().
 */
enum param_id {
	P_METHOD, P_QUERY, P_COOKIE, P_HOST, P_ORIGIN, P_FETCH_SITE,
	P_CONTENT_TYPE, P_AUTHORIZATION, P_CSRF, P_IF_NONE_MATCH, P_ADDR,
	P_CONTENT_LENGTH, P_HTTPS, P_DOCUMENT_URI, P_PATH_INFO,
	P_REQUEST_URI, P__COUNT
};

static const struct {
	const char	*name;
	size_t		 len;
} param_names[P__COUNT] = {
#define P(s)	{ s, sizeof(s) - 1 }
	P("REQUEST_METHOD"), P("QUERY_STRING"), P("HTTP_COOKIE"),
	P("HTTP_HOST"), P("HTTP_ORIGIN"), P("HTTP_SEC_FETCH_SITE"),
	P("CONTENT_TYPE"), P("HTTP_AUTHORIZATION"), P("HTTP_X_CSRF_TOKEN"),
	P("HTTP_IF_NONE_MATCH"), P("REMOTE_ADDR"), P("CONTENT_LENGTH"),
	P("HTTPS"), P("DOCUMENT_URI"), P("PATH_INFO"), P("REQUEST_URI")
#undef P
};

static void
scan_params(char **envp, const char *v[P__COUNT])
{
	const char	*eq;
	size_t		 n;
	int		 i;

	for (i = 0; i < P__COUNT; i++)
		v[i] = NULL;
	for (; envp != NULL && *envp != NULL; envp++) {
		if ((eq = strchr(*envp, '=')) == NULL)
			continue;
		n = (size_t)(eq - *envp);
		for (i = 0; i < P__COUNT; i++)
			if (param_names[i].len == n &&
			    memcmp(*envp, param_names[i].name, n) == 0) {
				if (v[i] == NULL)
					v[i] = eq + 1;
				break;
			}
	}
}

/* A parameter copied into the arena; dflt when absent. */
static const char *
param(struct req *r, const char *v, const char *dflt)
{
	if (v == NULL || (v = arena_strdup(r->arena, v)) == NULL)
		return dflt;
	return v;
}

/*
 * The path: nginx's DOCUMENT_URI (decoded, dot segments resolved,
 * slashes merged), else PATH_INFO (cgi-fcgi tests), else REQUEST_URI up
 * to the query.
 */
static const char *
request_path(struct req *r, const char *const v[P__COUNT])
{
	const char	*u, *q;

	if ((u = v[P_DOCUMENT_URI]) != NULL && *u == '/')
		return arena_strdup(r->arena, u);
	if ((u = v[P_PATH_INFO]) != NULL && *u == '/')
		return arena_strdup(r->arena, u);
	if ((u = v[P_REQUEST_URI]) != NULL && *u == '/') {
		q = strchr(u, '?');
		return arena_strndup(r->arena, u, q ? (size_t)(q - u) :
		    strlen(u));
	}
	return "/";
}

/* Without QUERY_STRING (a bare cgi-fcgi test): the query of REQUEST_URI. */
static const char *
query_of_uri(struct req *r, const char *uri)
{
	const char	*q;

	if (uri == NULL || (q = strchr(uri, '?')) == NULL)
		return "";
	if ((q = arena_strdup(r->arena, q + 1)) == NULL)
		return "";
	return q;
}

enum req_rc
req_init(struct req *r, struct arena *a, char **envp)
{
	const char	*v[P__COUNT], *https, *path;

	memset(r, 0, sizeof(*r));
	r->arena = a;
	resp_init(r);
	scan_params(envp, v);
	r->method_text = param(r, v[P_METHOD], "GET");
	r->method = req_method_parse(r->method_text);
	r->query = param(r, v[P_QUERY], NULL);
	if (r->query == NULL)
		r->query = query_of_uri(r, v[P_REQUEST_URI]);
	r->cookie = param(r, v[P_COOKIE], "");
	r->host = param(r, v[P_HOST], "");
	r->origin = param(r, v[P_ORIGIN], NULL);
	r->fetch_site = param(r, v[P_FETCH_SITE], NULL);
	r->content_type = param(r, v[P_CONTENT_TYPE], NULL);
	r->authorization = param(r, v[P_AUTHORIZATION], NULL);
	r->csrf_header = param(r, v[P_CSRF], NULL);
	r->if_none_match = param(r, v[P_IF_NONE_MATCH], NULL);
	r->remote_addr = param(r, v[P_ADDR], "");
	r->content_length = param(r, v[P_CONTENT_LENGTH], NULL);
	https = v[P_HTTPS];
	r->scheme = https != NULL && (strcmp(https, "on") == 0 ||
	    strcmp(https, "1") == 0) ? "https" : "http";
	r->body = "";
	path = request_path(r, v);
	r->path = path != NULL ? path : "/";
	return a->failed ? REQ_NOMEM : REQ_OK;
}

enum req_rc
req_body_length(const char *cl, size_t max, size_t *len)
{
	size_t	 n;

	*len = 0;
	if (cl == NULL || *cl == '\0')
		return REQ_OK;
	for (n = 0; *cl != '\0'; cl++) {
		if (*cl < '0' || *cl > '9')
			return REQ_BAD;
		if (n > max)		/* keep counting digits, no overflow */
			continue;
		n = n * 10 + (size_t)(*cl - '0');
	}
	if (n > max)
		return REQ_TOO_LARGE;
	*len = n;
	return REQ_OK;
}

/*
 * Read and drop what is left of the body, up to a bound: nginx writes
 * the whole body before it reads the reply, and a reply sent while it
 * still writes would end in a reset connection.
 */
static void
drain(struct FCGX_Stream *in)
{
	char	 scratch[4096];
	size_t	 total;
	int	 n;

	for (total = 0; total < 16 * (size_t)REQ_BODY_MAX; total += (size_t)n)
		if ((n = FCGX_GetStr(scratch, sizeof(scratch), in)) <= 0)
			break;
}

/* No CONTENT_LENGTH: read to the end of the stream, up to REQ_BODY_MAX. */
static enum req_rc
read_unsized(struct req *r, struct FCGX_Stream *in)
{
	struct buf	 b;
	char		 scratch[4096];
	int		 n;

	buf_init(&b, r->arena);
	while ((n = FCGX_GetStr(scratch, sizeof(scratch), in)) > 0) {
		if (b.len + (size_t)n > REQ_BODY_MAX) {
			drain(in);
			return REQ_TOO_LARGE;
		}
		buf_put(&b, scratch, (size_t)n);
	}
	if (b.failed)
		return REQ_NOMEM;
	if (b.len > 0) {
		r->body = b.data;
		r->body_len = b.len;
	}
	return REQ_OK;
}

enum req_rc
req_read_body(struct req *r, struct FCGX_Stream *in)
{
	enum req_rc	 rc;
	size_t		 len, got;
	char		*p;
	int		 n, want;

	if (r->content_length == NULL || *r->content_length == '\0')
		return read_unsized(r, in);
	rc = req_body_length(r->content_length, REQ_BODY_MAX, &len);
	if (rc == REQ_TOO_LARGE)
		drain(in);
	if (rc != REQ_OK || len == 0)
		return rc;
	if ((p = arena_alloc(r->arena, len + 1)) == NULL)
		return REQ_NOMEM;
	for (got = 0; got < len; got += (size_t)n) {
		want = len - got > 65536 ? 65536 : (int)(len - got);
		if ((n = FCGX_GetStr(p + got, want, in)) <= 0)
			break;
	}
	if (got != len)
		return REQ_BAD;
	p[got] = '\0';
	r->body = p;
	r->body_len = got;
	return REQ_OK;
}

const char *
req_env(char **envp, const char *name)
{
	size_t	 n;

	if (envp == NULL)
		return NULL;
	n = strlen(name);
	for (; *envp != NULL; envp++)
		if (strncmp(*envp, name, n) == 0 && (*envp)[n] == '=')
			return *envp + n + 1;
	return NULL;
}

const char *
req_cookie(struct req *r, const char *name)
{
	const char	*p, *end, *eq;
	size_t		 n;

	n = strlen(name);
	for (p = r->cookie; p != NULL && *p != '\0'; p = end) {
		while (*p == ' ' || *p == '\t' || *p == ';')
			p++;
		if ((end = strchr(p, ';')) == NULL)
			end = p + strlen(p);
		if ((eq = memchr(p, '=', (size_t)(end - p))) == NULL)
			continue;
		if ((size_t)(eq - p) != n || strncmp(p, name, n) != 0)
			continue;
		eq++;
		while (end > eq && (end[-1] == ' ' || end[-1] == '\t'))
			end--;
		if (end - eq >= 2 && *eq == '"' && end[-1] == '"') {
			eq++;
			end--;
		}
		return arena_strndup(r->arena, eq, (size_t)(end - eq));
	}
	return NULL;
}

enum req_method
req_method_parse(const char *s)
{
	if (strcmp(s, "GET") == 0)
		return REQ_GET;
	if (strcmp(s, "HEAD") == 0)
		return REQ_HEAD;
	if (strcmp(s, "POST") == 0)
		return REQ_POST;
	return REQ_OTHER;
}

long long
req_id(const struct req *r, int i)
{
	if (i < 0 || i >= r->ncaps)
		return 0;
	return r->caps[i].num;
}
