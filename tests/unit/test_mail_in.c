/*
 * test_mail_in.c: the reply parser of moves by reply (mail_in.h):
 * headers (folded, any case), the token in the recipient headers,
 * MIME (alternative, mixed, nested, attachments), quoted-printable and
 * base64, charsets, the first unquoted line, automatic mail, and what
 * is not a message at all.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "arena.h"
#include "mail_in.h"
#include "token.h"

/* A token-shaped string (47 of [A-Za-z0-9_-]); the parser does not verify. */
#define TOK "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcdefghi"
#define TOK2 "ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ"

static struct arena	 a;

static int
parse(const char *msg, struct mail_in *m)
{
	char	 why[MAIL_IN_WHY_MAX];
	int	 rc;

	arena_reset(&a);
	rc = mail_in_parse(&a, msg, strlen(msg), m, why);
	if (rc != 0)
		assert_true(why[0] != '\0');	/* every refusal says why */
	return rc;
}

static void
test_token_is_47(void **state)
{
	(void)state;
	assert_int_equal(strlen(TOK), TOKEN_TEXT_LEN);
	assert_int_equal(strlen(TOK2), TOKEN_TEXT_LEN);
}

static void
test_plain_reply(void **state)
{
	struct mail_in	 m;

	(void)state;
	assert_int_equal(parse(
	    "From: Alice <alice@example.org>\r\n"
	    "To: Topper <play+" TOK "@cards.example>\r\n"
	    "Subject: Re: Your turn\r\n"
	    "Message-ID: <abc@mail.example.org>\r\n"
	    "\r\n"
	    "  draw  \r\n"
	    "\r\n"
	    "On Mon, 23 Nov 2026 at 10:00, Topper <play+" TOK
	    "@cards.example> wrote:\r\n"
	    "> Your turn.\r\n", &m), 0);
	assert_string_equal(m.from, "alice@example.org");
	assert_string_equal(m.message_id, "<abc@mail.example.org>");
	assert_int_equal(m.ntokens, 1);
	assert_string_equal(m.tokens[0], TOK);
	assert_true(m.has_text);
	assert_false(m.automatic);
	assert_string_equal(m.line, "draw");
}

static void
test_folded_headers_and_priority(void **state)
{
	struct mail_in	 m;

	(void)state;
	assert_int_equal(parse(
	    "from: \"Doe, Jane\" <jane@example.org>\n"
	    "REPLY-TO:\n"
	    "\t<jane.reply@example.org>\n"
	    "To: someone@example.org,\n"
	    " \"Topper, the server\" <play+" TOK2 "@cards.example>\n"
	    "Delivered-To: play+" TOK "@cards.example\n"
	    "\n"
	    "discard 3Rc\n", &m), 0);
	/* Reply-To wins over From; the envelope header comes first. */
	assert_string_equal(m.from, "jane.reply@example.org");
	assert_int_equal(m.ntokens, 2);
	assert_string_equal(m.tokens[0], TOK);
	assert_string_equal(m.tokens[1], TOK2);
	assert_string_equal(m.line, "discard 3Rc");
}

static void
test_quoted_first(void **state)
{
	struct mail_in	 m;

	(void)state;
	/* Bottom-posting: the quote, then the move. */
	assert_int_equal(parse(
	    "From: a@example.org\nTo: play+" TOK "@x.example\n\n"
	    "Topper wrote:\n"
	    "> It is your turn.\n"
	    ">\n"
	    "> Your moves now: draw, take\n"
	    "\n"
	    "take\n", &m), 0);
	assert_string_equal(m.line, "take");
	/* An attribution folded over two lines, above the quote. */
	assert_int_equal(parse(
	    "From: a@example.org\nTo: play+" TOK "@x.example\n\n"
	    "\n"
	    "On Mon, 23 Nov 2026 at 10:00, Topper\n"
	    "<play+" TOK "@x.example> wrote:\n"
	    "> draw\n"
	    "knock 5Bs\n", &m), 0);
	assert_string_equal(m.line, "knock 5Bs");
	/* Only quotes and a signature: no move line. */
	assert_int_equal(parse(
	    "From: a@example.org\nTo: play+" TOK "@x.example\n\n"
	    "> draw\n\n-- \ndraw\n", &m), 0);
	assert_true(m.has_text);
	assert_string_equal(m.line, "");
	/* Outlook: everything under the marker is the old mail. */
	assert_int_equal(parse(
	    "From: a@example.org\nTo: play+" TOK "@x.example\n\n"
	    "\n-----Original Message-----\nFrom: Topper\n\ndraw\n", &m), 0);
	assert_string_equal(m.line, "");
}

