// game: gin-vodka (tests/cli/games.sh finds each game's tests by this line)
// tests/browser/play.mjs: one hand of Gin Vodka against the bot, in a real
// browser (tests/browser/run.sh starts the instance and sets the
// environment: BASE_URL, CHROMIUM, PROFILE, SHOTS).
//
// Registers a fresh user (the time zone comes from the browser), starts
// a game against the bot from the lobby, then plays from the page itself:
// knock when the page offers a knock (its form comes filled with a
// lowest-deadwood arrangement); else take the top card when it joins two
// cards of a line, draw, or pass the upcard; then click the costliest
// card among those that help the fewest lines and discard it; each
// card move by tapping the card and then the toolbar's move in words
// (static/js/bar.js), once with the keyboard only (Tab, Space, Enter),
// once with "confirm before sending" set on the account page (two taps).  It waits
// for the bot through the page's own polling (game.js) or refresh: the
// first wait in real time, later ones with the page's clock jumped ahead
// so that the same poll runs at once.  When the hand-end panel shows, it
// checks the arrangements, deadwood and points against RULES.md 3 and
// the score table.  It also plays one move with Tab and Enter, checks
// that nothing scrolls sideways at 360 px, and fails on any console
// error, page error or failed request.  Screenshots of the lobby, the
// game mid-hand, the knock form (when we knock) and the hand end at
// 1280x800 and 360x740 go to SHOTS.
// Output: one "ok - ..." or "not ok - ..." line per check, then "# done".
// BROWSER_DEBUG=1 also prints how long each wait and move took.
import {
	BASE, page, ok, notOk, check, must, elapsed, start, shoot, register,
	lobby, newGame, waitFor, submit as submitWith, run, tap, cardWords, act,
	acts,
	clickAndLoad,
	tabUntil,
} from "./lib.mjs";

const ZONE = "Europe/Berlin";		// the browser's zone, for /register
const MAX_TURNS = 80;			// our turns before giving up on the hand
const BOT_WAIT = 20000;			// ms for the page to show the bot's move

await start({ timezoneId: ZONE });

// ---- cards ----

// Deadwood of a Squares card "3Bs" (RULES.md 3c): N + 2 if blue + 2 if square.
function value(tok) {
	const n = Number(tok[0]);
	return n + (tok[1].toUpperCase() === "B" ? 2 : 0) +
	    (tok[2] === "s" ? 2 : 0);
}
// Two cards share a line when two of their three attributes match.
function sameLine(a, b) {
	let k = 0;
	for (let i = 0; i < 3; i++)
		k += a[i].toLowerCase() === b[i].toLowerCase() ? 1 : 0;
	return k === 2;
}
function links(tok, hand) {
	return hand.filter((t) => t !== tok && sameLine(t, tok)).length;
}

// ---- the game page ----

async function gameState() {
	return page.evaluate(() => {
		const g = document.querySelector("#game");
		const q = (s) => document.querySelector(s);
		const all = (s) => [...document.querySelectorAll(s)];
		return {
			ply: g ? Number(g.dataset.ply) : -1,
			status: q("#status")?.textContent ?? "",
			// The last hand's panel: open while the next hand's
			// opening waits, folded in a <details> after that.
			result: !!q("section.result, details.result"),
			buttons: all("div.play form.buttons button[name=move]")
			    .map((b) => b.value),
			discard: !!q("#f-discard"),
			knock: !!q("#f-knock"),
			hand: all("section.hand.mine svg[data-card]")
			    .map((s) => s.dataset.card),
			picks: all("input[type=radio][form=f-discard]:not(:disabled)")
			    .map((i) => i.value),
			upcard: q(".piles svg[data-card]")?.dataset.card ?? null,
		};
	});
}

// Waits until the page, through its own polling or refresh, shows a
// state where the viewer acts, or the hand-end panel.  With fast set,
// the page's clock jumps ahead so that game.js polls at once instead of
// in 3 s (the same code runs, in less time); the first wait runs in
// real time.
async function waitForUs(fast) {
	await waitFor(async () => await page.locator("div.play, .result")
	    .count() > 0, fast, { timeout: BOT_WAIT, state: gameState,
	    what: "our move or the hand end" });
}

// Submits with a click (or the keyboard when keys is set) and waits
// for the game page the POST redirects to.
const submit = (locator, why, keys = false) => submitWith(gameState,
    keys ? null : locator, why);

