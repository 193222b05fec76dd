// tests/browser/sheet.mjs: how a table reads after a while away: the
// log since the player's last move, folded past a screen, and the score
// sheet with its plot, in progress and at the end of a game, on the
// game page and in its history.
//
// The Vodkapolis 500 bots' record (4 seats) is stored with "topper
// import" for players of our own: cut where Ann (seat 0) moves again
// after more than 9 moves by the others and at least two ended hands,
// and whole.  At 360x740 and 1280x800: the moves since Ann's last in
// the log (8 in view, the rest in a closed <details> that opens on a
// click and lists them), a link to the older ones; the score sheet's
// rows (one per ended hand) and totals (the engine's scores, from
// "topper play"), its plot (an <svg> with a line per player), folded
// in progress and open at the end; every rule page's contents list and
// the cards its examples draw; axe-core on each page (0 violations, the
// game pages and the Casino rules at both widths, the other rule pages
// at 360 px); screenshots of each.
//
// Environment (run.sh): BASE_URL, CHROMIUM, SHOTS, TOPPER (the binary)
// and TOPPER_CONF (the instance's configuration).
import { chromium } from "playwright-core";
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync, mkdtempSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { check, notOk, elapsed, DESKTOP, PHONE } from "./lib.mjs";

const BASE = process.env.BASE_URL;
const SHOTS = process.env.SHOTS;
const TOPPER = process.env.TOPPER;
const CONF = process.env.TOPPER_CONF;
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";

if (!BASE || !SHOTS || !TOPPER || !CONF) {
	console.log("not ok - BASE_URL, SHOTS, TOPPER and TOPPER_CONF must be " +
	    "set (run tests/browser/run.sh sheet.mjs)");
	console.log("# done");
	process.exit(1);
}