static void
test_first_line(void **state)
{
	char	 out[MAIL_IN_LINE_MAX];
	char	 big[600];

	(void)state;
	assert_int_equal(mail_in_first_line("\xef\xbb\xbf\xc2\xa0 pass\n", 11,
	    out), 4);
	assert_string_equal(out, "pass");
	assert_int_equal(mail_in_first_line("", 0, out), 0);
	assert_string_equal(out, "");
	/* "On" starting a move line that is no attribution stays a move. */
	mail_in_first_line("On it\n", 6, out);
	assert_string_equal(out, "On it");
	/* A long line is cut to the buffer, NUL-terminated. */
	memset(big, 'x', sizeof(big));
	assert_int_equal(mail_in_first_line(big, sizeof(big), out),
	    MAIL_IN_LINE_MAX - 1);
	/* A bare CR ends the line too (found by fuzz_mail). */
	mail_in_first_line("take\rdraw\n", 10, out);
	assert_string_equal(out, "take");
	/* A NUL inside ends the line. */
	mail_in_first_line("dr\0aw\n", 6, out);
	assert_string_equal(out, "dr");
}

static void
test_alternative_qp(void **state)
{
	struct mail_in	 m;

	(void)state;
	assert_int_equal(parse(
	    "From: a@example.org\r\nTo: play+" TOK "@x.example\r\n"
	    "MIME-Version: 1.0\r\n"
	    "Content-Type: multipart/alternative;\r\n"
	    "\tboundary=\"==b1==\"\r\n"
	    "\r\n"
	    "This is a multi-part message.\r\n"
	    "--==b1==\r\n"
	    "Content-Type: text/html; charset=utf-8\r\n"
	    "\r\n"
	    "<p>pass</p>\r\n"
	    "--==b1==\r\n"
	    "Content-Type: text/plain; charset=\"UTF-8\"\r\n"
	    "Content-Transfer-Encoding: quoted-printable\r\n"
	    "\r\n"
	    "dis=\r\ncard =33Rc=20\r\n"
	    "=3E quoted\r\n"
	    "--==b1==--\r\n", &m), 0);
	assert_true(m.has_text);
	assert_string_equal(m.line, "discard 3Rc");
}

static void
test_nested_base64_attachment(void **state)
{
	struct mail_in	 m;

	(void)state;
	/* "take\n\n> draw\n" in base64. */
	assert_int_equal(parse(
	    "From: a@example.org\nTo: play+" TOK "@x.example\n"
	    "Content-Type: multipart/mixed; boundary=outer\n\n"
	    "--outer\n"
	    "Content-Type: text/plain\n"
	    "Content-Disposition: attachment; filename=notes.txt\n\n"
	    "pass\n"
	    "--outer\n"
	    "Content-Type: multipart/alternative; boundary=\"inner\"\n\n"
	    "--inner\n"
	    "Content-Type: text/plain; charset=us-ascii\n"
	    "Content-Transfer-Encoding: base64\n\n"
	    "dGFrZQoKPiBk\n"
	    "cmF3Cg==\n"
	    "--inner--\n"
	    "--outer--\n", &m), 0);
	assert_true(m.has_text);
	assert_string_equal(m.line, "take");
}

static void
test_unreadable_parts(void **state)
{
	struct mail_in	 m;

	(void)state;
	/* HTML only: a message, but no text to read. */
	assert_int_equal(parse(
	    "From: a@example.org\nTo: play+" TOK "@x.example\n"
	    "Content-Type: text/html\n\n<p>draw</p>\n", &m), 0);
	assert_false(m.has_text);
	assert_non_null(strstr(m.text_why, "plain text"));
	/* Bad base64: GMime skips what is not base64; still a message. */
	assert_int_equal(parse(
	    "From: a@example.org\nTo: play+" TOK "@x.example\n"
	    "Content-Transfer-Encoding: base64\n\n!!!not base64\n", &m), 0);
	assert_null(strchr(m.line, '!'));
	/* Multipart without a boundary parameter, or without the lines. */
	assert_int_equal(parse(
	    "From: a@example.org\nContent-Type: multipart/mixed\n\nx\n", &m),
	    0);
	assert_false(m.has_text);
	assert_int_equal(parse(
	    "From: a@example.org\nContent-Type: multipart/mixed; "
	    "boundary=zz\n\nno parts here\n", &m), 0);
	assert_false(m.has_text);
	assert_non_null(strstr(m.text_why, "no text"));
	/* Latin-1 with a non-ASCII line: converted to UTF-8 (GMime). */
	assert_int_equal(parse(
	    "From: a@example.org\n"
	    "Content-Type: text/plain; charset=iso-8859-1\n\n"
	    "d\xe9" "fausse\n", &m), 0);
	assert_true(m.has_text);
	assert_string_equal(m.line, "d\xc3\xa9" "fausse");
	/* ... but an ASCII move in Latin-1 is fine. */
	assert_int_equal(parse(
	    "From: a@example.org\n"
	    "Content-Type: text/plain; charset=iso-8859-1\n\n"
	    "draw\n-- \nR\xe9" "my\n", &m), 0);
	assert_string_equal(m.line, "draw");
}

