/*
 * tpl.h: Mustache-subset templates, compiled once, rendered through a
 * lookup interface (STYLE.md 3.6).
 *
 * Tags:
 *	{{name}}		value, HTML-escaped (always)
 *	{{{name_html}}}		value, raw; only for keys ending in "_html"
 *	{{&name_html}}		the same
 *	{{#name}}...{{/name}}	section: a true value renders the body once,
 *				a list renders it per item with the item as the
 *				innermost context; none, false, 0, "" and the
 *				empty list render nothing
 *	{{^name}}...{{/name}}	inverted: renders when the section would not
 *	{{> name}}		partial: another template of the same set
 *	{{! text }}		comment
 *	{{.}}			the innermost context itself (list of strings)
 * Names are [A-Za-z0-9_-]+.  A section, comment or partial tag alone on
 * its line takes the line with it, as in Mustache.  Not supported:
 * dotted names, set delimiters, lambdas, partial indentation.
 *
 * A key that the innermost context does not know (its lookup gives
 * TPL_NONE) is looked up in the enclosing contexts, out to the root; a
 * key no context knows renders as nothing.
 *
 * Templates are process-lifetime memory from malloc (loaded at startup,
 * freed at exit); rendering allocates only through the output buf.
 */
#ifndef TOPPER_TPL_H
#define TOPPER_TPL_H

#include <stddef.h>

struct buf;
struct json_object;
struct tpl;
struct tpl_set;

enum tpl_rc {
	TPL_OK,
	TPL_ERR_SYNTAX,		/* compile: bad tag, raw key, unbalanced */
	TPL_ERR_PARTIAL,	/* unknown partial, or partials in a cycle */
	TPL_ERR_NOTFOUND,	/* render: no template of that name */
	TPL_ERR_DEPTH,		/* render: nesting deeper than TPL_DEPTH_MAX */
	TPL_ERR_LOOKUP,		/* render: a lookup or item callback failed */
	TPL_ERR_IO,		/* load: reading the directory or a file */
	TPL_ERR_NOMEM		/* malloc, or the output buf failed */
};

enum {
	TPL_DEPTH_MAX = 32,	/* sections plus partials, nested */
	TPL_ERR_MAX = 256	/* bytes in tpl_err.msg */
};

/* Where and why compiling or loading failed, for the caller's log. */
struct tpl_err {
	char	 name[64];	/* template (file) name, may be "" */
	int	 line;		/* 1-based; 0 when not about a line */
	char	 msg[TPL_ERR_MAX];
};

enum tpl_kind { TPL_NONE, TPL_STRING, TPL_INT, TPL_BOOL, TPL_LIST,
	TPL_TEMPLATE };

struct tpl_ctx;

/*
 * The item callback of a list fills *out with item i's context
 * (i < count); 0 on success, -1 stops the render with TPL_ERR_LOOKUP.
 * A single object is a list of one item.
 *
 * A TPL_TEMPLATE value (a template of a linked set, tpl_set_find;
 * tpl_template of NULL gives none) is HTML made by our own template:
 * {{{name_html}}} renders it in place, with the contexts the tag sees,
 * straight into the output (a layout around a page, without rendering
 * the page apart and copying it); {{name}} renders nothing; as a
 * section it is true.
 */
struct tpl_val {
	enum tpl_kind	 kind;
	const char	*str;	/* TPL_STRING: bytes, need not end in NUL */
	size_t		 len;
	long long	 num;	/* TPL_INT */
	int		 flag;	/* TPL_BOOL */
	size_t		 count;	/* TPL_LIST */
	int		(*item)(const void *list, size_t i,
			    struct tpl_ctx *out);
	const void	*list;
	const struct tpl *tpl;	/* TPL_TEMPLATE */
};

/*
 * A context: lookup fills *out for key (NUL-terminated) and returns 0,
 * or -1 to stop the render with TPL_ERR_LOOKUP.  Pointers in *out must
 * stay valid until tpl_render returns.
 */
struct tpl_ctx {
	int		(*lookup)(const void *data, const char *key,
			    struct tpl_val *out);
	const void	*data;
};

/* Fill *out and return 0, so a lookup can "return tpl_str(out, s);". */
int	tpl_str(struct tpl_val *out, const char *s);	/* NULL: none */
int	tpl_strn(struct tpl_val *out, const char *s, size_t n);
int	tpl_int(struct tpl_val *out, long long v);
int	tpl_bool(struct tpl_val *out, int v);
int	tpl_none(struct tpl_val *out);
int	tpl_list(struct tpl_val *out, size_t count,
	    int (*item)(const void *list, size_t i, struct tpl_ctx *out),
	    const void *list);
int	tpl_template(struct tpl_val *out, const struct tpl *t);

/*
 * A context over a json-c tree (small pages): object members by key,
 * strings, integers, doubles and booleans as values, null as none,
 * arrays as lists, objects as lists of one item, "." as the node
 * itself.  The tree stays owned by the caller and must outlive the
 * render.
 */
struct tpl_ctx	tpl_ctx_json(const struct json_object *root);

/*
 * Compile one template from src[0..len).  On success *out owns a copy
 * of the text; free it with tpl_free().  On failure *out is NULL and
 * err (if not NULL) holds the line and reason.  Partials stay
 * unresolved until the template is part of a linked set.
 */
enum tpl_rc	tpl_compile(const char *src, size_t len, struct tpl **out,
		    struct tpl_err *err);
void		tpl_free(struct tpl *t);

/*
 * A set of named templates.  tpl_set_add compiles src under name (a
 * duplicate name is TPL_ERR_SYNTAX); tpl_set_link resolves every
 * partial by name and refuses unknown partials and cycles.  A set is
 * rendered only after a successful link.
 */
struct tpl_set	*tpl_set_new(void);		/* NULL: out of memory */
enum tpl_rc	 tpl_set_add(struct tpl_set *set, const char *name,
		    const char *src, size_t len, struct tpl_err *err);
enum tpl_rc	 tpl_set_link(struct tpl_set *set, struct tpl_err *err);
void		 tpl_set_free(struct tpl_set *set);	/* NULL is fine */

/* Template name of a linked set, for a TPL_TEMPLATE value; or NULL. */
const struct tpl *tpl_set_find(const struct tpl_set *set, const char *name);

/*
 * Load every "*.html" in dir and in dir/partials, named by file stem
 * ("game.html" and "partials/header.html" give "game" and "header"),
 * then link.  On success *out is the set; on failure *out is NULL and
 * err says which file and line.
 */
enum tpl_rc	 tpl_set_load(const char *dir, struct tpl_set **out,
		    struct tpl_err *err);

/*
 * Render template name of a linked set with ctx as the root context,
 * appending to out.  On an error, out may hold part of the page; the
 * caller drops it.  A failed buf gives TPL_ERR_NOMEM.
 */
enum tpl_rc	 tpl_render(const struct tpl_set *set, const char *name,
		    const struct tpl_ctx *ctx, struct buf *out);

/* Render one template (no partials unless it belongs to a linked set). */
enum tpl_rc	 tpl_render_tpl(const struct tpl *t, const struct tpl_ctx *ctx,
		    struct buf *out);

#endif /* TOPPER_TPL_H */
