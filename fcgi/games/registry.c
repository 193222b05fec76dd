/*
 * registry.c: the web side of every game (game_web.h), in the order
 * the lobby lists them.  A new game adds its line here and one in
 * engine/registry.c.
 */
#include "game_web.h"

#include <string.h>

extern const struct game_web gv_web, cm_web, vp_web, r500_web, six_web,
	    tsr_web;

static const struct game_web *const registry[] = {
	&gv_web,
	&cm_web,
	&vp_web,
	&r500_web,
	&six_web,
	&tsr_web,
	NULL
};

const struct game_web *
game_web_find(const char *slug)
{
	int	 i;

	if (slug == NULL)
		return NULL;
	for (i = 0; registry[i] != NULL; i++)
		if (strcmp(registry[i]->rules->slug, slug) == 0)
			return registry[i];
	return NULL;
}

const struct game_web *const *
game_web_all(void)
{
	return registry;
}
