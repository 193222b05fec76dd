/*
 * game.js: progressive enhancement for the game and history pages.
 * Every page works without it (forms and links); this only makes them
 * nicer.  No inline script anywhere (Content-Security-Policy).
 *
 * Game page (#game):
 *  - while the game runs, poll GET /api/games/{id}/ply every 3 s (the
 *    poll also tells the server the player is at the table, so turn
 *    mail waits) and reload when the ply changes (DESIGN.md) or the
 *    game is over (a resignation or an abort makes no ply);
 *  - picking a card in the hand also chooses it as the knock discard;
 *  - changing the knock discard re-fills the meld choices with the
 *    arrangement the server computed for that discard (data-melds),
 *    and marks the discard's own row.
 * History page (#history): the left and right arrow keys step back and
 * forth when no form field has the focus.
 */
(function () {
	"use strict";

	var POLL_MS = 3000;

	function poll(game) {
		var id = game.getAttribute("data-game");
		var ply = game.getAttribute("data-ply");
		var delay = POLL_MS;

		function tick() {
			if (document.hidden) {
				window.setTimeout(tick, delay);
				return;
			}
			window.fetch("/api/games/" + encodeURIComponent(id) + "/ply", {
				credentials: "same-origin",
				cache: "no-cache",
				headers: { "Accept": "application/json" }
			}).then(function (res) {
				if (!res.ok)
					throw new Error("status " + res.status);
				return res.json();
			}).then(function (data) {
				/* A move, or the table ended the game (a
				 * resignation, an abort: no new ply). */
				if (data && (String(data.ply) !== ply || data.over)) {
					window.location.reload();
					return;
				}
				/* The header's count of games waiting (turns.js). */
				if (data && typeof data.waiting === "number" &&
				    window.topperTurns)
					window.topperTurns(data.waiting);
				delay = POLL_MS;
				window.setTimeout(tick, delay);
			}).catch(function () {
				/* Back off while the server is away. */
				delay = Math.min(delay * 2, 60000);
				window.setTimeout(tick, delay);
			});
		}
		window.setTimeout(tick, delay);
	}

	/* "1Rc 2Rc 3Rc|1Yh 1Yt 1Ys" -> { "1Rc": 1, ..., "1Ys": 2 } */
	function meldMap(text) {
		var map = {};
		if (!text)
			return map;
		text.split("|").forEach(function (meld, i) {
			meld.split(" ").forEach(function (tok) {
				if (tok)
					map[tok.toLowerCase()] = i + 1;
			});
		});
		return map;
	}

	function knock(form) {
		var discard = form.querySelector("select[name=discard]");
		if (!discard)
			return;

		function refill() {
			var opt = discard.options[discard.selectedIndex];
			var map = meldMap(opt ? opt.getAttribute("data-melds") : "");
			var chosen = discard.value.toLowerCase();
			var rows = form.querySelectorAll("tr[data-card]");
			Array.prototype.forEach.call(rows, function (row) {
				var tok = row.getAttribute("data-card");
				var sel = row.querySelector("select");
				var isDiscard = tok.toLowerCase() === chosen;
				if (!sel)
					return;
				sel.value = tok + ":" + (map[tok.toLowerCase()] || 0);
				sel.disabled = isDiscard;
				row.classList.toggle("is-discard", isDiscard);
			});
		}
		discard.addEventListener("change", refill);
		refill();

		/* A card picked in the hand becomes the knock discard too. */
		var radios = document.querySelectorAll("input[form=f-discard]");
		Array.prototype.forEach.call(radios, function (radio) {
			radio.addEventListener("change", function () {
				var tok = radio.value.replace(/^discard /, "");
				for (var i = 0; i < discard.options.length; i++) {
					if (discard.options[i].value === tok) {
						discard.selectedIndex = i;
						refill();
						return;
					}
				}
			});
		});
	}

	function steps() {
		document.addEventListener("keydown", function (ev) {
			var t = ev.target, link = null;
			if (ev.altKey || ev.ctrlKey || ev.metaKey || ev.shiftKey)
				return;
			if (t && /^(INPUT|SELECT|TEXTAREA|BUTTON)$/.test(t.tagName))
				return;
			if (ev.key === "ArrowLeft")
				link = document.getElementById("step-prev");
			else if (ev.key === "ArrowRight")
				link = document.getElementById("step-next");
			if (link) {
				ev.preventDefault();
				window.location.href = link.href;
			}
		});
	}

	var game = document.getElementById("game");
	if (game) {
		if (game.getAttribute("data-poll") === "1" && window.fetch)
			poll(game);
		var kf = document.getElementById("f-knock");
		if (kf)
			knock(kf);
	}
	if (document.getElementById("history"))
		steps();
})();
