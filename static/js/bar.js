/*
 * bar.js: one way to play, the same in every game.  The page works
 * without it: the server's move forms in the "Your move" toolbar
 * (templates/partials/game_play.html and each game's play template)
 * carry every legal move.  This reads those forms, never the rules:
 *  - tap, click, Space or Enter on a card of your hand selects it (the
 *    hand's own checkboxes and radios, or a card button of the game's
 *    script marked aria-pressed);
 *  - the toolbar then lists, as one button each, the moves whose cards
 *    are exactly the selection, in the words the server wrote; one tap
 *    sends the move through the server's own form (two when the
 *    account asks to confirm, data-confirm on the toolbar: then every
 *    move form of the page wants a second tap, and sends confirm=1);
 *  - the forms it stands for fold away, so the toolbar stays small;
 *  - on a phone the hand and the toolbar sit at the foot of the
 *    screen and the page scrolls above them (their heights in --bar-h
 *    and --stack-h, table_layout.css), so neither covers a card or a
 *    word.
 * Where a move's card is, the server says: a control named "move"
 * whose value names a card of the hand (discard 7H, layoff JC 2), a
 * pair of selects whose options carry data-fits and data-meld (a card
 * and the melds it fits), or a form the hand's checkboxes belong to
 * (a new meld from the ticked cards).
 */
