/*
 * game_meld.js: what the Vodkapolis 500 and Rummy 500 boards add to
 * static/js/game.js; their forms have the same shape under their own
 * names (boards below).  The page works without it.
 *  - Choosing a card to take (from the Vodkapolis chain, from the
 *    Rummy 500 pile) marks it and every card after it (they all come
 *    into the hand).
 *  - Clicking a suggested meld ticks its cards in the hand.
 *  - In the extension (lay-off) form, the meld list keeps only the
 *    melds the chosen card fits (data-fits on the card's option).
 */
(function () {
	"use strict";

	var boards = [
		{ take: "f-vp-take", cards: "ol.vp-chain-cards li",
		  suggest: ".vp-suggest .sugg", meld: "f-vp-meld",
		  addCard: "vp-add-card", addMeld: "vp-add-meld" },
		{ take: "f-r5-take", cards: "ol.r5-pile-cards li",
		  suggest: ".r5-suggest .sugg", meld: "f-r5-meld",
		  addCard: "r5-lay-card", addMeld: "r5-lay-meld" }
	];

	function chain(b) {
		var radios = document.querySelectorAll(
		    'input[form="' + b.take + '"]');
		function mark() {
			var on = false;
			document.querySelectorAll(b.cards).forEach(
			    function (li) {
				var r = li.querySelector(
				    'input[form="' + b.take + '"]');
				if (r && r.checked)
					on = true;
				li.classList.toggle("comes", on);
			});
		}
		radios.forEach(function (r) {
			r.addEventListener("change", mark);
		});
		mark();
	}

	function suggestions(b) {
		document.querySelectorAll(b.suggest).forEach(
		    function (s) {
			var cards = (s.getAttribute("data-cards") || "").split(" ");
			s.setAttribute("role", "button");
			s.setAttribute("tabindex", "0");
			s.style.cursor = "pointer";
			s.style.textDecoration = "underline";
			function pick() {
				document.querySelectorAll('input[form="' +
				    b.meld + '"][type="checkbox"]').forEach(
				    function (c) {
					c.checked = cards.indexOf(c.value) >= 0;
				});
			}
			s.addEventListener("click", pick);
			s.addEventListener("keydown", function (e) {
				if (e.key === "Enter" || e.key === " ") {
					e.preventDefault();
					pick();
				}
			});
		});
	}

	function adds(b) {
		var card = document.getElementById(b.addCard);
		var meld = document.getElementById(b.addMeld);
		if (!card || !meld)
			return;
		function filter() {
			var opt = card.options[card.selectedIndex];
			var fits = (opt && opt.getAttribute("data-fits") || "").split(" ");
			var first = null;
			Array.prototype.forEach.call(meld.options, function (o) {
				var ok = fits.indexOf(o.getAttribute("data-meld")) >= 0;
				o.hidden = !ok;
				o.disabled = !ok;
				if (ok && first === null)
					first = o;
			});
			if (meld.selectedOptions.length === 0 ||
			    meld.selectedOptions[0].disabled) {
				if (first)
					first.selected = true;
			}
		}
		card.addEventListener("change", filter);
		filter();
	}

	boards.forEach(function (b) {
		chain(b);
		suggestions(b);
		adds(b);
	});
})();
