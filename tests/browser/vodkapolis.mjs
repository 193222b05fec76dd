// game: vodkapolis-500 (tests/cli/games.sh finds each game's tests by this line)
// tests/browser/vodkapolis.mjs: Vodkapolis 500 against bots in a real
// browser (tests/browser/run.sh starts the instance and its worker and
// sets BASE_URL, CHROMIUM, PROFILE, SHOTS).
//
// Registers a fresh user, starts a 4-seat game against three bots from
// the lobby form, and plays a whole hand from the page as a person
// would: take the newest chain card when the page lets us choose it (it
// can be melded), else draw; then lay every meld the page suggests by
// clicking its three cards in the hand and then the toolbar's meld,
// tap a card that extends a meld and the toolbar's extension, and tap
// the costliest card and the toolbar's discard (static/js/bar.js).  Waits
// for the bots through the page's own polling (game.js), the clock
// jumped ahead after the first wait.  When the hand ends, checks the
// scores panel (each row: hand + in front = added) and the table.  Then
// a 6-seat game against five bots, played for a few rounds, for a
// screenshot of a full table at 360 px.  Fails on any console error,
// page error or failed request, or horizontal scroll at 360 px.
// Screenshots (desktop 1280x800, phone 360x740) go to SHOTS as vp-*.png.
// Output: "ok - ..." / "not ok - ..." lines, then "# done".
import {
	page, ok, notOk, check, must, elapsed, start, shoot,
	register, lobby, newGame as openGame, waitFor, submit as submitWith, run,
	tap, act,
} from "./lib.mjs";

const MAX_MOVES = 400;			// our moves before giving up on the hand
const BOT_WAIT = 30000;			// ms for the page to show the bots' moves

await start({ tag: "vp: ", shots: "vp-", phoneParts: true });

// Penalty of a card: 5 plus 5 per special element (?, black, blob).
function value(tok) {
	return 5 * (1 + (tok[0] === "Q" ? 1 : 0) + (tok[1] === "K" ? 1 : 0) +
	    (tok[2] === "b" ? 1 : 0));
}

async function state() {
	return page.evaluate(() => {
		const q = (s) => document.querySelector(s);
		const all = (s) => [...document.querySelectorAll(s)];
		const g = q("#game");
		return {
			ply: g ? Number(g.dataset.ply) : -1,
			status: q("#status")?.textContent ?? "",
			play: !!q("div.play"),
			result: !!q("details.result"),
			over: /Game over/.test(q("#status")?.textContent ?? ""),
			draw: !!q("#f-vp-draw"),
			takes: all("input[form=f-vp-take]").map((i) => i.value),
			meld: !!q("#f-vp-meld"),
			suggest: all(".vp-suggest .sugg").map((s) =>
			    s.dataset.cards.split(" ")),
			add: !!q("#f-vp-add"),
			discards: all("#vp-discard option").map((o) => o.value),
			hand: all("section.hand.mine svg[data-card]")
			    .map((s) => s.dataset.card),
			nmelds: all("ul.vp-melds > li").length,
			chain: all("ol.vp-chain-cards svg[data-card]")
			    .map((s) => s.dataset.card),
		};
	});
}

let realWait = true;
// Until the page shows our move or the end of the hand (done).
async function waitForUs(done) {
	await waitFor(async () => {
		const st = await state();
		return st.play || done(st);
	}, !realWait, { timeout: BOT_WAIT, state });
	return state();
}

const submit = (locator, why) => submitWith(state, locator, why);

const seen = { take: 0, meld: 0, add: 0, draw: 0, discard: 0 };
let keyboardDone = false;

// Presses Tab from the top until the element sel has the focus.
async function tabTo(sel) {
	await page.evaluate(() => {
		document.activeElement?.blur();
		window.scrollTo(0, 0);
	});
	for (let i = 0; i < 100; i++) {
		await page.keyboard.press("Tab");
		if (await page.evaluate((q) => document.activeElement ===
		    document.querySelector(q), sel))
			return true;
	}
	return false;
}
let midShot = null;

