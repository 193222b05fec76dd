/*
 * codec_card.c: cards as JSON, for codec.c and every game's view codec
 * (codec_<game>.c); kept apart so a game's codec never depends on the
 * records and the registry that codec.c reaches.
 */
#include "codec.h"

struct json_object *
codec_card_json(enum card_kind k, card_t c)
{
	char	 tok[CARD_TEXT_MAX];

	if (c == CARD_NONE || !card_valid(k, c))
		return NULL;
	card_format(k, c, tok);
	return json_object_new_string(tok);
}

struct json_object *
codec_cards_json(enum card_kind k, const card_t *cards, int n)
{
	struct json_object	*a = json_object_new_array();
	int			 i;

	for (i = 0; i < n; i++)
		json_object_array_add(a, codec_card_json(k, cards[i]));
	return a;
}

int
codec_cards_visible(const card_t *cards, int n)
{
	int	 i;

	for (i = 0; i < n; i++)
		if (cards[i] == CARD_NONE)
			return 0;
	return 1;
}
