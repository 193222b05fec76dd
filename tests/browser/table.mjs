// tests/browser/table.mjs: every game's table on a 360x740 phone, in
// the main states of a turn, with the "Your move" toolbar in view.
// game: gin-vodka (its table, below)
// game: casino-macedonia (its table, below)
// game: vodkapolis-500 (its table, below)
// game: rummy-500 (its table, below)
// game: six-suit (its table, below)
// game: twelve-step-rummy (its table, below)
//
// No bots and no waiting: each state is a golden record of
// tests/records/ cut before a move (the first of each verb: before the
// draw, after it, a lay-down, a capture, ...), at the end of its first
// hand and at the end of the game, stored with "topper import" for
// players of our own, and opened by the player who makes that move.  For each state: the
// toolbar's first control lies inside the viewport as the page opens
// (its bounding box, no scrolling), no card of the hand lies under the
// toolbar (their boxes, as the page opens and halfway down), nothing
// scrolls sideways, no console error, and the hand and the toolbar
// (sticky or fixed at the foot of the screen) cover no card picture and
// no text of the page (the table, the opponents, the piles, the melds,
// the status), as the page opens and scrolled to its end; lines per
// state print the control's bottom, the hand's cards under the toolbar
// and what the hand and the toolbar cover.  One
// state per game is also shot at 1280x800, and each at 360x740.
// With AXE=1 (run.sh sets it) axe-core checks, at 1280 and 360 px, each
// game's first state and its end, its history and rule page, and the
// home, lobby, account, my games and rules pages: 0 violations.
//
// Environment (run.sh): BASE_URL, CHROMIUM, SHOTS, TOPPER (the binary)
// and TOPPER_CONF (the instance's configuration).
import { chromium } from "playwright-core";
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync, mkdtempSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { check, notOk, ok, elapsed, DESKTOP, PHONE } from "./lib.mjs";

const BASE = process.env.BASE_URL;
const SHOTS = process.env.SHOTS;
const TOPPER = process.env.TOPPER;
const CONF = process.env.TOPPER_CONF;
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
const ONLY = process.env.TABLE_GAMES ? process.env.TABLE_GAMES.split(",") :
    null;

if (!BASE || !SHOTS || !TOPPER || !CONF) {
	console.log("not ok - BASE_URL, SHOTS, TOPPER and TOPPER_CONF must be " +
	    "set (run tests/browser/run.sh table.mjs)");
	console.log("# done");
process.exit(process.exitCode ?? 0);
	process.exit(1);
}

const RECORDS = {
	"gin-vodka": "gin-vodka-seed",
	"casino-macedonia": "casino-macedonia-bots",
	"vodkapolis-500": "vodkapolis-500-bots",
	"rummy-500": "rummy-500-bots",
	"six-suit": "six-suit-bots",
	"twelve-step-rummy": "twelve-step-rummy-bots",
};
// States of their own: ply 47 of the Rummy 500 record leaves its next
// player one card ("(1 card)", not "(1 cards)").
const EXTRA = { "rummy-500": [{ what: "one card left", ply: 47,
    text: "(1 card)" }] };
const PEOPLE = ["Ann", "Bea", "Cyd", "Dot", "Eli", "Fay", "Gus", "Hal",
    "Ida", "Joe", "Kit", "Lou"];
const PASSWORD = "table test password";
// The toolbar named "Your move" (by aria-label or aria-labelledby).
const TOOLBAR = '[role="toolbar"]';
const CONTROL = 'button:not([disabled]), select, input:not([type="hidden"])';

