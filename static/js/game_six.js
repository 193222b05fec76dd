/*
 * game_six.js: what the Six Suit page adds to static/js/game.js.  The
 * forms work without it; this only makes them quicker.
 *  - Play: choosing a hidden card dims the targets it does not match
 *    (data-fits lists the cards that may go on each), and the bar at
 *    the bottom says what the Play button will do.
 */
(function () {
	"use strict";

	function play() {
		var bar = document.getElementById("six-choice");
		var cards = document.querySelectorAll("input[form=f-play][name=c0]");
		var targets = document.querySelectorAll("input[form=f-play][name=move]");
		if (!bar)
			return;
		function chosen(list) {
			for (var i = 0; i < list.length; i++)
				if (list[i].checked)
					return list[i];
			return null;
		}
		function has(attr, tok) {
			return (" " + (attr || "") + " ").indexOf(" " + tok + " ") >= 0;
		}
		function update() {
			var c = chosen(cards), t = chosen(targets);
			var tok = c ? c.value : "";
			Array.prototype.forEach.call(targets, function (x) {
				var fits = x.value === "discard" || !tok ||
				    has(x.getAttribute("data-fits"), tok);
				x.disabled = !fits;
				x.parentNode.classList.toggle("off", !fits);
				if (!fits && x.checked)
					x.checked = false;
			});
			t = chosen(targets);
			if (!tok) {
				bar.textContent = "Choose a hidden card.";
				return;
			}
			if (!t) {
				bar.textContent = "Choose where " + tok + " goes: a " +
				    "framed top card, or the center pile.";
				return;
			}
			if (t.value === "discard") {
				bar.textContent = "Discard " + tok + " to the center.";
				return;
			}
			var on = t.value.split(" ")[2];
			var words = "Play " + tok + " on " + on;
			if (has(t.getAttribute("data-elim"), tok))
				words += ": eliminates its owner";
			if (has(t.getAttribute("data-dbl"), tok))
				words += " (double match)";
			bar.textContent = words + ".";
		}
		Array.prototype.forEach.call(cards, function (x) {
			x.addEventListener("change", update);
		});
		Array.prototype.forEach.call(targets, function (x) {
			x.addEventListener("change", update);
		});
		update();
	}

	play();
})();
