/*
 * mail_quiet.h: the quiet rule (prefix mail_quiet_): no game mail to a
 * player who is at the table.
 *
 * A game mail (outbox kind 'game', not an invitation) is decided at its
 * first claim, before it is composed:
 *	drop	the player has moved in the game since the ply the mail is
 *		about: they know, and the mail would be stale;
 *	hold	the player looked at the game (its page or the page's poll,
 *		seats.seen_at) less than mail.quiet minutes ago: the row
 *		waits until mail.quiet minutes after that look, then is
 *		decided again (so it goes out once the player is away that
 *		long, and never if they move first);
 *	send	otherwise.
 * mail.quiet = 0 turns holding off; dropping stays.  The digest and
 * off preferences act earlier, when the row is queued (mail_queue.h).
 */
#ifndef TOPPER_MAIL_QUIET_H
#define TOPPER_MAIL_QUIET_H

#include <stdint.h>

#include "db.h"

enum mail_quiet {
	MAIL_QUIET_SEND = 0,
	MAIL_QUIET_HOLD,
	MAIL_QUIET_DROP
};

/*
 * Decide the mail to user about game at ply, at time now, with quiet
 * seconds of quiet.  *until gets the time to decide again (HOLD).
 * DB_OK, or the database error.
 */
enum db_rc	mail_quiet_decide(struct db *db, int64_t user, int64_t game,
		    int ply, int64_t now, int64_t quiet, enum mail_quiet *out,
		    int64_t *until);

/*
 * Carry the decision out on outbox row id: a held row goes back
 * unclaimed (the claim's attempt undone) until *until; a dropped row
 * is deleted, and a digest hold it caused is lifted.
 */
enum db_rc	mail_quiet_apply(struct db *db, int64_t id, int64_t user,
		    enum mail_quiet q, int64_t until);

#endif /* TOPPER_MAIL_QUIET_H */
