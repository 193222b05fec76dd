/*
 * fuzz_cookie.c: the Cookie header parser.
 *
 * The input's first line is the cookie name, the rest the header.
 * Invariant checked: a value found is text of the header, without ";".
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "form.h"

int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct arena	 a;
	char		*copy, *header, *nl;
	const char	*val;

	arena_init(&a, 0);
	if ((copy = arena_strndup(&a, (const char *)data, size)) == NULL)
		abort();
	if ((nl = strchr(copy, '\n')) != NULL) {
		*nl = '\0';
		header = nl + 1;
	} else
		header = copy;
	val = form_cookie(&a, header, copy);
	if (val != NULL && (strchr(val, ';') != NULL ||
	    strstr(header, val) == NULL))
		abort();
	form_cookie(&a, header, "sid");
	arena_free(&a);
	return 0;
}
