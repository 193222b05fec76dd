/*
 * page_mail.h: the mail pages (prefix page_mail_).
 *
 * GET /unsubscribe/{token} shows what the signed link (token.h,
 * TOKEN_UNSUBSCRIBE) would do and a button; POST to the same address
 * turns the user's mail off.  The POST is also RFC 8058's one-click
 * unsubscribe (List-Unsubscribe-Post: List-Unsubscribe=One-Click, sent
 * by mail providers without a cookie), so it needs no login and no
 * CSRF token: the signed token is the authority (R_SIGNED).  A forged
 * or altered token is refused with 403 and changes nothing.
 *
 * POST /account/mail (signed in, CSRF) sets the preference: every,
 * digest or off (mail_queue.h).
 */
#ifndef TOPPER_PAGE_MAIL_H
#define TOPPER_PAGE_MAIL_H

struct req;

void	page_mail_unsub_form(struct req *r);	/* GET /unsubscribe/{tok} */
void	page_mail_unsub(struct req *r);		/* POST /unsubscribe/{tok} */
void	page_mail_pref(struct req *r);		/* POST /account/mail */

#endif /* TOPPER_PAGE_MAIL_H */
