// game: six-suit (tests/cli/games.sh finds each game's tests by this line)
// tests/browser/six_suit.mjs: Six Suit against bots in a real browser
// (tests/browser/run.sh starts the instance and its worker and sets
// BASE_URL, CHROMIUM, PROFILE, SHOTS).
//
// Registers a fresh user and starts, from the lobby form, a 4-seat game
// in 2 teams against three bots (one deal).  Then plays from the page as
// a person would, by clicking: the prediction's three radio groups and
// "Predict and draw"; a hidden card, then a target (a top card that
// eliminates its owner, else one that gives a double match, else one on
// a teammate, else the center pile) and the Play button of the bar;
// Accept or Reject when a bot's play waits for our veto.  It goes on
// until somebody is eliminated (a ghost shows), and checks the team
// names, the ghost's line and the score table; then opens the history.  Then a 12-seat game in
// 3 teams against eleven bots, played for a few turns, for the phone.
// Waits for the bots through the page's own polling (game.js), the
// clock jumped ahead after the first wait.  Fails on any console error,
// page error or failed request, or horizontal scroll at 360 px.
// Screenshots (desktop 1280x800, phone 360x740) go to SHOTS as six-*.png.
// Output: "ok - ..." / "not ok - ..." lines, then "# done".
import {
	page, ok, check, must, elapsed, start, shoot, lobby, register,
	newGame, clickAndLoad, waitFor, submit as submitWith, run,
} from "./lib.mjs";

const MAX_MOVES = 300;			// our moves before giving up
const BOT_WAIT = 60000;			// ms for the page to show the bots' moves

await start({ shots: "six-", timezoneId: null });

async function state() {
	return page.evaluate(() => {
		const g = document.querySelector("#game");
		const q = (s) => document.querySelector(s);
		const all = (s) => [...document.querySelectorAll(s)];
		return {
			ply: g ? Number(g.dataset.ply) : -1,
			status: q("#status")?.textContent ?? "",
			over: /match is over/.test(q("#status")?.textContent ?? ""),
			predict: !!q("#f-predict"),
			play: !!q("#f-play"),
			pass: !!q("div.play button[value=pass]"),
			veto: !!q("div.play button[value=accept]"),
			vetoText: q(".six-veto p")?.textContent ?? "",
			hand: all("input[form=f-play][name=c0]").map((i) => i.value),
			targets: all("input[form=f-play][name=move]").map((i) => ({
				value: i.value,
				fits: (i.dataset.fits ?? "").split(" ").filter(Boolean),
				dbl: (i.dataset.dbl ?? "").split(" ").filter(Boolean),
				elim: (i.dataset.elim ?? "").split(" ").filter(Boolean),
				team: i.closest("section.seat")?.className ?? "",
			})),
			myTeam: (all("section.seat").find((s) =>
			    /^You\b/.test(s.querySelector("h3")?.textContent ?? ""))
			    ?.className.match(/team-\d/) ?? [""])[0],
			ghosts: all("section.seat.ghost h3").map((h) =>
			    h.childNodes[0]?.textContent.trim()),
			fell: all("p.fell").map((p) => p.textContent),
			chain: q("#six-chain")?.textContent ?? "",
		};
	});
}

// Until our move shows, or the match is over.
async function waitForUs(fast) {
	await waitFor(async () => await page.locator("div.play").count() >
	    0 || (await state()).over, fast, { timeout: BOT_WAIT, state });
}

const submit = (locator, why) => submitWith(state, locator, why);

// Click the label of a radio (the card face or the words), as a person.
async function pick(radio) {
	await page.locator("label", { has: radio }).first().click();
	if (!(await radio.isChecked()))
		throw new Error(`a click did not choose ${await radio.getAttribute("value")}`);
}

const shots = new Set();
async function shotOnce(name, only) {
	if (shots.has(name))
		return;
	shots.add(name);
	await shoot(name, only);
}

