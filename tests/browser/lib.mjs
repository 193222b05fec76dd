// tests/browser/lib.mjs: what every browser test shares.  Each script
// is one node process that plays one game kind, so the browser and the
// tally live here as module state: start() once, then the checks,
// shoot(), register(), lobby(), newGame(), waitFor(), submit(), and
// run() around the flow.
// The environment comes from tests/browser/run.sh: BASE_URL, CHROMIUM,
// PROFILE, SHOTS.  Output: "ok - ..." / "not ok - ..." lines, then
// "# done" (run.sh counts the lines and needs the last one).
import { chromium } from "playwright-core";
import { mkdirSync } from "node:fs";
import { join } from "node:path";

export const BASE = process.env.BASE_URL;
export const SHOTS = process.env.SHOTS;
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 360, height: 740 };
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";

// ---- the tally ----

let tag = "";				// before each check's name, e.g. "vp: "
let nfail = 0;
export function ok(name) {
	console.log(`ok - ${tag}${name}`);
}
export function notOk(name, why) {
	nfail++;
	console.log(`not ok - ${tag}${name}`);
	for (const line of String(why).split("\n"))
		console.log(`#   ${line}`);
}
export function check(name, cond, why) {
	if (cond)
		ok(name);
	else
		notOk(name, why ?? "false");
	return cond;
}
export class Stop extends Error {}
// Fails the check and stops the flow: later checks depend on it.
export function must(name, cond, why) {
	if (!check(name, cond, why))
		throw new Stop(name);
}

const t0 = Date.now();
export function elapsed() {
	return ((Date.now() - t0) / 1000).toFixed(1) + " s";
}

// ---- the browser and what it reports ----

export const problems = [];		// console errors, page errors, bad requests
const pendingAborts = [];		// per page: aborted loads not yet replaced
export let context = null;
export let page = null;			// the desktop page, where we play
export let phone = null;		// 360 px, for screenshots and the scroll check
let opt = {};

function watch(pg, name) {
	pg.on("console", (m) => {
		if (m.type() === "error" && !opt.ignoreConsole?.(m.text()))
			problems.push(`${name}: console error: ${m.text()} ` +
			    `(${m.location().url || "?"})`);
	});
	pg.on("pageerror", (e) => problems.push(`${name}: page error: ` +
	    `${e.message}`));
	// A load the page itself began (its poll's reload) is aborted when
	// we click or go elsewhere at that moment, as a person may; it is
	// a problem only if no other page replaced it.
	const aborted = new Map();	// request -> its problem line
	pg.on("requestfailed", (r) => {
		const why = r.failure()?.errorText ?? "?";
		const line = `${name}: request failed: ${r.method()} ` +
		    `${r.url()}: ${why}`;
		if (why !== "net::ERR_ABORTED")
			problems.push(line);
		// A navigation that replaces a page aborts its pending poll.
		else if (r.resourceType() === "document")
			aborted.set(r, line);
	});
	pg.on("framenavigated", (f) => {
		if (f === pg.mainFrame())
			aborted.clear();
	});
	pendingAborts.push(aborted);
	pg.on("response", (r) => {
		if (r.status() >= 400 && !opt.ignoreResponse?.(r))
			problems.push(`${name}: ${r.status()} for ` +
			    `${r.request().method()} ${r.url()}`);
	});
	return pg;
}

