/*
 * page_lobby_form.h: one new-game form of the lobby, as the form
 * builder (page_lobby_forms.c) offers it and POST /lobby/new
 * (page_lobby_new.c) reads it back.
 */
#ifndef TOPPER_PAGE_LOBBY_FORM_H
#define TOPPER_PAGE_LOBBY_FORM_H

#include "game.h"
#include "page_lobby.h"

/* One form: a game, and what the person chose (or the defaults). */
struct lobby_form {
	const struct game_rules	*rules;
	int			 seats;		/* players chosen */
	int			 open;		/* the <details> starts open */
	const char		*opp[GAME_SEATS_MAX];	/* [k], k >= 1 */
	const char		*invitee[GAME_SEATS_MAX];
	const char		*value[PAGE_LOBBY_OPTIONS_MAX];	/* as typed */
	int			 nopts;
};

struct lobby_forms {
	struct lobby_form	 f[PAGE_LOBBY_GAMES_MAX];
	int			 n;
};

/* What the seat rows offer: "bot", "open", "invite". */
extern const char *const page_lobby_opp_values[];

/* The field names of seat row k: "opponent" for the first other seat,
 * "opponent3" for the third; row 0 is the creator's and never sent. */
extern const char *const page_lobby_opp_fields[GAME_SEATS_MAX];
extern const char *const page_lobby_inv_fields[GAME_SEATS_MAX];

#endif /* TOPPER_PAGE_LOBBY_FORM_H */
