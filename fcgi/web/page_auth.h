/*
 * page_auth.h: the account pages: register, log in, log out, account
 * (personal API token), and the home page.
 *
 * Forms that fail re-render with the message and the visitor's input
 * (never the password): 400 for a bad field, 401 for a wrong password,
 * 409 for a taken name, 429 when the login rate limit is reached.
 * Their routes are in route.c.
 */
#ifndef TOPPER_PAGE_AUTH_H
#define TOPPER_PAGE_AUTH_H

#include <stdint.h>

struct req;

/* "45 seconds", "3 minutes", "2 hours": a wait, in the arena. */
const char *page_auth_wait_text(struct req *r, int64_t secs);

void	page_auth_home(struct req *r);		/* GET / */
void	page_auth_register_form(struct req *r);	/* GET /register */
void	page_auth_register(struct req *r);	/* POST /register */
void	page_auth_login_form(struct req *r);	/* GET /login */
void	page_auth_login(struct req *r);		/* POST /login */
void	page_auth_logout(struct req *r);	/* POST /logout */
void	page_auth_account(struct req *r);	/* GET /account */
void	page_auth_token(struct req *r);		/* POST /account/token */
void	page_auth_token_revoke(struct req *r);	/* POST /account/token/revoke */
void	page_auth_tz(struct req *r);		/* POST /account/tz */

/* The account page with status and error (NULL: none), for other forms. */
void	page_auth_account_show(struct req *r, int status, const char *error);

#endif /* TOPPER_PAGE_AUTH_H */