// One move of ours; returns its name.
async function move(st) {
	if (st.takes.length > 0 || st.draw) {
		// The newest chain card, when the page lets us choose it.
		const newest = st.chain[st.chain.length - 1];
		if (st.takes.includes(`take ${newest}`)) {
			const radio = page.locator(`input[form=f-vp-take]` +
			    `[value="take ${newest}"]`);
			await page.locator("label.take", { has: radio })
			    .locator("svg.card").click();
			if (!(await radio.isChecked()))
				throw new Error(`a click on ${newest} did not choose it`);
			await submit(page.locator("#f-vp-take button[type=submit]"),
			    `take ${newest}`);
			seen.take++;
			return `take ${newest}`;
		}
		if (!keyboardDone) {
			// Once by keyboard: Tab to the draw button, Enter.
			keyboardDone = true;
			if (await tabTo("#f-vp-draw button")) {
				const before = (await state()).ply;
				const nav = page.waitForNavigation({ waitUntil: "load" });
				await page.keyboard.press("Enter");
				await nav;
				const after = await state();
				if (check("keyboard: Tab reaches the draw button and " +
				    "Enter draws", after.ply > before, `ply ${before} ` +
				    `-> ${after.ply}`)) {
					seen.draw++;
					return "draw";
				}
			} else
				notOk("keyboard: Tab reaches the draw button",
				    "100 presses of Tab never focused it");
		}
		await submit(page.locator("#f-vp-draw button"), "draw");
		seen.draw++;
		return "draw";
	}
	if (st.meld && st.suggest.length > 0) {
		const cards = st.suggest[0];
		for (const c of cards) {
			const box = page.locator(`input[type=checkbox]` +
			    `[form=f-vp-meld][value="${c}"]`);
			await page.locator("section.hand.mine label.pick",
			    { has: box }).locator("svg.card").click();
			if (!(await box.isChecked()))
				throw new Error(`a click on ${c} did not tick it`);
		}
		if (midShot === null) {
			midShot = "meld";
			await shoot("meld-form");
		}
		// The toolbar offers the meld, once per player it may lie
		// before: the first.
		await submit(act(/^Lay the meld: /), `meld ${cards.join(" ")}`);
		seen.meld++;
		return `meld ${cards.join(" ")}`;
	}
	if (st.add) {
		// Tap a card that fits a meld; the toolbar offers each meld.
		const tok = await page.locator("#vp-add-card option").first()
		    .getAttribute("value");
		await tap(tok);
		await submit(act(/^Extend a meld: /), `add ${tok}`);
		seen.add++;
		return "add";
	}
	if (st.discards.length > 0) {
		const cand = st.discards.map((m) => m.replace(/^discard /, ""));
		cand.sort((a, b) => value(b) - value(a));
		await tap(cand[0]);
		await submit(act(/^Discard /), `discard ${cand[0]}`);
		seen.discard++;
		return `discard ${cand[0]}`;
	}
	throw new Error(`our turn, but no move on the page ("${st.status}")`);
}

async function newGame(seats) {
	await lobby();
	const form = page.locator("#new-vodkapolis-500");
	must("the lobby offers Vodkapolis 500", await form.count() === 1,
	    "no #new-vodkapolis-500");
	await form.locator("summary").click();
	await form.locator("select[name=seats]").selectOption(String(seats));
	await openGame(form.locator("button[type=submit]"),
	    `lobby: a ${seats}-seat game against bots opens its page`);
	const n = await page.locator("li.vp-player").count();
	check(`the table shows ${seats} player panels`, n === seats, `${n}`);
}

await run(async () => {
	await register("vp");

	// ---- 4 seats, one whole hand ----
	await newGame(4);
	let moves = 0;
	const ended = (st) => st.result || st.over;
	for (;;) {
		const st = await waitForUs(ended);
		realWait = false;
		if (ended(st))
			break;
		if (++moves > MAX_MOVES)
			throw new Error(`${MAX_MOVES} moves and the hand goes on`);
		await move(st);
		if (moves === 2 && midShot === null) {
			midShot = "play";
			await shoot("play");
		}
	}
	console.log(`# hand 1 over after ${moves} moves of ours ` +
	    `(${JSON.stringify(seen)}) at ${elapsed()}`);
	ok("a whole hand against three bots, played through the page");
	check("we drew or took every turn and discarded",
	    seen.draw + seen.take > 0 && seen.discard > 0, JSON.stringify(seen));
	const d = page.locator("details.result");
	if (!(await d.evaluate((e) => e.open)))
		await d.locator("summary").click();
	const rows = await page.evaluate(() => [...document.querySelectorAll(
	    "table.vp-res tbody tr")].map((tr) => [...tr.querySelectorAll("td")]
	    .map((td) => parseInt(td.textContent.replace("+", ""), 10))
	    .concat(/went out/.test(tr.querySelector("th").textContent) ?
	    [1] : [0])));
	// RULES.md 2d: going out scores 0, the others hand + in front.
	check("the hand's scores: 4 rows, each hand + in front = added, " +
	    "0 for going out",
	    rows.length === 4 && rows.every((r) => r[4] ? r[2] === 0 :
	    r[0] + r[1] === r[2]) && rows.filter((r) => r[4]).length <= 1,
	    JSON.stringify(rows));
	check("  and someone scored (penalties are positive)",
	    rows.some((r) => r[2] > 0), JSON.stringify(rows));
	await d.scrollIntoViewIfNeeded();
	await shoot("result");

	// ---- 6 seats: a full table on a phone ----
	realWait = true;
	await newGame(6);
	let rounds = 0;
	for (;;) {
		const st = await waitForUs(ended);
		realWait = false;
		if (ended(st) || (st.draw && (st.nmelds >= 6 || rounds >= 8)))
			break;
		if (st.draw)
			rounds++;
		await move(st);
	}
	const st6 = await state();
	console.log(`# 6 seats: ${rounds} rounds, ${st6.nmelds} melds, ` +
	    `chain ${st6.chain.length} at ${elapsed()}`);
	check("6 seats: melds lie on the table", st6.nmelds > 0,
	    `${st6.nmelds}`);
	await shoot("six");
}, "vp-failed.png");
