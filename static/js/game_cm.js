/*
 * game_cm.js: what the Casino Macedonia board adds to static/js/game.js.
 * The page works without it: every legal move is a radio or an option
 * of the hand card's own form.  With it:
 *  - the cards of the viewer's hand become toggle buttons (click, Enter
 *    or Space; each card's picture moves into a <button>); choosing one outlines the table piles it could take
 *    (solid), build on (dashed) or stack on (dotted), each with a written
 *    badge, says so in a live region, and shows only that card's form;
 *  - choosing a move in a form marks the piles that move involves.
 * The server writes what each card can do into data-take, data-build,
 * data-stack and data-drop (fcgi/page_game_cm.c), and each move's piles
 * into data-piles (fcgi/page_game_cm_play.c).
 */
(function () {
	"use strict";

	var game = document.getElementById("game");
	if (!game)
		return;
	var forms = game.querySelectorAll("form.cm-card-form");
	var hand = game.querySelectorAll("li.cm-hcard");
	var piles = game.querySelectorAll("li.cm-pile");
	var KINDS = [
		["data-take", "cm-can-take", "can take"],
		["data-build", "cm-can-build", "can build on"],
		["data-stack", "cm-can-stack", "can stack on"]
	];

	function each(list, fn) {
		Array.prototype.forEach.call(list, fn);
	}

	function pile(tok) {
		var found = null;
		each(piles, function (p) {
			if (p.getAttribute("data-pile") === tok)
				found = p;
		});
		return found;
	}

	function words(attr) {
		return attr ? attr.split(" ").filter(Boolean) : [];
	}

	function clear(cls) {
		each(piles, function (p) {
			KINDS.forEach(function (k) {
				if (!cls || cls === k[1])
					p.classList.remove(k[1]);
			});
			if (!cls || cls === "cm-chosen")
				p.classList.remove("cm-chosen");
			if (!cls)
				each(p.querySelectorAll(".cm-badge"), function (b) {
					b.parentNode.removeChild(b);
				});
		});
	}

	var live = document.createElement("p");
	live.className = "cm-note";
	live.setAttribute("aria-live", "polite");

	function choose(card) {
		var on = card.btn.getAttribute("aria-pressed") !== "true";
		var tok = card.getAttribute("data-tok");
		var said = [];
		each(hand, function (c) {
			c.btn.setAttribute("aria-pressed", "false");
		});
		clear(null);
		each(forms, function (f) {
			f.classList.remove("cm-hidden", "cm-active");
		});
		if (!on) {
			live.textContent = "";
			return;
		}
		card.btn.setAttribute("aria-pressed", "true");
		KINDS.forEach(function (k) {
			var toks = words(card.getAttribute(k[0]));
			toks.forEach(function (t) {
				var p = pile(t), badge;
				if (!p)
					return;
				p.classList.add(k[1]);
				badge = document.createElement("span");
				badge.className = "cm-badge";
				badge.textContent = k[2];
				(p.querySelector(".cm-pinfo") || p).appendChild(badge);
			});
			if (toks.length)
				said.push(k[2] + " " + toks.join(", "));
		});
		if (card.getAttribute("data-drop") === "1")
			said.push("can be dropped");
		live.textContent = tok + ": " + (said.length ? said.join("; ") :
		    "no move") + ".";
		each(forms, function (f) {
			if (f.getAttribute("data-tok") === tok)
				f.classList.add("cm-active");
			else
				f.classList.add("cm-hidden");
		});
	}

	if (forms.length && hand.length) {
		var hint = document.createElement("p");
		hint.className = "cm-note";
		hint.textContent = "Choose a card to see what it could take " +
		    "(solid outline), build on (dashed) or stack on (dotted); " +
		    "its moves are listed under \u201cYour move\u201d.";
		var list = hand[0].parentNode;
		list.parentNode.insertBefore(hint, list.nextSibling);
		hint.parentNode.insertBefore(live, hint.nextSibling);
		/* Each card moves into a toggle button (Enter and Space work). */
		each(hand, function (card) {
			var btn = document.createElement("button");
			btn.type = "button";
			btn.className = "cm-hbtn";
			btn.setAttribute("aria-pressed", "false");
			btn.setAttribute("aria-controls", "f-cm-" +
			    card.getAttribute("data-tok"));
			while (card.firstChild)
				btn.appendChild(card.firstChild);
			card.appendChild(btn);
			card.btn = btn;
			btn.addEventListener("click", function () {
				choose(card);
			});
		});
	}

	/* A move chosen in a form marks the piles it involves. */
	function mark(el) {
		var opt = el.tagName === "SELECT" ?
		    el.options[el.selectedIndex] : el;
		clear("cm-chosen");
		if (!opt)
			return;
		words(opt.getAttribute("data-piles")).forEach(function (t) {
			var p = pile(t);
			if (p)
				p.classList.add("cm-chosen");
		});
	}
	each(forms, function (f) {
		each(f.querySelectorAll("input[type=radio], select"),
		    function (el) {
			el.addEventListener("change", function () {
				mark(el);
			});
		});
	});
})();
