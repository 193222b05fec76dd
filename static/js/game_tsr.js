/*
 * game_tsr.js: what the 12-Step Rummy page adds to static/js/game.js.
 * Everything works without it.
 *
 *  - A seat whose only moves answer "May I?" is "to act", so game.js
 *    does not poll for it; while such a page is open, poll
 *    GET /api/games/{id}/ply and reload when the game moves on, as
 *    game.js does for a seat that waits.
 *  - The contract form: mark the rows whose card goes to a meld, and
 *    say how many cards each meld holds, as the selects change.
 */
(function () {
	"use strict";

	var POLL_MS = 3000;

	function pollWindow(game) {
		var id = game.getAttribute("data-game");
		var ply = game.getAttribute("data-ply");

		function tick() {
			if (document.hidden) {
				window.setTimeout(tick, POLL_MS);
				return;
			}
			window.fetch("/api/games/" + encodeURIComponent(id) +
			    "/ply", {
				credentials: "same-origin",
				cache: "no-cache",
				headers: { "Accept": "application/json" }
			}).then(function (res) {
				if (!res.ok)
					throw new Error("status " + res.status);
				return res.json();
			}).then(function (data) {
				if (data && String(data.ply) !== ply) {
					window.location.reload();
					return;
				}
				window.setTimeout(tick, POLL_MS);
			}).catch(function () {
				window.setTimeout(tick, 4 * POLL_MS);
			});
		}
		window.setTimeout(tick, POLL_MS);
	}

	function contractForm(form) {
		var out = document.getElementById("contract-count");
		var sels = form.querySelectorAll("select.grp");

		function update() {
			var counts = {};
			var parts = [];
			Array.prototype.forEach.call(sels, function (sel) {
				var g = sel.value.split("/")[1] || "0";
				var row = sel.closest("tr");
				if (row)
					row.classList.toggle("in-meld", g !== "0");
				if (g !== "0")
					counts[g] = (counts[g] || 0) + 1;
			});
			Object.keys(counts).sort().forEach(function (g) {
				parts.push("meld " + g + ": " + counts[g] +
				    (counts[g] === 1 ? " card" : " cards"));
			});
			if (out)
				out.textContent = parts.length ?
				    "Now " + parts.join(", ") + "." :
				    "No card is in a meld yet.";
		}
		Array.prototype.forEach.call(sels, function (sel) {
			sel.addEventListener("change", update);
		});
		update();
	}

	var game = document.getElementById("game");
	if (game && !game.hasAttribute("data-poll") &&
	    document.querySelector("[data-tsr-window]"))
		pollWindow(game);
	var form = document.getElementById("f-contract");
	if (form)
		contractForm(form);
})();
