/*
 * arena.c: bump allocator for one request (STYLE.md 3.3).
 *
 * Blocks come from malloc and are chained newest first.  A request
 * bumps an offset in the newest block; an allocation that does not fit
 * opens a new block (its own block when larger than the default size).
 * The per-request limit counts the bytes handed out, so one request
 * cannot make the process grow without bound.  Once an allocation is
 * refused, a->failed stays set and every later allocation returns NULL
 * until arena_reset(), like SQLite's mallocFailed: a half-built page
 * is never sent, and the reply is turned into a 500 in one place.
 */
#include "arena.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
	ALIGN = _Alignof(max_align_t),
	BLOCK_SIZE = 256 * 1024		/* default block payload: a whole game page fits */
};

struct arena_block {
	struct arena_block	*next;	/* older block */
	size_t			 size;	/* payload bytes */
	size_t			 off;	/* bytes used in the payload */
	max_align_t		 data[];	/* payload, any type fits */
};

void
arena_init(struct arena *a, size_t limit)
{
	a->head = NULL;
	a->limit = limit;
	a->used = 0;
	a->failed = 0;
}

static void *
refuse(struct arena *a)
{
	a->failed = 1;
	return NULL;
}

/* A new block with room for at least n bytes, pushed as the head. */
static struct arena_block *
grow(struct arena *a, size_t n)
{
	struct arena_block	*b;
	size_t			 size;

	size = n > BLOCK_SIZE ? n : BLOCK_SIZE;
	if (size > SIZE_MAX - sizeof(*b))
		return NULL;
	if ((b = malloc(sizeof(*b) + size)) == NULL)
		return NULL;
	b->size = size;
	b->off = 0;
	b->next = a->head;
	a->head = b;
	return b;
}

void *
arena_alloc(struct arena *a, size_t n)
{
	struct arena_block	*b;
	void			*p;

	if (a->failed)
		return NULL;
	if (n == 0)
		n = 1;			/* distinct pointers, never NULL */
	if (n > SIZE_MAX - ALIGN)
		return refuse(a);
	n = (n + ALIGN - 1) & ~(size_t)(ALIGN - 1);
	if (a->limit != 0 && (n > a->limit || a->used > a->limit - n))
		return refuse(a);
	b = a->head;
	if (b == NULL || b->size - b->off < n) {
		/*
		 * An oversized request gets a block of its own behind the
		 * head, so the head keeps its free tail for small ones.
		 */
		if (b != NULL && n > BLOCK_SIZE) {
			if ((b = grow(a, n)) == NULL)
				return refuse(a);
			a->head = b->next;
			b->next = a->head->next;
			a->head->next = b;
		} else if ((b = grow(a, n)) == NULL)
			return refuse(a);
	}
	p = (char *)b->data + b->off;
	b->off += n;
	a->used += n;
	return p;
}

void *
arena_calloc(struct arena *a, size_t n)
{
	void	*p;

	if ((p = arena_alloc(a, n)) != NULL)
		memset(p, 0, n);
	return p;
}

void *
arena_memdup(struct arena *a, const void *src, size_t n)
{
	void	*p;

	if ((p = arena_alloc(a, n)) != NULL && n > 0)
		memcpy(p, src, n);
	return p;
}

char *
arena_strndup(struct arena *a, const char *s, size_t n)
{
	char	*p;

	if (n == SIZE_MAX)
		return refuse(a);
	if ((p = arena_alloc(a, n + 1)) == NULL)
		return NULL;
	if (n > 0)
		memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *
arena_strdup(struct arena *a, const char *s)
{
	return arena_strndup(a, s, strlen(s));
}

char *
arena_printf(struct arena *a, const char *fmt, ...)
{
	va_list	 ap;
	char	*p;
	int	 n;

	if (a->failed)
		return NULL;
	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return refuse(a);
	if ((p = arena_alloc(a, (size_t)n + 1)) == NULL)
		return NULL;
	va_start(ap, fmt);
	vsnprintf(p, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return p;
}

/* Frees b and every older block. */
static void
free_chain(struct arena_block *b)
{
	struct arena_block	*next;

	for (; b != NULL; b = next) {
		next = b->next;
		free(b);
	}
}

void
arena_reset(struct arena *a)
{
	struct arena_block	*b, *next, *keep;

	/*
	 * Keep the oldest block of the default size (the first one opened,
	 * unless an oversized block went behind it); a huge block from one
	 * request is not worth holding for the next.
	 */
	keep = NULL;
	for (b = a->head; b != NULL; b = b->next)
		if (b->size == BLOCK_SIZE)
			keep = b;
	for (b = a->head; b != NULL; b = next) {
		next = b->next;
		if (b != keep)
			free(b);
	}
	a->head = keep;
	if (keep != NULL) {
		keep->next = NULL;
		keep->off = 0;
	}
	a->used = 0;
	a->failed = 0;
}

void
arena_free(struct arena *a)
{
	free_chain(a->head);
	a->head = NULL;
	a->used = 0;
	a->failed = 0;
}
