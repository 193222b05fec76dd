/*
 * tpl_set.c: named templates, linked into a set: every partial tag
 * points at its template, and a partial that includes itself, directly
 * or not, is refused when the set is linked (tpl.h).
 */
#include "tpl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tpl_impl.h"

struct entry {
	char		*name;
	struct tpl	*t;
	int		 mark;		/* cycle search: 0, 1 open, 2 done */
};

struct tpl_set {
	struct entry	*v;
	size_t		 n;
	size_t		 cap;
	int		 linked;
};

struct tpl_set *
tpl_set_new(void)
{
	return calloc(1, sizeof(struct tpl_set));
}

void
tpl_set_free(struct tpl_set *set)
{
	size_t	 i;

	if (set == NULL)
		return;
	for (i = 0; i < set->n; i++) {
		free(set->v[i].name);
		tpl_free(set->v[i].t);
	}
	free(set->v);
	free(set);
}

static void
err_name(struct tpl_err *err, const char *name)
{
	if (err != NULL)
		snprintf(err->name, sizeof(err->name), "%s", name);
}

static struct entry *
find_linear(const struct tpl_set *set, const char *name)
{
	size_t	 i;

	for (i = 0; i < set->n; i++)
		if (strcmp(set->v[i].name, name) == 0)
			return &set->v[i];
	return NULL;
}

static int
cmp_entry(const void *a, const void *b)
{
	return strcmp(((const struct entry *)a)->name,
	    ((const struct entry *)b)->name);
}

static int
cmp_key(const void *key, const void *e)
{
	return strcmp(key, ((const struct entry *)e)->name);
}

static struct entry *
find(const struct tpl_set *set, const char *name)
{
	if (!set->linked)
		return find_linear(set, name);
	return bsearch(name, set->v, set->n, sizeof(*set->v), cmp_key);
}

enum tpl_rc
tpl_set_add(struct tpl_set *set, const char *name, const char *src,
    size_t len, struct tpl_err *err)
{
	struct entry	*e;
	struct tpl	*t;
	enum tpl_rc	 rc;

	err_name(err, name);
	if (find_linear(set, name) != NULL)
		return tpl_fail(err, 0, "a second template is named \"%s\"", name);
	if ((rc = tpl_compile(src, len, &t, err)) != TPL_OK)
		return rc;
	if (set->n == set->cap) {
		size_t	 cap = set->cap ? set->cap * 2 : 16;

		if ((e = reallocarray(set->v, cap, sizeof(*e))) == NULL) {
			tpl_free(t);
			return TPL_ERR_NOMEM;
		}
		set->v = e;
		set->cap = cap;
	}
	e = &set->v[set->n];
	if ((e->name = strdup(name)) == NULL) {
		tpl_free(t);
		return TPL_ERR_NOMEM;
	}
	e->t = t;
	e->mark = 0;
	set->n++;
	set->linked = 0;
	return TPL_OK;
}

/* Resolve the partials of e; TPL_ERR_PARTIAL names the first unknown. */
static enum tpl_rc
resolve(struct tpl_set *set, struct entry *e, struct tpl_err *err)
{
	struct tpl_op	*op;
	struct entry	*p;
	size_t		 i;

	for (i = 0; i < e->t->nops; i++) {
		op = &e->t->ops[i];
		if (op->code != OP_PARTIAL)
			continue;
		if ((p = find(set, op->s)) == NULL) {
			err_name(err, e->name);
			tpl_fail(err, op->line, "no partial named \"%s\"", op->s);
			return TPL_ERR_PARTIAL;
		}
		op->partial = p->t;
	}
	return TPL_OK;
}

/* Depth-first search for a partial that includes itself. */
static enum tpl_rc
acyclic(struct tpl_set *set, struct entry *e, struct tpl_err *err)
{
	struct entry	*p;
	size_t		 i;

	if (e->mark == 2)
		return TPL_OK;
	e->mark = 1;
	for (i = 0; i < e->t->nops; i++) {
		if (e->t->ops[i].code != OP_PARTIAL)
			continue;
		p = find(set, e->t->ops[i].s);
		if (p->mark == 1) {
			err_name(err, e->name);
			tpl_fail(err, e->t->ops[i].line, "partial \"%s\" includes "
			    "itself", p->name);
			return TPL_ERR_PARTIAL;
		}
		if (acyclic(set, p, err) != TPL_OK)
			return TPL_ERR_PARTIAL;
	}
	e->mark = 2;
	return TPL_OK;
}

enum tpl_rc
tpl_set_link(struct tpl_set *set, struct tpl_err *err)
{
	size_t	 i;

	if (set->n > 0)
		qsort(set->v, set->n, sizeof(*set->v), cmp_entry);
	set->linked = 1;
	for (i = 0; i < set->n; i++)
		set->v[i].mark = 0;
	for (i = 0; i < set->n; i++)
		if (resolve(set, &set->v[i], err) != TPL_OK)
			break;
	if (i == set->n)
		for (i = 0; i < set->n; i++)
			if (acyclic(set, &set->v[i], err) != TPL_OK)
				break;
	if (i < set->n) {
		set->linked = 0;
		return TPL_ERR_PARTIAL;
	}
	return TPL_OK;
}

const struct tpl *
tpl_set_find(const struct tpl_set *set, const char *name)
{
	const struct entry	*e;

	if (set == NULL || !set->linked || (e = find(set, name)) == NULL)
		return NULL;
	return e->t;
}

enum tpl_rc
tpl_render(const struct tpl_set *set, const char *name,
    const struct tpl_ctx *ctx, struct buf *out)
{
	const struct entry	*e;

	if (!set->linked)
		return TPL_ERR_PARTIAL;
	if ((e = find(set, name)) == NULL)
		return TPL_ERR_NOTFOUND;
	return tpl_render_tpl(e->t, ctx, out);
}
