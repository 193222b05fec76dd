/*
 * turns.js: the count of games waiting for you, on every page of a
 * signed-in player (layout.html).  No inline script (CSP).
 *
 *  - window.topperTurns(n) puts n in the header's badge (#turns) and
 *    at the start of the title ("(2) Gin Vodka #14 - Topper"); the game
 *    page's poll (game.js) calls it with the poll's "waiting";
 *  - when n grows and the player allowed it, a browser notification
 *    (the Notifications API) says a game is waiting;
 *  - a button #notify-on (the account page) asks for that permission.
 */
(function () {
	"use strict";

	var badge = document.getElementById("turns");
	var last = badge ? Number(badge.getAttribute("data-n")) || 0 : 0;

	function notify(n) {
		if (!("Notification" in window) ||
		    window.Notification.permission !== "granted")
			return;
		try {
			new window.Notification("Topper: your turn", {
				body: n === 1 ? "A game is waiting for you." :
				    n + " games are waiting for you.",
				tag: "topper-turns",
				icon: "/static/favicon.svg"
			});
		} catch (e) {
			/* Some browsers allow notifications from a worker only. */
		}
	}

	window.topperTurns = function (n) {
		if (!badge || typeof n !== "number" || n < 0)
			return;
		var label = badge.querySelector(".vh");
		badge.setAttribute("data-n", String(n));
		badge.textContent = "";
		if (label)
			badge.appendChild(label);
		badge.appendChild(document.createTextNode(String(n)));
		badge.hidden = n === 0;
		document.title = (n > 0 ? "(" + n + ") " : "") +
		    document.title.replace(/^\(\d+\) /, "");
		if (n > last)
			notify(n);
		last = n;
	};

	var on = document.getElementById("notify-on");
	if (on) {
		var state = document.getElementById("notify-state");
		var show = function () {
			if (!("Notification" in window)) {
				on.hidden = true;
				if (state)
					state.textContent = "This browser cannot show notifications.";
				return;
			}
			var p = window.Notification.permission;
			on.hidden = p !== "default";
			if (state)
				state.textContent = p === "granted" ?
				    "This browser tells you when a game becomes your turn (while a Topper page is open)." :
				    p === "denied" ? "Notifications are blocked for this site in this browser." : "";
		};
		on.addEventListener("click", function () {
			window.Notification.requestPermission().then(show, show);
		});
		show();
	}
})();
