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

#include "arena.h"
#include "buf.h"

enum {
	MD_FILE_MAX = 512 * 1024,	/* a bigger rule page is a mistake */
	MD_H2_MAX = 64,			/* sections a contents list links */
	MD_ID_MAX = 48,			/* bytes of a section's id */
	MD_MARK_MAX = 96		/* bytes inside one card marker */
};

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

/* A section of the page: its <h2>'s inner HTML and the id it gets. */
struct h2 {
	const char	*inner;
	size_t		 len;
	char		 id[MD_ID_MAX];
};

/* "s-" and the words of a heading's HTML: tags and entities dropped. */
static void
make_id(const char *h, size_t n, char id[MD_ID_MAX])
{
	size_t	 i, k = 2;
	int	 dash = 0;
	char	 close;

	memcpy(id, "s-", 2);
	for (i = 0; i < n && k < MD_ID_MAX - 1; i++) {
		if (h[i] == '<' || h[i] == '&') {
			close = h[i] == '<' ? '>' : ';';
			while (i < n && h[i] != close)
				i++;
			dash = 1;
			continue;
		}
		if ((h[i] >= 'a' && h[i] <= 'z') || (h[i] >= '0' && h[i] <= '9')) {
			if (dash && k > 2 && k < MD_ID_MAX - 2)
				id[k++] = '-';
			id[k++] = h[i];
			dash = 0;
		} else if (h[i] >= 'A' && h[i] <= 'Z') {
			if (dash && k > 2 && k < MD_ID_MAX - 2)
				id[k++] = '-';
			id[k++] = (char)(h[i] - 'A' + 'a');
			dash = 0;
		} else
			dash = 1;
	}
	id[k] = '\0';
}

/* The <h2>s of html, at most MD_H2_MAX, ids made unique. */
static int
find_h2(const char *html, struct h2 *h)
{
	const char	*p = html, *e;
	int		 n = 0, i;

	while (n < MD_H2_MAX && (p = strstr(p, "<h2>")) != NULL) {
		p += 4;
		if ((e = strstr(p, "</h2>")) == NULL)
			break;
		h[n].inner = p;
		h[n].len = (size_t)(e - p);
		make_id(p, h[n].len, h[n].id);
		for (i = 0; i < n; i++)
			if (strcmp(h[i].id, h[n].id) == 0) {
				snprintf(h[n].id + strlen(h[n].id) -
				    (strlen(h[n].id) > MD_ID_MAX - 5 ? 4 : 0),
				    5, "-%d", n);
				break;
			}
		n++;
		p = e + 5;
	}
	return n;
}

/* Is s[0..n) a card marker's inside: letters, digits, spaces? */
static int
marker_ok(const char *s, size_t n)
{
	size_t	 i;
	int	 any = 0;

	for (i = 0; i < n; i++) {
		if ((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
		    (s[i] >= '0' && s[i] <= '9'))
			any = 1;
		else if (s[i] != ' ')
			return 0;
	}
	return any;
}

void
md_finish(struct buf *b, const char *html, const char *slug,
    md_cards_fn cards)
{
	struct h2	 h[MD_H2_MAX];
	struct buf	 t;
	const char	*p = html, *end;
	size_t		 n;
	int		 nh, k = 0, i, code = 0, toc = 0, drew = 0;

	nh = find_h2(html, h);
	while (*p != '\0') {
		if (*p == '<') {
			if (strncmp(p, "<code", 5) == 0 || strncmp(p, "<pre", 4) == 0)
				code++;
			else if ((strncmp(p, "</code>", 7) == 0 ||
			    strncmp(p, "</pre>", 6) == 0) && code > 0)
				code--;
			else if (strncmp(p, "<h2>", 4) == 0 && k < nh) {
				buf_printf(b, "<h2 id=\"%s\">", h[k++].id);
				p += 4;
				continue;
			} else if (strncmp(p, "</h1>", 5) == 0 && !toc) {
				buf_puts(b, "</h1>");
				p += 5;
				toc = 1;
				if (nh < 2)
					continue;
				buf_puts(b, "\n<nav class=\"toc\" aria-labelledby="
				    "\"toc-h\"><h2 id=\"toc-h\">Contents</h2><ol>");
				for (i = 0; i < nh; i++) {
					buf_printf(b, "<li><a href=\"#%s\">",
					    h[i].id);
					buf_put(b, h[i].inner, h[i].len);
					buf_puts(b, "</a></li>");
				}
				buf_puts(b, "</ol></nav>");
				continue;
			}
		} else if (p[0] == '[' && p[1] == '[' && code == 0 &&
		    cards != NULL && (end = strstr(p + 2, "]]")) != NULL &&
		    (n = (size_t)(end - p - 2)) <= MD_MARK_MAX &&
		    marker_ok(p + 2, n)) {
			/* Apart first: a marker no card fills stays as written. */
			buf_init(&t, b->arena);
			if (cards(&t, slug, p + 2, n) == 0 && !t.failed &&
			    t.len > 0) {
				buf_put(b, t.data, t.len);
				drew = 1;
				p = end + 2;
				continue;
			}
		}
		buf_putc(b, *p++);
	}
	if (drew)
		cards(b, slug, NULL, 0);
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
md_page(const char *dir, const char *slug, md_cards_fn cards,
    struct md_doc *out)
{
	struct entry	*e;
	struct arena	 a;
	struct buf	 b;
	char		 path[4096], *text, *raw;
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
	raw = cmark_markdown_to_html(text, len, CMARK_OPT_SAFE);
	free(text);
	if (raw == NULL) {
		fprintf(stderr, "topper: %s: cmark failed\n", path);
		return MD_ERROR;
	}
	arena_init(&a, 0);
	buf_init(&b, &a);
	md_finish(&b, raw, slug, cards);
	free(raw);
	if (b.failed || (e->html = malloc(b.len + 1)) == NULL) {
		arena_free(&a);
		fprintf(stderr, "topper: %s: out of memory\n", path);
		return MD_ERROR;
	}
	memcpy(e->html, b.len > 0 ? b.data : "", b.len + 1);
	arena_free(&a);
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
