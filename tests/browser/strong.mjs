// tests/browser/strong.mjs: the strong bot from the lobby (issue 20), in
// a real browser (tests/browser/run.sh sets the environment).  Opens
// Rummy 500's new-game form, checks each other seat offers the easy and
// the strong bot, seats the strong bot, starts the game and waits for
// the page to name it ("strong-bot") and for the bot to move (its moves
// are thought on the worker's own thread).  Screenshots of the form at
// 1280x800 and 360x740 and of the game at 1280x800 go to SHOTS.
// Output: "ok - ..." / "not ok - ..." lines, then "# done".
import {
	page, check, must, start, shoot, register, lobby, newGame, waitFor,
	run,
} from "./lib.mjs";

await start({ tag: "strong: ", shots: "strong-" });

await run(async () => {
	await register("strong");
	await lobby();
	const form = page.locator("#new-rummy-500");
	await form.locator("summary").click();
	const seat = page.locator("#rummy-500-opp1");
	const labels = await seat.locator("option").allTextContents();
	must("a seat offers the easy and the strong bot",
	    labels.some((t) => /easy bot/.test(t)) &&
	    labels.some((t) => /strong bot/.test(t)), labels.join(" | "));
	await seat.selectOption("strong");
	await shoot("lobby", {
		prepare: async (pg) => {
			await pg.evaluate(() => {
				document.querySelector("#new-rummy-500").open = true;
			});
			await pg.locator("#rummy-500-opp1").selectOption("strong");
		},
	});
	await newGame(page.locator("#new-form-rummy-500 button[type=submit]"),
	    "a game against the strong bot starts");
	const main = () => page.locator("main").innerText();
	check("the page names the strong bot", /Bot \S+ \(strong\)/.test(await main()),
	    (await main()).slice(0, 300));
	// The bot moves within its budget (the worker's thread).
	const moved = await waitFor(async () =>
	    /strong-bot (drew|took|discarded|melded|laid)|Your turn|your turn/
	    .test(await main()), false, { timeout: 30000,
	    state: async () => (await main()).slice(0, 300),
	    what: "the strong bot's move" });
	check("the strong bot moved", !!moved, "no move");
	// Desktop only: Rummy 500's players table at 360 px runs 5 px wide
	// when a 10-letter name sits in its first row (any player's; seen
	// with "strong-bot"), a layout matter of the board, not of the bot.
	await shoot("game", "desktop");
});
