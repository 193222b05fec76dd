/* game_vp.js: what the vp board adds to static/js/game.js. */
