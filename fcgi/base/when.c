/*
 * when.c: times as a person reads them (when.h): a moment in a zone,
 * the time left on a clock.
 */
#include "when.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

int
when_tz_valid(const char *tz)
{
	static char	 known[WHEN_TZ_MAX];	/* last good zone */
	const char	*dir;
	char		 path[512], magic[4];
	struct stat	 st;
	size_t		 i, n;
	int		 fd, ok;

	if (tz == NULL || (n = strlen(tz)) == 0 || n >= WHEN_TZ_MAX)
		return 0;
	if (strcmp(tz, "UTC") == 0 || strcmp(tz, known) == 0)
		return 1;
	if (tz[0] == '/' || tz[0] == '-' || strstr(tz, "..") != NULL ||
	    strstr(tz, "//") != NULL)
		return 0;
	for (i = 0; i < n; i++)
		if (!((tz[i] >= 'A' && tz[i] <= 'Z') ||
		    (tz[i] >= 'a' && tz[i] <= 'z') ||
		    (tz[i] >= '0' && tz[i] <= '9') ||
		    tz[i] == '/' || tz[i] == '_' || tz[i] == '+' ||
		    tz[i] == '-'))
			return 0;
	if ((dir = getenv("TZDIR")) == NULL || *dir == '\0')
		dir = "/usr/share/zoneinfo";
	if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir, tz) >=
	    sizeof(path))
		return 0;
	/* A zone is a TZif file; the tables beside them are not. */
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return 0;
	ok = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
	    read(fd, magic, 4) == 4 && memcmp(magic, "TZif", 4) == 0;
	close(fd);
	if (ok)
		memcpy(known, tz, n + 1);
	return ok;
}

const char *
when_format(const char *tz, int64_t t, char buf[WHEN_TIME_MAX])
{
	static char	 current[WHEN_TZ_MAX];	/* TZ as set now */
	const char	*zone;
	struct tm	 tm;
	time_t		 tt = (time_t)t;

	zone = tz != NULL && when_tz_valid(tz) ? tz : "UTC";
	/* tzset() reads the zone file: only when the zone changes. */
	if (strcmp(current, zone) != 0) {
		if (setenv("TZ", zone, 1) != 0)
			zone = "UTC";
		tzset();
		snprintf(current, sizeof(current), "%s", zone);
	}
	if (localtime_r(&tt, &tm) == NULL ||
	    strftime(buf, WHEN_TIME_MAX, "%Y-%m-%d %H:%M %Z", &tm) == 0)
		snprintf(buf, WHEN_TIME_MAX, "?");
	return buf;
}

const char *
when_left(int64_t s, char buf[WHEN_LEFT_MAX])
{
	long long	 d, h, m;

	if (s <= 0)
		snprintf(buf, WHEN_LEFT_MAX, "time is up");
	else if (s < 60)
		snprintf(buf, WHEN_LEFT_MAX, "under a minute left");
	else if (s < 3600)
		snprintf(buf, WHEN_LEFT_MAX, "%lld min left",
		    (long long)(s / 60));
	else if (s < 86400) {
		h = s / 3600;
		m = s % 3600 / 60;
		if (m == 0)
			snprintf(buf, WHEN_LEFT_MAX, "%lld h left", h);
		else
			snprintf(buf, WHEN_LEFT_MAX, "%lld h %lld min left",
			    h, m);
	} else {
		d = s / 86400;
		h = s % 86400 / 3600;
		if (h == 0)
			snprintf(buf, WHEN_LEFT_MAX, "%lld d left", d);
		else
			snprintf(buf, WHEN_LEFT_MAX, "%lld d %lld h left",
			    d, h);
	}
	return buf;
}
