/*
 * tpl_impl.h: the compiled form of a template, shared by the files of
 * the tpl module only (tpl.c compiles, tpl_render.c renders, tpl_set.c
 * keeps and links named sets); everyone else uses tpl.h.
 */
#ifndef TOPPER_TPL_IMPL_H
#define TOPPER_TPL_IMPL_H

#include <stddef.h>

#include "tpl.h"

enum opcode { OP_TEXT, OP_VAR, OP_RAW, OP_SECTION, OP_INVERTED, OP_PARTIAL };

struct tpl_op {
	enum opcode		 code;
	const char		*s;	/* text, or a NUL-terminated key */
	size_t			 n;	/* length of s */
	size_t			 end;	/* sections: first op after the body */
	int			 line;
	const struct tpl	*partial;	/* OP_PARTIAL, once linked */
};

struct tpl {
	char		*src;		/* owned copy of the text */
	struct tpl_op	*ops;
	size_t		 nops;
	size_t		 capops;
};

/* Fill err (line and message) and return TPL_ERR_SYNTAX. */
enum tpl_rc	tpl_fail(struct tpl_err *err, int line, const char *fmt, ...)
		    __attribute__((format(printf, 3, 4)));

#endif /* TOPPER_TPL_IMPL_H */
