/*
 * when.h: times as a person reads them (prefix when_).
 *
 * Pages, mails, the worker and the deadlines all write times the same
 * way: a moment in the reader's own zone, and the time left on a clock
 * in coarse words.  Nothing here knows a request or a session.
 */
#ifndef TOPPER_WHEN_H
#define TOPPER_WHEN_H

#include <stdint.h>

enum {
	WHEN_TZ_MAX = 64,	/* an IANA zone name, NUL included */
	WHEN_TIME_MAX = 64,	/* "2025-03-01 14:05 CET" and room to spare */
	WHEN_LEFT_MAX = 48	/* "12 d 23 h left" */
};

/* 1 when tz names a zone this machine knows ("Europe/Paris", "UTC"). */
int	 when_tz_valid(const char *tz);

/*
 * Unix time t as "2025-03-01 14:05 CET" in the IANA zone tz (NULL or
 * unknown: UTC); writes buf and returns it.  Pure but for TZ, which it
 * sets only when the zone changes.
 */
const char *when_format(const char *tz, int64_t t, char buf[WHEN_TIME_MAX]);

/*
 * Time left, coarse: "2 d 3 h left", "5 h 10 min left", "7 min left",
 * "under a minute left", and "time is up" at or below zero.  Pure;
 * writes buf and returns it.
 */
const char *when_left(int64_t seconds, char buf[WHEN_LEFT_MAX]);

#endif /* TOPPER_WHEN_H */
