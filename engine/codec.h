/*
 * codec.h: JSON at the edge of the engine (json-c).
 *
 * Records (DESIGN.md "Game records"), statuses, hand events and views
 * to and from JSON.  This and the codec_<game>.c files are the only
 * engine files that include json-c or allocate.  Every json_object
 * returned is owned by the caller (json_object_put once).
 */
#ifndef TOPPER_CODEC_H
#define TOPPER_CODEC_H

#include <stddef.h>

#include <json-c/json.h>

#include "game.h"
#include "record.h"

/* A record read from JSON, with the storage its arrays point to. */
struct codec_record {
	struct record		 rec;
	card_t			*decks;		/* owned */
	int			*decklen;	/* owned */
	struct record_move	*moves;		/* owned */
	int			 movecap;
};

/*
 * Parse a record's JSON text.  Returns 0 and fills *out (free with
 * codec_record_free), or -1 with a message naming the bad field in err.
 */
int	codec_record_parse(const char *text, struct codec_record *out,
	    char *err, size_t errsz);

/* Release what codec_record_parse() or codec_record_add_move() allocated. */
void	codec_record_free(struct codec_record *cr);

/*
 * Append a move to a record being built; returns -1 on allocation
 * failure or a text of GAME_MOVE_TEXT_MAX bytes or more.
 */
int	codec_record_add_move(struct codec_record *cr, int seat, const char *text);

/*
 * The record as JSON.  with_seed = 0 leaves the seed out (a game in
 * progress) and adds "seed_withheld": true.
 */
struct json_object *codec_record_json(const struct record *rec, int with_seed);

/* Options JSON object -> "key=value ..." (numbers, strings, booleans as 0/1). */
int	codec_options_text(struct json_object *obj, char *out, size_t outsz,
	    char *err, size_t errsz);

/* The status as JSON: to_act (seats), hand, over, scores, winners, ... */
struct json_object *codec_status_json(const struct game_rules *rules,
	    const struct game_status *st);

/* A hand's end as JSON: hand, kind, delta (nseats entries), text. */
struct json_object *codec_event_json(const struct game_event *ev, int nseats);

/*
 * A view (rules->view() output) as JSON, through the game's own codec
 * (found in registry.c); NULL when the game has no view codec.
 */
struct json_object *codec_view_json(const struct game_rules *rules,
	    const void *view);

/* A move list as JSON strings in canonical text. */
struct json_object *codec_moves_json(const struct game_rules *rules,
	    const struct game_move *mv, int n);

/* A card as its text, or JSON null for CARD_NONE (a hidden card); codec_card.c. */
struct json_object *codec_card_json(enum card_kind k, card_t c);

/* cards[0..n-1] as an array of codec_card_json(). */
struct json_object *codec_cards_json(enum card_kind k, const card_t *cards,
	    int n);

/* 1 when none of cards[0..n-1] is hidden (CARD_NONE). */
int	codec_cards_visible(const card_t *cards, int n);

/* Hex helpers: 64 hex digits <-> 32 bytes (0 / -1). */
int	codec_hex_decode(const char *hex, uint8_t out[32]);
void	codec_hex_encode(const uint8_t in[32], char out[65]);

/* Per game: the view of gin-vodka as JSON (codec_gin_vodka.c). */
struct json_object *codec_gin_vodka_view(const void *view);

/* Per game: the view of casino-macedonia as JSON (codec_casino.c). */
struct json_object *codec_casino_view(const void *view);

/* Per game: the view of vodkapolis-500 as JSON (codec_vodkapolis.c). */
struct json_object *codec_vodkapolis_view(const void *view);

/* Per game: the view of rummy-500 as JSON (codec_rummy500.c). */
struct json_object *codec_rummy500_view(const void *view);

/* Per game: the view of six-suit as JSON (codec_six_suit.c). */
struct json_object *codec_six_suit_view(const void *view);

/* Per game: the view of twelve-step-rummy as JSON (codec_twelve_step.c). */
struct json_object *codec_twelve_step_view(const void *view);

#endif /* TOPPER_CODEC_H */
