// tests/browser/turns.mjs: "your turn, everywhere" (issue 17) in a real
// browser (tests/browser/run.sh starts the instance and the worker and
// sets BASE_URL, CHROMIUM, PROFILE, SHOTS).
//
// Registers a fresh user and starts a Gin Vodka game against the bot
// from the lobby; once it is our turn the header's count says 1 and the
// title starts with "(1) ".  Then, in a second tab, a second game
// against the bot; when it becomes our turn there, the first tab (not
// reloaded: its ply did not change) shows 2 in the header and "(2) " in
// its title, through its own poll (game.js and turns.js).  Screenshots
// of the game page with the count, "My games" and the account page at
// 1280x800 and 360x740; fails on any console error, page error or
// failed request, or a sideways scroll at 360 px.
import {
	BASE, page, context, check, must, start, shoot, register, lobby,
	newGame, waitFor, run, sleep,
} from "./lib.mjs";

const WAIT = 30000;

await start({ tag: "turns: ", shots: "turns-", profile: "turns" });

// The header's count and the title of pg; throws while it reloads.
async function counts(pg) {
	return pg.evaluate(() => ({
		n: document.getElementById("turns")?.getAttribute("data-n"),
		hidden: document.getElementById("turns")?.hidden,
		title: document.title,
		ply: document.getElementById("game")?.getAttribute("data-ply"),
		mine: document.querySelectorAll("form[action$='/move']").length > 0,
	}));
}

await run(async () => {
	await register("tu");
	await lobby();
	await page.locator("#gin-vodka-opp1").selectOption("bot");
	await newGame(page.locator("#new-form-gin-vodka button[type=submit]"),
	    "lobby: a game against the bot opens its page");
	const first = new URL(page.url()).pathname;
	const c1 = await waitFor(async () => {
		const c = await counts(page);
		return c.mine ? c : null;
	}, true, { timeout: WAIT, state: () => counts(page), what: "our turn" });
	check("our turn in game 1: the header counts 1", c1.n === "1" &&
	    c1.hidden === false, JSON.stringify(c1));
	check("  and the title starts with (1)", /^\(1\) Gin Vodka #\d+ - Topper$/
	    .test(c1.title), c1.title);
	await shoot("game");

	// The player allowed notifications: a spy stands in for the
	// browser's Notification, to see what turns.js shows.
	await page.evaluate(() => {
		window.__notes = [];
		const Spy = function (title, o) {
			window.__notes.push(`${title}|${o?.body ?? ""}`);
		};
		Spy.permission = "granted";
		Spy.requestPermission = () => Promise.resolve("granted");
		window.Notification = Spy;
	});

	// A second game, in a second tab.
	const tab = await context.newPage();
	let res = await tab.goto(`${BASE}/lobby`);
	must("tab 2: the lobby", res?.ok(), `HTTP ${res?.status()}`);
	await tab.locator("#gin-vodka-opp1").selectOption("bot");
	await Promise.all([tab.waitForNavigation({ waitUntil: "load" }),
	    tab.locator("#new-form-gin-vodka button[type=submit]").click()]);
	const second = new URL(tab.url()).pathname;
	must("tab 2: a second game", /^\/g\/\d+$/.test(second) &&
	    second !== first, tab.url());
	// Until it is our turn there (the bot may begin).
	let mine = false;
	for (let i = 0; i < WAIT / 500 && !mine; i++) {
		mine = (await counts(tab).catch(() => ({}))).mine === true;
		if (!mine) {
			await sleep(500);
			await tab.reload().catch(() => {});
		}
	}
	must("tab 2: our turn in game 2", mine, await tab.title());
	await tab.close();
	await page.bringToFront();

	// Tab 1 learns it from its poll, without a reload.
	const c2 = await waitFor(async () => {
		const c = await counts(page);
		return c.n === "2" ? c : null;
	}, true, { timeout: WAIT, state: () => counts(page),
	    what: "the count of 2" });
	check("tab 1, not reloaded (same ply), now counts 2", c2.ply === c1.ply,
	    JSON.stringify(c2));
	check("  and its title starts with (2)", /^\(2\) Gin Vodka #\d+ - Topper$/
	    .test(c2.title), c2.title);
	const notes = await page.evaluate(() => window.__notes);
	check("  and a notification says so, once", notes.length === 1 &&
	    notes[0] === "Topper: your turn|2 games are waiting for you.",
	    JSON.stringify(notes));
	await shoot("game-two");

	res = await page.goto(`${BASE}/games`);
	must("My games", res?.ok(), `HTTP ${res?.status()}`);
	check("My games: both games under Your turn", await page
	    .locator("section[aria-labelledby=turn-h] a[href^='/g/']").count() >= 2,
	    "fewer than two");
	check("My games: the title counts 2", (await page.title()).startsWith("(2) "),
	    await page.title());
	await shoot("games");
	res = await page.goto(`${BASE}/account`);
	must("account", res?.ok(), `HTTP ${res?.status()}`);
	await shoot("account");
}, "turns-fail.png");
