/*
 * acct_limit.h: the limits on games a player opens (README "Accounts"):
 * games_rate (N/SECONDS, default 10 an hour) counts the games a player
 * created lately, games_open (default 10) the games they created that
 * are not over.  Registrations per address are limited in page_auth.c
 * (register_rate) and link mails in acct_mail.c.
 */
#ifndef TOPPER_ACCT_LIMIT_H
#define TOPPER_ACCT_LIMIT_H

#include <stdint.h>

struct req;

/*
 * NULL when uid may open another game now; else the refusal to show
 * (in the arena: which limit, and when to try again), with the
 * Retry-After header set when waiting helps.  A database error is
 * logged and lets the game through.
 */
const char *acct_limit_games(struct req *r, int64_t uid);

#endif /* TOPPER_ACCT_LIMIT_H */
