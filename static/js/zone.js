/*
 * zone.js: for a visitor who is not signed in, the browser's time zone
 * in the cookie topper_tz, so that the next pages write times in it (a
 * player's pages use the zone of their account instead).  The first
 * page, before the cookie, says its times in UTC, as it names them.
 */
(function () {
	"use strict";
	var tz, had;

	if (!window.Intl || !Intl.DateTimeFormat)
		return;
	try {
		tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
	} catch (e) {
		return;
	}
	if (!tz || !/^[A-Za-z0-9_+\/-]{1,63}$/.test(tz))
		return;
	had = document.cookie.match(/(?:^|;\s*)topper_tz=([^;]*)/);
	if (had && had[1] === tz)
		return;
	document.cookie = "topper_tz=" + tz + "; Path=/; Max-Age=31536000" +
	    "; SameSite=Lax";
})();
