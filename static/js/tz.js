/*
 * tz.js: the browser's own time zone, on every page of a visitor who is
 * not signed in (layout.html).
 *
 *  - In the cookie topper_tz, so that the next pages write times in it
 *    (page_time; a player's pages use their account's zone instead).
 *    The first page, before the cookie, says its times in UTC, as it
 *    names them.
 *  - Selected in a fresh register form (select.tz-auto; after an error
 *    the visitor's choice stays), and added to its list when it is not
 *    there.  The form works without it: a select of common zones, UTC
 *    by default.
 */
(function () {
	"use strict";
	var sel = document.querySelector("select.tz-auto");
	var tz, i, opt, had;

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
	if (!had || had[1] !== tz)
		document.cookie = "topper_tz=" + tz + "; Path=/" +
		    "; Max-Age=31536000; SameSite=Lax";
	if (!sel)
		return;
	for (i = 0; i < sel.options.length; i++) {
		if (sel.options[i].value === tz) {
			sel.selectedIndex = i;
			return;
		}
	}
	opt = document.createElement("option");
	opt.value = tz;
	opt.textContent = tz;
	sel.insertBefore(opt, sel.firstChild);
	sel.selectedIndex = 0;
})();
