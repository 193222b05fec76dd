/*
 * tpl_render.c: the values a lookup gives and the rendering of a
 * compiled template (tpl.h), moved out of tpl.c to keep both files
 * short.  Rendering walks the array of operations that tpl.c compiled
 * (tpl_impl.h) with a small stack of contexts on the C stack and writes
 * only to the output buf; the compiler's state is never needed here.
 */
#include "tpl.h"

#include <string.h>

#include "buf.h"
#include "esc.h"
#include "tpl_impl.h"

/*
 * Values.  A value is read by its kind only (truthy, put_val, the
 * list and template cases), so each constructor sets the kind and its
 * own fields and nothing else: a page asks hundreds of keys, and
 * clearing the whole struct for each showed in profiles.
 */

int
tpl_none(struct tpl_val *out)
{
	out->kind = TPL_NONE;
	return 0;
}

int
tpl_strn(struct tpl_val *out, const char *s, size_t n)
{
	out->kind = TPL_STRING;
	out->str = s;
	out->len = n;
	return 0;
}

int
tpl_str(struct tpl_val *out, const char *s)
{
	if (s == NULL)
		return tpl_none(out);
	return tpl_strn(out, s, strlen(s));
}

int
tpl_int(struct tpl_val *out, long long v)
{
	out->kind = TPL_INT;
	out->num = v;
	return 0;
}

int
tpl_bool(struct tpl_val *out, int v)
{
	out->kind = TPL_BOOL;
	out->flag = v != 0;
	return 0;
}

int
tpl_template(struct tpl_val *out, const struct tpl *t)
{
	out->kind = t != NULL ? TPL_TEMPLATE : TPL_NONE;
	out->tpl = t;
	return 0;
}

int
tpl_list(struct tpl_val *out, size_t count,
    int (*item)(const void *list, size_t i, struct tpl_ctx *out),
    const void *list)
{
	out->kind = TPL_LIST;
	out->count = count;
	out->item = item;
	out->list = list;
	return 0;
}

/* Rendering. */

struct render {
	struct buf	*out;
	struct tpl_ctx	 stack[TPL_DEPTH_MAX + 1];
	int		 nstack;
	int		 nest;		/* sections and partials entered */
};

/* Innermost context first, "." only in the innermost. */
static enum tpl_rc
lookup(const struct render *r, const char *key, struct tpl_val *v)
{
	int	 i, last;

	last = key[0] == '.' ? r->nstack - 1 : 0;
	for (i = r->nstack - 1; i >= last; i--) {
		const struct tpl_ctx	*x = &r->stack[i];

		tpl_none(v);
		if (x->lookup == NULL)
			continue;
		if (x->lookup(x->data, key, v) != 0)
			return TPL_ERR_LOOKUP;
		if (v->kind != TPL_NONE)
			return TPL_OK;
	}
	return TPL_OK;
}

static int
truthy(const struct tpl_val *v)
{
	switch (v->kind) {
	case TPL_STRING:
		return v->len > 0;
	case TPL_INT:
		return v->num != 0;
	case TPL_BOOL:
		return v->flag;
	case TPL_LIST:
		return v->count > 0;
	case TPL_TEMPLATE:
		return 1;
	default:
		return 0;
	}
}

/*
 * Append n bytes: a page is hundreds of short text runs, so the common
 * case (room left) is done here; growth and failure are buf_put's.
 * Keeps buf.h's rule: data NUL-terminated, cap >= len + 1.
 */
static void
put(struct buf *b, const char *s, size_t n)
{
	if (b->failed || b->cap - b->len <= n) {	/* cap 0: no room */
		buf_put(b, s, n);
		return;
	}
	memcpy(b->data + b->len, s, n);
	b->len += n;
	b->data[b->len] = '\0';
}

static void
put_int(struct buf *b, long long v)
{
	char			 d[24];
	size_t			 i = sizeof(d);
	unsigned long long	 u;

	u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
	do {
		d[--i] = (char)('0' + u % 10);
		u /= 10;
	} while (u != 0);
	if (v < 0)
		d[--i] = '-';
	put(b, d + i, sizeof(d) - i);
}