// Launches Chromium with run.sh's profile and opens both pages.  o: tag
// (before check names), shots (before screenshot names), profile (a
// subdirectory, for a profile of its own), timezoneId (null: the
// system's), ignoreConsole(text) and ignoreResponse(r) (expected
// errors), notWide (a selector whose content may overflow, it scrolls
// itself), phoneParts (the long phone page also in 800 px parts).
export async function start(o = {}) {
	opt = o;
	tag = o.tag ?? "";
	const profile = process.env.PROFILE && o.profile ?
	    join(process.env.PROFILE, o.profile) : process.env.PROFILE;
	if (!BASE || !profile || !SHOTS) {
		console.log("not ok - BASE_URL, PROFILE and SHOTS must be set " +
		    "(run tests/browser/run.sh)");
		console.log("# done");
		process.exit(1);
	}
	mkdirSync(SHOTS, { recursive: true });
	const zone = o.timezoneId === undefined ? "Europe/Berlin" :
	    o.timezoneId;
	context = await chromium.launchPersistentContext(profile, {
		executablePath: CHROMIUM,
		headless: true,
		chromiumSandbox: false,
		args: ["--no-sandbox", "--disable-gpu", "--no-first-run",
		    "--disable-background-networking", "--disable-component-update",
		    "--disable-sync"],
		viewport: DESKTOP,
		...(zone ? { timezoneId: zone } : {}),
		locale: "en-GB",
		timeout: 30000,
	});
	context.setDefaultTimeout(10000);
	// Fake timers that run in real time until a wait makes them jump.
	await context.clock.install();
	page = watch(context.pages()[0] ?? await context.newPage(), "desktop");
	phone = watch(await context.newPage(), "phone");
	await phone.setViewportSize(PHONE);
	await page.bringToFront();
}

// Screenshots of the desktop page's URL at both sizes, and the phone
// copy checks that nothing scrolls sideways.  o: prepare(pg) sets a page
// up before its shot (a card chosen, a form open); only: "desktop" or
// "phone".  A function or a string stands for one of them alone.
export async function shoot(name, o = {}) {
	if (typeof o === "function")
		o = { prepare: o };
	else if (typeof o === "string")
		o = { only: o };
	const prepare = o.prepare ?? (async () => {});
	const file = (s) => join(SHOTS, `${opt.shots ?? ""}${name}-${s}.png`);
	if (o.only !== "phone") {
		await prepare(page);
		await page.screenshot({ path: file("desktop"), fullPage: true });
	}
	if (o.only === "desktop")
		return;
	// After a 409 (a bot moved first) the page stays at the POST's
	// /g/N/move, whose GET is a 405: the phone takes the game page.
	await phone.goto(page.url().replace(/\/move$/, ""));
	await phone.waitForLoadState("load");
	await prepare(phone);
	await phone.screenshot({ path: file("phone"), fullPage: true });
	if (opt.phoneParts) {
		const h = await phone.evaluate(() =>
		    document.documentElement.scrollHeight);
		for (let y = 0, i = 1; y < h && i <= 4; y += 800, i++)
			await phone.screenshot({ path: file(`phone-${i}`),
			    fullPage: true, clip: { x: 0, y, width: 360,
			    height: Math.min(800, h - y) } });
	}
	const w = await phone.evaluate((skip) => {
		const d = document.documentElement;
		const wide = [];
		for (const el of document.body.querySelectorAll("*")) {
			const r = el.getBoundingClientRect();
			if (r.right > d.clientWidth + 0.5 && r.width > 0 &&
			    !(skip && el.closest(skip)))
				wide.push(`${el.tagName.toLowerCase()}` +
				    `${el.id ? "#" + el.id : ""}` +
				    `${el.className && typeof el.className === "string" ?
				    "." + el.className.trim().replace(/\s+/g, ".") : ""}` +
				    ` (right ${Math.round(r.right)})`);
		}
		return { scroll: d.scrollWidth, client: d.clientWidth,
		    wide: wide.slice(0, 8) };
	}, opt.notWide ?? null);
	// Stop the phone copy's own polling; and a page in the background
	// gets few animation frames, which slows every click's stability
	// check on the desktop page.
	await phone.goto("about:blank");
	await page.bringToFront();
	check(`${name}: no horizontal scroll at 360 px`, w.scroll <= w.client,
	    `scrollWidth ${w.scroll} > clientWidth ${w.client}; too wide: ` +
	    w.wide.join(", "));
}

// ---- the site ----

// Clicks the locator and waits for the page it loads; its response.
export async function clickAndLoad(locator) {
	const nav = page.waitForNavigation({ waitUntil: "load" });
	await locator.click();
	return await nav;
}

