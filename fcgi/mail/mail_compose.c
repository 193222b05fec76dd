/*
 * mail_compose.c: messages on the wire (mail_compose.h), and what every
 * mail needs besides its words: the settings from topper.conf, the bare
 * address, the unsubscribe headers.  Game mails in words are in
 * mail_compose_game.c.
 */
#include "mail_compose.h"

#include <string.h>

#include "arena.h"
#include "config.h"
#include "mail_mime.h"

void
mail_conf_of(const struct config *cf, struct mail_conf *mc)
{
	const char	*from, *at, *end;
	size_t		 n;

	memset(mc, 0, sizeof(*mc));
	mc->base_url = cf->base_url != NULL ? cf->base_url : "";
	from = config_get(cf, "mail.from");
	mc->from = from != NULL ? from : "Topper <topper@localhost>";
	mc->reply_to = config_get(cf, "mail.reply_to");
	if (mc->reply_to != NULL && mc->reply_to[0] == '\0')
		mc->reply_to = NULL;
	mc->domain = "localhost";
	if ((at = strrchr(mc->from, '@')) != NULL) {
		at++;
		for (end = at; *end != '\0' && *end != '>' && *end != ' '; end++)
			;
		n = (size_t)(end - at);
		if (n > 0 && n < sizeof(mc->domain_buf)) {
			memcpy(mc->domain_buf, at, n);
			mc->domain_buf[n] = '\0';
			mc->domain = mc->domain_buf;
		}
	}
}

char *
mail_compose_addr(struct arena *a, const char *s)
{
	const char	*lt, *gt;

	if ((lt = strchr(s, '<')) != NULL && (gt = strchr(lt, '>')) != NULL)
		return arena_strndup(a, lt + 1, (size_t)(gt - lt - 1));
	return arena_strdup(a, s);
}

char *
mail_compose_unsub(struct arena *a, const struct mail_conf *mc, int64_t user,
    const char *headers, const char **link)
{
	struct token	 t = { TOKEN_UNSUBSCRIBE, user, 0, TOKEN_SEAT_NONE, 0, 0 };
	char		 tok[TOKEN_TEXT_MAX];
	char		*url;

	if (token_sign(&t, mc->key, tok) != 0)
		return NULL;
	if ((url = arena_printf(a, "%s/unsubscribe/%s", mc->base_url, tok)) ==
	    NULL)
		return NULL;
	if (link != NULL)
		*link = url;
	return arena_printf(a, "%s%sList-Unsubscribe: <%s>\r\n"
	    "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
	    headers != NULL ? headers : "",
	    headers != NULL && headers[0] != '\0' ? "\r\n" : "", url);
}

/* The MIME is GMime's (mail_mime.c). */
char *
mail_compose_message(struct arena *a, const struct mail_conf *mc,
    const char *to, const struct mail_msg *m, const char *message_id,
    int64_t date, size_t *len)
{
	const char	*id;

	if ((id = arena_printf(a, "%s@%s", message_id, mc->domain)) == NULL)
		return NULL;
	return mail_mime_write(a, mc->from, to, m->subject, m->text, m->html,
	    m->headers, id, date, len);
}
