/*
 * game_web.c: from a game's rules to its web side (game_web.h), for
 * the shared pages, the history and the mail (page_game_kit.h).
 */
#include "game_web.h"

#include <string.h>

#include "buf.h"
#include "page_game_kit.h"
#include "tpl.h"
#include "words.h"

static const char *const *
assets(const char *const *list, int *n)
{
	for (*n = 0; *n < GAME_WEB_ASSETS_MAX && list[*n] != NULL; (*n)++)
		continue;
	return list;
}

const char *const *
game_web_css(const struct game_web *web, int *n)
{
	return assets(web->css, n);
}

const char *const *
game_web_js(const struct game_web *web, int *n)
{
	return assets(web->js, n);
}

int
game_web_can_undo(struct req *r, const struct game_web *web,
    const void *view, int seat)
{
	struct game_move	*legal;
	char			 text[GAME_MOVE_TEXT_MAX];
	int			 n, i;

	if (web == NULL || web->undo == NULL || seat < 0)
		return 0;
	legal = page_game_legal(r, web->rules, view, seat, &n);
	for (i = 0; i < n; i++) {
		web->rules->format(&legal[i], text, sizeof(text));
		if (strcmp(text, web->undo) == 0)
			return 1;
	}
	return 0;
}

int
page_game_board(struct req *r, const struct game_rules *rules,
    const void *view, const struct page_game_names *names, int mode,
    struct tpl_val *out)
{
	const struct game_web	*web = game_web_find(rules->slug);

	if (web == NULL || web->board == NULL)
		return tpl_none(out);
	return web->board(r, view, names, mode, out);
}

int
page_game_play(struct req *r, const struct game_rules *rules,
    const void *view, const struct page_game_names *names, int seat,
    struct tpl_val *out)
{
	const struct game_web	*web = game_web_find(rules->slug);

	if (seat < 0 || web == NULL || web->play == NULL)
		return page_game_one(r, out, 0, NULL, NULL);
	return web->play(r, view, names, seat, out);
}

void
page_game_took(const struct game_rules *rules,
    const struct record_move *moves, int n, const void *now, card_t *took)
{
	const struct game_web	*web = game_web_find(rules->slug);
	int			 i;

	if (web != NULL && web->took != NULL) {
		web->took(moves, n, now, took);
		return;
	}
	for (i = 0; i < n; i++)
		took[i] = CARD_NONE;
}

void
page_game_words(struct words *w, const struct game_rules *rules,
    const struct page_game_names *names, int seat, const char *text,
    const void *before, card_t took)
{
	const struct game_web	*web = game_web_find(rules->slug);

	words_name(w, page_game_who(names, seat));
	if (web != NULL && web->words != NULL &&
	    web->words(w, names, seat, text, before, took) == 0)
		return;
	words_put(w, " played ");
	words_code(w, text);
	words_put(w, ".");
}
