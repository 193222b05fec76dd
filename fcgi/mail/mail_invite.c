/*
 * mail_invite.c: the invitation mail and its answer link
 * (mail_invite.h).
 */
#include "mail_invite.h"

#include <stdio.h>
#include <string.h>

#include "arena.h"
#include "bot_name.h"
#include "buf.h"
#include "game.h"
#include "mail_compose.h"
#include "mail_html.h"
#include "store_game.h"
#include "store_invite.h"
#include "store_user.h"
#include "when.h"

int
mail_invite_sign(const uint8_t key[TOKEN_KEY_BYTES], int64_t user,
    int64_t game, int seat, int64_t id, int64_t expires,
    char out[TOKEN_TEXT_MAX])
{
	struct token	 t = { TOKEN_INVITE, user, game, seat, id, expires };

	return token_sign(&t, key, out);
}

enum token_rc
mail_invite_verify(const char *text, size_t len,
    const uint8_t key[TOKEN_KEY_BYTES], int64_t now, struct token *t)
{
	return token_verify(text, len, TOKEN_INVITE, key, now, t);
}

/* "3 days", "36 hours", "90 minutes". */
static void
put_time(struct buf *b, int64_t secs)
{
	if (secs % 86400 == 0)
		buf_printf(b, "%lld day%s", (long long)(secs / 86400),
		    secs == 86400 ? "" : "s");
	else if (secs % 3600 == 0)
		buf_printf(b, "%lld hours", (long long)(secs / 3600));
	else
		buf_printf(b, "%lld minutes", (long long)(secs / 60));
}

/* Who sits where, from the reader's side: "Ann, Bot Ben (bot), you". */
static void
put_players(struct db *db, const struct store_game *g, int reader,
    const struct store_invite *inv, int ninv, struct buf *b)
{
	struct store_user	 u;
	int			 s, i;

	for (s = 0; s < g->nseats; s++) {
		if (s > 0)
			buf_puts(b, ", ");
		if (s == reader) {
			buf_puts(b, "you");
			continue;
		}
		if (g->user[s] != 0 && g->is_bot[s]) {
			buf_printf(b, "%s (a bot)", bot_name(s));
			continue;
		}
		if (g->user[s] != 0) {
			buf_puts(b, store_user_by_id(db, g->user[s], &u) ==
			    STORE_USER_OK ? u.name : "a player");
			continue;
		}
		for (i = 0; i < ninv && !(inv[i].seat == s &&
		    inv[i].state == STORE_INVITE_WAITING); i++)
			;
		if (i < ninv)
			buf_printf(b, "%s (invited)", inv[i].name);
		else
			buf_puts(b, "an open seat");
	}
}

int
mail_invite_compose(struct db *db, struct arena *a,
    const struct mail_conf *mc, const struct mail_game_row *row,
    int64_t now, struct mail_msg *out)
{
	struct store_invite	 v, *inv;
	struct store_game	 g;
	struct store_user	 me;
	struct buf		 b, subj;
	char			 tok[TOKEN_TEXT_MAX], when[WHEN_TIME_MAX];
	const char		*link, *game_url;
	int			 ninv;

	(void)now;		/* the invitation's own expiry signs the link */
	memset(out, 0, sizeof(*out));
	if (store_invite_find(db, row->game, row->user, &v) != DB_OK ||
	    store_game_load(db, a, row->game, &g) != DB_OK ||
	    store_user_by_id(db, row->user, &me) != STORE_USER_OK)
		return 1;
	if (store_invite_of_game(db, a, g.id, &inv, &ninv) != DB_OK)
		return -1;
	if (mail_invite_sign(mc->key, v.user, v.game, v.seat, v.id,
	    v.expires, tok) != 0)
		return 1;
	game_url = arena_printf(a, "%s/g/%lld", mc->base_url,
	    (long long)g.id);
	if (game_url == NULL)
		return -1;
	buf_init(&subj, a);
	buf_printf(&subj, "%s invites you: %s #%lld", v.from_name,
	    g.rules->name, (long long)g.id);
	buf_putc(&subj, '\0');

	buf_init(&b, a);
	buf_printf(&b, "%s invites you to a game of %s (#%lld), %d players, ",
	    v.from_name, g.rules->name, (long long)g.id, g.nseats);
	put_time(&b, v.move_secs);
	buf_puts(&b, " per move.\n\nPlayers: ");
	put_players(db, &g, v.seat, inv, ninv, &b);
	buf_puts(&b, ".\n\n");
	buf_printf(&b, "Accept or decline (no login needed; the page asks "
	    "before it does anything):\n  %s/i/%s\n\n", mc->base_url, tok);
	buf_printf(&b, "The invitation runs until %s; unanswered by then, "
	    "it lapses and your seat opens to anyone.\n",
	    when_format(me.tz, v.expires, when));
	buf_puts(&b, "No clock runs until every invited player has "
	    "accepted: then the game starts.\n");
	buf_printf(&b, "\nThe rules: %s/rules/%s\nThe table: %s\n",
	    mc->base_url, g.rules->slug, game_url);
	if (mail_compose_unsub(a, mc, row->user, "", &link) == NULL)
		return -1;
	buf_printf(&b, "\n-- \nYou get this mail because %s named you at "
	    "%s.\nMail settings: %s/account\nStop all mail: %s\n",
	    v.from_name, mc->base_url, mc->base_url, link);
	buf_putc(&b, '\0');
	if (b.failed || subj.failed)
		return -1;
	out->subject = subj.data;
	out->text = b.data;
	out->headers = mail_compose_unsub(a, mc, row->user, "", NULL);
	out->html = mail_html_of_text(a, subj.data, b.data, game_url);
	return out->headers != NULL && out->html != NULL ? 0 : -1;
}