// Registers a fresh user named prefix + random; stops unless signed in.
// o: signed (that check's name), filled(name) runs before the submit.
export async function register(prefix, o = {}) {
	const name = prefix + Math.random().toString(36).slice(2, 10);
	let res = await page.goto(`${BASE}/register`);
	must("GET /register answers 200", res?.status() === 200,
	    `HTTP ${res?.status()}`);
	await page.fill("#name", name);
	await page.fill("#email", `${name}@example.org`);
	await page.fill("#password", "correct horse battery");
	if (o.filled)
		await o.filled(name);
	res = await clickAndLoad(
	    page.locator("form[action='/register'] button[type=submit]"));
	must(o.signed ?? "register: signed in", res?.ok() &&
	    await page.locator("form[action='/logout']").count() === 1,
	    `HTTP ${res?.status()} at ${page.url()}: ` +
	    `${(await page.locator("main").innerText().catch(() => ""))
	    .slice(0, 300)}`);
	return name;
}

// Opens the lobby; stops unless it answers.
export async function lobby() {
	const res = await page.goto(`${BASE}/lobby`);
	must("GET /lobby answers 200", res?.status() === 200,
	    `HTTP ${res?.status()}`);
}

// Submits the lobby form's button; stops unless the game page opens.
export async function newGame(button, name) {
	const res = await clickAndLoad(button);
	must(name, res?.ok() && /\/g\/\d+$/.test(new URL(page.url()).pathname),
	    `HTTP ${res?.status()} at ${page.url()}: ` +
	    `${await page.locator(".error").allTextContents()}`);
	console.log(`# game ${page.url()} at ${elapsed()}`);
}

// ---- the game page ----

// Polls until probe() holds: our move shows, or the end (a throw is a
// reload that replaced the document: try again).  Waits for the bots
// through the page's own polling (game.js); fast jumps the page's clock
// 3 s ahead each time, so that the same poll runs at once.  o: timeout
// (ms), state() (for the message), what (it waited for).  Returns the
// probe's value.
export async function waitFor(probe, fast, o) {
	const deadline = Date.now() + o.timeout;
	for (;;) {
		let v = null;
		try {
			v = await probe();
		} catch {
			v = null;
		}
		if (v) {
			await page.waitForLoadState("load");
			return v;
		}
		if (Date.now() > deadline) {
			const st = await o.state().catch(() => ({}));
			throw new Error(`waited ${o.timeout / 1000} s for ` +
			    `${o.what ?? "our turn"} (ply ${st.ply}, "${st.status}"; ` +
			    `${await serverPly()})`);
		}
		if (fast)
			await page.clock.fastForward(3000).catch(() => {});
		await sleep(fast ? 300 : 150);
	}
}

// Where the server says the page's game is (its ply poll), for a
// timeout's message: a page that fell behind the server is a polling
// fault, a server that did not move on is the worker's.
async function serverPly() {
	return page.evaluate(async () => {
		const id = document.querySelector("#game")?.dataset.game;
		if (!id)
			return "no game on the page";
		const res = await fetch(`/api/games/${id}/ply`,
		    { headers: { Accept: "application/json" } });
		return `the server: HTTP ${res.status} ${await res.text()}`;
	}).catch((e) => `the server did not answer: ${e}`);
}

// Plays a move by a click on locator (by Enter when null: the focus is
// on it) and waits for the page it loads; throws unless the game moved
// on (data-ply of #game grew).  state() reads the page; race() counts a
// 409 (the bots moved first) that still moved the game, else it fails.
// Returns the state after.
export async function submit(state, locator, why, race = null) {
	const before = (await state()).ply;
	const nav = page.waitForNavigation({ waitUntil: "load" });
	try {
		if (locator)
			await locator.click();
		else
			await page.keyboard.press("Enter");
	} catch (e) {
		// No click, no navigation to wait for: the caller decides.
		nav.catch(() => {});
		throw e;
	}
	const res = await nav;
	const after = await state();
	if (race && res?.status() === 409 && after.ply > before) {
		race();
		return after;
	}
	if (!(res && res.ok() && after.ply > before))
		throw new Error(`${why}: the page did not move on (HTTP ` +
		    `${res?.status()}, ply ${before} -> ${after.ply}, ` +
		    `"${after.status}": ` +
		    `${await page.locator(".error").allTextContents()})`);
	return after;
}

