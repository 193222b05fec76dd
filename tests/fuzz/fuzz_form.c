/*
 * fuzz_form.c: the urlencoded decoder and every validator.
 *
 * The input is parsed as a form against a table using each validator,
 * with the default limits and with small ones, then fed to each
 * validator whole.  Invariants checked: validated strings hold no NUL
 * before their length, and numbers read back as their text.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "form.h"

int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { F_PLY, F_N, F_MOVE, F_TEXT, F_CSRF, F_EMAIL, F_USER, F_ANY, F__MAX };

static const struct form_field fields[F__MAX] = {
	[F_PLY]   = { "ply",   form_uint,     FORM_REQUIRED, 0 },
	[F_N]     = { "n",     form_int,      0, 1000 },
	[F_MOVE]  = { "move",  form_line,     0, 0 },
	[F_TEXT]  = { "text",  form_text,     0, 50 },
	[F_CSRF]  = { "csrf",  form_token,    0, 0 },
	[F_EMAIL] = { "email", form_email,    0, 0 },
	[F_USER]  = { "user",  form_username, 0, 0 },
	[F_ANY]   = { "any",   NULL,          0, 0 },
};

static void
check(const struct form_val *v)
{
	size_t	 i;

	for (i = 0; i < F_ANY; i++)
		if (v[i].present && strlen(v[i].s) != v[i].len)
			abort();
	if (v[F_PLY].present && strtoull(v[F_PLY].s, NULL, 10) != v[F_PLY].u)
		abort();
	if (v[F_N].present && strtoll(v[F_N].s, NULL, 10) != v[F_N].i)
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char		*in = (const char *)data;
	struct form_limits	 small = { 3, 8 };
	struct form_val		 v[F__MAX], one;
	struct form_err		 err;
	struct arena		 a;
	char			*dst;
	size_t			 i, r0, r1;

	arena_init(&a, 1 << 22);
	if (form_parse(&a, fields, F__MAX, in, size, NULL, v, &err) == FORM_OK)
		check(v);
	else if (err.why[0] == '\0')
		abort();		/* every refusal explains itself */
	if (form_parse(&a, fields, F__MAX, in, size, &small, v, &err) ==
	    FORM_OK)
		check(v);
	if (size > 0 && (dst = arena_alloc(&a, size + 1)) != NULL) {
		r1 = form_urldecode(dst, in, size, 1);
		r0 = form_urldecode(dst, in, size, 0);
		if (r0 != r1)
			abort();	/* "+" is one byte either way */
		for (i = 0; i < F__MAX; i++) {
			if (fields[i].valid == NULL)
				continue;
			memset(&one, 0, sizeof(one));
			one.present = 1;
			one.s = in;
			one.len = size;
			fields[i].valid(&fields[i], &one);
		}
	}
	arena_free(&a);
	return 0;
}