static void
test_automatic(void **state)
{
	struct mail_in	 m;

	(void)state;
	assert_int_equal(parse("From: a@example.org\nAuto-Submitted: "
	    "auto-replied\n\nI am away\n", &m), 0);
	assert_true(m.automatic);
	assert_int_equal(parse("From: a@example.org\nAuto-Submitted: no\n\n"
	    "draw\n", &m), 0);
	assert_false(m.automatic);
	assert_int_equal(parse("From: a@example.org\nPrecedence: bulk\n\nx\n",
	    &m), 0);
	assert_true(m.automatic);
	assert_int_equal(parse("Return-Path: <>\nFrom: x@example.org\n\nx\n",
	    &m), 0);
	assert_true(m.automatic);
	assert_int_equal(parse("From: MAILER-DAEMON@example.org\n\nx\n", &m),
	    0);
	assert_true(m.automatic);
}

static void
test_not_a_message(void **state)
{
	struct mail_in	 m;

	(void)state;
	assert_int_equal(parse("", &m), -1);
	assert_int_equal(parse("just some text\nwithout headers\n", &m), -1);
	assert_int_equal(parse("\n\ndraw\n", &m), -1);
	assert_int_equal(parse(": no name\n\ndraw\n", &m), -1);
	/* An mbox From line before the headers is skipped. */
	assert_int_equal(parse("From alice@example.org Mon Nov 23 10:00:00 "
	    "2026\nFrom: alice@example.org\n\ndraw\n", &m), 0);
	assert_string_equal(m.line, "draw");
	/* Headers only, no body: a message without text. */
	assert_int_equal(parse("From: alice@example.org\n", &m), 0);
	assert_string_equal(m.line, "");
	/* Unusable sender addresses are not answered. */
	assert_int_equal(parse("From: nobody\n\nx\n", &m), 0);
	assert_string_equal(m.from, "");
	assert_int_equal(parse("From: <a\"b@example.org>\n\nx\n", &m), 0);
	assert_string_equal(m.from, "");
	/* A Message-ID with a line break or space is not kept. */
	assert_int_equal(parse("From: a@example.org\nMessage-ID: <a b@c>\n"
	    "\nx\n", &m), 0);
	assert_string_equal(m.message_id, "");
}

/*
 * Charsets (GMime converts to UTF-8): windows-1252 and ISO-8859-1
 * replies, quoted-printable or 8bit, and RFC 2047 in the headers.
 */
static void
test_charsets(void **state)
{
	struct mail_in	 m;

	(void)state;
	/* windows-1252, QP: a no-break space (A0) before the move, and a
	   quoted line with an e acute (E9) and a euro sign (80). */
	assert_int_equal(parse("From: =?windows-1252?Q?Andr=E9?= "
	    "<andre@example.org>\n"
	    "To: play+" TOK "@cards.test\n"
	    "Content-Type: text/plain; charset=windows-1252\n"
	    "Content-Transfer-Encoding: quoted-printable\n\n"
	    "=A0take\n> Caf=E9 =80 10\n", &m), 0);
	assert_true(m.has_text);
	assert_string_equal(m.line, "take");
	assert_string_equal(m.from, "andre@example.org");
	/* ISO-8859-1, 8bit: the move line itself holds a Latin-1 letter,
	   which arrives as UTF-8. */
	assert_int_equal(parse("From: b@example.org\n"
	    "Content-Type: text/plain; charset=ISO-8859-1\n"
	    "Content-Transfer-Encoding: 8bit\n\n"
	    "pass \xe9t\xe9\n", &m), 0);
	assert_true(m.has_text);
	assert_string_equal(m.line, "pass \xc3\xa9t\xc3\xa9");
	/* base64 in a multipart, ISO-8859-1. */
	assert_int_equal(parse("From: c@example.org\n"
	    "MIME-Version: 1.0\n"
	    "Content-Type: multipart/mixed; boundary=\"b1\"\n\n"
	    "--b1\nContent-Type: text/plain; charset=iso-8859-1\n"
	    "Content-Transfer-Encoding: base64\n\n"
	    "oHBhc3MK\n--b1--\n", &m), 0);	/* A0 "pass" LF */
	assert_true(m.has_text);
	assert_string_equal(m.line, "pass");
}

static void
test_too_large(void **state)
{
	struct mail_in	 m;
	char		 why[MAIL_IN_WHY_MAX];

	(void)state;
	arena_reset(&a);
	assert_int_equal(mail_in_parse(&a, "From: a@b\n\nx", MAIL_IN_MAX + 1,
	    &m, why), -1);
	assert_non_null(strstr(why, "larger"));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_token_is_47),
		cmocka_unit_test(test_plain_reply),
		cmocka_unit_test(test_folded_headers_and_priority),
		cmocka_unit_test(test_quoted_first),
		cmocka_unit_test(test_first_line),
		cmocka_unit_test(test_alternative_qp),
		cmocka_unit_test(test_nested_base64_attachment),
		cmocka_unit_test(test_unreadable_parts),
		cmocka_unit_test(test_automatic),
		cmocka_unit_test(test_not_a_message),
		cmocka_unit_test(test_charsets),
		cmocka_unit_test(test_too_large),
	};
	int	 rc;

	arena_init(&a, 0);
	rc = cmocka_run_group_tests(tests, NULL, NULL);
	arena_free(&a);
	return rc;
}
