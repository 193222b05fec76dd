/*
 * test_codec.c: game records, options, statuses and events to and from
 * JSON (codec.c).  Every malformed field must be named in the message.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "codec.h"
#include "deck.h"
#include "game.h"

#define SEED	"00112233445566778899aabbccddeeff" \
		"00112233445566778899AABBCCDDEEFF"

static void
test_record_parse(void **state)
{
	static const char	 text[] =
	    "{\"game\": \"gin-vodka\", \"notation\": 1,\n"
	    " \"options\": {\"target\": 75, \"recycle_cap\": 1},\n"
	    " \"seats\": 2, \"dealer\": 1, \"seed\": \"" SEED "\",\n"
	    " \"future_field\": [1, 2],\n"
	    " \"moves\": [{\"seat\": 0, \"move\": \"pass\"},\n"
	    "   {\"seat\": 1, \"move\": \"discard 3Rh\"}]}\n";
	struct codec_record	 cr;
	char			 err[256];

	(void)state;
	assert_int_equal(codec_record_parse(text, &cr, err, sizeof(err)), 0);
	assert_ptr_equal(cr.rec.rules, game_find("gin-vodka"));
	assert_string_equal(cr.rec.options, "target=75 recycle_cap=1");
	assert_int_equal(cr.rec.nseats, 2);
	assert_int_equal(cr.rec.dealer, 1);
	assert_int_equal(cr.rec.has_seed, 1);
	assert_int_equal(cr.rec.seed[0], 0x00);
	assert_int_equal(cr.rec.seed[1], 0x11);
	assert_int_equal(cr.rec.seed[31], 0xff);
	assert_int_equal(cr.rec.ndecks, 0);
	assert_int_equal(cr.rec.nmoves, 2);
	assert_int_equal(cr.rec.moves[1].seat, 1);
	assert_string_equal(cr.rec.moves[1].text, "discard 3Rh");
	codec_record_free(&cr);
}

/* Each malformed record, and the words its message must contain. */
static const struct {
	const char	*json;
	const char	*want;
} bad[] = {
	{ "", "not valid JSON" },
	{ "{\"game\": \"gin-vodka\",", "not valid JSON" },
	{ "{\"game\": \"gin-vodka\"} x", "text after" },
	{ "[1, 2]", "record: must be a JSON object" },
	{ "{\"notation\": 1, \"seats\": 2, \"seed\": \"" SEED "\"}",
	    "\"game\": missing" },
	{ "{\"game\": 7}", "\"game\"" },
	{ "{\"game\": \"chess\"}", "\"game\": no game \"chess\"" },
	{ "{\"game\": \"gin-vodka\", \"seats\": 2}", "\"notation\"" },
	{ "{\"game\": \"gin-vodka\", \"notation\": 2}", "\"notation\"" },
	{ "{\"game\": \"gin-vodka\", \"notation\": \"1\"}", "\"notation\"" },
	{ "{\"game\": \"gin-vodka\", \"notation\": 1.0}", "\"notation\"" },
	{ "{\"game\": \"gin-vodka\", \"notation\": 1, \"options\": [1]}",
	    "\"options\": must be an object" },
	{ "{\"game\": \"gin-vodka\", \"notation\": 1, \"options\": "
	    "{\"target\": {\"x\": 1}}}", "\"options\": \"target\"" },
	{ "{\"game\": \"gin-vodka\", \"notation\": 1, \"options\": "
	    "{\"target\": 1.5}}", "\"options\": \"target\"" },
	{ "{\"game\": \"gin-vodka\", \"notation\": 1, \"options\": "
	    "{\"name\": \"two words\"}}", "\"options\": \"name\"" },
	{ "{\"game\": \"gin-vodka\", \"notation\": 1, \"options\": "
	    "{\"a=b\": 1}}", "\"options\": bad key" },
	{ "{\"game\": \"gin-vodka\", \"notation\": 1}", "\"seats\"" },
	{ "{\"game\": \"gin-vodka\", \"notation\": 1, \"seats\": 3}",
	    "\"seats\": gin-vodka takes exactly 2 seats" },
	{ "{\"game\": \"gin-vodka\", \"notation\": 1, \"seats\": \"2\"}",
	    "\"seats\"" },
	{ "{\"game\": \"gin-vodka\", \"notation\": 1, \"seats\": 2, "
	    "\"dealer\": 2, \"seed\": \"" SEED "\"}", "\"dealer\"" },
	{ "{\"game\": \"gin-vodka\", \"notation\": 1, \"seats\": 2, "
	    "\"dealer\": -1, \"seed\": \"" SEED "\"}", "\"dealer\"" },
	{ "{\"game\": \"gin-vodka\", \"notation\": 1, \"seats\": 2, "
	    "\"seed\": \"00ff\"}", "\"seed\": must be 64 hex digits" },
	{ "{\"game\": \"gin-vodka\", \"notation\": 1, \"seats\": 2, "
	    "\"seed\": \"" "zz112233445566778899aabbccddeeff"
	    "00112233445566778899aabbccddeeff" "\"}", "\"seed\": must be" },
	{ "{\"game\": \"gin-vodka\", \"notation\": 1, \"seats\": 2, "
	    "\"seed\": 12}", "\"seed\": must be" },
	{ "{\"game\": \"gin-vodka\", \"notation\": 1, \"seats\": 2}",
	    "\"seed\": missing" },
	{ "{\"game\": \"gin-vodka\", \"notation\": 1, \"seats\": 2, "
	    "\"seed_withheld\": true}", "\"seed\": withheld" },
	{ "{\"game\": \"gin-vodka\", \"notation\": 1, \"seats\": 2, "
	    "\"seed\": \"" SEED "\", \"decks\": [[\"1Rc\"]]}",
	    "\"decks\": give either" },
	{ "{\"game\": \"gin-vodka\", \"notation\": 1, \"seats\": 2, "
	    "\"decks\": {}}", "\"decks\": must be an array" },
	{ "{\"game\": \"gin-vodka\", \"notation\": 1, \"seats\": 2, "
	    "\"decks\": []}", "\"decks\": empty" },
	{ "{\"game\": \"gin-vodka\", \"notation\": 1, \"seats\": 2, "
	    "\"decks\": [\"1Rc\"]}", "\"decks\": hand 1: must be an array" },
	{ "{\"game\": \"gin-vodka\", \"notation\": 1, \"seats\": 2, "
	    "\"decks\": [[\"1Rc\", \"2Rc\"], [\"1Rc\", \"TS\"]]}",
	    "\"decks\": hand 2, card 2: \"TS\" is not a card" },
	{ "{\"game\": \"gin-vodka\", \"notation\": 1, \"seats\": 2, "
	    "\"decks\": [[\"1Rc\", \"1Rcx\"]]}",
	    "\"decks\": hand 1, card 2: \"1Rcx\"" },
	{ "{\"game\": \"gin-vodka\", \"notation\": 1, \"seats\": 2, "
	    "\"decks\": [[\"1Rc\", 5]]}", "\"decks\": hand 1, card 2: not a "
	    "string" },
	{ "{\"game\": \"gin-vodka\", \"notation\": 1, \"seats\": 2, "
	    "\"seed\": \"" SEED "\", \"moves\": {}}", "\"moves\": must be" },
	{ "{\"game\": \"gin-vodka\", \"notation\": 1, \"seats\": 2, "
	    "\"seed\": \"" SEED "\", \"moves\": [{\"seat\": 0, \"move\": "
	    "\"pass\"}, {\"seat\": 2, \"move\": \"pass\"}]}",
	    "\"moves\": move 2: \"seat\" must be an integer from 0 to 1" },
	{ "{\"game\": \"gin-vodka\", \"notation\": 1, \"seats\": 2, "
	    "\"seed\": \"" SEED "\", \"moves\": [{\"seat\": 0}]}",
	    "\"moves\": move 1: \"move\" must be a string" },
	{ "{\"game\": \"gin-vodka\", \"notation\": 1, \"seats\": 2, "
	    "\"seed\": \"" SEED "\", \"moves\": [\"pass\"]}",
	    "\"moves\": move 1: must be" },
	{ "{\"game\": \"gin-vodka\", \"notation\": 1, \"seats\": 2, "
	    "\"seed\": \"" SEED "\", \"moves\": [{\"seat\": 0, \"move\": "
	    "\"pass\\ntake\"}]}", "\"moves\": move 1: \"move\" must be one "
	    "line" },
};

