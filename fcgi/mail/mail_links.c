/*
 * mail_links.c: signed one-tap move links for turn mails
 * (mail_links.h).
 */
#include "mail_links.h"

#include <stdio.h>
#include <string.h>

#include "arena.h"
#include "buf.h"
#include "game.h"
#include "mail_compose.h"

int
mail_links_sign(const uint8_t key[TOKEN_KEY_BYTES], int64_t user,
    int64_t game, int seat, int ply, int k, int64_t expires,
    char out[TOKEN_TEXT_MAX])
{
	struct token	 t;

	out[0] = '\0';
	if (ply < 0 || ply >= (1 << MAIL_LINKS_PLY_BITS) || k < 0 ||
	    k > MAIL_LINKS_K_MAX)
		return -1;
	t = (struct token){ TOKEN_MOVE, user, game, seat,
	    (int64_t)ply | (int64_t)k << MAIL_LINKS_PLY_BITS, expires };
	return token_sign(&t, key, out);
}

enum token_rc
mail_links_verify(const char *text, size_t len,
    const uint8_t key[TOKEN_KEY_BYTES], int64_t now, struct token *t, int *k)
{
	enum token_rc	 rc;

	*k = -1;
	if ((rc = token_verify(text, len, TOKEN_MOVE, key, now, t)) !=
	    TOKEN_OK)
		return rc;
	*k = (int)(t->ply >> MAIL_LINKS_PLY_BITS);
	t->ply &= (1 << MAIL_LINKS_PLY_BITS) - 1;
	return TOKEN_OK;
}

int
mail_links_put(struct arena *a, const struct mail_conf *mc,
    const struct game_rules *rules, const void *view, int64_t user,
    int64_t game, int seat, int ply, int64_t now, struct buf *b)
{
	struct game_move	*mv;
	char			 text[GAME_MOVE_TEXT_MAX], tok[TOKEN_TEXT_MAX];
	int			 n, i;

	if ((mv = arena_alloc(a, GAME_LEGAL_MAX * sizeof(*mv))) == NULL)
		return -1;
	n = rules->legal(view, seat, mv, GAME_LEGAL_MAX);
	if (n > GAME_LEGAL_MAX)
		n = GAME_LEGAL_MAX;
	if (n <= 0)
		return 0;
	buf_puts(b, "\nPlay a move with one tap (each link opens a page that "
	    "shows it first):\n");
	for (i = 0; i < n && i < MAIL_LINKS_MAX; i++) {
		if (rules->format(&mv[i], text, sizeof(text)) >= sizeof(text) ||
		    mail_links_sign(mc->key, user, game, seat, ply, i,
		    now + MAIL_REPLY_DAYS * 86400, tok) != 0)
			continue;
		buf_printf(b, "  %s  %s/m/%s\n", text, mc->base_url, tok);
	}
	if (n > MAIL_LINKS_MAX)
		buf_printf(b, "  (%d more moves on the site)\n",
		    n - MAIL_LINKS_MAX);
	return b->failed ? -1 : 0;
}