static void
put_val(struct buf *b, const struct tpl_val *v, int raw)
{
	switch (v->kind) {
	case TPL_STRING:
		if (raw)
			put(b, v->str, v->len);
		else
			esc_html(b, v->str, v->len);
		break;
	case TPL_INT:
		put_int(b, v->num);
		break;
	case TPL_BOOL:
		buf_puts(b, v->flag ? "true" : "false");
		break;
	default:
		break;
	}
}

static enum tpl_rc render_ops(struct render *, const struct tpl *, size_t,
		    size_t);

/* A TPL_TEMPLATE value of a raw tag: t in place, one level deeper. */
static enum tpl_rc
render_template(struct render *r, const struct tpl *t)
{
	enum tpl_rc	 rc;

	if (r->nest == TPL_DEPTH_MAX)
		return TPL_ERR_DEPTH;
	r->nest++;
	rc = render_ops(r, t, 0, t->nops);
	r->nest--;
	return rc;
}

static enum tpl_rc
render_list(struct render *r, const struct tpl *t, size_t i,
    const struct tpl_val *v)
{
	const struct tpl_op	*op = &t->ops[i];
	enum tpl_rc		 rc;
	size_t			 k;

	for (k = 0; k < v->count; k++) {
		struct tpl_ctx	*x = &r->stack[r->nstack];

		memset(x, 0, sizeof(*x));
		if (v->item == NULL || v->item(v->list, k, x) != 0)
			return TPL_ERR_LOOKUP;
		r->nstack++;
		rc = render_ops(r, t, i + 1, op->end);
		r->nstack--;
		if (rc != TPL_OK)
			return rc;
	}
	return TPL_OK;
}

/* Op i of t is a section, inverted section or partial. */
static enum tpl_rc
render_nested(struct render *r, const struct tpl *t, size_t i)
{
	const struct tpl_op	*op = &t->ops[i];
	struct tpl_val		 v;
	enum tpl_rc		 rc;

	if (r->nest == TPL_DEPTH_MAX)
		return TPL_ERR_DEPTH;
	r->nest++;
	if (op->code == OP_PARTIAL) {
		rc = op->partial == NULL ? TPL_ERR_PARTIAL :
		    render_ops(r, op->partial, 0, op->partial->nops);
	} else if ((rc = lookup(r, op->s, &v)) != TPL_OK)
		;
	else if (op->code == OP_INVERTED)
		rc = truthy(&v) ? TPL_OK : render_ops(r, t, i + 1, op->end);
	else if (v.kind == TPL_LIST)
		rc = render_list(r, t, i, &v);
	else
		rc = truthy(&v) ? render_ops(r, t, i + 1, op->end) : TPL_OK;
	r->nest--;
	return rc;
}

static enum tpl_rc
render_ops(struct render *r, const struct tpl *t, size_t from, size_t to)
{
	const struct tpl_op	*op;
	struct tpl_val		 v;
	enum tpl_rc		 rc;
	size_t			 i;

	for (i = from; i < to; i++) {
		op = &t->ops[i];
		switch (op->code) {
		case OP_TEXT:
			put(r->out, op->s, op->n);
			break;
		case OP_VAR:
		case OP_RAW:
			if ((rc = lookup(r, op->s, &v)) != TPL_OK)
				return rc;
			if (v.kind != TPL_TEMPLATE)
				put_val(r->out, &v, op->code == OP_RAW);
			else if (op->code == OP_RAW &&
			    (rc = render_template(r, v.tpl)) != TPL_OK)
				return rc;
			break;
		default:
			if ((rc = render_nested(r, t, i)) != TPL_OK)
				return rc;
			if (op->code != OP_PARTIAL)
				i = op->end - 1;
			break;
		}
	}
	return TPL_OK;
}

enum tpl_rc
tpl_render_tpl(const struct tpl *t, const struct tpl_ctx *ctx,
    struct buf *out)
{
	struct render	 r;
	enum tpl_rc	 rc;

	r.out = out;
	r.stack[0] = *ctx;
	r.nstack = 1;
	r.nest = 0;
	rc = render_ops(&r, t, 0, t->nops);
	if (rc == TPL_OK && out->failed)
		rc = TPL_ERR_NOMEM;
	return rc;
}