static void
test_record_errors(void **state)
{
	struct codec_record	 cr;
	char			 err[256];
	size_t			 i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = '\0';
		if (codec_record_parse(bad[i].json, &cr, err,
		    sizeof(err)) != -1 || strstr(err, bad[i].want) == NULL)
			fail_msg("case %zu: %s\n  got: %s\n  want: %s", i,
			    bad[i].json, err, bad[i].want);
		/* A failed parse leaves nothing to free. */
		assert_null(cr.moves);
		assert_null(cr.decks);
	}
}

/* record -> JSON -> record keeps every field; decks in card notation. */
static void
test_record_round_trip(void **state)
{
	struct codec_record	 a, b;
	struct json_object	*o, *f;
	card_t			 deck[2 * DECK_CARDS_MAX];
	int			 lens[2], i;
	char			 err[256], big[GAME_MOVE_TEXT_MAX + 1];

	(void)state;
	memset(&a, 0, sizeof(a));
	a.rec.rules = game_find("gin-vodka");
	snprintf(a.rec.options, sizeof(a.rec.options),
	    "target=60 recycle_cap=3");
	a.rec.nseats = 2;
	a.rec.dealer = -1;
	lens[0] = deck_fill(DECK_SQUARES, 1, deck);
	lens[1] = 3;
	deck[lens[0]] = card_tt_make(3, 3, 3);
	deck[lens[0] + 1] = card_tt_make(0, 0, 0);
	deck[lens[0] + 2] = card_tt_make(1, 2, 1);
	a.rec.decks = deck;
	a.rec.decklen = lens;
	a.rec.ndecks = 2;
	assert_int_equal(codec_record_add_move(&a, 1, "pass"), 0);
	memset(big, 'x', sizeof(big));
	big[GAME_MOVE_TEXT_MAX] = '\0';
	assert_int_equal(codec_record_add_move(&a, 1, big), -1);
	big[GAME_MOVE_TEXT_MAX - 1] = '\0';
	assert_int_equal(codec_record_add_move(&a, 1, big), 0);
	a.rec.nmoves--;
	for (i = 0; i < 100; i++)
		assert_int_equal(codec_record_add_move(&a, i % 2,
		    i % 3 ? "draw" : "knock 1Rc | 2Rc 3Rc 4Rc"), 0);
	o = codec_record_json(&a.rec, 1);
	assert_non_null(o);
	assert_false(json_object_object_get_ex(o, "seed", &f));
	assert_false(json_object_object_get_ex(o, "seed_withheld", &f));
	assert_false(json_object_object_get_ex(o, "dealer", &f));
	assert_true(json_object_object_get_ex(o, "decks", &f));
	assert_string_equal(json_object_get_string(json_object_array_get_idx(
	    json_object_array_get_idx(f, 1), 2)), "2Gh");
	assert_int_equal(codec_record_parse(json_object_to_json_string(o), &b,
	    err, sizeof(err)), 0);
	json_object_put(o);
	assert_ptr_equal(b.rec.rules, a.rec.rules);
	assert_string_equal(b.rec.options, a.rec.options);
	assert_int_equal(b.rec.nseats, 2);
	assert_int_equal(b.rec.dealer, -1);
	assert_int_equal(b.rec.has_seed, 0);
	assert_int_equal(b.rec.ndecks, 2);
	assert_memory_equal(b.rec.decklen, lens, sizeof(lens));
	assert_memory_equal(b.rec.decks, deck, (size_t)(lens[0] + lens[1]));
	assert_int_equal(b.rec.nmoves, 101);
	for (i = 0; i < 101; i++) {
		assert_int_equal(b.rec.moves[i].seat, a.rec.moves[i].seat);
		assert_string_equal(b.rec.moves[i].text, a.rec.moves[i].text);
	}
	codec_record_free(&b);

	/* With a seed: shown, or withheld (and then not replayable). */
	a.rec.ndecks = 0;
	a.rec.has_seed = 1;
	a.rec.dealer = 1;
	assert_int_equal(codec_hex_decode(SEED, a.rec.seed), 0);
	o = codec_record_json(&a.rec, 1);
	assert_true(json_object_object_get_ex(o, "seed", &f));
	assert_string_equal(json_object_get_string(f),
	    "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff");
	assert_int_equal(codec_record_parse(json_object_to_json_string(o), &b,
	    err, sizeof(err)), 0);
	json_object_put(o);
	assert_int_equal(b.rec.has_seed, 1);
	assert_memory_equal(b.rec.seed, a.rec.seed, 32);
	assert_int_equal(b.rec.dealer, 1);
	codec_record_free(&b);
	o = codec_record_json(&a.rec, 0);
	assert_false(json_object_object_get_ex(o, "seed", &f));
	assert_true(json_object_object_get_ex(o, "seed_withheld", &f));
	assert_true(json_object_get_boolean(f));
	assert_int_equal(codec_record_parse(json_object_to_json_string(o), &b,
	    err, sizeof(err)), -1);
	assert_non_null(strstr(err, "\"seed\": withheld"));
	json_object_put(o);
	codec_record_free(&a);
}