const tmp = mkdtempSync(join(tmpdir(), "topper-table-"));
const topper = (...args) => execFileSync(TOPPER, [...args, "--config", CONF],
    { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();

// The states of a record: before the first move of each verb, and at
// the end of the first hand.  [{ what, ply, seat }]
function states(rec) {
	const out = [], seen = new Set();
	rec.moves.forEach((m, i) => {
		const verb = m.move.split(" ")[0];
		if (seen.has(verb) || i === 0 && verb === "pass")
			return;
		seen.add(verb);
		out.push({ what: `before ${verb}`, ply: i, seat: m.seat });
	});
	const file = join(tmp, "whole.json");
	writeFileSync(file, JSON.stringify(rec));
	const hands = JSON.parse(execFileSync(TOPPER, ["play", file],
	    { encoding: "utf8" })).hands;
	if (hands.length > 0 && hands[0].ply < rec.moves.length)
		out.push({ what: "hand end", ply: hands[0].ply,
		    seat: rec.moves[hands[0].ply].seat });
	for (const x of EXTRA[rec.game] ?? [])
		out.push({ ...x, seat: rec.moves[x.ply].seat });
	out.push({ what: "game over", ply: rec.moves.length, seat: 0,
	    over: true });
	return out;
}

// Stores the record cut at ply for the people; the game's id.
function store(rec, ply, slug) {
	const cut = { ...rec, moves: rec.moves.slice(0, ply) };
	const file = join(tmp, `${slug}-${ply}.json`);
	writeFileSync(file, JSON.stringify(cut));
	return topper("import", file, "--users",
	    PEOPLE.slice(0, rec.seats).join(","));
}

const problems = [];
function watch(pg, who) {
	pg.on("console", (m) => {
		if (m.type() === "error")
			problems.push(`${who}: console error: ${m.text()}`);
	});
	pg.on("pageerror", (e) => problems.push(`${who}: page error: ` +
	    e.message));
	pg.on("response", (r) => {
		if (r.status() >= 400)
			problems.push(`${who}: ${r.status()} for ${r.url()}`);
	});
	return pg;
}

let browser;
const pages = new Map();		// person -> a signed-in page
async function pageOf(who) {
	if (pages.has(who))
		return pages.get(who);
	const ctx = await browser.newContext({ viewport: PHONE,
	    locale: "en-GB", timezoneId: "Europe/Berlin" });
	const pg = watch(await ctx.newPage(), who);
	await pg.goto(`${BASE}/login`);
	await pg.fill("#name", who);
	await pg.fill("#password", PASSWORD);
	await Promise.all([pg.waitForNavigation(),
	    pg.click("form[action='/login'] button[type=submit]")]);
	if (await pg.locator("form[action='/logout']").count() !== 1)
		throw new Error(`${who} could not log in`);
	pages.set(who, pg);
	return pg;
}

// axe-core on the page as it is; a check.
const axeSource = process.env.AXE ? readFileSync(
    createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8") :
    null;
export async function axe(pg, name) {
	if (!axeSource)
		return;
	// Through the DevTools protocol, which the CSP does not govern.
	if (!await pg.evaluate("typeof window.axe === \"object\""))
		await pg.evaluate(axeSource);
	const res = await pg.evaluate(async () => await window.axe.run(
	    document, { resultTypes: ["violations"] }));
	const v = res.violations;
	check(`axe: ${name}: 0 violations`, v.length === 0, v.map((x) =>
	    `${x.id} (${x.impact}): ${x.help}: ` + x.nodes.slice(0, 3)
	    .map((n) => n.target.join(" ")).join("; ")).join("\n"));
}

// What a person reads on the page (not the typed-move box, the hashes
// or the chat): no seat number, no "1 cards", no "You" after a comma or
// a semicolon, and in a game of standard cards no card token (TH, 8S):
// cards read as their faces, 10♥.  The faults found, at most 4.
const STD_GAMES = ["rummy-500", "twelve-step-rummy"];
async function words(pg, slug) {
	const text = await pg.evaluate(() => {
		const main = document.querySelector("main").cloneNode(true);
		for (const el of main.querySelectorAll("details.typed, p.fair, " +
		    "code, .chat, script, option, svg, [hidden]"))
			el.remove();
		return main.innerText;
	});
	const rules = [[/\bseat \d+/gi, "a seat number"],
	    [/\b1 (cards|moves|points|melds)\b/g, "a plural after 1"],
	    [/[,;] You\b/g, "\"You\" mid-sentence"]];
	if (STD_GAMES.includes(slug))
		rules.push([/\b(?:[2-9TJQKA]|10)[SHDC]\b/g, "a card token"]);
	const faults = [];
	for (const [re, what] of rules)
		for (const m of text.matchAll(re)) {
			const at = Math.max(0, m.index - 30);
			faults.push(`${what}: "...${text.slice(at, m.index + 20)
			    .replace(/\s+/g, " ")}..."`);
		}
	return faults.slice(0, 4);
}

// The toolbar's first control as the page opens at 360x740.
async function measure(pg) {
	return await pg.evaluate(([tb, ctl]) => {
		const name = (el) => el.getAttribute("aria-label") ??
		    document.getElementById(el.getAttribute("aria-labelledby"))
		    ?.textContent.trim();
		const bar = [...document.querySelectorAll(tb)].find((el) =>
		    name(el) === "Your move");
		// The first control shown (bar.js folds the forms it stands
		// for); when the toolbar asks for a tap on a card first, the
		// hand's first card.
		const shown = (el) => el.checkVisibility();
		const c = [...bar?.querySelectorAll(ctl) ?? []].find(shown) ??
		    (/Tap a card/.test(bar?.textContent ?? "") ? [...document
		    .querySelectorAll("section.hand.mine label.pick, " +
		    "section.hand.mine button, section.hand.mine .bar-card")]
		    .find(shown) : undefined);
		const d = document.documentElement;
		const r = c?.getBoundingClientRect();
		// The hand's cards in view that the toolbar covers (boxes).
		const b = bar?.getBoundingClientRect();
		const under = !b ? [] : [...document.querySelectorAll(
		    "section.hand.mine svg.card")].map((el) =>
		    el.getBoundingClientRect()).filter((k) => k.height > 0 &&
		    k.bottom > 0 && k.top < window.innerHeight &&
		    k.bottom > b.top + 0.5 && k.top < b.bottom - 0.5 &&
		    k.right > b.left && k.left < b.right).length;
		return { bar: !!bar, control: !!c, scrollY: window.scrollY + document.body.scrollTop,
		    under, cards: document.querySelectorAll(
		    "section.hand.mine svg.card").length,
		    top: r?.top, bottom: r?.bottom, label: c?.textContent?.trim()
		    .replace(/\s+/g, " ").slice(0, 40) ?? c?.name,
		    vh: window.innerHeight, sw: d.scrollWidth, cw: d.clientWidth };
	}, [TOOLBAR, CONTROL]);
}

// Cards and words the sticky hand and toolbar cover: each card
// picture (svg: the table, the opponents, the piles, the melds) and
// each line of text (the status, headings, the players' table, the
// log) outside them whose visible part (inside the viewport and every
// box that clips it) meets the box of the hand or the toolbar while it
// is sticky or fixed.  The first few, as "what: words".
async function covered(pg) {
	return await pg.evaluate(() => {
		const stack = [document.querySelector("section.hand.mine"),
		    document.getElementById("play")].filter((el) => el &&
		    ["sticky", "fixed"].includes(getComputedStyle(el).position));
		if (stack.length === 0)
			return [];
		const boxes = stack.map((el) => el.getBoundingClientRect());
		const seen = (el) => {
			let r = el.getBoundingClientRect();
			let x0 = Math.max(r.left, 0), y0 = Math.max(r.top, 0);
			let x1 = Math.min(r.right, window.innerWidth);
			let y1 = Math.min(r.bottom, window.innerHeight);
			for (let a = el.parentElement; a && a !== document
			    .documentElement; a = a.parentElement) {
				const cs = getComputedStyle(a);
				if (cs.overflowX === "visible" &&
				    cs.overflowY === "visible")
					continue;
				const c = a.getBoundingClientRect();
				x0 = Math.max(x0, c.left); y0 = Math.max(y0, c.top);
				x1 = Math.min(x1, c.right); y1 = Math.min(y1, c.bottom);
			}
			return x1 - x0 > 0.5 && y1 - y0 > 0.5 ?
			    { x0, y0, x1, y1 } : null;
		};
		const out = [];
		for (const el of document.querySelectorAll("main svg, " +
		    "main p, main h1, main h2, main h3, main li, main td, " +
		    "main th, main dt, main dd, main caption, main legend, " +
		    "main summary")) {
			if (stack.some((s) => s.contains(el) || el.contains(s)) ||
			    el.parentElement.closest("svg") ||
			    !el.checkVisibility())
				continue;
			if (el.tagName !== "svg" && !el.textContent.trim())
				continue;
			const v = seen(el);
			if (!v)
				continue;
			if (boxes.some((b) => v.y1 > b.top + 0.5 &&
			    v.y0 < b.bottom - 0.5 && v.x1 > b.left &&
			    v.x0 < b.right))
				out.push(`${el.tagName.toLowerCase()}` +
				    `${el.classList.length ? "." +
				    [...el.classList].join(".") : ""}: ` +
				    (el.tagName === "svg" ? el.getAttribute(
				    "data-card") ?? el.querySelector("title")
				    ?.textContent ?? "" : el.textContent).replace(
				    /\s+/g, " ").trim().slice(0, 40));
		}
		return out;
	});
}

// Scrolls the page (and a scrolling body) to y, in pixels.
async function scrollAll(pg, y) {
	await pg.evaluate((y) => {
		window.scrollTo(0, y);
		document.body.scrollTop = y;
	}, y);
}

async function flow() {
	browser = await chromium.launch({ executablePath: CHROMIUM,
	    headless: true, chromiumSandbox: false, args: ["--no-sandbox",
	    "--disable-gpu", "--no-first-run", "--disable-background-networking",
	    "--disable-component-update", "--disable-sync"] });
	for (const who of PEOPLE)
		execFileSync(TOPPER, ["user", "add", who, `${who}@example.org`,
		    "--password-stdin", "--config", CONF], { input: PASSWORD,
		    stdio: ["pipe", "ignore", "inherit"] });
	const firsts = [];
	for (const [slug, file] of Object.entries(RECORDS)) {
		if (ONLY && !ONLY.includes(slug))
			continue;
		const rec = JSON.parse(readFileSync(
		    `tests/records/${file}.json`, "utf8"));
		let first = true;
		for (const st of states(rec)) {
			const id = store(rec, st.ply, slug);
			const who = PEOPLE[st.seat];
			const pg = await pageOf(who);
			await pg.setViewportSize(PHONE);
			const res = await pg.goto(`${BASE}/g/${id}`);
			await pg.waitForLoadState("load");
			const name = `${slug} ${st.what} (ply ${st.ply})`;
			const tag = `table-${slug}-${st.what.replace(/ /g, "-")}`;
			if (st.over) {
				// No move to make: the page, its shots and axe.
				check(`${name}: page answers 200`,
				    res?.status() === 200, `HTTP ${res?.status()}`);
				await pg.screenshot({ path: join(SHOTS,
				    `${tag}-phone.png`) });
				await axe(pg, `${name} at 360`);
				await pg.setViewportSize(DESKTOP);
				await axe(pg, `${name} at 1280`);
				continue;
			}
			const m = await measure(pg);
			const inView = m.control && m.scrollY === 0 && m.top >= 0 &&
			    m.bottom <= m.vh;
			console.log(`# ${name}: first control "${m.label}" ` +
			    `bottom ${m.bottom === undefined ? "-" :
			    Math.round(m.bottom)} of ${m.vh}; hand cards under ` +
			    `the toolbar: ${m.under} of ${m.cards}`);
			check(`${name}: page answers 200`, res?.status() === 200,
			    `HTTP ${res?.status()}`);
			if (st.text)
				check(`${name}: the page says "${st.text}"`,
				    (await pg.locator("main").innerText())
				    .includes(st.text), "not found");
			const faults = await words(pg, slug);
			check(`${name}: names, not seats; faces, not tokens`,
			    faults.length === 0, faults.join("\n"));
			check(`${name}: the "Your move" toolbar's first control ` +
			    `is in view at 360x740`, inView, JSON.stringify(m));
			check(`${name}: no card of the hand lies under the ` +
			    `toolbar as the page opens`, m.under === 0,
			    `${m.under} of ${m.cards} cards under it`);
			await scrollAll(pg, await pg.evaluate(() => Math.max(
			    document.documentElement.scrollHeight,
			    document.body.scrollHeight) / 2));
			const mid = await measure(pg);
			check(`${name}: nor halfway down the page`,
			    mid.under === 0, `${mid.under} of ${mid.cards} ` +
			    `cards under it`);
			await scrollAll(pg, 0);
			const atTop = await covered(pg);
			await scrollAll(pg, 1e7);
			const atEnd = await covered(pg);
			console.log(`# ${name}: cards and words the sticky hand ` +
			    `and toolbar cover: ${atTop.length} as it opens, ` +
			    `${atEnd.length} at the end`);
			check(`${name}: the hand and the toolbar cover no card ` +
			    `and no text as the page opens`, atTop.length === 0,
			    atTop.slice(0, 6).join("\n"));
			check(`${name}: nor scrolled to the end`, atEnd.length === 0,
			    atEnd.slice(0, 6).join("\n"));
			await scrollAll(pg, 0);
			check(`${name}: no horizontal scroll at 360 px`,
			    m.sw <= m.cw, `scrollWidth ${m.sw} > ${m.cw}`);
			await pg.screenshot({ path: join(SHOTS, `${tag}-phone.png`) });
			if (first) {
				firsts.push({ slug, id, who });
				await axe(pg, `${slug} in its turn at 360`);
				await pg.setViewportSize(DESKTOP);
				await pg.screenshot({ path: join(SHOTS,
				    `${tag}-desktop.png`) });
				await axe(pg, `${slug} in its turn at 1280`);
				await pg.goto(`${BASE}/g/${id}/history`);
				await axe(pg, `${slug} history at 1280`);
				await pg.setViewportSize(PHONE);
				await axe(pg, `${slug} history at 360`);
				await pg.goto(`${BASE}/rules/${slug}`);
				await axe(pg, `${slug} rules at 360`);
				await pg.setViewportSize(DESKTOP);
				await axe(pg, `${slug} rules at 1280`);
				first = false;
			}
		}
	}
	if (axeSource) {
		const pg = await pageOf(PEOPLE[0]);
		for (const path of ["/", "/lobby", "/account", "/games",
		    "/rules"]) {
			for (const size of [DESKTOP, PHONE]) {
				await pg.setViewportSize(size);
				await pg.goto(`${BASE}${path}`);
				await axe(pg, `${path} at ${size.width}`);
				await pg.screenshot({ path: join(SHOTS, `page-` +
				    `${path.slice(1) || "home"}-${size === PHONE ?
				    "phone" : "desktop"}.png`), fullPage: true });
			}
		}
	}
}

try {
	await flow();
} catch (e) {
	notOk("the flow ran to its end", e.stack ?? e);
}
check("no console error, page error or failed request",
    problems.length === 0, problems.join("\n"));
await browser?.close();
console.log(`# ${elapsed()}`);
console.log("# done");
process.exit(process.exitCode ?? 0);
