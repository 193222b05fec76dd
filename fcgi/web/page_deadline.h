/*
 * page_deadline.h: clocks and vacations on the pages (prefix
 * page_deadline_; the rules are deadline.h's).
 *
 * The game page lists each running clock ({{> clocks}}: the seat, the
 * time left, the moment it runs out in the viewer's zone, or "paused"
 * while its player is on vacation), and offers a player whose seat a
 * bot took over to play it again; "my games" shows one line per game
 * (the soonest clock among the seats to act); the account page shows
 * the vacation and a button to switch it on or off (POST
 * /account/vacation, signed in, CSRF).
 */
#ifndef TOPPER_PAGE_DEADLINE_H
#define TOPPER_PAGE_DEADLINE_H

#include <stdint.h>

struct page_game_names;
struct req;
struct store_game;
struct tpl_val;

/*
 * The clocks of g as a template list, each item with keys who, left
 * ("2 d 3 h left"), until ("2026-11-26 15:00 CET"), paused, mine; then
 * one item with reclaim set when a bot plays the viewer's seat.  Empty
 * when there is none of these.  Returns 0, or -1 (arena or database).
 */
int		 page_deadline_clocks(struct req *r, const struct store_game *g,
		    const struct page_game_names *names, struct tpl_val *out);

/*
 * One line for "my games" about game: the soonest clock among the
 * seats to act ("2 d 3 h left", "clock paused (vacation)"), or NULL
 * when no clock runs.
 */
const char	*page_deadline_summary(struct req *r, int64_t game);

/*
 * For the account page: *on (the vacation runs) and a sentence saying
 * until when and how many days are left this year (arena; NULL on a
 * database error).
 */
const char	*page_deadline_vacation_text(struct req *r, int64_t uid,
		    int *on);

/* POST /account/vacation: vacation=on|off; 303 back to /account. */
void		 page_deadline_vacation(struct req *r);

/*
 * POST /g/{id}/reclaim: the signed-in player takes back their seat from
 * the bot that took it after their time ran out; their clock starts
 * again if the seat must act.  303 back to the game; 409 when no bot
 * plays their seat there.
 */
void		 page_deadline_reclaim(struct req *r);

#endif /* TOPPER_PAGE_DEADLINE_H */
