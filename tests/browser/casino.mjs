// game: casino-macedonia (tests/cli/games.sh finds each game's tests by this line)
// tests/browser/casino.mjs: Casino Macedonia for three, a person and two
// bots, through one full deal in a real browser (tests/browser/run.sh
// starts the instance and the worker and sets BASE_URL, CHROMIUM,
// PROFILE, SHOTS).
//
// Registers a fresh user, opens the Casino form of the lobby, chooses 3
// players (both other seats the bot) and an optional rule set (q_mode
// five, single-card takes), and starts the game.  The page must show
// those options.  Then it plays as a person does: click a hand card
// (the piles it could take or build on get outlined, with a badge),
// then one of that card's moves, which the "Your move" toolbar lists in
// words (a take when it has one, else a drop, else the first; one tap
// sends it, static/js/bar.js).  One card is chosen
// with the keyboard (Tab to it, Enter).  It waits for the bots through
// the page's own polling.  After five plays of ours the hands are
// empty and dealt again: the test checks the new hand of 5 and the
// stock 15 cards lower, that the captures and counts are public, and
// fails on any console error, page error or failed request, or a
// sideways scroll at 360 px.  Screenshots (1280x800 and 360x740):
// lobby, a card chosen mid-deal, the table after the deal.
// Output: "ok - ..." or "not ok - ..." per check, then "# done".
import {
	page, check, must, elapsed, start, shoot, register, lobby,
	newGame, waitFor, submit as submitWith, run, acts,
} from "./lib.mjs";

const BOT_WAIT = 20000;			// ms for the page to show the bots' moves
const DEAL = 5;				// cards per deal

// A profile of its own (inside run.sh's), so no earlier sign-in stays;
// the table's piles scroll sideways by themselves (.cm-scroll).
await start({ tag: "casino: ", shots: "casino-", profile: "casino",
    notWide: ".cm-scroll" });

async function state(pg = page) {
	return pg.evaluate(() => {
		const q = (s) => document.querySelector(s);
		const all = (s) => [...document.querySelectorAll(s)];
		const g = q("#game");
		return {
			ply: g ? Number(g.dataset.ply) : -1,
			status: q("#status")?.textContent ?? "",
			toPlay: all("form.cm-card-form").length > 0,
			hand: all("li.cm-hcard").map((li) => ({
				tok: li.dataset.tok,
				take: li.dataset.take ?? "",
				build: li.dataset.build ?? "",
				drop: li.dataset.drop === "1",
			})),
			stock: Number((q(".cm-stockline")?.textContent ?? "")
			    .match(/Stock: (\d+)/)?.[1] ?? -1),
			over: /Game over/.test(q("#status")?.textContent ?? ""),
			opts: q("dl.cm-opts")?.textContent ?? "",
		};
	});
}

// Until our forms show (or the game is over); after the first wait the
// page's clock jumps so that game.js polls at once.
async function waitForUs(fast) {
	await waitFor(async () => await page.locator("form.cm-card-form")
	    .count() > 0 || /Game over/.test(await page.locator("#status")
	    .textContent({ timeout: 1000 })), fast, { timeout: BOT_WAIT, state });
}

// Click (or, with keys, focus and Enter) hand card tok; check what the
// page then shows: the card pressed, its piles outlined, its form alone.
async function chooseCard(pg, tok, keys = false) {
	const card = pg.locator(`li.cm-hcard[data-tok="${tok}"]`);
	if (keys) {
		await pg.evaluate(() => {
			document.activeElement?.blur();
			window.scrollTo(0, 0);
		});
		let found = false;
		for (let i = 0; i < 120 && !found; i++) {
			await pg.keyboard.press("Tab");
			found = await pg.evaluate((t) => !!document.activeElement?.
			    closest(`li.cm-hcard[data-tok="${t}"]`), tok);
		}
		if (!found)
			throw new Error(`Tab never reached the card ${tok}`);
		await pg.keyboard.press("Enter");
	} else
		await card.locator("button.cm-hbtn").click();
	return pg.evaluate((t) => {
		const li = document.querySelector(`li.cm-hcard[data-tok="${t}"]`);
		const want = (li.dataset.take ?? "").split(" ").filter(Boolean);
		const lit = [...document.querySelectorAll("li.cm-pile.cm-can-take")]
		    .map((p) => p.dataset.pile);
		const shown = [...document.querySelectorAll("form.cm-card-form")]
		    .filter((f) => getComputedStyle(f).display !== "none")
		    .map((f) => f.dataset.tok);
		return {
			pressed: li.querySelector("button.cm-hbtn")
			    ?.getAttribute("aria-pressed") === "true",
			want, lit,
			badges: document.querySelectorAll(".cm-badge").length,
			shown,
		};
	}, tok);
}

const submit = (locator, why) => submitWith(state, locator, why);

let keyboardDone = false, shotMid = false;

