/*
 * tpl.c: Mustache-subset templates (STYLE.md 3.6).
 *
 * A template is compiled once into a flat array of operations over its
 * own copy of the text: text runs, escaped and raw values, sections
 * (each knows where its body ends, so a false section is skipped in
 * one step) and partials (linked by pointer when the set is linked).
 * Keys are NUL-terminated in place inside the copy, where the tag's
 * own braces or spaces were, so rendering never copies a key.
 * Rendering walks the array with a small stack of contexts on the C
 * stack and writes only to the output buf; it is in tpl_render.c, with
 * the values a lookup gives.  Named sets, which link the partials, are
 * in tpl_set.c.
 */
#include "tpl.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tpl_impl.h"

/* An open section while compiling. */
struct open {
	size_t		 op;
	int		 line;
};

struct compile {
	struct tpl	*t;
	char		*src;
	size_t		 len;
	size_t		 pos;		/* where scanning resumes */
	size_t		 text;		/* start of pending text */
	int		 line;		/* line of pos */
	struct open	 open[TPL_DEPTH_MAX];
	int		 nopen;
	struct tpl_err	*err;
};

/* One parsed tag: [start, end) in the source. */
struct tag {
	size_t		 start, end;
	char		 sigil;		/* 0 or one of # ^ / > ! & { */
	char		*key;
	size_t		 keylen;
	int		 line;
};

enum tpl_rc
tpl_fail(struct tpl_err *err, int line, const char *fmt, ...)
{
	va_list	 ap;

	if (err == NULL)
		return TPL_ERR_SYNTAX;
	err->line = line;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
	va_end(ap);
	return TPL_ERR_SYNTAX;
}

/* Compiling. */

static int
add_op(struct compile *c, enum opcode code, const char *s, size_t n,
    int line)
{
	struct tpl	*t = c->t;
	struct tpl_op	*op;

	if (t->nops == t->capops) {
		size_t	 cap = t->capops ? t->capops * 2 : 16;

		if ((op = reallocarray(t->ops, cap, sizeof(*op))) == NULL)
			return -1;
		t->ops = op;
		t->capops = cap;
	}
	op = &t->ops[t->nops++];
	memset(op, 0, sizeof(*op));
	op->code = code;
	op->s = s;
	op->n = n;
	op->line = line;
	return 0;
}

static void
count_lines(struct compile *c, size_t to)
{
	for (; c->pos < to; c->pos++)
		if (c->src[c->pos] == '\n')
			c->line++;
}

static int
name_char(char ch)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
	    (ch >= '0' && ch <= '9') || ch == '_' || ch == '-';
}

static int
blank(char ch)
{
	return ch == ' ' || ch == '\t';
}

/*
 * Split the inside of a tag, [from, to), into sigil and key, and
 * NUL-terminate the key.  Returns TPL_OK or a syntax error.
 */
static enum tpl_rc
parse_inside(struct compile *c, struct tag *tg, size_t from, size_t to)
{
	char	*s = c->src;
	size_t	 k;

	while (from < to && blank(s[from]))
		from++;
	if (tg->sigil == 0 && from < to && strchr("#^/>!&=", s[from]) != NULL)
		tg->sigil = s[from++];
	if (tg->sigil == '!')
		return TPL_OK;
	if (tg->sigil == '=')
		return tpl_fail(c->err, tg->line,
		    "set delimiters are not supported");
	while (from < to && blank(s[from]))
		from++;
	k = from;
	if (k < to && s[k] == '.')
		k++;
	else
		while (k < to && name_char(s[k]))
			k++;
	tg->key = s + from;
	tg->keylen = k - from;
	while (k < to && blank(s[k]))
		k++;
	if (tg->keylen == 0 || k != to)
		return tpl_fail(c->err, tg->line, "bad tag name in \"%.*s\"",
		    (int)(tg->end - tg->start > 60 ? 60 :
		    tg->end - tg->start), s + tg->start);
	s[from + tg->keylen] = '\0';	/* a brace or a blank of the tag */
	return TPL_OK;
}

/* Find and parse the tag opening at open; TPL_OK or a syntax error. */
static enum tpl_rc
parse_tag(struct compile *c, size_t open, struct tag *tg)
{
	const char	*close;
	size_t		 from;
	int		 triple;

	memset(tg, 0, sizeof(*tg));
	tg->start = open;
	tg->line = c->line;
	triple = open + 2 < c->len && c->src[open + 2] == '{';
	from = open + (triple ? 3 : 2);
	close = memmem(c->src + from, c->len - from, "}}", 2);
	if (close == NULL || (triple && (size_t)(close - c->src) + 2 >= c->len))
		return tpl_fail(c->err, tg->line, "tag is not closed");
	if (triple && close[2] != '}')
		return tpl_fail(c->err, tg->line, "{{{ is not closed by }}}");
	tg->end = (size_t)(close - c->src) + (triple ? 3 : 2);
	if (triple)
		tg->sigil = '{';
	return parse_inside(c, tg, from, (size_t)(close - c->src));
}

/*
 * A section, close, comment or partial tag alone on its line (blanks
 * around it) takes the whole line.  Sets *ls to the line's start and
 * *le past its newline when it does.
 */
static int
standalone(const struct compile *c, const struct tag *tg, size_t *ls,
    size_t *le)
{
	const char	*s = c->src;
	size_t		 i;

	if (tg->sigil == 0 || tg->sigil == '{' || tg->sigil == '&')
		return 0;
	for (i = tg->start; i > c->text && blank(s[i - 1]); i--)
		continue;
	if (i != 0 && s[i - 1] != '\n')
		return 0;
	*ls = i;
	for (i = tg->end; i < c->len && blank(s[i]); i++)
		continue;
	if (i + 1 < c->len && s[i] == '\r' && s[i + 1] == '\n')
		i++;
	if (i < c->len && s[i] != '\n')
		return 0;
	*le = i < c->len ? i + 1 : i;
	return 1;
}

