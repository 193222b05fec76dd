// tests/browser/invite.mjs: an invitation (issue 17, item 5) as two
// people see it in a browser (tests/browser/run.sh starts the instance
// and sets BASE_URL, CHROMIUM, PROFILE, SHOTS, AXE).
//
// One player registers; another registers and, from the lobby, opens a
// Gin Vodka table naming the first.  The inviter's game page says whom
// it waits for, and so does the lobby.  The invitee, signed in, sees
// the count in the header, the invitation on "My games" and, on the
// game page, Accept and Decline without their cards; Accept starts the
// game.  Screenshots at 1280x800 and 360x740 of each page, axe-core on
// each at both widths; fails on any console error, page error or failed
// request, or a sideways scroll at 360 px.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import {
	BASE, page, context, check, must, start, shoot, register,
	lobby, newGame, run, clickAndLoad, DESKTOP, PHONE,
} from "./lib.mjs";

await start({ tag: "invite: ", shots: "invite-", profile: "invite" });

const axeSource = process.env.AXE ? readFileSync(
    createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8") :
    null;
// axe-core on the desktop page at both widths.
async function axeBoth(name) {
	if (!axeSource)
		return;
	for (const size of [DESKTOP, PHONE]) {
		await page.setViewportSize(size);
		if (!await page.evaluate("typeof window.axe === \"object\""))
			await page.evaluate(axeSource);
		const res = await page.evaluate(async () => await window.axe.run(
		    document, { resultTypes: ["violations"] }));
		const v = res.violations;
		check(`axe: ${name} at ${size.width}: 0 violations`,
		    v.length === 0, v.map((x) => `${x.id} (${x.impact}): ` +
		    `${x.help}: ` + x.nodes.slice(0, 3).map((n) =>
		    n.target.join(" ")).join("; ")).join("\n"));
	}
	await page.setViewportSize(DESKTOP);
}

async function text() {
	return await page.locator("main").innerText();
}

await run(async () => {
	const bo = await register("ib");
	await context.clearCookies();
	const ann = await register("ia");
	await lobby();
	await page.locator("#gin-vodka-opp1").selectOption("invite");
	await page.fill("#gin-vodka-inv1", bo);
	await newGame(page.locator("#new-form-gin-vodka button[type=submit]"),
	    "lobby: a table naming the other player opens its page");
	const game = new URL(page.url()).pathname;
	let t = await text();
	check("the inviter's page: waiting for the invitee to accept",
	    t.includes(`Waiting for ${bo} to accept`), t.slice(0, 400));
	check("  and no move form before the start",
	    await page.locator("form[action$='/move']").count() === 0);
	await shoot("inviter");
	await axeBoth("the inviter's game page");
	await lobby();
	t = await text();
	check("the lobby says whom the table waits for",
	    t.includes(`waiting for ${bo} to accept`), t.slice(0, 400));
	await shoot("lobby");

	// The invitee.
	await context.clearCookies();
	let res = await page.goto(`${BASE}/login`);
	must("GET /login", res?.ok(), `HTTP ${res?.status()}`);
	await page.fill("#name", bo);
	await page.fill("#password", "correct horse battery");
	res = await clickAndLoad(page.locator("main button[type=submit]"));
	must("the invitee logs in", res?.ok() &&
	    await page.locator("form[action='/logout']").count() === 1,
	    page.url());
	const n = await page.locator("#turns").getAttribute("data-n");
	check("the header counts the invitation", n === "1", `data-n ${n}`);
	res = await page.goto(`${BASE}/games`);
	t = await text();
	check("My games lists it with who invites",
	    t.includes(`${ann} invites you`), t.slice(0, 400));
	check("  with Accept and Decline", await page.locator(
	    `form[action='${game}/invite'] button[value=accept]`).count() === 1);
	await shoot("games");
	await axeBoth("My games with an invitation");

	res = await page.goto(`${BASE}${game}`);
	t = await text();
	check("the invitee's game page asks, without cards of theirs",
	    t.includes(`${ann} invites you to this game`) &&
	    !t.includes("Your hand"), t.slice(0, 400));
	await shoot("invitee");
	await axeBoth("the invitee's game page");
	res = await clickAndLoad(page.locator(
	    `form[action='${game}/invite'] button[value=accept]`));
	must("Accept: back at the game", res?.ok() &&
	    new URL(page.url()).pathname === game, page.url());
	t = await text();
	check("  the game has started: no invitation left, the table shown",
	    !t.includes("invites you") && !t.includes("waits for another") &&
	    await page.locator("[data-card]").count() > 0, t.slice(0, 400));
	await shoot("accepted");
});
