// game: rummy-500 (tests/cli/games.sh finds each game's tests by this line)
// tests/browser/rummy500.mjs: Rummy 500 against bots in a real browser
// (tests/browser/run.sh starts the instance and its worker and sets
// BASE_URL, CHROMIUM, PROFILE, SHOTS).
//
// Registers a fresh user, starts a 3-seat game against two bots from
// the lobby form and plays a whole hand from the page as a person
// would: take the top discard when the page lets us choose it (it can
// be laid), else draw; lay every meld the page suggests by clicking its
// cards in the hand and then the toolbar's meld, tap a card that lays
// off and the toolbar's lay-off, tap the costliest card and the
// toolbar's discard (static/js/bar.js).  When the hand ends, checks the panel (each row: on
// the table - in hand = the hand's score, RULES.md 6d).  Fails on any
// console error, page error or failed request, or horizontal scroll at
// 360 px.  Screenshots go to SHOTS as r5-*.png.
import {
	page, ok, check, must, elapsed, start, shoot,
	register, lobby, newGame as openGame, waitFor, submit as submitWith, run,
	tap, act,
} from "./lib.mjs";

const MAX_MOVES = 400;			// our moves before giving up on the hand
const BOT_WAIT = 30000;			// ms for the page to show the bots' moves

await start({ tag: "r500: ", shots: "r5-", phoneParts: true });

// Points of a card in hand (RULES.md 6d): ace 15, T J Q K 10, pips.
function value(tok) {
	return tok[0] === "A" ? 15 : "TJQK".includes(tok[0]) ? 10 :
	    Number(tok[0]);
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
			draw: !!q("#f-r5-draw"),
			takes: all("input[form=f-r5-take]").map((i) => i.value),
			meld: !!q("#f-r5-meld"),
			suggest: all(".r5-suggest .sugg").map((s) =>
			    s.dataset.cards.split(" ")),
			add: !!q("#f-r5-layoff"),
			discards: all("#r5-discard option").map((o) => o.value),
			hand: all("section.hand.mine svg[data-card]")
			    .map((s) => s.dataset.card),
			nmelds: all("ul.r5-meld-list > li").length,
			chain: all("ol.r5-pile-cards svg[data-card]")
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
let midShot = null;
let meldShot = false;

// One move of ours; returns its name.
async function move(st) {
	if (st.takes.length > 0 || st.draw) {
		// The top discard, when the page lets us choose it.
		const newest = st.chain[st.chain.length - 1];
		if (st.takes.includes(`take ${newest}`)) {
			const radio = page.locator(`input[form=f-r5-take]` +
			    `[value="take ${newest}"]`);
			await page.locator("label.take", { has: radio })
			    .locator("svg.card").click();
			if (!(await radio.isChecked()))
				throw new Error(`a click on ${newest} did not choose it`);
			await submit(page.locator("#f-r5-take button[type=submit]"),
			    `take ${newest}`);
			seen.take++;
			return `take ${newest}`;
		}
		await submit(page.locator("#f-r5-draw button"), "draw");
		seen.draw++;
		return "draw";
	}
	if (st.meld && st.suggest.length > 0) {
		const cards = st.suggest[0];
		for (const c of cards) {
			const box = page.locator(`input[type=checkbox]` +
			    `[form=f-r5-meld][value="${c.replace(/=.*/, "")}"]`);
			await page.locator("section.hand.mine label.pick",
			    { has: box }).locator("svg.card").click();
			if (!(await box.isChecked()))
				throw new Error(`a click on ${c} did not tick it`);
		}
		if (midShot === null) {
			midShot = "meld";
			await shoot("meld-form");
		}
		await submit(act(/^Meld the ticked cards: /),
		    `meld ${cards.join(" ")}`);
		seen.meld++;
		return `meld ${cards.join(" ")}`;
	}
	if (st.add) {
		// Tap a card that fits a meld; the toolbar offers each meld.
		const tok = await page.locator("#r5-lay-card option").first()
		    .getAttribute("value");
		await tap(tok);
		await submit(act(/^Lay off: /), `layoff ${tok}`);
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
	const form = page.locator("#new-rummy-500");
	must("the lobby offers Rummy 500", await form.count() === 1,
	    "no #new-rummy-500");
	await form.locator("summary").click();
	await form.locator("select[name=seats]").selectOption(String(seats));
	await openGame(form.locator("button[type=submit]"),
	    `lobby: a ${seats}-seat game against bots opens its page`);
	const n = await page.locator("table.players tbody tr").count();
	check(`the table shows ${seats} players`, n === seats, `${n}`);
}

await run(async () => {
	await register("rf");

	// ---- 3 seats, one whole hand ----
	await newGame(3);
	let moves = 0;
	const ended = (st) => st.result || st.over;
	for (;;) {
		const st = await waitForUs(ended);
		realWait = false;
		if (ended(st))
			break;
		if (++moves > MAX_MOVES)
			throw new Error(`${MAX_MOVES} moves and the hand goes on`);
		if (st.nmelds >= 2 && !meldShot) {
			meldShot = true;
			await shoot("melds");
		}
		await move(st);
		if (moves === 2 && midShot === null) {
			midShot = "play";
			await shoot("play");
		}
	}
	console.log(`# hand 1 over after ${moves} moves of ours ` +
	    `(${JSON.stringify(seen)}) at ${elapsed()}`);
	ok("a whole hand against two bots, played through the page");
	const d = page.locator("details.result");
	if (!(await d.evaluate((e) => e.open)))
		await d.locator("summary").click();
	const rows = await page.evaluate(() => [...document.querySelectorAll(
	    "table.r5-res tbody tr")].map((tr) => [...tr.querySelectorAll("td")]
	    .map((td) => parseInt(td.textContent.replace("+", "")
	    .replace("\u2212", ""), 10))));
	// RULES.md 6d: on the table minus in hand; hand 1, so total = net.
	check("the hand's scores: 3 rows, table - hand = score = total",
	    rows.length === 3 && rows.every((r) => r[0] - r[1] === r[2] &&
	    r[2] === r[3]), JSON.stringify(rows));
	await d.scrollIntoViewIfNeeded();
	await shoot("result");
}, "r5-failed.png");
