/*
 * page_scores.h: a game's score sheet, hand by hand, with a small plot
 * of the running totals (prefix page_scores_).
 *
 * The game page, its history and the end of a game show it through
 * partials/score_sheet.html: their handler calls page_scores_value()
 * and its lookup answers the key "score_sheet" with it.  It reads the
 * hands the engine reported (store_hands.h), whatever the game: one
 * column per seat, a row per hand with the running total and the
 * hand's change, a last row of totals, and the totals drawn as lines
 * (plot.h, SVG from the server, no script).
 */
#ifndef TOPPER_PAGE_SCORES_H
#define TOPPER_PAGE_SCORES_H

struct page_game_names;
struct req;
struct store_game;
struct tpl_val;

/*
 * *out: a one-item list for {{#score_sheet}} with g's hands as names
 * shows them; open: the table of hands shown unfolded (a finished
 * game, the history).  No hand ended yet: an empty list.  Returns 0,
 * or -1 after the arena or the database failed (out is then empty).
 */
int	page_scores_value(struct req *r, const struct store_game *g,
	    const struct page_game_names *names, int open,
	    struct tpl_val *out);

#endif /* TOPPER_PAGE_SCORES_H */
