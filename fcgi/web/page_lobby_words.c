/*
 * page_lobby_words.c: an open table's settings in words
 * (page_lobby_words.h).
 */
#include "page_lobby_words.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "buf.h"
#include "game.h"

static const struct game_option *
option_of(const struct game_rules *rules, const char *key)
{
	const struct game_option	*o;

	for (o = rules->options; o != NULL && o->key != NULL; o++)
		if (strcmp(o->key, key) == 0)
			return o;
	return NULL;
}

/* Whether the text v is option o's default (its word, or the number). */
static int
is_default(const struct game_option *o, const char *v)
{
	char	*end;
	long	 n;

	if (o == NULL)
		return 0;
	if (o->words != NULL)
		return o->def >= 0 && o->words[0] != NULL &&
		    strcmp(v, o->words[o->def]) == 0;
	n = strtol(v, &end, 10);
	return end != v && *end == '\0' && n == o->def;
}

const char *
page_lobby_words_value(const struct game_option *o, const char *v)
{
	char	*end;
	long	 n;
	int	 i;

	if (o == NULL || o->says == NULL)
		return v;
	if (o->words != NULL) {
		for (i = 0; o->words[i] != NULL; i++)
			if (strcmp(o->words[i], v) == 0)
				return o->says[i];
		return v;
	}
	n = strtol(v, &end, 10);
	if (end == v || *end != '\0' || n < o->lo || n > o->hi)
		return v;
	return o->says[n - o->lo];
}

const char *
page_lobby_words_options(struct arena *a, const struct game_rules *rules,
    const char *stored)
{
	const struct game_option	*o;
	const char			*p = stored != NULL ? stored : "";
	char				 key[64], val[64];
	struct buf			 b;
	size_t				 len;
	int				 n = 0;

	buf_init(&b, a);
	/* "key=value key=value", as setup() reads them. */
	while (*p != '\0') {
		while (*p == ' ')
			p++;
		len = strcspn(p, " ");
		if (len == 0)
			break;
		if (sscanf(p, "%63[^= ]=%63[^ ]", key, val) == 2) {
			o = option_of(rules, key);
			if (!is_default(o, val)) {
				buf_puts(&b, n++ > 0 ? "; " : "");
				buf_puts(&b, o != NULL && o->label != NULL ?
				    o->label : key);
				buf_puts(&b, ": ");
				buf_puts(&b, page_lobby_words_value(o, val));
			}
		}
		p += len;
	}
	if (n == 0)
		buf_puts(&b, "the usual rules");
	return b.failed ? NULL : b.data;
}

const char *
page_lobby_words_time(struct arena *a, int64_t secs)
{
	int64_t		 n;
	const char	*unit;

	if (secs % 86400 == 0) {
		n = secs / 86400;
		unit = "day";
	} else if (secs % 3600 == 0) {
		n = secs / 3600;
		unit = "hour";
	} else {
		n = (secs + 59) / 60;
		unit = "minute";
	}
	return arena_printf(a, "%lld %s%s", (long long)n, unit,
	    n == 1 ? "" : "s");
}
