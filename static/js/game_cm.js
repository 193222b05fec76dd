/* game_cm.js: what the cm board adds to static/js/game.js. */
