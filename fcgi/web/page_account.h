/*
 * page_account.h: the pages that make an account trustworthy: verify
 * an address (/verify/TOKEN), a password reset by mail (/reset,
 * /reset/TOKEN), and the account page's forms to send the verify link
 * again, change the password (asks the current one) or the address
 * (asks the password; the new address must be verified), and log out
 * everywhere.  Their routes are in route.c; nginx sends /reset and
 * /account/password and /account/email to the readers, since they hash
 * (README "Accounts").
 *
 * Link refusals: a link that is not ours or was altered is a 403; an
 * expired one, or one already used (the password or address changed
 * since: store_account.h), a 410.  Each page says what to do instead.
 */
#ifndef TOPPER_PAGE_ACCOUNT_H
#define TOPPER_PAGE_ACCOUNT_H

struct req;

void	page_account_verify_form(struct req *r);	/* GET /verify/{tok} */
void	page_account_verify(struct req *r);		/* POST /verify/{tok} */
void	page_account_verify_send(struct req *r);	/* POST /account/verify */
void	page_account_reset_form(struct req *r);		/* GET /reset */
void	page_account_reset_ask(struct req *r);		/* POST /reset */
void	page_account_reset_link(struct req *r);		/* GET /reset/{tok} */
void	page_account_reset_set(struct req *r);		/* POST /reset/{tok} */
void	page_account_password(struct req *r);		/* POST /account/password */
void	page_account_email(struct req *r);		/* POST /account/email */
void	page_account_logout_all(struct req *r);		/* POST /account/logout-all */
void	page_account_confirm(struct req *r);		/* POST /account/confirm */

#endif /* TOPPER_PAGE_ACCOUNT_H */