// Presses Tab from the top of the page until a move button has the
// focus; returns its value, or null.
async function tabToMoveButton() {
	await page.evaluate(() => {
		document.activeElement?.blur();
		window.scrollTo(0, 0);
	});
	await page.focus("body").catch(() => {});
	for (let i = 0; i < 80; i++) {
		await page.keyboard.press("Tab");
		const v = await page.evaluate(() => {
			const a = document.activeElement;
			return a && a.matches("div.play form.buttons " +
			    "button[name=move]") ? a.value : null;
		});
		if (v !== null)
			return v;
	}
	return null;
}

let keyboardDone = false, keyDiscardDone = false, confirmDone = false;

// "Confirm before sending" on or off, on the account page.
async function setConfirm(on) {
	await page.goto(`${BASE}/account`);
	await page.locator("form[action='/account/confirm'] " +
	    "input[name=confirm]").setChecked(on);
	await clickAndLoad(page.locator("form[action='/account/confirm'] " +
	    "button[type=submit]"));
	check(`account: "confirm before sending" ${on ? "on" : "off"}, ` +
	    "and the page says it is saved", (await page.locator("main")
	    .innerText()).includes("Your setting for sending moves is saved.") &&
	    await page.locator("form[action='/account/confirm'] " +
	    "input[name=confirm]").isChecked() === on, page.url());
}
let midShot = false;

async function playTurn(st) {
	if (st.knock) {
		await shoot("knock");
		// Tap the card the knock form would discard (it comes filled
		// with a lowest-deadwood arrangement for it), then the
		// toolbar's knock with that card.
		const tok = await page.locator("#k-discard").inputValue();
		await tap(tok);
		const says = await acts();
		check(`the toolbar offers a knock with ${tok}`, says.some((a) =>
		    /^Knock: discard /.test(a)), says.join(" | "));
		await submit(act(/^Knock: discard /), `knock, discarding ${tok}`);
		return "knock";
	}
	if (st.buttons.length > 0) {
		// Take the top card when it joins two cards of a line, else
		// draw from the stock (or pass the upcard).
		const take = st.buttons.find((b) => b.startsWith("take"));
		const move = take && st.upcard && links(st.upcard, st.hand) >= 2 ?
		    take : st.buttons.includes("draw") ? "draw" :
		    st.buttons.includes("pass") ? "pass" : st.buttons[0];
		if (!keyboardDone) {
			keyboardDone = true;
			const v = await tabToMoveButton();
			if (check("keyboard: Tab reaches a move button", v !== null,
			    "80 presses of Tab never focused a move button")) {
				await submit(null, `keyboard ${v}`, true);
				ok(`keyboard: Enter on "${v}" plays it`);
				return v;
			}
		}
		await submit(page.locator(`div.play form.buttons ` +
		    `button[name=move][value="${move}"]`), move);
		return move;
	}
	if (st.discard) {
		if (!midShot) {
			midShot = true;
			await shoot("game");
		}
		if (st.picks.length === 0)
			throw new Error("the discard form has no card to pick");
		const cand = st.picks.map((m) => m.replace(/^discard /, ""));
		// The costliest card among those that help the fewest lines.
		const help = (t) => Math.min(links(t, st.hand), 2);
		cand.sort((a, b) => help(a) - help(b) || value(b) - value(a));
		const tok = cand[0];
		const radio = page.locator(`input[type=radio][form=f-discard]` +
		    `[value="discard ${tok}"]`);
		if (!keyDiscardDone) {
			// Once by keyboard only: Tab into the hand (its cards are
			// one group of radios), arrows to the card, Space selects
			// it, Tab on to the toolbar's discard, Enter sends it.
			keyDiscardDone = true;
			// A reload (the page's poll saw a new ply) would take the
			// focus: the failures below say whether one came.
			const loads = [];
			const onLoad = (f) => {
				if (f === page.mainFrame())
					loads.push(f.url());
			};
			page.on("framenavigated", onLoad);
			const focusIs = async () => `focus on ${await page.evaluate(
			    () => { const a = document.activeElement; return a ?
			    `${a.tagName} "${a.textContent.trim().slice(0, 40)}"` :
			    "nothing"; })}, ${loads.length} page load(s) since ` +
			    `the hand was reached ${JSON.stringify(loads)}`;
			let reached = await tabUntil("input[form=f-discard]");
			const want = `discard ${tok}`;
			for (let i = 0; reached && i < 30 && await page.evaluate(
			    () => document.activeElement.value) !== want; i++)
				await page.keyboard.press("ArrowRight");
			reached = reached && await page.evaluate(() =>
			    document.activeElement.value) === want;
			if (check(`keyboard: Tab and the arrows reach the card ` +
			    `${tok}`, reached, "never focused it")) {
				await page.keyboard.press("Space");
				// The toolbar draws its acts after the tap's events,
				// each arrow's too (it checked a card on its way): wait
				// for the act of this card, in its words, not an
				// earlier card's that a late draw then replaces.
				const says = "Discard " + await cardWords(tok);
				await page.locator("#play button.bar-act").filter({
				    hasText: new RegExp(`^${says.replace(
				    /[.*+?^${}()|[\]\\]/g, "\\$&")}$`) }).first().waitFor({
				    timeout: 10000 }).catch(() => {});
				const sent = await tabUntil("#play button.bar-act");
				if (check("keyboard: Space selects it and Tab reaches " +
				    "the toolbar's discard", sent && await radio
				    .isChecked() && await page.evaluate(() => document
				    .activeElement.textContent) === says,
				    await focusIs())) {
					// A late redraw (a tap asks for two) keeps the focus.
					await page.evaluate(() => document.querySelector(
					    "section.hand.mine").dispatchEvent(
					    new Event("change", { bubbles: true })));
					await page.waitForTimeout(100);
					check("keyboard: a redraw of the toolbar keeps " +
					    "the focus on its discard", await page.evaluate(
					    () => document.activeElement.textContent) ===
					    says, await focusIs());
					page.off("framenavigated", onLoad);
					await submit(null, `keyboard: discard ${tok}`, true);
					ok(`keyboard: Enter on the toolbar's discard ` +
					    `sends it`);
					return `discard ${tok}`;
				}
			}
			page.off("framenavigated", onLoad);
		}
		if (!confirmDone) {
			// Once with "confirm before sending" (the account page):
			// the first tap arms the discard, the second sends it.
			confirmDone = true;
			const game = page.url();
			await setConfirm(true);
			await page.goto(game);
			await tap(tok);
			const ply = (await gameState()).ply;
			await act(/^Discard /).click();
			const armed = await page.locator("#play button.bar-act.armed")
			    .innerText().catch(() => "");
			check("confirm before sending: the first tap only asks " +
			    "again", /^Tap again to send: Discard /.test(armed) &&
			    (await gameState()).ply === ply, `"${armed}"`);
			await submit(page.locator("#play button.bar-act.armed"),
			    `discard ${tok}, confirmed`);
			ok("confirm before sending: the second tap sends it");
			await setConfirm(false);
			await page.goto(game);
			return `discard ${tok}`;
		}
		// Tap the card, as a person does; its radio gets chosen, and
		// the toolbar offers its discard in words.
		await tap(tok);
		if (!(await radio.isChecked()))
			throw new Error(`a tap on ${tok} did not choose it`);
		await submit(act(/^Discard /), `discard ${tok}`);
		return `discard ${tok}`;
	}
	throw new Error(`our turn, but no move on the page ("${st.status}")`);
}