static void
test_options_text(void **state)
{
	struct json_object	*o;
	char			 out[RECORD_OPTIONS_MAX], small[12];
	char			 err[256];

	(void)state;
	o = json_tokener_parse("{\"target\": 75, \"fast\": true, "
	    "\"slow\": false, \"deck\": \"squares\", \"bonus\": -3}");
	assert_int_equal(codec_options_text(o, out, sizeof(out), err,
	    sizeof(err)), 0);
	assert_string_equal(out, "target=75 fast=1 slow=0 deck=squares "
	    "bonus=-3");
	assert_int_equal(codec_options_text(o, small, sizeof(small), err,
	    sizeof(err)), -1);
	assert_non_null(strstr(err, "\"options\": longer than 11"));
	json_object_put(o);
	assert_int_equal(codec_options_text(NULL, out, sizeof(out), err,
	    sizeof(err)), 0);
	assert_string_equal(out, "");
	o = json_tokener_parse("{\"x\": null}");
	assert_int_equal(codec_options_text(o, out, sizeof(out), err,
	    sizeof(err)), -1);
	assert_non_null(strstr(err, "\"options\": \"x\""));
	json_object_put(o);
	o = json_tokener_parse("{\"x\": \"\"}");
	assert_int_equal(codec_options_text(o, out, sizeof(out), err,
	    sizeof(err)), -1);
	json_object_put(o);
}

