/*
 * fuzz_move.c: the move parser of every registered game.
 *
 * Invariants checked: a move that parses formats to text that parses
 * again to the same canonical text, which fits GAME_MOVE_TEXT_MAX; a
 * refusal always comes with a sentence.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"

int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct game_rules *const	*all = game_all();
	struct game_move		 mv, again;
	char				 text[GAME_MOVE_TEXT_MAX + 64];
	char				 out[GAME_MOVE_TEXT_MAX], out2[GAME_MOVE_TEXT_MAX];
	char				 why[GAME_WHY_MAX];
	size_t				 n = size < sizeof(text) - 1 ? size : sizeof(text) - 1;
	int				 i;

	memcpy(text, data, n);
	text[n] = '\0';
	for (i = 0; all[i] != NULL; i++) {
		why[0] = '\0';
		if (all[i]->parse(text, &mv, why) != GAME_OK) {
			if (why[0] == '\0')
				abort();
			continue;
		}
		if (all[i]->format(&mv, out, sizeof(out)) >= sizeof(out))
			abort();
		if (all[i]->parse(out, &again, why) != GAME_OK)
			abort();
		all[i]->format(&again, out2, sizeof(out2));
		if (strcmp(out, out2) != 0)
			abort();
	}
	return 0;
}
