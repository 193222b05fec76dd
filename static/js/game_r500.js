/* game_r500.js: what the r500 board adds to static/js/game.js. */
