// tests/browser/leave.mjs: leaving a game (issue 17) as a person does
// it (tests/browser/run.sh starts the instance and the worker and sets
// BASE_URL, CHROMIUM, PROFILE, SHOTS, AXE).
//
// A Gin Vodka game against the bot from the lobby: the page offers to
// abort (nobody moved) and to resign behind a second step; the
// confirmation opens by keyboard; resigning says who won; the rematch,
// offered from the ended game, starts at once (the bot accepts) on a
// new page.  Screenshots at 1280x800 and 360x740 of the open
// confirmation and of the ended game; axe-core on both: 0 violations.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import {
	BASE, page, check, must, start, shoot, register, lobby, newGame,
	clickAndLoad, run, phone,
} from "./lib.mjs";

await start({ tag: "leave: ", shots: "leave-", profile: "leave" });

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
// Opens the confirmation by keyboard, unless it is open.
const openConfirm = async (pg) => {
	if (await pg.locator("details.resign").evaluate((d) => d.open))
		return;
	await pg.locator("details.resign summary").focus();
	await pg.keyboard.press("Enter");
};

await run(async () => {
	const me = await register("lv");
	await lobby();
	await page.locator("#gin-vodka-opp1").selectOption("bot");
	await newGame(page.locator("#new-form-gin-vodka button[type=submit]"),
	    "lobby: a game against the bot opens its page");
	const first = new URL(page.url()).pathname;
	check("a fresh game offers abort",
	    await page.locator("#abort").count() === 1);
	check("resigning hides behind a summary",
	    !await page.locator("#resign").isVisible());
	await openConfirm(page);
	check("Enter on the summary opens the confirmation",
	    await page.locator("#resign").isVisible());
	await shoot("confirm", openConfirm);
	await axe(page, "the game page, confirmation open (1280)");
	await phone.goto(page.url());
	await openConfirm(phone);
	await axe(phone, "the game page, confirmation open (360)");
	await phone.goto("about:blank");
	await page.bringToFront();
	// The page reloads itself when the bot moves: open it again.
	await openConfirm(page);
	const res = await clickAndLoad(page.locator("#resign"));
	must("Yes, resign: back on the game", res?.ok() &&
	    new URL(page.url()).pathname === first, `at ${page.url()}`);
	const ended = await page.locator("p.ended").innerText();
	check(`the page says who won (${ended})`,
	    /^You resigned after (1 move|\d+ moves), so Bot .* won\.$/.test(ended));
	check("no resign or abort once over",
	    await page.locator("#resign, #abort").count() === 0);
	await shoot("ended");
	await axe(page, "the ended game (1280)");
	await phone.goto(page.url());
	await axe(phone, "the ended game (360)");
	await phone.goto("about:blank");
	await page.bringToFront();
	const r2 = await clickAndLoad(page.locator("#rematch"));
	const second = new URL(page.url()).pathname;
	check(`the bot accepts at once: a new game (${second})`,
	    r2?.ok() && /^\/g\/\d+$/.test(second) && second !== first);
	const seat = await page.evaluate(async (path) => (await (await fetch(
	    "/api" + path.replace(/^\/g\//, "/games/"))).json()).seat, second);
	check(`  with ${me} at the table (seat ${seat})`, seat !== null &&
	    seat !== undefined);
});
