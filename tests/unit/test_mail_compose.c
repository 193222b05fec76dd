/*
 * test_mail_compose.c: the pure parts of fcgi/mail/mail_compose.c (with
 * fcgi/mail/mail_mime.c under it): the wire format (headers,
 * quoted-printable, RFC 2047 subjects, multipart), the List-Unsubscribe
 * headers with a token that verifies, and HTML words turned into text.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include <sodium.h>

#include "arena.h"
#include "config.h"
#include "mail_compose.h"
#include "mail_in.h"
#include "text_utf8.h"
#include "token.h"

static struct mail_conf	 mc;
static struct arena	 a;

static int
setup(void **state)
{
	static const uint8_t secret[32] = { 9, 8, 7 };

	(void)state;
	if (sodium_init() < 0)
		return -1;
	memset(&mc, 0, sizeof(mc));
	mc.base_url = "https://cards.example.org";
	mc.from = "Topper <topper@cards.example.org>";
	mc.domain = "cards.example.org";
	token_key_from_secret(secret, sizeof(secret), mc.key);
	arena_init(&a, 0);
	return 0;
}

static int
teardown(void **state)
{
	(void)state;
	arena_free(&a);
	return 0;
}

static void
test_conf_of(void **state)
{
	struct config		 cf;
	struct mail_conf	 m;
	char			 path[] = "/tmp/test_mail_compose.XXXXXX", err[256];
	FILE			*f;
	int			 fd;

	(void)state;
	assert_true((fd = mkstemp(path)) >= 0);
	assert_non_null(f = fdopen(fd, "w"));
	fputs("base_url = https://x.example\nmail.from = Cards "
	    "<cards@mail.example.net>\nmail.reply_to = play@x.example\n", f);
	fclose(f);
	assert_int_equal(config_load(&cf, path, err, sizeof(err)), 0);
	mail_conf_of(&cf, &m);
	assert_string_equal(m.base_url, "https://x.example");
	assert_string_equal(m.domain, "mail.example.net");
	assert_string_equal(m.reply_to, "play@x.example");
	config_free(&cf);
	remove(path);
}

static void
test_message(void **state)
{
	struct mail_msg	 m;
	const char	*msg, *p;
	char		 longline[200];
	size_t		 len;

	(void)state;
	memset(longline, 'x', sizeof(longline) - 1);
	longline[sizeof(longline) - 1] = '\0';
	m.subject = "Your turn: Gin Vodka #7";
	m.text = arena_printf(&a, "a=b\n.dot first\ntrailing \n%s\nend",
	    longline);
	m.html = NULL;
	m.headers = "Reply-To: play+abc@x.example";
	msg = mail_compose_message(&a, &mc, "bob@example.org", &m,
	    "topper.g7.3.1.ff", 0, &len);
	assert_non_null(msg);
	assert_int_equal(strlen(msg), len);
	assert_non_null(strstr(msg, "From: Topper <topper@cards.example.org>\r\n"));
	assert_non_null(strstr(msg, "To: bob@example.org\r\n"));
	assert_non_null(strstr(msg, "Subject: Your turn: Gin Vodka #7\r\n"));
	assert_non_null(strstr(msg, "Date: Thu, 01 Jan 1970 00:00:00 +0000\r\n"));
	assert_non_null(strcasestr(msg,
	    "Message-ID: <topper.g7.3.1.ff@cards.example.org>\r\n"));
	assert_non_null(strstr(msg, "Reply-To: play+abc@x.example\r\n"));
	assert_non_null(strstr(msg, "Content-Transfer-Encoding: "
	    "quoted-printable\r\n"));
	/* Our header lines stay whole (no encoded words), before the body. */
	assert_non_null(strstr(msg, "\r\nReply-To: play+abc@x.example\r\n\r\n"));
	/* '=' encoded, a trailing space encoded (GMime); a leading dot is
	   SMTP's business (RFC 5321 4.5.2: libcurl doubles it). */
	assert_non_null(strstr(msg, "\r\na=3Db\r\n.dot first\r\ntrailing=20\r\n"));
	/* No line over 76 characters, every line ends in CRLF. */
	for (p = msg; *p != '\0'; ) {
		const char *e = strstr(p, "\r\n");

		assert_non_null(e);
		assert_true(e - p <= 76);
		p = e + 2;
	}
	assert_null(strstr(msg, "\n\n"));
}

