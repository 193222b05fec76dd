/*
 * test_tpl.h: what the template unit tests share: a tiny context over
 * tables (an object is an array of fields, a list field points at an
 * array of objects), the arena renders write into, an empty object and
 * the group teardown.  Included by test_tpl*.c only, after cmocka.h.
 */
#ifndef TEST_TPL_H
#define TEST_TPL_H

#include <stddef.h>
#include <string.h>

#include "arena.h"
#include "tpl.h"

/*
 * A tiny context over tables: an object is an array of fields ended
 * by a NULL key; a list field points at an array of objects.
 */
struct obj;

struct field {
	const char		*key;
	enum tpl_kind		 kind;
	const char		*s;
	long long		 n;
	const struct obj	*items;
	size_t			 nitems;
};

struct obj {
	const struct field	*f;
};

static inline int	obj_lookup(const void *, const char *,
	    struct tpl_val *);

static inline int
obj_item(const void *list, size_t i, struct tpl_ctx *out)
{
	const struct obj	*items = list;

	out->lookup = obj_lookup;
	out->data = &items[i];
	return 0;
}

static inline int
obj_lookup(const void *data, const char *key, struct tpl_val *out)
{
	const struct obj	*o = data;
	const struct field	*f;

	for (f = o->f; f->key != NULL; f++) {
		if (strcmp(f->key, key) != 0)
			continue;
		switch (f->kind) {
		case TPL_STRING:
			return tpl_str(out, f->s);
		case TPL_INT:
			return tpl_int(out, f->n);
		case TPL_BOOL:
			return tpl_bool(out, (int)f->n);
		case TPL_LIST:
			return tpl_list(out, f->nitems, obj_item, f->items);
		default:
			return tpl_none(out);
		}
	}
	return tpl_none(out);
}

#define S(k, v)		{ k, TPL_STRING, v, 0, NULL, 0 }
#define I(k, v)		{ k, TPL_INT, NULL, v, NULL, 0 }
#define B(k, v)		{ k, TPL_BOOL, NULL, v, NULL, 0 }
#define L(k, v, n)	{ k, TPL_LIST, NULL, 0, v, n }
#define END		{ NULL, TPL_NONE, NULL, 0, NULL, 0 }

static struct arena	 arena;

static const struct field no_fields[] = { END };
static const struct obj empty = { no_fields };

static inline int
teardown(void **state)
{
	(void)state;
	arena_free(&arena);
	return 0;
}

#endif /* TEST_TPL_H */