const PEOPLE = ["Sue", "Tom", "Uma", "Val"];
const PASSWORD = "sheet test password";
const tmp = mkdtempSync(join(tmpdir(), "topper-sheet-"));
const topper = (...args) => execFileSync(TOPPER, [...args, "--config", CONF],
    { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();

// What the engine says of rec: scores, hands (with the ply ending each).
function play(rec, name) {
	const file = join(tmp, `${name}.json`);
	writeFileSync(file, JSON.stringify(rec));
	return { file, ...JSON.parse(execFileSync(TOPPER, ["play", file],
	    { encoding: "utf8" })) };
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

const axeSource = process.env.AXE ? readFileSync(
    createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8") :
    null;
async function axe(pg, name) {
	if (!axeSource)
		return;
	if (!await pg.evaluate("typeof window.axe === \"object\""))
		await pg.evaluate(axeSource);
	const res = await pg.evaluate(async () => await window.axe.run(
	    document, { resultTypes: ["violations"] }));
	const v = res.violations;
	check(`axe: ${name}: 0 violations`, v.length === 0, v.map((x) =>
	    `${x.id} (${x.impact}): ${x.help}: ` + x.nodes.slice(0, 3)
	    .map((n) => n.target.join(" ")).join("; ")).join("\n"));
}

// The score sheet as the page shows it.
async function sheet(pg) {
	return await pg.evaluate(() => {
		const s = document.querySelector("#score-sheet");
		if (!s)
			return null;
		const rows = [...s.querySelectorAll("table.sheet tbody tr")];
		const total = rows.find((r) => r.classList.contains("sheet-total"));
		const svg = s.querySelector("svg.plot");
		return {
			hands: rows.filter((r) => r !== total).length,
			totals: total ? [...total.querySelectorAll("td")].map((td) =>
			    parseInt(td.textContent, 10)) : [],
			lines: svg ? svg.querySelectorAll("polyline").length : 0,
			label: svg?.getAttribute("aria-label"),
			open: s.querySelector("details.sheet-hands")?.open,
			keys: s.querySelectorAll(".sheet-keys li").length,
		};
	});
}

// Both widths: a shot each and axe, the page as it stands.
async function both(pg, name, tag) {
	await pg.setViewportSize(PHONE);
	await pg.screenshot({ path: join(SHOTS, `${tag}-phone.png`),
	    fullPage: true });
	const w = await pg.evaluate(() => [document.documentElement.scrollWidth,
	    document.documentElement.clientWidth]);
	check(`${name}: no horizontal scroll at 360 px`, w[0] <= w[1],
	    `scrollWidth ${w[0]} > ${w[1]}`);
	await axe(pg, `${name} at 360`);
	await pg.setViewportSize(DESKTOP);
	await pg.screenshot({ path: join(SHOTS, `${tag}-desktop.png`),
	    fullPage: true });
	await axe(pg, `${name} at 1280`);
	await pg.setViewportSize(PHONE);
}

async function flow(browser) {
	for (const who of PEOPLE)
		execFileSync(TOPPER, ["user", "add", who, `${who}@example.org`,
		    "--password-stdin", "--config", CONF], { input: PASSWORD,
		    stdio: ["pipe", "ignore", "inherit"] });
	const rec = JSON.parse(readFileSync(
	    "tests/records/vodkapolis-500-bots.json", "utf8"));
	const whole = play(rec, "whole");
	// Where seat 0 moves again after over 9 moves by the others, two
	// hands or more ended.
	const ends = whole.hands.map((h) => h.ply);
	let cut = -1, mine = -1, last0 = -1;
	rec.moves.forEach((m, k) => {
		if (cut >= 0 || m.seat !== 0)
			return;
		if (last0 >= 0 && k - last0 > 9 && ends.length > 1 && k > ends[1]) {
			cut = k;
			mine = last0 + 1;
		}
		last0 = k;
	});
	if (cut < 0) {
		notOk("the record has a long stretch between two moves of seat 0",
		    "none found");
		return;
	}
	const part = play({ ...rec, moves: rec.moves.slice(0, cut) }, "part");
	const since = cut - mine + 1;
	console.log(`# cut at ${cut}: Sue's last move ${mine}, ${since} moves ` +
	    `since, ${part.hands.length} hands ended`);
	const people = PEOPLE.join(",");
	const gid = topper("import", part.file, "--users", people);
	const fid = topper("import", whole.file, "--users", people);

	const ctx = await browser.newContext({ viewport: PHONE,
	    locale: "en-GB", timezoneId: "Europe/Berlin" });
	const pg = watch(await ctx.newPage(), "Sue");
	await pg.goto(`${BASE}/login`);
	await pg.fill("#name", "Sue");
	await pg.fill("#password", PASSWORD);
	await Promise.all([pg.waitForNavigation(),
	    pg.click("form[action='/login'] button[type=submit]")]);

	// 1. The log, in progress.
	let res = await pg.goto(`${BASE}/g/${gid}`);
	check("in progress: page answers 200", res?.status() === 200,
	    `HTTP ${res?.status()}`);
	const log = await pg.evaluate(() => {
		const fold = document.querySelector("#log-fold");
		return {
			head: document.querySelector("#recent-h")?.textContent,
			inView: document.querySelectorAll("#log-recent li").length,
			folded: fold ? fold.querySelectorAll("li").length : -1,
			open: fold?.open,
			visible: fold ? [...fold.querySelectorAll("li")].filter((li) =>
			    li.checkVisibility()).length : -1,
			summary: fold?.querySelector("summary")?.textContent,
			older: document.querySelector("#log-older")
			    ?.getAttribute("href"),
		};
	});
	console.log(`# the log: ${JSON.stringify(log)}`);
	check("the log is headed \"Since your last move\"",
	    log.head === "Since your last move", log.head);
	check("8 moves in view", log.inView === 8, `${log.inView}`);
	check(`the other ${since - 8} since Sue's last move are folded`,
	    log.folded === since - 8 && log.open === false && log.visible === 0,
	    JSON.stringify(log));
	check("the fold says how many", log.summary ===
	    `${since - 8} earlier moves since your last one`, log.summary);
	check("older moves link to the history", log.older ===
	    `/g/${gid}/history?ply=${mine - 1}`, log.older);
	await pg.click("#log-fold summary");
	const shown = await pg.evaluate(() => [...document.querySelectorAll(
	    "#log-fold li")].filter((li) => li.checkVisibility()).length);
	check("a click unfolds them", shown === since - 8, `${shown} shown`);

	// 2. The score sheet in progress: folded, the plot in view.
	let s = await sheet(pg);
	console.log(`# the sheet in progress: ${JSON.stringify(s)}`);
	check("in progress: a row per ended hand", s?.hands ===
	    part.hands.length, JSON.stringify(s));
	check("in progress: the totals are the engine's scores",
	    JSON.stringify(s?.totals) === JSON.stringify(part.scores),
	    `${s?.totals} against ${part.scores}`);
	check("in progress: the plot draws a line per player and names them",
	    s?.lines === 4 && s?.keys === 4 && !!s?.label, JSON.stringify(s));
	check("in progress: the hands are folded", s?.open === false,
	    `${s?.open}`);
	await both(pg, "the table in progress", "sheet-progress");
	await pg.evaluate(() => document.querySelector("#score-sheet")
	    .scrollIntoView());
	await pg.screenshot({ path: join(SHOTS, "sheet-progress-sheet-phone.png") });

	// 3. The end of the game: the sheet open.
	res = await pg.goto(`${BASE}/g/${fid}`);
	check("finished: page answers 200", res?.status() === 200,
	    `HTTP ${res?.status()}`);
	s = await sheet(pg);
	console.log(`# the sheet at the end: ${JSON.stringify(s)}`);
	check("finished: a row per hand", s?.hands === whole.hands.length,
	    JSON.stringify(s));
	check("finished: the totals are the final scores",
	    JSON.stringify(s?.totals) === JSON.stringify(whole.scores),
	    `${s?.totals} against ${whole.scores}`);
	check("finished: the hands are shown", s?.open === true, `${s?.open}`);
	await both(pg, "the finished table", "sheet-over");
	await pg.evaluate(() => document.querySelector("#score-sheet")
	    .scrollIntoView());
	await pg.screenshot({ path: join(SHOTS, "sheet-over-sheet-phone.png") });

	// 4. The history shows it too.
	res = await pg.goto(`${BASE}/g/${fid}/history?ply=10`);
	s = await sheet(pg);
	check("history: the whole sheet", s?.hands === whole.hands.length &&
	    s?.lines === 4, JSON.stringify(s));
	await both(pg, "the history", "sheet-history");

	// 5. Options in words: the lobby's forms offer each value in words,
	// and the game page says the table's options.
	res = await pg.goto(`${BASE}/lobby`);
	const lob = await pg.evaluate(() => ({
		end: [...document.querySelectorAll("select[name=end_mode] option")]
		    .map((o) => o.textContent),
		mayi: [...document.querySelectorAll("select[name=mayi] option")]
		    .map((o) => o.textContent),
		raw: /first_to_500|last_standing/.test(document.querySelector("main")
		    .innerText),
	}));
	check("lobby: options offered in words", lob.end.join("|") ===
	    "When someone reaches 500|When one player is left" &&
	    lob.mayi.join("|") === "No|Yes" && !lob.raw, JSON.stringify(lob));
	await both(pg, "the lobby", "sheet-lobby");
	res = await pg.goto(`${BASE}/g/${fid}`);
	check("the game page says the table's options",
	    (await pg.locator("p.table-options").innerText()) ===
	    "Table options: the usual rules.", "not found");

	// 6. Rule pages: contents, and the examples' cards drawn as faces.
	const slugs = execFileSync(TOPPER, ["games"], { encoding: "utf8" }).trim()
	    .split("\n").map((l) => l.split("\t")[0]);
	for (const slug of slugs) {
		res = await pg.goto(`${BASE}/rules/${slug}`);
		const r = await pg.evaluate(() => {
			const toc = [...document.querySelectorAll("nav.toc a")];
			return {
				links: toc.length,
				targets: toc.filter((a) => document.getElementById(
				    a.getAttribute("href").slice(1))).length,
				cards: document.querySelectorAll(
				    "article.rules .md-cards svg.card").length,
				named: [...document.querySelectorAll(
				    "article.rules .md-cards svg.card title")].every((t) =>
				    t.textContent.length > 3),
				markers: document.querySelector("article.rules")
				    .innerText.includes("[["),
				height: document.documentElement.scrollHeight,
			};
		});
		console.log(`# rules ${slug}: ${JSON.stringify(r)}`);
		check(`rules ${slug}: a contents list whose links lead to sections`,
		    res?.status() === 200 && r.links >= 3 && r.targets === r.links,
		    JSON.stringify(r));
		check(`rules ${slug}: the examples' cards drawn, each named`,
		    r.cards >= 2 && r.named && !r.markers, JSON.stringify(r));
		if (slug === "casino-macedonia")
			await both(pg, `rules ${slug}`, `rules-${slug}`);
		else {
			await axe(pg, `rules ${slug} at 360`);
			if (slug === "gin-vodka")
				await pg.screenshot({ path: join(SHOTS,
				    `rules-${slug}-phone.png`) });
		}
	}
	await ctx.close();
}

const browser = await chromium.launch({ executablePath: CHROMIUM,
    headless: true, chromiumSandbox: false, args: ["--no-sandbox",
    "--disable-gpu", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync"] });
try {
	await flow(browser);
} catch (e) {
	notOk("the flow ran to its end", e.stack ?? e);
}
check("no console error, page error or failed request",
    problems.length === 0, problems.join("\n"));
await browser.close();
console.log(`# ${elapsed()}`);
console.log("# done");
process.exit(process.exitCode ?? 0);