(function () {
	"use strict";

	var game = document.getElementById("game");
	var bar = document.getElementById("play");
	if (!game || !bar)
		return;
	var hand = game.querySelector("section.hand.mine");
	var confirmFirst = bar.getAttribute("data-confirm") === "1";

	function each(list, fn) {
		Array.prototype.forEach.call(list, fn);
	}

	function text(el) {
		return (el ? el.textContent : "").replace(/\s+/g, " ").trim();
	}

	/* The card token of a hand control: "discard 7Rh" -> "7Rh". */
	function tokOf(el) {
		var t = el.getAttribute("data-tok") || el.value || "";
		return t.split(" ").pop();
	}

	/* A card's name as a screen reader says it (its svg's title). */
	function nameOf(tok) {
		var el = hand && hand.querySelector('[data-tok="' + tok + '"], ' +
		    'input[value$=" ' + tok + '"], input[value="' + tok + '"], ' +
		    'svg[data-card="' + tok + '"]');
		var holder = el && (el.closest("label, li") || el);
		var title = holder && holder.querySelector("title");
		/* "ace of spades (AS)": the words, not the token. */
		return title ? text(title).replace(/ \([^)]*\)/g, "") : tok;
	}

	function handInputs() {
		return hand ? hand.querySelectorAll("label.pick input") : [];
	}

	/* The tokens of every card in the hand, for reading move texts. */
	function handToks() {
		var toks = {};
		if (!hand)
			return toks;
		each(handInputs(), function (i) {
			toks[tokOf(i).toLowerCase()] = true;
		});
		each(hand.querySelectorAll("[data-tok]"), function (e) {
			toks[e.getAttribute("data-tok").toLowerCase()] = true;
		});
		each(hand.querySelectorAll("svg[data-card]"), function (e) {
			toks[e.getAttribute("data-card").toLowerCase()] = true;
		});
		return toks;
	}

	/* The selection: the ticked hand cards, in the hand's order. */
	function selection() {
		var sel = [];
		each(handInputs(), function (i) {
			if (i.checked && sel.indexOf(tokOf(i)) < 0)
				sel.push(tokOf(i));
		});
		if (hand)
			each(hand.querySelectorAll('[aria-pressed="true"], ' +
			    '[role="checkbox"][aria-checked="true"]'),
			    function (b) {
				var h = b.closest("[data-tok]");
				if (h && sel.indexOf(h.getAttribute("data-tok")) < 0)
					sel.push(h.getAttribute("data-tok"));
			});
		return sel;
	}

	/* The hand cards a move text names, as a sorted key. */
	function usesOf(move, toks) {
		var used = [];
		move.split(/[\s|=]+/).forEach(function (w) {
			var k = w.toLowerCase();
			if (toks[k] && used.indexOf(k) < 0)
				used.push(k);
		});
		return used.sort().join(" ");
	}

	function keyOf(sel) {
		return sel.map(function (t) {
			return t.toLowerCase();
		}).sort().join(" ");
	}

	function labelOf(control) {
		var l = control.id && document.querySelector('label[for="' +
		    control.id + '"]');
		return text(l);
	}

	function submitter(form) {
		return form.querySelector('button[type="submit"], button:not([type])');
	}

	function send(form, button) {
		if (confirmFirst)
			confirmed(form);
		if (form.requestSubmit)
			form.requestSubmit(button || undefined);
		else
			form.submit();
	}

	/*
	 * The moves the forms offer: { key (the hand cards it uses), says,
	 * go () }, and the forms they stand for (folded when there is a
	 * hand to tap).
	 */
	function collect(toks) {
		var acts = [], folded = [], more = [];
		var forms = document.querySelectorAll('form[action$="/move"]');

		each(forms, function (form) {
			if (form.closest("details.typed"))
				return;
			var own = bar.contains(form);
			var stands = false;
			/* A select of whole moves: one act per card move. */
			each(form.querySelectorAll('select[name="move"]'),
			    function (sel) {
				var head = labelOf(sel) || text(form.querySelector(
				    "legend"));
				each(sel.options, function (o) {
					var key = usesOf(o.value, toks);
					if (!key)
						return;
					stands = true;
					acts.push({ key: key, says: (head ? head + ": " :
					    "") + text(o), go: function () {
						sel.value = o.value;
						send(form, submitter(form));
					} });
				});
			});
			/* Radios of whole moves in the toolbar (a card's plays). */
			if (own)
				each(form.querySelectorAll('input[type="radio"]' +
				    '[name="move"]'), function (r) {
					var key = usesOf(r.value, toks);
					if (!key)
						return;
					stands = true;
					acts.push({ key: key, says: text(r.closest(
					    "label")), go: function () {
						r.checked = true;
						send(form, submitter(form));
					} });
				});
			/* A card and the melds it fits (data-fits, data-meld). */
			var card = null, onto = null;
			each(form.querySelectorAll("select"), function (s) {
				if (s.querySelector("option[data-fits]"))
					card = s;
				if (s.querySelector("option[data-meld]"))
					onto = s;
			});
			if (card && onto) {
				stands = true;
				var head = text(form.querySelector("legend")) ||
				    text(submitter(form));
				each(card.options, function (c) {
					var fits = (c.getAttribute("data-fits") || "")
					    .split(" ");
					each(onto.options, function (m) {
						if (fits.indexOf(m.getAttribute(
						    "data-meld")) < 0)
							return;
						acts.push({ key: c.value.toLowerCase(),
						    says: head + ": " + nameOf(c.value) +
						    " onto " + text(m), go: function () {
							card.value = c.value;
							onto.value = m.value;
							send(form, submitter(form));
						} });
					});
				});
			}
			/*
			 * A select of hand cards beside other choices (a knock's
			 * discard): one act per card, and the form stays within
			 * reach, in a details, for the other choices.
			 */
			var keep = false;
			each(form.querySelectorAll('select:not([name="move"])'),
			    function (sel) {
				var opts = Array.prototype.filter.call(sel.options,
				    function (o) {
					return toks[o.value.toLowerCase()];
				});
				if (sel === card || sel === onto || opts.length === 0 ||
				    opts.length !== sel.options.length)
					return;
				stands = keep = true;
				var head = text(form.querySelector("legend")) ||
				    text(submitter(form));
				opts.forEach(function (o) {
					var rest = text(o).replace(o.value, "")
					    .replace(/^:\s*/, ", ");
					acts.push({ key: o.value.toLowerCase(), says: head +
					    ": " + labelOf(sel).toLowerCase() + " " +
					    nameOf(o.value) + rest, go: function () {
						sel.value = o.value;
						sel.dispatchEvent(new Event("change"));
						send(form, submitter(form));
					} });
				});
			});
			/* The hand's checkboxes belong to this form: a meld. */
			if (form.id && hand && hand.querySelector(
			    'input[type="checkbox"][form="' + form.id + '"]')) {
				stands = true;
				acts.push({ key: "*", form: form, go: null });
			}
			/* The hand's radios are this form's moves: one card. */
			if (form.id && hand && hand.querySelector(
			    'input[type="radio"][name="move"][form="' + form.id +
			    '"]')) {
				stands = true;
				acts.push({ key: "radio", form: form });
			}
			if (stands && own && hand)
				(keep ? more : folded).push(form);
		});
		return { acts: acts, folded: folded, more: more };
	}

	/* The live part of the toolbar: what is selected, and the acts. */
	var box = document.createElement("div");
	box.className = "bar-acts";
	var said = document.createElement("p");
	said.className = "bar-said";
	said.id = "bar-said";
	said.setAttribute("aria-live", "polite");
	var list = document.createElement("div");
	list.className = "bar-list";
	box.appendChild(said);
	box.appendChild(list);

	/*
	 * "Confirm before sending" (the account page): the first tap on a
	 * move arms it, the second sends it with confirm=1 (without this
	 * script the server asks on a page of its own instead).
	 */
	var armed = null;
	function arm(b) {
		if (armed && armed !== b) {
			armed.textContent = armed.getAttribute("data-says");
			armed.classList.remove("armed");
		}
		armed = b;
		b.setAttribute("data-says", b.textContent);
		b.textContent = "Tap again to send: " + b.textContent;
		b.classList.add("armed");
	}
	function confirmed(form) {
		var c = form.querySelector('input[name="confirm"]');
		if (c)
			return;
		c = document.createElement("input");
		c.type = "hidden";
		c.name = "confirm";
		c.value = "1";
		form.appendChild(c);
	}
	if (confirmFirst)
		each(document.querySelectorAll('form[action$="/move"]'),
		    function (f) {
			f.addEventListener("submit", function (ev) {
				var b = ev.submitter;
				if (f.querySelector('input[name="confirm"]') || !b)
					return;
				if (armed !== b) {
					ev.preventDefault();
					arm(b);
					return;
				}
				confirmed(f);
			});
		});

	var toks = handToks();
	var found = collect(toks);
	if (!hand || found.acts.length === 0) {
		watchHeight();
		return;
	}
	var heading = bar.querySelector("h2");
	bar.insertBefore(box, heading ? heading.nextSibling : bar.firstChild);
	found.folded.forEach(function (f) {
		f.classList.add("bar-folded");
	});
	found.more.forEach(function (f) {
		var d = document.createElement("details");
		var sum = document.createElement("summary");
		d.className = "bar-more";
		sum.textContent = (text(f.querySelector("legend")) ||
		    text(submitter(f))) + ": choose every detail yourself";
		d.appendChild(sum);
		f.parentNode.insertBefore(d, f);
		d.appendChild(f);
	});
	toggles();
	function button(says, go) {
		var b = document.createElement("button");
		b.type = "button";
		b.className = "bar-act";
		b.textContent = says;
		b.addEventListener("click", function () {
			if (confirmFirst && armed !== b) {
				arm(b);
				return;
			}
			b.disabled = true;
			go();
		});
		return b;
	}

	/*
	 * The melds the server suggests (data-cards) in a folded form: a
	 * button each that selects their cards, so nothing is lost.
	 */
	var hints = document.createElement("div");
	hints.className = "bar-list bar-hints";
	found.folded.forEach(function (f) {
		each(f.querySelectorAll("[data-cards]"), function (s) {
			/* "JK=7H": the card, not what it stands for. */
			var cards = s.getAttribute("data-cards").split(" ")
			    .map(function (t) {
				return t.replace(/=.*/, "");
			});
			var b = document.createElement("button");
			b.type = "button";
			b.className = "bar-hint";
			b.textContent = "Select " + cards.map(nameOf).join(", ");
			b.addEventListener("click", function () {
				each(handInputs(), function (i) {
					if (i.type === "checkbox")
						i.checked = cards.indexOf(tokOf(i)) >= 0;
				});
				draw();
			});
			hints.appendChild(b);
		});
	});
	if (hints.firstChild) {
		var head = document.createElement("p");
		head.className = "bar-said";
		head.textContent = "Melds you can lay now:";
		box.appendChild(head);
		box.appendChild(hints);
	}

	/*
	 * The acts drawn last, in words. A draw that would draw the same
	 * acts leaves the buttons alone: a second draw after one tap (click
	 * and change both ask for one) must not take the focus or the
	 * armed "Tap again" from a button the player has reached.
	 */
	var drawn = null;
	function draw() {
		var sel = selection();
		var key = keyOf(sel);
		var shown = 0;
		var fresh = document.createDocumentFragment();
		found.acts.forEach(function (a) {
			if (a.key === "radio") {
				var r = hand.querySelector('input[type="radio"]' +
				    '[name="move"][form="' + a.form.id + '"]:checked');
				if (!r || sel.length !== 1)
					return;
				var verb = text(submitter(a.form)).replace(/ it$/,
				    "");
				fresh.appendChild(button(verb + " " + nameOf(
				    tokOf(r)), function () {
					send(a.form, submitter(a.form));
				}));
				shown++;
				return;
			}
			if (a.key === "*") {
				if (sel.length < 3)
					return;
				var go = submitter(a.form);
				var names = sel.map(nameOf).join(", ");
				/* One act per choice of the form's own select. */
				var pick = a.form.querySelector("select:not([name=move])");
				if (pick)
					each(pick.options, function (o) {
						if (o.disabled)
							return;
						fresh.appendChild(button(text(go) + ": " +
						    names + ", " + text(o), function () {
							pick.value = o.value;
							send(a.form, go);
						}));
						shown++;
					});
				else {
					fresh.appendChild(button(text(go) + ": " + names,
					    function () {
						send(a.form, go);
					}));
					shown++;
				}
				return;
			}
			if (a.key === key) {
				fresh.appendChild(button(a.says, a.go));
				shown++;
			}
		});
		var says = Array.prototype.map.call(fresh.childNodes,
		    function (b) {
			return b.textContent;
		}).join("\n");
		if (says !== drawn) {
			var had = document.activeElement;
			var was = had && had.parentNode === list ?
			    had.textContent : null;
			armed = null;
			drawn = says;
			list.textContent = "";
			list.appendChild(fresh);
			/* Keep the focus on the act of the same words, if any. */
			each(list.childNodes, function (b) {
				if (was !== null && b.textContent === was)
					b.focus();
			});
		}
		if (sel.length === 0)
			said.textContent = "Tap a card of your hand to see " +
			    "what you can do with it.";
		else if (shown === 0)
			said.textContent = "Selected: " + sel.map(nameOf)
			    .join(", ") + ". No move takes exactly these cards.";
		else
			said.textContent = "Selected: " + sel.map(nameOf)
			    .join(", ") + ".";
	}

	/*
	 * A card of the hand without a control of its own (no meld to tick
	 * now) that some move uses becomes a checkbox of ours.
	 */
	function toggles() {
		each(hand.querySelectorAll("svg.card[data-card]"), function (c) {
			var tok = c.getAttribute("data-card");
			var holder = c.parentNode;
			if (c.closest("label.pick, button") || holder === hand ||
			    !found.acts.some(function (a) {
				return a.key.split(" ").indexOf(tok.toLowerCase()) >= 0;
			    }))
				return;
			holder.setAttribute("role", "checkbox");
			holder.setAttribute("aria-checked", "false");
			holder.setAttribute("tabindex", "0");
			holder.setAttribute("data-tok", tok);
			holder.classList.add("bar-card");
			function flip() {
				holder.setAttribute("aria-checked", holder.getAttribute(
				    "aria-checked") === "true" ? "false" : "true");
				draw();
			}
			holder.addEventListener("click", flip);
			holder.addEventListener("keydown", function (ev) {
				if (ev.key === " " || ev.key === "Enter") {
					ev.preventDefault();
					flip();
				}
			});
		});
	}

	/* Enter on a hand card selects it, as Space does (no submit). */
	hand.addEventListener("keydown", function (ev) {
		var t = ev.target;
		if (ev.key !== "Enter" || !t.matches("label.pick input"))
			return;
		ev.preventDefault();
		t.click();
	});
	/* After the game's own script has handled the tap. */
	document.addEventListener("click", function (ev) {
		if (hand.contains(ev.target))
			window.setTimeout(draw, 0);
	});
	hand.addEventListener("change", function () {
		window.setTimeout(draw, 0);
	});
	draw();
	watchHeight();

	/*
	 * --bar-h: the toolbar's height, for the hand above it; --stack-h:
	 * both, on a phone, where they sit at the foot of the screen and
	 * the page scrolls in the room above them (table_layout.css).
	 */
	function watchHeight() {
		var root = document.documentElement;
		var narrow = window.matchMedia("(max-width: 63.99rem)");
		function set() {
			var h = bar.offsetHeight;
			root.style.setProperty("--bar-h", h + "px");
			if (narrow.matches && hand &&
			    window.getComputedStyle(hand).position === "fixed")
				h += hand.offsetHeight;
			root.style.setProperty("--stack-h", h + "px");
		}
		root.classList.add("has-bar");
		set();
		window.addEventListener("resize", set);
		if (window.ResizeObserver) {
			var ro = new window.ResizeObserver(set);
			ro.observe(bar);
			if (hand)
				ro.observe(hand);
		}
	}
})();