static void
test_hex(void **state)
{
	uint8_t	 b[32];
	char	 hex[65];

	(void)state;
	assert_int_equal(codec_hex_decode(SEED, b), 0);
	codec_hex_encode(b, hex);
	assert_string_equal(hex,
	    "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff");
	assert_int_equal(codec_hex_decode("00", b), -1);
	assert_int_equal(codec_hex_decode(NULL, b), -1);
	hex[10] = 'g';
	assert_int_equal(codec_hex_decode(hex, b), -1);
	assert_int_equal(codec_hex_decode(SEED "0", b), -1);
}

static void
test_status_event_moves(void **state)
{
	const struct game_rules	*gv = game_find("gin-vodka");
	struct game_status	 st;
	struct game_event	 ev;
	struct game_move	 mv[2];
	struct json_object	*o;
	char			 why[GAME_WHY_MAX];

	(void)state;
	memset(&st, 0, sizeof(st));
	st.nseats = 2;
	st.hand = 3;
	st.dealer = 1;
	st.to_act = 2;
	st.scores[0] = 12;
	st.scores[1] = 40;
	o = codec_status_json(gv, &st);
	assert_string_equal(json_object_to_json_string_ext(o,
	    JSON_C_TO_STRING_PLAIN), "{\"game\":\"gin-vodka\",\"to_act\":[1],"
	    "\"hand\":3,\"dealer\":1,\"over\":false,\"scores\":[12,40]}");
	json_object_put(o);
	st.over = 1;
	st.to_act = 0;
	st.winners = 2;
	st.nteams = 1;
	st.team_scores[0] = 52;
	o = codec_status_json(gv, &st);
	assert_string_equal(json_object_to_json_string_ext(o,
	    JSON_C_TO_STRING_PLAIN), "{\"game\":\"gin-vodka\",\"to_act\":[],"
	    "\"hand\":3,\"dealer\":1,\"over\":true,\"scores\":[12,40],"
	    "\"team_scores\":[52],\"winners\":[1]}");
	json_object_put(o);

	memset(&ev, 0, sizeof(ev));
	ev.hand = 2;
	snprintf(ev.kind, sizeof(ev.kind), "undercut");
	ev.delta[1] = 12;
	snprintf(ev.text, sizeof(ev.text), "Seat 1 \"undercuts\".");
	o = codec_event_json(&ev, 2);
	assert_string_equal(json_object_to_json_string_ext(o,
	    JSON_C_TO_STRING_PLAIN), "{\"hand\":2,\"kind\":\"undercut\","
	    "\"delta\":[0,12],\"text\":\"Seat 1 \\\"undercuts\\\".\"}");
	json_object_put(o);

	assert_int_equal(gv->parse("DISCARD 3rh", &mv[0], why), GAME_OK);
	assert_int_equal(gv->parse("draw", &mv[1], why), GAME_OK);
	o = codec_moves_json(gv, mv, 2);
	assert_string_equal(json_object_to_json_string_ext(o,
	    JSON_C_TO_STRING_PLAIN), "[\"discard 3Rh\",\"draw\"]");
	json_object_put(o);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_record_parse),
		cmocka_unit_test(test_record_errors),
		cmocka_unit_test(test_record_round_trip),
		cmocka_unit_test(test_options_text),
		cmocka_unit_test(test_hex),
		cmocka_unit_test(test_status_event_moves),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