// Runs the flow; a Stop has been reported, anything else fails it (and
// failShot, when given, is taken).  Then the check for problems,
// "# done", and the exit status.
export async function run(flow, failShot = null) {
	try {
		await flow();
	} catch (e) {
		if (!(e instanceof Stop))
			notOk("the flow ran to its end", e.stack ?? e);
		if (failShot)
			await page.screenshot({ path: join(SHOTS, failShot),
			    fullPage: true }).catch(() => {});
	}
	for (const a of pendingAborts)
		problems.push(...a.values());
	check("no console error, page error or failed request",
	    problems.length === 0, problems.join("\n"));
	await context.close();
	console.log(`# ${elapsed()}`);
	console.log("# done");
	process.exit(nfail > 0 ? 1 : 0);
}

// ---- one way to play (static/js/bar.js) ----

// The card tok of the viewer's hand in words, as bar.js names it
// (nameOf): its picture's title, spaces folded, the token in brackets
// left out.
export function cardWords(tok) {
	return page.evaluate((t) => {
		const card = document.querySelector(
		    `section.hand.mine svg.card[data-card="${t}"]`);
		const title = card &&
		    (card.closest("label, li") ?? card).querySelector("title");
		return title ? title.textContent.replace(/\s+/g, " ")
		    .replace(/ \([^)]*\)/g, "").trim() : t;
	}, tok);
}

// Taps the card tok of the viewer's hand (its picture), as a person
// does; throws unless the toolbar then names that card among the
// selected, in its words (cardWords): an earlier selection's
// "Selected:" is not this tap's answer.
// A bot's move may reload the page between the look and the tap (the
// page's poll), so a tap that selected nothing is tried once more.
export async function tap(tok) {
	const words = await cardWords(tok);
	const selected = () => page.waitForFunction((w) => {
		const said = document.querySelector("#bar-said")?.innerText ??
		    "";
		// "Selected: A, B." or "Selected: A, B. No move takes ...";
		// a card's words may hold ", " (a note after its name).
		const list = said.slice("Selected: ".length)
		    .split(/\.(?: |$)/)[0];
		return said.startsWith("Selected: ") &&
		    `, ${list}, `.includes(`, ${w}, `);
	}, words, { timeout: 3000 }).then(() => true, () => false);
	const card = page.locator(
	    `section.hand.mine svg.card[data-card="${tok}"]`).first();
	for (let k = 0; k < 2; k++) {
		await card.click();
		if (await selected())
			return;
		// A second tap would take back a selection the page kept.
		if (/^Selected: /.test(await page.locator("#bar-said")
		    .innerText()))
			break;
	}
	const said = await page.locator("#bar-said").innerText();
	throw new Error(`a tap on ${tok} ("${words}") did not select it ` +
	    `("${said}")`);
}

// The toolbar's move (a button of bar.js) whose words match re.
export function act(re) {
	return page.locator("#play div.bar-list button.bar-act",
	    { hasText: re }).first();
}

// The words of every move the toolbar offers now.
export async function acts() {
	return await page.locator("#play div.bar-list button.bar-act")
	    .allInnerTexts();
}

// Presses Tab from the top of the page until the focused element
// matches sel (checked in the page); true when it did.
export async function tabUntil(sel, max = 120) {
	await page.evaluate(() => {
		document.activeElement?.blur();
		window.scrollTo(0, 0);
	});
	for (let i = 0; i < max; i++) {
		await page.keyboard.press("Tab");
		if (await page.evaluate((q) => document.activeElement?.matches(q) ??
		    false, sel))
			return true;
	}
	return false;
}
