/*
 * fuzz_record.c: game records (the JSON of "topper play", "topper
 * import" and bug reports), parsed, replayed and written back.
 *
 * Invariants checked: a refusal names what is wrong; a record that
 * parses is written back as JSON that parses again to the same record
 * (game, seats, dealer, moves); its replay stops at a move or plays
 * them all, and a second replay reaches the same state byte for byte.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "codec.h"
#include "game.h"
#include "record.h"

int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { MOVES_FUZZED = 400 };	/* a replay longer than this is not fuzzing */

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct codec_record	 cr, again;
	struct record_result	 res, res2;
	struct json_object	*o;
	char			*text, err[512];
	const char		*out;
	uint8_t			*st, *st2, *scratch;
	int			 i, rc, rc2;

	if ((text = malloc(size + 1)) == NULL)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	memset(&cr, 0, sizeof(cr));
	err[0] = '\0';
	if (codec_record_parse(text, &cr, err, sizeof(err)) != 0) {
		if (err[0] == '\0')
			abort();
		free(text);
		return 0;
	}
	if ((o = codec_record_json(&cr.rec, 1)) == NULL)
		abort();
	out = json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN);
	memset(&again, 0, sizeof(again));
	if (codec_record_parse(out, &again, err, sizeof(err)) != 0)
		abort();		/* what we write we read back */
	if (again.rec.rules != cr.rec.rules || again.rec.nseats !=
	    cr.rec.nseats || again.rec.nmoves != cr.rec.nmoves)
		abort();
	for (i = 0; i < cr.rec.nmoves; i++)
		if (again.rec.moves[i].seat != cr.rec.moves[i].seat ||
		    strcmp(again.rec.moves[i].text, cr.rec.moves[i].text) != 0)
			abort();
	json_object_put(o);
	codec_record_free(&again);
	if (cr.rec.nmoves <= MOVES_FUZZED) {
		size_t	 n = cr.rec.rules->state_size;

		st = calloc(1, n);
		st2 = calloc(1, n);
		scratch = calloc(1, n);
		if (st == NULL || st2 == NULL || scratch == NULL)
			abort();
		rc = record_replay(&cr.rec, -1, st, scratch, NULL, NULL, &res);
		rc2 = record_replay(&cr.rec, -1, st2, scratch, NULL, NULL,
		    &res2);
		if (rc != rc2 || res.ply != res2.ply ||
		    (rc != 2 && memcmp(st, st2, n) != 0))
			abort();	/* a replay is a function of the record */
		if (rc != 0 && res.why[0] == '\0')
			abort();
		free(st);
		free(st2);
		free(scratch);
	}
	codec_record_free(&cr);
	free(text);
	return 0;
}
