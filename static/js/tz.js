/*
 * tz.js: choose the browser's own time zone in the register form.
 *
 * The form works without it (a select of common zones, UTC by default);
 * with it, the zone the browser reports is selected, and added to the
 * list when it is not there.  Only a fresh form is touched
 * (select.tz-auto): after an error the visitor's choice stays.
 */
(function () {
	"use strict";
	var sel = document.querySelector("select.tz-auto");
	var tz, i, opt;

	if (!sel || !window.Intl || !Intl.DateTimeFormat)
		return;
	try {
		tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
	} catch (e) {
		return;
	}
	if (!tz || !/^[A-Za-z0-9_+\/-]{1,63}$/.test(tz))
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
