/*
 * routes.c: the program's URL table and what the web layer plugs into
 * the request loop (routes.h).
 */
#include "routes.h"

#include "api_game.h"
#include "page_account.h"
#include "page_archive.h"
#include "auth.h"
#include "page.h"
#include "page_auth.h"
#include "page_deadline.h"
#include "page_feed.h"
#include "page_game.h"
#include "page_history.h"
#include "page_leave.h"
#include "page_lobby.h"
#include "page_mail.h"
#include "page_invite.h"
#include "page_mlink.h"
#include "page_rating.h"
#include "page_rules.h"
#include "page_table.h"
#include "page_user.h"
#include "resp.h"
#include "route.h"

/* GET /healthz: no database, tiny body (DESIGN.md "Speed"). */
static void
healthz(struct req *r)
{
	resp_text(r, 200, "ok\n");
}

/*
 * Every route.  POST routes say how they are authorised (R_POST_CSRF,
 * R_SIGNED or R_API); only POST routes write (R_WRITES); GET routes may
 * at most R_TOUCH.  tests/unit/test_route.c checks these rules on this
 * very table.
 */
static const struct route routes[] = {
	{ REQ_GET,	"/healthz",		healthz,	0 },
	/* The page's poll, the most served request: matched early. */
	{ REQ_GET,	"/api/games/{id}/ply",	api_game_ply,	R_API },
	{ REQ_GET,	"/",			page_auth_home,	0 },
	{ REQ_GET,	"/register",		page_auth_register_form, 0 },
	{ REQ_POST,	"/register",		page_auth_register, R_POST_CSRF | R_WRITES },
	{ REQ_GET,	"/login",		page_auth_login_form, 0 },
	{ REQ_POST,	"/login",		page_auth_login, R_POST_CSRF | R_WRITES },
	{ REQ_POST,	"/logout",		page_auth_logout, R_LOGIN | R_POST_CSRF | R_WRITES },
	{ REQ_GET,	"/account",		page_auth_account, R_LOGIN | R_TOUCH },
	{ REQ_POST,	"/account/token",	page_auth_token, R_LOGIN | R_POST_CSRF | R_WRITES },
	{ REQ_POST,	"/account/token/revoke", page_auth_token_revoke, R_LOGIN | R_POST_CSRF | R_WRITES },
	{ REQ_POST,	"/account/verify",	page_account_verify_send, R_LOGIN | R_POST_CSRF | R_WRITES },
	{ REQ_POST,	"/account/password",	page_account_password, R_LOGIN | R_POST_CSRF | R_WRITES },
	{ REQ_POST,	"/account/email",	page_account_email, R_LOGIN | R_POST_CSRF | R_WRITES },
	{ REQ_POST,	"/account/logout-all",	page_account_logout_all, R_LOGIN | R_POST_CSRF | R_WRITES },
	{ REQ_POST,	"/account/confirm",	page_account_confirm, R_LOGIN | R_POST_CSRF | R_WRITES },
	{ REQ_GET,	"/verify/{tok:s}",	page_account_verify_form, 0 },
	{ REQ_POST,	"/verify/{tok:s}",	page_account_verify, R_SIGNED | R_WRITES },
	{ REQ_GET,	"/reset",		page_account_reset_form, 0 },
	{ REQ_POST,	"/reset",		page_account_reset_ask, R_POST_CSRF | R_WRITES },
	{ REQ_GET,	"/reset/{tok:s}",	page_account_reset_link, 0 },
	{ REQ_POST,	"/reset/{tok:s}",	page_account_reset_set, R_POST_CSRF | R_WRITES },
	{ REQ_POST,	"/account/tz",		page_auth_tz,	R_LOGIN | R_POST_CSRF | R_WRITES },
	{ REQ_POST,	"/account/mail",	page_mail_pref,	R_LOGIN | R_POST_CSRF | R_WRITES },
	{ REQ_POST,	"/account/feed",	page_feed_make,	R_LOGIN | R_POST_CSRF | R_WRITES },
	{ REQ_POST,	"/account/feed/revoke",	page_feed_revoke, R_LOGIN | R_POST_CSRF | R_WRITES },
	{ REQ_GET,	"/feed/{tok:s}",	page_feed_atom,	0 },
	{ REQ_POST,	"/account/vacation",	page_deadline_vacation, R_LOGIN | R_POST_CSRF | R_WRITES },
	{ REQ_GET,	"/unsubscribe/{tok:s}",	page_mail_unsub_form, 0 },
	{ REQ_POST,	"/unsubscribe/{tok:s}",	page_mail_unsub, R_SIGNED | R_WRITES },
	{ REQ_GET,	"/m/{tok:s}",		page_mlink_show, 0 },
	{ REQ_POST,	"/m/{tok:s}",		page_mlink_play, R_SIGNED | R_WRITES },
	{ REQ_GET,	"/i/{tok:s}",		page_invite_show, 0 },
	{ REQ_POST,	"/i/{tok:s}",		page_invite_link, R_SIGNED | R_WRITES },
	{ REQ_GET,	"/lobby",		page_lobby_show, R_LOGIN | R_TOUCH },
	{ REQ_POST,	"/lobby/new",		page_lobby_new,	R_LOGIN | R_POST_CSRF | R_WRITES },
	{ REQ_GET,	"/games",		page_lobby_games, R_LOGIN | R_TOUCH },
	{ REQ_GET,	"/g/{id}",		page_game_show,	R_TOUCH },
	{ REQ_POST,	"/g/{id}/move",		page_game_move,	R_LOGIN | R_POST_CSRF | R_WRITES },
	{ REQ_POST,	"/g/{id}/join",		page_lobby_join, R_LOGIN | R_POST_CSRF | R_WRITES },
	{ REQ_POST,	"/g/{id}/invite",	page_invite_answer, R_LOGIN | R_POST_CSRF | R_WRITES },
	{ REQ_POST,	"/g/{id}/chat",		page_table_chat, R_LOGIN | R_POST_CSRF | R_WRITES },
	{ REQ_POST,	"/g/{id}/mute",		page_table_mute, R_LOGIN | R_POST_CSRF | R_WRITES },
	{ REQ_POST,	"/g/{id}/note",		page_table_note, R_LOGIN | R_POST_CSRF | R_WRITES },
	{ REQ_POST,	"/g/{id}/reclaim",	page_deadline_reclaim, R_LOGIN | R_POST_CSRF | R_WRITES },
	{ REQ_POST,	"/g/{id}/resign",	page_leave_resign, R_LOGIN | R_POST_CSRF | R_WRITES },
	{ REQ_POST,	"/g/{id}/abort",	page_leave_abort, R_LOGIN | R_POST_CSRF | R_WRITES },
	{ REQ_POST,	"/g/{id}/rematch",	page_leave_rematch, R_LOGIN | R_POST_CSRF | R_WRITES },
	{ REQ_GET,	"/g/{id}/history",	page_history_show, R_TOUCH },
	{ REQ_GET,	"/g/{id}/record.json",	page_archive_record, R_TOUCH },
	{ REQ_GET,	"/archive",		page_archive_show, R_TOUCH },
	{ REQ_GET,	"/u/{name:s}",		page_user_show,	R_TOUCH },
	{ REQ_POST,	"/u/{name:s}/block",	page_user_block, R_LOGIN | R_POST_CSRF | R_WRITES },
	{ REQ_GET,	"/rules",		page_rules_index, 0 },
	{ REQ_GET,	"/rules/{slug:s}",	page_rules_show, 0 },
	{ REQ_GET,	"/ratings",		page_rating_index, R_TOUCH },
	{ REQ_GET,	"/ratings/{slug:s}",	page_rating_board, R_TOUCH },
	{ REQ_GET,	"/api/games/{id}",	api_game_show,	R_API },
	{ REQ_POST,	"/api/games/{id}/moves", api_game_move,	R_API | R_LOGIN | R_WRITES },
	{ REQ_POST,	"/api/games/{id}/resign", api_leave_resign, R_API | R_LOGIN | R_WRITES },
	{ REQ_POST,	"/api/games/{id}/abort", api_leave_abort, R_API | R_LOGIN | R_WRITES },
	{ REQ_POST,	"/api/games/{id}/rematch", api_leave_rematch, R_API | R_LOGIN | R_WRITES },
};

const struct route *
routes_table(size_t *n)
{
	*n = sizeof(routes) / sizeof(routes[0]);
	return routes;
}

void
routes_dispatch(struct req *r)
{
	size_t			 n;
	const struct route	*t = routes_table(&n);

	route_dispatch_table(r, t, n);
}

void
routes_install(void)
{
	auth_install();
	resp_set_error_page(page_error);
}
