/*
 * page_table.h: what surrounds a game at its table: the chat and the
 * viewer's private note (prefix page_table_).
 *
 *	POST /g/{id}/chat	a seated player writes (text, one line,
 *				at most STORE_SOCIAL_CHAT_MAX characters)
 *	POST /g/{id}/mute	mute=1 hides the table's chat from the
 *				viewer (page and mail), mute=0 shows it
 *	POST /g/{id}/note	a seated player's own note (note, "" to
 *				delete), seen by its author only
 *
 * The game and history pages show them through partials/table.html:
 * their handler calls page_table_value() and its lookup answers the key
 * "table" with it.  Who sees what is store_social.h's to decide.
 */
#ifndef TOPPER_PAGE_TABLE_H
#define TOPPER_PAGE_TABLE_H

struct req;
struct store_game;
struct tpl_val;

/*
 * *out: a one-item list for {{#table}}, holding the chat of g as the
 * signed-in viewer (seated at seat, or -1) may read it, and, when
 * with_note is set and the viewer is seated, the viewer's own note and
 * the forms to write.  Returns 0, or -1 after the arena or the
 * database failed (the page then shows no table section).
 */
int	page_table_value(struct req *r, const struct store_game *g, int seat,
	    int with_note, struct tpl_val *out);

void	page_table_chat(struct req *r);
void	page_table_mute(struct req *r);
void	page_table_note(struct req *r);

#endif /* TOPPER_PAGE_TABLE_H */