// One turn: a card with a take if any, else one that may be dropped.
async function playTurn(st) {
	const pick = st.hand.find((c) => c.take) ??
	    st.hand.find((c) => c.drop) ?? st.hand[0];
	const keys = !keyboardDone;
	keyboardDone = true;
	const seen = await chooseCard(page, pick.tok, keys);
	if (keys)
		check(`keyboard: Tab and Enter choose the card ${pick.tok}`,
		    seen.pressed, JSON.stringify(seen));
	check(`choosing ${pick.tok} outlines the piles it could take ` +
	    `(${seen.want.join(" ") || "none"})`,
	    seen.pressed && seen.want.every((p) => seen.lit.includes(p)) &&
	    seen.lit.length === seen.want.length &&
	    (seen.want.length === 0 || seen.badges > 0),
	    JSON.stringify(seen));
	// Its moves are the toolbar's, in words; the forms fold away.
	const form = page.locator(`#f-cm-${pick.tok}`);
	const choices = await form.evaluate((f) => {
		const w = (el) => el.textContent.replace(/\s+/g, " ").trim();
		return [...f.querySelectorAll("input[type=radio][name=move]")]
		    .map((r) => ({ v: r.value, w: w(r.closest("label")) }))
		    .concat([...f.querySelectorAll("select[name=move] option")]
		    .map((o) => ({ v: o.value, w: w(o) })));
	});
	const says = await acts();
	const at = (c) => says.findIndex((x) => x === c.w ||
	    x.endsWith(`: ${c.w}`));
	check(`  and the toolbar offers its ${choices.length} moves in ` +
	    `words, no form`, seen.shown.length === 0 &&
	    says.length === choices.length && choices.every((c) => at(c) >= 0),
	    JSON.stringify({ shown: seen.shown, says, choices }));
	if (!shotMid && seen.want.length > 0) {
		shotMid = true;
		await shoot("chosen", async (pg) => {
			if (pg !== page)
				await chooseCard(pg, pick.tok);
		});
	}
	// A take when it has one, else a drop, else the first: one tap.
	const c = choices.find((x) => x.v.startsWith("take")) ??
	    choices.find((x) => x.v.startsWith("drop")) ?? choices[0];
	if (at(c) < 0)
		throw new Error(`the toolbar does not offer "${c.w}"`);
	await submit(page.locator("#play div.bar-list button.bar-act")
	    .nth(at(c)), c.v);
	return c.v;
}

await run(async () => {
	await register("cm");

	// The lobby's Casino form: 3 players, the bots, q_mode five and
	// single-card takes.
	await lobby();
	const box = page.locator("details#new-casino-macedonia");
	must("the lobby offers Casino Macedonia", await box.count() === 1,
	    "no details#new-casino-macedonia");
	if (!(await box.evaluate((d) => d.open)))
		await box.locator("summary").click();
	const f = page.locator("#new-form-casino-macedonia");
	await f.locator("select[name=seats]").selectOption("3");
	for (const opp of ["opponent", "opponent2"])
		await f.locator(`select[name=${opp}]`).selectOption("bot");
	await f.locator("select[name=q_mode]").selectOption("five");
	await f.locator("select[name=single_takes]").selectOption("on");
	await shoot("lobby", async (pg) => {
		if (pg === page)
			return;
		const b = pg.locator("details#new-casino-macedonia");
		if (!(await b.evaluate((d) => d.open)))
			await b.locator("summary").click();
	});
	await newGame(f.locator("button[type=submit]"),
	    "lobby: the new game opens its page");
	let st = await state();
	check("the page shows the chosen options",
	    /worth 5; QBs is the 15-point card/.test(st.opts) &&
	    /no build and take; builds up to 5/.test(st.opts), st.opts);
	check("three players at the table, two of them bots",
	    await page.locator("table.players tbody tr").count() === 3 &&
	    await page.locator("table.players .tag", { hasText: "bot" })
	    .count() === 2, "the players table");

	// Five plays of ours empty the hands; then the next deal.
	let turns = 0, first = true, stock0 = -1;
	const moves = [];
	for (;;) {
		await waitForUs(!first);
		first = false;
		st = await state();
		if (st.over)
			throw new Error("the game ended within one deal");
		if (turns === 0) {
			stock0 = st.stock;
			check("our first turn: a hand of 5", st.hand.length === DEAL,
			    `${st.hand.length} cards`);
		}
		if (turns === DEAL)
			break;
		check(`turn ${turns + 1}: ${DEAL - turns} cards in hand`,
		    st.hand.length === DEAL - turns, `${st.hand.length} cards`);
		moves.push(await playTurn(st));
		turns++;
	}
	console.log(`# ${turns} plays (${moves.join("; ")}) in ${elapsed()}`);
	check("after a full deal the hands are dealt again: 5 new cards",
	    st.hand.length === DEAL, `${st.hand.length} cards`);
	check("  and the stock is 15 cards lower (5 each for 3)",
	    st.stock === stock0 - 3 * DEAL, `stock ${stock0} -> ${st.stock}`);
	const counts = await page.locator("table.cm-counts tbody tr").count();
	const caps = await page.locator("details.cm-cap").count();
	check("the running counts and captures of all three are shown",
	    counts === 3 && caps === 3, `${counts} rows, ${caps} capture lists`);
	await shoot("deal");
});