// ---- the hand-end panel ----

async function checkPanel() {
	const p = await page.evaluate(() => {
		const sec = document.querySelector("section.result, details.result");
		const arr = [...sec.querySelectorAll(".arrangements .arr")];
		const cards = (el) => [...el.querySelectorAll("svg[data-card]")]
		    .map((s) => s.dataset.card);
		return {
			open: sec.tagName === "SECTION",
			text: sec.querySelector(":scope > p")?.textContent ?? "",
			arr: arr.map((a) => ({
				title: a.querySelector("h3")?.textContent ?? "",
				melds: [...a.querySelectorAll("ul.melds li")]
				    .map((li) => ({
					own: cards(li.querySelector(".meld") ?? li),
					laid: cards(li.querySelector(".laid") ??
					    document.createElement("i")),
				    })).filter((m) => m.own.length > 0),
				deadText: [...a.querySelectorAll("p")].map((x) =>
				    x.textContent).find((t) => /Deadwood/.test(t)) ?? "",
				dead: cards([...a.querySelectorAll("p")].find((x) =>
				    /Deadwood/.test(x.textContent)) ??
				    document.createElement("i")),
			})),
			players: [...document.querySelectorAll("table.players tbody tr")]
			    .map((tr) => ({
				name: tr.querySelector("th")?.childNodes[0]
				    ?.textContent.trim() ?? "",
				score: Number(tr.querySelector("td")?.textContent),
			    })),
		};
	});
	console.log(`# panel (${p.open ? "open" : "folded"}): ${p.text}`);
	// The stock may run out with nobody knocking (RULES.md 3): a void
	// hand has no arrangements to check, only its sentence and the
	// scores, which stay at nothing.
	if (/ is void/.test(p.text)) {
		check("panel: a void hand says why and that nobody scores",
		    /^Hand 1 is void: the stock ran out .*Nobody scores\.$/
		    .test(p.text), p.text);
		check("panel: after a void first hand every score is 0",
		    p.players.length === 2 &&
		    p.players.every((x) => x.score === 0),
		    JSON.stringify(p.players));
		console.log("# a void hand: the arrangement checks do not apply");
		return;
	}
	if (!check("panel: both arrangements shown", p.arr.length === 2,
	    `${p.arr.length} arrangements`))
		return;
	// A name is one word, or a bot's two and its level ("Bot Ada (easy)");
	// "you" mid-sentence.
	const m = p.text.match(/^Hand (\d+): (Bot \S+(?: \((?:easy|strong)\))?|\S+) (knocked with (\d+) deadwood|went gin), discarding (\S+); (Bot \S+(?: \((?:easy|strong)\))?|\S+) (?:laid off (\d+) cards? and kept (\d+) deadwood|had (\d+) deadwood)[^.]*\. (Bot \S+(?: \((?:easy|strong)\))?|\S+) scores? (.*) = (\d+)\.$/);
	if (!check("panel: the result text reads as a hand end", m !== null,
	    p.text))
		return;
	const cap = (x) => x.charAt(0).toUpperCase() + x.slice(1);
	const kname = m[2], gin = m[3] === "went gin", dname = cap(m[6]);
	const K = gin ? 0 : Number(m[4]);
	const D = Number(gin ? m[9] : m[8]);
	const scorer = m[10], points = Number(m[12]);
	const [ka, da] = p.arr;
	check("panel: arrangement titles name the knocker then the defender",
	    ka.title.startsWith(kname + ":") && da.title.startsWith(dname + ":"),
	    `${ka.title} / ${da.title}`);
	// Each meld is 3 or 4 cards of one line (with its lay-offs, at most 4).
	const bad = [];
	for (const a of p.arr)
		for (const md of a.melds) {
			const all = md.own.concat(md.laid);
			const line = all.every((x) => all.every((y) => x === y ||
			    sameLine(x, y)));
			if (md.own.length < 3 || all.length > 4 || !line)
				bad.push(all.join(" "));
		}
	check("panel: every meld is 3 or 4 cards of one line", bad.length === 0,
	    bad.join("; "));
	const sum = (l) => l.reduce((s, t) => s + value(t), 0);
	check("panel: knocker's deadwood matches the cards shown",
	    sum(ka.dead) === K && ka.deadText.includes(`Deadwood ${K}`),
	    `shown "${ka.deadText}" cards ${ka.dead.join(" ")} sum ${sum(ka.dead)}, text says ${K}`);
	check("panel: defender's deadwood matches the cards shown",
	    sum(da.dead) === D && da.deadText.includes(`Deadwood ${D}`),
	    `shown "${da.deadText}" cards ${da.dead.join(" ")} sum ${sum(da.dead)}, text says ${D}`);
	const nlaid = ka.melds.reduce((s, md) => s + md.laid.length, 0);
	if (!gin)
		check("panel: lay-offs counted as shown", nlaid === Number(m[7]),
		    `${nlaid} shown, text says ${m[7]}`);
	else
		check("panel: no lay-offs on gin", nlaid === 0, `${nlaid} shown`);
	// Every card of the two hands shows once: 11 each.
	const cardsOf = (a, withLaid) => a.melds.flatMap((md) =>
	    withLaid ? md.own.concat(md.laid) : md.own).concat(a.dead);
	const kc = cardsOf(ka, false), dc = cardsOf(da, false).concat(
	    ka.melds.flatMap((md) => md.laid));
	check("panel: 11 cards in each arrangement, none twice",
	    kc.length === 11 && dc.length === 11 &&
	    new Set(kc.concat(dc)).size === 22,
	    `knocker ${kc.length}, defender ${dc.length}, distinct ` +
	    `${new Set(kc.concat(dc)).size}`);
	// RULES.md 3d.
	let wantScorer, want;
	if (gin) {
		wantScorer = kname;
		want = 20 + D;
	} else if (K < D) {
		wantScorer = kname;
		want = D - K;
	} else {
		wantScorer = dname;
		want = 8 + (K - D);
	}
	check("panel: points follow the rules (RULES.md 3d)",
	    scorer === wantScorer && points === want,
	    `text: ${scorer} scores ${points}; rules: ${wantScorer} scores ${want}`);
	// Hand 1: the score table holds exactly these points.
	const row = (n) => p.players.find((x) => x.name === n);
	check("panel: the score table agrees with the points",
	    m[1] === "1" && row(scorer)?.score === points &&
	    p.players.every((x) => x.name === scorer || x.score === 0),
	    `hand ${m[1]}; table ${JSON.stringify(p.players)}`);
}

