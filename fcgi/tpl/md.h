/*
 * md.h: rule pages in Markdown, rendered with cmark (DESIGN.md "Pages
 * and the API").
 *
 * A rule page is templates/rules/<slug>.md under the data directory.
 * It is rendered once per process with cmark in safe mode
 * (CMARK_OPT_SAFE: raw HTML and javascript:/data: links are dropped),
 * so a page's own markup cannot inject script, and the HTML is kept in
 * a process-lifetime cache: later requests copy it.  The cache is
 * malloc'd memory freed by md_cache_free() at exit.
 */
#ifndef TOPPER_MD_H
#define TOPPER_MD_H

#include <stddef.h>

struct buf;

/*
 * Cards in a rule page's examples: the text "[[3Rh 4Bs]]" (outside
 * code) stands for the pictures of those cards.  The page's owner
 * draws them: fn writes to b the faces of the tokens tokens[0..len)
 * (one or more, separated by spaces) in the game slug's notation and
 * returns 0, or -1 to leave the marker as written (a token that is no
 * card).  Called once more with tokens NULL after a page drew any
 * card, for what the faces need once per page (their pattern defs).
 */
typedef int	(*md_cards_fn)(struct buf *b, const char *slug,
		    const char *tokens, size_t len);

enum {
	MD_SLUG_MAX = 64,		/* characters in a rule page's slug */
	MD_TITLE_MAX = 128,		/* bytes of a page title, NUL included */
	MD_CACHE_MAX = 32		/* pages one process keeps */
};

/* A rendered page; its pointers live until md_cache_free(). */
struct md_doc {
	const char	*html;		/* NUL-terminated */
	size_t		 len;
	char		 title[MD_TITLE_MAX];	/* the first "# " heading, or the slug */
};

enum md_rc {
	MD_OK = 0,
	MD_BAD_SLUG,			/* not 1..MD_SLUG_MAX of [a-z0-9-] */
	MD_NOTFOUND,			/* no such file */
	MD_ERROR			/* reading or rendering failed; logged */
};

/* 1 when slug is 1..MD_SLUG_MAX characters of [a-z0-9-]. Pure. */
int		md_slug_ok(const char *slug);

/*
 * The rule page slug from dir (the data directory; the file is
 * dir/templates/rules/slug.md), rendered on first use and cached:
 * md_finish()ed with cards (NULL: markers stay as written).  A slug
 * that fails md_slug_ok() never touches the file system.
 */
enum md_rc	md_page(const char *dir, const char *slug, md_cards_fn cards,
		    struct md_doc *out);

/*
 * What a rule page adds to cmark's HTML html (NUL-terminated), to b:
 * an id on every <h2> ("s-" and its words: "s-the-deal"), a table of
 * contents linking them (<nav class="toc">, after the <h1>, when the
 * page has two or more), and the card markers drawn by cards (see
 * md_cards_fn), none inside <code> or <pre>.
 */
void		md_finish(struct buf *b, const char *html, const char *slug,
		    md_cards_fn cards);

/* Render Markdown text[0..len) to HTML in safe mode, appending to b. */
void		md_render(struct buf *b, const char *text, size_t len);

/* The title of a Markdown text: its first "# " heading, or "" (pure). */
void		md_title(const char *text, size_t len, char out[MD_TITLE_MAX]);

/* Drop the cache (process exit; tests). */
void		md_cache_free(void);

#endif /* TOPPER_MD_H */
