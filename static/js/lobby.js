/* lobby.js: in each new-game form, show only the seat rows the chosen
 * number of players uses.  Without JavaScript every row shows, and the
 * server ignores the rows past the number of players. */
"use strict";
document.querySelectorAll("form[data-seats-form]").forEach(function (form) {
	var seats = form.querySelector("select[data-seats]");
	var hidden = form.querySelector("input[name=seats]");
	function update() {
		var n = Number(seats ? seats.value : hidden.value);
		form.querySelectorAll(".seat-row").forEach(function (row) {
			row.hidden = Number(row.dataset.row) >= n;
		});
	}
	if (seats)
		seats.addEventListener("change", update);
	update();
});
