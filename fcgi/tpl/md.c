/*
 * md.c: Markdown rule pages through cmark, cached per process.
 *
 * The cache is a short array scanned linearly: a site has a handful of
 * rule pages, and a page rendered once is served by a memcpy.
 */
#include "md.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmark.h>

#include "buf.h"

enum { MD_FILE_MAX = 512 * 1024 };	/* a bigger rule page is a mistake */

struct entry {
	char		 slug[MD_SLUG_MAX + 1];
	char		*html;		/* from cmark (malloc) */
	size_t		 len;
	char		 title[MD_TITLE_MAX];
};

static struct entry	 cache[MD_CACHE_MAX];
static int		 ncache;

int
md_slug_ok(const char *slug)
{
	size_t	 i;

	for (i = 0; slug[i] != '\0'; i++) {
		if (i >= MD_SLUG_MAX)
			return 0;
		if (!((slug[i] >= 'a' && slug[i] <= 'z') ||
		    (slug[i] >= '0' && slug[i] <= '9') || slug[i] == '-'))
			return 0;
	}
	return i > 0;
}

void
md_title(const char *text, size_t len, char out[MD_TITLE_MAX])
{
	const char	*p = text, *end = text + len, *eol;
	size_t		 n;

	out[0] = '\0';
	while (p < end) {
		if ((eol = memchr(p, '\n', (size_t)(end - p))) == NULL)
			eol = end;
		if (eol - p > 2 && p[0] == '#' && p[1] == ' ') {
			p += 2;
			n = (size_t)(eol - p);
			while (n > 0 && (p[n - 1] == ' ' || p[n - 1] == '\r' ||
			    p[n - 1] == '#'))
				n--;
			if (n >= MD_TITLE_MAX)
				n = MD_TITLE_MAX - 1;
			memcpy(out, p, n);
			out[n] = '\0';
			return;
		}
		p = eol + 1;
	}
}

void
md_render(struct buf *b, const char *text, size_t len)
{
	char	*html;

	if ((html = cmark_markdown_to_html(text, len, CMARK_OPT_SAFE)) ==
	    NULL) {
		b->failed = 1;
		return;
	}
	buf_puts(b, html);
	free(html);
}

/* Read path into malloc'd memory; NULL (errno set) on failure. */
static char *
slurp(const char *path, size_t *len)
{
	FILE	*f;
	char	*p;
	size_t	 n;
	int	 bad;

	if ((f = fopen(path, "rb")) == NULL)
		return NULL;
	if ((p = malloc(MD_FILE_MAX + 1)) == NULL) {
		fclose(f);
		return NULL;
	}
	n = fread(p, 1, MD_FILE_MAX + 1, f);
	if (ferror(f) || n > MD_FILE_MAX) {
		bad = ferror(f) ? EIO : EFBIG;
		free(p);
		fclose(f);
		errno = bad;
		return NULL;
	}
	fclose(f);
	p[n] = '\0';
	*len = n;
	return p;
}

enum md_rc
md_page(const char *dir, const char *slug, struct md_doc *out)
{
	struct entry	*e;
	char		 path[4096], *text;
	size_t		 len;
	int		 i;

	if (!md_slug_ok(slug))
		return MD_BAD_SLUG;
	for (i = 0; i < ncache; i++)
		if (strcmp(cache[i].slug, slug) == 0) {
			out->html = cache[i].html;
			out->len = cache[i].len;
			memcpy(out->title, cache[i].title, sizeof(out->title));
			return MD_OK;
		}
	if ((size_t)snprintf(path, sizeof(path), "%s/templates/rules/%s.md",
	    dir, slug) >= sizeof(path))
		return MD_ERROR;
	if ((text = slurp(path, &len)) == NULL) {
		if (errno == ENOENT)
			return MD_NOTFOUND;
		fprintf(stderr, "topper: %s: %s\n", path, strerror(errno));
		return MD_ERROR;
	}
	if (ncache == MD_CACHE_MAX) {
		/* More pages than slots: a rare miss; evict the oldest. */
		free(cache[0].html);
		memmove(cache, cache + 1,
		    sizeof(cache[0]) * (MD_CACHE_MAX - 1));
		ncache--;
	}
	e = &cache[ncache];
	memset(e, 0, sizeof(*e));
	snprintf(e->slug, sizeof(e->slug), "%s", slug);
	md_title(text, len, e->title);
	if (e->title[0] == '\0')
		snprintf(e->title, sizeof(e->title), "%s", slug);
	e->html = cmark_markdown_to_html(text, len, CMARK_OPT_SAFE);
	free(text);
	if (e->html == NULL) {
		fprintf(stderr, "topper: %s: cmark failed\n", path);
		return MD_ERROR;
	}
	e->len = strlen(e->html);
	ncache++;
	out->html = e->html;
	out->len = e->len;
	memcpy(out->title, e->title, sizeof(out->title));
	return MD_OK;
}

void
md_cache_free(void)
{
	int	 i;

	for (i = 0; i < ncache; i++)
		free(cache[i].html);
	memset(cache, 0, sizeof(cache));
	ncache = 0;
}