// ---- the flow ----

await run(async () => {
	// Register.
	await register("pw", {
		signed: "register: signed in after the form",
		filled: async () => {
			const tz = await page.locator("#tz").inputValue();
			check(`register: the browser's zone is chosen (${ZONE})`,
			    tz === ZONE, `the select holds ${tz}`);
			// tz.js, on a visitor's pages: the zone for their times.
			const jar = await page.evaluate(() => document.cookie);
			check(`register: a visitor's zone is kept in a cookie`,
			    jar.includes(`topper_tz=${ZONE}`), `cookies: ${jar}`);
		},
	});
	const acct = await page.goto(`${BASE}/account`);
	const acctText = await page.locator("main").innerText();
	check("account: shows the zone chosen at registration",
	    acct?.ok() && acctText.includes(ZONE),
	    `HTTP ${acct?.status()}: ${acctText.slice(0, 300)}`);

	// Lobby: a game against the bot.
	await lobby();
	await shoot("lobby");
	await page.locator("#gin-vodka-opp1").selectOption("bot");
	await newGame(page.locator("#new-form-gin-vodka button[type=submit]"),
	    "lobby: a new game against the bot opens its page");
	// Each card of our hand is an image named by its <title>: in
	// words, with its token (cards.c).
	const shown = (await gameState()).hand.length;
	const words = new RegExp("^([a-z]+ [a-z]+ ([1-4]|question mark) " +
	    "\\([1-4Q][RYGBK][chtsb]\\)|joker [12] \\(JK[12]\\))");
	const named = await page.locator("section.hand.mine")
	    .getByRole("img", { name: words }).count();
	check("our cards are named in words", shown > 0 && named === shown,
	    `${named} of ${shown} cards named`);

	// Play until the hand-end panel shows.
	let turns = 0, realWaits = 0;
	const moves = [];
	for (;;) {
		const w0 = Date.now(), fast = realWaits > 0;
		const before = await gameState();
		const pending = !before.result && before.buttons.length === 0 &&
		    !before.discard && !before.knock;
		await waitForUs(fast);
		const st = await gameState();
		// The first wait for the bot runs in real time: the page's own
		// poll (3 s) or refresh (5 s) must show its move unaided.
		if (pending && !fast) {
			realWaits++;
			ok(`the page shows the bot's move by itself (in ` +
			    `${((Date.now() - w0) / 1000).toFixed(1)} s, from ` +
			    `"${before.status}")`);
		}
		if (st.result)
			break;
		if (++turns > MAX_TURNS)
			throw new Error(`${MAX_TURNS} turns and the hand goes on`);
		const m0 = Date.now();
		moves.push(await playTurn(st));
		if (process.env.BROWSER_DEBUG)
			console.log(`# wait ${m0 - w0} ms, move ${Date.now() - m0} ms`);
	}
	console.log(`# ${turns} moves of ours (${moves.join(", ")}) in ${elapsed()}`);
	ok("the hand ends with the hand-end panel");
	// A fast bot may have opened the next hand already: then the panel
	// is folded, and a click on its summary opens it.
	const unfold = async (pg) => {
		const d = pg.locator("details.result");
		if (await d.count() > 0 && !(await d.evaluate((e) => e.open)))
			await d.locator("summary").click();
		await pg.locator(".result").first().scrollIntoViewIfNeeded();
	};
	await unfold(page);
	// A void hand's panel is its sentence alone (checkPanel).
	const voided = / is void/.test(await page.locator(".result").first()
	    .innerText());
	check("the hand-end panel is visible", await page.locator(voided ?
	    ".result p" : ".result .arrangements").first().isVisible(),
	    "its arrangements are hidden");
	await checkPanel();
	await shoot("result", unfold);
});
