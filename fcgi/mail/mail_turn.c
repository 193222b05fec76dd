/*
 * mail_turn.c: the reader's deadline and result (mail_turn.h).
 */
#include "mail_turn.h"

#include <stdio.h>

#include "buf.h"
#include "game.h"
#include "page_game_kit.h"
#include "when.h"

static const char SQL_DUE[] =
    "SELECT s.deadline, u.tz FROM seats s JOIN users u ON u.id = s.\"user\" "
    "WHERE s.game = ?1 AND s.seat = ?2 AND s.deadline IS NOT NULL";

enum db_rc
mail_turn_due(struct db *db, int64_t game, int seat, int64_t now,
    struct buf *b)
{
	char		 when[WHEN_TIME_MAX], left[WHEN_LEFT_MAX];
	struct db_stmt	*st;
	int64_t		 due;
	int		 rc;

	if ((st = db_stmt(db, SQL_DUE)) == NULL)
		return DB_ERROR;
	db_bind_int64(st, 1, game);
	db_bind_int(st, 2, seat);
	if ((rc = db_step(st)) == DB_ROW) {
		due = db_column_int64(st, 0);
		buf_printf(b, "Your move is due by %s (%s).\n",
		    when_format((const char *)db_column_text(st, 1), due,
		    when), when_left(due - now, left));
	} else if (rc != DB_DONE)
		return db_fail(db, st);
	db_reset(st);
	return DB_OK;
}

void
mail_turn_winners(struct buf *b, const struct page_game_names *nm,
    uint32_t winners)
{
	int	 s, k = 0, total = game_seat_count(winners);

	for (s = 0; s < nm->nseats; s++) {
		if (!(winners & (UINT32_C(1) << s)))
			continue;
		if (k > 0)
			buf_puts(b, k == total - 1 ? " and " : ", ");
		buf_puts(b, s == nm->viewer ? (k == 0 ? "You" : "you") :
		    nm->name[s]);
		k++;
	}
	buf_puts(b, k == 0 ? "Nobody won." : " won.");
}