static int
ends_html(const struct tag *tg)
{
	return tg->keylen >= 5 &&
	    memcmp(tg->key + tg->keylen - 5, "_html", 5) == 0;
}

static enum tpl_rc
open_section(struct compile *c, const struct tag *tg)
{
	if (c->nopen == TPL_DEPTH_MAX)
		return tpl_fail(c->err, tg->line, "sections nest deeper than %d",
		    TPL_DEPTH_MAX);
	c->open[c->nopen].op = c->t->nops;
	c->open[c->nopen].line = tg->line;
	c->nopen++;
	if (add_op(c, tg->sigil == '#' ? OP_SECTION : OP_INVERTED, tg->key,
	    tg->keylen, tg->line) != 0)
		return TPL_ERR_NOMEM;
	return TPL_OK;
}

static enum tpl_rc
close_section(struct compile *c, const struct tag *tg)
{
	struct tpl_op	*op;

	if (c->nopen == 0)
		return tpl_fail(c->err, tg->line, "{{/%s}} closes no section",
		    tg->key);
	op = &c->t->ops[c->open[c->nopen - 1].op];
	if (strcmp(op->s, tg->key) != 0)
		return tpl_fail(c->err, tg->line,
		    "{{/%s}} closes {{%c%s}} opened on line %d", tg->key,
		    op->code == OP_SECTION ? '#' : '^', op->s,
		    c->open[c->nopen - 1].line);
	op->end = c->t->nops;
	c->nopen--;
	return TPL_OK;
}

/* Emit the operation for one parsed tag. */
static enum tpl_rc
emit_tag(struct compile *c, const struct tag *tg)
{
	enum opcode	 code;

	switch (tg->sigil) {
	case '!':
		return TPL_OK;
	case '#':
	case '^':
		return open_section(c, tg);
	case '/':
		return close_section(c, tg);
	case '>':
		code = OP_PARTIAL;
		break;
	case '{':
	case '&':
		if (!ends_html(tg))
			return tpl_fail(c->err, tg->line, "raw value {{{%s}}} is "
			    "allowed only for keys ending in _html", tg->key);
		code = OP_RAW;
		break;
	default:
		code = OP_VAR;
		break;
	}
	if (add_op(c, code, tg->key, tg->keylen, tg->line) != 0)
		return TPL_ERR_NOMEM;
	return TPL_OK;
}

static enum tpl_rc
flush_text(struct compile *c, size_t to)
{
	if (to > c->text && add_op(c, OP_TEXT, c->src + c->text,
	    to - c->text, c->line) != 0)
		return TPL_ERR_NOMEM;
	return TPL_OK;
}

/* One step: the next tag (or the trailing text).  1 when done. */
static enum tpl_rc
step(struct compile *c, int *done)
{
	const char	*p;
	struct tag	 tg;
	size_t		 open, ls, le;
	enum tpl_rc	 rc;

	p = memmem(c->src + c->pos, c->len - c->pos, "{{", 2);
	if (p == NULL) {
		*done = 1;
		count_lines(c, c->len);
		return flush_text(c, c->len);
	}
	open = (size_t)(p - c->src);
	count_lines(c, open);
	if ((rc = parse_tag(c, open, &tg)) != TPL_OK)
		return rc;
	if (!standalone(c, &tg, &ls, &le)) {
		ls = tg.start;
		le = tg.end;
	}
	if ((rc = flush_text(c, ls)) != TPL_OK ||
	    (rc = emit_tag(c, &tg)) != TPL_OK)
		return rc;
	count_lines(c, le);
	c->text = le;
	return TPL_OK;
}

static enum tpl_rc
compile_all(struct compile *c)
{
	enum tpl_rc	 rc;
	int		 done = 0;

	while (!done)
		if ((rc = step(c, &done)) != TPL_OK)
			return rc;
	if (c->nopen > 0)
		return tpl_fail(c->err, c->open[c->nopen - 1].line,
		    "section {{%c%s}} is not closed",
		    c->t->ops[c->open[c->nopen - 1].op].code == OP_SECTION ?
		    '#' : '^', c->t->ops[c->open[c->nopen - 1].op].s);
	return TPL_OK;
}

enum tpl_rc
tpl_compile(const char *src, size_t len, struct tpl **out,
    struct tpl_err *err)
{
	struct compile	 c;
	enum tpl_rc	 rc;

	*out = NULL;
	if (err != NULL) {
		err->line = 0;
		err->msg[0] = '\0';
	}
	memset(&c, 0, sizeof(c));
	c.line = 1;
	c.err = err;
	c.len = len;
	if ((c.t = calloc(1, sizeof(*c.t))) == NULL ||
	    (c.src = c.t->src = malloc(len + 1)) == NULL) {
		free(c.t);
		return TPL_ERR_NOMEM;
	}
	if (len > 0)
		memcpy(c.src, src, len);
	c.src[len] = '\0';
	if ((rc = compile_all(&c)) != TPL_OK) {
		if (rc == TPL_ERR_NOMEM && err != NULL)
			snprintf(err->msg, sizeof(err->msg), "out of memory");
		tpl_free(c.t);
		return rc;
	}
	*out = c.t;
	return TPL_OK;
}

void
tpl_free(struct tpl *t)
{
	if (t == NULL)
		return;
	free(t->ops);
	free(t->src);
	free(t);
}
