/*
 * page_invite.h: answering an invitation (prefix page_invite_), on the
 * game page or from the mail (store_invite.h, mail_invite.h).
 *
 * GET /i/TOKEN shows the invitation (who, which game, until when) with
 * two buttons; POST /i/TOKEN with answer=accept or answer=decline acts
 * (no login: the signed token is the authority, R_SIGNED), so a mail
 * scanner that opens the link answers nothing.  POST /g/{id}/invite
 * does the same for the signed-in invitee from the game page, then
 * 303 to the game.  Either refuses, changing nothing and saying why:
 * a link altered or not made here (403), a link of another player's
 * while someone else is signed in (403), an invitation expired (410)
 * or answered already (409), an answer other than the two (400).
 * Each answer tells the inviter (mail_queue_answer()).
 */
#ifndef TOPPER_PAGE_INVITE_H
#define TOPPER_PAGE_INVITE_H

#include <stdint.h>

struct page_game_names;
struct req;
struct store_game;
struct tpl_val;

void	 page_invite_show(struct req *r);	/* GET /i/{tok} */
void	 page_invite_link(struct req *r);	/* POST /i/{tok} */
void	 page_invite_answer(struct req *r);	/* POST /g/{id}/invite */

/*
 * The game page's part (key "invites"): one line per invitation of g
 * ("Waiting for Bo to accept", "Bo declined on ..."), and mine when
 * user uid has a waiting one (the page shows the buttons then).  *out
 * stays none when g has no invitation.  *free_seat: whether g has an
 * open seat that no waiting invitation holds (one anyone may take).
 * 0, or -1 on a failure (*out none, *free_seat as if none were held).
 * names (may be NULL): a held seat's "Open seat" becomes "Bo
 * (invited)" (or "Bo" when that does not fit).
 */
int	 page_invite_value(struct req *r, const struct store_game *g,
	    int64_t uid, struct tpl_val *out, int *free_seat,
	    struct page_game_names *names);

#endif /* TOPPER_PAGE_INVITE_H */
