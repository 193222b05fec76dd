/*
 * cli_games.c: "topper games", the games this program knows, one line
 * each: slug, seats (min-max) and name, tab-separated, in the lobby's
 * order.  Tests take the list of games from here, so a new game is
 * tested the moment it is registered.
 */
#include "cli.h"

#include <stdio.h>

#include "game.h"

int
cli_games(int argc, char **argv)
{
	const struct game_rules *const	*all = game_all();
	int				 i;

	(void)argv;
	if (argc != 1)
		return cli_usage("games");
	for (i = 0; all[i] != NULL; i++)
		printf("%s\t%d-%d\t%s\n", all[i]->slug, all[i]->seats_min,
		    all[i]->seats_max, all[i]->name);
	return 0;
}
