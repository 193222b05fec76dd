/*
 * mail_turn.h: sentences of a game mail said from the reader's side
 * (prefix mail_turn_): when their move is due, in their own zone, and
 * who won, in their words ("You won.", "Bo won.", "You and Bo won.").
 */
#ifndef TOPPER_MAIL_TURN_H
#define TOPPER_MAIL_TURN_H

#include <stdint.h>

#include "db.h"

struct buf;
struct page_game_names;

/*
 * "Your move is due by 2026-11-30 00:25 CET (2 d 23 h left)." for the
 * seat's running clock, in the zone of the seat's player, appended to
 * b; nothing when the seat has no clock.  DB_OK or the error.
 */
enum db_rc	mail_turn_due(struct db *db, int64_t game, int seat,
		    int64_t now, struct buf *b);

/* "You won." / "Bo won." / "You and Bo won." for winners (a bitmask). */
void		mail_turn_winners(struct buf *b,
		    const struct page_game_names *nm, uint32_t winners);

#endif /* TOPPER_MAIL_TURN_H */
