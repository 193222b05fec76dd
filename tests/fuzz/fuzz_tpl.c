/*
 * fuzz_tpl.c: the template compiler, linker and renderer.
 *
 * The input is template text; a NUL byte splits off a second template
 * named "p", so partials (and cycles through them) get exercised.  A
 * template that compiles is rendered against a fixed context with
 * strings, numbers, booleans and nested lists.  Invariant checked: a
 * successful render never lets a "<" from a value through unescaped.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "buf.h"
#include "tpl.h"

int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int	lookup(const void *, const char *, struct tpl_val *);

/*
 * Nested lists multiply (three items, up to 32 levels), so a budget
 * of items per input keeps one input from running for hours.
 */
static unsigned	 budget;

static int
item(const void *list, size_t i, struct tpl_ctx *out)
{
	(void)list;
	if (budget == 0)
		return -1;
	budget--;
	out->lookup = lookup;
	out->data = (const void *)(uintptr_t)(i + 1);
	return 0;
}

/* data is the nesting level: 0 the root, 1..3 list items. */
static int
lookup(const void *data, const char *key, struct tpl_val *out)
{
	uintptr_t	 level = (uintptr_t)data;

	if (strcmp(key, "title") == 0)
		return tpl_str(out, "T&T \"x\" 'y' <z>");
	if (strcmp(key, "n") == 0)
		return tpl_int(out, level == 2 ? INT64_MIN : (long long)level);
	if (strcmp(key, "t") == 0)
		return tpl_bool(out, level != 1);
	if (strcmp(key, "items") == 0 && level < 3)
		return tpl_list(out, 3, item, NULL);
	if (strcmp(key, "one") == 0)
		return tpl_list(out, 1, item, NULL);
	if (strcmp(key, "body_html") == 0)
		return tpl_str(out, "<b>ok</b>");
	if (strcmp(key, ".") == 0 && level > 0)
		return tpl_strn(out, "<.>", 3);
	if (strcmp(key, "fail") == 0)
		return -1;
	return tpl_none(out);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char	*src = (const char *)data, *nul;
	const struct tpl_ctx ctx = { lookup, NULL };
	struct tpl_set	*set;
	struct tpl_err	 err;
	struct arena	 a;
	struct buf	 b;
	size_t		 len = size;

	budget = 5000;
	if ((set = tpl_set_new()) == NULL)
		return 0;
	if ((nul = memchr(src, '\0', size)) != NULL) {
		len = (size_t)(nul - src);
		tpl_set_add(set, "p", nul + 1, size - len - 1, &err);
	}
	tpl_set_add(set, "header", "<h1>{{title}}</h1>", 18, &err);
	if (tpl_set_add(set, "main", src, len, &err) == TPL_OK &&
	    tpl_set_link(set, &err) == TPL_OK) {
		arena_init(&a, 1 << 22);
		buf_init(&b, &a);
		if (tpl_render(set, "main", &ctx, &b) == TPL_OK &&
		    memchr(src, '<', size) == NULL &&
		    memmem(b.data, b.len, "<", 1) != NULL &&
		    memmem(b.data, b.len, "<h1>", 4) == NULL &&
		    memmem(b.data, b.len, "<b>ok</b>", 9) == NULL)
			abort();	/* a "<" that came from a value */
		arena_free(&a);
	}
	tpl_set_free(set);
	return 0;
}