// One move of ours by clicking; returns what it did.
async function move(st) {
	if (st.predict) {
		await shotOnce("predict", "phone");
		// The three groups as a person fills them: the suggested values.
		for (const name of ["w0", "w1", "w2"]) {
			const r = page.locator(`input[name=${name}]:checked`);
			await pick(r);
		}
		const tok = await page.evaluate(() => ["w0", "w1", "w2"].map((n) =>
		    document.querySelector(`#six-quick input[name=${n}]:checked`)
		    .value).join(""));
		if (tok.length !== 3)
			throw new Error(`the radios say "${tok}"`);
		await submit(page.locator("#f-predict button[type=submit]"),
		    "predict");
		return `predict ${tok}`;
	}
	if (st.veto) {
		await shotOnce("veto");
		const yes = /further from|leave you [2-9]/.test(st.vetoText);
		await submit(page.locator(`div.play button[value=${yes ?
		    "accept" : "reject"}]`), "veto");
		return yes ? "accept" : "reject";
	}
	if (st.pass) {
		await submit(page.locator("div.play button[value=pass]"), "pass");
		return "pass";
	}
	if (!st.play)
		throw new Error(`our turn, but no form ("${st.status}")`);
	await shotOnce("play");
	// The best card and target by the page's own hints.
	let best = null;
	for (const c of st.hand)
		for (const t of st.targets) {
			if (t.value !== "discard" && !t.fits.includes(c))
				continue;
			const own = st.myTeam && t.team.includes(st.myTeam);
			const sc = t.value === "discard" ? 1 :
			    t.elim.includes(c) ? 100 : t.dbl.includes(c) ?
			    (own ? 5 : 20) : own ? 0 : 2;
			if (!best || sc > best.sc)
				best = { c, t: t.value, sc };
		}
	if (!best)
		throw new Error("no card and target to choose");
	await pick(page.locator(`input[form=f-play][name=c0][value="${best.c}"]`));
	await pick(page.locator(`input[form=f-play][name=move][value="${best.t}"]`));
	const bar = await page.locator("#six-choice").textContent();
	if (!bar.includes(best.c))
		throw new Error(`the bar says "${bar}" for ${best.c}`);
	await submit(page.locator("#f-play button[type=submit]"), best.t);
	return `${best.t} with ${best.c}`;
}

async function lobbyGame(seats, teams) {
	await lobby();
	const d = page.locator("details#new-six-suit");
	if (!(await d.evaluate((e) => e.open)))
		await d.locator("summary").click();
	await page.selectOption("#six-suit-seats", String(seats));
	await page.fill("#six-suit-teams", String(teams));
	await page.fill("#six-suit-deals", "1");
	if (seats === 4)
		await shoot("lobby", "desktop");
	await newGame(d.locator("button[type=submit]"),
	    `lobby: a ${seats}-seat game against bots opens its page`);
}

await run(async () => {
	await register("sx");

	await lobbyGame(4, 2);
	const first = await state();
	const text = await page.locator("section.six").innerText();
	check("the table names both teams", /Team A/.test(text) &&
	    /Team B/.test(text), text.slice(0, 400));
	check("four seats with six top cards each",
	    await page.locator("section.seat ul.tops li").count() === 24,
	    `${await page.locator("section.seat ul.tops li").count()} tops`);
	check("free time is explained", /free time/.test(text),
	    text.slice(0, 300));

	let moves = 0, realWaits = 0, ghosts = [];
	const done = [];
	for (;;) {
		const fast = realWaits > 0;
		const before = await state();
		const pending = !before.predict && !before.play && !before.veto &&
		    !before.pass && !before.over;
		const w0 = Date.now();
		await waitForUs(fast);
		if (pending && !fast) {
			realWaits++;
			ok(`the page shows the bots' moves by itself (in ` +
			    `${((Date.now() - w0) / 1000).toFixed(1)} s)`);
		}
		const st = await state();
		if (st.chain)
			await shotOnce("chain", "desktop");
		if (st.ghosts.length > 0) {
			ghosts = st.ghosts;
			break;
		}
		if (st.over)
			throw new Error(`the match ended without an elimination: ` +
			    st.status);
		if (++moves > MAX_MOVES)
			throw new Error(`${MAX_MOVES} moves and nobody fell`);
		done.push(await move(st));
	}
	console.log(`# ${moves} moves of ours in ${elapsed()}: ` +
	    done.slice(-12).join(", "));
	ok(`an elimination: ${ghosts.join(", ")} became a ghost`);
	const st = await state();
	check("the fallen seat says who eliminated it",
	    st.fell.some((t) => /eliminated by .* \(1st fall of this deal\)/.test(t)),
	    st.fell.join("; "));
	const scores = await page.locator("table.six-scores tbody tr")
	    .allInnerTexts();
	check("the score table has a row per team, with points",
	    scores.length === 2 && scores.some((r) => /\t[1-9]\d*$/.test(r)),
	    scores.join(" | "));
	await shoot("elimination");

	// The history, a few plies back: the board without forms.
	const res = await clickAndLoad(page.locator("a",
	    { hasText: "Every move, step by step" }));
	check("the history page opens", res?.ok() &&
	    await page.locator("section.six ul.tops").count() > 0 &&
	    await page.locator("input[form=f-play]").count() === 0,
	    `HTTP ${res?.status()} at ${page.url()}`);
	await shoot("history", "desktop");

	// A 12-seat table in 3 teams, for the phone.
	await lobbyGame(12, 3);
	check("12 seats with six top cards each",
	    await page.locator("section.seat ul.tops li").count() === 72,
	    `${await page.locator("section.seat ul.tops li").count()} tops`);
	for (let i = 0; i < 3; i++) {
		await waitForUs(true);
		const s12 = await state();
		if (s12.over)
			break;
		if (s12.play)
			await shoot("twelve-play", "phone");
		await move(s12);
	}
	await waitForUs(true);
	await shoot("twelve");
});
