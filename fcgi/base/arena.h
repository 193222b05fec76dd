/*
 * arena.h: bump allocator for one request.
 *
 * Everything a handler allocates lives until arena_reset() at the end
 * of the request, so handlers never call free().  Allocation failure
 * (malloc refused, or the per-request limit reached) is sticky in
 * a->failed and checked once, before the reply is sent.
 */
#ifndef TOPPER_ARENA_H
#define TOPPER_ARENA_H

#include <stddef.h>

struct arena_block;

struct arena {
	struct arena_block	*head;		/* newest block first */
	size_t			 limit;		/* bytes allowed per request; 0 = none */
	size_t			 used;		/* bytes handed out since the last reset */
	int			 failed;	/* set on the first refusal */
};

/* An empty arena with a per-request limit (0: unlimited). */
void	 arena_init(struct arena *a, size_t limit);

/* n bytes aligned for any type, or NULL with a->failed set. */
void	*arena_alloc(struct arena *a, size_t n);
void	*arena_calloc(struct arena *a, size_t n);
void	*arena_memdup(struct arena *a, const void *p, size_t n);
char	*arena_strdup(struct arena *a, const char *s);
char	*arena_strndup(struct arena *a, const char *s, size_t n);	/* NUL-terminated */
char	*arena_printf(struct arena *a, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));

/* Drop every allocation; keeps the first block for the next request. */
void	 arena_reset(struct arena *a);

/* Release everything (process exit). */
void	 arena_free(struct arena *a);

#endif /* TOPPER_ARENA_H */
