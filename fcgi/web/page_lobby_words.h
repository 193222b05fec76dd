/*
 * page_lobby_words.h: an open table's settings as a person reads them
 * (prefix page_lobby_words).
 *
 * The lobby lists each open table with its options in words, from the
 * engine's option descriptors (struct game_option: label, words), and
 * its time per move, never as stored keys and numbers.
 */
#ifndef TOPPER_PAGE_LOBBY_WORDS_H
#define TOPPER_PAGE_LOBBY_WORDS_H

#include <stdint.h>

struct arena;
struct game_option;
struct game_rules;

/*
 * The options of a table of rules, stored as "key=value key=value"
 * (games.options), in words with the engine's labels and values:
 * "Target score: 100; May I?: No".  An option at its default is left
 * out; "the usual rules" when none differs.  A key the rules do not
 * know is shown as stored.  In a; NULL when a refuses.
 */
const char	*page_lobby_words_options(struct arena *a,
		    const struct game_rules *rules, const char *stored);

/*
 * Option o's value v (as stored: a word or a number) as a person reads
 * it: the engine's says[] for it ("When one player is left" for
 * last_standing, "Yes" for 1), else v itself.
 */
const char	*page_lobby_words_value(const struct game_option *o,
		    const char *v);

/* A time per move in words: "3 days", "36 hours", "90 minutes". */
const char	*page_lobby_words_time(struct arena *a, int64_t secs);

#endif /* TOPPER_PAGE_LOBBY_WORDS_H */
