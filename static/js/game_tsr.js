/* game_tsr.js: what the tsr board adds to static/js/game.js. */