/* What GMime writes, GMime reads back (mail_in_parse): a round trip. */
static void
test_round_trip(void **state)
{
	struct mail_msg	 m;
	struct mail_in	 in;
	const char	*msg;
	char		 why[MAIL_IN_WHY_MAX];
	size_t		 len;

	(void)state;
	m.subject = "\xc3\x80 toi";
	m.text = "d\xc3\xa9j\xc3\xa0 \xe2\x82\xac 5 \xff\n> quoted\n";
	m.html = "<p>x</p>";
	m.headers = "Reply-To: play+AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_"
	    "abcdefghi@x.example";
	msg = mail_compose_message(&a, &mc, "Bob <bob@example.org>", &m,
	    "rt1", 0, &len);
	assert_non_null(msg);
	assert_true(text_utf8_valid(msg, len));
	assert_int_equal(mail_in_parse(&a, msg, len, &in, why), 0);
	assert_true(in.has_text);
	/* The invalid byte went out as U+FFFD, the rest as it was. */
	assert_string_equal(in.line,
	    "d\xc3\xa9j\xc3\xa0 \xe2\x82\xac 5 \xef\xbf\xbd");
	assert_string_equal(in.from, "play+AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_"
	    "abcdefghi@x.example");
	assert_string_equal(in.message_id, "<rt1@cards.example.org>");
}

static void
test_multipart_and_utf8(void **state)
{
	struct mail_msg	 m;
	const char	*msg, *msg2, *b;
	size_t		 len;

	(void)state;
	m.subject = "Vodkapolis — à toi";
	m.text = "caf\xc3\xa9\n";
	m.html = "<p>caf\xc3\xa9</p>\n";
	m.headers = "";
	msg = mail_compose_message(&a, &mc, "x@example.org", &m, "id1", 0, &len);
	assert_non_null(msg);
	assert_non_null(strstr(msg, "Subject: Vodkapolis =?UTF-8?B?"));
	assert_non_null(strstr(msg, "caf=C3=A9\r\n"));
	assert_non_null(b = strstr(msg, "boundary=\"=_topper_"));
	assert_non_null(strstr(msg, "Content-Type: text/html; charset=utf-8"));
	/* The boundary depends on the Message-ID only: a retry is identical. */
	msg2 = mail_compose_message(&a, &mc, "x@example.org", &m, "id1", 0,
	    &len);
	assert_string_equal(msg, msg2);
}

static void
test_unsub(void **state)
{
	struct token	 t;
	const char	*h, *link, *tok;

	(void)state;
	h = mail_compose_unsub(&a, &mc, 42, "Reply-To: r@x", &link);
	assert_non_null(h);
	assert_non_null(strstr(h, "Reply-To: r@x\r\nList-Unsubscribe: "
	    "<https://cards.example.org/unsubscribe/"));
	assert_non_null(strstr(h, "\r\nList-Unsubscribe-Post: "
	    "List-Unsubscribe=One-Click"));
	tok = strrchr(link, '/') + 1;
	assert_int_equal(token_verify(tok, strlen(tok), TOKEN_UNSUBSCRIBE,
	    mc.key, 1, &t), TOKEN_OK);
	assert_int_equal(t.user, 42);
	assert_int_equal(token_verify(tok, strlen(tok), TOKEN_REPLY, mc.key, 1,
	    &t), TOKEN_WRONG_PURPOSE);
}

static void
test_addr(void **state)
{
	(void)state;
	assert_string_equal(mail_compose_addr(&a, "Name <a@b.c>"), "a@b.c");
	assert_string_equal(mail_compose_addr(&a, "a@b.c"), "a@b.c");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_conf_of),
		cmocka_unit_test(test_message),
		cmocka_unit_test(test_multipart_and_utf8),
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_unsub),
		cmocka_unit_test(test_addr),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
